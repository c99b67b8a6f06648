// pyhash: CPython 3.13's hash functions for the non-numeric builtin types
// (numbers are in pyint.hpp), so that hash() prints CPython's values and the
// set table (value.hpp, HashTable) lays keys out in CPython's slots.
// Owns: str's hash (SipHash-1-3 over the string's PEP 393 code units, with
// the all-zero key that PYTHONHASHSEED=0 selects -- the reference's setting),
// the tuple hash (xxHash-style combination, Objects/tupleobject.c), the
// frozenset hash (Objects/setobject.c), None's.
// Invariant: every function returns a Python hash, never -1.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace sl::lang {

constexpr int64_t kNoneHash = 0xFCA86420;  // CPython 3.12+: a constant

// hash(s) for UTF-8 text s.
int64_t str_hash(const std::string& s);
// hash(t) from the hashes of t's items.
int64_t tuple_hash(const std::vector<int64_t>& item_hashes);
// hash(frozenset) from the hashes of its items (any order: the combination commutes).
int64_t frozenset_hash(const std::vector<int64_t>& item_hashes);

}  // namespace sl::lang

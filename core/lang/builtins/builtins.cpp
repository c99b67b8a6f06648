// builtins: install_builtins and the helpers the builtins files share (see
// builtins.hpp for the layout of this room).
#include "core/lang/objects/bytes.hpp"
#include "core/lang/builtins/builtins.hpp"

#include <algorithm>

namespace sl::lang {

const std::string& as_str(Interp& in, const Value& v, const char* what) {
  auto* s = v.as<StrObj>();
  if (!s) in.raise_exc("TypeError", std::string(what) + " must be str, not " + in.type_of(v)->name);
  return s->s;
}

Value new_set(Interp& in, const std::vector<Value>& items) {
  auto s = std::make_shared<SetObj>();
  for (auto& x : items) table_set(in, s->t, x, Value());
  return Value(std::static_pointer_cast<Obj>(s));
}

std::vector<Value> table_keys(const HashTable& t) {
  std::vector<Value> out;
  for (size_t i = 0; i < t.entries.size(); ++i)
    if (t.alive[i]) out.push_back(t.entries[i].first);
  return out;
}

// Note [Sorting Python values]
// The problem: order v stably by keys k_i = key(v_i) under the user's `<`,
// which may be no strict weak order at all (a __lt__ that answers at random),
// may raise, and may mutate the very list being sorted (CPython's
// list_sort_impl, Objects/listobject.c, empties the list for the duration and
// raises "list modified during sort" afterwards). Whatever `<` answers, the
// sort must stay inside its vectors and end with a permutation of v: the
// standard library's sorts promise neither (an inconsistent comparator is
// undefined behaviour there; libstdc++'s unguarded insertion step reads past
// the range). So this is a bottom-up merge sort over positions 0..n-1: each
// pass merges runs of width w from `idx` into `next` (taking the right run's
// head only when it is strictly less, which keeps equal keys in order), then
// the two swap; every index read is bounded by the run ends, and `idx` is a
// whole permutation between passes, so an exception thrown by `<` leaves v as
// it was. n log2 n comparisons at most. reverse=True compares the other way
// round, which is stable in the original order as CPython's reverse-sort-
// reverse is. The keys are computed once each, in order, before any
// comparison (CPython computes them the same way).
//
// Note [Sort key pre-check]
// Most sorts order keys of one builtin type: all floats, all ints, all strs,
// or tuples whose first items are. For those `<` runs no Python code and its
// answer is a plain comparison of doubles, of int64s, of UTF-8 bytes (byte
// order is code point order): so, as CPython's list_sort_impl pre-checks the
// keys' types once and then compares with unsafe_float_compare /
// unsafe_long_compare / unsafe_latin_compare (unsafe_tuple_compare for
// tuples), the sort looks at every key first and, when they agree, compares
// without the protocol's dispatch. A tuple's first items decide where they
// differ; where they are the same object or equal, the tuples are compared in
// full as before. The answers, and so the order, are the protocol's.
namespace {
enum class KeyKind { Mixed, Float, Int, Str };
KeyKind kind_of(const Value& x) {
  if (x.is_float()) return KeyKind::Float;
  if (x.is_int()) return KeyKind::Int;
  if (x.as<StrObj>()) return KeyKind::Str;
  return KeyKind::Mixed;
}
// The kind every key (each tuple key's first item, when `tuples`) has, else Mixed.
KeyKind common_kind(const std::vector<Value>& k, bool& tuples) {
  if (k.empty()) return KeyKind::Mixed;
  auto* t0 = k[0].as<TupleObj>();
  tuples = t0 && t0->type == nullptr;
  auto item = [&](const Value& x) -> const Value* {
    if (!tuples) return &x;
    auto* t = x.as<TupleObj>();
    return t && t->type == nullptr && !t->items.empty() ? &t->items[0] : nullptr;
  };
  const Value* first = item(k[0]);
  if (!first) return KeyKind::Mixed;
  const KeyKind kind = kind_of(*first);
  for (auto& x : k) {
    const Value* i = item(x);
    if (!i || kind_of(*i) != kind) return KeyKind::Mixed;
  }
  return kind;
}
// x < y for two values of kind `kind` (unsafe_float_compare and its siblings).
bool fast_less(KeyKind kind, const Value& x, const Value& y) {
  switch (kind) {
    case KeyKind::Float: return x.as_float() < y.as_float();
    case KeyKind::Int: return x.as_int() < y.as_int();
    default: return static_cast<StrObj*>(x.obj())->s < static_cast<StrObj*>(y.obj())->s;
  }
}
bool fast_equal(KeyKind kind, const Value& x, const Value& y) {
  switch (kind) {
    case KeyKind::Float: return x.as_float() == y.as_float();
    case KeyKind::Int: return x.as_int() == y.as_int();
    default: return static_cast<StrObj*>(x.obj())->s == static_cast<StrObj*>(y.obj())->s;
  }
}
}  // namespace

void sort_values(Interp& in, std::vector<Value>& v, const Value& key, bool reverse) {
  const size_t n = v.size();
  std::vector<Value> keys;
  if (!key.is_none()) {
    keys.reserve(n);
    for (size_t i = 0; i < n; ++i) keys.push_back(in.call(key, std::vector<Value>{v[i]}));
  }
  const std::vector<Value>& k = key.is_none() ? v : keys;
  bool tuples = false;
  const KeyKind kind = common_kind(k, tuples);  // Note [Sort key pre-check]
  auto key_less = [&](const Value& x, const Value& y) {
    if (kind != KeyKind::Mixed) {
      if (!tuples) return fast_less(kind, x, y);
      const Value& a = static_cast<TupleObj*>(x.obj())->items[0];
      const Value& b = static_cast<TupleObj*>(y.obj())->items[0];
      if (!a.is_same(b) && !fast_equal(kind, a, b)) return fast_less(kind, a, b);
    }
    return in.truthy(in.compare(CmpOp::Lt, x, y));
  };
  auto less = [&](size_t a, size_t b) {  // k[a] < k[b] in the sort's direction
    return reverse ? key_less(k[b], k[a]) : key_less(k[a], k[b]);
  };
  std::vector<size_t> idx(n), next(n);
  for (size_t i = 0; i < n; ++i) idx[i] = i;
  for (size_t w = 1; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      const size_t mid = std::min(lo + w, n), hi = std::min(lo + 2 * w, n);
      size_t i = lo, j = mid, o = lo;
      while (i < mid && j < hi) next[o++] = less(idx[j], idx[i]) ? idx[j++] : idx[i++];
      while (i < mid) next[o++] = idx[i++];
      while (j < hi) next[o++] = idx[j++];
    }
    idx.swap(next);
  }
  std::vector<Value> out;
  out.reserve(n);
  for (size_t i : idx) out.push_back(std::move(v[i]));
  v = std::move(out);
}

void sort_list(Interp& in, ListObj& list, const Value& key, bool reverse) {
  // Note [Sorting Python values]: the list is empty while keys and comparisons
  // run; what they put in it is dropped at the end.
  std::vector<Value> items = std::move(list.items);
  list.items.clear();
  auto put_back = [&] {
    std::vector<Value> added = std::move(list.items);
    list.items = std::move(items);
    return !added.empty();
  };
  try {
    sort_values(in, items, key, reverse);
  } catch (...) {
    put_back();
    throw;
  }
  if (put_back()) in.raise_exc("ValueError", "list modified during sort");
}

void install_builtins(Interp& in) {
  install_builtin_types(in);
  install_class_builtins(in);
  install_builtin_functions(in);
  install_str_methods(in);
  install_container_methods(in);
  install_bytes_types(in);
  install_slot_wrappers(in);
}

}  // namespace sl::lang

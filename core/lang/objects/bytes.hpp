// bytes: the byte-sequence objects (CPython's Objects/bytesobject.c,
// bytearrayobject.c and memoryobject.c): bytes, bytearray and memoryview, and
// their part of the object protocol (repr, equality, hashing, subscripts,
// operators, iteration), which abstract.cpp hands to the functions below.
//
// Owns: BytesObj (bytes, and bytearray when `mut`), MemoryViewObj, the
// buffer view every byte method reads its operands through (bytes_like).
// Invariant (Note [Buffer exports]): a memoryview holds a strong reference to
// the object it views and counts itself in that object's `exports` until it is
// released or freed; a bytearray with exports never changes its size, so the
// bytes a view addresses stay where they are for as long as the view lives.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/lang/objects/ops.hpp"
#include "core/lang/objects/value.hpp"

namespace sl::lang {

// Note [Buffer exports]
// CPython's buffer protocol lets a memoryview (or np.frombuffer) address the
// bytes of a bytearray directly; the bytearray counts its exports
// (ob_exports) and refuses every operation that would move or resize its
// storage while any exist ("BufferError: Existing exports of data: object
// cannot be re-sized"). The same rule here: BytesObj::exports is the number of
// live exports; every size-changing bytearray operation calls
// bytearray_check_resize first. Item assignment of the same length is allowed
// (it writes in place). The count is decremented by release() or by the
// view's destructor, whichever comes first, exactly once.
struct BytesObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Bytes;
  std::string s;         // the bytes
  bool mut;              // a bytearray
  int64_t exports = 0;   // live buffer exports (Note [Buffer exports])
  BytesObj(std::string v, bool m) : Obj(kKind), s(std::move(v)), mut(m) {}
};

// A memoryview: a window of `shape`/`strides` over the bytes of `obj`
// starting at byte `offset`, read through `format` (one struct-module code).
struct MemoryViewObj : Obj {
  static constexpr ObjKind kKind = ObjKind::MemoryView;
  Value obj;                      // the exporter (a BytesObj, or an array)
  int64_t offset = 0;             // of the first item, in bytes, from the exporter's start
  std::string format = "B";
  int64_t itemsize = 1;
  std::vector<int64_t> shape, strides;
  bool readonly = true;
  bool released = false;
  int64_t exports = 0;            // views of this view that pin it (np.frombuffer(m))
  MemoryViewObj() : Obj(kKind) {}
  ~MemoryViewObj() override;
  void release_export();          // once: the exporter's count goes down
};

inline Value make_bytes(std::string s) { return Value(std::static_pointer_cast<Obj>(std::make_shared<BytesObj>(std::move(s), false))); }
inline Value make_bytearray(std::string s) { return Value(std::static_pointer_cast<Obj>(std::make_shared<BytesObj>(std::move(s), true))); }
inline bool is_bytes(const Value& v) { auto* b = v.as<BytesObj>(); return b && !b->mut; }

// The bytes a bytes-like object exposes (bytes, bytearray, a C-contiguous
// memoryview or array): false when v has no buffer. The view is valid until
// the exporter changes size (which exports forbid) or is freed.
bool bytes_like(const Value& v, std::string_view& out);
// The same, or TypeError "a bytes-like object is required, not 'T'".
std::string_view need_bytes_like(Interp& in, const Value& v);
// bytes(x)'s view of a bytearray may be resized: raises BufferError when it has exports.
void bytearray_check_resize(Interp& in, const BytesObj& b);
// A memoryview's first byte (nullptr once released: raises ValueError first).
uint8_t* memoryview_data(Interp& in, MemoryViewObj& m);

// b'...' as CPython prints it: the quote that needs no escaping, \t \n \r \\,
// \xhh for bytes outside printable ASCII.
// (A bytearray's repr escapes every ' even inside "...", as CPython's does: `mutable_quirk`.)
std::string bytes_repr(std::string_view s, bool mutable_quirk = false);

// ---- the object protocol's byte cases (abstract.cpp calls these for ObjKind::Bytes / MemoryView)
std::string buffer_repr(Interp& in, const Value& v);
bool buffer_eq(Interp& in, const Value& a, const Value& b, bool& out);  // false: not two byte objects
uint64_t buffer_hash(Interp& in, const Value& v);
Value buffer_getitem(Interp& in, const Value& v, const Value& key);
void buffer_setitem(Interp& in, const Value& v, const Value& key, const Value& x);
void buffer_delitem(Interp& in, const Value& v, const Value& key);
bool buffer_binop(Interp& in, BinOp op, const Value& a, const Value& b, Value& out);
bool buffer_inplace(Interp& in, BinOp op, const Value& a, const Value& b, Value& out);
bool buffer_compare(Interp& in, CmpOp op, const Value& a, const Value& b, Value& out);
bool buffer_contains(Interp& in, const Value& container, const Value& x);
Value buffer_iter(Interp& in, const Value& v);
int64_t buffer_len(Interp& in, const Value& v);
bool buffer_getattr(Interp& in, const Value& v, const std::string& name, Value& out);  // memoryview's attributes

// ---- the codecs' exceptions and constructors (builtins/codecs.cpp, builtins/bytes_methods.cpp)
// A UnicodeEncodeError's / UnicodeDecodeError's five fields as attributes, and its str().
bool unicode_error_attr(Interp& in, const Value& exc, const std::string& name, Value& out);
bool unicode_error_str(Interp& in, const Value& exc, std::string& out);
// Raises the UnicodeEncodeError of encoding s to UTF-8 strictly when s holds a lone surrogate (print).
void require_utf8_text(Interp& in, const std::string& s);
// str(x, encoding, errors).
Value str_from_encoded(Interp& in, const Value& x, const Value& encoding, const Value& errors);
// The bytes, bytearray and memoryview types, their methods and str.encode.
void install_bytes_types(Interp& in);

}  // namespace sl::lang

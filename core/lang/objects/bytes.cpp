// bytes: the object protocol's byte cases (see bytes.hpp): bytes and
// bytearray as sequences of ints 0..255 (Objects/bytesobject.c,
// bytearrayobject.c), memoryview as a typed, strided window over an
// exporter's bytes (Objects/memoryobject.c).
#include "core/lang/objects/bytes.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/lang/eval/interp.hpp"
#include "core/lang/objects/pyhash.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

void py_slice_indices(Interp& in, const SliceObj& s, const std::function<int64_t()>& length, int64_t& start,
                      int64_t& stop, int64_t& step, int64_t& count);

MemoryViewObj::~MemoryViewObj() { release_export(); }

void MemoryViewObj::release_export() {
  if (released) return;
  released = true;
  if (auto* b = obj.as<BytesObj>()) --b->exports;
  else if (auto* m = obj.as<MemoryViewObj>()) --m->exports;
}

namespace {

[[noreturn]] void released_error(Interp& in) {
  in.raise_exc("ValueError", "operation forbidden on released memoryview object");
}

bool c_contiguous(const MemoryViewObj& m) {
  int64_t want = m.itemsize;
  for (size_t k = m.shape.size(); k-- > 0;) {
    if (m.shape[k] > 1 && m.strides[k] != want) return false;
    want *= m.shape[k];
  }
  return true;
}

int64_t mv_items(const MemoryViewObj& m) {
  int64_t n = 1;
  for (int64_t s : m.shape) n *= s;
  return n;
}

// The bytes of m in C order (a copy when m is not contiguous).
std::string mv_tobytes(Interp& in, MemoryViewObj& m) {
  const uint8_t* base = memoryview_data(in, m);
  const int64_t n = mv_items(m);
  if (c_contiguous(m)) return std::string(reinterpret_cast<const char*>(base), size_t(n * m.itemsize));
  std::string out;
  out.reserve(size_t(n * m.itemsize));
  std::vector<int64_t> idx(m.shape.size(), 0);
  for (int64_t k = 0; k < n; ++k) {
    int64_t off = 0;
    for (size_t d = 0; d < idx.size(); ++d) off += idx[d] * m.strides[d];
    out.append(reinterpret_cast<const char*>(base + off), size_t(m.itemsize));
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < m.shape[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}

}  // namespace

uint8_t* memoryview_data(Interp& in, MemoryViewObj& m) {
  if (m.released) released_error(in);
  if (auto* b = m.obj.as<BytesObj>()) return reinterpret_cast<uint8_t*>(b->s.data()) + m.offset;
  if (m.obj.is_array()) return reinterpret_cast<uint8_t*>(m.obj.arr().data()) + m.offset;
  if (auto* p = m.obj.as<MemoryViewObj>()) return memoryview_data(in, *p) + m.offset;
  released_error(in);
}

bool bytes_like(const Value& v, std::string_view& out) {
  if (auto* b = v.as<BytesObj>()) {
    out = b->s;
    return true;
  }
  if (auto* m = v.as<MemoryViewObj>()) {
    if (m->released || !c_contiguous(*m)) return false;
    const char* base = nullptr;
    if (auto* b = m->obj.as<BytesObj>()) base = b->s.data() + m->offset;
    else if (m->obj.is_array()) base = m->obj.arr().data() + m->offset;
    else return false;
    out = std::string_view(base, size_t(mv_items(*m) * m->itemsize));
    return true;
  }
  if (v.is_array() && v.arr().flavor == Flavor::NumPy && v.arr().c_contiguous()) {
    out = std::string_view(v.arr().data(), size_t(v.arr().nbytes()));
    return true;
  }
  return false;
}

std::string_view need_bytes_like(Interp& in, const Value& v) {
  std::string_view s;
  if (bytes_like(v, s)) return s;
  if (auto* m = v.as<MemoryViewObj>()) {
    if (m->released) released_error(in);
    in.raise_exc("BufferError", "memoryview: underlying buffer is not C-contiguous");
  }
  in.raise_exc("TypeError", "a bytes-like object is required, not '" + in.type_name(v) + "'");
}

void bytearray_check_resize(Interp& in, const BytesObj& b) {
  if (b.exports > 0) in.raise_exc("BufferError", "Existing exports of data: object cannot be re-sized");
}

std::string bytes_repr(std::string_view s, bool mutable_quirk) {
  const bool sq = s.find('\'') != std::string_view::npos, dq = s.find('"') != std::string_view::npos;
  const char q = sq && !dq ? '"' : '\'';
  std::string out = "b";
  out += q;
  for (unsigned char c : s) {
    if (c == q || c == '\\' || (mutable_quirk && c == '\'')) {
      out += '\\';
      out += char(c);
    } else if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else out += char(c);
  }
  out += q;
  return out;
}

std::string buffer_repr(Interp& in, const Value& v) {
  (void)in;
  if (auto* b = v.as<BytesObj>()) return b->mut ? "bytearray(" + bytes_repr(b->s, true) + ")" : bytes_repr(b->s);
  auto* m = v.as<MemoryViewObj>();
  return std::string(m->released ? "<released memory at " : "<memory at ") + hex_id(m) + ">";
}

// ---------------------------------------------------------------- memoryview items

namespace {

int64_t format_size(const std::string& f) {
  std::string c = f;
  if (!c.empty() && c[0] == '@') c = c.substr(1);
  if (c.size() != 1) return 0;
  switch (c[0]) {
    case 'b': case 'B': case 'c': case '?': return 1;
    case 'h': case 'H': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P': return 8;
    default: return 0;
  }
}

char fmt_code(const std::string& f) { return f.empty() ? 'B' : f.back(); }

template <class T>
T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

Value unpack_item(Interp& in, const std::string& fmt, const uint8_t* p) {
  switch (fmt_code(fmt)) {
    case 'b': return Value::integer(load<int8_t>(p));
    case 'B': return Value::integer(*p);
    case 'c': return make_bytes(std::string(1, char(*p)));
    case '?': return Value::boolean(*p != 0);
    case 'h': return Value::integer(load<int16_t>(p));
    case 'H': return Value::integer(load<uint16_t>(p));
    case 'i': return Value::integer(load<int32_t>(p));
    case 'I': return Value::integer(load<uint32_t>(p));
    case 'l': case 'q': case 'n': return Value::integer(load<int64_t>(p));
    case 'L': case 'Q': case 'N': case 'P': return make_int(BigInt::from_u64(load<uint64_t>(p)));
    case 'f': return Value::floating(double(load<float>(p)));
    case 'd': return Value::floating(load<double>(p));
    default: in.raise_exc("NotImplementedError", "memoryview: format " + fmt + " not supported");
  }
}

template <class T>
void store(uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof v);
}

void pack_item(Interp& in, const std::string& fmt, const Value& x, uint8_t* p) {
  const char c = fmt_code(fmt);
  auto bad = [&](const char* what) -> void {
    in.raise_exc(what[0] == 't' ? "TypeError" : "ValueError", std::string("memoryview: invalid ") + what + " for format '" + fmt + "'");
  };
  if (c == 'c') {
    std::string_view s;
    if (!is_bytes(x)) bad("type");
    bytes_like(x, s);
    if (s.size() != 1) bad("value");
    *p = uint8_t(s[0]);
    return;
  }
  if (c == '?') {
    *p = in.truthy(x) ? 1 : 0;
    return;
  }
  if (c == 'f' || c == 'd') {
    if (!is_pyint(x) && !x.is_float()) bad("type");
    const double d = in.float_value(x);
    if (c == 'f') store(p, float(d));
    else store(p, d);
    return;
  }
  if (!is_pyint(x)) bad("type");
  if (c == 'L' || c == 'Q' || c == 'N' || c == 'P') {
    BigInt b = to_bigint(x);
    if (b.neg || b.bit_length() > 64) bad("value");
    // the value fits in 64 bits: read it from its decimal digits
    const uint64_t u = std::strtoull(int_to_decimal(in, x).c_str(), nullptr, 10);
    store(p, u);
    return;
  }
  if (!x.is_int() && !x.is_bool()) bad("value");
  const int64_t v = x.as_int();
  auto in_range = [&](int64_t lo, int64_t hi) {
    if (v < lo || v > hi) bad("value");
  };
  switch (c) {
    case 'b': in_range(-128, 127); store(p, int8_t(v)); return;
    case 'B': in_range(0, 255); store(p, uint8_t(v)); return;
    case 'h': in_range(-32768, 32767); store(p, int16_t(v)); return;
    case 'H': in_range(0, 65535); store(p, uint16_t(v)); return;
    case 'i': in_range(INT32_MIN, INT32_MAX); store(p, int32_t(v)); return;
    case 'I': in_range(0, UINT32_MAX); store(p, uint32_t(v)); return;
    default: store(p, v); return;
  }
}

Value mv_tolist_at(Interp& in, MemoryViewObj& m, const uint8_t* p, size_t dim) {
  if (dim == m.shape.size()) return unpack_item(in, m.format, p);
  std::vector<Value> out;
  for (int64_t k = 0; k < m.shape[dim]; ++k) out.push_back(mv_tolist_at(in, m, p + k * m.strides[dim], dim + 1));
  return make_list(std::move(out));
}

std::shared_ptr<MemoryViewObj> derived_view(const MemoryViewObj& m) {
  auto r = std::make_shared<MemoryViewObj>();
  r->obj = m.obj;
  r->offset = m.offset;
  r->format = m.format;
  r->itemsize = m.itemsize;
  r->shape = m.shape;
  r->strides = m.strides;
  r->readonly = m.readonly;
  if (auto* b = m.obj.as<BytesObj>()) ++b->exports;
  else if (auto* p = m.obj.as<MemoryViewObj>()) ++p->exports;
  return r;
}

int64_t byte_value(Interp& in, const Value& x) {
  if (!in.is_int_like(x)) in.raise_exc("TypeError", "'" + in.type_name(x) + "' object cannot be interpreted as an integer");
  if (is_bigint(x)) in.raise_exc("ValueError", "byte must be in range(0, 256)");
  const int64_t v = in.index_value(x);
  if (v < 0 || v > 255) in.raise_exc("ValueError", "byte must be in range(0, 256)");
  return v;
}

// A view's item pointer for a full index tuple.
uint8_t* mv_item_ptr(Interp& in, MemoryViewObj& m, const std::vector<Value>& keys) {
  uint8_t* p = memoryview_data(in, m);
  for (size_t d = 0; d < keys.size(); ++d) {
    if (!in.is_int_like(keys[d])) in.raise_exc("TypeError", "memoryview: invalid slice key");
    int64_t i = in.index_value(keys[d]);
    if (i < 0) i += m.shape[d];
    if (i < 0 || i >= m.shape[d]) in.raise_exc("IndexError", "index out of bounds on dimension " + std::to_string(d + 1));
    p += i * m.strides[d];
  }
  return p;
}

Value mv_getitem(Interp& in, const Value& v, const Value& key) {
  auto* m = v.as<MemoryViewObj>();
  memoryview_data(in, *m);
  const size_t ndim = m->shape.size();
  if (key.as<EllipsisObj>()) return v;
  if (ndim == 0) {
    if (auto* t = key.as<TupleObj>(); t && t->items.empty()) return unpack_item(in, m->format, memoryview_data(in, *m));
    in.raise_exc("TypeError", "invalid indexing of 0-dim memory");
  }
  if (auto* sl = key.as<SliceObj>()) {
    int64_t st, sp, step, cnt;
    py_slice_indices(in, *sl, [&] { return int64_t(m->shape[0]); }, st, sp, step, cnt);
    auto r = derived_view(*m);
    r->offset += st * m->strides[0];
    r->shape[0] = cnt;
    r->strides[0] = m->strides[0] * step;
    return Value(std::static_pointer_cast<Obj>(r));
  }
  if (auto* t = key.as<TupleObj>()) {
    for (auto& k : t->items)
      if (k.as<SliceObj>()) in.raise_exc("NotImplementedError", "multi-dimensional slicing is not implemented");
    if (t->items.size() < ndim) in.raise_exc("NotImplementedError", "sub-views are not implemented");
    if (t->items.size() > ndim)
      in.raise_exc("TypeError", "cannot index " + std::to_string(ndim) + "-dimension view with " + std::to_string(t->items.size()) + "-element tuple");
    return unpack_item(in, m->format, mv_item_ptr(in, *m, t->items));
  }
  if (!in.is_int_like(key)) in.raise_exc("TypeError", "memoryview: invalid slice key");
  if (ndim > 1) in.raise_exc("NotImplementedError", "multi-dimensional sub-views are not implemented");
  return unpack_item(in, m->format, mv_item_ptr(in, *m, {key}));
}

void mv_setitem(Interp& in, const Value& v, const Value& key, const Value& x) {
  auto* m = v.as<MemoryViewObj>();
  memoryview_data(in, *m);
  if (m->readonly) in.raise_exc("TypeError", "cannot modify read-only memory");
  const size_t ndim = m->shape.size();
  if (ndim == 0) {
    if (auto* t = key.as<TupleObj>(); (t && t->items.empty()) || key.as<EllipsisObj>()) {
      pack_item(in, m->format, x, memoryview_data(in, *m));
      return;
    }
    in.raise_exc("TypeError", "invalid indexing of 0-dim memory");
  }
  if (auto* sl = key.as<SliceObj>()) {
    if (ndim != 1) in.raise_exc("NotImplementedError", "memoryview slice assignments are currently restricted to ndim = 1");
    int64_t st, sp, step, cnt;
    py_slice_indices(in, *sl, [&] { return int64_t(m->shape[0]); }, st, sp, step, cnt);
    // the source: any buffer of the same format and length
    std::string src;
    std::string src_fmt = "B";
    if (auto* sm = x.as<MemoryViewObj>()) {
      src = mv_tobytes(in, *sm);
      src_fmt = sm->format;
      if (mv_items(*sm) != cnt || sm->shape.size() != 1)
        in.raise_exc("ValueError", "memoryview assignment: lvalue and rvalue have different structures");
    } else {
      std::string_view s;
      if (!bytes_like(x, s)) in.raise_exc("TypeError", "a bytes-like object is required, not '" + in.type_name(x) + "'");
      src.assign(s);
      if (x.is_array()) src_fmt = "?";  // arrays carry their own formats: compare sizes only
      if (int64_t(src.size()) != cnt * m->itemsize)
        in.raise_exc("ValueError", "memoryview assignment: lvalue and rvalue have different structures");
    }
    if (fmt_code(src_fmt) != fmt_code(m->format) && src_fmt != "?" &&
        !((fmt_code(src_fmt) == 'B' || fmt_code(src_fmt) == 'c' || fmt_code(src_fmt) == 'b') && m->itemsize == 1 && format_size(src_fmt) == 1 &&
          fmt_code(src_fmt) == fmt_code(m->format)))
      in.raise_exc("ValueError", "memoryview assignment: lvalue and rvalue have different structures");
    uint8_t* p = memoryview_data(in, *m);
    for (int64_t k = 0; k < cnt; ++k)
      std::memcpy(p + (st + k * step) * m->strides[0], src.data() + k * m->itemsize, size_t(m->itemsize));
    return;
  }
  std::vector<Value> keys;
  if (auto* t = key.as<TupleObj>()) {
    if (t->items.size() != ndim) in.raise_exc("NotImplementedError", "sub-views are not implemented");
    keys = t->items;
  } else {
    if (!in.is_int_like(key)) in.raise_exc("TypeError", "memoryview: invalid slice key");
    if (ndim > 1) in.raise_exc("NotImplementedError", "sub-views are not implemented");
    keys = {key};
  }
  pack_item(in, m->format, x, mv_item_ptr(in, *m, keys));
}

}  // namespace

// ---------------------------------------------------------------- equality, hashing, order

bool buffer_eq(Interp& in, const Value& a, const Value& b, bool& out) {
  const bool am = a.as<MemoryViewObj>() != nullptr, bm = b.as<MemoryViewObj>() != nullptr;
  if (!(a.as<BytesObj>() || am) || !(b.as<BytesObj>() || bm || (am && b.is_array()))) {
    if (!(bm && a.is_array())) return false;
  }
  if (!am && !bm) {
    out = a.as<BytesObj>()->s == b.as<BytesObj>()->s;
    return true;
  }
  // a memoryview compares its items: equal shapes and equal values, item by item
  auto items = [&](const Value& v, std::vector<int64_t>& shape) -> Value {
    if (auto* m = v.as<MemoryViewObj>()) {
      if (m->released) return Value();
      shape = m->shape;
      return mv_tolist_at(in, *m, memoryview_data(in, *m), 0);
    }
    std::string_view s;
    bytes_like(v, s);
    shape = {int64_t(s.size())};
    std::vector<Value> out;
    for (unsigned char c : s) out.push_back(Value::integer(c));
    return make_list(std::move(out));
  };
  if (a.is_same(b)) {
    out = true;
    return true;
  }
  std::vector<int64_t> sa, sb;
  Value la = items(a, sa), lb = items(b, sb);
  if (la.is_none() || lb.is_none()) {
    out = false;
    return true;
  }
  out = sa == sb && in.eq(la, lb);
  return true;
}

uint64_t buffer_hash(Interp& in, const Value& v) {
  std::string data;
  if (auto* b = v.as<BytesObj>()) {
    if (b->mut) in.raise_exc("TypeError", "unhashable type: 'bytearray'");
    data = b->s;
  } else {
    auto* m = v.as<MemoryViewObj>();
    if (m->released) in.raise_exc("ValueError", "cannot hash released memoryview object");
    if (!m->readonly) in.raise_exc("ValueError", "cannot hash writable memoryview object");
    const char c = fmt_code(m->format);
    if (c != 'B' && c != 'b' && c != 'c') in.raise_exc("ValueError", "memoryview: hashing is restricted to formats 'B', 'b' or 'c'");
    data = mv_tobytes(in, *m);
  }
  // bytes hash like the str of the same code units: SipHash over the bytes
  std::string as_text;
  for (unsigned char c : data) append_utf8(as_text, c);
  return uint64_t(str_hash(as_text));
}

bool buffer_compare(Interp& in, CmpOp op, const Value& a, const Value& b, Value& out) {
  (void)in;
  if (op == CmpOp::Eq || op == CmpOp::Ne) return false;
  auto* x = a.as<BytesObj>();
  auto* y = b.as<BytesObj>();
  if (!x || !y) return false;
  const int c = x->s.compare(y->s);
  bool r = op == CmpOp::Lt ? c < 0 : op == CmpOp::Le ? c <= 0 : op == CmpOp::Gt ? c > 0 : c >= 0;
  out = Value::boolean(r);
  return true;
}

// ---------------------------------------------------------------- subscripts

Value buffer_getitem(Interp& in, const Value& v, const Value& key) {
  if (v.as<MemoryViewObj>()) return mv_getitem(in, v, key);
  auto* b = v.as<BytesObj>();
  const std::string& s = b->s;
  if (auto* sl = key.as<SliceObj>()) {
    int64_t st, sp, step, cnt;
    py_slice_indices(in, *sl, [&] { return int64_t(s.size()); }, st, sp, step, cnt);
    std::string out;
    if (step == 1) out = s.substr(size_t(st), size_t(cnt));
    else
      for (int64_t k = 0, i = st; k < cnt; ++k, i += step) out += s[size_t(i)];
    return b->mut ? make_bytearray(std::move(out)) : make_bytes(std::move(out));
  }
  if (!in.is_int_like(key))
    in.raise_exc("TypeError", std::string(b->mut ? "bytearray" : "byte") + " indices must be integers or slices, not " + in.type_name(key));
  int64_t i = is_bigint(key) ? INT64_MAX : in.index_value(key), n = int64_t(s.size());
  if (is_bigint(key))
    in.raise_exc("IndexError", "cannot fit 'int' into an index-sized integer");
  if (i < 0) i += n;
  if (i < 0 || i >= n) in.raise_exc("IndexError", b->mut ? "bytearray index out of range" : "index out of range");
  return Value::integer(static_cast<unsigned char>(s[size_t(i)]));
}

namespace {

// The bytes an assignment to a bytearray slice inserts: a buffer, or an
// iterable of ints in range(256) (bytearray_setslice's rules).
std::string assigned_bytes(Interp& in, const Value& x) {
  std::string_view s;
  if (bytes_like(x, s)) return std::string(s);
  if (auto* m = x.as<MemoryViewObj>()) return mv_tobytes(in, *m);
  if (x.is_int() || x.is_bool() || x.as<StrObj>() || is_bigint(x) || x.is_float() || x.is_none())
    in.raise_exc("TypeError", "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
  std::string out;
  for (const Value& e : in.to_vector(x)) out += char(byte_value(in, e));
  return out;
}

}  // namespace

void buffer_setitem(Interp& in, const Value& v, const Value& key, const Value& x) {
  if (v.as<MemoryViewObj>()) return mv_setitem(in, v, key, x);
  auto* b = v.as<BytesObj>();
  if (!b->mut) in.raise_exc("TypeError", "'bytes' object does not support item assignment");
  if (auto* sl = key.as<SliceObj>()) {
    std::string repl = assigned_bytes(in, x);
    int64_t st, sp, step, cnt;
    py_slice_indices(in, *sl, [&] { return int64_t(b->s.size()); }, st, sp, step, cnt);
    if (step == 1) {
      const int64_t stop = std::max(st, sp);
      if (int64_t(repl.size()) != stop - st) bytearray_check_resize(in, *b);
      b->s.replace(size_t(st), size_t(stop - st), repl);
      return;
    }
    if (int64_t(repl.size()) != cnt)
      in.raise_exc("ValueError", "attempt to assign bytes of size " + std::to_string(repl.size()) + " to extended slice of size " +
                                     std::to_string(cnt));
    for (int64_t k = 0, i = st; k < cnt; ++k, i += step) b->s[size_t(i)] = repl[size_t(k)];
    return;
  }
  if (!in.is_int_like(key)) in.raise_exc("TypeError", "bytearray indices must be integers or slices, not " + in.type_name(key));
  int64_t i = in.index_value(key), n = int64_t(b->s.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) in.raise_exc("IndexError", "bytearray index out of range");
  b->s[size_t(i)] = char(byte_value(in, x));
}

void buffer_delitem(Interp& in, const Value& v, const Value& key) {
  auto* b = v.as<BytesObj>();
  if (!b || !b->mut) in.raise_exc("TypeError", "'" + in.type_name(v) + "' object doesn't support item deletion");
  if (auto* sl = key.as<SliceObj>()) {
    int64_t st, sp, step, cnt;
    py_slice_indices(in, *sl, [&] { return int64_t(b->s.size()); }, st, sp, step, cnt);
    if (cnt == 0) return;
    bytearray_check_resize(in, *b);
    std::vector<bool> drop(b->s.size(), false);
    for (int64_t k = 0, i = st; k < cnt; ++k, i += step) drop[size_t(i)] = true;
    std::string keep;
    for (size_t i = 0; i < b->s.size(); ++i)
      if (!drop[i]) keep += b->s[i];
    b->s = std::move(keep);
    return;
  }
  if (!in.is_int_like(key)) in.raise_exc("TypeError", "bytearray indices must be integers or slices, not " + in.type_name(key));
  int64_t i = in.index_value(key), n = int64_t(b->s.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) in.raise_exc("IndexError", "bytearray index out of range");
  bytearray_check_resize(in, *b);
  b->s.erase(size_t(i), 1);
}

// ---------------------------------------------------------------- operators

bool buffer_binop(Interp& in, BinOp op, const Value& a, const Value& b, Value& out) {
  auto* x = a.as<BytesObj>();
  if (op == BinOp::Add && (x || a.as<MemoryViewObj>())) {
    if (!x) return false;  // memoryview has no +
    std::string_view r;
    if (!bytes_like(b, r)) {
      if (b.is_array()) return false;
      in.raise_exc("TypeError", "can't concat " + in.type_name(b) + " to " + in.type_name(a));
    }
    std::string s = x->s;
    s.append(r);
    out = x->mut ? make_bytearray(std::move(s)) : make_bytes(std::move(s));
    return true;
  }
  if (op == BinOp::Add && a.as<StrObj>() && b.as<BytesObj>())
    in.raise_exc("TypeError", "can only concatenate str (not \"" + in.type_name(b) + "\") to str");
  if (op == BinOp::Mul) {
    const Value& seq = x ? a : b;
    const Value& n = x ? b : a;
    auto* sx = seq.as<BytesObj>();
    if (!sx || !(n.is_int() || n.is_bool())) return false;
    const int64_t k = std::max<int64_t>(0, n.as_int());
    if (k > 0 && int64_t(sx->s.size()) > (int64_t(1) << 31) / k) in.raise_exc("MemoryError", "");
    std::string s;
    s.reserve(sx->s.size() * size_t(k));
    for (int64_t j = 0; j < k; ++j) s += sx->s;
    out = sx->mut ? make_bytearray(std::move(s)) : make_bytes(std::move(s));
    return true;
  }
  if (op == BinOp::Mod && x) {
    Args args;
    args.pos = {a, b};
    out = in.call(in.getattr(a, "__mod__"), std::vector<Value>{b});
    return true;
  }
  return false;
}

bool buffer_inplace(Interp& in, BinOp op, const Value& a, const Value& b, Value& out) {
  auto* x = a.as<BytesObj>();
  if (!x || !x->mut) return false;
  if (op == BinOp::Add) {
    std::string_view r;
    if (!bytes_like(b, r)) in.raise_exc("TypeError", "can't concat " + in.type_name(b) + " to bytearray");
    if (!r.empty()) bytearray_check_resize(in, *x);
    x->s.append(std::string(r));
    out = a;
    return true;
  }
  if (op == BinOp::Mul && (b.is_int() || b.is_bool())) {
    const int64_t k = std::max<int64_t>(0, b.as_int());
    out = a;
    if (k == 1 || x->s.empty()) return true;  // the same bytes, where they are
    bytearray_check_resize(in, *x);
    if (k > 0 && int64_t(x->s.size()) > (int64_t(1) << 31) / k) in.raise_exc("MemoryError", "");
    std::string s;
    for (int64_t j = 0; j < k; ++j) s += x->s;
    x->s = std::move(s);
    out = a;
    return true;
  }
  return false;
}

bool buffer_contains(Interp& in, const Value& container, const Value& x) {
  std::string_view hay;
  if (auto* m = container.as<MemoryViewObj>()) {
    // memoryview: the items, compared by value
    Value list = mv_tolist_at(in, *m, memoryview_data(in, *m), 0);
    for (auto& e : list.as<ListObj>()->items)
      if (in.eq(e, x)) return true;
    return false;
  }
  hay = container.as<BytesObj>()->s;
  if (in.is_int_like(x) && !x.as<BytesObj>()) return hay.find(char(byte_value(in, x))) != std::string_view::npos;
  std::string_view needle = need_bytes_like(in, x);
  return hay.find(needle) != std::string_view::npos;
}

Value buffer_iter(Interp& in, const Value& v) {
  if (auto* m = v.as<MemoryViewObj>()) {
    memoryview_data(in, *m);
    if (m->shape.empty()) in.raise_exc("TypeError", "invalid indexing of 0-dim memory");
    if (m->shape.size() > 1) in.raise_exc("NotImplementedError", "multi-dimensional sub-views are not implemented");
    auto keep = v.shared<MemoryViewObj>();
    auto i = std::make_shared<int64_t>(0);
    Interp* ip = &in;
    return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("memory_iterator", [keep, i, ip](Value& out) {
      if (*i >= keep->shape[0]) return false;
      out = unpack_item(*ip, keep->format, memoryview_data(*ip, *keep) + (*i)++ * keep->strides[0]);
      return true;
    })));
  }
  auto keep = v.shared<BytesObj>();
  auto i = std::make_shared<size_t>(0);
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>(keep->mut ? "bytearray_iterator" : "bytes_iterator",
                                                                            [keep, i](Value& out) {
                                                                              if (*i >= keep->s.size()) return false;
                                                                              out = Value::integer(static_cast<unsigned char>(keep->s[(*i)++]));
                                                                              return true;
                                                                            })));
}

int64_t buffer_len(Interp& in, const Value& v) {
  if (auto* b = v.as<BytesObj>()) return int64_t(b->s.size());
  auto* m = v.as<MemoryViewObj>();
  memoryview_data(in, *m);
  if (m->shape.empty()) in.raise_exc("TypeError", "0-dim memory has no length");
  return m->shape[0];
}

// ---------------------------------------------------------------- memoryview attributes

bool buffer_getattr(Interp& in, const Value& v, const std::string& name, Value& out) {
  auto* m = v.as<MemoryViewObj>();
  static const char* kData[] = {"obj", "nbytes", "readonly", "itemsize", "format", "ndim", "shape", "strides",
                                "suboffsets", "c_contiguous", "f_contiguous", "contiguous"};
  bool data = false;
  for (const char* n : kData) data |= name == n;
  if (!data) return false;
  if (m->released) released_error(in);
  auto ints = [](const std::vector<int64_t>& xs) {
    std::vector<Value> o;
    for (int64_t x : xs) o.push_back(Value::integer(x));
    return make_tuple(std::move(o));
  };
  if (name == "obj") out = m->obj.as<MemoryViewObj>() ? m->obj.as<MemoryViewObj>()->obj : m->obj;
  else if (name == "nbytes") out = Value::integer(mv_items(*m) * m->itemsize);
  else if (name == "readonly") out = Value::boolean(m->readonly);
  else if (name == "itemsize") out = Value::integer(m->itemsize);
  else if (name == "format") out = make_str(m->format);
  else if (name == "ndim") out = Value::integer(int64_t(m->shape.size()));
  else if (name == "shape") out = ints(m->shape);
  else if (name == "strides") out = ints(m->strides);
  else if (name == "suboffsets") out = make_tuple({});
  else if (name == "c_contiguous" || name == "contiguous") out = Value::boolean(c_contiguous(*m));
  else {
    bool f = true;
    int64_t want = m->itemsize;
    for (size_t k = 0; k < m->shape.size(); ++k) {
      if (m->shape[k] > 1 && m->strides[k] != want) f = false;
      want *= m->shape[k];
    }
    out = Value::boolean(f);
  }
  return true;
}

// ---------------------------------------------------------------- memoryview construction and methods

Value make_memoryview(Interp& in, const Value& x);
Value memoryview_method(Interp& in, const std::string& name, Args& a);

Value make_memoryview(Interp& in, const Value& x) {
  auto r = std::make_shared<MemoryViewObj>();
  if (auto* b = x.as<BytesObj>()) {
    r->obj = x;
    r->shape = {int64_t(b->s.size())};
    r->strides = {1};
    r->readonly = !b->mut;
    ++b->exports;
    return Value(std::static_pointer_cast<Obj>(r));
  }
  if (auto* m = x.as<MemoryViewObj>()) {
    memoryview_data(in, *m);
    return Value(std::static_pointer_cast<Obj>(derived_view(*m)));
  }
  if (x.is_array() && x.arr().flavor == Flavor::NumPy) {
    const Array& a = x.arr();
    static const std::pair<DType, const char*> kFormats[] = {
        {DType::Bool, "?"}, {DType::I8, "b"}, {DType::I16, "h"}, {DType::I32, "i"}, {DType::I64, "l"}, {DType::U8, "B"},
        {DType::U16, "H"}, {DType::U32, "I"}, {DType::U64, "L"}, {DType::F32, "f"}, {DType::F64, "d"}};
    const char* f = nullptr;
    for (auto& [d, s] : kFormats)
      if (a.dtype == d && !a.descr) f = s;
    if (!f) in.raise_exc("NotImplementedError", "memoryview of a " + std::string(sl::name(a.dtype)) + " array is not supported in stridelab");
    r->obj = x;
    r->format = f;
    r->itemsize = a.itemsize();
    r->shape.assign(a.shape.begin(), a.shape.end());
    r->strides.assign(a.strides.begin(), a.strides.end());
    r->readonly = !a.writeable;
    return Value(std::static_pointer_cast<Obj>(r));
  }
  in.raise_exc("TypeError", "memoryview: a bytes-like object is required, not '" + in.type_name(x) + "'");
}

Value memoryview_method(Interp& in, const std::string& name, Args& a) {
  auto* m = a.pos[0].as<MemoryViewObj>();
  if (name == "release") {
    if (m->exports > 0) in.raise_exc("BufferError", "memoryview has " + std::to_string(m->exports) + " exported buffer" + (m->exports == 1 ? "" : "s"));
    m->release_export();
    return Value();
  }
  if (name == "__exit__") {
    m->release_export();
    return Value();
  }
  memoryview_data(in, *m);
  if (name == "__enter__") return a.pos[0];
  if (name == "tobytes") return make_bytes(mv_tobytes(in, *m));
  if (name == "tolist") return mv_tolist_at(in, *m, memoryview_data(in, *m), 0);
  if (name == "toreadonly") {
    auto r = derived_view(*m);
    r->readonly = true;
    return Value(std::static_pointer_cast<Obj>(r));
  }
  if (name == "cast") {
    a.fname = "cast";
    Value fv = a.required(1, "format");
    Value shape = a.optional(2, "shape");
    a.finish(3);
    auto* fs = fv.as<StrObj>();
    if (!fs) in.raise_exc("TypeError", "cast() argument 'format' must be str, not " + in.type_name(fv));
    const int64_t size = format_size(fs->s);
    if (size == 0)
      in.raise_exc("ValueError", "memoryview: destination format must be a native single character format prefixed with an optional '@'");
    if (!c_contiguous(*m)) in.raise_exc("TypeError", "memoryview: casts are restricted to C-contiguous views");
    if (format_size(m->format) != 1 && size != 1 && shape.is_none())
      in.raise_exc("TypeError", "memoryview: cannot cast between two non-byte formats");
    const int64_t nbytes = mv_items(*m) * m->itemsize;
    std::vector<int64_t> sh;
    if (shape.is_none()) {
      if (nbytes % size) in.raise_exc("TypeError", "memoryview: length is not a multiple of itemsize");
      sh = {nbytes / size};
    } else {
      if (!shape.as<ListObj>() && !shape.as<TupleObj>()) in.raise_exc("TypeError", "shape must be a list or a tuple");
      int64_t prod = size;
      for (const Value& d : in.to_vector(shape)) {
        const int64_t k = in.index_value(d);
        if (k <= 0) in.raise_exc("ValueError", "memoryview.cast(): elements of shape must be integers > 0");
        sh.push_back(k);
        prod *= k;
      }
      if (m->shape.size() != 1 && sh.size() != 1) in.raise_exc("TypeError", "memoryview: cast must be 1D -> ND or ND -> 1D");
      if (prod != nbytes) in.raise_exc("TypeError", "memoryview: product(shape) * itemsize != buffer size");
    }
    auto r = derived_view(*m);
    r->format = fs->s;
    r->itemsize = size;
    r->shape = sh;
    r->strides.assign(sh.size(), size);
    for (size_t k = sh.size(); k-- > 1;) r->strides[k - 1] = r->strides[k] * sh[k];
    return Value(std::static_pointer_cast<Obj>(r));
  }
  return Value();
}

}  // namespace sl::lang

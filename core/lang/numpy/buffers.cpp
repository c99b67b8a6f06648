// buffers: arrays over the bytes of Python buffer objects (NumPy's
// numpy/_core/src/multiarray/ctors.c: PyArray_FromBuffer). np.frombuffer
// makes a view, never a copy: the array's storage borrows the exporter's bytes
// (core/model/storage.hpp: Storage::borrow) and holds the object that keeps
// them valid, as NumPy's array holds its `base`:
//   - bytes: the bytes object itself, which is the array's base;
//   - bytearray, memoryview, an array: a new memoryview of it, which is the
//     base and counts as an export of the bytearray, so the bytearray refuses
//     to resize while the array lives (Note [Buffer exports]).
// The array is read-only exactly when the buffer is.
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/model/descr.hpp"

namespace sl::lang {

Value make_memoryview(Interp& in, const Value& x);  // objects/bytes.cpp

namespace {

// What a borrowed storage holds: the Python object that is the array's base.
struct BufferOwner {
  Value base;
};

Value np_frombuffer(Interp& in, Args& a) {
  a.fname = "frombuffer";
  Value buf = a.required(0, "buffer");
  Value dtv = a.optional(1, "dtype");
  Value countv = a.optional(2, "count", Value::integer(-1));
  Value offv = a.optional(3, "offset", Value::integer(0));
  a.optional(99, "like");
  a.finish(4);
  const DTypeFull dt = dtv.is_none() ? DTypeFull{DType::F64, nullptr} : to_dtype_full(in, dtv);
  const int64_t itemsize = dt.descr ? descr_itemsize(*dt.descr) : sl::itemsize(dt.dt);
  if (itemsize == 0) in.raise_exc("ValueError", "itemsize cannot be zero in type");
  std::string_view view;
  if (!bytes_like(buf, view)) {
    if (buf.as<MemoryViewObj>()) need_bytes_like(in, buf);  // released / not contiguous
    in.raise_exc("TypeError", "a bytes-like object is required, not '" + in.type_name(buf) + "'");
  }
  const int64_t count = in.index_value(countv), offset = in.index_value(offv);
  const int64_t len = int64_t(view.size());
  if (offset < 0 || offset > len)
    in.raise_exc("ValueError", "offset must be non-negative and no greater than buffer length (" + std::to_string(len) + ")");
  const int64_t avail = len - offset;
  int64_t n = count;
  if (count < 0) {
    if (avail % itemsize != 0) in.raise_exc("ValueError", "buffer size must be a multiple of element size");
    n = avail / itemsize;
  } else if (avail < count * itemsize) {
    in.raise_exc("ValueError", "buffer is smaller than requested size");
  }
  bool readonly = true;
  auto owner = std::make_shared<BufferOwner>();
  if (is_bytes(buf)) {
    owner->base = buf;
  } else {
    owner->base = make_memoryview(in, buf);  // an export of the bytearray for the array's lifetime
    readonly = owner->base.as<MemoryViewObj>()->readonly;
  }
  auto arr = std::make_shared<Array>();
  arr->dtype = dt.dt;
  arr->descr = dt.descr;
  arr->shape = {n};
  arr->strides = {itemsize};
  arr->storage = Storage::borrow(const_cast<char*>(view.data()) + offset, n * itemsize, owner);
  arr->owndata = false;
  arr->writeable = !readonly;
  return wrap(arr);
}

const FnEntry kBufferFns[] = {
    {"frombuffer", np_frombuffer, {"frombuffer(buffer, dtype=, count=, offset=, *, like=)"}},
};

}  // namespace

// The base an array over a borrowed storage reports (ndarray.base), or None.
Value buffer_base(const Array& a) {
  if (!a.storage || !a.storage->owner()) return Value();
  return static_cast<BufferOwner*>(a.storage->owner().get())->base;
}

void install_numpy_buffers(Interp& in, ModuleObj& np) { def_fns(in, np, kBufferFns); }

}  // namespace sl::lang

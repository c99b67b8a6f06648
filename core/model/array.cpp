#include "core/model/array.hpp"
#include "core/model/descr.hpp"

#include <string>

#include "core/model/error.hpp"
#include "core/model/strides.hpp"

namespace sl {

namespace {
// NumPy's NPY_MAXDIMS check where an ndarray is made (PyArray_NewFromDescr_int);
// tensors are not limited (shape.hpp).
void check_ndim(const Shape& shape) {
  if (int(shape.size()) > kMaxDims)
    value_error("maximum supported dimension for an ndarray is currently " + std::to_string(kMaxDims) +
                ", found " + std::to_string(shape.size()));
}
}  // namespace

int64_t shape_size(const Shape& shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) value_error("negative dimensions are not allowed");
    if (d != 0 && n > INT64_MAX / d) value_error("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
    n *= d;
  }
  return n;
}

uint32_t Array::version() const { return own_version ? *own_version : storage->version(); }
void Array::bump_version() {
  if (own_version) ++*own_version;
  else storage->bump_version();
}

int64_t Array::size() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

bool Array::c_contiguous() const { return is_c_contiguous(shape, strides, itemsize()); }
bool Array::f_contiguous() const { return is_f_contiguous(shape, strides, itemsize()); }
bool Array::aligned() const {
  int align = descr ? descr->alignment : itemsize();
  if (is_complex(dtype)) align /= 2;
  if (align <= 1) return true;
  auto addr = reinterpret_cast<uintptr_t>(storage->data()) + uintptr_t(offset);
  if (addr % align) return false;
  for (size_t k = 0; k < shape.size(); ++k)
    if (shape[k] > 1 && strides[k] % align) return false;
  return true;
}

ArrayPtr make_array(DType dt, const DescrPtr& descr, const Shape& shape, char order, Flavor flavor) {
  if (!descr) return make_array(dt, shape, order, flavor);
  if (flavor != Flavor::Torch) check_ndim(shape);
  int64_t n = shape_size(shape);
  int64_t isz = descr_itemsize(*descr);
  if (isz && n > INT64_MAX / isz) value_error("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  auto a = std::make_shared<Array>();
  a->dtype = dt;
  a->descr = descr;
  a->shape = shape;
  a->strides = default_strides(shape, isz, order);
  if (n == 0 && flavor != Flavor::Torch) a->strides.assign(shape.size(), 0);
  a->storage = Storage::allocate(n * isz, true);
  a->flavor = flavor;
  a->owndata = true;
  return a;
}

namespace {
std::string sizes_list(const Shape& shape) {
  std::string s = "[";
  for (size_t k = 0; k < shape.size(); ++k) s += (k ? ", " : "") + std::to_string(shape[k]);
  return s + "]";
}

// Note [New tensor sizes]: a new PyTorch tensor's sizes are checked as c10
// checks them when it makes the storage (empty_generic): a negative size, then
// the byte count overflowing 64 bits ("Storage size calculation overflowed"),
// then the CPU allocator's refusal; each a RuntimeError, where NumPy raises
// ValueError / MemoryError.
void check_torch_sizes(const Shape& shape, int isz) {
  for (int64_t d : shape)
    if (d < 0) raise("RuntimeError", "Trying to create tensor with negative dimension " + std::to_string(d) + ": " + sizes_list(shape));
  uint64_t n = uint64_t(isz);
  for (int64_t d : shape)
    if (__builtin_mul_overflow(n, uint64_t(d), &n))
      raise("RuntimeError", "Storage size calculation overflowed with sizes=" + sizes_list(shape));
}
}  // namespace

ArrayPtr make_array(DType dt, const Shape& shape, char order, Flavor flavor, bool zeroed) {
  if (flavor != Flavor::Torch) check_ndim(shape);
  if (is_flexible(dt)) raise_flexible(dt);  // flexible arrays come from the overload with a descriptor
  if (flavor == Flavor::Torch) check_torch_sizes(shape, itemsize(dt));
  int64_t n = shape_size(shape);
  int isz = itemsize(dt);
  if (n > INT64_MAX / isz) value_error("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  auto a = std::make_shared<Array>();
  a->dtype = dt;
  a->shape = shape;
  a->strides = default_strides(shape, isz, order);
  // NumPy (PyArray_NewFromDescr_int) gives a freshly allocated empty array
  // all-zero strides: np.zeros((0, 3)).strides == (0, 0). PyTorch does not.
  if (n == 0 && flavor != Flavor::Torch) a->strides.assign(shape.size(), 0);
  try {
    a->storage = Storage::allocate(n * isz, zeroed);
  } catch (const PyError& e) {
    if (e.type != "MemoryError") throw;
    if (flavor == Flavor::Torch)  // Note [New tensor sizes]
      raise("RuntimeError", "[enforce fail at alloc_cpu.cpp:118] err == 0. DefaultCPUAllocator: can't allocate memory: "
                            "you tried to allocate " + std::to_string(n * isz) + " bytes. Error code 12 (Cannot allocate memory)");
    // numpy.core._exceptions._ArrayMemoryError (a MemoryError subclass); its
    // __name__ is what the last traceback line shows.
    raise("_ArrayMemoryError", "Unable to allocate " + format_bytes_gib(n * isz) + " for an array with shape " +
                             shape_repr(shape) + " and data type " + name(dt));
  }
  a->owndata = true;
  a->flavor = flavor;
  return a;
}

ByteExtent byte_extent(const Array& a) {
  int64_t lo = a.offset, hi = a.offset;
  for (int64_t d : a.shape)
    if (d == 0) return {lo, lo};
  for (size_t k = 0; k < a.shape.size(); ++k) {
    int64_t span = (a.shape[k] - 1) * a.strides[k];
    if (span < 0) lo += span; else hi += span;
  }
  return {lo, hi + a.itemsize()};
}

void check_in_storage(const Shape& shape, const Strides& strides, int64_t offset, int isz,
                      int64_t nbytes, bool element_units) {
  bool empty = false;
  for (int64_t d : shape) empty |= d == 0;
  if (empty) return;  // an empty array addresses no byte (NumPy lets its pointer be anywhere)
  // Summed in 128 bits: each span is below 2^61, but up to kMaxDims of them
  // wrap 64 bits (shape (2,)*8 with strides 2**61-1 summed to 0 and was let
  // through, reaching 2^64 bytes past the storage).
  __int128 lo128 = offset, hi128 = offset;
  bool overflow = false;
  if (!empty) {
    for (size_t k = 0; k < shape.size(); ++k) {
      __int128 span = (__int128(shape[k]) - 1) * strides[k];
      if (span > INT64_MAX / 4 || span < -(INT64_MAX / 4)) overflow = true;
      else if (span < 0) lo128 += span; else hi128 += span;
    }
    hi128 += isz;
  }
  if (hi128 > INT64_MAX || lo128 < INT64_MIN) overflow = true;
  int64_t lo = overflow ? 0 : int64_t(lo128), hi = overflow ? 0 : int64_t(hi128);
  if (!overflow && lo >= 0 && hi <= nbytes && (empty || offset >= 0)) return;
  // PyTorch's message (setStorage), in elements for tensors, bytes for arrays.
  int64_t unit = element_units ? isz : 1;
  std::string s = "setStorage: sizes " + list_repr(shape) + ", strides ";
  Strides shown = strides;
  for (auto& v : shown) v /= unit;
  s += list_repr(shown) + ", storage offset " + std::to_string(offset / unit) + ", and itemsize " +
       std::to_string(isz) + " requiring a storage size of " + std::to_string(overflow ? INT64_MAX : hi) +
       " are out of bounds for storage of size " + std::to_string(nbytes);
  if (lo < 0 && !overflow) s += " (the view would start " + std::to_string(-lo) + " bytes before it)";
  raise(element_units ? "RuntimeError" : "ValueError", s);
}

namespace {
// alias_array with the layout given: every member of src but shape and strides.
// make_view replaces the layout, so copying src's only to drop it cost two
// allocations per view. A member added to Array is copied here.
ArrayPtr alias_with_layout(const Array& src, Flavor flavor, ArrayPtr base, Shape&& shape, Strides&& strides) {
  auto a = std::make_shared<Array>();
  a->dtype = src.dtype;
  a->descr = src.descr;
  a->shape = std::move(shape);
  a->strides = std::move(strides);
  a->offset = src.offset;
  a->storage = src.storage;
  a->base = std::move(base);
  a->flavor = flavor;
  a->owndata = false;
  a->writeable = src.writeable;
  a->warn_on_write = src.warn_on_write;
  a->why = src.why;
  a->own_version = src.own_version;  // a view of `.data` shares its counter (Note [Version counter])
  // autograd: never copied (Note [Autograd state is per tensor])
  return a;
}
}  // namespace

ArrayPtr make_view(const ArrayPtr& parent, DType dt, Shape shape, Strides strides, int64_t offset, DescrPtr descr) {
  if (is_flexible(dt) && !descr) descr = parent->descr;
  if (!is_flexible(dt)) descr = nullptr;
  const int64_t isz = descr ? descr_itemsize(*descr) : itemsize(dt);
  if (!parent->is_torch()) check_ndim(shape);
  check_in_storage(shape, strides, offset, int(isz), parent->storage->nbytes(), parent->is_torch());
  // A view's size * itemsize must fit in 64 bits too (zero strides can make a
  // huge view of a tiny storage): NumPy's PyArray_NewFromDescr check, and
  // c10's safe_compute_numel for tensors.
  int64_t n = 1;
  bool overflow = false;
  for (int64_t d : shape) overflow |= __builtin_mul_overflow(n, d, &n);
  overflow |= !overflow && isz && n > INT64_MAX / isz;
  if (overflow) {
    if (parent->is_torch()) raise("RuntimeError", "numel: integer multiplication overflow");
    value_error("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  }
  // WRITEABLE, warn_on_write and the storage come from the parent.
  const Flavor f = parent->flavor == Flavor::Scalar || parent->flavor == Flavor::DummyBase ? Flavor::NumPy : parent->flavor;
  ArrayPtr v = alias_with_layout(*parent, f, view_base(parent), std::move(shape), std::move(strides));
  v->dtype = dt;
  v->descr = std::move(descr);
  v->offset = offset;
  return v;
}

ArrayPtr view_base(const ArrayPtr& parent) {
  ArrayPtr b = parent;
  while (b->flavor != Flavor::DummyBase && !b->owndata && b->base && b->base->flavor == b->flavor) b = b->base;
  return b;
}

ArrayPtr alias_array(const Array& src, Flavor flavor, ArrayPtr base) {
  return alias_with_layout(src, flavor, std::move(base), Shape(src.shape), Strides(src.strides));
}

int64_t flat_offset(const Array& a, const std::vector<int64_t>& index) {
  int64_t off = a.offset;
  for (size_t k = 0; k < index.size(); ++k) off += index[k] * a.strides[k];
  return off;
}

int64_t descr_itemsize(const Descr& d) { return d.itemsize; }

std::string dtype_label(const Array& a) { return dtype_text(DTypeFull{a.dtype, a.descr}); }

}  // namespace sl

// array: metadata over a storage -- the NumPy ndarray and the PyTorch tensor.
//
// An Array is (storage, dtype, shape, byte strides, byte offset) plus the
// bookkeeping the user can observe: `base`, OWNDATA, WRITEABLE. Element
// (i_0..i_{n-1}) lives at storage.data() + offset + sum_k i_k * strides[k].
//
// Note [Strides are bytes]: strides and offset are in bytes, as in NumPy, for
// both flavours; the torch front end divides by the itemsize when it shows them
// (and multiplies when it takes them), so one engine serves both.
//
// Note [Base collapses to the owner]: when a view is made of a view, `base`
// points at the first array up the chain that owns its data, has no base, or is
// not a plain ndarray (NumPy's PyArray_SetBaseObject; c = a[1:][1:] gives
// c.base is a). PyTorch's `_base` follows the same rule (the root non-view
// tensor). A DummyBase array stands in for the non-ndarray object that
// numpy.lib.stride_tricks.as_strided puts between its result and the input.
//
// Invariant (checked whenever an array is made): every element the array can
// address lies inside its storage. Nothing reads or writes outside a storage.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/model/dtype.hpp"
#include "core/model/shape.hpp"
#include "core/model/storage.hpp"

namespace sl {

enum class Flavor : uint8_t {
  NumPy,      // numpy.ndarray
  Scalar,     // a NumPy scalar (np.int64(3)): a 0-d, read-only, owning array
  Torch,      // torch.Tensor
  DummyBase,  // the object numpy's as_strided puts in `.base` (not an ndarray)
};

struct Array;
using ArrayPtr = std::shared_ptr<Array>;
struct Explain;  // core/model/explain.hpp: why this array is a view or a copy
struct Descr;    // core/model/descr.hpp: itemsize and fields of a flexible dtype
struct AutogradMeta;  // core/torch/autograd.hpp: requires_grad, grad_fn (torch tensors only)

// Note [Autograd state is per tensor]: a tensor's autograd record (requires_grad,
// grad_fn, the Parameter mark) belongs to that one tensor object, as PyTorch's
// AutogradMeta belongs to one TensorImpl. Copying an Array's metadata (a view, an
// alias, a flavour change: `Array(*other)`) therefore never copies the record; the op
// that made the new tensor records its own node (core/torch/autograd.hpp).
class AutogradRef {
 public:
  AutogradRef() = default;
  AutogradRef(const AutogradRef&) {}
  AutogradRef& operator=(const AutogradRef&) { return *this; }
  AutogradRef(AutogradRef&&) = default;
  AutogradRef& operator=(AutogradRef&&) = default;
  AutogradRef& operator=(std::shared_ptr<AutogradMeta> m) {
    p_ = std::move(m);
    return *this;
  }
  AutogradRef& operator=(std::nullptr_t) {
    p_.reset();
    return *this;
  }
  explicit operator bool() const { return p_ != nullptr; }
  AutogradMeta* operator->() const { return p_.get(); }
  AutogradMeta& operator*() const { return *p_; }
  AutogradMeta* get() const { return p_.get(); }
  const std::shared_ptr<AutogradMeta>& shared() const { return p_; }

 private:
  std::shared_ptr<AutogradMeta> p_;
};
using DescrPtr = std::shared_ptr<const Descr>;
int64_t descr_itemsize(const Descr& d);

struct Array {
  DType dtype = DType::F64;
  DescrPtr descr;       // set exactly when dtype is flexible (Note [Flexible dtypes])
  Shape shape;
  Strides strides;      // bytes
  int64_t offset = 0;   // bytes from storage->data()
  StoragePtr storage;
  ArrayPtr base;        // NumPy .base / torch ._base, collapsed (Note [Base collapses to the owner])
  Flavor flavor = Flavor::NumPy;
  bool owndata = false;
  bool writeable = true;
  bool warn_on_write = false;  // broadcast_arrays results (NumPy warns, then writes)
  std::shared_ptr<const Explain> why;  // set where a view/copy decision was made, else null
  AutogradRef autograd;  // null unless the tensor requires grad (Note [Autograd state is per tensor])
  // Note [Version counter] (storage.hpp): null, the storage's counter; set on a
  // tensor with a counter of its own (`.data`), which its views and aliases share.
  std::shared_ptr<uint32_t> own_version;

  int ndim() const { return int(shape.size()); }
  int64_t size() const;
  int itemsize() const { return descr ? int(descr_itemsize(*descr)) : sl::itemsize(dtype); }
  int64_t nbytes() const { return size() * itemsize(); }
  char* data() const { return storage->data() + offset; }
  bool is_torch() const { return flavor == Flavor::Torch; }
  uint32_t version() const;
  void bump_version();

  // Flags as NumPy computes them (flagsobject.c: _UpdateContiguousFlags).
  bool c_contiguous() const;
  bool f_contiguous() const;
  bool aligned() const;
};

// A new owning array of zeros. order 'C' or 'F'.
// zeroed = false: the caller overwrites every element (kernel results; Note
// [Uninitialised results] in kernels/copy.cpp).
ArrayPtr make_array(DType dt, const Shape& shape, char order = 'C', Flavor flavor = Flavor::NumPy, bool zeroed = true);
// The same for any dtype: descr is null for a numeric dt, the flexible dtype's descriptor otherwise.
ArrayPtr make_array(DType dt, const DescrPtr& descr, const Shape& shape, char order = 'C', Flavor flavor = Flavor::NumPy);

// A view of `parent`'s storage with the given layout. Sets base by the collapsing
// rule, inherits WRITEABLE and flavour, and refuses (ValueError) any layout that
// would reach outside the storage.
// A flexible dt takes `descr`, or the parent's descriptor when descr is null.
ArrayPtr make_view(const ArrayPtr& parent, DType dt, Shape shape, Strides strides, int64_t offset,
                   DescrPtr descr = nullptr);

// The one entry point that sets `base`. A new array object with src's
// storage, layout and flags, seen as `flavor`, OWNDATA false, and `base`
// exactly as given: make_view passes view_base(parent) (Note [Base collapses
// to the owner]); a cross-library alias names the object it wraps
// (np.asarray(tensor): the tensor; Tensor.numpy(): its detached alias;
// as_strided's DummyBase: x); an alias that is not a view (torch.from_numpy,
// Tensor.detach()) passes null.
ArrayPtr alias_array(const Array& src, Flavor flavor, ArrayPtr base);
// Note [Base collapses to the owner]: the array a view of `parent` names as its base.
ArrayPtr view_base(const ArrayPtr& parent);

// The byte range [lo, hi) of the storage that the array can touch (hi == lo for
// size-0 arrays), relative to storage->data().
struct ByteExtent { int64_t lo, hi; };
ByteExtent byte_extent(const Array& a);

// Throws PyError when (shape, strides, offset, itemsize) reaches outside `nbytes`.
// Message in PyTorch's shape (see design.md).
void check_in_storage(const Shape& shape, const Strides& strides, int64_t offset, int itemsize,
                      int64_t nbytes, bool element_units = false);

// Total element count with overflow checking (ValueError "array is too big...").
int64_t shape_size(const Shape& shape);

// Read / write one element, converting through double / complex / int64.
int64_t flat_offset(const Array& a, const std::vector<int64_t>& index);

// The dtype as the inspector shows it: 'float32', '<U5', "[('x', '<f4'), ('y', '<i4')]".
std::string dtype_label(const Array& a);

}  // namespace sl

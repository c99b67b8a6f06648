// frontend/index: advanced indexing's key conversion (index.hpp).
#include "core/lang/frontend/index.hpp"

#include "core/model/element.hpp"
#include "core/ops/index.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/frontend/convert.hpp"

namespace sl::lang {

namespace {

[[noreturn]] void invalid_index(Interp& in) {
  in.raise_exc("IndexError",
               "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean "
               "arrays are valid indices");
}

// One array-like index entry (prepare_index): non-arrays are converted first;
// an empty conversion becomes an intp array.
FancyIndexItem array_item(Interp& in, const Value& k) {
  FancyIndexItem it;
  ArrayPtr arr;
  bool was_array = k.is_array() && k.arr().flavor != Flavor::Scalar;
  if (k.is_array()) {
    arr = k.array();
  } else {
    try {
      arr = to_array(in, k.as<RangeObj>() ? make_list(in.to_vector(k)) : k);  // a range indexes as its list
    } catch (const PyError& e) {
      if (e.type == "TypeError") invalid_index(in);  // would be an object array in NumPy
      throw;
    }
    if (arr->size() == 0) arr = copy_as(*arr, DType::I64, 'C');
  }
  if (arr->dtype == DType::Bool) {
    if (arr->ndim() == 0) {
      it.kind = FancyIndexItem::Bool0d;
      it.value = load<bool>(arr->data());
    } else {
      it.kind = FancyIndexItem::BoolArray;
      it.arr = arr;
    }
    return it;
  }
  if (is_integer(arr->dtype)) {
    if (arr->ndim() == 0) {  // a 0-d integer array is an integer
      it.basic.kind = IndexItem::Int;
      it.basic.i = load_as<int64_t>(arr->dtype, arr->data());
      return it;
    }
    it.kind = FancyIndexItem::IntArray;
    it.arr = arr;
    return it;
  }
  if (was_array && arr->is_torch()) in.raise_exc("IndexError", "tensors used as indices must be long, int, byte or bool tensors");
  if (was_array) in.raise_exc("IndexError", "arrays used as indices must be of integer (or boolean) type");
  invalid_index(in);
}

std::vector<FancyIndexItem> parse_fancy_index(Interp& in, const Value& key) {
  std::vector<Value> items;
  if (auto* t = key.as<TupleObj>()) items = t->items;
  else items.push_back(key);
  std::vector<FancyIndexItem> out;
  for (auto& k : items) {
    FancyIndexItem it;
    if (k.is_int()) {
      it.basic.kind = IndexItem::Int;
      it.basic.i = k.as_int();
    } else if (k.is_bool()) {
      it.kind = FancyIndexItem::Bool0d;
      it.value = k.as_bool();
    } else if (k.is_none()) {
      it.basic.kind = IndexItem::NewAxis;
    } else if (k.as<EllipsisObj>()) {
      it.basic.kind = IndexItem::Ellipsis;
    } else if (auto* s = k.as<SliceObj>()) {
      it.basic = slice_item(in, *s);
    } else if (k.is_array() || k.as<ListObj>() || k.as<TupleObj>() || k.as<RangeObj>()) {
      it = array_item(in, k);
    } else {
      invalid_index(in);
    }
    out.push_back(std::move(it));
  }
  return out;
}

}  // namespace

Value advanced_getitem(Interp& in, const ArrayPtr& a, const Value& key) {
  std::vector<FancyIndexItem> idx = parse_fancy_index(in, key);
  return wrap(fancy_getitem(a, idx));
}

void advanced_setitem(Interp& in, const ArrayPtr& a, const Value& key, const Value& x) {
  std::vector<FancyIndexItem> idx = parse_fancy_index(in, key);
  if (!a->writeable) in.raise_exc("ValueError", "assignment destination is read-only");
  // The value is converted with the destination's dtype (PyArray_FromAny in
  // array_assign_subscript); arrays keep theirs and are cast while copying.
  ArrayPtr v = x.is_array() ? x.array()
                            : to_array_full(in, x, a->descr && !a->descr->structured() ? std::nullopt
                                                                                      : std::optional<DTypeFull>(array_dtype(*a)));
  fancy_setitem(a, idx, v);
}

}  // namespace sl::lang

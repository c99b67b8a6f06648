// numpy/sampling: the argument rules both of NumPy's samplers share, the
// legacy RandomState (numpy/random.cpp, mtrand.pyx) and Generator
// (numpy/generator.cpp, _generator.pyx): `size=`, and cont()/disc(), which
// broadcast distribution parameters against `size` and draw one value per
// output element.
// Invariant: every parameter is checked (check(values)) before the first
// draw, so a bad parameter leaves the generator's state untouched.
#pragma once

#include <array>
#include <cstring>
#include <optional>
#include <vector>

#include "core/model/element.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"
#include "core/ops/copy.hpp"

namespace sl::lang::sampling {

// `size`: None, an int or a sequence of ints; negatives are NumPy's ValueError.
inline std::optional<Shape> size_arg(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  // size goes to np.empty(size): an ndarray is the sequence of its elements
  // (none: the shape ()), each of which must be an integer
  if (v.is_array() && !v.arr().is_torch() && v.arr().flavor == Flavor::NumPy && (v.arr().ndim() == 1 || v.arr().size() == 0)) {
    const Array& a = v.arr();
    if (a.size() == 0) return Shape{};
    if (!is_integer(a.dtype) && a.dtype != DType::Bool)
      in.raise_exc("TypeError", std::string("'numpy.") + name(a.dtype) + "' object cannot be interpreted as an integer");
    Shape s;
    for (int64_t k = 0; k < a.shape[0]; ++k) s.push_back(load_as<int64_t>(a.dtype, a.data() + k * a.strides[0]));
    for (int64_t d : s)
      if (d < 0) in.raise_exc("ValueError", "negative dimensions are not allowed");
    return s;
  }
  Shape s = to_shape(in, v);
  for (int64_t d : s)
    if (d < 0) in.raise_exc("ValueError", "negative dimensions are not allowed");
  return s;
}

// A parameter as float64 laid out as `target` (a broadcast copy).
inline std::vector<double> spread(const Array& p, const Shape& target) {
  ArrayPtr out = make_array(DType::F64, target);
  copy_into(*out, broadcast_layout(p, target));
  std::vector<double> v(size_t(out->size()));
  if (!v.empty()) std::memcpy(v.data(), out->data(), v.size() * 8);
  return v;
}

// How `size` must relate to the parameters' broadcast shape B: mtrand's cont()
// accepts any size with as many elements as B (and the output takes `size`);
// _common.pyx's requires size == B.
enum class SizeRule { SameCount, SameShape };

// cont()/disc(): scalar parameters with size None give one Python number;
// otherwise the parameters broadcast (with `size`) to the output shape.
// check(values) raises on a bad parameter; draw(params) returns one value,
// stored as float64 or, for an integer distribution, int64 (draws are finite
// and in range by the check).
template <int N, class Check, class Draw>
Value distribution(Interp& in, const std::array<Value, N>& params, const Value& size_v, bool integer, SizeRule rule,
                   Check check, Draw draw) {
  std::optional<Shape> size = size_arg(in, size_v);
  std::array<ArrayPtr, N> arr;
  bool scalar = true;
  for (int k = 0; k < N; ++k) {
    arr[k] = to_array(in, params[k], DType::F64);
    if (arr[k]->ndim() != 0) scalar = false;
  }
  std::array<std::vector<double>, N> vals;
  Shape shape;
  if (scalar) {
    for (int k = 0; k < N; ++k) vals[k] = {load_as<double>(arr[k]->dtype, arr[k]->data())};
    check(vals);
    if (!size) {
      std::array<double, N> p;
      for (int k = 0; k < N; ++k) p[k] = vals[k][0];
      double x = draw(p);
      return integer ? Value::integer(int64_t(x)) : Value::floating(x);
    }
    shape = *size;
  } else {
    std::vector<Shape> shapes;
    if (size) shapes.push_back(*size);
    for (int k = 0; k < N; ++k) shapes.push_back(arr[k]->shape);
    Shape b = broadcast_shapes_np(shapes);
    bool fits = !size || (rule == SizeRule::SameShape ? b == *size : shape_size(b) == shape_size(*size));
    if (!fits)
      in.raise_exc("ValueError", "Output size " + shape_repr(*size) + " is not compatible with broadcast dimensions of inputs " +
                                     shape_repr(b) + ".");
    shape = size && rule == SizeRule::SameCount ? *size : b;
    for (int k = 0; k < N; ++k) vals[k] = spread(*arr[k], shape);
    check(vals);
  }
  const int64_t n = shape_size(shape);
  ArrayPtr out = make_array(integer ? DType::I64 : DType::F64, shape);
  char* o = out->data();
  std::array<double, N> p;
  for (int64_t i = 0; i < n; ++i) {
    for (int k = 0; k < N; ++k) p[k] = vals[k][scalar ? 0 : size_t(i)];
    double x = draw(p);
    if (integer) store<int64_t>(o + 8 * i, int64_t(x));
    else store<double>(o + 8 * i, x);
  }
  return wrap(out);
}

}  // namespace sl::lang::sampling

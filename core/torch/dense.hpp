// The CPU kernels' buffers (conv, pool, norm, activation_nn, loss): a tensor's
// elements as one C-order vector in the computing dtype, and a vector back as a
// contiguous torch tensor. The kernels index these vectors directly; a strided
// or broadcast input is copied once, here.
#pragma once

#include <cstring>
#include <vector>

#include "core/model/array.hpp"
#include "core/ops/copy.hpp"

namespace sl {

// a's elements in C order, converted to dt (an absent tensor: none).
template <class T>
std::vector<T> dense(const ArrayPtr& a, DType dt) {
  if (!a) return {};
  ArrayPtr c = copy_as(*a, dt, 'C');
  std::vector<T> v(size_t(c->size()));
  if (!v.empty()) std::memcpy(v.data(), c->data(), v.size() * sizeof(T));
  return v;
}

// v as a new contiguous tensor of the given shape and dtype.
template <class T>
ArrayPtr tensor_of(const std::vector<T>& v, const Shape& shape, DType dt) {
  ArrayPtr r = make_array(dt, shape, 'C', Flavor::Torch);
  if (!v.empty()) std::memcpy(r->data(), v.data(), v.size() * sizeof(T));
  return r;
}

}  // namespace sl

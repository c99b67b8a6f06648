// torch/pointwise: fused elementwise update kernels (pointwise.hpp, Note [Pointwise update kernels]).
#include "core/torch/pointwise.hpp"

#include <cmath>
#include <type_traits>
#include <vector>

#include "core/ops/copy.hpp"
#include "core/ops/views.hpp"

namespace sl {

namespace {

// x read as a contiguous buffer of dtype dt in the broadcast shape.
ArrayPtr dense(const ArrayPtr& x, const Shape& shape, DType dt) {
  ArrayPtr b = broadcast_to(x, shape);
  ArrayPtr out = copy_as(*b, dt);
  out->flavor = Flavor::Torch;
  return out;
}

template <typename T>
void run(PointwiseOp op, T* out, const T* a, const T* b, T s, int64_t n) {
  switch (op) {
    case PointwiseOp::AddAlpha:
      for (int64_t i = 0; i < n; ++i) out[i] = std::fma(a[i], s, out[i]);
      break;
    case PointwiseOp::Addcmul:
      for (int64_t i = 0; i < n; ++i) out[i] = std::fma(s * a[i], b[i], out[i]);
      break;
    case PointwiseOp::Addcdiv:
      for (int64_t i = 0; i < n; ++i) out[i] = out[i] + (s * a[i]) / b[i];
      break;
    case PointwiseOp::Lerp:
      for (int64_t i = 0; i < n; ++i) {
        const T w = b ? b[i] : s;
        const T diff = a[i] - out[i];
        out[i] = std::abs(w) < T(0.5) ? std::fma(w, diff, out[i]) : std::fma(w - T(1), diff, a[i]);
      }
      break;
  }
}

}  // namespace

bool pointwise_dtype(DType dt) { return dt == DType::F32 || dt == DType::F64; }

ArrayPtr torch_pointwise(PointwiseOp op, const ArrayPtr& self, const ArrayPtr& a, const ArrayPtr& b, double s,
                         DType dt) {
  std::vector<Shape> shapes{self->shape, a->shape};
  if (b) shapes.push_back(b->shape);
  const Shape shape = broadcast_shapes_np(shapes);
  ArrayPtr out = dense(self, shape, dt);
  ArrayPtr da = dense(a, shape, dt);
  ArrayPtr db = b ? dense(b, shape, dt) : nullptr;
  const int64_t n = out->size();
  if (dt == DType::F32) {
    run<float>(op, reinterpret_cast<float*>(out->data()), reinterpret_cast<const float*>(da->data()),
               db ? reinterpret_cast<const float*>(db->data()) : nullptr, float(s), n);
  } else {
    run<double>(op, reinterpret_cast<double*>(out->data()), reinterpret_cast<const double*>(da->data()),
                db ? reinterpret_cast<const double*>(db->data()) : nullptr, s, n);
  }
  return out;
}

ArrayPtr torch_pow_special(const ArrayPtr& self, double e) {
  if (!pointwise_dtype(self->dtype)) return nullptr;
  if (e != 2.0 && e != 3.0 && e != -2.0 && e != 0.5 && e != -0.5 && e != -1.0) return nullptr;
  ArrayPtr out = dense(self, self->shape, self->dtype);
  const int64_t n = out->size();
  auto run_pow = [&](auto* p) {
    using T = std::remove_pointer_t<decltype(p)>;
    for (int64_t i = 0; i < n; ++i) {
      const T x = p[i];
      if (e == 2.0) p[i] = x * x;
      else if (e == 3.0) p[i] = x * x * x;
      else if (e == -2.0) p[i] = T(1) / (x * x);
      else if (e == 0.5) p[i] = std::sqrt(x);
      else if (e == -0.5) p[i] = T(1) / std::sqrt(x);
      else p[i] = T(1) / x;
    }
  };
  if (self->dtype == DType::F32) run_pow(reinterpret_cast<float*>(out->data()));
  else run_pow(reinterpret_cast<double*>(out->data()));
  return out;
}

}  // namespace sl

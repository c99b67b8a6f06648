// torch/pointwise: fused elementwise update kernels (pointwise.hpp, Note [Pointwise update kernels]).
#include "core/torch/pointwise.hpp"

#include <cmath>
#include <type_traits>
#include <vector>

#include "core/kernels/activation.hpp"
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
  const bool special = e == 2.0 || e == 3.0 || e == -2.0 || e == 0.5 || e == -0.5 || e == -1.0;
  if (!special && self->dtype != DType::F32) return nullptr;
  const bool contiguous = self->c_contiguous();
  ArrayPtr out = dense(self, self->shape, self->dtype);
  const int64_t n = out->size();
  if (!special) {
    // any other exponent (float32): the kernel's vector loop (Sleef's powf) on
    // blocks of 16 of a contiguous input, std::pow elsewhere (Note [Vectorized
    // and scalar loops], kernels/activation.cpp); checked bit for bit on 4013
    // contiguous elements for ten exponents. A strided input takes std::pow: right
    // for integer exponents, while for some others (0.3) a third of the
    // reference's digits follow neither form -- open)
    float* p = reinterpret_cast<float*>(out->data());
    const float ef = float(e);
    const int64_t vec_end = contiguous ? n - n % 16 : 0;
    for (int64_t i = 0; i < n; ++i) p[i] = i < vec_end ? sleef_powf_u10(p[i], ef) : std::pow(p[i], ef);
    return out;
  }
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

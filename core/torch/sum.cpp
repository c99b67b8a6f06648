// torch/sum: PyTorch's summation order for the common reductions (sum.hpp).
#include "core/torch/sum.hpp"

#include "core/kernels/reduce.hpp"
#include "core/torch/views.hpp"

namespace sl {

ArrayPtr torch_ordered_sum(const Array& t, const std::vector<bool>& axes, DType acc, bool keep) {
  if (acc != t.dtype || (acc != DType::F32 && acc != DType::F64) || !torch_is_contiguous(t)) return nullptr;
  // Dims of size 1 take no part (TensorIterator drops them); among the others
  // the reduced ones must be one run: A kept elements before it, R reduced, C after.
  int64_t A = 1, R = 1, C = 1;
  int phase = 0;  // 0: before the run, 1: in it, 2: after it
  Shape out_shape;
  for (int k = 0; k < t.ndim(); ++k) {
    const int64_t n = t.shape[size_t(k)];
    const bool reduced = axes[size_t(k)];
    if (reduced) {
      if (keep) out_shape.push_back(1);
    } else {
      out_shape.push_back(n);
    }
    if (n == 1) continue;
    if (reduced) {
      if (phase == 2) return nullptr;
      phase = 1;
      R *= n;
    } else if (phase == 0) {
      A *= n;
    } else {
      phase = 2;
      C *= n;
    }
  }
  ArrayPtr r = make_array(acc, out_shape, 'C', Flavor::Torch);
  if (C == 1) return torch_sum_rows(t, R, *r) ? r : nullptr;
  return torch_sum_outer(t, A, R, C, *r) ? r : nullptr;
}

}  // namespace sl

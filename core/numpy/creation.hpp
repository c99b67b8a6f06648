// creation: new arrays computed from numbers or from one input's elements --
// eye/identity, tri, tril/triu, diag of a 1-d input, linspace. Each result
// owns fresh memory (a COPY, never a view of an input); the one exception is
// named below: linspace over scalar endpoints returns a view of its own
// buffer, as NumPy's in-place arithmetic on arange(num) leaves it.
//
// Mirrors numpy/lib/twodim_base.py (eye, tri, tril, triu, diag) and
// numpy/core/function_base.py (linspace), with their error messages.
#pragma once
#include <optional>

#include "core/model/array.hpp"

namespace sl {

// np.eye(n, m, k, dtype, order): ones on diagonal j - i == k. A copy.
ArrayPtr eye(int64_t n, int64_t m, int64_t k, DType dt, char order);
// np.tri(n, m, k, dtype): ones where j - i <= k, C order. A copy.
ArrayPtr tri(int64_t n, int64_t m, int64_t k, DType dt);
// np.tril (upper = false: keep j - i <= k) and np.triu (upper = true: keep
// j - i >= k) over the last two axes; a 1-d input broadcasts against
// tri(n, n). A copy laid out as np.where's nditer allocates it.
ArrayPtr tri_mask(const ArrayPtr& m, int64_t k, bool upper);
// np.diag(v, k): 1-d v gives a new square matrix with v on diagonal k (a
// copy); 2-d v gives its k-th diagonal (diagonal(), a read-only VIEW).
ArrayPtr diag(const ArrayPtr& v, int64_t k);

// np.linspace(start, stop, num, endpoint, dtype, axis) with retstep's step.
struct Linspace {
  ArrayPtr samples;  // a copy; for scalar endpoints and num > 1 a view of it (NumPy's base)
  ArrayPtr step;     // shape of the broadcast endpoints, float64 or complex128
  bool step_is_nan;  // div <= 0 with scalar endpoints: NumPy returns the Python float nan
};
Linspace linspace(const ArrayPtr& start, const ArrayPtr& stop, int64_t num, bool endpoint,
                  std::optional<DType> dtype, int64_t axis);

}  // namespace sl

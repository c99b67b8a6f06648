// ops/reduce: reductions, arg-reductions, accumulations and order statistics
// over axes (see reduce.hpp); the loops are kernels/reduce's.
#include "core/ops/reduce.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "core/kernels/ops.hpp"
#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/model/iter.hpp"
#include "core/model/strides.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/sort.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"

namespace sl {

namespace {

bool has_identity(ReduceOp op) {
  return op == ReduceOp::sum || op == ReduceOp::prod || op == ReduceOp::any || op == ReduceOp::all;
}

// Drops the axes flagged in `drop` from a fresh array's shape and strides.
void drop_axes(Array& a, const std::vector<bool>& drop) {
  Shape s;
  Strides st;
  for (size_t k = 0; k < a.shape.size(); ++k)
    if (!drop[k]) {
      s.push_back(a.shape[k]);
      st.push_back(a.strides[k]);
    }
  a.shape = s;
  a.strides = st;
}

// A C-order copy (or `a` itself when already C-contiguous) in dtype dt.
ArrayPtr c_order(const Array& a, DType dt) {
  if (a.dtype == dt && a.c_contiguous()) {
    ArrayPtr v = std::make_shared<Array>(a);
    return v;
  }
  return copy_as(a, dt, 'C');
}

// Moves `axis` of a view to the end (no copy).
Array axis_last(const Array& a, int axis) {
  Array v = a;
  v.shape.erase(v.shape.begin() + axis);
  v.strides.erase(v.strides.begin() + axis);
  v.shape.push_back(a.shape[axis]);
  v.strides.push_back(a.strides[axis]);
  return v;
}

// Calls f(out_ptr, in_ptr) for every position of `outer` (C order), where the
// output is a fresh C-order array of that shape with element size osz.
template <class F>
void for_each_outer(const Shape& outer, const Strides& in_strides, const char* in, char* out, int64_t osz, F&& f) {
  Strides ost = default_strides(outer, osz, 'C');
  std::array<const Strides*, 2> st{&ost, &in_strides};
  if (shape_size(outer) == 0) return;
  for_each_strided<2>(outer, {out, const_cast<char*>(in)}, st, [&](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
    for (int64_t j = 0; j < n; ++j) f(p[0] + j * s[0], p[1] + j * s[1]);
  });
}

}  // namespace

ArrayPtr reduce(ReduceOp op, const Array& a, const std::vector<bool>& axes, DType dt, bool keepdims, Flavor flavor,
                const Array* initial) {
  const int nd = a.ndim();
  const DType work = (op == ReduceOp::any || op == ReduceOp::all) ? DType::Bool : dt;
  // NumPy's reduction iterator walks the input in its memory order (strides
  // never negated) and allocates the result in that order too.
  std::vector<int> perm = nditer_axis_order(a.shape, std::vector<const Strides*>{&a.strides});
  ArrayPtr cast;
  const Array* src = &a;
  if (a.dtype != work) {
    cast = make_array_in_order(work, a.shape, perm, Flavor::NumPy);
    copy_into(*cast, a);
    src = cast.get();
  }
  Shape kshape = a.shape;
  int64_t rcount = 1;
  for (int k = 0; k < nd; ++k)
    if (axes[k]) {
      rcount *= a.shape[k];
      kshape[k] = 1;
    }
  ArrayPtr res = make_array_in_order(work, kshape, perm, flavor);
  if (initial) {
    Array init = *initial;
    init.strides = broadcast_strides(init.shape, init.strides, kshape);
    init.shape = kshape;
    copy_into(*res, init);
  } else if (has_identity(op)) {
    int64_t one = 1, zero = 0;
    bool t = true;
    if (op == ReduceOp::prod) fill(*res, DType::I64, &one);
    else if (op == ReduceOp::all) fill(*res, DType::Bool, &t);
    else fill(*res, DType::I64, &zero);
  } else if (res->size() > 0) {
    if (rcount == 0)
      value_error(std::string("zero-size array to reduction operation ") + reduce_ufunc_name(op) + " which has no identity");
    Array first = *src;  // index 0 along the reduced axes
    first.shape = kshape;
    copy_into(*res, first);
  }
  if (a.size() > 0) {
    Shape sh(nd);
    Strides so(nd), si(nd);
    for (int i = 0; i < nd; ++i) {
      int k = perm[i];
      sh[i] = a.shape[k];
      si[i] = src->strides[k];
      so[i] = axes[k] ? 0 : res->strides[k];
    }
    // the output starts as each reduction's first element (no identity, no initial)
    const bool skip_first = !initial && !has_identity(op);
    reduce_dispatch(op, work, sh, so, si, res->data(), src->data(), skip_first);
  }
  if (!keepdims) drop_axes(*res, axes);
  return res;
}

ArrayPtr arg_reduce(bool is_max, const Array& a, std::optional<int> axis, bool keepdims, Flavor flavor) {
  const char* what = is_max ? "argmax" : "argmin";
  ArrayPtr src;
  Array run;  // the array with the scanned axis last
  Shape outer, kshape;
  if (!axis) {
    src = c_order(a, a.dtype);
    run = *src;
    run.shape = {a.size()};
    run.strides = {a.itemsize()};
    kshape.assign(a.ndim(), 1);
  } else {
    run = axis_last(a, *axis);
    outer.assign(run.shape.begin(), run.shape.end() - 1);
    kshape = a.shape;
    kshape[*axis] = 1;
  }
  const int64_t n = run.shape.back();
  ArrayPtr res = make_array(DType::I64, keepdims ? kshape : outer, 'C', flavor);
  if (res->size() == 0) return res;
  if (n == 0) value_error(std::string("attempt to get ") + what + " of an empty sequence");
  Strides ist(run.strides.begin(), run.strides.end() - 1);
  const int64_t s = run.strides.back();
  const ArgScanFn scan = arg_scan_fn(a.dtype);
  for_each_outer(outer, ist, run.data(), res->data(), 8, [&](char* po, const char* pi) {
    store<int64_t>(po, scan(pi, n, s, is_max));
  });
  return res;
}

ArrayPtr accumulate(Ufunc op, const Array& a, std::optional<int> axis, DType dt, Flavor flavor) {
  if (ufunc_nin(op) != 2) value_error("accumulate only supported for binary functions");
  if (!(ufunc_loops(op) >> int(dt) & 1) || ufunc_loop_output(op, dt) != dt)
    type_error(std::string("ufunc '") + ufunc_name(op) + "' accumulate has no loop for " + name(dt));
  ArrayPtr src = c_order(a, dt);
  int ax = 0;
  if (!axis) {
    src->shape = {a.size()};
    src->strides = {int64_t(itemsize(dt))};
  } else {
    ax = *axis;
  }
  ArrayPtr res = make_array(dt, src->shape, 'C', flavor);
  Array sv = axis_last(*src, ax), rv = axis_last(*res, ax);
  const int64_t n = sv.shape.back(), ss = sv.strides.back(), rs = rv.strides.back();
  if (n == 0 || res->size() == 0) return res;
  Shape outer(sv.shape.begin(), sv.shape.end() - 1);
  Strides ist(sv.strides.begin(), sv.strides.end() - 1), ost(rv.strides.begin(), rv.strides.end() - 1);
  std::array<const Strides*, 2> st{&ost, &ist};
  const int64_t isz = itemsize(dt);
  auto generic_scan = [&](char* po, const char* pi) {
    std::memcpy(po, pi, size_t(isz));
    for (int64_t i = 1; i < n; ++i) run_ufunc_run(op, dt, po + i * rs, 0, po + (i - 1) * rs, 0, pi + i * ss, 0, 1);
  };
  // add and multiply in line (the common cumsum / cumprod), others through the kernel table
  AddMulScanFn typed = nullptr;
  if (op == Ufunc::add || op == Ufunc::multiply) typed = add_mul_scan_fn(dt);
  const bool add = op == Ufunc::add;
  auto scan = [&](char* po, const char* pi) {
    if (typed) typed(po, pi, n, ss, rs, add);
    else generic_scan(po, pi);
  };
  if (outer.empty()) {
    scan(rv.data(), sv.data());
    return res;
  }
  for_each_strided<2>(outer, {rv.data(), sv.data()}, st, [&](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t m) {
    for (int64_t j = 0; j < m; ++j) scan(p[0] + j * s[0], p[1] + j * s[1]);
  });
  return res;
}

namespace {

// The values of one slice, sorted ascending with NaN last (np.partition /
// np.sort order; sort_contiguous, core/ops/sort.hpp).
template <class T>
std::vector<T> sorted_slice(const char* p, int64_t n, int64_t s) {
  std::vector<T> v(static_cast<size_t>(n));
  if constexpr (std::is_same_v<T, bool>) {  // the falses, then the trues
    int64_t trues = 0;
    for (int64_t i = 0; i < n; ++i) trues += load<bool>(p + i * s);
    for (int64_t i = n - trues; i < n; ++i) v[size_t(i)] = true;
  } else {
    for (int64_t i = 0; i < n; ++i) v[size_t(i)] = load<T>(p + i * s);
    sort_contiguous(dtype_of<T>::value, reinterpret_cast<char*>(v.data()), n);
  }
  return v;
}

// Prepares the slices a quantile or median reduces: the data with the reduced
// axis last (flattened C order when axis is empty), the outer shape, and the
// shape the result takes with keepdims.
struct Slices {
  ArrayPtr hold;
  Array run;
  Shape outer, kshape;
};
Slices slices_of(const Array& a, std::optional<int> axis) {
  Slices s;
  if (!axis) {
    s.hold = c_order(a, a.dtype);
    s.run = *s.hold;
    s.run.shape = {a.size()};
    s.run.strides = {a.itemsize()};
    s.kshape.assign(a.ndim(), 1);
  } else {
    s.run = axis_last(a, *axis);
    s.outer.assign(s.run.shape.begin(), s.run.shape.end() - 1);
    s.kshape = a.shape;
    s.kshape[*axis] = 1;
  }
  return s;
}

}  // namespace

ArrayPtr quantile(const Array& a, const std::vector<double>& q, const Shape& q_shape, std::optional<int> axis,
                  bool keepdims) {
  if (is_complex(a.dtype)) type_error("a must be an array of real numbers");
  Slices sl = slices_of(a, axis);
  const int64_t n = sl.run.shape.back();
  const int64_t ss = sl.run.strides.back();
  Shape rshape = q_shape;
  const Shape& tail = keepdims ? sl.kshape : sl.outer;
  rshape.insert(rshape.end(), tail.begin(), tail.end());
  ArrayPtr res = make_array(DType::F64, rshape);
  const int64_t nouter = shape_size(sl.outer);
  if (res->size() == 0) return res;
  if (n == 0) index_error("index -1 is out of bounds for axis 0 with size 0");
  Strides ist(sl.run.strides.begin(), sl.run.strides.end() - 1);
  std::vector<char> tmp(size_t(nouter) * 8);
  visit_dtype(a.dtype, [&](auto t) {
    using T = decltype(t);
    if constexpr (ops::is_cplx<T>) {
      return;
    } else {
      for (size_t j = 0; j < q.size(); ++j) {
        const double qj = q[j];
        // _get_indexes / _get_gamma for method 'linear': virtual index (n-1)q.
        const double virt = double(n - 1) * qj;
        int64_t prev, next;
        double gamma;
        if (std::isnan(virt) || virt >= double(n - 1)) {
          prev = next = n - 1;
          gamma = virt + 1;  // previous_indexes was set to -1
        } else if (virt < 0) {
          prev = next = 0;
          gamma = virt;
        } else {
          prev = int64_t(std::floor(virt));
          next = prev + 1;
          gamma = virt - double(prev);
        }
        int64_t oi = 0;
        for_each_outer(sl.outer, ist, sl.run.data(), tmp.data(), 8, [&](char*, const char* pi) {
          std::vector<T> v = sorted_slice<T>(pi, n, ss);
          double r;
          bool has_nan = false;
          if constexpr (!std::is_integral_v<T>) has_nan = std::isnan(double(ops::compute_t<T>(v.back())));
          if (has_nan) {
            r = NAN;
          } else {
            // _lerp: the difference in the data's dtype, the rest in float64.
            double aa = double(ops::compute_t<T>(v[size_t(prev)])), bb = double(ops::compute_t<T>(v[size_t(next)]));
            double diff;
            if constexpr (std::is_same_v<T, bool>) {
              type_error("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.");
            } else if constexpr (std::is_integral_v<T>) {
              diff = double(ops::subtract::f(v[size_t(next)], v[size_t(prev)]));
            } else {
              using C = ops::compute_t<T>;
              diff = double(ops::compute_t<T>(T(C(v[size_t(next)]) - C(v[size_t(prev)]))));
            }
            r = gamma >= 0.5 ? bb - diff * (1.0 - gamma) : aa + diff * gamma;
          }
          store<double>(res->data() + (int64_t(j) * nouter + oi) * 8, r);
          ++oi;
        });
      }
    }
  });
  return res;
}

ArrayPtr median(const Array& a, std::optional<int> axis, bool keepdims) {
  Slices sl = slices_of(a, axis);
  const int64_t n = sl.run.shape.back();
  const int64_t ss = sl.run.strides.back();
  // mean's dtype: float64 for integers and bools, the input's for inexact
  // (float16 through a float32 accumulator, as np.mean does).
  const DType rd = is_integer(a.dtype) || a.dtype == DType::Bool ? DType::F64 : a.dtype;
  ArrayPtr res = make_array(rd, keepdims ? sl.kshape : sl.outer);
  if (res->size() == 0) return res;
  Strides ist(sl.run.strides.begin(), sl.run.strides.end() - 1);
  visit_dtype(a.dtype, [&](auto t) {
    using T = decltype(t);
    for_each_outer(sl.outer, ist, sl.run.data(), res->data(), itemsize(rd), [&](char* po, const char* pi) {
      if (n == 0) {
        store_as(rd, po, NAN);
        return;
      }
      const std::vector<T> v = sorted_slice<T>(pi, n, ss);
      const int64_t h = n / 2;
      // the mean of the middle one or two values: ((0 + x) + y) / count
      auto mean_of = [&](auto zero, int64_t count) {
        using A = decltype(zero);
        A s = zero;
        for (int64_t i = (count == 2 ? h - 1 : h); i <= h; ++i) s = s + cast_value<A>(v[size_t(i)]);
        return s / A(double(count));
      };
      bool nan_slice = false;
      if constexpr (ops::is_cplx<T>) nan_slice = ops::cisnan(v.back());
      else if constexpr (!std::is_integral_v<T>) nan_slice = std::isnan(double(ops::compute_t<T>(v.back())));
      const int64_t count = n % 2 ? 1 : 2;
      if (rd == DType::F64 && !is_float(a.dtype)) {
        store<double>(po, mean_of(0.0, count));
      } else if constexpr (ops::is_half<T>) {
        float m = mean_of(0.0f, count);
        store(po, half(nan_slice ? NAN : m));
      } else if constexpr (ops::is_cplx<T>) {
        store(po, mean_of(T(0), count));
      } else if constexpr (std::is_floating_point_v<T>) {
        store(po, nan_slice ? T(NAN) : mean_of(T(0), count));
      }
    });
  });
  return res;
}

}  // namespace sl

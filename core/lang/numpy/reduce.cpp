// numpy/reduce: NumPy's reductions as Python functions and ndarray methods --
// np.sum / mean / std / var / min / max / argmax / prod / cumsum / any / all /
// median / percentile / ptp / count_nonzero / the nan-variants, and the
// ufunc methods reduce and accumulate. The numeric work is in
// core/kernels/reduce.hpp; this file mirrors the Python layer of NumPy
// (numpy/core/_methods.py, fromnumeric.py, nanfunctions.py): default dtypes,
// how mean divides by the count, var's two passes, which results are scalars.
#include <cmath>
#include <map>
#include <cstring>
#include <set>

#include "core/ops/strings.hpp"
#include "core/model/element.hpp"
#include "core/numpy/join.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/reduce.hpp"
#include "core/lang/numpy/ufuncs.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

int axis_int(Interp& in, const Value& v, AxisReader how) {
  const int64_t k = in.index_value(v);
  if (k < INT32_MIN || k > INT32_MAX) {
    if (how == AxisReader::NumpyC) in.raise_exc("ValueError", "integer won't fit into a C int");
    if (how == AxisReader::NumpyPython || how == AxisReader::NumpySequence)
      in.raise_exc("OverflowError", "Python int too large to convert to C int");
  }
  return int(std::clamp<int64_t>(k, INT32_MIN, INT32_MAX));
}

int c_int_arg(Interp& in, const Value& v, CIntReader how) {
  const int64_t k = is_bigint(v) ? (int_to_double(in, v) < 0 ? INT64_MIN : INT64_MAX) : in.index_value(v);
  if (k >= INT32_MIN && k <= INT32_MAX) return int(k);
  if (how == CIntReader::NpyParse) in.raise_exc("OverflowError", "Python int too large to convert to C int");
  in.raise_exc("OverflowError", k > 0 ? "signed integer is greater than maximum" : "signed integer is less than minimum");
}

namespace {
// One axis normalised against ndim; PyTorch's words for a tensor's dims.
int normalized(Interp& in, const Value& v, int ndim, AxisReader how) {
  if (how != AxisReader::Torch) return normalize_axis_index(axis_int(in, v, how), ndim);
  const int64_t k = in.index_value(v), n = std::max(ndim, 1);
  if (k < -n || k >= n)
    in.raise_exc("IndexError", "Dimension out of range (expected to be in range of [" + std::to_string(-n) + ", " +
                                   std::to_string(n - 1) + "], but got " + std::to_string(k) + ")");
  return int(k < 0 ? k + n : k);
}
}  // namespace

std::vector<bool> reduce_axes(Interp& in, const Value& axis, int ndim, AxisReader how) {
  std::vector<bool> r(ndim, axis.is_none());
  if (axis.is_none()) return r;
  std::vector<Value> items;
  const bool lists = how == AxisReader::Torch || how == AxisReader::NumpySequence;
  if (axis.as<TupleObj>() || (lists && axis.as<ListObj>())) items = in.to_vector(axis);
  else items.push_back(axis);
  for (auto& v : items) {
    int k = normalized(in, v, ndim, how);
    if (how == AxisReader::Torch && ndim == 0) continue;
    if (r[k]) {
      if (how == AxisReader::Torch)
        in.raise_exc("RuntimeError", "dim " + std::to_string(k) + " appears multiple times in the list of dims");
      in.raise_exc("ValueError", "duplicate value in 'axis'");
    }
    r[k] = true;
  }
  return r;
}

std::optional<int> single_axis(Interp& in, const Value& axis, int ndim, AxisReader how) {
  if (axis.is_none()) return std::nullopt;
  return normalized(in, axis, ndim, how);
}

namespace {

// A tensor's dims are read as PyTorch reads them, an ndarray's axes by `numpy`.
AxisReader reader_for(const Array& a, AxisReader numpy) { return a.is_torch() ? AxisReader::Torch : numpy; }

ArrayPtr arr_arg(Interp& in, const Value& v) {
  if (v.is_array() && v.arr().flavor != Flavor::DummyBase) return v.array();
  // np.asarray('x') is a 0-d '<U1' array: the reduction's own loop lookup
  // refuses it (Note [Flexible dtypes]), not the conversion.
  if (v.as<StrObj>()) return to_array_full(in, v, std::nullopt);
  return operand_or_raise(in, v).array;
}

std::optional<DType> dtype_arg(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return to_dtype(in, v);
}

bool keepdims_arg(Interp& in, const Value& v) { return !v.is_none() && in.truthy(v); }

// The accumulator dtype of np.sum / np.prod / cumsum / add.reduce when none is
// given: booleans and integers narrower than the platform integer use it
// (int64, or uint64 for unsigned), everything else keeps its dtype.
DType sum_dtype(DType dt) {
  if (dt == DType::Bool) return DType::I64;
  if (is_signed_int(dt) && itemsize(dt) < 8) return DType::I64;
  if (is_unsigned_int(dt) && itemsize(dt) < 8) return DType::U64;
  return dt;
}

int64_t reduced_count(const Array& a, const std::vector<bool>& axes) {
  int64_t n = 1;
  for (int k = 0; k < a.ndim(); ++k)
    if (axes[k]) n *= a.shape[k];
  return n;
}

Flavor flavor_of(const Array& a) { return a.is_torch() ? Flavor::Torch : Flavor::NumPy; }

// Writes a reduction result into out= (unsafe cast, as the reduction's own
// output would be) or returns it, a 0-d result as a NumPy scalar.
Value finish(Interp& in, ArrayPtr r, const ArrayPtr& out) {
  if (out) {
    if (out->shape != r->shape) {
      Shape b;
      if (!try_broadcast_shapes({r->shape, out->shape}, b) || b != out->shape)
        in.raise_exc("ValueError", "output parameter for reduction operation has the wrong shape " + shape_compact(out->shape) +
                                       ", expected " + shape_compact(r->shape));
      Array v = broadcast_layout(*r, out->shape);
      if (!out->writeable) in.raise_exc("ValueError", "output array is read-only");
      copy_into(*out, v);
      return wrap(out);
    }
    if (!out->writeable) in.raise_exc("ValueError", "output array is read-only");
    copy_into(*out, *r);
    return wrap(out);
  }
  return result_value(std::move(r));
}

// A 0-d operand holding `v` (np.intp / np.float64 scalars as NumPy's Python
// layer passes them to true_divide).
UfuncOperand count_operand(double v, bool integral) {
  UfuncOperand o{make_array(integral ? DType::I64 : DType::F64, {}), false};
  if (integral) store<int64_t>(o.array->data(), int64_t(v));
  else store<double>(o.array->data(), v);
  o.array->flavor = Flavor::Scalar;
  return o;
}

// ret / count as NumPy's _methods do it: an array result is divided in place
// (true_divide(ret, count, out=ret, casting='unsafe'): value-based, so in
// ret's dtype); a scalar result is divided as scalars (promoting to float64)
// and converted back with ret.dtype.type(...) -- or to `final` when given.
ArrayPtr divide_by_count(const ArrayPtr& ret, double count, bool integral, std::optional<DType> final = std::nullopt) {
  UfuncOperand c = count_operand(count, integral);
  if (ret->ndim() > 0) {
    UfuncOptions o;
    o.out = ret;
    o.casting = Casting::Unsafe;
    ufunc_call(Ufunc::divide, {UfuncOperand{ret}, c}, o);
    return ret;
  }
  ArrayPtr s = std::make_shared<Array>(*ret);
  s->flavor = Flavor::Scalar;
  ArrayPtr q = ufunc_call(Ufunc::divide, {UfuncOperand{s}, c});
  return copy_as(*q, final ? *final : ret->dtype);
}

// Elements where `mask` is false replaced by the 0-d `fill` (reductions' where=).
ArrayPtr masked_with(Interp& in, const ArrayPtr& a, const Value& where, const Array& fillv) {
  ArrayPtr m = to_array(in, where);
  if (m->dtype != DType::Bool) m = copy_as(*m, DType::Bool);
  Shape b;
  if (!try_broadcast_shapes({a->shape, m->shape}, b) || b != a->shape)
    in.raise_exc("ValueError", "operands could not be broadcast together with shapes " + shape_compact(a->shape) + " " +
                                   shape_compact(m->shape) + " ");
  ArrayPtr r = make_array(a->dtype, a->shape);
  Array f = fillv;
  ArrayPtr fc = copy_as(f, a->dtype);
  Array fb = broadcast_layout(*fc, a->shape);
  copy_into(*r, fb);
  Strides ms = broadcast_strides(m->shape, m->strides, a->shape);
  const int64_t isz = a->itemsize();
  std::vector<int64_t> idx(a->ndim(), 0);
  for (int64_t k = 0; k < a->size(); ++k) {
    int64_t mo = m->offset, ao = flat_offset(*a, idx), ro = flat_offset(*r, idx);
    for (int d = 0; d < a->ndim(); ++d) mo += idx[d] * ms[d];
    if (m->storage->data()[mo]) std::memcpy(r->storage->data() + ro, a->storage->data() + ao, size_t(isz));
    for (int d = a->ndim() - 1; d >= 0; --d) {
      if (++idx[d] < a->shape[d]) break;
      idx[d] = 0;
    }
  }
  return r;
}

// ---------------------------------------------------------------- the reductions

struct RArgs {
  Value axis, dtype, out, keepdims, initial, where;
  bool has_initial = false;
};

// ufunc.reduce's backwards-compatible special case (ufunc_object.c,
// PyUFunc_GenericReduction): an integer axis of 0 or -1 on a 0-d array
// reduces nothing, so np.sum(np.array(2.5), axis=0) is 2.5. A tuple axis gets
// no such leniency.
Value legacy_0d_axis(Interp& in, int ndim, const Value& axis) {
  if (ndim != 0 || axis.is_none() || axis.as<TupleObj>() || axis.as<ListObj>()) return axis;
  const int64_t k = in.index_value(axis);
  if (k == 0 || k == -1) return make_tuple({});
  return axis;
}

Value do_reduce(Interp& in, ReduceOp op, const ArrayPtr& a, const RArgs& r) {
  // the axis is converted before the loop is looked up (np.max('ab', 'cd') is the axis' TypeError)
  std::vector<bool> axes = reduce_axes(in, legacy_0d_axis(in, a->ndim(), r.axis), a->ndim(), reader_for(*a, AxisReader::NumpyC));
  if (a->descr) raise_flexible_reduce(reduce_ufunc_name(op), *a);  // Note [Flexible dtypes]
  std::optional<DType> dt = dtype_arg(in, r.dtype);
  DType work;
  switch (op) {
    case ReduceOp::sum:
    case ReduceOp::prod: work = dt ? *dt : sum_dtype(a->dtype); break;
    case ReduceOp::any:
    case ReduceOp::all: work = DType::Bool; break;
    default: work = dt ? *dt : a->dtype;
  }
  ArrayPtr src = a;
  ArrayPtr init;
  if (r.has_initial) init = operand_or_raise(in, r.initial).array;
  if (!(r.where.is_bool() && r.where.as_bool()) && !r.where.is_none()) {
    ArrayPtr fillv = init;
    if (!fillv) {
      if (op == ReduceOp::sum || op == ReduceOp::any) fillv = make_array(DType::Bool, {});
      else if (op == ReduceOp::prod || op == ReduceOp::all) {
        fillv = make_array(DType::Bool, {});
        fillv->data()[0] = 1;
      } else {
        in.raise_exc("ValueError", std::string("reduction operation '") + reduce_ufunc_name(op) +
                                       "' does not have an identity, so to use a where mask one has to specify 'initial'");
      }
    }
    src = masked_with(in, a, r.where, *fillv);
  }
  ArrayPtr res = reduce(op, *src, axes, work, keepdims_arg(in, r.keepdims), flavor_of(*a), init.get());
  return finish(in, res, out_arg(in, r.out));
}

// np.mean (numpy/core/_methods.py: _mean).
Value do_mean(Interp& in, const ArrayPtr& a, const Value& axisv, const Value& dtv, const Value& outv, const Value& kdv) {
  std::vector<bool> axes = reduce_axes(in, axisv, a->ndim(), reader_for(*a, AxisReader::NumpyPython));
  std::optional<DType> dt = dtype_arg(in, dtv);
  const bool keepdims = keepdims_arg(in, kdv);
  bool f16 = false;
  if (!dt) {
    if (is_integer(a->dtype) || a->dtype == DType::Bool) dt = DType::F64;
    else if (a->dtype == DType::F16) {
      dt = DType::F32;
      f16 = true;
    } else {
      dt = a->dtype;
    }
  }
  const int64_t rcount = reduced_count(*a, axes);
  ArrayPtr ret = reduce(ReduceOp::sum, *a, axes, *dt, keepdims, flavor_of(*a));
  ArrayPtr out = out_arg(in, outv);
  if (ret->ndim() > 0) {
    divide_by_count(ret, double(rcount), true);
    if (f16 && !out) ret = copy_as(*ret, DType::F16);
  } else {
    ret = divide_by_count(ret, double(rcount), true, f16 ? std::optional<DType>(DType::F16) : std::nullopt);
  }
  return finish(in, ret, out);
}

// np.var (numpy/core/_methods.py: _var): mean with keepdims, the squared
// deviations (|x|^2 for complex), their sum, divided by max(n - ddof, 0).
ArrayPtr var_array(Interp& in, const ArrayPtr& a, const Value& axisv, const Value& dtv, const Value& ddofv, bool keepdims) {
  std::vector<bool> axes = reduce_axes(in, axisv, a->ndim(), reader_for(*a, AxisReader::NumpyPython));
  std::optional<DType> dt = dtype_arg(in, dtv);
  if (!dt && (is_integer(a->dtype) || a->dtype == DType::Bool)) dt = DType::F64;
  const int64_t rcount = reduced_count(*a, axes);
  const DType sum_dt = dt ? *dt : a->dtype;
  ArrayPtr arrmean = reduce(ReduceOp::sum, *a, axes, sum_dt, true, flavor_of(*a));
  arrmean = divide_by_count(arrmean, double(rcount), true);
  ArrayPtr x = ufunc_call2(Ufunc::subtract, a, arrmean);
  if (x->flavor == Flavor::Scalar) {  // a 0-d input: x is a fresh temporary, squared in place below
    x->flavor = Flavor::NumPy;
    x->writeable = true;
  }
  if (is_complex(x->dtype)) {
    ArrayPtr r = make_array(real_part(x->dtype), x->shape);
    visit_dtype(x->dtype, [&](auto t) {
      using T = decltype(t);
      if constexpr (is_complex_t<T>::value) {
        using F = typename T::value_type;
        std::vector<int64_t> idx(x->ndim(), 0);
        for (int64_t k = 0; k < x->size(); ++k) {
          T v = load<T>(x->storage->data() + flat_offset(*x, idx));
          F re = v.real() * v.real(), im = v.imag() * v.imag();
          store<F>(r->data() + k * int64_t(sizeof(F)), re + im);
          for (int d = x->ndim() - 1; d >= 0; --d) {
            if (++idx[d] < x->shape[d]) break;
            idx[d] = 0;
          }
        }
      }
    });
    x = r;
  } else {
    ufunc_call2(Ufunc::multiply, x, x, x);
  }
  ArrayPtr ret = reduce(ReduceOp::sum, *x, axes, dt && !is_complex(*dt) ? *dt : x->dtype, keepdims, flavor_of(*a));
  double ddof = ddofv.is_none() ? 0.0 : in.float_value(ddofv);
  const bool int_ddof = ddofv.is_none() || ddofv.is_int() || ddofv.is_bool();
  double count = std::max(double(rcount) - ddof, 0.0);
  return divide_by_count(ret, count, int_ddof);
}

Value do_var(Interp& in, const ArrayPtr& a, const Value& axis, const Value& dt, const Value& out, const Value& ddof,
             const Value& kd, bool take_sqrt) {
  ArrayPtr v = var_array(in, a, axis, dt, ddof, keepdims_arg(in, kd));
  if (take_sqrt) {
    if (v->ndim() > 0) {
      ufunc_call1(Ufunc::sqrt, v, v);
    } else {
      ArrayPtr s = std::make_shared<Array>(*v);
      s->flavor = Flavor::Scalar;
      v = ufunc_call1(Ufunc::sqrt, s);
      v->flavor = Flavor::NumPy;
    }
  }
  return finish(in, v, out_arg(in, out));
}

Value do_arg(Interp& in, bool is_max, const ArrayPtr& a, const Value& axisv, const Value& outv, const Value& kdv) {
  // PyArray_CheckAxis views a 0-d array as 1-d: axis 0 / -1 are accepted
  // ("axis 1 is out of bounds for array of dimension 1" otherwise).
  if (a->ndim() == 0 && !axisv.is_none()) {
    normalize_axis_index(axis_int(in, axisv), 1);
    ArrayPtr r = arg_reduce(is_max, *a, std::nullopt, keepdims_arg(in, kdv), flavor_of(*a));
    return finish(in, r, out_arg(in, outv));
  }
  std::optional<int> axis = single_axis(in, axisv, a->ndim(), reader_for(*a, AxisReader::NumpyC));
  ArrayPtr r = arg_reduce(is_max, *a, axis, keepdims_arg(in, kdv), flavor_of(*a));
  return finish(in, r, out_arg(in, outv));
}

Value do_accumulate(Interp& in, Ufunc op, const ArrayPtr& a, const Value& axisv, const Value& dtv, const Value& outv,
                    bool flatten_none) {
  std::optional<int> axis;
  if (!axisv.is_none()) axis = single_axis(in, axisv, std::max(a->ndim(), 1), reader_for(*a, AxisReader::NumpyC));
  else if (!flatten_none) axis = 0;
  std::optional<DType> dt = dtype_arg(in, dtv);
  DType work = dt ? *dt : (op == Ufunc::add || op == Ufunc::multiply) ? sum_dtype(a->dtype) : a->dtype;
  ArrayPtr src = a;
  if (a->ndim() == 0) {
    if (!flatten_none) in.raise_exc("TypeError", "cannot accumulate on a scalar");
    src = std::make_shared<Array>(*a);
    src->shape = {1};
    src->strides = {a->itemsize()};
    axis = std::nullopt;
  }
  ArrayPtr r = accumulate(op, *src, axis, work, flavor_of(*a));
  ArrayPtr out = out_arg(in, outv);
  if (out) {
    copy_into(*out, *r);
    return wrap(out);
  }
  return wrap(r);
}

Value do_ptp(Interp& in, const ArrayPtr& a, const Value& axis, const Value& outv, const Value& kd) {
  RArgs r;
  r.axis = axis;
  r.keepdims = kd;
  r.where = Value::boolean(true);
  Value mx = do_reduce(in, ReduceOp::max, a, r), mn = do_reduce(in, ReduceOp::min, a, r);
  UfuncOptions o;
  o.out = out_arg(in, outv);
  ArrayPtr d = ufunc_call(Ufunc::subtract, {operand_or_raise(in, mx), operand_or_raise(in, mn)}, o);
  return o.out ? wrap(o.out) : result_value(d);
}

// The axes a median/percentile reduces, folded into one trailing axis of a
// copy when there are several (NumPy's _ureduce), and the keepdims shape.
struct FoldedAxis {
  ArrayPtr arr;
  std::optional<int> axis;
  Shape keep_shape;  // the result shape with keepdims=True (after the q dims)
};
FoldedAxis fold_axes(Interp& in, const ArrayPtr& a, const Value& axisv) {
  FoldedAxis f;
  std::vector<bool> axes = reduce_axes(in, axisv, a->ndim(), reader_for(*a, AxisReader::NumpySequence));
  f.keep_shape = a->shape;
  int nred = 0;
  for (int k = 0; k < a->ndim(); ++k)
    if (axes[k]) {
      f.keep_shape[k] = 1;
      ++nred;
    }
  if (axisv.is_none() || nred == a->ndim()) {
    f.arr = a;
    f.axis = std::nullopt;
    return f;
  }
  if (nred == 1) {
    f.arr = a;
    for (int k = 0; k < a->ndim(); ++k)
      if (axes[k]) f.axis = k;
    return f;
  }
  std::vector<int64_t> perm;
  Shape kept;
  int64_t rsize = 1;
  for (int k = 0; k < a->ndim(); ++k)
    if (!axes[k]) {
      perm.push_back(k);
      kept.push_back(a->shape[k]);
    }
  for (int k = 0; k < a->ndim(); ++k)
    if (axes[k]) {
      perm.push_back(k);
      rsize *= a->shape[k];
    }
  ArrayPtr t = copy_array(*transpose(a, perm), 'C');
  kept.push_back(rsize);
  t->shape = kept;
  t->strides = default_strides(kept, t->itemsize(), 'C');
  f.arr = t;
  f.axis = int(kept.size()) - 1;
  return f;
}

Value do_median(Interp& in, const ArrayPtr& a, const Value& axisv, const Value& outv, const Value& kdv) {
  FoldedAxis f = fold_axes(in, a, axisv);
  const bool keepdims = keepdims_arg(in, kdv);
  ArrayPtr r = median(*f.arr, f.axis, false);
  if (keepdims) {
    r->shape = f.keep_shape;
    r->strides = default_strides(f.keep_shape, r->itemsize(), 'C');
  }
  return finish(in, r, out_arg(in, outv));
}

Value do_quantile(Interp& in, const ArrayPtr& a, const Value& qv, double scale, const Value& axisv, const Value& outv,
                  const Value& methodv, const Value& kdv) {
  if (auto* m = methodv.as<StrObj>(); m && m->s != "linear")
    in.raise_exc("NotImplementedError", "stridelab implements percentile/quantile method='linear' only");
  ArrayPtr q = copy_as(*operand_or_raise(in, qv).array, DType::F64, 'C');
  std::vector<double> qs(size_t(q->size()));
  for (int64_t k = 0; k < q->size(); ++k) {
    double x = load<double>(q->data() + 8 * k) / scale;  // np.true_divide(q, 100)
    if (!(x >= 0 && x <= 1))
      in.raise_exc("ValueError", scale == 100 ? "Percentiles must be in the range [0, 100]" : "Quantiles must be in the range [0, 1]");
    qs[size_t(k)] = x;
  }
  FoldedAxis f = fold_axes(in, a, axisv);
  const bool keepdims = keepdims_arg(in, kdv);
  // An empty axis fails where NumPy 2.2's _quantile first indexes it, with
  // the axis moved to the front: an inexact array's NaN check reads arr[-1];
  // otherwise arr[previous_indexes], whose first entry is -1 for q = 0 (a
  // virtual index of -0.0 counts as "above bounds") and 0 for q > 0.
  const int64_t axis_len = f.axis ? f.arr->shape[size_t(*f.axis)] : f.arr->size();
  if (axis_len == 0 && (is_inexact(a->dtype) || q->size() > 0)) {
    const bool minus_one = is_inexact(a->dtype) || qs[0] == 0;
    in.raise_exc("IndexError", std::string("index ") + (minus_one ? "-1" : "0") + " is out of bounds for axis 0 with size 0");
  }
  ArrayPtr r = quantile(*f.arr, qs, q->shape, f.axis, false);
  if (keepdims) {
    Shape s = q->shape;
    s.insert(s.end(), f.keep_shape.begin(), f.keep_shape.end());
    r->shape = s;
    r->strides = default_strides(s, r->itemsize(), 'C');
  }
  return finish(in, r, out_arg(in, outv));
}

Value do_count_nonzero(Interp& in, const ArrayPtr& a, const Value& axisv, const Value& kdv) {
  const bool keepdims = keepdims_arg(in, kdv);
  std::vector<bool> axes = reduce_axes(in, legacy_0d_axis(in, a->ndim(), axisv), a->ndim(), reader_for(*a, AxisReader::NumpyC));
  ArrayPtr b = a->dtype == DType::Bool ? a : copy_as(*a, DType::Bool);
  ArrayPtr r = reduce(ReduceOp::sum, *b, axes, DType::I64, keepdims);
  if (axisv.is_none() && !keepdims) return Value::integer(load<int64_t>(r->data()));
  return result_value(r);
}

// NaN replaced by `v` in a copy of an inexact array (nanfunctions.py: _replace_nan).
ArrayPtr replace_nan(const ArrayPtr& a, double v, ArrayPtr* mask = nullptr) {
  if (!is_inexact(a->dtype)) return a;
  ArrayPtr nan = ufunc_call1(Ufunc::isnan, a);
  if (nan->flavor == Flavor::Scalar) nan->flavor = Flavor::NumPy;
  ArrayPtr r = copy_array(*a, 'C');
  ArrayPtr nc = copy_array(*nan, 'C');
  const int64_t isz = r->itemsize();
  alignas(16) char buf[16];
  store_as(r->dtype, buf, v);
  for (int64_t k = 0; k < r->size(); ++k)
    if (nc->data()[k]) std::memcpy(r->data() + k * isz, buf, size_t(isz));
  if (mask) *mask = nc;
  return r;
}

// ---------------------------------------------------------------- argument parsing

// sum/prod: (axis, dtype, out, keepdims, initial, where) from positional index p.
RArgs sum_args(Args& a, size_t p) {
  RArgs r;
  r.axis = a.optional(p, "axis");
  r.dtype = a.optional(p + 1, "dtype");
  r.out = a.optional(p + 2, "out");
  r.keepdims = a.optional(p + 3, "keepdims");
  r.has_initial = a.take(p + 4, "initial", r.initial) && !r.initial.is_none();
  r.where = a.optional(p + 5, "where", Value::boolean(true));
  a.finish(p + 6);
  return r;
}
// max/min: (axis, out, keepdims, initial, where)
RArgs minmax_args(Args& a, size_t p) {
  RArgs r;
  r.axis = a.optional(p, "axis");
  r.out = a.optional(p + 1, "out");
  r.keepdims = a.optional(p + 2, "keepdims");
  r.has_initial = a.take(p + 3, "initial", r.initial) && !r.initial.is_none();
  r.where = a.optional(p + 4, "where", Value::boolean(true));
  a.finish(p + 5);
  return r;
}
// any/all: (axis, out, keepdims, where)
RArgs anyall_args(Args& a, size_t p) {
  RArgs r;
  r.axis = a.optional(p, "axis");
  r.out = a.optional(p + 1, "out");
  r.keepdims = a.optional(p + 2, "keepdims");
  r.where = a.optional(p + 3, "where", Value::boolean(true));
  a.finish(p + 4);
  return r;
}

using Impl = std::function<Value(Interp&, const ArrayPtr&, Args&, size_t)>;

// Registers np.<name>(a, ...) and ndarray.<method>(...) with one implementation.
// NumPy's reductions hand an object that is not an ndarray to its own method
// of the same name (_wrapreduction; mean/std/var in _methods' wrappers):
// obj.sum(axis=axis, out=out, ...), with dtype= where NumPy passes it. A
// tensor thus answers np.sum(t) as Tensor.sum would those keywords.
// Returns false for the functions and objects that do not delegate.
bool delegate_reduction(Interp& in, const std::string& fname, Args& a, Value& out) {
  static const std::map<std::string, std::vector<const char*>> params = {
      {"sum", {"axis", "dtype", "out", "keepdims", "initial", "where"}},
      {"prod", {"axis", "dtype", "out", "keepdims", "initial", "where"}},
      {"any", {"axis", "out", "keepdims", "where"}},
      {"all", {"axis", "out", "keepdims", "where"}},
      {"max", {"axis", "out", "keepdims", "initial", "where"}},
      {"amax", {"axis", "out", "keepdims", "initial", "where"}},
      {"min", {"axis", "out", "keepdims", "initial", "where"}},
      {"amin", {"axis", "out", "keepdims", "initial", "where"}},
      {"mean", {"axis", "dtype", "out", "keepdims", "where"}},
      {"std", {"axis", "dtype", "out", "ddof", "keepdims", "where"}},
      {"var", {"axis", "dtype", "out", "ddof", "keepdims", "where"}},
  };
  auto it = params.find(fname);
  if (it == params.end() || a.pos.empty() || !is_tensor(a.pos[0]) || tensor_method_depth() > 0) return false;
  const Value obj = a.pos[0];
  Args call;
  const auto& names = it->second;
  for (size_t k = 0; k < names.size(); ++k) {
    const std::string n = names[k];
    Value v;
    const bool given = a.take(k + 1, n.c_str(), v);
    // axis and out always go; dtype for sum/prod when given, for mean/std/var always
    if (n == "axis" || n == "out" || (n == "dtype" && (given || fname == "mean" || fname == "std" || fname == "var")) || given)
      call.kw.emplace_back(n, v);
  }
  a.finish(names.size() + 1);
  const std::string method = fname == "amax" ? "max" : fname == "amin" ? "min" : fname;
  out = in.call(in.getattr(obj, method), call);
  return true;
}

// `params`: np.<fname>'s (Note [One row per callable]); the method binds as its body reads.
void def_both(Interp& in, ModuleObj& np, const char* fname, const char* method, Params params, Impl impl) {
  if (fname)
    def_fn(in, np, fname, [impl, fname](Interp& in, Args& a) -> Value {
      a.fname = fname;
      if (Value r; delegate_reduction(in, fname, a, r)) return r;
      return impl(in, arr_arg(in, a.required(0, "a")), a, 1);
    }, params);
  if (method)
    def_ndarray_method(method, [impl, method](Interp& in, const ArrayPtr& self, Args& a) -> Value {
      a.fname = method;
      return impl(in, self, a, 0);
    });
}

std::optional<ReduceOp> reduce_op_of(Ufunc op) {
  switch (op) {
    case Ufunc::add: return ReduceOp::sum;
    case Ufunc::multiply: return ReduceOp::prod;
    case Ufunc::maximum: return ReduceOp::max;
    case Ufunc::minimum: return ReduceOp::min;
    case Ufunc::fmax: return ReduceOp::fmax;
    case Ufunc::fmin: return ReduceOp::fmin;
    case Ufunc::logical_or: return ReduceOp::any;
    case Ufunc::logical_and: return ReduceOp::all;
    default: return std::nullopt;
  }
}

bool reorderable(Ufunc op) {
  switch (op) {
    case Ufunc::bitwise_and: case Ufunc::bitwise_or: case Ufunc::bitwise_xor: case Ufunc::logical_xor: case Ufunc::gcd:
      return true;
    default:
      return reduce_op_of(op).has_value();
  }
}

}  // namespace

// ufunc.reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)
Value ufunc_reduce(Interp& in, Ufunc op, Args& a) {
  a.fname = "reduce";
  if (ufunc_nin(op) != 2) in.raise_exc("ValueError", "reduce only supported for binary functions");
  ArrayPtr arr = arr_arg(in, a.required(0, "array"));
  RArgs r;
  r.axis = a.optional(1, "axis", Value::integer(0));
  r.dtype = a.optional(2, "dtype");
  r.out = a.optional(3, "out");
  r.keepdims = a.optional(4, "keepdims");
  r.has_initial = a.take(5, "initial", r.initial) && !r.initial.is_none();
  r.where = a.optional(6, "where", Value::boolean(true));
  a.finish(7);
  r.axis = legacy_0d_axis(in, arr->ndim(), r.axis);
  if (arr->ndim() == 0 && !r.axis.is_none()) {
    auto* t = r.axis.as<TupleObj>();
    if (!(t && t->items.empty())) normalize_axis_index(in.index_value(r.axis.as<TupleObj>() ? t->items[0] : r.axis), 0);
  }
  if (auto rop = reduce_op_of(op)) {
    if ((*rop == ReduceOp::max || *rop == ReduceOp::min || *rop == ReduceOp::fmax || *rop == ReduceOp::fmin) &&
        !r.dtype.is_none())
      arr = copy_as(*arr, to_dtype(in, r.dtype));
    return do_reduce(in, *rop, arr, r);
  }
  // Other binary ufuncs: fold along each reduced axis in turn, elementwise:
  // acc = a[0]; acc = op(acc, a[i]) for i = 1..n-1 (ufunc.reduce's definition).
  std::vector<bool> axes = reduce_axes(in, r.axis, arr->ndim());
  int nred = 0;
  for (bool b : axes) nred += b;
  if (nred > 1 && !reorderable(op))
    in.raise_exc("ValueError", std::string("reduction operation '") + ufunc_name(op) +
                                   "' is not reorderable, so at most one axis may be specified");
  std::optional<DType> dt = dtype_arg(in, r.dtype);
  ArrayPtr acc = dt ? copy_as(*arr, *dt) : arr;
  std::vector<int> red_order;
  for (int k = arr->ndim() - 1; k >= 0; --k)
    if (axes[k]) red_order.push_back(k);
  for (int k : red_order) {
    const int64_t n = acc->shape[k];
    if (n == 0) in.raise_exc("ValueError", std::string("zero-size array to reduction operation ") + ufunc_name(op) + " which has no identity");
    std::vector<IndexItem> first(acc->ndim());
    for (auto& it : first) it.kind = IndexItem::Slice;
    first[k].kind = IndexItem::Int;
    first[k].i = 0;
    ArrayPtr cur = copy_array(*basic_index(acc, first), 'C');
    for (int64_t i = 1; i < n; ++i) {
      first[k].i = i;
      ArrayPtr nxt = ufunc_call(op, {UfuncOperand{cur}, UfuncOperand{basic_index(acc, first)}}, UfuncOptions{});
      if (nxt->flavor == Flavor::Scalar) nxt->flavor = Flavor::NumPy;
      cur = nxt;
    }
    acc = cur;
    if (keepdims_arg(in, r.keepdims)) {
      Shape s = acc->shape;
      s.insert(s.begin() + k, 1);
      acc = reshape(acc, s);
    }
  }
  return finish(in, acc, out_arg(in, r.out));
}

// ufunc.accumulate(array, axis=0, dtype=None, out=None)
Value ufunc_accumulate(Interp& in, Ufunc op, Args& a) {
  a.fname = "accumulate";
  ArrayPtr arr = arr_arg(in, a.required(0, "array"));
  Value axis = a.optional(1, "axis", Value::integer(0));
  Value dt = a.optional(2, "dtype"), out = a.optional(3, "out");
  a.finish(4);
  if (axis.is_none()) in.raise_exc("TypeError", "'NoneType' object cannot be interpreted as an integer");
  return do_accumulate(in, op, arr, axis, dt, out, false);
}

// ufunc.reduceat(array, indices, axis=0, dtype=None, out=None): result[i] folds op
// over array[indices[i]:indices[i+1]] along axis (to the end for the last index),
// or is array[indices[i]] itself when indices[i] >= indices[i+1].
Value ufunc_reduceat(Interp& in, Ufunc op, Args& a) {
  a.fname = "reduceat";
  if (ufunc_nin(op) != 2) in.raise_exc("ValueError", "reduceat only supported for binary functions");
  ArrayPtr arr = arr_arg(in, a.required(0, "array"));
  ArrayPtr idx = to_array(in, a.required(1, "indices"));
  Value axis = a.optional(2, "axis", Value::integer(0)), dt = a.optional(3, "dtype"), out = a.optional(4, "out");
  a.finish(5);
  if (arr->ndim() == 0) in.raise_exc("TypeError", "cannot reduceat a 0-d array");
  if (!is_integer(idx->dtype) || idx->ndim() != 1) in.raise_exc("TypeError", "index must be a 1-d integer array");
  const int k = normalize_axis_index(in.index_value(axis), arr->ndim());
  std::optional<DType> dtype = dtype_arg(in, dt);
  ArrayPtr src = dtype ? copy_as(*arr, *dtype) : arr;
  const int64_t n = src->shape[size_t(k)], m = idx->size();
  ArrayPtr ix = copy_as(*idx, DType::I64);
  std::vector<ArrayPtr> parts;
  std::vector<IndexItem> at(size_t(src->ndim()));
  for (auto& it : at) it.kind = IndexItem::Slice;
  at[size_t(k)].kind = IndexItem::Int;
  for (int64_t i = 0; i < m; ++i) {
    const int64_t lo = load<int64_t>(ix->data() + 8 * i), hi = i + 1 < m ? load<int64_t>(ix->data() + 8 * (i + 1)) : n;
    if (lo < 0 || lo >= n) in.raise_exc("IndexError", "index " + std::to_string(lo) + " out-of-bounds in " + ufunc_name(op) + ".reduceat [0, " + std::to_string(n) + ")");
    at[size_t(k)].i = lo;
    ArrayPtr cur = copy_array(*basic_index(src, at), 'C');
    for (int64_t j = lo + 1; j < std::min(hi, n); ++j) {
      at[size_t(k)].i = j;
      ArrayPtr nxt = ufunc_call(op, {UfuncOperand{cur}, UfuncOperand{basic_index(src, at)}}, UfuncOptions{});
      if (nxt->flavor == Flavor::Scalar) nxt->flavor = Flavor::NumPy;
      cur = nxt;
    }
    parts.push_back(cur);
  }
  if (parts.empty()) in.raise_exc("ValueError", "reduceat: empty indices");
  DType common = parts[0]->dtype;
  for (auto& p : parts) common = promote(common, p->dtype);
  return finish(in, stack(parts, k, common), out_arg(in, out));
}

void install_numpy_reductions(Interp& in, ModuleObj& np) {
  def_both(in, np, "sum", "sum", {"sum(a, axis=, dtype=, out=, keepdims=, initial=, where=)"}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
    return do_reduce(in, ReduceOp::sum, a, sum_args(args, p));
  });
  def_both(in, np, "prod", "prod", {"prod(a, axis=, dtype=, out=, keepdims=, initial=, where=)"}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
    return do_reduce(in, ReduceOp::prod, a, sum_args(args, p));
  });
  for (auto [nm, params] : {std::pair{"max", "max(a, axis=, out=, keepdims=, initial=, where=)"},
                            {"amax", "amax(a, axis=, out=, keepdims=, initial=, where=)"}})
    def_both(in, np, nm, std::strcmp(nm, "max") == 0 ? "max" : nullptr, {params}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
      return do_reduce(in, ReduceOp::max, a, minmax_args(args, p));
    });
  for (auto [nm, params] : {std::pair{"min", "min(a, axis=, out=, keepdims=, initial=, where=)"},
                            {"amin", "amin(a, axis=, out=, keepdims=, initial=, where=)"}})
    def_both(in, np, nm, std::strcmp(nm, "min") == 0 ? "min" : nullptr, {params}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
      return do_reduce(in, ReduceOp::min, a, minmax_args(args, p));
    });
  def_both(in, np, "any", "any", {"any(a, axis=, out=, keepdims=, *, where=)"}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
    return do_reduce(in, ReduceOp::any, a, anyall_args(args, p));
  });
  def_both(in, np, "all", "all", {"all(a, axis=, out=, keepdims=, *, where=)"}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
    return do_reduce(in, ReduceOp::all, a, anyall_args(args, p));
  });
  def_both(in, np, "mean", "mean", {"mean(a, axis=, dtype=, out=, keepdims=, *, where=)"}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
    Value axis = args.optional(p, "axis"), dt = args.optional(p + 1, "dtype"), out = args.optional(p + 2, "out"),
          kd = args.optional(p + 3, "keepdims");
    Value where = args.optional(p + 4, "where", Value::boolean(true));
    args.finish(p + 5);
    if (!(where.is_bool() && where.as_bool()))
      in.raise_exc("NotImplementedError", "mean(where=...) is not supported in stridelab");
    return do_mean(in, a, axis, dt, out, kd);
  });
  for (bool is_std : {false, true})
    def_both(in, np, is_std ? "std" : "var", is_std ? "std" : "var",
             {is_std ? "std(a, axis=, dtype=, out=, ddof=, keepdims=, *, where=, mean=, correction=)"
                     : "var(a, axis=, dtype=, out=, ddof=, keepdims=, *, where=, mean=, correction=)"},
             [is_std](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
      Value axis = args.optional(p, "axis"), dt = args.optional(p + 1, "dtype"), out = args.optional(p + 2, "out"),
            ddof = args.optional(p + 3, "ddof"), kd = args.optional(p + 4, "keepdims");
      args.finish(p + 5);
      return do_var(in, a, axis, dt, out, ddof, kd, is_std);
    });
  for (bool is_max : {true, false})
    def_both(in, np, is_max ? "argmax" : "argmin", is_max ? "argmax" : "argmin",
             {is_max ? "argmax(a, axis=, out=, *, keepdims=)" : "argmin(a, axis=, out=, *, keepdims=)"}, [is_max](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
      Value axis = args.optional(p, "axis"), out = args.optional(p + 1, "out"), kd = args.optional(p + 2, "keepdims");
      args.finish(p + 2);
      return do_arg(in, is_max, a, axis, out, kd);
    });
  for (bool is_sum : {true, false})
    def_both(in, np, is_sum ? "cumsum" : "cumprod", is_sum ? "cumsum" : "cumprod",
             {is_sum ? "cumsum(a, axis=, dtype=, out=)" : "cumprod(a, axis=, dtype=, out=)"}, [is_sum](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
      Value axis = args.optional(p, "axis"), dt = args.optional(p + 1, "dtype"), out = args.optional(p + 2, "out");
      args.finish(p + 3);
      return do_accumulate(in, is_sum ? Ufunc::add : Ufunc::multiply, a, axis, dt, out, true);
    });
  def_both(in, np, "ptp", nullptr, {"ptp(a, axis=, out=, keepdims=)"}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
    Value axis = args.optional(p, "axis"), out = args.optional(p + 1, "out"), kd = args.optional(p + 2, "keepdims");
    args.finish(p + 3);
    return do_ptp(in, a, axis, out, kd);
  });
  def_both(in, np, "median", nullptr, {"median(a, axis=, out=, overwrite_input=, keepdims=)"}, [](Interp& in, const ArrayPtr& a, Args& args, size_t p) {
    Value axis = args.optional(p, "axis"), out = args.optional(p + 1, "out");
    Value ow = args.optional(p + 2, "overwrite_input"), kd = args.optional(p + 3, "keepdims");
    args.finish(p + 4);
    return do_median(in, a, axis, out, kd);
  });
  for (bool pct : {true, false})
    def_fn(in, np, pct ? "percentile" : "quantile", [pct](Interp& in, Args& args) -> Value {
      args.fname = pct ? "percentile" : "quantile";
      ArrayPtr a = arr_arg(in, args.required(0, "a"));
      Value q = args.required(1, "q");
      Value axis = args.optional(2, "axis"), out = args.optional(3, "out"), ow = args.optional(4, "overwrite_input");
      Value method = args.optional(5, "method"), kd = args.optional(6, "keepdims");
      Value interp = args.optional(99, "interpolation");
      args.finish(7);
      if (!interp.is_none()) method = interp;
      return do_quantile(in, a, q, pct ? 100.0 : 1.0, axis, out, method, kd);
    }, {pct ? "percentile(a, q, axis=, out=, overwrite_input=, method=, keepdims=, *, weights=, interpolation=)"
           : "quantile(a, q, axis=, out=, overwrite_input=, method=, keepdims=, *, weights=, interpolation=)"});
  def_fn(in, np, "count_nonzero", [](Interp& in, Args& args) -> Value {
    args.fname = "count_nonzero";
    ArrayPtr a = arr_arg(in, args.required(0, "a"));
    Value axis = args.optional(1, "axis"), kd = args.optional(99, "keepdims");
    args.finish(2);
    return do_count_nonzero(in, a, axis, kd);
  }, {"count_nonzero(a, axis=, *, keepdims=)"});
  def_fn(in, np, "nansum", [](Interp& in, Args& args) -> Value {
    args.fname = "nansum";
    ArrayPtr a = replace_nan(arr_arg(in, args.required(0, "a")), 0.0);
    return do_reduce(in, ReduceOp::sum, a, sum_args(args, 1));
  }, {"nansum(a, axis=, dtype=, out=, keepdims=, initial=, where=)"});
  def_fn(in, np, "nanprod", [](Interp& in, Args& args) -> Value {
    args.fname = "nanprod";
    ArrayPtr a = replace_nan(arr_arg(in, args.required(0, "a")), 1.0);
    return do_reduce(in, ReduceOp::prod, a, sum_args(args, 1));
  }, {"nanprod(a, axis=, dtype=, out=, keepdims=, initial=, where=)"});
  for (bool is_max : {true, false})
    def_fn(in, np, is_max ? "nanmax" : "nanmin", [is_max](Interp& in, Args& args) -> Value {
      args.fname = is_max ? "nanmax" : "nanmin";
      ArrayPtr a = arr_arg(in, args.required(0, "a"));
      RArgs r = minmax_args(args, 1);
      // nanfunctions.py: fmax.reduce / fmin.reduce for arrays (NaN only where all
      // are NaN), integer ones included (their empty-array error names fmax)
      ReduceOp op = is_max ? ReduceOp::fmax : ReduceOp::fmin;
      return do_reduce(in, op, a, r);
    }, {is_max ? "nanmax(a, axis=, out=, keepdims=, initial=, where=)"
                  : "nanmin(a, axis=, out=, keepdims=, initial=, where=)"});
  def_fn(in, np, "nanmean", [](Interp& in, Args& args) -> Value {
    args.fname = "nanmean";
    ArrayPtr a0 = arr_arg(in, args.required(0, "a"));
    Value axis = args.optional(1, "axis"), dt = args.optional(2, "dtype"), out = args.optional(3, "out"),
          kd = args.optional(4, "keepdims");
    args.finish(5);
    if (!is_inexact(a0->dtype)) return do_mean(in, a0, axis, dt, out, kd);
    ArrayPtr mask;
    ArrayPtr arr = replace_nan(a0, 0.0, &mask);
    std::vector<bool> axes = reduce_axes(in, axis, arr->ndim());
    const bool keepdims = keepdims_arg(in, kd);
    // cnt = sum(~mask, dtype=intp); tot = sum(arr, dtype); tot / cnt
    ArrayPtr notnan = ufunc_call1(Ufunc::logical_not, mask);
    ArrayPtr cnt = reduce(ReduceOp::sum, *notnan, axes, DType::I64, keepdims);
    std::optional<DType> d = dtype_arg(in, dt);
    ArrayPtr tot = reduce(ReduceOp::sum, *arr, axes, d ? *d : arr->dtype, keepdims);
    ArrayPtr avg;
    if (tot->ndim() > 0) {
      UfuncOptions o;
      o.out = tot;
      o.casting = Casting::Unsafe;
      ufunc_call(Ufunc::divide, {UfuncOperand{tot}, UfuncOperand{cnt}}, o);
      avg = tot;
    } else {
      ArrayPtr s = std::make_shared<Array>(*tot), c = std::make_shared<Array>(*cnt);
      s->flavor = c->flavor = Flavor::Scalar;
      avg = copy_as(*ufunc_call(Ufunc::divide, {UfuncOperand{s}, UfuncOperand{c}}), tot->dtype);
    }
    return finish(in, avg, out_arg(in, out));
  }, {"nanmean(a, axis=, dtype=, out=, keepdims=, *, where=)"});
}

}  // namespace sl::lang

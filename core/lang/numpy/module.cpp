// numpy/module: the `numpy` module -- scalar types, dtypes, constants, array
// creation and the memory-relation functions.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/text/format.hpp"
#include "core/model/explain.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/objects/array_hooks.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/numpy/ufuncs.hpp"
#include "core/model/overlap.hpp"
#include "core/model/strides.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

// Each front-end file registers its functions and ndarray methods.
void install_numpy_exceptions(Interp& in);                // numpy/exceptions.cpp: numpy.exceptions, UFuncTypeError, ...
void install_ndarray_methods(Interp& in);                // numpy/methods.cpp
void install_ndarray_hooks();                            // numpy/ndarray.cpp
void install_numpy_math(Interp& in, ModuleObj& np);      // numpy/ufuncs.cpp: ufuncs, reductions
void install_numpy_index(Interp& in, ModuleObj& np);     // numpy/index.cpp: advanced indexing, take, nonzero
void install_numpy_views(Interp& in, ModuleObj& np);     // numpy/views.cpp: view/copy zoo, stride_tricks
void install_numpy_linalg(Interp& in, ModuleObj& np);    // numpy/linalg.cpp: matmul, dot, einsum, linalg
void install_numpy_random(Interp& in, ModuleObj& np);    // numpy/random.cpp: the legacy RandomState
void install_numpy_generator(Interp& in, ModuleObj& np);  // numpy/generator.cpp: default_rng, Generator, PCG64
void install_numpy_routines(Interp& in, ModuleObj& np);  // numpy/routines.cpp: meshgrid, searchsorted, set routines, ...
void install_numpy_lib_routines(Interp& in, ModuleObj& np);  // numpy/lib_routines.cpp: take_along_axis, select, ...
void install_numpy_lib_stats(Interp& in, ModuleObj& np);  // numpy/lib_stats.cpp: cov, gradient, the nan-functions
void install_numpy_lib_series(Interp& in, ModuleObj& np);  // numpy/lib_series.cpp: histogram2d, windows, poly*
void install_numpy_buffers(Interp& in, ModuleObj& np);   // numpy/buffers.cpp: frombuffer
void install_numpy_npyio(Interp& in, ModuleObj& np);     // numpy/npyio.cpp: numpy.lib.format's header reader
void install_numpy_fft(Interp& in, ModuleObj& np);       // numpy/fft.cpp: numpy.fft
void install_numpy2(Interp& in, ModuleObj& np);           // numpy/numpy2.cpp: NumPy 2.x names, removals, iinfo/finfo
void install_numpy_strings(Interp& in, ModuleObj& np);    // numpy/strings.cpp: str_/bytes_/void, np.char, np.strings, np.rec
Value flexible_dtype_getattr(Interp& in, const Value& v, const std::string& attr, bool& found);  // numpy/strings.cpp

namespace {

Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

std::optional<DType> opt_dtype(Interp& in, const Value& v) {
  if (v.is_none()) return std::nullopt;
  return to_dtype(in, v);
}

// np.arange(start, stop, step, dtype): length ceil((stop - start) / step),
// values start + i * step computed in the result dtype (NumPy fills the first
// two and extends by the difference; for floats we compute start + i*step,
// which is what NumPy's fill function does too).
Value np_arange(Interp& in, Args& a) {
  Value dtv = a.optional(99, "dtype");
  Value like = a.optional(99, "like");
  std::vector<Value> p;
  Value v;
  if (a.take(0, "start", v)) p.push_back(v);
  if (a.take(1, "stop", v)) p.push_back(v);
  if (a.take(2, "step", v)) p.push_back(v);
  if (a.pos.size() > 3 && dtv.is_none()) dtv = a.pos[3];
  a.finish(4);
  if (p.empty()) in.raise_exc("TypeError", "arange() requires stop to be specified.");
  Value start = Value::integer(0), stop, step = Value::integer(1);
  if (p.size() == 1) stop = p[0];
  else {
    start = p[0];
    stop = p[1];
    if (p.size() > 2) step = p[2];
  }
  if (stop.is_none()) {
    stop = start;
    start = Value::integer(0);
  }
  DType dt;
  bool all_int = true;
  DType inferred = DType::I64;
  for (auto* x : {&start, &stop, &step}) {
    if (x->is_float()) all_int = false;
    else if (x->is_array()) {
      DType d = x->arr().dtype;
      inferred = promote(inferred, d);
      if (!is_integer(d) && d != DType::Bool) all_int = false;
    } else if (!x->is_int() && !x->is_bool()) {
      in.raise_exc("TypeError", "unsupported operand type(s) for -: '" + in.type_of(stop)->name + "' and '" + in.type_of(start)->name + "'");
    }
  }
  dt = dtv.is_none() ? (all_int ? inferred : promote(inferred, DType::F64)) : to_dtype(in, dtv);
  double fs = in.float_value(start), fe = in.float_value(stop), fst = in.float_value(step);
  if (fst == 0) in.raise_exc("ZeroDivisionError", "division by zero");
  int64_t n;
  if (all_int) {
    int64_t s0 = in.index_value(start), e0 = in.index_value(stop), st = in.index_value(step);
    __int128 d = __int128(e0) - s0;
    __int128 q = st > 0 ? (d + st - 1) / st : (d + st + 1) / st;
    n = q > 0 ? int64_t(q) : 0;
  } else {
    // NumPy's _arange_safe_ceil_to_intp: ceil((stop - start) / step) must be a
    // number and lie in intp's range, whichever its sign.
    // A nonzero span shorter than one step (step infinite) still holds start.
    double delta = fe - fs, q = delta / fst;
    double len = (q == 0 && delta != 0) ? (std::signbit(q) ? 0.0 : 1.0) : std::ceil(q);
    if (std::isnan(len)) in.raise_exc("ValueError", "arange: cannot compute length");
    if (!(len >= -0x1p63 && len < 0x1p63)) in.raise_exc("ValueError", "Maximum allowed size exceeded");
    n = len > 0 ? int64_t(len) : 0;
  }
  ArrayPtr out = make_array(dt, {n});
  char* p0 = out->data();
  int isz = out->itemsize();
  if (all_int && (is_integer(dt) || dt == DType::Bool)) {
    int64_t s0 = in.index_value(start), st = in.index_value(step);
    if (dt == DType::Bool && n > 2)
      in.raise_exc("TypeError", "arange() is only supported for booleans when the result has at most length 2.");
    visit_dtype(dt, [&](auto t) {
      using T = decltype(t);
      for (int64_t i = 0; i < n; ++i) store(p0 + i * isz, cast_value<T>(s0 + i * st));
    });
  } else {
    // NumPy's PyArray_Arange and the dtype's fill(): the first two values are
    // start and start + step; the rest are start + i * delta, with delta the
    // difference of those two in the result dtype (DOUBLE_fill, FLOAT_fill, ...).
    visit_dtype(dt, [&](auto t) {
      using T = decltype(t);
      const T first = cast_value<T>(fs), second = cast_value<T>(fs + fst);
      for (int64_t i = 0; i < n && i < 2; ++i) store(p0 + i * isz, i == 0 ? first : second);
      if constexpr (std::is_same_v<T, bool>) {
        for (int64_t i = 2; i < n; ++i) store(p0 + i * isz, cast_value<T>(fs + double(i) * fst));
      } else if constexpr (std::is_integral_v<T>) {  // wraps as NumPy's C loop does
        const uint64_t f = uint64_t(first), d = uint64_t(second) - uint64_t(first);
        for (int64_t i = 2; i < n; ++i) store(p0 + i * isz, T(f + uint64_t(i) * d));
      } else if constexpr (std::is_same_v<T, half>) {  // HALF_fill works in float
        const float f = float(double(first)), d = float(double(second)) - f;
        for (int64_t i = 2; i < n; ++i) store(p0 + i * isz, cast_value<T>(f + float(i) * d));
      } else {
        using R = decltype(first * first);
        const R d = second - first;
        for (int64_t i = 2; i < n; ++i) store(p0 + i * isz, T(first + R(double(i)) * d));
      }
    });
  }
  return wrap(out);
}

// NumPy 2's copy= argument: None, or a truth value.
CopyMode copy_mode(Interp& in, const Value& v) {
  if (v.is_none()) return CopyMode::IfNeeded;
  return in.truthy(v) ? CopyMode::Always : CopyMode::Never;
}

[[noreturn]] void raise_copy_needed(Interp& in) {
  in.raise_exc("ValueError",
               "Unable to avoid copy while creating an array as requested.\n"
               "If using `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed "
               "(no behavior change in NumPy 1.x).\n"
               "For more details, see https://numpy.org/devdocs/numpy_2_0_migration_guide.html"
               "#adapting-to-changes-in-the-copy-keyword.");
}

Value np_array(Interp& in, Args& a) {
  if (a.pos.size() > 2)  // copy, order, ... are keyword-only (NumPy's array() signature)
    in.raise_exc("TypeError", "array() takes from 1 to 2 positional arguments but " + std::to_string(a.pos.size()) +
                                  " were given");
  Value obj = a.required(0, "object");
  Value dt = a.optional(1, "dtype");
  const CopyMode mode = copy_mode(in, a.optional(2, "copy", Value::boolean(true)));
  const bool copy = mode == CopyMode::Always;
  Value order = a.optional(3, "order");
  Value subok = a.optional(4, "subok");
  Value ndmin = a.optional(5, "ndmin");
  a.finish(6);
  char ord = order_arg(in, order, 'K');
  ArrayPtr r;
  if (obj.is_array() && obj.arr().flavor == Flavor::NumPy) {
    // An array argument: copied in `order` (default 'K', keeping its memory
    // order) when asked to, when the dtype changes, or when its layout does
    // not satisfy `order` (_array_fromobject_generic).
    const ArrayPtr x = obj.array();
    const DTypeFull want = dt.is_none() ? array_dtype(*x) : sized_for(to_dtype_full(in, dt), array_dtype(*x));
    const bool same_dtype = sl::dtype_equal(want, array_dtype(*x));
    bool layout_ok = ord == 'C' ? x->c_contiguous() : ord == 'F' ? x->f_contiguous() : true;
    if (mode == CopyMode::Never && (!same_dtype || !layout_ok)) raise_copy_needed(in);
    if (!copy && same_dtype && layout_ok) r = x;
    else if (want.descr && !same_dtype) r = copy_as(*x, want.dt, want.descr, ord);
    else r = copy_in_order(*x, want.dt, ord);
    r = explained(r, *x, r == x ? "array-no-copy" : "array-copy", r == x ? Verdict::Same : Verdict::Copy,
                  {fact("copy", int64_t(copy)), fact("from", dtype_name(array_dtype(*x))), fact("to", dtype_name(want)),
                   fact("layoutOk", int64_t(layout_ok)), fact("order", std::string(1, ord))});
  } else {
    // Anything but an ndarray (a list, a tensor, a scalar) becomes a new array.
    if (mode == CopyMode::Never) raise_copy_needed(in);
    r = to_array_full(in, obj, dt.is_none() ? std::nullopt : std::optional<DTypeFull>(to_dtype_full(in, dt)), copy);
    if (r->is_torch()) {
      r = copy_array(*r);
      r->flavor = Flavor::NumPy;
    }
    if (ord == 'F' && !r->f_contiguous()) r = copy_in_order(*r, r->dtype, 'F');
  }
  if (!ndmin.is_none()) {
    int64_t k = in.index_value(ndmin);
    if (r->ndim() < k) {
      // _prepend_ones: the new leading axes get the itemsize (F order, 0-d)
      // or strides[0] * shape[0] as stride; the result is a view.
      bool fortran = ord == 'F' || (r->f_contiguous() && !r->c_contiguous()) || r->ndim() == 0;
      int64_t newstride = fortran ? r->itemsize() : r->strides[0] * r->shape[0];
      Shape s = r->shape;
      Strides st = r->strides;
      while (int64_t(s.size()) < k) {
        s.insert(s.begin(), 1);
        st.insert(st.begin(), newstride);
      }
      r = make_view(r, r->dtype, s, st, r->offset);
    }
  }
  return wrap(r);
}

// np.zeros/ones/empty/full and their _like forms: `out` is zeroed; ones and
// full write their value into every element.
Value fill_new(Interp& in, const ArrayPtr& out, const char* what, const Value& fillv) {
  if (out->descr) {  // text and records: one element converted, then copied everywhere
    const bool ones = std::strcmp(what, "ones") == 0;
    if (!ones && fillv.is_none()) return wrap(out);
    ArrayPtr one = make_array(out->dtype, out->descr, {});
    store_element(in, ones ? Value::integer(1) : fillv, *one, one->data());
    copy_into(*out, broadcast_layout(*one, out->shape));
    return wrap(out);
  }
  if (std::strcmp(what, "ones") == 0) {
    int64_t one = 1;
    fill(*out, DType::I64, &one);
  } else if (!fillv.is_none()) {
    alignas(16) char buf[16];
    value_to_bytes(in, fillv, out->dtype, buf);
    fill(*out, out->dtype, buf);
  }
  return wrap(out);
}

Value filled(Interp& in, Args& a, const char* what) {
  Value shape = a.required(0, "shape");
  Value fillv;
  size_t next = 1;
  if (std::strcmp(what, "full") == 0) fillv = a.required(next++, "fill_value");
  Value dtv = a.optional(next, "dtype");
  Value order = a.optional(next + 1, "order");
  a.finish(next + 2);
  DTypeFull dt{DType::F64, nullptr};
  if (!dtv.is_none()) dt = to_dtype_full(in, dtv);
  else if (!fillv.is_none()) dt = array_dtype(*to_array_full(in, fillv, std::nullopt));
  if (dt.descr && dt.descr->itemsize == 0 && dt.dt != DType::Void) dt.descr = flexible_descr(dt.dt, 1);  // 'U' alone: one character
  ArrayPtr out = make_array(dt.dt, dt.descr, intp_shape(in, shape), order_arg(in, order, 'C', OrderUse::Create));
  return fill_new(in, out, what, fillv);
}

Value filled_like(Interp& in, Args& a, const char* what) {
  ArrayPtr proto = to_array(in, a.required(0, "a"));
  Value fillv;
  size_t next = 1;
  if (std::strcmp(what, "full") == 0) fillv = a.required(next++, "fill_value");
  Value dtv = a.optional(next, "dtype");
  Value order = a.optional(next + 1, "order");
  Value subok = a.optional(next + 2, "subok");
  Value shape = a.optional(next + 3, "shape");
  a.finish(next + 4);
  DType dt = dtv.is_none() ? proto->dtype : to_dtype(in, dtv);
  // 'K' and 'A' keep a Fortran-ordered prototype's order (K's other stride
  // permutations come out C-ordered)
  char ord = order_arg(in, order, 'K');
  if (ord == 'A' || ord == 'K') ord = proto->f_contiguous() && !proto->c_contiguous() ? 'F' : 'C';
  ArrayPtr out = make_array(dt, shape.is_none() ? proto->shape : to_shape(in, shape), ord);
  return fill_new(in, out, what, fillv);
}

int64_t max_work_arg(Interp& in, const Value& v, int64_t dflt) {
  if (v.is_none()) return dflt;
  return in.index_value(v);
}

}  // namespace

Value numpy_dtype_getattr(Interp& in, const Value& v, const std::string& attr, bool& found) {
  found = true;
  auto* d = v.as<DTypeObj>();
  if (!d->torch && (d->descr || attr == "descr" || attr == "isalignedstruct")) return flexible_dtype_getattr(in, v, attr, found);
  DType dt = d->dt;
  const DTypeInfo& inf = info(dt);
  if (attr == "itemsize") return Value::integer(inf.itemsize);
  if (d->torch) {
    if (attr == "is_floating_point") return Value::boolean(is_float(dt));
    if (attr == "is_complex") return Value::boolean(is_complex(dt));
    if (attr == "is_signed") return Value::boolean(is_signed_int(dt) || is_inexact(dt));
    found = false;
    return Value();
  }
  if (attr == "kind") return make_str(std::string(1, inf.kind));
  if (attr == "name") return make_str(inf.name);
  if (attr == "char") return make_str(std::string(1, inf.chr));
  if (attr == "type") return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), in.t.np_scalar[int(dt)]));
  if (attr == "byteorder") return make_str(inf.itemsize == 1 ? "|" : "=");
  if (attr == "str") return make_str(std::string(inf.itemsize == 1 ? "|" : "<") + inf.kind + std::to_string(inf.itemsize));
  if (attr == "alignment") return Value::integer(is_complex(dt) ? inf.itemsize / 2 : inf.itemsize);
  if (attr == "names" || attr == "fields" || attr == "subdtype" || attr == "metadata") return Value();
  if (attr == "shape") return make_tuple({});
  if (attr == "ndim") return Value::integer(0);
  if (attr == "isbuiltin") return Value::integer(1);
  if (attr == "hasobject") return Value::boolean(false);
  if (attr == "isnative") return Value::boolean(true);
  if (attr == "num") {
    static const int nums[kNumDTypes] = {0, 1, 3, 5, 7, 2, 4, 6, 8, 23, 11, 12, 14, 15};
    return Value::integer(nums[int(dt)]);
  }
  if (attr == "base") return v;
  found = false;
  return Value();
}

namespace {

// ---- the functions install_numpy registers

Value np_asarray(Interp& in, Args& a) {
  Value obj = a.required(0, "a");
  Value dt = a.optional(1, "dtype");
  Value order = a.optional(2, "order");
  Value device = a.optional(3, "device");
  Value copy = a.optional(4, "copy");
  a.finish(5);
  if (!copy.is_none() || !order.is_none()) {  // asarray(x, copy=..., order=...) is array(x, copy=..., order=...)
    Args b;
    b.pos = {obj, dt};
    b.kw = {{"copy", copy}, {"order", order}};
    return np_array(in, b);
  }
  ArrayPtr r = to_array(in, obj, opt_dtype(in, dt), false);
  if (r->is_torch()) r = alias_array(*r, Flavor::NumPy, r);
  return wrap(r);
}

Value np_zeros(Interp& in, Args& a) { return filled(in, a, "zeros"); }

Value np_ones(Interp& in, Args& a) { return filled(in, a, "ones"); }

Value np_empty(Interp& in, Args& a) { return filled(in, a, "empty"); }

Value np_full(Interp& in, Args& a) { return filled(in, a, "full"); }

Value np_zeros_like(Interp& in, Args& a) { return filled_like(in, a, "zeros"); }

Value np_ones_like(Interp& in, Args& a) { return filled_like(in, a, "ones"); }

Value np_empty_like(Interp& in, Args& a) { return filled_like(in, a, "empty"); }

Value np_full_like(Interp& in, Args& a) { return filled_like(in, a, "full"); }

Value np_shares_memory(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a")), y = to_array(in, a.required(1, "b"));
  int64_t mw = max_work_arg(in, a.optional(2, "max_work"), -1);
  a.finish(3);
  MemOverlap r = solve_may_share_memory(*x, *y, mw);
  if (r == MemOverlap::TooHard) in.raise_exc("TooHardError", "Exceeded max_work");
  if (r == MemOverlap::Overflow) in.raise_exc("OverflowError", "Integer overflow in computing overlap");
  return Value::boolean(r == MemOverlap::Yes);
}

Value np_may_share_memory(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a")), y = to_array(in, a.required(1, "b"));
  int64_t mw = max_work_arg(in, a.optional(2, "max_work"), 0);
  a.finish(3);
  MemOverlap r = solve_may_share_memory(*x, *y, mw);
  return Value::boolean(r != MemOverlap::No);
}

Value np_reshape(Interp& in, Args& a) {
  Value obj = a.required(0, "a");
  Value shape = a.optional(1, "shape");
  Value order = a.optional(2, "order");
  Value newshape = a.optional(99, "newshape");
  Value copy = a.optional(99, "copy");
  a.finish(3);
  if (shape.is_none()) shape = newshape;
  if (shape.is_none()) in.raise_exc("TypeError", "reshape() missing 1 required positional argument: 'shape'");
  ArrayPtr x = to_array(in, obj);
  return wrap(reshape(x, intp_shape(in, shape), order_arg(in, order, 'C', OrderUse::Reshape), copy_mode(in, copy)));
}

Value np_transpose(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value axes = a.optional(1, "axes");
  a.finish(2);
  return wrap(transpose(x, axes.is_none() ? std::vector<int64_t>{} : intp_shape(in, axes)));
}

Value np_ascontiguousarray(Interp& in, Args& a) {
  Value obj = a.required(0, "a");
  Value dt = a.optional(1, "dtype");
  a.finish(2);
  ArrayPtr x = to_array(in, obj, opt_dtype(in, dt));
  return wrap(explain_contiguous(contiguous_ndmin1(x, 'C'), x, "ascontiguous-already", "ascontiguous-copy"));
}

Value np_asfortranarray(Interp& in, Args& a) {
  Value obj = a.required(0, "a");
  Value dt = a.optional(1, "dtype");
  a.finish(2);
  return wrap(contiguous_ndmin1(to_array(in, obj, opt_dtype(in, dt)), 'F'));
}

Value np_copy(Interp& in, Args& a) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value order = a.optional(1, "order");
  a.finish(2);
  char o = order_arg(in, order, 'K');
  return wrap(explained(copy_in_order(*x, x->dtype, o), *x, "copy", Verdict::Copy, {fact("order", std::string(1, o))}));
}

// A formatter= callable (set_printoptions, array2string): called with each
// element as a NumPy scalar; its text goes into the array's text as it is.
struct PyElementFormatter : ElementFormatter {
  Interp* in;
  Value fn;
  PyElementFormatter(Interp* i, Value f) : in(i), fn(std::move(f)) {}
  std::string format(const Array& a, const char* p) const override {
    Value r = in->call(fn, std::vector<Value>{element_value(*in, a, p)});
    auto* s = r.as<StrObj>();
    // NumPy splits each word into lines (_extendLine_pretty)
    if (!s) in->raise_exc("AttributeError", "'" + in->type_name(r) + "' object has no attribute 'splitlines'");
    return s->s;
  }
};

// One print option by NumPy's name, as _make_options_dict checks and stores
// it; None leaves the option as it is (set_printoptions resets `formatter`
// itself). Returns false for a name that is not a print option.
bool apply_print_option(Interp& in, PrintOptions& o, const std::string& k, const Value& v) {
  static const char* kModes[] = {"fixed", "unique", "maxprec", "maxprec_equal"};
  if (v.is_none()) return true;
  if (k == "precision") {
    if (!in.is_int_like(v)) in.raise_exc("TypeError", "precision must be an integer");
    o.precision = int(in.index_value(v));
  } else if (k == "threshold") {
    if (v.is_array() || !(in.is_int_like(v) || v.is_float() || v.as<ComplexObj>()))
      if (!(v.is_array() && v.arr().flavor == Flavor::Scalar)) in.raise_exc("TypeError", "threshold must be numeric");
    const double t = in.is_int_like(v) ? double(in.index_value(v)) : in.float_value(v);
    if (std::isnan(t)) in.raise_exc("ValueError", "threshold must be non-NAN, try sys.maxsize for untruncated representation");
    o.threshold = in.is_int_like(v) ? in.index_value(v) : t >= 9.2e18 ? INT64_MAX : t <= -9.2e18 ? INT64_MIN : int64_t(std::floor(t));
  } else if (k == "edgeitems" || k == "max_line_width" || k == "linewidth") {
    (k == "edgeitems" ? o.edgeitems : o.linewidth) = int(in.index_value(v));
  } else if (k == "suppress" || k == "suppress_small") {
    o.suppress = in.truthy(v);
  } else if (k == "nanstr" || k == "infstr") {
    (k == "nanstr" ? o.nanstr : o.infstr) = in.str(v);
  } else if (k == "sign") {
    auto* s = v.as<StrObj>();
    if (!s || (s->s != "-" && s->s != "+" && s->s != " ")) in.raise_exc("ValueError", "sign option must be one of ' ', '+', or '-'");
    o.sign = s->s[0];
  } else if (k == "floatmode") {
    auto* s = v.as<StrObj>();
    bool ok = false;
    for (const char* m : kModes) ok |= s && s->s == m;
    if (!ok) in.raise_exc("ValueError", "floatmode option must be one of \"fixed\", \"unique\", \"maxprec\", \"maxprec_equal\"");
    o.floatmode = s->s;
  } else if (k == "formatter") {
    o.formatter.clear();
    Value items = in.call(in.getattr(v, "items"), std::vector<Value>{});
    for (const Value& kv : in.to_vector(items)) {
      auto pair = in.to_vector(kv);
      if (pair.size() == 2 && !pair[1].is_none()) o.formatter[in.str(pair[0])] = std::make_shared<PyElementFormatter>(&in, pair[1]);
    }
  } else if (k == "legacy") {
    if (!(v.is_bool() && !v.as_bool()))
      in.raise_exc("NotImplementedError", "set_printoptions(legacy=...) is not supported in stridelab");
  } else if (k == "override_repr") {
    in.raise_exc("NotImplementedError", "set_printoptions(override_repr=...) is not supported in stridelab");
  } else {
    return false;
  }
  return true;
}

// Binds NumPy's parameter list `names` (positional, then keyword) and applies
// each print option in the order _make_options_dict checks them.
void apply_print_options(Interp& in, PrintOptions& o, Args& a, const std::vector<const char*>& names) {
  std::vector<std::pair<std::string, Value>> got;
  for (size_t k = 0; k < names.size(); ++k) {
    Value v;
    if (a.take(k, names[k], v)) got.push_back({names[k], v});
  }
  a.finish(names.size());
  static const char* kOrder[] = {"floatmode", "sign", "legacy", "threshold", "precision"};
  auto rank = [](const std::string& k) {
    for (size_t r = 0; r < 5; ++r)
      if (k == kOrder[r]) return r;
    return size_t(5);
  };
  std::stable_sort(got.begin(), got.end(), [&](const auto& x, const auto& y) { return rank(x.first) < rank(y.first); });
  for (auto& [k, v] : got) apply_print_option(in, o, k, v);
}

const std::vector<const char*> kSetPrintoptionsParams = {"precision", "threshold", "edgeitems", "linewidth", "suppress", "nanstr",
                                                         "infstr", "formatter", "sign", "floatmode", "legacy", "override_repr"};

// set_printoptions: the given options change; formatter and override_repr are
// always reset (_set_printoptions).
Value np_set_printoptions(Interp& in, Args& a) {
  PrintOptions o = print_options();
  o.formatter.clear();
  apply_print_options(in, o, a, kSetPrintoptionsParams);
  print_options() = std::move(o);
  return Value();
}

Value np_get_printoptions(Interp& in, Args& a) {
  a.finish(0);
  const PrintOptions& o = print_options();
  Value d = in.call(in.builtins["dict"], std::vector<Value>{});
  in.setitem(d, make_str("edgeitems"), Value::integer(o.edgeitems));
  in.setitem(d, make_str("threshold"), Value::integer(o.threshold));
  in.setitem(d, make_str("floatmode"), make_str(o.floatmode));
  in.setitem(d, make_str("precision"), Value::integer(o.precision));
  in.setitem(d, make_str("suppress"), Value::boolean(o.suppress));
  in.setitem(d, make_str("linewidth"), Value::integer(o.linewidth));
  in.setitem(d, make_str("nanstr"), make_str(o.nanstr));
  in.setitem(d, make_str("infstr"), make_str(o.infstr));
  in.setitem(d, make_str("sign"), make_str(std::string(1, o.sign)));
  Value fmt;
  if (!o.formatter.empty()) {
    fmt = in.call(in.builtins["dict"], std::vector<Value>{});
    for (auto& [k, f] : o.formatter)
      in.setitem(fmt, make_str(k), static_cast<const PyElementFormatter&>(*f).fn);
  }
  in.setitem(d, make_str("formatter"), fmt);
  in.setitem(d, make_str("legacy"), Value::boolean(false));
  in.setitem(d, make_str("override_repr"), Value());
  return d;
}

// np.printoptions(...): a context manager that sets the options on entry
// (yielding get_printoptions()) and puts the previous ones back on exit.
Value np_printoptions(Interp& in, Args& a) {
  auto args = std::make_shared<Args>(a);
  a.pos.clear();
  a.kw.clear();
  auto g = std::make_shared<GenericObj>(in.t.generic);
  auto saved = std::make_shared<PrintOptions>();
  g->attrs["__enter__"] = in.builtin("__enter__", [args, saved](Interp& in, Args&) -> Value {
    *saved = print_options();
    Args copy = *args;
    np_set_printoptions(in, copy);
    Args none;
    return np_get_printoptions(in, none);
  });
  g->attrs["__exit__"] = in.builtin("__exit__", [saved](Interp&, Args&) -> Value {
    print_options() = *saved;
    return Value::boolean(false);
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

// array2string / array_repr / array_str take an array as it is (no asarray):
// NumPy reads `size` of anything else (array_str reads `shape` first) and
// compares it with the threshold, so an object without it is an
// AttributeError, and one whose size is a method (a tensor, the numpy module)
// a TypeError.
void check_print_arg(Interp& in, const Value& v, const char* attr) {
  if (v.is_array() && !v.arr().is_torch() && v.arr().flavor != Flavor::DummyBase) return;
  if (!in.hasattr(v, attr)) in.raise_exc("AttributeError", "'" + in.type_name(v) + "' object has no attribute '" + attr + "'");
  if (std::string(attr) == "shape") return;
  in.raise_exc("TypeError", "'>' not supported between instances of '" + in.type_name(in.getattr(v, "size")) + "' and 'int'");
}

// The call's print options over the current ones, checked as array2string
// does before it reads the array (the line width first takes the suffix off).
PrintOptions call_print_options(Interp& in, Args& a, const std::vector<std::pair<size_t, const char*>>& params) {
  PrintOptions o = print_options();
  Value v;
  for (auto& [k, name] : params)
    if (a.take(k, name, v) && !v.is_none()) {
      if (std::string(name) == "max_line_width" && !(in.is_int_like(v) && !v.is_bool()) && !v.is_float())
        in.raise_exc("TypeError", "unsupported operand type(s) for -=: '" + in.type_name(v) + "' and 'int'");
      apply_print_option(in, o, name, v);
    }
  return o;
}

// array2string / array_repr / array_str: the current options with the call's
// overrides (a None argument keeps the current value, formatter included).
Value np_array2string(Interp& in, Args& a) {
  Value x = a.required(0, "a");
  Value sep = a.optional(4, "separator", make_str(" ")), prefix = a.optional(5, "prefix", make_str(""));
  Value style = a.optional(6, "style"), suffix = a.optional(12, "suffix", make_str(""));
  (void)style;
  PrintOptions o = call_print_options(in, a, {{1, "max_line_width"}, {2, "precision"}, {3, "suppress_small"}, {7, "formatter"},
                                              {8, "threshold"}, {9, "edgeitems"}, {10, "sign"}, {11, "floatmode"}, {99, "legacy"}});
  a.finish(13);
  check_print_arg(in, x, "size");
  return make_str(array2string(*x.array(), in.str(sep), in.str(prefix), in.str(suffix), &o));
}

template <bool repr>
Value np_array_text(Interp& in, Args& a) {
  Value v = a.required(0, repr ? "arr" : "a");
  if (!repr) {
    check_print_arg(in, v, "shape");
    if (v.is_array() && v.arr().flavor == Flavor::Scalar)  // np.ndarray.__getitem__(a, ()) on a NumPy scalar
      in.raise_exc("TypeError", "descriptor '__getitem__' requires a 'numpy.ndarray' object but received a '" + in.type_name(v) + "'");
  }
  PrintOptions o = call_print_options(in, a, {{1, "max_line_width"}, {2, "precision"}, {3, "suppress_small"}});
  a.finish(4);
  check_print_arg(in, v, "size");
  return make_str(repr ? array_repr(*v.array(), &o) : array_str(*v.array(), &o));
}

Value np_issubdtype(Interp& in, Args& a) {
  Value x = a.required(0, "arg1"), y = a.required(1, "arg2");
  a.finish(2);
  auto abstract_of = [&](const Value& v) -> TypeObj* {
    if (auto* ty = v.as<TypeObj>()) {
      if (ty->is_subclass_of(in.t.np_generic)) return ty;
      return in.t.np_scalar[int(to_dtype(in, v))];
    }
    return in.t.np_scalar[int(to_dtype(in, v))];
  };
  TypeObj* tx = abstract_of(x);
  TypeObj* ty = abstract_of(y);
  return Value::boolean(tx->is_subclass_of(ty));
}

Value np_result_type(Interp& in, Args& a) {
  if (a.pos.empty()) in.raise_exc("ValueError", "at least one array or dtype is required");
  // NEP 50: Python scalars are weak operands; dtypes, NumPy scalars and
  // arrays are strong (a dtype acts as an empty array of that dtype). Lists
  // and tuples are read as dtype specifications, as NumPy does.
  std::vector<UfuncOperand> ops;
  for (auto& v : a.pos) {
    if (!v.is_array() && (is_dtype_like(in, v) || v.as<ListObj>() || v.as<TupleObj>()))
      ops.push_back(UfuncOperand{make_array(to_dtype(in, v), {0})});
    else ops.push_back(operand_or_raise(in, v));
  }
  return dtype_value(in, result_type(ops));
}

Value np_promote_types(Interp& in, Args& a) {
  DType x = to_dtype(in, a.required(0, "type1")), y = to_dtype(in, a.required(1, "type2"));
  a.finish(2);
  return dtype_value(in, promote(x, y));
}

Value np_can_cast(Interp& in, Args& a) {
  Value from = a.required(0, "from_");
  DType to = to_dtype(in, a.required(1, "to"));
  Value casting = a.optional(2, "casting", make_str("safe"));
  a.finish(3);
  DType f = from.is_array() ? from.arr().dtype : to_dtype(in, from);
  std::string c = in.str(casting);
  if (c == "unsafe") return Value::boolean(true);
  if (c == "no" || c == "equiv") return Value::boolean(f == to);
  if (c == "same_kind") {
    auto rank = [](DType d) { char k = info(d).kind; return k == 'b' ? 0 : k == 'u' ? 1 : k == 'i' ? 2 : k == 'f' ? 3 : 4; };
    return Value::boolean(can_cast_safe(f, to) || rank(f) <= rank(to));
  }
  return Value::boolean(can_cast_safe(f, to));
}

Value np_shape(Interp& in, Args& a) {
  Value x = a.required(0, "a");
  a.finish_python(1, 1);
  return tuple_of(to_array(in, x)->shape);
}

Value np_ndim(Interp& in, Args& a) {
  Value x = a.required(0, "a");
  a.finish_python(1, 1);
  return Value::integer(to_array(in, x)->ndim());
}

// np.size(a, axis=None): axis indexes the shape tuple (an int, as a tuple index).
Value np_size(Interp& in, Args& a) {
  Value x = a.required(0, "a"), axis = a.optional(1, "axis");
  a.finish_python(1, 2);
  ArrayPtr arr = to_array(in, x);
  if (axis.is_none()) return Value::integer(arr->size());
  return in.getitem(tuple_of(arr->shape), axis);
}

Value np_isscalar(Interp& in, Args& a) {
  Value x = a.required(0, "element");
  return Value::boolean(x.is_int() || x.is_float() || x.is_bool() || x.as<ComplexObj>() || x.as<StrObj>() ||
                        (x.is_array() && x.arr().flavor == Flavor::Scalar));
}

const FnEntry kNumpyFns[] = {
    {"arange", np_arange},
    {"array", np_array, {"array(object, dtype=, *, copy=, order=, subok=, ndmin=, like=)", SigStyle::NumpyC}},
    {"asarray", np_asarray, {"asarray(a, dtype=, order=, *, device=, copy=, like=)", SigStyle::NumpyC}},
    {"zeros", np_zeros, {"zeros(shape, dtype=, order=, *, device=, like=)", SigStyle::NumpyC}},
    {"ones", np_ones, {"ones(shape, dtype=, order=, *, device=, like=)"}},
    {"empty", np_empty, {"empty(shape, dtype=, order=, *, device=, like=)", SigStyle::NumpyC}},
    {"full", np_full, {"full(shape, fill_value, dtype=, order=, *, device=, like=)"}},
    {"zeros_like", np_zeros_like, {"zeros_like(a, dtype=, order=, subok=, shape=, *, device=)"}},
    {"ones_like", np_ones_like, {"ones_like(a, dtype=, order=, subok=, shape=, *, device=)"}},
    {"empty_like", np_empty_like, {"empty_like(prototype, dtype=, order=, subok=, shape=, *, device=)"}},
    {"full_like", np_full_like, {"full_like(a, fill_value, dtype=, order=, subok=, shape=, *, device=)"}},
    {"shares_memory", np_shares_memory, {"shares_memory(a, b, max_work=)"}},
    {"may_share_memory", np_may_share_memory, {"may_share_memory(a, b, max_work=)"}},
    {"reshape", np_reshape, {"reshape(a, /, shape=, order=, *, newshape=, copy=)"}},
    {"transpose", np_transpose, {"transpose(a, axes=)"}},
    {"ascontiguousarray", np_ascontiguousarray, {"ascontiguousarray(a, dtype=, *, like=)", SigStyle::NumpyC}},
    {"asfortranarray", np_asfortranarray, {"asfortranarray(a, dtype=, *, like=)", SigStyle::NumpyC}},
    {"copy", np_copy, {"copy(a, order=, subok=)"}},
    {"set_printoptions", np_set_printoptions,
     {"set_printoptions(precision=, threshold=, edgeitems=, linewidth=, suppress=, nanstr=, infstr=, formatter=, "
      "sign=, floatmode=, *, legacy=, override_repr=)"}},
    {"get_printoptions", np_get_printoptions, {"get_printoptions()"}},
    {"printoptions", np_printoptions, {"printoptions(*args, **kwargs)"}},
    {"array2string", np_array2string,
     {"array2string(a, max_line_width=, precision=, suppress_small=, separator=, prefix=, style=, formatter=, "
      "threshold=, edgeitems=, sign=, floatmode=, suffix=, *, legacy=)"}},
    {"array_repr", np_array_text<true>, {"array_repr(arr, max_line_width=, precision=, suppress_small=)"}},
    {"array_str", np_array_text<false>, {"array_str(a, max_line_width=, precision=, suppress_small=)"}},
    {"issubdtype", np_issubdtype, {"issubdtype(arg1, arg2)"}},
    {"result_type", np_result_type, {"result_type(*arrays_and_dtypes)"}},
    {"promote_types", np_promote_types},
    {"can_cast", np_can_cast, {"can_cast(from_, to, casting=)"}},
    {"shape", np_shape, {"shape(a)"}},
    {"ndim", np_ndim, {"ndim(a)"}},
    {"size", np_size, {"size(a, axis=)"}},
    {"isscalar", np_isscalar, {"isscalar(element)"}},
};

}  // namespace

void install_numpy(Interp& in) {
  install_ndarray_hooks();  // Note [Front-end table]
  auto npm = std::make_shared<ModuleObj>("numpy");
  in.modules["numpy"] = npm;
  ModuleObj& np = *npm;
  auto& t = in.t;
  install_numpy_exceptions(in);

  // ---- types: ndarray, dtype, scalar type hierarchy
  t.ndarray = in.new_type("ndarray", "numpy", {t.object});
  // np.ndarray(shape, dtype=float, buffer=None, offset=0, strides=None,
  // order=None): a new array of that shape (NumPy leaves its memory
  // uninitialised; here it is zeros). None and an empty array are the shape ().
  t.ndarray->call = [](Interp& in, Args& a) -> Value {
    Value shape = a.required(0, "shape"), dt = a.optional(1, "dtype"), buf = a.optional(2, "buffer");
    Value off = a.optional(3, "offset"), st = a.optional(4, "strides"), order = a.optional(5, "order");
    a.finish(6);
    if (!buf.is_none() && !buf.is_array() && !buf.as<BytesObj>() && !buf.as<MemoryViewObj>())
      in.raise_exc("TypeError", "a bytes-like object is required, not '" + in.type_name(buf) + "'");
    if (!buf.is_none() || !st.is_none())
      in.raise_exc("NotImplementedError", "np.ndarray(buffer=..., strides=...) is not supported in stridelab; use np.lib.stride_tricks.as_strided");
    if (shape.is_none() || (shape.is_array() && shape.arr().size() == 0)) shape = make_tuple({});
    Args b;
    b.pos = {shape};
    if (!dt.is_none()) b.kw.emplace_back("dtype", dt);
    if (!order.is_none()) b.kw.emplace_back("order", order);
    return in.call(in.modules.at("numpy")->attrs.at("zeros"), b);
  };
  t.dummy_array = in.new_type("DummyArray", "numpy.lib.stride_tricks", {t.object});
  t.np_dtype = in.new_type("dtype", "numpy", {t.object});
  t.np_generic = in.new_type("generic", "numpy", {t.object});
  t.np_number = in.new_type("number", "numpy", {t.np_generic});
  t.np_integer = in.new_type("integer", "numpy", {t.np_number});
  t.np_signedinteger = in.new_type("signedinteger", "numpy", {t.np_integer});
  t.np_unsignedinteger = in.new_type("unsignedinteger", "numpy", {t.np_integer});
  t.np_inexact = in.new_type("inexact", "numpy", {t.np_number});
  t.np_floating = in.new_type("floating", "numpy", {t.np_inexact});
  t.np_complexfloating = in.new_type("complexfloating", "numpy", {t.np_inexact});
  np.attrs["ndarray"] = type_value(t.ndarray);
  np.attrs["dtype"] = type_value(t.np_dtype);
  t.np_dtype->call = [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "dtype");
    Value align = a.optional(1, "align");
    a.finish(3);
    return dtype_value(in, to_dtype_full(in, x, in.truthy(align)));
  };
  for (auto [n, ty] : std::initializer_list<std::pair<const char*, TypeObj*>>{
           {"generic", t.np_generic}, {"number", t.np_number}, {"integer", t.np_integer},
           {"signedinteger", t.np_signedinteger}, {"unsignedinteger", t.np_unsignedinteger},
           {"inexact", t.np_inexact}, {"floating", t.np_floating}, {"complexfloating", t.np_complexfloating}})
    np.attrs[n] = type_value(ty);
  for (int k = 0; k < kNumDTypes; ++k) {
    DType dt = DType(k);
    TypeObj* base = dt == DType::Bool ? t.np_generic
                    : is_signed_int(dt) ? t.np_signedinteger
                    : is_unsigned_int(dt) ? t.np_unsignedinteger
                    : is_float(dt) ? t.np_floating
                                   : t.np_complexfloating;
    std::string nm = name(dt);  // NumPy 2: numpy.bool (np.bool_ is an alias)
    std::vector<TypeObj*> bases{base};
    if (dt == DType::F64) bases.push_back(t.float_);
    if (dt == DType::C128) bases.push_back(t.complex_);
    TypeObj* ty = in.new_type(nm, "numpy", bases);
    t.np_scalar[k] = ty;
    ty->call = [dt](Interp& in, Args& a) -> Value {
      Value x = a.optional(0, "value", Value::integer(0));
      a.finish(1);
      if (x.as<ListObj>() || x.as<TupleObj>() || (x.is_array() && x.arr().ndim() > 0)) {
        ArrayPtr r = to_array(in, x, dt, true);
        return wrap(r);
      }
      alignas(16) char buf[16] = {};
      if (x.is_array()) {
        ArrayPtr c = copy_as(x.arr(), dt);
        std::memcpy(buf, c->data(), size_t(itemsize(dt)));
      } else if (dt == DType::Bool) {
        buf[0] = in.truthy(x);  // np.bool(x) is the truth of x: 'x', 1j, None, a function
      } else {
        value_to_bytes(in, x, dt, buf);
      }
      return make_scalar(dt, buf);
    };
    np.attrs[nm] = type_value(ty);
  }
  np.attrs["int_"] = np.attrs["int64"];
  np.attrs["intp"] = np.attrs["int64"];
  np.attrs["uint"] = np.attrs["uint64"];
  np.attrs["uintp"] = np.attrs["uint64"];
  np.attrs["intc"] = np.attrs["int32"];
  np.attrs["float_"] = np.attrs["float64"];
  np.attrs["double"] = np.attrs["float64"];
  np.attrs["single"] = np.attrs["float32"];
  np.attrs["half"] = np.attrs["float16"];
  np.attrs["complex_"] = np.attrs["complex128"];
  np.attrs["cdouble"] = np.attrs["complex128"];
  np.attrs["csingle"] = np.attrs["complex64"];
  np.attrs["byte"] = np.attrs["int8"];
  np.attrs["ubyte"] = np.attrs["uint8"];
  np.attrs["short"] = np.attrs["int16"];
  np.attrs["longlong"] = np.attrs["int64"];
  np.attrs["newaxis"] = Value();
  np.attrs["pi"] = Value::floating(M_PI);
  np.attrs["e"] = Value::floating(M_E);
  np.attrs["inf"] = Value::floating(INFINITY);
  np.attrs["Inf"] = Value::floating(INFINITY);
  np.attrs["infty"] = Value::floating(INFINITY);
  np.attrs["nan"] = Value::new_float(NAN);
  np.attrs["NaN"] = np.attrs["NAN"] = np.attrs["nan"];
  np.attrs["euler_gamma"] = Value::floating(0.5772156649015329);

  def_fns(in, np, kNumpyFns);

  install_ndarray_methods(in);
  install_numpy_math(in, np);
  install_numpy_index(in, np);
  install_numpy_views(in, np);
  install_numpy_linalg(in, np);
  install_numpy_random(in, np);
  install_numpy_strings(in, np);
  install_numpy_generator(in, np);
  install_numpy_routines(in, np);
  install_numpy_lib_routines(in, np);
  install_numpy_lib_stats(in, np);
  install_numpy_lib_series(in, np);
  install_numpy_buffers(in, np);
  install_numpy_npyio(in, np);
  install_numpy_fft(in, np);
  install_numpy2(in, np);  // last: it aliases names the others defined
}

}  // namespace sl::lang

// numpy/ufuncs: NumPy's ufuncs as Python objects and the Python operators on
// arrays, NumPy scalars and tensors -- a thin layer over core/ops/ufunc.hpp.
//
// Each ufunc (np.add, np.sqrt, ...) is one `numpy.ufunc` object: callable
// with NumPy's signature (inputs, out, *, where, casting, dtype), with the
// methods reduce / accumulate / outer / at. Python operators map to the same
// ufuncs (a + b is np.add(a, b); a += b is np.add(a, b, out=a)). Also here:
// the elementwise helpers built from ufuncs (clip, where, isclose, allclose,
// array_equal, round) and the floating-point error state (errstate, seterr),
// which only records settings: stridelab prints no RuntimeWarnings.
#include "core/lang/numpy/ufuncs.hpp"

#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/model/iter.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"
#include "core/ops/copy.hpp"
#include "core/model/session_state.hpp"

namespace sl::lang {

// ---------------------------------------------------------------- shared helpers

bool to_operand(Interp& in, const Value& v, UfuncOperand& out) {
  out = UfuncOperand{};
  if (v.is_array()) {
    if (v.arr().flavor == Flavor::DummyBase) return false;
    out.array = v.array();
    return true;
  }
  if (v.is_bool() || v.is_int() || v.is_float() || v.as<ComplexObj>()) {
    alignas(16) char buf[16] = {};
    DType dt = infer_dtype(in, v);
    value_to_bytes(in, v, dt, buf);
    out.array = make_array(dt, {});
    std::memcpy(out.array->data(), buf, size_t(itemsize(dt)));
    out.python_scalar = true;
    return true;
  }
  if (v.as<ListObj>() || v.as<TupleObj>()) {
    out.array = to_array(in, v);
    return true;
  }
  return false;
}

UfuncOperand operand_or_raise(Interp& in, const Value& v) {
  UfuncOperand o;
  if (!to_operand(in, v, o))
    in.raise_exc("TypeError", "unsupported operand type for a ufunc: '" + in.type_name(v) + "'");
  return o;
}

Value result_value(ArrayPtr r) {
  if (r->ndim() == 0 && r->flavor == Flavor::NumPy) {
    r->flavor = Flavor::Scalar;
    r->writeable = false;
  }
  return wrap(std::move(r));
}

ArrayPtr out_arg(Interp& in, const Value& v) {
  if (v.is_none()) return nullptr;
  if (auto* t = v.as<TupleObj>()) {
    if (t->items.size() != 1)
      in.raise_exc("ValueError", "The 'out' tuple must have exactly one entry per ufunc output");
    return out_arg(in, t->items[0]);
  }
  if (!v.is_array() || v.arr().flavor == Flavor::Scalar || v.arr().flavor == Flavor::DummyBase)
    in.raise_exc("TypeError", "return arrays must be of ArrayType");
  return v.array();
}

namespace {

Casting casting_arg(Interp& in, const Value& v) {
  if (v.is_none()) return Casting::SameKind;
  auto* s = v.as<StrObj>();
  if (s) {
    if (s->s == "no") return Casting::No;
    if (s->s == "equiv") return Casting::Equiv;
    if (s->s == "safe") return Casting::Safe;
    if (s->s == "same_kind") return Casting::SameKind;
    if (s->s == "unsafe") return Casting::Unsafe;
  }
  in.raise_exc("ValueError", "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe'");
}

// dst[i] = src[i] where mask[i], all broadcast to dst's shape.
void masked_assign(const Array& dst, const Array& src, const Array& mask) {
  Strides ss = broadcast_strides(src.shape, src.strides, dst.shape);
  Strides ms = broadcast_strides(mask.shape, mask.strides, dst.shape);
  std::array<char*, 3> base{dst.data(), src.data(), mask.data()};
  std::array<const Strides*, 3> st{&dst.strides, &ss, &ms};
  const int64_t isz = dst.itemsize();
  for_each_strided<3>(dst.shape, base, st, [isz](std::array<char*, 3>& p, const std::array<int64_t, 3>& s, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
      if (p[2][i * s[2]]) std::memcpy(p[0] + i * s[0], p[1] + i * s[1], size_t(isz));
  });
}

ArrayPtr bool_array(Interp& in, const Value& v) {
  ArrayPtr m = to_array(in, v);
  return m->dtype == DType::Bool ? m : copy_as(*m, DType::Bool);
}

// The ufunc's Python name (np.abs is np.absolute, np.true_divide is np.divide).
std::string py_name(Ufunc op) { return ufunc_name(op); }

// ufunc(x1[, x2], out=None, *, where=True, casting='same_kind', dtype=None, ...)
Value call_ufunc(Interp& in, Ufunc op, Args& a) {
  const std::string nm = py_name(op);
  a.fname = nm;
  const size_t nin = size_t(ufunc_nin(op));
  if (a.pos.size() < nin || a.pos.size() > nin + 1)
    in.raise_exc("TypeError", nm + "() takes from " + std::to_string(nin) + " to " + std::to_string(nin + 1) +
                                  " positional arguments but " + std::to_string(a.pos.size()) + " were given");
  Value outv, wherev = Value::boolean(true);
  UfuncOptions opt;
  bool have_out_pos = a.pos.size() > nin;
  if (have_out_pos) outv = a.pos[nin];
  for (auto& [k, v] : a.kw) {
    if (k == "out") {
      if (have_out_pos) in.raise_exc("TypeError", "cannot specify 'out' as both a positional and keyword argument");
      outv = v;
    } else if (k == "where") {
      wherev = v;
    } else if (k == "casting") {
      opt.casting = casting_arg(in, v);
    } else if (k == "dtype") {
      if (!v.is_none()) opt.dtype = to_dtype(in, v);
    } else if (k == "order" || k == "subok") {
      // memory order of a new result is always NumPy's 'K'; subclasses do not exist here
    } else {
      in.raise_exc("TypeError", nm + "() got an unexpected keyword argument '" + k + "'");
    }
  }
  a.kw.clear();
  std::vector<UfuncOperand> ops;
  for (size_t k = 0; k < nin; ++k) ops.push_back(operand_or_raise(in, a.pos[k]));
  opt.out = out_arg(in, outv);
  if (wherev.is_bool() && wherev.as_bool()) {
    ArrayPtr r = ufunc_call(op, ops, opt);
    return opt.out ? wrap(opt.out) : result_value(r);
  }
  // where=: the result is written only where the mask is true (elsewhere the
  // output keeps its values; a new output starts as zeros here, uninitialised in NumPy).
  ArrayPtr mask = bool_array(in, wherev);
  ArrayPtr dst = opt.out;
  UfuncOptions inner = opt;
  inner.out = nullptr;
  ArrayPtr full = ufunc_call(op, ops, inner);
  if (!dst) {
    Shape shp;
    if (!try_broadcast_shapes({full->shape, mask->shape}, shp))
      in.raise_exc("ValueError", "operands could not be broadcast together with shapes " + shape_compact(full->shape) +
                                     " " + shape_compact(mask->shape) + " ");
    dst = make_array(full->dtype, shp, 'C', full->is_torch() ? Flavor::Torch : Flavor::NumPy);
  }
  ArrayPtr src = full->dtype == dst->dtype ? full : copy_as(*full, dst->dtype);
  masked_assign(*dst, *src, *mask);
  return wrap(dst);
}

// ufunc.outer(A, B): op(a[i..., None...], b[None..., j...]).
Value ufunc_outer(Interp& in, Ufunc op, Args& a) {
  if (ufunc_nin(op) != 2) in.raise_exc("ValueError", "outer product only supported for binary functions");
  ArrayPtr x = to_array(in, a.required(0, "A")), y = to_array(in, a.required(1, "B"));
  Value outv = a.optional(2, "out");
  a.finish(2);
  Shape s = x->shape;
  Strides st = x->strides;
  for (int k = 0; k < y->ndim(); ++k) {
    s.push_back(1);
    st.push_back(0);
  }
  ArrayPtr xv = std::make_shared<Array>(*x);
  xv->shape = s;
  xv->strides = st;
  UfuncOptions opt;
  opt.out = out_arg(in, outv);
  ArrayPtr r = ufunc_call(op, {UfuncOperand{xv}, UfuncOperand{y}}, opt);
  return opt.out ? wrap(opt.out) : result_value(r);
}

// ufunc.at(a, indices, b=None): unbuffered in place a[indices] = op(a[indices], b),
// applied once per index, so repeated indices accumulate (np.add.at).
Value ufunc_at(Interp& in, Ufunc op, Args& a) {
  Value av = a.required(0, "a");
  Value idx = a.required(1, "indices");
  Value bv = a.optional(2, "b");
  a.finish(3);
  if (!av.is_array() || av.arr().flavor != Flavor::NumPy) in.raise_exc("TypeError", "first operand must be array");
  ArrayPtr arr = av.array();
  if (!arr->writeable) in.raise_exc("ValueError", "output array is read-only");
  const int nin = ufunc_nin(op);
  if (nin == 2 && bv.is_none()) in.raise_exc("ValueError", "second operand needed for ufunc");
  if (nin == 1 && !bv.is_none()) in.raise_exc("ValueError", "second operand provided when ufunc is unary");
  // Which elements, in order: index an array of flat positions with the same key.
  ArrayPtr pos = make_array(DType::I64, arr->shape);
  for (int64_t k = 0; k < pos->size(); ++k) store<int64_t>(pos->data() + 8 * k, k);
  ArrayPtr sel = copy_as(*to_array(in, in.getitem(wrap(pos), idx)), DType::I64, 'C');
  std::vector<UfuncOperand> rops{UfuncOperand{arr}};
  if (nin == 2) rops.push_back(operand_or_raise(in, bv));
  UfuncLoop loop = resolve_loop(op, rops, UfuncOptions{});
  if (!can_cast(loop.out, arr->dtype, Casting::SameKind))
    raise("_UFuncOutputCastingError", "Cannot cast ufunc '" + py_name(op) + "' output from dtype('" + name(loop.out) +
                                "') to dtype('" + name(arr->dtype) + "') with casting rule 'same_kind'");
  ArrayPtr bsrc;
  if (nin == 2) {
    const Array& b = *rops[1].array;
    Shape shp;
    if (!try_broadcast_shapes({b.shape, sel->shape}, shp) || shp != sel->shape)
      in.raise_exc("ValueError", "array is not broadcastable to correct shape");
    ArrayPtr bc = copy_as(b, loop.in, 'C');
    Array view = broadcast_layout(*bc, sel->shape);
    bsrc = copy_array(view, 'C');
  }
  alignas(16) char x[16], r[16];
  std::vector<int64_t> index(arr->ndim());
  for (int64_t k = 0; k < sel->size(); ++k) {
    int64_t flat = load<int64_t>(sel->data() + 8 * k);
    for (int d = arr->ndim() - 1; d >= 0; --d) {
      index[d] = flat % arr->shape[d];
      flat /= arr->shape[d];
    }
    char* p = arr->storage->data() + flat_offset(*arr, index);
    visit_dtype(arr->dtype, [&](auto t) {
      using T = decltype(t);
      visit_dtype(loop.in, [&](auto u) { store(x, cast_value<decltype(u)>(load<T>(p))); });
    });
    const char* bp = nin == 2 ? bsrc->data() + k * bsrc->itemsize() : nullptr;
    run_ufunc_run(op, loop.in, r, 0, x, 0, bp, 0, 1);
    visit_dtype(loop.out, [&](auto t) { store_as(arr->dtype, p, load<decltype(t)>(r)); });
  }
  return Value();
}

Value identity_of(Ufunc op) {
  switch (op) {
    case Ufunc::add: case Ufunc::bitwise_or: case Ufunc::bitwise_xor: case Ufunc::gcd: return Value::integer(0);
    case Ufunc::multiply: return Value::integer(1);
    case Ufunc::bitwise_and: return Value::integer(-1);
    case Ufunc::logical_and: return Value::boolean(true);
    case Ufunc::logical_or: case Ufunc::logical_xor: return Value::boolean(false);
    default: return Value();
  }
}

// `ufunc_type`: the session's numpy.ufunc (install_numpy_math).
Value make_ufunc(Interp& in, TypeObj* ufunc_type, Ufunc op) {
  auto g = std::make_shared<GenericObj>(ufunc_type);
  const std::string nm = py_name(op);
  g->attrs["__call__"] = in.builtin(nm, [op](Interp& in, Args& a) { return call_ufunc(in, op, a); });
  g->attrs["__name__"] = make_str(nm);
  g->attrs["__repr__"] = in.builtin("__repr__", [nm](Interp&, Args&) { return make_str("<ufunc '" + nm + "'>"); });
  g->attrs["nin"] = Value::integer(ufunc_nin(op));
  g->attrs["nout"] = Value::integer(1);
  g->attrs["nargs"] = Value::integer(ufunc_nin(op) + 1);
  g->attrs["identity"] = identity_of(op);
  g->attrs["signature"] = Value();
  g->attrs["outer"] = in.builtin("outer", [op](Interp& in, Args& a) { return ufunc_outer(in, op, a); });
  g->attrs["at"] = in.builtin("at", [op](Interp& in, Args& a) { return ufunc_at(in, op, a); });
  g->attrs["reduce"] = in.builtin("reduce", [op](Interp& in, Args& a) { return ufunc_reduce(in, op, a); });
  g->attrs["accumulate"] = in.builtin("accumulate", [op](Interp& in, Args& a) { return ufunc_accumulate(in, op, a); });
  g->attrs["reduceat"] = in.builtin("reduceat", [op](Interp& in, Args& a) { return ufunc_reduceat(in, op, a); });
  return Value(std::static_pointer_cast<Obj>(g));
}

// ---------------------------------------------------------------- operators

}  // namespace

// The ufunc behind each Python operator (@ is matmul_operator's, not a ufunc).
Ufunc operator_ufunc(BinOp op) {
  switch (op) {
    case BinOp::Add: return Ufunc::add;
    case BinOp::Sub: return Ufunc::subtract;
    case BinOp::Mul: return Ufunc::multiply;
    case BinOp::TrueDiv: return Ufunc::divide;
    case BinOp::FloorDiv: return Ufunc::floor_divide;
    case BinOp::Mod: return Ufunc::remainder;
    case BinOp::Pow: return Ufunc::power;
    case BinOp::LShift: return Ufunc::left_shift;
    case BinOp::RShift: return Ufunc::right_shift;
    case BinOp::BitAnd: return Ufunc::bitwise_and;
    case BinOp::BitOr: return Ufunc::bitwise_or;
    case BinOp::BitXor: return Ufunc::bitwise_xor;
    case BinOp::MatMul: break;
  }
  throw PyError("ValueError", std::string("no ufunc for ") + op_symbol(op));
}
Ufunc operator_ufunc(CmpOp op) {
  switch (op) {
    case CmpOp::Eq: return Ufunc::equal;
    case CmpOp::Ne: return Ufunc::not_equal;
    case CmpOp::Lt: return Ufunc::less;
    case CmpOp::Le: return Ufunc::less_equal;
    case CmpOp::Gt: return Ufunc::greater;
    case CmpOp::Ge: return Ufunc::greater_equal;
    default: break;  // is / in: identity and containment, no ufunc
  }
  throw PyError("ValueError", std::string("no ufunc for ") + op_symbol(op));
}

namespace {

// ndarray.__pow__'s fast path (number.c: fast_scalar_power): a float or
// complex array raised to 1, -1, 0, 0.5 or 2 uses positive / reciprocal /
// ones_like / sqrt / square; any other array raised to 2 uses square (an
// integer array with a float 2.0 is first cast to float64). Returns false
// when it does not apply.
bool fast_power(Interp& in, const ArrayPtr& base, const Value& e, bool inplace, ArrayPtr& result) {
  if (base->flavor != Flavor::NumPy) return false;
  double x;
  bool float_kind;
  if (e.is_int() || e.is_bool()) {
    x = double(e.as_int());
    float_kind = false;
  } else if (e.is_float()) {
    x = e.as_float();
    float_kind = true;
  } else if (e.is_array() && e.arr().ndim() == 0 && e.arr().flavor != Flavor::Torch &&
             (is_integer(e.arr().dtype) || is_float(e.arr().dtype))) {
    x = load_as<double>(e.arr().dtype, e.arr().data());
    float_kind = is_float(e.arr().dtype);
  } else {
    return false;
  }
  ArrayPtr out = inplace ? base : nullptr;
  if (is_inexact(base->dtype)) {
    if (x == 1.0) result = ufunc_call1(Ufunc::positive, base, out);
    else if (x == -1.0) result = ufunc_call1(Ufunc::reciprocal, base, out);
    else if (x == 0.5) result = ufunc_call1(Ufunc::sqrt, base, out);
    else if (x == 2.0) result = ufunc_call1(Ufunc::square, base, out);
    else if (x == 0.0) {
      result = inplace ? base : make_array(base->dtype, base->shape);
      int64_t one = 1;
      fill(*result, DType::I64, &one);
    } else {
      return false;
    }
    return true;
  }
  if (x != 2.0) return false;
  if (!inplace && float_kind && is_integer(base->dtype)) {
    ArrayPtr c = copy_as(*base, DType::F64, 'K');
    result = ufunc_call1(Ufunc::square, c, c);
  } else {
    result = ufunc_call1(Ufunc::square, base, out);
  }
  return true;
}

// ---------------------------------------------------------------- floating-point error state

// np.seterr's modes; a session slot (Note [Session state]), starting from NumPy's defaults.
struct ErrState {
  std::string divide = "warn", over = "warn", under = "ignore", invalid = "warn";
};
ErrState& errstate() { return session_state<ErrState>(); }

// The engine's half of the state: which categories raise (Note [Floating-point errors], core/ops/ufunc.cpp).
void set_errstate(const ErrState& s) {
  errstate() = s;
  fp_raise_mask() = (s.divide == "raise" ? unsigned(kFpDivide) : 0u) | (s.over == "raise" ? unsigned(kFpOverflow) : 0u) |
                    (s.under == "raise" ? unsigned(kFpUnderflow) : 0u) | (s.invalid == "raise" ? unsigned(kFpInvalid) : 0u);
}

Value errstate_dict(Interp& in, const ErrState& s) {
  Value d = in.call(in.builtins["dict"], std::vector<Value>{});
  in.setitem(d, make_str("divide"), make_str(s.divide));
  in.setitem(d, make_str("over"), make_str(s.over));
  in.setitem(d, make_str("under"), make_str(s.under));
  in.setitem(d, make_str("invalid"), make_str(s.invalid));
  return d;
}

// Applies all=/divide=/over=/under=/invalid= keywords to `s`.
void apply_err_kwargs(Interp& in, Args& a, ErrState& s, const char* fname) {
  static const char* kModes[] = {"ignore", "warn", "raise", "call", "print", "log"};
  auto check = [&](const Value& v) -> std::string {
    auto* str = v.as<StrObj>();
    if (str)
      for (const char* m : kModes)
        if (str->s == m) return str->s;
    in.raise_exc("ValueError", "invalid error mode " + in.repr(v));
  };
  for (auto& [k, v] : a.kw) {
    if (v.is_none()) continue;
    if (k == "all") {
      std::string m = check(v);
      s.divide = s.over = s.under = s.invalid = m;
    } else if (k == "divide") s.divide = check(v);
    else if (k == "over") s.over = check(v);
    else if (k == "under") s.under = check(v);
    else if (k == "invalid") s.invalid = check(v);
    else if (k == "call") {
    } else in.raise_exc("TypeError", std::string(fname) + "() got an unexpected keyword argument '" + k + "'");
  }
  a.kw.clear();
}

// ---------------------------------------------------------------- elementwise helpers

// np.clip(a, a_min, a_max, out=None): minimum(maximum(a, a_min), a_max) with
// the three operands promoted together (NumPy's clip ufunc).
Value do_clip(Interp& in, const Value& av, const Value& lo, const Value& hi, const Value& outv) {
  // a str is a text operand, which the clipping ufuncs have no loop for
  auto operand_or_raise = [&](const Value& v) {
    if (v.as<StrObj>() && !(av.is_array() && av.arr().is_torch())) return UfuncOperand{to_array(in, v), false};
    return sl::lang::operand_or_raise(in, v);
  };
  UfuncOperand a = operand_or_raise(av);
  UfuncOptions opt;
  opt.out = out_arg(in, outv);
  auto done = [&](ArrayPtr r) { return opt.out ? wrap(opt.out) : result_value(std::move(r)); };
  if (lo.is_none() && hi.is_none()) {
    if (a.array->is_torch()) in.raise_exc("RuntimeError", "torch.clamp: At least one of 'min' or 'max' must not be None");
    return done(ufunc_call(Ufunc::positive, {a}, opt));  // NumPy >= 2.1: no bounds is the identity (_methods._clip)
  }
  if (lo.is_none()) return done(ufunc_call(Ufunc::minimum, {a, operand_or_raise(hi)}, opt));
  if (hi.is_none()) return done(ufunc_call(Ufunc::maximum, {a, operand_or_raise(lo)}, opt));
  UfuncOperand l = operand_or_raise(lo), h = operand_or_raise(hi);
  DType t = a.array->is_torch() ? flavor_rules(Flavor::Torch).result_type({a, l, h}) : result_type({a, l, h});
  // NumPy >= 2.1 clips with an out-of-range Python int as if it were the
  // dtype's own bound (np.clip(uint8_array, 0, 300) is fine), not NEP 50's
  // OverflowError.
  auto as_t = [&](UfuncOperand o) {
    if (o.python_scalar && is_integer(t) && o.array->dtype == DType::I64) {
      const int64_t v = load<int64_t>(o.array->data());
      const int64_t lo = int_min_of(t), hi = int_max_of(t);
      if (v < lo || v > hi) {
        o.array = make_array(DType::I64, {});
        store<int64_t>(o.array->data(), v < lo ? lo : hi);
      }
    }
    if (o.array->dtype != t) o.array = copy_as(*o.array, t);
    return o;
  };
  UfuncOperand a2 = as_t(a), l2 = as_t(l), h2 = as_t(h);
  ArrayPtr lower = ufunc_call(Ufunc::maximum, {a2, l2}, UfuncOptions{});
  if (lower->flavor == Flavor::Scalar) lower->flavor = Flavor::NumPy;
  return done(ufunc_call(Ufunc::minimum, {UfuncOperand{lower}, h2}, opt));
}

// np.nonzero's result (used by the one-argument np.where): one int64 index
// array per axis, in C order of the elements.
Value nonzero_tuple(Interp& in, const ArrayPtr& a0) {
  if (a0->ndim() == 0 && !a0->is_torch())  // NumPy 2: a 0-d condition is no longer read as 1-d
    in.raise_exc("ValueError", "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.");
  ArrayPtr a = a0->ndim() == 0 ? std::make_shared<Array>(*a0) : a0;
  if (a->ndim() == 0) {  // NumPy treats a 0-d array as 1-d here
    a->shape = {1};
    a->strides = {0};
  }
  ArrayPtr b = copy_as(*a, DType::Bool, 'C');
  int64_t count = 0;
  for (int64_t k = 0; k < b->size(); ++k) count += b->data()[k] != 0;
  const int nd = b->ndim();
  std::vector<ArrayPtr> idx;
  for (int d = 0; d < nd; ++d) idx.push_back(make_array(DType::I64, {count}));
  std::vector<int64_t> pos(nd, 0);
  int64_t j = 0;
  for (int64_t k = 0; k < b->size(); ++k) {
    if (b->data()[k]) {
      for (int d = 0; d < nd; ++d) store<int64_t>(idx[d]->data() + 8 * j, pos[d]);
      ++j;
    }
    for (int d = nd - 1; d >= 0; --d) {
      if (++pos[d] < b->shape[d]) break;
      pos[d] = 0;
    }
  }
  std::vector<Value> items;
  for (auto& x : idx) items.push_back(wrap(x));
  return make_tuple(std::move(items));
}

// np.where(condition, x, y): x where condition else y, the dtype from
// np.result_type(x, y), everything broadcast together; a 0-d result stays an array.
Value do_where(Interp& in, const Value& cv, const Value& xv, const Value& yv) {
  ArrayPtr c = bool_array(in, cv);
  UfuncOperand x = operand_or_raise(in, xv), y = operand_or_raise(in, yv);
  const bool torch = c->is_torch() || x.array->is_torch() || y.array->is_torch();
  DType t = torch ? flavor_rules(Flavor::Torch).result_type({x, y}) : result_type({x, y});
  Shape shp;
  if (!try_broadcast_shapes({c->shape, x.array->shape, y.array->shape}, shp))
    in.raise_exc("ValueError", "operands could not be broadcast together with shapes " + shape_compact(c->shape) + " " +
                                   shape_compact(x.array->shape) + " " + shape_compact(y.array->shape) + " ");
  ArrayPtr res = make_array(t, shp, 'C', torch ? Flavor::Torch : Flavor::NumPy);
  ArrayPtr xs = copy_as(*x.array, t), ys = copy_as(*y.array, t);
  Array yb = broadcast_layout(*ys, shp);
  copy_into(*res, yb);
  masked_assign(*res, *xs, *c);
  return wrap(res);
}

// np.isclose: |x - y| <= atol + rtol * |y| where both are finite, x == y
// where either is not, NaN == NaN with equal_nan (numpy/core/numeric.py).
ArrayPtr isclose_array(Interp& in, const Value& av, const Value& bv, double rtol, double atol, bool equal_nan) {
  UfuncOperand x = operand_or_raise(in, av), y = operand_or_raise(in, bv);
  // y is made inexact: dt = result_type(y, 1.)
  UfuncOperand one{make_array(DType::F64, {}), true};
  store<double>(one.array->data(), 1.0);
  DType dt = result_type({y, one});
  if (y.array->dtype != dt) y.array = copy_as(*y.array, dt);
  auto pyf = [](double v) {
    UfuncOperand o{make_array(DType::F64, {}), true};
    store<double>(o.array->data(), v);
    return o;
  };
  auto U = [](ArrayPtr a) { return UfuncOperand{std::move(a)}; };
  auto unscalar = [](ArrayPtr a) {
    if (a->flavor == Flavor::Scalar) a->flavor = Flavor::NumPy;
    return a;
  };
  ArrayPtr diff = unscalar(ufunc_call1(Ufunc::absolute, unscalar(ufunc_call(Ufunc::subtract, {x, y}))));
  ArrayPtr tol = unscalar(ufunc_call(Ufunc::add, {pyf(atol), U(unscalar(ufunc_call(Ufunc::multiply, {pyf(rtol), U(unscalar(ufunc_call1(Ufunc::absolute, y.array)))})))}));
  ArrayPtr within = unscalar(ufunc_call(Ufunc::less_equal, {U(diff), U(tol)}));
  ArrayPtr eq = unscalar(ufunc_call(Ufunc::equal, {x, y}));
  ArrayPtr fin = unscalar(ufunc_call(Ufunc::logical_and, {U(unscalar(ufunc_call1(Ufunc::isfinite, x.array))), U(unscalar(ufunc_call1(Ufunc::isfinite, y.array)))}));
  // cond = where(finite, within, eq)
  Shape shp = within->shape;
  ArrayPtr cond = make_array(DType::Bool, shp);
  Array eqb = broadcast_layout(*eq, shp);
  copy_into(*cond, eqb);
  masked_assign(*cond, *within, *fin);
  if (equal_nan) {
    ArrayPtr both = unscalar(ufunc_call(Ufunc::logical_and, {U(unscalar(ufunc_call1(Ufunc::isnan, x.array))), U(unscalar(ufunc_call1(Ufunc::isnan, y.array)))}));
    ufunc_call2(Ufunc::logical_or, cond, both, cond);
  }
  return cond;
}

bool all_true(const Array& a) {
  ArrayPtr b = copy_as(a, DType::Bool, 'C');
  for (int64_t k = 0; k < b->size(); ++k)
    if (!b->data()[k]) return false;
  return true;
}

// np.around (PyArray_Round): decimals >= 0 on integers returns the input
// itself; otherwise rint(a * 10**d) / 10**d (or a / 10**-d ... * 10**-d),
// integers going through float64 and back.
Value do_round(Interp& in, const Value& av, const Value& decv, const Value& outv) {
  UfuncOperand a = operand_or_raise(in, av);
  int64_t decimals = decv.is_none() ? 0 : a.array->is_torch() ? in.index_value(decv) : c_int_arg(in, decv, CIntReader::ParseTuple);
  ArrayPtr out = out_arg(in, outv);
  const bool scalar_in = a.array->ndim() == 0 && (a.python_scalar || a.array->flavor == Flavor::Scalar);
  ArrayPtr arr = a.array;
  if (scalar_in) {  // work on a 0-d array, return a scalar
    arr = std::make_shared<Array>(*arr);
    arr->flavor = Flavor::NumPy;
  }
  if (decimals >= 0 && (is_integer(arr->dtype) || arr->dtype == DType::Bool)) {
    if (out) {
      copy_into(*out, *arr);
      return wrap(out);
    }
    return av.is_array() ? av : result_value(arr);
  }
  if (decimals == 0) {
    ArrayPtr r = ufunc_call1(Ufunc::rint, arr, out);
    return out ? wrap(out) : result_value(r);
  }
  Ufunc op1 = Ufunc::multiply, op2 = Ufunc::divide;
  if (decimals < 0) {
    std::swap(op1, op2);
    decimals = -decimals;
  }
  const bool ret_int = is_integer(arr->dtype) || arr->dtype == DType::Bool;
  ArrayPtr res = out;
  if (!res) res = make_array(ret_int ? DType::F64 : arr->dtype, arr->shape,
                             arr->f_contiguous() && !arr->c_contiguous() ? 'F' : 'C');
  double f = std::pow(10.0, double(decimals));
  UfuncOperand fo{make_array(DType::F64, {}), true};
  store<double>(fo.array->data(), f);
  UfuncOptions o;
  o.out = res;
  ufunc_call(op1, {UfuncOperand{arr}, fo}, o);
  ufunc_call1(Ufunc::rint, res, res);
  ufunc_call(op2, {UfuncOperand{res}, fo}, o);
  if (ret_int && !out) res = copy_as(*res, arr->dtype);
  return out ? wrap(res) : result_value(res);
}

}  // namespace

// ---------------------------------------------------------------- operator hooks

Value ufunc_binop(Interp& in, Ufunc u, const Value& a, const Value& b, bool inplace, bool& found) {
  found = false;
  // 'fmt' % x is Python's string formatting (str.__mod__ runs before any array method).
  if (u == Ufunc::remainder && a.as<StrObj>()) return Value();
  UfuncOperand x, y;
  const bool equality = u == Ufunc::equal || u == Ufunc::not_equal;
  // A str next to a NumPy array is a 0-d text operand (a == 'fig'); the text
  // loops (core/ops/strings) answer or raise NumPy's no-loop error.
  auto operand = [&](const Value& v, const Value& other, UfuncOperand& o) {
    if (v.as<StrObj>() && other.is_array() && !other.arr().is_torch() && other.arr().flavor != Flavor::DummyBase) {
      o = UfuncOperand{to_array(in, v), true};
      return true;
    }
    return to_operand(in, v, o);
  };
  bool ok;
  if (equality) {
    // NumPy 1.24: when the elementwise comparison fails the result is the
    // Python answer (identity), so never fall back to the interpreter, whose
    // own == on an array comes back here.
    try {
      ok = operand(a, b, x) && operand(b, a, y);
    } catch (const PyError&) {
      ok = false;
    }
  } else {
    ok = operand(a, b, x) && operand(b, a, y);
  }
  if (!ok) {
    if (!equality) return Value();
    found = true;
    const bool ne = u == Ufunc::not_equal;
    // arr == None compares elementwise (every element differs from None)
    const Value& arrv = a.is_array() ? a : b;
    if ((a.is_none() || b.is_none()) && arrv.is_array() && arrv.arr().flavor == Flavor::NumPy) {
      ArrayPtr r = make_array(DType::Bool, arrv.arr().shape);
      fill(*r, DType::Bool, &ne);
      return wrap(r);
    }
    bool same = a.tag() == b.tag() && (a.is_obj() || a.is_array()) && a.identity() == b.identity();
    return Value::boolean(same != ne);
  }
  found = true;
  if (inplace && (!a.is_array() || a.arr().flavor == Flavor::Scalar)) inplace = false;
  if (u == Ufunc::power) {
    ArrayPtr r;
    if (a.is_array() && fast_power(in, x.array, b, inplace, r)) return inplace ? a : result_value(r);
  }
  UfuncOptions opt;
  if (inplace) opt.out = a.array();
  auto scalar = [](const UfuncOperand& o) { return o.python_scalar || o.array->flavor == Flavor::Scalar; };
  opt.scalar_math = scalar(x) && scalar(y);
  ArrayPtr r = ufunc_call(u, {x, y}, opt);
  return inplace ? a : result_value(r);
}

Value ufunc_unary(Interp& in, UnaryOp op, const Value& a) {
  if (op == UnaryOp::Not) in.raise_exc("TypeError", "bad operand type for unary not");
  Ufunc u = op == UnaryOp::Neg ? Ufunc::negative : op == UnaryOp::Pos ? Ufunc::positive : Ufunc::invert;
  if (a.arr().flavor == Flavor::DummyBase)
    in.raise_exc("TypeError", std::string("bad operand type for unary ") + op_symbol(op) + ": '" + in.type_name(a) + "'");
  return result_value(ufunc_call1(u, a.array()));
}

// ---------------------------------------------------------------- installation

namespace {

// ---- the functions install_numpy_math registers

// np.clip(a, a_min, a_max, out=None, *, min, max) (NumPy 2.1): the bounds are
// a_min and a_max together, or min= / max=, or none at all.
Value np_clip(Interp& in, Args& a) {
  Value x = a.required(0, "a");
  Value lo, hi, mn, mx;
  const bool has_lo = a.take(1, "a_min", lo), has_hi = a.take(2, "a_max", hi);
  Value out = a.optional(3, "out");
  const bool has_mn = a.take(99, "min", mn), has_mx = a.take(99, "max", mx);
  a.finish(4);
  if (x.is_array() && x.arr().is_torch()) {  // torch.clamp / clip reach here: min= and max= name the bounds
    if (!has_lo) lo = mn;
    if (!has_hi) hi = mx;
  } else if (!has_lo && !has_hi) {
    lo = mn;
    hi = mx;
  } else if (!has_lo) {
    in.raise_exc("TypeError", "clip() missing 1 required positional argument: 'a_min'");
  } else if (!has_hi) {
    in.raise_exc("TypeError", "clip() missing 1 required positional argument: 'a_max'");
  } else if (has_mn || has_mx) {
    in.raise_exc("ValueError", "Passing `min` or `max` keyword argument when `a_min` and `a_max` are provided is forbidden.");
  }
  return do_clip(in, x, lo, hi, out);
}

Value np_where(Interp& in, Args& a) {
  Value c = a.required(0, "condition");
  Value x, y;
  bool hx = a.take(1, "x", x), hy = a.take(2, "y", y);
  a.finish(3);
  if (!hx && !hy) {
    // np.where(condition) is nonzero(condition) (PyArray_Where), whose 0-d refusal says more
    ArrayPtr ca = to_array_dims_first(in, c);
    if (ca->ndim() == 0)
      in.raise_exc("ValueError", "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
                                 "instead. If the context of this error is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.");
    return nonzero_tuple(in, ca);
  }
  if (hx != hy) in.raise_exc("ValueError", "either both or neither of x and y should be given");
  return do_where(in, c, x, y);
}

// np.copyto(dst, src, casting='same_kind', where=True) (PyArray_AssignArray):
// a 0-d src may also cast by its value (can_cast_scalar_to).
Value np_copyto(Interp& in, Args& a) {
  a.fname = "copyto";
  Value dv = a.required(0, "dst"), sv = a.required(1, "src");
  Value cv = a.optional(2, "casting"), wv = a.optional(3, "where", Value::boolean(true));
  a.finish(4);
  if (!dv.is_array() || dv.arr().flavor != Flavor::NumPy)
    in.raise_exc("TypeError", "copyto() argument 1 must be a numpy.ndarray, not " + in.type_name(dv));
  ArrayPtr dst = dv.array();
  const UfuncOperand sop = operand_or_raise(in, sv);
  ArrayPtr src = sop.array;
  // a Python int must fit an integer destination (NEP 50), whatever the casting rule
  if (sop.python_scalar && src->dtype == DType::I64 && is_integer(dst->dtype)) {
    const int64_t v = load<int64_t>(src->data());
    if (v < int_min_of(dst->dtype) || (v > 0 && uint64_t(v) > uint64_t(int_max_of(dst->dtype)) && dst->dtype != DType::U64))
      in.raise_exc("OverflowError", "Python integer " + std::to_string(v) + " out of bounds for " + name(dst->dtype));
  }
  Casting casting = Casting::SameKind;
  if (!cv.is_none()) {
    auto* cs = cv.as<StrObj>();
    if (!cs || (cs->s != "no" && cs->s != "equiv" && cs->s != "safe" && cs->s != "same_kind" && cs->s != "unsafe"))
      in.raise_exc("ValueError", "casting must be one of 'no', 'equiv', 'safe', 'same_kind', or 'unsafe' (got " +
                                     in.repr(cv) + ")");
    casting = casting_arg(in, cv);
  }
  if (!can_cast(src->dtype, dst->dtype, casting)) {
    bool small = false;
    const bool scalar = src->ndim() == 0;
    if (!(scalar && can_cast(min_scalar_type(*src, small), dst->dtype, casting)))
      in.raise_exc("TypeError", std::string("Cannot cast ") + (scalar ? "scalar" : "array data") + " from dtype('" +
                                    name(src->dtype) + "') to dtype('" + name(dst->dtype) + "') according to the rule '" +
                                    casting_name(casting) + "'");
  }
  if (!dst->writeable) in.raise_exc("ValueError", "assignment destination is read-only");
  Shape b;
  if (!try_broadcast_shapes({src->shape, dst->shape}, b) || b != dst->shape)
    in.raise_exc("ValueError", "could not broadcast input array from shape " + shape_compact(src->shape) + " into shape " +
                                   shape_compact(dst->shape));
  ArrayPtr srcd = src->dtype == dst->dtype ? src : copy_as(*src, dst->dtype);
  if (!(wv.is_bool() && wv.as_bool())) {
    ArrayPtr mask = bool_array(in, wv);
    if (!try_broadcast_shapes({mask->shape, dst->shape}, b) || b != dst->shape)
      in.raise_exc("ValueError", "could not broadcast where mask from shape " + shape_compact(mask->shape) +
                                     " into shape " + shape_compact(dst->shape));
    if (srcd->storage == dst->storage) srcd = copy_array(*srcd, 'C');
    masked_assign(*dst, *srcd, *mask);
    return Value::none();
  }
  Array view = broadcast_layout(*srcd, dst->shape);
  copy_into(*dst, view);
  return Value::none();
}

// isclose/allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False): the
// element-wise verdicts (np.allclose is all(isclose(...))).
ArrayPtr isclose_args(Interp& in, Args& a) {
  Value x = a.required(0, "a"), y = a.required(1, "b");
  double rtol = in.float_value(a.optional(2, "rtol", Value::floating(1e-5)));
  double atol = in.float_value(a.optional(3, "atol", Value::floating(1e-8)));
  bool equal_nan = in.truthy(a.optional(4, "equal_nan", Value::boolean(false)));
  a.finish(5);
  return isclose_array(in, x, y, rtol, atol, equal_nan);
}

Value np_isclose(Interp& in, Args& a) { return result_value(isclose_args(in, a)); }

Value np_allclose(Interp& in, Args& a) { return Value::boolean(all_true(*isclose_args(in, a))); }

Value np_array_equal(Interp& in, Args& a) {
  Value x = a.required(0, "a1"), y = a.required(1, "a2");
  bool equal_nan = in.truthy(a.optional(2, "equal_nan", Value::boolean(false)));
  a.finish(3);
  UfuncOperand p, q;
  if (!to_operand(in, x, p) || !to_operand(in, y, q)) return Value::boolean(false);
  if (p.array->shape != q.array->shape) return Value::boolean(false);
  ArrayPtr eq = ufunc_call(Ufunc::equal, {p, q});
  if (equal_nan && is_inexact(p.array->dtype) && is_inexact(q.array->dtype)) {
    ArrayPtr both = ufunc_call2(Ufunc::logical_and, ufunc_call1(Ufunc::isnan, p.array), ufunc_call1(Ufunc::isnan, q.array));
    eq = ufunc_call2(Ufunc::logical_or, eq, both);
  }
  return Value::boolean(all_true(*eq));
}

Value np_array_equiv(Interp& in, Args& a) {
  Value x = a.required(0, "a1"), y = a.required(1, "a2");
  a.finish(2);
  UfuncOperand p, q;
  if (!to_operand(in, x, p) || !to_operand(in, y, q)) return Value::boolean(false);
  Shape s;
  if (!try_broadcast_shapes({p.array->shape, q.array->shape}, s)) return Value::boolean(false);
  return Value::boolean(all_true(*ufunc_call(Ufunc::equal, {p, q})));
}

Value np_seterr(Interp& in, Args& a) {
  if (!a.pos.empty()) {
    // seterr(all=None, divide=None, over=None, under=None, invalid=None)
    static const char* names[] = {"all", "divide", "over", "under", "invalid"};
    for (size_t k = 0; k < a.pos.size() && k < 5; ++k) a.kw.emplace_back(names[k], a.pos[k]);
    a.pos.clear();
  }
  ErrState old = errstate(), now = old;
  apply_err_kwargs(in, a, now, "seterr");
  set_errstate(now);
  return errstate_dict(in, old);
}

Value np_geterr(Interp& in, Args& a) {
  a.finish(0);
  return errstate_dict(in, errstate());
}

Value ndarray_clip(Interp& in, const ArrayPtr& self, Args& a) {
  Value lo = a.optional(0, "min"), hi = a.optional(1, "max"), out = a.optional(2, "out");
  a.finish(3);
  return do_clip(in, wrap(self), lo, hi, out);
}

Value ndarray_round(Interp& in, const ArrayPtr& self, Args& a) {
  Value d = a.optional(0, "decimals", Value::integer(0)), out = a.optional(1, "out");
  a.finish(2);
  return do_round(in, wrap(self), d, out);
}

Value ndarray___abs__(Interp& in, const ArrayPtr& self, Args& a) {
  a.finish(0);
  return result_value(ufunc_call1(Ufunc::absolute, self));
}

Value ndarray_conj(Interp& in, const ArrayPtr& self, Args& a) {
  a.finish(0);
  if (!is_complex(self->dtype)) return wrap(self);
  ArrayPtr r = copy_array(*self, 'K');
  visit_dtype(r->dtype, [&](auto t) {
    using T = decltype(t);
    if constexpr (is_complex_t<T>::value)
      for (int64_t k = 0; k < r->size(); ++k) {
        T v = load<T>(r->data() + k * sizeof(T));
        store(r->data() + k * sizeof(T), std::conj(v));
      }
  });
  return result_value(r);
}

Value np_round(Interp& in, Args& a) {
  Value x = a.required(0, "a");
  Value d = a.optional(1, "decimals", Value::integer(0)), out = a.optional(2, "out");
  a.finish(3);
  return do_round(in, x, d, out);
}

// np.errstate: floating-point error handling; 'raise' raises FloatingPointError
// (Note [Floating-point errors], core/ops/ufunc.cpp), warnings are not printed.
void install_errstate(Interp& in, ModuleObj& np) {
  TypeObj* errstate_t = in.new_type("errstate", "numpy", {in.t.object});
  errstate_t->call = [errstate_t](Interp& in, Args& a) -> Value {
    a.fname = "errstate";
    if (!a.pos.empty()) in.raise_exc("TypeError", "errstate() takes 0 positional arguments but " + std::to_string(a.pos.size()) + " were given");
    auto g = std::make_shared<GenericObj>(errstate_t);
    ErrState want = errstate();
    apply_err_kwargs(in, a, want, "errstate");
    auto saved = std::make_shared<ErrState>();
    Value self(std::static_pointer_cast<Obj>(g));
    std::weak_ptr<Obj> weak = std::static_pointer_cast<Obj>(g);
    g->attrs["__enter__"] = in.builtin("__enter__", [want, saved, weak](Interp&, Args&) -> Value {
      *saved = errstate();
      set_errstate(want);
      auto s = weak.lock();
      return s ? Value(s) : Value();
    });
    g->attrs["__exit__"] = in.builtin("__exit__", [saved](Interp&, Args&) -> Value {
      set_errstate(*saved);
      return Value::boolean(false);
    });
    return self;
  };
  np.attrs["errstate"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), errstate_t));
}

const FnEntry kMathFns[] = {
    {"clip", np_clip, {"clip(a, a_min=, a_max=, out=, *, min=, max=, **kwargs)"}},
    {"where", np_where, {"where(condition, x=, y=)"}},
    {"copyto", np_copyto, {"copyto(dst, src, casting=, where=)"}},
    {"isclose", np_isclose, {"isclose(a, b, rtol=, atol=, equal_nan=)"}},
    {"allclose", np_allclose, {"allclose(a, b, rtol=, atol=, equal_nan=)"}},
    {"array_equal", np_array_equal, {"array_equal(a1, a2, equal_nan=)"}},
    {"array_equiv", np_array_equiv, {"array_equiv(a1, a2)"}},
    {"seterr", np_seterr, {"seterr(all=, divide=, over=, under=, invalid=)"}},
    {"geterr", np_geterr, {"geterr()"}},
    {"round", np_round, {"round(a, decimals=, out=)"}},
    {"around", np_round, {"around(a, decimals=, out=)"}},
    {"round_", np_round},
};

const MethodEntry kMathMethods[] = {
    {"clip", ndarray_clip},
    {"round", ndarray_round},
    {"__abs__", ndarray___abs__},
    {"conj", ndarray_conj},
};

}  // namespace

void install_numpy_math(Interp& in, ModuleObj& np) {
  TypeObj* ufunc_type = in.new_type("ufunc", "numpy", {in.t.object});
  np.attrs["ufunc"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), ufunc_type));

#define SL_X(id, fn, nin, nm) np.attrs[nm] = make_ufunc(in, ufunc_type, Ufunc::id);
  SL_UFUNC_LIST(SL_X)
#undef SL_X
  np.attrs["abs"] = np.attrs["absolute"];
  np.attrs["true_divide"] = np.attrs["divide"];
  np.attrs["mod"] = np.attrs["remainder"];
  np.attrs["bitwise_not"] = np.attrs["invert"];
  np.attrs["conj"] = np.attrs["conjugate"];

  def_fns(in, np, kMathFns);

  install_errstate(in, np);

  def_ndarray_methods(kMathMethods);

  install_numpy_reductions(in, np);
}

}  // namespace sl::lang

// numpy/random: the `numpy.random` module -- the legacy global RandomState and
// `np.random.RandomState(seed)` objects (core/random/legacy.hpp holds the generator).
//
// Each method follows numpy/random/mtrand.pyx (NumPy 1.24) for argument
// handling, error text, result types (size=None gives a Python float / int,
// as mtrand does) and, above all, the order of draws. Continuous and discrete
// distributions with array parameters broadcast them against `size` and draw
// in C order of the output, as mtrand's `cont` / `disc` helpers do.
// np.random.default_rng and the Generator API live in numpy/generator.cpp.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <cstdio>

#include "core/model/element.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/numpy/sampling.hpp"
#include "core/random/legacy.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

namespace {

using sampling::size_arg;
using sampling::spread;

using RSPtr = std::shared_ptr<RandomState>;
using RandomMethod = Value (*)(Interp&, RandomState&, Args&);

Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

// ---------------------------------------------------------------- argument helpers

// rand(d0, d1, ...) / randn(...): every argument an integer.
Shape dims_args(Interp& in, Args& a) {
  a.finish(1000);
  Shape s;
  for (auto& v : a.pos) {
    if (!in.is_int_like(v))
      in.raise_exc("TypeError", "'" + in.type_of(v)->name + "' object cannot be interpreted as an integer");
    int64_t d = in.index_value(v);
    if (d < 0) in.raise_exc("ValueError", "negative dimensions are not allowed");
    s.push_back(d);
  }
  return s;
}

ArrayPtr new_f64(const Shape& s) { return make_array(DType::F64, s); }

std::string shape_text(const Shape& s) { return shape_repr(s); }

// mtrand's cont()/disc() (numpy/sampling.hpp): a size with as many elements
// as the parameters' broadcast shape is accepted.
template <int N, class Check, class Draw>
Value distribution(Interp& in, const std::array<Value, N>& params, const Value& size_v, bool integer, Check check, Draw draw) {
  return sampling::distribution<N>(in, params, size_v, integer, sampling::SizeRule::SameCount, check, draw);
}

template <class Pred>
bool any_of(const std::vector<double>& v, Pred pred) {
  for (double x : v)
    if (pred(x)) return true;
  return false;
}

// ---------------------------------------------------------------- seeding and state

void do_seed(Interp& in, RandomState& rs, const Value& seed0) {
  // mirrors _legacy_seeding: None -> entropy; an integer (an array is
  // squeezed first, so a 1-element array counts) -> init_genrand; otherwise a
  // 1-d array of 32-bit words -> init_by_array.
  if (seed0.is_none()) {
    rs.seed_entropy();
    return;
  }
  Value seed = seed0;
  if (seed.is_array() && seed.arr().size() == 1 && seed.arr().ndim() > 0)
    seed = wrap(make_view(seed.array(), seed.arr().dtype, {}, {}, seed.arr().offset));
  if (in.is_int_like(seed)) {
    int64_t s = in.index_value(seed);
    if (s < 0 || s > int64_t(0xffffffffu)) in.raise_exc("ValueError", "Seed must be between 0 and 2**32 - 1");
    rs.seed(uint32_t(s));
    return;
  }
  ArrayPtr a = to_array(in, seed);
  if (a->size() == 0) in.raise_exc("ValueError", "Seed must be non-empty");
  if (!can_cast_safe(a->dtype, DType::I64))
    in.raise_exc("TypeError", std::string("Cannot cast ") + (a->ndim() == 0 ? "scalar" : "array data") + " from dtype('" +
                                  name(a->dtype) + "') to dtype('int64') according to the rule 'safe'");
  if (a->ndim() != 1) in.raise_exc("ValueError", "Seed array must be 1-d");
  ArrayPtr c = copy_as(*a, DType::I64);
  std::vector<uint32_t> words(static_cast<size_t>(c->size()));
  for (size_t i = 0; i < words.size(); ++i) {
    int64_t w = load<int64_t>(c->data() + 8 * i);
    if (w < 0 || w > int64_t(0xffffffffu)) in.raise_exc("ValueError", "Seed must be between 0 and 2**32 - 1");
    words[i] = uint32_t(w);
  }
  rs.seed_array(words.data(), int(words.size()));
}

Value m_seed(Interp& in, RandomState& rs, Args& a) {
  Value s = a.optional(0, "seed");
  a.finish(1);
  do_seed(in, rs, s);
  return Value();
}

Value m_get_state(Interp& in, RandomState& rs, Args& a) {
  bool legacy = in.truthy(a.optional(0, "legacy", Value::boolean(true)));
  a.finish(1);
  ArrayPtr key = make_array(DType::U32, {MT19937::kN});
  std::memcpy(key->data(), rs.mt().key(), 4 * MT19937::kN);
  if (legacy)
    return make_tuple({make_str("MT19937"), wrap(key), Value::integer(rs.mt().pos()), Value::integer(rs.has_gauss()),
                       Value::floating(rs.cached_gauss())});
  Value inner = in.call(in.builtins["dict"], std::vector<Value>{});
  in.setitem(inner, make_str("key"), wrap(key));
  in.setitem(inner, make_str("pos"), Value::integer(rs.mt().pos()));
  Value d = in.call(in.builtins["dict"], std::vector<Value>{});
  in.setitem(d, make_str("bit_generator"), make_str("MT19937"));
  in.setitem(d, make_str("state"), inner);
  in.setitem(d, make_str("has_gauss"), Value::integer(rs.has_gauss()));
  in.setitem(d, make_str("gauss"), Value::floating(rs.cached_gauss()));
  return d;
}

Value m_set_state(Interp& in, RandomState& rs, Args& a) {
  Value st = a.required(0, "state");
  a.finish(1);
  Value key, pos, has_gauss = Value::integer(0), gauss = Value::floating(0.0);
  if (st.as<DictObj>()) {
    if (in.str(in.getitem(st, make_str("bit_generator"))) != "MT19937")
      in.raise_exc("ValueError", "set_state can only be used with legacy MT19937 state instances.");
    Value inner = in.getitem(st, make_str("state"));
    key = in.getitem(inner, make_str("key"));
    pos = in.getitem(inner, make_str("pos"));
    has_gauss = in.getitem(st, make_str("has_gauss"));
    gauss = in.getitem(st, make_str("gauss"));
  } else {
    std::vector<Value> items = in.to_vector(st);
    if (items.empty() || !items[0].as<StrObj>() || items[0].as<StrObj>()->s != "MT19937")
      in.raise_exc("ValueError", "set_state can only be used with legacy MT19937 state instances.");
    if (items.size() < 3) in.raise_exc("ValueError", "state must be a dict or a tuple.");
    key = items[1];
    pos = items[2];
    if (items.size() >= 5) {
      has_gauss = items[3];
      gauss = items[4];
    }
  }
  ArrayPtr k = to_array(in, key);
  if (k->ndim() != 1 || k->size() != MT19937::kN) in.raise_exc("ValueError", "state must be 624 elements");
  ArrayPtr kc = copy_as(*k, DType::U32);
  int64_t p = in.index_value(pos);
  if (p < 0 || p > MT19937::kN) in.raise_exc("ValueError", "pos must be between 0 and 624");
  std::memcpy(rs.mt().key(), kc->data(), 4 * MT19937::kN);
  rs.mt().set_pos(int(p));
  rs.set_gauss(in.truthy(has_gauss), in.float_value(gauss));
  return Value();
}

// ---------------------------------------------------------------- floats

Value uniform_fill(Interp& in, RandomState& rs, const std::optional<Shape>& size) {
  if (!size) return Value::floating(rs.next_double());
  ArrayPtr out = new_f64(*size);
  rs.fill_uniform(reinterpret_cast<double*>(out->data()), out->size());
  return wrap(out);
}

Value gauss_fill(Interp& in, RandomState& rs, const std::optional<Shape>& size) {
  if (!size) return Value::floating(rs.gauss());
  ArrayPtr out = new_f64(*size);
  rs.fill_gauss(reinterpret_cast<double*>(out->data()), out->size());
  return wrap(out);
}

Value m_rand(Interp& in, RandomState& rs, Args& a) {
  Shape s = dims_args(in, a);
  return uniform_fill(in, rs, a.pos.empty() ? std::nullopt : std::optional<Shape>(s));
}

Value m_randn(Interp& in, RandomState& rs, Args& a) {
  Shape s = dims_args(in, a);
  return gauss_fill(in, rs, a.pos.empty() ? std::nullopt : std::optional<Shape>(s));
}

Value m_random_sample(Interp& in, RandomState& rs, Args& a) {
  Value size = a.optional(0, "size");
  a.finish(1);
  return uniform_fill(in, rs, size_arg(in, size));
}

Value m_standard_normal(Interp& in, RandomState& rs, Args& a) {
  Value size = a.optional(0, "size");
  a.finish(1);
  return gauss_fill(in, rs, size_arg(in, size));
}

Value m_normal(Interp& in, RandomState& rs, Args& a) {
  // legacy_normal: loc + scale * legacy_gauss
  Value loc = a.optional(0, "loc", Value::floating(0.0));
  Value scale = a.optional(1, "scale", Value::floating(1.0));
  Value size = a.optional(2, "size");
  a.finish(3);
  return distribution<2>(
      in, {loc, scale}, size, false,
      [&](const std::array<std::vector<double>, 2>& v) {
        if (any_of(v[1], [](double x) { return x < 0; })) in.raise_exc("ValueError", "scale < 0");
      },
      [&](const std::array<double, 2>& p) { return p[0] + p[1] * rs.gauss(); });
}

Value m_uniform(Interp& in, RandomState& rs, Args& a) {
  // random_uniform: low + (high - low) * U
  Value low = a.optional(0, "low", Value::floating(0.0));
  Value high = a.optional(1, "high", Value::floating(1.0));
  Value size = a.optional(2, "size");
  a.finish(3);
  return distribution<2>(
      in, {low, high}, size, false,
      [&](const std::array<std::vector<double>, 2>& v) {
        size_t n = std::max(v[0].size(), v[1].size());
        for (size_t i = 0; i < n; ++i)
          if (!std::isfinite(v[1][v[1].size() == 1 ? 0 : i] - v[0][v[0].size() == 1 ? 0 : i]))
            in.raise_exc("OverflowError", "Range exceeds valid bounds");
      },
      [&](const std::array<double, 2>& p) { return p[0] + (p[1] - p[0]) * rs.next_double(); });
}

Value m_standard_exponential(Interp& in, RandomState& rs, Args& a) {
  Value size = a.optional(0, "size");
  a.finish(1);
  std::optional<Shape> s = size_arg(in, size);
  if (!s) return Value::floating(rs.standard_exponential());
  ArrayPtr out = new_f64(*s);
  double* o = reinterpret_cast<double*>(out->data());
  for (int64_t i = 0; i < out->size(); ++i) o[i] = rs.standard_exponential();
  return wrap(out);
}

Value m_exponential(Interp& in, RandomState& rs, Args& a) {
  Value scale = a.optional(0, "scale", Value::floating(1.0));
  Value size = a.optional(1, "size");
  a.finish(2);
  return distribution<1>(
      in, {scale}, size, false,
      [&](const std::array<std::vector<double>, 1>& v) {
        if (any_of(v[0], [](double x) { return x < 0; })) in.raise_exc("ValueError", "scale < 0");
      },
      [&](const std::array<double, 1>& p) { return p[0] * rs.standard_exponential(); });
}

Value m_standard_gamma(Interp& in, RandomState& rs, Args& a) {
  Value shape = a.required(0, "shape");
  Value size = a.optional(1, "size");
  a.finish(2);
  return distribution<1>(
      in, {shape}, size, false,
      [&](const std::array<std::vector<double>, 1>& v) {
        if (any_of(v[0], [](double x) { return x < 0; })) in.raise_exc("ValueError", "shape < 0");
      },
      [&](const std::array<double, 1>& p) { return rs.standard_gamma(p[0]); });
}

Value m_gamma(Interp& in, RandomState& rs, Args& a) {
  Value shape = a.required(0, "shape");
  Value scale = a.optional(1, "scale", Value::floating(1.0));
  Value size = a.optional(2, "size");
  a.finish(3);
  return distribution<2>(
      in, {shape, scale}, size, false,
      [&](const std::array<std::vector<double>, 2>& v) {
        if (any_of(v[0], [](double x) { return x < 0; })) in.raise_exc("ValueError", "shape < 0");
        if (any_of(v[1], [](double x) { return x < 0; })) in.raise_exc("ValueError", "scale < 0");
      },
      [&](const std::array<double, 2>& p) { return p[1] * rs.standard_gamma(p[0]); });
}

Value m_poisson(Interp& in, RandomState& rs, Args& a) {
  Value lam = a.optional(0, "lam", Value::floating(1.0));
  Value size = a.optional(1, "size");
  a.finish(2);
  return distribution<1>(
      in, {lam}, size, true,
      [&](const std::array<std::vector<double>, 1>& v) {
        if (any_of(v[0], [](double x) { return !(x >= 0); })) in.raise_exc("ValueError", "lam < 0 or lam is NaN");
        // POISSON_LAM_MAX = max int64 - 10 * sqrt(max int64)
        if (any_of(v[0], [](double x) { return x > 9.2233720064847708e18; })) in.raise_exc("ValueError", "lam value too large");
      },
      [&](const std::array<double, 1>& p) { return double(rs.poisson(p[0])); });
}

Value m_binomial(Interp& in, RandomState& rs, Args& a) {
  Value n = a.required(0, "n");
  Value p = a.required(1, "p");
  Value size = a.optional(2, "size");
  a.finish(3);
  return distribution<2>(
      in, {n, p}, size, true,
      [&](const std::array<std::vector<double>, 2>& v) {
        if (any_of(v[0], [](double x) { return x < 0; })) in.raise_exc("ValueError", "n < 0");
        if (any_of(v[1], [](double x) { return !(x >= 0 && x <= 1); })) in.raise_exc("ValueError", "p < 0, p > 1 or p is NaN");
      },
      [&](const std::array<double, 2>& q) { return double(rs.binomial(int64_t(q[0]), q[1])); });
}

// ---------------------------------------------------------------- integers

struct IntRange {
  __int128 lo, hi;
  int bits;  // 1 (bool), 8, 16, 32, 64
};

IntRange int_range(DType dt) {
  int bits = dt == DType::Bool ? 1 : 8 * itemsize(dt);
  if (dt == DType::Bool) return {0, 1, 1};
  if (is_unsigned_int(dt)) return {0, (__int128(1) << bits) - 1, bits};
  return {-(__int128(1) << (bits - 1)), (__int128(1) << (bits - 1)) - 1, bits};
}

// The integer value of a bound (Python int() of a number: floats truncate).
__int128 bound_value(Interp& in, const Array& a, const char* p) {
  if (is_unsigned_int(a.dtype)) return __int128(load_as<uint64_t>(a.dtype, p));
  if (is_integer(a.dtype) || a.dtype == DType::Bool) return __int128(load_as<int64_t>(a.dtype, p));
  double d = load_as<double>(a.dtype, p);
  if (!std::isfinite(d)) in.raise_exc(std::isnan(d) ? "ValueError" : "OverflowError",
                                      std::isnan(d) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
  // Beyond 2**126 every dtype's range check fails the same way; clamp so the
  // conversion itself stays defined.
  return __int128(std::clamp(std::trunc(d), -0x1p126, 0x1p126));
}

Value randint_impl(Interp& in, RandomState& rs, Value low, Value high, const Value& size_v, const Value& dtv) {
  // mirrors RandomState.randint -> _bounded_integers._rand_{dtype}: the masked
  // rejection sampler on [low, high - 1].
  if (high.is_none()) {
    high = low;
    low = Value::integer(0);
  }
  bool py_int = dtv.is_none() || dtv.as<TypeObj>() == in.t.int_;
  bool py_bool = dtv.as<TypeObj>() == in.t.bool_;
  DType dt = dtv.is_none() ? DType::I64 : to_dtype(in, dtv);
  if (!is_integer(dt) && dt != DType::Bool)
    in.raise_exc("TypeError", std::string("Unsupported dtype dtype('") + name(dt) + "') for randint");
  std::optional<Shape> size = size_arg(in, size_v);
  if (size && shape_size(*size) == 0) return wrap(make_array(dt, *size));
  IntRange R = int_range(dt);
  const std::string tn = name(dt);
  auto bounds_error = [&](bool low_is_zero) {
    in.raise_exc("ValueError", low_is_zero ? "high <= 0" : "low >= high");
  };
  ArrayPtr la = to_array(in, low), ha = to_array(in, high);
  auto scalar_like = [&](const Array& x) { return x.ndim() == 0 || (x.ndim() == 1 && x.size() == 1 && size); };
  int64_t isz = itemsize(dt);
  if (scalar_like(*la) && scalar_like(*ha)) {
    __int128 lo = bound_value(in, *la, la->data()), hi = bound_value(in, *ha, ha->data()) - 1;
    if (lo < R.lo) in.raise_exc("ValueError", "low is out of bounds for " + tn);
    if (hi > R.hi) in.raise_exc("ValueError", "high is out of bounds for " + tn);
    if (lo > hi) bounds_error(lo == 0);
    uint64_t rng = uint64_t(hi - lo), off = uint64_t(lo);
    Shape shape = size ? *size : Shape{};
    ArrayPtr out = make_array(dt, shape);
    int64_t n = out->size();
    char* o = out->data();
    if (R.bits == 64) {
      rs.bounded_u64_fill(off, rng, n, reinterpret_cast<uint64_t*>(o));
    } else {
      RandomState::BitBuffer buf;
      uint64_t mask = gen_mask(rng);
      for (int64_t i = 0; i < n; ++i) {
        uint64_t v = rs.bounded(R.bits, off, rng, mask, buf);
        std::memcpy(o + i * isz, &v, size_t(isz));  // little-endian low bytes
      }
    }
    if (!size) {
      if (py_int) return Value::integer(load<int64_t>(o));
      if (py_bool) return Value::boolean(*o != 0);
      return make_scalar(dt, o);
    }
    return wrap(out);
  }
  // _rand_{dtype}_broadcast: bounds checked on the arrays, then one draw per
  // output element (C order) with the buffer shared across elements.
  Shape shape;
  if (size) {
    Shape b = broadcast_shapes_np({la->shape, ha->shape, *size});
    if (shape_size(b) != shape_size(*size))
      in.raise_exc("ValueError", "Output size " + shape_text(*size) + " is not compatible with broadcast dimensions of inputs " +
                                     shape_text(b) + ".");
    shape = *size;
  } else {
    shape = broadcast_shapes_np({la->shape, ha->shape});
  }
  auto values = [&](const ArrayPtr& x) {
    std::vector<__int128> v;
    Array view = broadcast_layout(*x, shape);
    ArrayPtr c = copy_array(view);
    for (int64_t i = 0; i < c->size(); ++i) v.push_back(bound_value(in, *c, c->data() + i * c->itemsize()));
    return v;
  };
  std::vector<__int128> lv = values(la), hv = values(ha);
  for (auto x : lv)
    if (x < R.lo) in.raise_exc("ValueError", "low is out of bounds for " + tn);
  for (auto x : hv)
    if (x - 1 > R.hi) in.raise_exc("ValueError", "high is out of bounds for " + tn);
  for (size_t i = 0; i < lv.size(); ++i)
    if (lv[i] >= hv[i]) bounds_error(std::all_of(lv.begin(), lv.end(), [](__int128 x) { return x == 0; }));
  ArrayPtr out = make_array(dt, shape);
  char* o = out->data();
  RandomState::BitBuffer buf;
  for (size_t i = 0; i < lv.size(); ++i) {
    uint64_t rng = uint64_t(hv[i] - 1 - lv[i]), off = uint64_t(lv[i]);
    uint64_t v = rs.bounded(R.bits, off, rng, gen_mask(rng), buf);
    std::memcpy(o + int64_t(i) * isz, &v, size_t(isz));
  }
  return wrap(out);
}

Value m_randint(Interp& in, RandomState& rs, Args& a) {
  Value low = a.required(0, "low");
  Value high = a.optional(1, "high");
  Value size = a.optional(2, "size");
  Value dt = a.optional(3, "dtype");
  a.finish(4);
  return randint_impl(in, rs, low, high, size, dt);
}

Value m_random_integers(Interp& in, RandomState& rs, Args& a) {
  // random_integers(low, high) == randint(low, high + 1) on the closed range
  Value low = a.required(0, "low");
  Value high = a.optional(1, "high");
  Value size = a.optional(2, "size");
  a.finish(3);
  if (high.is_none()) {
    high = low;
    low = Value::integer(1);
  }
  Value h1 = in.binop("+", high, Value::integer(1));
  return randint_impl(in, rs, low, h1, size, Value());
}

// ---------------------------------------------------------------- permutations

// Swaps x[i] and x[j] along axis 0 (whole sub-arrays) through `buf`.
void swap_rows(const Array& x, int64_t i, int64_t j, std::vector<char>& buf) {
  if (x.ndim() == 1) {
    char* pi = x.data() + i * x.strides[0];
    char* pj = x.data() + j * x.strides[0];
    size_t isz = size_t(x.itemsize());
    std::memcpy(buf.data(), pj, isz);
    std::memcpy(pj, pi, isz);
    std::memcpy(pi, buf.data(), isz);
    return;
  }
  Array ri = x, rj = x;
  ri.shape.erase(ri.shape.begin());
  ri.strides.erase(ri.strides.begin());
  rj.shape = ri.shape;
  rj.strides = ri.strides;
  ri.offset += i * x.strides[0];
  rj.offset += j * x.strides[0];
  ArrayPtr tmp = copy_array(rj);
  copy_into(rj, ri);
  copy_into(ri, *tmp);
}

void shuffle_array(Interp& in, RandomState& rs, const Array& x) {
  // RandomState.shuffle: Fisher-Yates from the end, j = random_interval(i).
  // (The n-d path skips the swap when i == j; the draw happens either way.)
  if (x.ndim() == 0) in.raise_exc("TypeError", "len() of unsized object");
  if (!x.writeable) in.raise_exc("ValueError", "array is read-only");
  int64_t n = x.shape[0];
  bool touch = x.size() > 0;
  std::vector<char> buf(16);
  for (int64_t i = n - 1; i >= 1; --i) {
    int64_t j = int64_t(rs.interval(uint64_t(i)));
    if (touch && i != j) swap_rows(x, i, j, buf);
  }
}

Value m_shuffle(Interp& in, RandomState& rs, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  if (x.is_array()) {
    shuffle_array(in, rs, x.arr());
    return Value();
  }
  if (auto* l = x.as<ListObj>()) {
    for (int64_t i = int64_t(l->items.size()) - 1; i >= 1; --i) {
      int64_t j = int64_t(rs.interval(uint64_t(i)));
      std::swap(l->items[size_t(i)], l->items[size_t(j)]);
    }
    return Value();
  }
  in.raise_exc("TypeError", "object of type '" + in.type_of(x)->name + "' has no len()");
}

ArrayPtr arange_i64(int64_t n) {
  ArrayPtr r = make_array(DType::I64, {std::max<int64_t>(n, 0)});
  for (int64_t i = 0; i < r->size(); ++i) store<int64_t>(r->data() + 8 * i, i);
  return r;
}

// a[idx] along axis 0 for an int64 index array (values already in range).
ArrayPtr take_rows(const Array& a, const Array& idx) {
  Shape shape = idx.shape;
  for (int k = 1; k < a.ndim(); ++k) shape.push_back(a.shape[size_t(k)]);
  ArrayPtr out = make_array(a.dtype, shape);
  Array row = a;
  row.shape.erase(row.shape.begin());
  row.strides.erase(row.strides.begin());
  int64_t rowsz = shape_size(row.shape) * a.itemsize();
  ArrayPtr ic = copy_as(idx, DType::I64);
  for (int64_t i = 0; i < ic->size(); ++i) {
    int64_t j = load<int64_t>(ic->data() + 8 * i);
    Array src = row;
    src.offset = a.offset + j * a.strides[0];
    Array dst = *out;
    dst.shape = row.shape;
    dst.strides = default_strides(row.shape, a.itemsize());
    dst.offset = i * rowsz;
    copy_into(dst, src);
  }
  return out;
}

Value m_permutation(Interp& in, RandomState& rs, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  if (x.is_int() || x.is_bool() || (x.is_array() && x.arr().flavor == Flavor::Scalar && is_integer(x.arr().dtype))) {
    ArrayPtr arr = arange_i64(in.index_value(x));
    shuffle_array(in, rs, *arr);
    return wrap(arr);
  }
  ArrayPtr arr = to_array_dims_first(in, x);
  if (arr->ndim() < 1) in.raise_exc("IndexError", "x must be an integer or at least 1-dimensional");
  if (arr->ndim() == 1) {
    if (x.is_array()) arr = copy_array(*arr);
    shuffle_array(in, rs, *arr);
    return wrap(arr);
  }
  ArrayPtr idx = arange_i64(arr->shape[0]);
  shuffle_array(in, rs, *idx);
  return wrap(take_rows(*arr, *idx));
}

// cdf.searchsorted(x, side='right'): the first i with cdf[i] > x.
int64_t search_right(const std::vector<double>& cdf, double x) {
  return int64_t(std::upper_bound(cdf.begin(), cdf.end(), x) - cdf.begin());
}

Value m_choice(Interp& in, RandomState& rs, Args& a) {
  // mirrors RandomState.choice
  Value av = a.required(0, "a");
  Value size_v = a.optional(1, "size");
  bool replace = in.truthy(a.optional(2, "replace", Value::boolean(true)));
  Value pv = a.optional(3, "p");
  a.finish(4);
  ArrayPtr arr = to_array_dims_first(in, av);
  std::optional<Shape> size = size_arg(in, size_v);
  int64_t want = size ? shape_size(*size) : 1;
  int64_t pop_size;
  if (arr->ndim() == 0) {
    if (!is_integer(arr->dtype) && arr->dtype != DType::Bool) in.raise_exc("ValueError", "a must be 1-dimensional or an integer");
    pop_size = load_as<int64_t>(arr->dtype, arr->data());
    if (pop_size <= 0 && want != 0) in.raise_exc("ValueError", "a must be greater than 0 unless no samples are taken");
  } else if (arr->ndim() != 1) {
    in.raise_exc("ValueError", "a must be 1-dimensional");
  } else {
    pop_size = arr->shape[0];
    if (pop_size == 0 && want != 0) in.raise_exc("ValueError", "'a' cannot be empty unless no samples are taken");
  }
  std::vector<double> p;
  if (!pv.is_none()) {
    double atol = std::sqrt(2.220446049250313e-16);
    ArrayPtr pa = to_array(in, pv);
    if (pa->dtype == DType::F32) atol = std::max(atol, std::sqrt(1.1920928955078125e-07));
    if (pa->dtype == DType::F16) atol = std::max(atol, std::sqrt(0.0009765625));
    if (pa->ndim() != 1) in.raise_exc("ValueError", "'p' must be 1-dimensional");
    ArrayPtr pc = copy_as(*pa, DType::F64);
    p.resize(size_t(pc->size()));
    if (!p.empty()) std::memcpy(p.data(), pc->data(), p.size() * 8);
    if (int64_t(p.size()) != pop_size) in.raise_exc("ValueError", "'a' and 'p' must have same size");
    // kahan_sum
    double sum = p.empty() ? 0.0 : p[0], c = 0.0;
    for (size_t i = 1; i < p.size(); ++i) {
      double y = p[i] - c, t = sum + y;
      c = (t - sum) - y;
      sum = t;
    }
    if (std::isnan(sum)) in.raise_exc("ValueError", "probabilities contain NaN");
    for (double x : p)
      if (x < 0) in.raise_exc("ValueError", "probabilities are not non-negative");
    if (std::fabs(sum - 1.) > atol) in.raise_exc("ValueError", "probabilities do not sum to 1");
  }
  Shape shape = size ? *size : Shape{};
  ArrayPtr idx;
  auto cdf_of = [](const std::vector<double>& q) {
    std::vector<double> cdf(q.size());
    double s = 0;
    for (size_t i = 0; i < q.size(); ++i) cdf[i] = (s += q[i]);
    double last = cdf.back();
    for (double& x : cdf) x /= last;
    return cdf;
  };
  if (replace) {
    if (!p.empty()) {
      std::vector<double> cdf = cdf_of(p);
      idx = make_array(DType::I64, shape);
      for (int64_t i = 0; i < idx->size(); ++i) store<int64_t>(idx->data() + 8 * i, search_right(cdf, rs.next_double()));
    } else {
      Value r = randint_impl(in, rs, Value::integer(0), Value::integer(pop_size), size ? size_v : Value(), Value());
      idx = r.is_int() ? to_array(in, r) : r.array();
    }
  } else {
    if (want > pop_size) in.raise_exc("ValueError", "Cannot take a larger sample than population when 'replace=False'");
    if (!p.empty()) {
      int64_t nz = 0;
      for (double x : p) nz += x > 0;
      if (nz < want) in.raise_exc("ValueError", "Fewer non-zero entries in p than size");
      std::vector<int64_t> found(size_t(want), 0);
      int64_t n_uniq = 0;
      while (n_uniq < want) {
        std::vector<double> x(static_cast<size_t>(want - n_uniq));
        for (double& u : x) u = rs.next_double();
        for (int64_t k = 0; k < n_uniq; ++k) p[size_t(found[size_t(k)])] = 0;
        std::vector<double> cdf = cdf_of(p);
        // new = unique values of searchsorted(x) in order of first occurrence
        std::vector<int64_t> fresh;
        for (double u : x) {
          int64_t v = search_right(cdf, u);
          if (std::find(fresh.begin(), fresh.end(), v) == fresh.end()) fresh.push_back(v);
        }
        for (int64_t v : fresh) found[size_t(n_uniq++)] = v;
      }
      idx = make_array(DType::I64, shape);
      for (int64_t i = 0; i < want; ++i) store<int64_t>(idx->data() + 8 * i, found[size_t(i)]);
    } else {
      ArrayPtr perm = arange_i64(pop_size);
      shuffle_array(in, rs, *perm);
      idx = make_array(DType::I64, shape);
      if (want) std::memcpy(idx->data(), perm->data(), size_t(want) * 8);
    }
  }
  if (!size) {
    int64_t i = load<int64_t>(idx->data());
    if (arr->ndim() == 0) return Value::integer(i);
    return make_scalar(arr->dtype, arr->data() + i * arr->strides[0]);
  }
  if (arr->ndim() == 0) return wrap(idx);
  return wrap(take_rows(*arr, *idx));
}

// ---------------------------------------------------------------- registration

// One row per module function: np.random.<name>, the RandomState method it
// calls, and the parameter list np.random's Cython function binds
// (Note [One row per callable]); RandomState's own methods bind as they read.
struct RandomRow {
  const char* name;
  RandomMethod fn;
  Params params = {};
};
const std::vector<RandomRow>& methods() {
  static const std::vector<RandomRow> m = {
      {"seed", m_seed, {"seed(seed=)", SigStyle::Cython}},
      {"get_state", m_get_state, {"get_state(legacy=)", SigStyle::Cython}},
      {"set_state", m_set_state, {"set_state(state)", SigStyle::Cython}},
      {"rand", m_rand, {"rand(*args)", SigStyle::Cython}},
      {"randn", m_randn, {"randn(*args)", SigStyle::Cython}},
      {"random_sample", m_random_sample, {"random_sample(size=)", SigStyle::Cython}},
      {"random", m_random_sample, {"random(size=)", SigStyle::Cython}},
      {"ranf", m_random_sample, {"ranf(*args, **kwargs)", SigStyle::Cython}},
      {"sample", m_random_sample, {"sample(*args, **kwargs)", SigStyle::Cython}},
      {"standard_normal", m_standard_normal, {"standard_normal(size=)", SigStyle::Cython}},
      {"normal", m_normal, {"normal(loc=, scale=, size=)", SigStyle::Cython}},
      {"uniform", m_uniform, {"uniform(low=, high=, size=)", SigStyle::Cython}},
      {"standard_exponential", m_standard_exponential, {"standard_exponential(size=)", SigStyle::Cython}},
      {"exponential", m_exponential, {"exponential(scale=, size=)", SigStyle::Cython}},
      {"standard_gamma", m_standard_gamma, {"standard_gamma(shape, size=)", SigStyle::Cython}},
      {"gamma", m_gamma, {"gamma(shape, scale=, size=)", SigStyle::Cython}},
      {"poisson", m_poisson, {"poisson(lam=, size=)", SigStyle::Cython}},
      {"binomial", m_binomial, {"binomial(n, p, size=)", SigStyle::Cython}},
      {"randint", m_randint, {"randint(low, high=, size=, dtype=)", SigStyle::Cython}},
      {"random_integers", m_random_integers, {"random_integers(low, high=, size=)", SigStyle::Cython}},
      {"shuffle", m_shuffle, {"shuffle(x)", SigStyle::Cython}},
      {"permutation", m_permutation, {"permutation(x)", SigStyle::Cython}},
      {"choice", m_choice, {"choice(a, size=, replace=, p=)", SigStyle::Cython}},
  };
  return m;
}

std::string hex_address(const void* p) {
  // snprintf rather than an ostringstream: a stream links libc++'s locale
  // facets (about 60 KB of wasm) into the engine.
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return buf;
}

Value make_random_state(Interp& in, TypeObj* type, RSPtr rs) {
  auto g = std::make_shared<GenericObj>(type);
  g->native = rs;
  for (const RandomRow& r : methods()) {
    RandomMethod f = r.fn;
    std::string n = r.name;
    g->attrs[n] = in.builtin(n, [rs, f, n](Interp& in, Args& a) -> Value {
      a.fname = n;
      return f(in, *rs, a);
    });
  }
  const void* id = rs.get();
  g->attrs["__repr__"] = in.builtin("__repr__", [id](Interp&, Args&) -> Value {
    return make_str("RandomState(MT19937) at " + hex_address(id));
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

}  // namespace

void install_numpy_random(Interp& in, ModuleObj& np) {
  ModuleObj& m = submodule(in, "numpy.random");
  auto global = std::make_shared<RandomState>();
  for (const RandomRow& r : methods()) {
    RandomMethod f = r.fn;
    std::string n = r.name;
    def_fn(in, m, n, [global, f, n](Interp& in, Args& a) -> Value {
      a.fname = n;
      return f(in, *global, a);
    }, r.params);
  }
  TypeObj* rs_type = in.new_type("RandomState", "numpy.random.mtrand", {in.t.object});
  rs_type->call = [rs_type](Interp& in, Args& a) -> Value {
    Value seed = a.optional(0, "seed");
    a.finish(1);
    auto rs = std::make_shared<RandomState>();
    do_seed(in, *rs, seed);
    return make_random_state(in, rs_type, rs);
  };
  m.attrs["RandomState"] = type_value(rs_type);
}

}  // namespace sl::lang

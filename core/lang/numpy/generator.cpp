// numpy/generator: NumPy's modern random API -- np.random.default_rng, Generator,
// PCG64 / PCG64DXSM and SeedSequence (core/random/ holds the streams and samplers).
//
// Argument handling, result types (size=None gives a Python float / int or a
// NumPy scalar exactly where _generator.pyx does), error texts and, above all,
// the order of draws follow numpy/random/_generator.pyx, bit_generator.pyx and
// _bounded_integers.pyx of NumPy 2.2. Parameters given as arrays broadcast
// against `size` and are drawn in C order of the output, as _common.pyx's
// cont/disc do. Invariant: a Generator and its bit_generator share one
// rng::BitGenerator, so draws through either advance the same stream.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <cstdio>

#include "core/model/element.hpp"
#include "core/ops/index.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/ops/copy.hpp"
#include "core/lang/numpy/sampling.hpp"
#include "core/random/legacy.hpp"
#include "core/random/distributions.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"

namespace sl::lang {

namespace {

using sampling::size_arg;
using sampling::spread;

using rng::BitGenerator;
using BGPtr = std::shared_ptr<BitGenerator>;
using GenMethod = Value (*)(Interp&, BitGenerator&, Args&);

Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

// The classes live in this interpreter's numpy.random (one set per Interp).
TypeObj* rtype(Interp& in, const char* name) {
  return static_cast<TypeObj*>(submodule(in, "numpy.random").attrs[name].obj());
}
bool is_instance(const Value& v, const char* name) {
  auto* g = v.as<GenericObj>();
  return g && g->type->name == name && g->type->module.rfind("numpy.random", 0) == 0;
}

std::string hex_address(const void* p) {
  // snprintf rather than an ostringstream: a stream links libc++'s locale
  // facets (about 60 KB of wasm) into the engine.
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return buf;
}

// ---------------------------------------------------------------- SeedSequence

// _coerce_to_uint32_array: an int is split into 32-bit words (low first); a
// sequence or array concatenates the words of its elements, recursively (so a
// nested list or an n-d array reads in C order); floats are refused.
void append_words(Interp& in, const Value& v, std::vector<uint32_t>& out) {
  if (v.is_array() && (v.arr().ndim() > 0 || v.arr().flavor != Flavor::Scalar)) {
    const Array& a = v.arr();
    if (a.ndim() == 0) in.raise_exc("TypeError", "len() of unsized object");
    if (a.size() == 0) return;
    if (!is_integer(a.dtype) && a.dtype != DType::Bool) in.raise_exc("TypeError", "seed must be integer");
    ArrayPtr c = copy_as(a, DType::I64);
    for (int64_t i = 0; i < c->size(); ++i) append_words(in, Value::integer(load<int64_t>(c->data() + 8 * i)), out);
    return;
  }
  if (v.is_float() || (v.is_array() && !is_integer(v.arr().dtype))) in.raise_exc("TypeError", "seed must be integer");
  if (in.is_int_like(v)) {
    int64_t n = in.index_value(v);
    if (n < 0) in.raise_exc("ValueError", "expected non-negative integer");
    for (uint32_t w : rng::int_to_words(uint64_t(n))) out.push_back(w);
    return;
  }
  // a list, tuple or range: through list(), as Python's iteration would
  Value items = v.as<ListObj>() ? v : in.call(in.builtins.at("list"), std::vector<Value>{v});
  for (const Value& x : items.as<ListObj>()->items) append_words(in, x, out);
}

struct SeedSeqState {
  std::vector<uint32_t> entropy_words;
  std::vector<int64_t> spawn_key;
  uint32_t pool_size = 4;
  int64_t n_children_spawned = 0;
  std::vector<uint32_t> pool;
};

ArrayPtr u32_array(const std::vector<uint32_t>& w) {
  ArrayPtr a = make_array(DType::U32, {int64_t(w.size())});
  if (!w.empty()) std::memcpy(a->data(), w.data(), w.size() * 4);
  return a;
}

Value make_seed_sequence(Interp& in, Value entropy, std::vector<int64_t> spawn_key, int64_t pool_size,
                         int64_t n_children);

// Closures keep the state and the entropy value (never the object itself: a
// method bound to its own object would be a cycle the collector cannot see);
// `self` only refreshes the n_children_spawned attribute while the object lives.
Value seed_seq_spawn(Interp& in, SeedSeqState& st, const Value& entropy, const std::weak_ptr<GenericObj>& self,
                     Args& a) {
  Value nv = a.required(0, "n_children");
  a.finish(1);
  int64_t n = in.index_value(nv);
  // the loop index is a C uint32_t, whose conversion fails before the check
  if (n < 0) in.raise_exc("OverflowError", "can't convert negative value to uint32_t");
  std::vector<Value> out;
  for (int64_t i = st.n_children_spawned; i < st.n_children_spawned + n; ++i) {
    std::vector<int64_t> key = st.spawn_key;
    key.push_back(i);
    out.push_back(make_seed_sequence(in, entropy, key, st.pool_size, 0));
  }
  st.n_children_spawned += n;
  if (auto g = self.lock()) g->attrs["n_children_spawned"] = Value::integer(st.n_children_spawned);
  return make_list(std::move(out));
}

std::string seed_seq_repr(Interp& in, const SeedSeqState& st_, const Value& entropy) {
  const SeedSeqState* st = &st_;
  std::string s = "SeedSequence(\n    entropy=" + in.repr(entropy) + ",\n";
  if (!st->spawn_key.empty()) {
    std::vector<Value> key;
    for (int64_t k : st->spawn_key) key.push_back(Value::integer(k));
    s += "    spawn_key=" + in.repr(make_tuple(std::move(key))) + ",\n";
  }
  if (st->pool_size != 4) s += "    pool_size=" + std::to_string(st->pool_size) + ",\n";
  if (st->n_children_spawned) s += "    n_children_spawned=" + std::to_string(st->n_children_spawned) + ",\n";
  return s + ")";
}

// mirrors SeedSequence.__init__: entropy None draws 128 bits from the OS (here:
// 63-bit words, since stridelab ints are 64-bit).
Value make_seed_sequence(Interp& in, Value entropy, std::vector<int64_t> spawn_key, int64_t pool_size,
                         int64_t n_children) {
  if (pool_size < 4) in.raise_exc("ValueError", "The size of the entropy pool should be at least 4");
  auto st = std::make_shared<SeedSeqState>();
  if (entropy.is_none()) {
    RandomState fresh;  // seeded from the clock and std::random_device
    entropy = Value::integer(int64_t(fresh.next64() >> 1));
  }
  bool ok = in.is_int_like(entropy) || entropy.is_array() || entropy.as<ListObj>() || entropy.as<TupleObj>() ||
            entropy.as<RangeObj>();
  if (!ok || entropy.is_bool())
    in.raise_exc("TypeError", "SeedSequence expects int or sequence of ints for entropy not " + in.str(entropy));
  append_words(in, entropy, st->entropy_words);
  std::vector<uint32_t> key_words;
  for (int64_t k : spawn_key) {
    if (k < 0) in.raise_exc("ValueError", "expected non-negative integer");
    for (uint32_t w : rng::int_to_words(uint64_t(k))) key_words.push_back(w);
  }
  st->spawn_key = spawn_key;
  st->pool_size = uint32_t(pool_size);
  st->n_children_spawned = n_children;
  st->pool = rng::seed_pool(st->entropy_words, key_words, st->pool_size);

  auto g = std::make_shared<GenericObj>(rtype(in, "SeedSequence"));
  g->native = st;
  std::vector<Value> key;
  for (int64_t k : spawn_key) key.push_back(Value::integer(k));
  g->attrs["entropy"] = entropy;
  g->attrs["spawn_key"] = make_tuple(std::move(key));
  g->attrs["pool_size"] = Value::integer(pool_size);
  g->attrs["n_children_spawned"] = Value::integer(n_children);
  g->attrs["pool"] = wrap(u32_array(st->pool));
  std::weak_ptr<GenericObj> self = g;
  g->attrs["generate_state"] = in.builtin("generate_state", [st](Interp& in, Args& a) -> Value {
    a.fname = "generate_state";
    int64_t n = in.index_value(a.required(0, "n_words"));
    Value dt = a.optional(1, "dtype");
    a.finish(2);
    DType d = dt.is_none() ? DType::U32 : to_dtype(in, dt);
    if (d != DType::U32 && d != DType::U64) in.raise_exc("ValueError", "only support uint32 or uint64");
    if (n < 0) in.raise_exc("ValueError", "negative dimensions are not allowed");
    std::vector<uint32_t> w = rng::generate_state(st->pool, size_t(d == DType::U64 ? 2 * n : n));
    ArrayPtr out = u32_array(w);
    if (d == DType::U64) out->dtype = DType::U64, out->shape = {n}, out->strides = {8};
    return wrap(out);
  });
  g->attrs["spawn"] = in.builtin("spawn", [st, entropy, self](Interp& in, Args& a) -> Value {
    a.fname = "spawn";
    return seed_seq_spawn(in, *st, entropy, self, a);
  });
  g->attrs["__repr__"] = in.builtin("__repr__", [st, entropy](Interp& in, Args&) -> Value {
    return make_str(seed_seq_repr(in, *st, entropy));
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

Value seed_seq_new(Interp& in, Args& a) {
  a.fname = "SeedSequence";
  Value entropy = a.optional(0, "entropy");
  Value key, pool, nch;
  a.take(1000, "spawn_key", key);
  a.take(1000, "pool_size", pool);
  a.take(1000, "n_children_spawned", nch);
  a.finish(1);
  std::vector<int64_t> k;
  if (!key.is_none()) {
    ArrayPtr ka = to_array(in, key, DType::I64);
    for (int64_t i = 0; i < ka->size(); ++i) k.push_back(load<int64_t>(ka->data() + 8 * i));
  }
  return make_seed_sequence(in, entropy, k, pool.is_none() ? 4 : in.index_value(pool),
                            nch.is_none() ? 0 : in.index_value(nch));
}

// ---------------------------------------------------------------- bit generators

Value make_bit_generator(Interp& in, BitGenerator::Kind kind, const Value& seed);

BGPtr native_bitgen(const Value& v) {
  if (!is_instance(v, "PCG64") && !is_instance(v, "PCG64DXSM") && !is_instance(v, "MT19937")) return nullptr;
  return std::static_pointer_cast<BitGenerator>(v.as<GenericObj>()->native);
}

// BitGenerator.spawn / Generator.spawn: children of the bit generator's seed sequence.
std::vector<Value> spawn_bitgens(Interp& in, const Value& bitgen, Args& a) {
  auto* g = bitgen.as<GenericObj>();
  Value ss = g->attrs["seed_seq"];
  Value children = in.call(in.getattr(ss, "spawn"), a);
  auto kind = native_bitgen(bitgen)->kind();
  std::vector<Value> out;
  for (const Value& c : children.as<ListObj>()->items) out.push_back(make_bit_generator(in, kind, c));
  return out;
}

Value random_raw(Interp& in, BitGenerator& bg, Args& a) {
  Value size = a.optional(0, "size");
  a.finish(1);
  if (size.is_none()) {
    uint64_t v = bg.next_raw();
    return make_scalar(DType::U64, &v);
  }
  ArrayPtr out = make_array(DType::U64, to_shape(in, size));
  for (int64_t i = 0; i < out->size(); ++i) store<uint64_t>(out->data() + 8 * i, bg.next_raw());
  return wrap(out);
}

Value make_bit_generator(Interp& in, BitGenerator::Kind kind, const Value& seed) {
  Value ss = seed;
  if (!is_instance(seed, "SeedSequence")) ss = make_seed_sequence(in, seed, {}, 4, 0);
  auto* ssg = ss.as<GenericObj>();
  auto st = std::static_pointer_cast<SeedSeqState>(ssg->native);
  auto bg = std::make_shared<BitGenerator>(kind, rng::generate_state(st->pool, BitGenerator::seed_words(kind)));
  auto g = std::make_shared<GenericObj>(rtype(in, bg->name()));
  g->native = bg;
  g->attrs["seed_seq"] = ss;
  g->attrs["_seed_seq"] = ss;
  g->attrs["random_raw"] = in.builtin("random_raw", [bg](Interp& in, Args& a) -> Value {
    a.fname = "random_raw";
    return random_raw(in, *bg, a);
  });
  if (kind != BitGenerator::Kind::MT19937)  // MT19937 has jumped() only
    g->attrs["advance"] = in.builtin("advance", [bg](Interp& in, Args& a) -> Value {
      a.fname = "advance";
      int64_t d = in.index_value(a.required(0, "delta"));
      a.finish(1);
      bg->advance(rng::u128(uint64_t(d)) | (d < 0 ? ~rng::u128(0) << 64 : 0));
      return Value();
    });
  Value self(std::static_pointer_cast<Obj>(g));
  // spawn needs only the seed sequence and the kind: a copy of the object
  // without this method breaks the cycle object -> method -> object
  auto shell = std::make_shared<GenericObj>(g->type);
  shell->native = bg;
  shell->attrs["seed_seq"] = ss;
  Value shell_v(std::static_pointer_cast<Obj>(shell));
  g->attrs["spawn"] = in.builtin("spawn", [shell_v](Interp& in, Args& a) -> Value {
    a.fname = "spawn";
    return make_list(spawn_bitgens(in, shell_v, a));
  });
  return self;
}

// ---------------------------------------------------------------- argument helpers

// float64 or float32 for the `dtype=` of random / standard_normal / standard_exponential.
DType float_dtype(Interp& in, const Value& v, const char* method) {
  DType d = v.is_none() ? DType::F64 : to_dtype(in, v);
  if (d != DType::F64 && d != DType::F32)
    in.raise_exc("TypeError", std::string("Unsupported dtype dtype('") + name(d) + "') for " + method);
  return d;
}

// double_fill / float_fill: size None gives one Python float.
template <class D64, class D32>
Value fill(Interp& in, const Value& size_v, DType dt, D64 d64, D32 d32) {
  std::optional<Shape> size = size_arg(in, size_v);
  if (!size) {
    // float_fill's scalar is a Python float even for float32
    return Value::floating(dt == DType::F32 ? double(d32()) : d64());
  }
  ArrayPtr out = make_array(dt, *size);
  char* o = out->data();
  int64_t n = out->size();
  if (dt == DType::F32)
    for (int64_t i = 0; i < n; ++i) store<float>(o + 4 * i, d32());
  else
    for (int64_t i = 0; i < n; ++i) store<double>(o + 8 * i, d64());
  return wrap(out);
}

std::string shape_text(const Shape& s) { return shape_repr(s); }


// _common.pyx cont()/disc() (numpy/sampling.hpp): size must be the
// parameters' broadcast shape.
template <int N, class Check, class Draw>
Value distribution(Interp& in, const std::array<Value, N>& params, const Value& size_v, bool integer, Check check,
                   Draw draw) {
  return sampling::distribution<N>(in, params, size_v, integer, sampling::SizeRule::SameShape, check, draw);
}

// CONS_NON_NEGATIVE: "name < 0" (a NaN passes; -0.0 does not, as signbit says).
void non_negative(Interp& in, const std::vector<double>& v, const char* name) {
  for (double x : v)
    if (!std::isnan(x) && std::signbit(x)) in.raise_exc("ValueError", std::string(name) + " < 0");
}

// ---------------------------------------------------------------- continuous

Value g_random(Interp& in, BitGenerator& bg, Args& a) {
  Value size = a.optional(0, "size"), dt = a.optional(1, "dtype");
  a.finish(2);
  DType d = float_dtype(in, dt, "random");
  return fill(in, size, d, [&] { return bg.next_double(); }, [&] { return bg.next_float(); });
}

Value g_standard_normal(Interp& in, BitGenerator& bg, Args& a) {
  Value size = a.optional(0, "size"), dt = a.optional(1, "dtype");
  a.finish(2);
  DType d = float_dtype(in, dt, "standard_normal");
  return fill(in, size, d, [&] { return rng::standard_normal(bg); }, [&] { return rng::standard_normal_f(bg); });
}

Value g_standard_exponential(Interp& in, BitGenerator& bg, Args& a) {
  Value size = a.optional(0, "size"), dt = a.optional(1, "dtype"), method = a.optional(2, "method");
  a.finish(3);
  DType d = float_dtype(in, dt, "standard_exponential");
  // any method other than 'zig' is the inversion (_generator.pyx tests == 'zig')
  const bool inv = !method.is_none() && !(method.as<StrObj>() && method.as<StrObj>()->s == "zig");
  if (inv)  // random_standard_exponential_inv_fill: -log(1 - U)
    return fill(in, size, d, [&] { return -std::log1p(-bg.next_double()); },
                [&] { return float(-std::log1p(-bg.next_float())); });
  return fill(in, size, d, [&] { return rng::standard_exponential(bg); },
              [&] { return rng::standard_exponential_f(bg); });
}

Value g_normal(Interp& in, BitGenerator& bg, Args& a) {
  Value loc = a.optional(0, "loc", Value::floating(0.0)), scale = a.optional(1, "scale", Value::floating(1.0));
  Value size = a.optional(2, "size");
  a.finish(3);
  return distribution<2>(
      in, std::array<Value, 2>{loc, scale}, size, false, [&](auto& v) { non_negative(in, v[1], "scale"); },
      [&](auto& p) { return p[0] + p[1] * rng::standard_normal(bg); });
}

Value g_exponential(Interp& in, BitGenerator& bg, Args& a) {
  Value scale = a.optional(0, "scale", Value::floating(1.0)), size = a.optional(1, "size");
  a.finish(2);
  return distribution<1>(
      in, std::array<Value, 1>{scale}, size, false, [&](auto& v) { non_negative(in, v[0], "scale"); },
      [&](auto& p) { return p[0] * rng::standard_exponential(bg); });
}

Value g_uniform(Interp& in, BitGenerator& bg, Args& a) {
  Value low = a.optional(0, "low", Value::floating(0.0)), high = a.optional(1, "high", Value::floating(1.0));
  Value size = a.optional(2, "size");
  a.finish(3);
  // random_uniform(low, range) with range = high - low, which must be finite and >= 0
  ArrayPtr lo = to_array(in, low, DType::F64), hi = to_array(in, high, DType::F64);
  bool scalar = lo->ndim() == 0 && hi->ndim() == 0;
  Value range;
  if (scalar) {
    double r = load<double>(hi->data()) - load<double>(lo->data());
    if (!std::isfinite(r)) in.raise_exc("OverflowError", "high - low range exceeds valid bounds");
    range = Value::floating(r);
  } else {
    Shape b = broadcast_shapes_np({lo->shape, hi->shape});
    std::vector<double> l = spread(*lo, b), h = spread(*hi, b);
    ArrayPtr r = make_array(DType::F64, b);
    for (size_t i = 0; i < l.size(); ++i) {
      double d = h[i] - l[i];
      if (!std::isfinite(d)) in.raise_exc("OverflowError", "Range exceeds valid bounds");
      store<double>(r->data() + 8 * i, d);
    }
    range = wrap(r);
  }
  return distribution<2>(
      in, std::array<Value, 2>{wrap(lo), range}, size, false, [&](auto& v) { non_negative(in, v[1], "high - low"); },
      [&](auto& p) { return p[0] + p[1] * bg.next_double(); });
}

// ---------------------------------------------------------------- discrete

Value g_poisson(Interp& in, BitGenerator& bg, Args& a) {
  Value lam = a.optional(0, "lam", Value::floating(1.0)), size = a.optional(1, "size");
  a.finish(2);
  // POISSON_LAM_MAX = int64 max - 10 sqrt(int64 max)
  const double lam_max = 9223372036854775807.0 - std::sqrt(9223372036854775807.0) * 10;
  return distribution<1>(
      in, std::array<Value, 1>{lam}, size, true,
      [&](auto& v) {
        for (double x : v[0])
          if (std::isnan(x) || x < 0)
            in.raise_exc("ValueError", v[0].size() == 1 && to_array(in, lam)->ndim() == 0 ? "lam < 0 or lam is NaN"
                                                                                           : "lam < 0 or lam contains NaNs");
        for (double x : v[0])
          if (!(x <= lam_max)) in.raise_exc("ValueError", "lam value too large");
      },
      [&](auto& p) { return double(rng::poisson(bg, p[0])); });
}

Value g_binomial(Interp& in, BitGenerator& bg, Args& a) {
  Value n = a.required(0, "n"), p = a.required(1, "p"), size = a.optional(2, "size");
  a.finish(3);
  ArrayPtr na = to_array(in, n, DType::I64);
  bool scalar = na->ndim() == 0 && to_array(in, p, DType::F64)->ndim() == 0;
  auto check = [&](auto& v) {
    for (double x : v[1])
      if (!(x >= 0 && x <= 1)) in.raise_exc("ValueError", scalar ? "p < 0, p > 1 or p is NaN" : "p < 0, p > 1 or p contains NaNs");
    for (double x : v[0])
      if (x < 0) in.raise_exc("ValueError", "n < 0");
  };
  // n is truncated to int64 first (PyArray_FROM_OTF(n, NPY_INT64))
  return distribution<2>(in, std::array<Value, 2>{wrap(na), p}, size, true, check,
                         [&](auto& q) { return double(rng::binomial(bg, q[1], int64_t(q[0]))); });
}

// ---------------------------------------------------------------- integers

struct IntType {
  int bits;      // 1 for bool
  bool is_signed;
  int64_t lo;    // bounds as int64 (uint64's upper bound is clipped: ints are 64-bit)
  int64_t hi;
};

IntType int_type(Interp& in, DType d) {
  switch (d) {
    case DType::Bool: return {1, false, 0, 1};
    case DType::I8: return {8, true, -128, 127};
    case DType::I16: return {16, true, -32768, 32767};
    case DType::I32: return {32, true, INT32_MIN, INT32_MAX};
    case DType::I64: return {64, true, INT64_MIN, INT64_MAX};
    case DType::U8: return {8, false, 0, 255};
    case DType::U16: return {16, false, 0, 65535};
    case DType::U32: return {32, false, 0, UINT32_MAX};
    case DType::U64: return {64, false, 0, INT64_MAX};
    default: in.raise_exc("TypeError", std::string("Unsupported dtype dtype('") + name(d) + "') for integers");
  }
}

// format_bounds_error: low == 0 everywhere gets the friendlier "high <= 0".
[[noreturn]] void bounds_error(Interp& in, bool closed, bool low_all_zero) {
  if (low_all_zero) in.raise_exc("ValueError", closed ? "high < 0" : "high <= 0");
  in.raise_exc("ValueError", closed ? "low > high" : "low >= high");
}

int64_t int_param(Interp& in, const Array& a, const char* p) {
  return is_float(a.dtype) ? int64_t(load_as<double>(a.dtype, p)) : load_as<int64_t>(a.dtype, p);
}

// Generator.integers -> _rand_{type}: [low, high) or [low, high] with
// off = low and rng = high_closed - low, drawn by Lemire's method.
Value g_integers(Interp& in, BitGenerator& bg, Args& a) {
  Value low = a.required(0, "low"), high = a.optional(1, "high"), size_v = a.optional(2, "size");
  Value dt = a.optional(3, "dtype"), endpoint = a.optional(4, "endpoint", Value::boolean(false));
  a.finish(5);
  if (high.is_none()) {
    high = low;
    low = Value::integer(0);
  }
  bool python_int = dt.is_none() ? false : dt.is_obj() && dt.obj() == in.t.int_;
  bool python_bool = !dt.is_none() && dt.is_obj() && dt.obj() == in.t.bool_;
  DType d = dt.is_none() ? DType::I64 : to_dtype(in, dt);
  IntType t = int_type(in, d);
  bool closed = in.truthy(endpoint);
  std::optional<Shape> size = size_arg(in, size_v);
  if (size && shape_size(*size) == 0) return wrap(make_array(d, *size));
  ArrayPtr lo = to_array(in, low), hi = to_array(in, high);
  Shape shape;
  std::vector<int64_t> lows, highs;
  if (lo->ndim() == 0 && hi->ndim() == 0) {
    lows = {int_param(in, *lo, lo->data())};
    highs = {int_param(in, *hi, hi->data())};
    shape = size ? *size : Shape{};
  } else {
    std::vector<Shape> shapes = {lo->shape, hi->shape};
    Shape b = broadcast_shapes_np(shapes);
    if (size) shapes.push_back(*size);
    shape = size ? *size : b;
    if (size && broadcast_shapes_np(shapes) != *size)
      in.raise_exc("ValueError", "Output size " + shape_text(*size) +
                                     " is not compatible with broadcast dimensions of inputs " + shape_text(b) + ".");
    for (auto [src, dst] : {std::pair{&lo, &lows}, std::pair{&hi, &highs}}) {
      ArrayPtr c = make_array(DType::I64, shape);
      copy_into(*c, broadcast_layout(**src, shape));  // casts like FORCECAST
      dst->resize(static_cast<size_t>(c->size()));
      if (!dst->empty()) std::memcpy(dst->data(), c->data(), dst->size() * 8);
    }
  }
  bool all_zero = true;
  for (int64_t l : lows) {
    if (l < t.lo) in.raise_exc("ValueError", std::string("low is out of bounds for ") + name(d));
    all_zero = all_zero && l == 0;
  }
  for (int64_t& h : highs) {
    if (!closed) --h;
    if (h > t.hi) in.raise_exc("ValueError", std::string("high is out of bounds for ") + name(d));
  }
  for (size_t i = 0; i < std::max(lows.size(), highs.size()); ++i)
    if (lows[i % lows.size()] > highs[i % highs.size()]) bounds_error(in, closed, all_zero);
  ArrayPtr out = make_array(d, shape);
  rng::IntBuffer buf;
  const int64_t n = out->size();
  for (int64_t i = 0; i < n; ++i) {
    int64_t l = lows[size_t(i) % lows.size()], h = highs[size_t(i) % highs.size()];
    uint64_t v = rng::bounded(bg, t.bits, uint64_t(l), uint64_t(h) - uint64_t(l), buf);
    std::memcpy(out->data() + i * out->itemsize(), &v, size_t(out->itemsize()));  // little-endian low bytes
  }
  if (!size && out->ndim() == 0) {
    if (python_int) return Value::integer(load_as<int64_t>(d, out->data()));
    if (python_bool) return Value::boolean(load<bool>(out->data()));
    return make_scalar(d, out->data());
  }
  return wrap(out);
}

// ---------------------------------------------------------------- permutations

ArrayPtr arange_i64(int64_t n) {
  ArrayPtr r = make_array(DType::I64, {std::max<int64_t>(n, 0)});
  for (int64_t i = 0; i < r->size(); ++i) store<int64_t>(r->data() + 8 * i, i);
  return r;
}

// x[i, ...] <-> x[j, ...] through a buffer (the nd path of Generator.shuffle).
void swap_rows(const Array& x, int64_t i, int64_t j) {
  Array ri = x, rj = x;
  ri.shape.erase(ri.shape.begin());
  ri.strides.erase(ri.strides.begin());
  rj.shape = ri.shape;
  rj.strides = ri.strides;
  ri.offset = x.offset + i * x.strides[0];
  rj.offset = x.offset + j * x.strides[0];
  ArrayPtr buf = copy_array(rj);
  copy_into(rj, ri);
  copy_into(ri, *buf);
}

void shuffle_array(Interp& in, BitGenerator& bg, const ArrayPtr& x, int64_t axis) {
  if (!x->writeable) in.raise_exc("ValueError", "array is read-only");
  int ax = normalize_axis_index(axis, x->ndim());
  if (x->ndim() == 1 && x->size()) {
    rng::shuffle_raw(bg, x->shape[0], 1, x->itemsize(), x->strides[0], x->data());
    return;
  }
  if (x->size() == 0) return;
  ArrayPtr s = swapaxes(x, 0, ax);
  for (int64_t i = s->shape[0] - 1; i >= 1; --i) {
    int64_t j = int64_t(rng::interval(bg, uint64_t(i)));
    if (i != j) swap_rows(*s, i, j);
  }
}

Value g_shuffle(Interp& in, BitGenerator& bg, Args& a) {
  Value x = a.required(0, "x"), axis = a.optional(1, "axis", Value::integer(0));
  a.finish(2);
  if (x.is_array()) {
    if (x.arr().ndim() == 0) in.raise_exc("TypeError", "len() of unsized object");
    shuffle_array(in, bg, x.array(), in.index_value(axis));
    return Value();
  }
  if (auto* l = x.as<ListObj>()) {
    if (in.index_value(axis) != 0)
      in.raise_exc("NotImplementedError", "Axis argument is only supported on ndarray objects");
    for (int64_t i = int64_t(l->items.size()) - 1; i >= 1; --i) {
      int64_t j = int64_t(rng::interval(bg, uint64_t(i)));
      std::swap(l->items[size_t(i)], l->items[size_t(j)]);
    }
    return Value();
  }
  in.raise_exc("TypeError", "object of type '" + in.type_of(x)->name + "' has no len()");
}

Value g_permutation(Interp& in, BitGenerator& bg, Args& a) {
  Value x = a.required(0, "x"), axis = a.optional(1, "axis", Value::integer(0));
  a.finish(2);
  if (x.is_int() || (x.is_array() && x.arr().ndim() == 0 && is_integer(x.arr().dtype) && x.arr().flavor == Flavor::Scalar)) {
    ArrayPtr r = arange_i64(in.index_value(x));
    shuffle_array(in, bg, r, 0);
    return wrap(r);
  }
  ArrayPtr arr = to_array(in, x);
  if (arr->ndim() == 0) in.raise_exc("AxisError", "axis 0 is out of bounds for array of dimension 0");
  int ax = normalize_axis_index(in.index_value(axis), arr->ndim());
  if (arr->ndim() == 1) {
    ArrayPtr c = copy_array(*arr);
    shuffle_array(in, bg, c, 0);
    return wrap(c);
  }
  ArrayPtr idx = arange_i64(arr->shape[size_t(ax)]);
  shuffle_array(in, bg, idx, 0);
  return wrap(take(arr, *idx, ax));
}

// Generator.permuted: each 1-d lane along `axis` shuffled on its own (all of
// them, first = 0), or the whole array as one flat sequence when axis is None.
Value g_permuted(Interp& in, BitGenerator& bg, Args& a) {
  Value x = a.required(0, "x"), axis, out_v;
  a.take(1000, "axis", axis);
  a.take(1000, "out", out_v);
  a.finish(1);
  ArrayPtr arr = to_array(in, x);
  ArrayPtr out;
  if (out_v.is_none()) {
    out = copy_array(*arr, arr->f_contiguous() && !arr->c_contiguous() ? 'F' : 'C');
  } else {
    if (!out_v.is_array()) in.raise_exc("TypeError", "out must be a numpy array");
    out = out_v.array();
    if (out->shape != arr->shape) in.raise_exc("ValueError", "out must have the same shape as x");
    copy_into(*out, *arr);
  }
  if (axis.is_none()) {
    if (out->ndim() <= 1) {
      shuffle_array(in, bg, out, 0);
    } else if (out->c_contiguous() || out->f_contiguous()) {
      rng::shuffle_raw(bg, out->size(), 1, out->itemsize(), out->itemsize(), out->data());
    } else {
      ArrayPtr tmp = copy_array(*out);
      rng::shuffle_raw(bg, tmp->size(), 1, tmp->itemsize(), tmp->itemsize(), tmp->data());
      copy_into(*out, *tmp);
    }
    return out_v.is_none() ? wrap(out) : out_v;
  }
  int ax = normalize_axis_index(in.index_value(axis), out->ndim());
  // iterate every index of the other axes in C order (PyArray_IterAllButAxis)
  Array lanes = *out;
  lanes.shape[size_t(ax)] = 1;
  const int64_t len = out->shape[size_t(ax)], stride = out->strides[size_t(ax)];
  std::vector<int64_t> idx(size_t(out->ndim()), 0);
  for (int64_t k = 0, n = lanes.size(); k < n; ++k) {
    int64_t off = 0;
    for (int d = 0; d < out->ndim(); ++d) off += idx[size_t(d)] * out->strides[size_t(d)];
    rng::shuffle_raw(bg, len, 0, out->itemsize(), stride, out->data() + off);
    for (int d = out->ndim() - 1; d >= 0; --d)
      if (++idx[size_t(d)] < lanes.shape[size_t(d)]) break;
      else idx[size_t(d)] = 0;
  }
  return out_v.is_none() ? wrap(out) : out_v;
}

// ---------------------------------------------------------------- choice

// kahan_sum of _common.pyx (compensated summation of the probabilities).
double kahan_sum(const std::vector<double>& v) {
  if (v.empty()) return 0.0;
  double sum = v[0], c = 0.0;
  for (size_t i = 1; i < v.size(); ++i) {
    double y = v[i] - c, t = sum + y;
    c = (t - sum) - y;
    sum = t;
  }
  return sum;
}

// cdf = cumsum(p) / its last entry; searchsorted(cdf, u, side='right').
std::vector<double> normalized_cdf(const std::vector<double>& p) {
  std::vector<double> cdf(p.size());
  double s = 0;
  for (size_t i = 0; i < p.size(); ++i) cdf[i] = s += p[i];
  for (double& c : cdf) c /= cdf.back();
  return cdf;
}

int64_t search_right(const std::vector<double>& cdf, double u) {
  return int64_t(std::upper_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
}

// The probabilities of choice(p=): float64, 1-d, pop_size long, no NaN, none
// negative, summing to 1 within sqrt(eps) (of p's own float type if wider).
std::vector<double> choice_p(Interp& in, const Value& pv, int64_t pop_size) {
  ArrayPtr p0 = to_array(in, pv);
  double atol = std::sqrt(2.220446049250313e-16);
  if (pv.is_array() && p0->dtype == DType::F32) atol = std::max(atol, std::sqrt(double(1.1920929e-07f)));
  if (pv.is_array() && p0->dtype == DType::F16) atol = std::max(atol, std::sqrt(0.0009765625));
  if (p0->ndim() == 0) in.raise_exc("TypeError", "object of type '" + in.type_of(pv)->name + "' has no len()");
  ArrayPtr p = copy_as(*p0, DType::F64);
  if (p->ndim() != 1) in.raise_exc("ValueError", "p must be 1-dimensional");
  if (p->size() != pop_size) in.raise_exc("ValueError", "a and p must have same size");
  std::vector<double> v(size_t(p->size()));
  if (!v.empty()) std::memcpy(v.data(), p->data(), v.size() * 8);
  double sum = kahan_sum(v);
  if (std::isnan(sum)) in.raise_exc("ValueError", "Probabilities contain NaN");
  for (double x : v)
    if (x < 0) in.raise_exc("ValueError", "Probabilities are not non-negative");
  if (std::fabs(sum - 1.) > atol)
    in.raise_exc("ValueError", "Probabilities do not sum to 1. See Notes section of docstring for more information.");
  return v;
}

// replace=False with p: draw size - n_uniq uniforms at a time against the
// probabilities with the found entries zeroed, keeping each batch's first
// occurrences in order (np.unique(return_index) sorted by index).
void choice_p_no_replace(BitGenerator& bg, std::vector<double> p, int64_t size, int64_t* found) {
  int64_t n_uniq = 0;
  while (n_uniq < size) {
    std::vector<double> x(size_t(size - n_uniq));
    for (double& u : x) u = bg.next_double();
    for (int64_t k = 0; k < n_uniq; ++k) p[size_t(found[k])] = 0;
    std::vector<double> cdf = normalized_cdf(p);
    std::vector<int64_t> batch;
    for (double u : x) {
      int64_t v = search_right(cdf, u);
      if (std::find(batch.begin(), batch.end(), v) == batch.end()) batch.push_back(v);
    }
    for (int64_t v : batch) found[n_uniq++] = v;
  }
}

Value g_choice(Interp& in, BitGenerator& bg, Args& a) {
  Value av = a.required(0, "a"), size_v = a.optional(1, "size"), replace_v = a.optional(2, "replace", Value::boolean(true));
  Value pv = a.optional(3, "p"), axis_v = a.optional(4, "axis", Value::integer(0));
  Value shuffle_v = a.optional(5, "shuffle", Value::boolean(true));
  a.finish(6);
  ArrayPtr arr = to_array(in, av);
  std::optional<Shape> size = size_v.is_none() ? std::nullopt : std::optional<Shape>(to_shape(in, size_v));
  const int64_t want = size ? shape_size(*size) : 1;
  int64_t pop_size;
  int axis = 0;
  if (arr->ndim() == 0) {
    if (!is_integer(arr->dtype) && arr->dtype != DType::Bool)
      in.raise_exc("ValueError", "a must be a sequence or an integer, not <class '" + in.type_of(av)->name + "'>");
    pop_size = load_as<int64_t>(arr->dtype, arr->data());
    if (pop_size <= 0 && want != 0) in.raise_exc("ValueError", "a must be a positive integer unless no samples are taken");
  } else {
    // a.shape[axis]: Python tuple indexing, so a bad axis is an IndexError
    const int64_t ax = in.index_value(axis_v);
    if (ax < -arr->ndim() || ax >= arr->ndim()) in.raise_exc("IndexError", "tuple index out of range");
    axis = int(ax < 0 ? ax + arr->ndim() : ax);
    pop_size = arr->shape[size_t(axis)];
    if (pop_size == 0 && want != 0) in.raise_exc("ValueError", "a cannot be empty unless no samples are taken");
  }
  std::vector<double> p;
  bool has_p = !pv.is_none();
  if (has_p) p = choice_p(in, pv, pop_size);
  Shape shape = size ? *size : Shape{};
  ArrayPtr idx = make_array(DType::I64, shape);
  auto* out = reinterpret_cast<int64_t*>(idx->data());
  if (in.truthy(replace_v)) {
    if (has_p) {
      std::vector<double> cdf = normalized_cdf(p);
      for (int64_t i = 0; i < want; ++i) out[i] = search_right(cdf, bg.next_double());
    } else {
      for (int64_t d : shape)
        if (d < 0) in.raise_exc("ValueError", "negative dimensions are not allowed");
      rng::IntBuffer b;
      for (int64_t i = 0; i < want; ++i) out[i] = int64_t(rng::bounded(bg, 64, 0, uint64_t(pop_size - 1), b));
    }
  } else {
    if (want > pop_size)
      in.raise_exc("ValueError", "Cannot take a larger sample than population when replace is False");
    if (want < 0) in.raise_exc("ValueError", "negative dimensions are not allowed");
    if (has_p) {
      if (std::count_if(p.begin(), p.end(), [](double x) { return x > 0; }) < want)
        in.raise_exc("ValueError", "Fewer non-zero entries in p than size");
      choice_p_no_replace(bg, p, want, out);
    } else {
      rng::sample_without_replacement(bg, pop_size, want, in.truthy(shuffle_v), out);
    }
  }
  if (arr->ndim() == 0) return size ? wrap(idx) : Value::integer(out[0]);
  if (!size) {
    if (arr->ndim() == 1) return element_value(in, *arr, arr->data() + out[0] * arr->strides[0]);
    Array one = *idx;
    return wrap(take(arr, one, axis));
  }
  return wrap(take(arr, *idx, axis));
}

// ---------------------------------------------------------------- Generator

Value make_generator(Interp& in, const Value& bitgen);

Value g_spawn(Interp& in, const Value& bitgen, Args& a) {
  std::vector<Value> out;
  for (const Value& b : spawn_bitgens(in, bitgen, a)) out.push_back(make_generator(in, b));
  return make_list(std::move(out));
}

const std::vector<std::pair<const char*, GenMethod>>& generator_methods() {
  static const std::vector<std::pair<const char*, GenMethod>> m = {
      {"random", g_random},
      {"integers", g_integers},
      {"standard_normal", g_standard_normal},
      {"normal", g_normal},
      {"uniform", g_uniform},
      {"standard_exponential", g_standard_exponential},
      {"exponential", g_exponential},
      {"poisson", g_poisson},
      {"binomial", g_binomial},
      {"choice", g_choice},
      {"shuffle", g_shuffle},
      {"permutation", g_permutation},
      {"permuted", g_permuted},
  };
  return m;
}

Value make_generator(Interp& in, const Value& bitgen) {
  BGPtr bg = native_bitgen(bitgen);
  // Generator.__init__ reads bit_generator.capsule first
  if (!bg) in.raise_exc("AttributeError", "'" + in.type_of(bitgen)->name + "' object has no attribute 'capsule'");
  auto g = std::make_shared<GenericObj>(rtype(in, "Generator"));
  g->native = bg;
  g->attrs["bit_generator"] = bitgen;
  for (auto& [nm, fn] : generator_methods()) {
    GenMethod f = fn;
    std::string n = nm;
    g->attrs[n] = in.builtin(n, [bg, f, n](Interp& in, Args& a) -> Value {
      a.fname = n;
      return f(in, *bg, a);
    });
  }
  g->attrs["spawn"] = in.builtin("spawn", [bitgen](Interp& in, Args& a) -> Value {
    a.fname = "spawn";
    return g_spawn(in, bitgen, a);
  });
  const void* id = g.get();
  std::string text = std::string("Generator(") + bg->name() + ") at " + hex_address(id);
  g->attrs["__repr__"] = in.builtin("__repr__", [text](Interp&, Args&) -> Value { return make_str(text); });
  std::string short_text = std::string("Generator(") + bg->name() + ")";
  g->attrs["__str__"] = in.builtin("__str__", [short_text](Interp&, Args&) -> Value { return make_str(short_text); });
  return Value(std::static_pointer_cast<Obj>(g));
}

// np.random.default_rng(seed): a Generator is returned as is, a bit generator
// is wrapped, anything else seeds a new PCG64.
Value default_rng(Interp& in, Args& a) {
  Value seed = a.optional(0, "seed");
  a.finish(1);
  if (is_instance(seed, "Generator")) return seed;
  if (native_bitgen(seed)) return make_generator(in, seed);
  return make_generator(in, make_bit_generator(in, BitGenerator::Kind::PCG64, seed));
}

TypeObj* bitgen_type(Interp& in, const char* name, const char* module, BitGenerator::Kind kind) {
  TypeObj* t = in.new_type(name, module, {in.t.object});
  t->call = [kind](Interp& in, Args& a) -> Value {
    Value seed = a.optional(0, "seed");
    a.finish(1);
    return make_bit_generator(in, kind, seed);
  };
  return t;
}

}  // namespace

void install_numpy_generator(Interp& in, ModuleObj& np) {
  (void)np;
  ModuleObj& m = submodule(in, "numpy.random");
  TypeObj* seed_seq = in.new_type("SeedSequence", "numpy.random.bit_generator", {in.t.object});
  seed_seq->call = seed_seq_new;
  TypeObj* generator = in.new_type("Generator", "numpy.random._generator", {in.t.object});
  generator->call = [](Interp& in, Args& a) -> Value {
    Value bg = a.required(0, "bit_generator");
    a.finish(1);
    return make_generator(in, bg);
  };
  m.attrs["SeedSequence"] = type_value(seed_seq);
  m.attrs["PCG64"] = type_value(bitgen_type(in, "PCG64", "numpy.random._pcg64", BitGenerator::Kind::PCG64));
  m.attrs["PCG64DXSM"] = type_value(bitgen_type(in, "PCG64DXSM", "numpy.random._pcg64", BitGenerator::Kind::PCG64DXSM));
  m.attrs["MT19937"] = type_value(bitgen_type(in, "MT19937", "numpy.random._mt19937", BitGenerator::Kind::MT19937));
  m.attrs["Generator"] = type_value(generator);
  def_fn(in, m, "default_rng", default_rng, {"default_rng(seed=)", SigStyle::Cython});
}

}  // namespace sl::lang

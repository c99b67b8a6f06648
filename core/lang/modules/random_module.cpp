// random_module: CPython's `random` -- the Random class (an MT19937 plus the
// cached second Gaussian) and the module functions, which are bound methods
// of one hidden Random instance, as in CPython's random.py.
// Invariant: every draw consumes the generator exactly as CPython 3.13's
// _randommodule.c and random.py do, so `random.seed(42); random.random()`
// prints CPython's digits. Integers are the interpreter's int64: widths past
// 63 bits raise OverflowError until big ints land.
#include <cmath>
#include <cstring>
#include <random>

#include "core/lang/modules/digest.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/kernels/libm/glibc_exp_log.hpp"
#include "core/random/legacy.hpp"

namespace sl::lang {

namespace {

struct PyRandom {
  MT19937 mt;
  bool has_gauss = false;
  double gauss_next = 0.0;
};

// random.seed(str) (version 2) appends the SHA-512 of the string's UTF-8 bytes
// (FIPS 180-4; the one hashlib uses, digest.cpp).
std::string sha512(const std::string& msg) {
  auto d = make_digest("sha512");
  d->update(msg);
  return d->digest();
}

// ---------------------------------------------------------------- the generator
PyRandom& state(Interp& in, const Value& self) {
  auto* g = self.as<GenericObj>();
  if (!g || !g->native) in.raise_exc("TypeError", "descriptor requires a 'random.Random' object");
  return *static_cast<PyRandom*>(g->native.get());
}

// random_seed (Modules/_randommodule.c): the seed's absolute value split
// into 32-bit words, least significant first (at least one word), fed to
// init_by_array. A str (seed version 2) is first turned into the big-endian
// integer of its UTF-8 bytes followed by their SHA-512 digest.
void seed_from(Interp& in, PyRandom& r, const Value& a) {
  std::vector<uint32_t> key;
  if (a.is_none()) {
    std::random_device rd;
    for (int i = 0; i < 8; ++i) key.push_back(rd());
  } else if (auto* s = a.as<StrObj>()) {
    std::string b = s->s + sha512(s->s);
    for (size_t end = b.size(); end > 0; end = end >= 4 ? end - 4 : 0) {
      uint32_t w = 0;
      for (size_t k = end >= 4 ? end - 4 : 0; k < end; ++k) w = w << 8 | uint8_t(b[k]);
      key.push_back(w);
      if (end < 4) break;
    }
    while (key.size() > 1 && key.back() == 0) key.pop_back();
  } else if (a.is_int() || a.is_bool()) {
    uint64_t m = a.as_int() < 0 ? uint64_t(0) - uint64_t(a.as_int()) : uint64_t(a.as_int());
    key.push_back(uint32_t(m));
    if (m >> 32) key.push_back(uint32_t(m >> 32));
  } else if (a.is_float()) {
    uint64_t h = in.hash(a);
    int64_t sh = int64_t(h);
    uint64_t m = sh < 0 ? uint64_t(0) - h : h;
    key.push_back(uint32_t(m));
    if (m >> 32) key.push_back(uint32_t(m >> 32));
  } else {
    in.raise_exc("TypeError", "The only supported seed types are:\nNone, int, float, str, bytes, and bytearray.");
  }
  r.mt.init_by_array(key.data(), int(key.size()));
  r.has_gauss = false;
}

// random_random: a 53-bit float from two draws, (a >> 5) * 2^26 + (b >> 6) over 2^53.
double draw(PyRandom& r) { return r.mt.next_double(); }

// _random_Random_getrandbits_impl: k <= 32 keeps the top k bits of one draw;
// wider values fill 32-bit words least significant first, the last word's
// surplus low bits dropped.
int64_t getrandbits(Interp& in, PyRandom& r, int64_t k) {
  if (k < 0) in.raise_exc("ValueError", "number of bits must be non-negative");
  if (k == 0) return 0;
  if (k <= 32) return int64_t(r.mt.next32() >> (32 - k));
  if (k > 63) in.raise_exc("OverflowError", "getrandbits() wider than 63 bits needs big ints (not yet in stridelab)");
  uint64_t lo = r.mt.next32();
  uint64_t hi = r.mt.next32() >> (64 - k);
  return int64_t(hi << 32 | lo);
}

int bit_length(uint64_t n) {
  int k = 0;
  while (n) ++k, n >>= 1;
  return k;
}

// _randbelow_with_getrandbits: rejection sampling on getrandbits(n.bit_length()).
int64_t randbelow(Interp& in, PyRandom& r, int64_t n) {
  int k = bit_length(uint64_t(n));
  int64_t x = getrandbits(in, r, k);
  while (x >= n) x = getrandbits(in, r, k);
  return x;
}

int64_t int_arg(Interp& in, const Value& v) {
  if (v.is_float()) in.raise_exc("TypeError", "'float' object cannot be interpreted as an integer");
  return in.index_value(v);
}

// random.randrange(start, stop=None, step=1), mirroring random.py.
int64_t randrange(Interp& in, PyRandom& r, const Value& start, const Value& stop, const Value& step) {
  int64_t istart = int_arg(in, start);
  if (stop.is_none()) {
    if (!step.is_none()) in.raise_exc("TypeError", "Missing a non-None stop argument");
    if (istart > 0) return randbelow(in, r, istart);
    in.raise_exc("ValueError", "empty range for randrange()");
  }
  int64_t istop = int_arg(in, stop);
  int64_t width = istop - istart;
  int64_t istep = step.is_none() ? 1 : int_arg(in, step);
  if (istep == 1) {
    if (width > 0) return istart + randbelow(in, r, width);
    in.raise_exc("ValueError", "empty range in randrange(" + in.repr(start) + ", " + in.repr(stop) + ")");
  }
  int64_t n;
  if (istep > 0) {
    n = width + istep - 1;
  } else if (istep < 0) {
    n = width + istep + 1;
  } else {
    in.raise_exc("ValueError", "zero step for randrange()");
  }
  // Python's floor division
  int64_t q = n / istep;
  if ((n % istep != 0) && ((n < 0) != (istep < 0))) --q;
  if (q <= 0)
    in.raise_exc("ValueError", "empty range in randrange(" + in.repr(start) + ", " + in.repr(stop) + ", " +
                                   in.repr(step) + ")");
  return istart + istep * randbelow(in, r, q);
}

// ---------------------------------------------------------------- methods (self is pos[0])
Value m_seed(Interp& in, Args& a) {
  seed_from(in, state(in, a.pos[0]), a.optional(1, "a"));
  return Value();
}
Value m_random(Interp& in, Args& a) { return Value::floating(draw(state(in, a.pos[0]))); }
Value m_getrandbits(Interp& in, Args& a) {
  return Value::integer(getrandbits(in, state(in, a.pos[0]), int_arg(in, a.required(1, "k"))));
}
Value m_randrange(Interp& in, Args& a) {
  Value start = a.required(1, "start"), stop = a.optional(2, "stop"), step = a.optional(3, "step");
  return Value::integer(randrange(in, state(in, a.pos[0]), start, stop, step));
}
Value m_randint(Interp& in, Args& a) {
  Value lo = a.required(1, "a"), hi = a.required(2, "b");
  Value stop = Value::integer(int_arg(in, hi) + 1);
  return Value::integer(randrange(in, state(in, a.pos[0]), lo, stop, Value()));
}
Value m_choice(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  Value seq = a.required(1, "seq");
  int64_t n = in.len(seq);
  if (n == 0) in.raise_exc("IndexError", "Cannot choose from an empty sequence");
  return in.getitem(seq, Value::integer(randbelow(in, r, n)));
}
// random.shuffle: Fisher-Yates from the end, j = _randbelow(i + 1).
Value m_shuffle(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  Value x = a.required(1, "x");
  int64_t n = in.len(x);
  for (int64_t i = n - 1; i > 0; --i) {
    int64_t j = randbelow(in, r, i + 1);
    Value xi = in.getitem(x, Value::integer(i)), xj = in.getitem(x, Value::integer(j));
    in.setitem(x, Value::integer(i), xj);
    in.setitem(x, Value::integer(j), xi);
  }
  return Value();
}
// random.sample: a partial shuffle of a pool copy for small populations,
// rejection against a set of chosen indices for large ones (random.py's
// setsize rule: 21, plus 4 ** ceil(log(3k, 4)) when k > 5).
Value m_sample(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  Value pop = a.required(1, "population");
  Value kv = a.required(2, "k");
  if (pop.as<SetObj>() || pop.as<DictObj>())
    in.raise_exc("TypeError", "Population must be a sequence.  For dicts or sets, use sorted(d).");
  int64_t n = in.len(pop), k = int_arg(in, kv);
  if (k < 0 || k > n) in.raise_exc("ValueError", "Sample larger than population or is negative");
  std::vector<Value> result;
  int64_t setsize = 21;
  if (k > 5) setsize += int64_t(std::pow(4.0, std::ceil(sl::glibc::log(double(k * 3)) / sl::glibc::log(4.0))));
  if (n <= setsize) {
    std::vector<Value> pool = in.to_vector(pop);
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = randbelow(in, r, n - i);
      result.push_back(pool[size_t(j)]);
      pool[size_t(j)] = pool[size_t(n - i - 1)];
    }
  } else {
    std::vector<bool> selected(size_t(n), false);
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = randbelow(in, r, n);
      while (selected[size_t(j)]) j = randbelow(in, r, n);
      selected[size_t(j)] = true;
      result.push_back(in.getitem(pop, Value::integer(j)));
    }
  }
  return make_list(std::move(result));
}
// random.choices: floor(random() * n) without weights, else bisect_right on
// the cumulative weights of random() * total (hi = n - 1).
Value m_choices(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  Value pop = a.required(1, "population");
  Value weights = a.optional(2, "weights");
  Value cum = a.optional(99, "cum_weights");
  int64_t k = int_arg(in, a.optional(99, "k", Value::integer(1)));
  int64_t n = in.len(pop);
  std::vector<Value> out;
  if (cum.is_none() && weights.is_none()) {
    for (int64_t i = 0; i < k; ++i) out.push_back(in.getitem(pop, Value::integer(int64_t(std::floor(draw(r) * double(n))))));
    return make_list(std::move(out));
  }
  std::vector<double> cw;
  if (cum.is_none()) {
    double acc = 0;
    Value acc_v = Value::integer(0);
    for (auto& w : in.to_vector(weights)) {
      acc_v = cw.empty() ? w : in.binop(BinOp::Add, acc_v, w);
      acc = in.float_value(acc_v);
      cw.push_back(acc);
    }
  } else {
    if (!weights.is_none()) in.raise_exc("TypeError", "Cannot specify both weights and cumulative weights");
    for (auto& w : in.to_vector(cum)) cw.push_back(in.float_value(w));
  }
  if (int64_t(cw.size()) != n) in.raise_exc("ValueError", "The number of weights does not match the population");
  double total = cw.back();
  if (total <= 0.0) in.raise_exc("ValueError", "Total of weights must be greater than zero");
  if (!std::isfinite(total)) in.raise_exc("ValueError", "Total of weights must be finite");
  for (int64_t i = 0; i < k; ++i) {
    double x = draw(r) * total;
    int64_t lo = 0, hi = n - 1;
    while (lo < hi) {
      int64_t mid = (lo + hi) / 2;
      if (x < cw[size_t(mid)]) hi = mid; else lo = mid + 1;
    }
    out.push_back(in.getitem(pop, Value::integer(lo)));
  }
  return make_list(std::move(out));
}
Value m_uniform(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double lo = in.float_value(a.required(1, "a")), hi = in.float_value(a.required(2, "b"));
  return Value::floating(lo + (hi - lo) * draw(r));
}
// random.gauss: Box-Muller, keeping the sine branch for the next call.
Value m_gauss(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double mu = in.float_value(a.optional(1, "mu", Value::floating(0.0)));
  double sigma = in.float_value(a.optional(2, "sigma", Value::floating(1.0)));
  double z = r.gauss_next;
  bool had = r.has_gauss;
  r.has_gauss = false;
  if (!had) {
    double x2pi = draw(r) * 2.0 * M_PI;
    double g2rad = std::sqrt(-2.0 * sl::glibc::log(1.0 - draw(r)));
    z = sl::glibc::cos(x2pi) * g2rad;
    r.gauss_next = sl::glibc::sin(x2pi) * g2rad;
    r.has_gauss = true;
  }
  return Value::floating(mu + z * sigma);
}
// random.normalvariate: Kinderman and Monahan's ratio-of-uniforms method.
Value m_normalvariate(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double mu = in.float_value(a.optional(1, "mu", Value::floating(0.0)));
  double sigma = in.float_value(a.optional(2, "sigma", Value::floating(1.0)));
  const double magic = 4 * sl::glibc::exp(-0.5) / std::sqrt(2.0);
  double z;
  for (;;) {
    double u1 = draw(r), u2 = 1.0 - draw(r);
    z = magic * (u1 - 0.5) / u2;
    if (z * z / 4.0 <= -sl::glibc::log(u2)) break;
  }
  return Value::floating(mu + z * sigma);
}
Value m_expovariate(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double lambd = in.float_value(a.optional(1, "lambd", Value::floating(1.0)));
  double u = draw(r);
  if (lambd == 0.0) in.raise_exc("ZeroDivisionError", "float division by zero");
  return Value::floating(-sl::glibc::log(1.0 - u) / lambd);
}
Value m_triangular(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double low = in.float_value(a.optional(1, "low", Value::floating(0.0)));
  double high = in.float_value(a.optional(2, "high", Value::floating(1.0)));
  Value mode = a.optional(3, "mode");
  double u = draw(r);
  if (high == low) return Value::floating(low);
  double c = mode.is_none() ? 0.5 : (in.float_value(mode) - low) / (high - low);
  if (u > c) {
    u = 1.0 - u;
    c = 1.0 - c;
    std::swap(low, high);
  }
  return Value::floating(low + (high - low) * std::sqrt(u * c));
}
// random.gammavariate: Cheng's GB algorithm for alpha > 1, the exponential
// for alpha == 1, and Ahrens-Dieter's GS (Kennedy & Gentle) for alpha < 1,
// drawing exactly as random.py does.
double gammavariate(Interp& in, PyRandom& r, double alpha, double beta) {
  if (alpha <= 0.0 || beta <= 0.0) in.raise_exc("ValueError", "gammavariate: alpha and beta must be > 0.0");
  if (alpha > 1.0) {
    const double log4 = sl::glibc::log(4.0), sg_magic = 1.0 + sl::glibc::log(4.5);
    double ainv = std::sqrt(2.0 * alpha - 1.0), bbb = alpha - log4, ccc = alpha + ainv;
    for (;;) {
      double u1 = draw(r);
      if (!(1e-7 < u1 && u1 < 0.9999999)) continue;
      double u2 = 1.0 - draw(r);
      double v = sl::glibc::log(u1 / (1.0 - u1)) / ainv;
      double x = alpha * sl::glibc::exp(v);
      double z = u1 * u1 * u2;
      double rr = bbb + ccc * v - x;
      if (rr + sg_magic - 4.5 * z >= 0.0 || rr >= sl::glibc::log(z)) return x * beta;
    }
  }
  if (alpha == 1.0) return -sl::glibc::log(1.0 - draw(r)) * beta;
  double x;
  for (;;) {
    double u = draw(r);
    double b = (M_E + alpha) / M_E;
    double p = b * u;
    x = p <= 1.0 ? sl::glibc::pow(p, 1.0 / alpha) : -sl::glibc::log((b - p) / alpha);
    double u1 = draw(r);
    if (p > 1.0) {
      if (u1 <= sl::glibc::pow(x, alpha - 1.0)) break;
    } else if (u1 <= sl::glibc::exp(-x)) {
      break;
    }
  }
  return x * beta;
}
Value m_gammavariate(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double alpha = in.float_value(a.required(1, "alpha")), beta = in.float_value(a.required(2, "beta"));
  return Value::floating(gammavariate(in, r, alpha, beta));
}
// betavariate: y / (y + z) for y ~ Gamma(alpha), z ~ Gamma(beta).
Value m_betavariate(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double alpha = in.float_value(a.required(1, "alpha")), beta = in.float_value(a.required(2, "beta"));
  double y = gammavariate(in, r, alpha, 1.0);
  if (y == 0.0) return Value::floating(0.0);
  return Value::floating(y / (y + gammavariate(in, r, beta, 1.0)));
}
Value m_lognormvariate(Interp& in, Args& a) {
  Value z = m_normalvariate(in, a);
  return Value::floating(sl::glibc::exp(z.as_float()));
}
Value m_paretovariate(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double alpha = in.float_value(a.required(1, "alpha"));
  double u = 1.0 - draw(r);
  return Value::floating(sl::glibc::pow(u, -1.0 / alpha));
}
Value m_weibullvariate(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  double alpha = in.float_value(a.required(1, "alpha")), beta = in.float_value(a.required(2, "beta"));
  double u = 1.0 - draw(r);
  return Value::floating(alpha * sl::glibc::pow(-sl::glibc::log(u), 1.0 / beta));
}
// getstate(): (3, the 624 key words and the position, gauss_next or None).
Value m_getstate(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  std::vector<Value> words;
  for (int i = 0; i < MT19937::kN; ++i) words.push_back(Value::integer(r.mt.key()[i]));
  words.push_back(Value::integer(r.mt.pos()));
  return make_tuple({Value::integer(3), make_tuple(std::move(words)),
                     r.has_gauss ? Value::floating(r.gauss_next) : Value()});
}
Value m_setstate(Interp& in, Args& a) {
  PyRandom& r = state(in, a.pos[0]);
  Value st = a.required(1, "state");
  auto* t = st.as<TupleObj>();
  if (!t || t->items.size() != 3) in.raise_exc("TypeError", "state vector must be a tuple");
  if (!t->items[0].is_int() || t->items[0].as_int() != 3)
    in.raise_exc("ValueError", "state with version " + in.repr(t->items[0]) + " passed to Random.setstate() of version 3");
  auto* w = t->items[1].as<TupleObj>();
  if (!w || w->items.size() != size_t(MT19937::kN) + 1) in.raise_exc("ValueError", "state vector is the wrong size");
  for (int i = 0; i < MT19937::kN; ++i) r.mt.key()[i] = uint32_t(in.index_value(w->items[size_t(i)]));
  int64_t pos = in.index_value(w->items.back());
  if (pos < 0 || pos > MT19937::kN) in.raise_exc("ValueError", "invalid state");
  r.mt.set_pos(int(pos));
  r.has_gauss = !t->items[2].is_none();
  r.gauss_next = r.has_gauss ? in.float_value(t->items[2]) : 0.0;
  return Value();
}

const ModuleFnDef kRandomMethods[] = {
    {"seed", m_seed},           {"random", m_random},       {"getrandbits", m_getrandbits},
    {"randrange", m_randrange}, {"randint", m_randint},     {"choice", m_choice},
    {"shuffle", m_shuffle},     {"sample", m_sample},       {"choices", m_choices},
    {"uniform", m_uniform},     {"gauss", m_gauss},         {"normalvariate", m_normalvariate},
    {"expovariate", m_expovariate}, {"triangular", m_triangular}, {"getstate", m_getstate},
    {"setstate", m_setstate},   {"gammavariate", m_gammavariate}, {"betavariate", m_betavariate},
    {"lognormvariate", m_lognormvariate}, {"paretovariate", m_paretovariate}, {"weibullvariate", m_weibullvariate},
};

Value new_random(TypeObj* t) {
  auto g = std::make_shared<GenericObj>(t);
  g->native = std::make_shared<PyRandom>();
  return Value(std::static_pointer_cast<Obj>(g));
}

}  // namespace

void install_random_module(Interp& in) {
  ModuleObj& m = new_module(in, "random");
  TypeObj* random_t = in.new_type("Random", "random", {in.t.object});
  for (const auto& d : kRandomMethods) in.def_method(random_t, d.name, d.fn);
  random_t->call = [random_t](Interp& in, Args& a) -> Value {
    Value r = new_random(random_t);
    seed_from(in, *static_cast<PyRandom*>(r.as<GenericObj>()->native.get()), a.optional(0, "x"));
    a.finish(1);
    return r;
  };
  m.attrs["Random"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), random_t));
  // The module's functions are bound methods of one hidden instance (random._inst).
  Value inst = new_random(random_t);
  seed_from(in, *static_cast<PyRandom*>(inst.as<GenericObj>()->native.get()), Value());
  for (const auto& d : kRandomMethods) m.attrs[d.name] = in.getattr(inst, d.name);
  m.attrs["_inst"] = inst;
  // random.py's module constants: 4*exp(-0.5)/sqrt(2), 1+log(4.5), log(4)
  // as glibc computes them (literals: the wasm build's musl is not asked), 2*pi, 53, 2**-53
  m.attrs["NV_MAGICCONST"] = Value::floating(1.7155277699214135);
  m.attrs["SG_MAGICCONST"] = Value::floating(2.504077396776274);
  m.attrs["LOG4"] = Value::floating(1.3862943611198906);
  m.attrs["TWOPI"] = Value::floating(2.0 * M_PI);
  m.attrs["BPF"] = Value::integer(53);
  m.attrs["RECIP_BPF"] = Value::floating(std::ldexp(1.0, -53));
}

}  // namespace sl::lang

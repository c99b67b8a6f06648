// torch/fft: the torch.fft module -- fft/ifft, rfft/irfft, hfft/ihfft, their 2-d and
// n-d forms, fftfreq/rfftfreq and fftshift/ifftshift -- over the one FFT NumPy's
// front end uses too (core/linalg/fft). PyTorch's differences from numpy.fft are
// here: a Tensor input (integers transformed in the default float dtype, so
// float32 gives complex64), dim= for axis=, its messages, and the node the
// transform records (FftR2CBackward0, FftC2CBackward0, FftC2RBackward0; no
// formula yet, so backward through them refuses).
//
// Invariant: argument conversion only; hfft is irfft of the conjugate and ihfft
// the conjugate of rfft, each with the norm's direction swapped (as PyTorch's
// fft_hfft / fft_ihfft are).
#include "core/linalg/fft.hpp"

#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/ops/copy.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

enum class Kind { C2C, R2C, C2R, HFFT, IHFFT };

std::string norm_arg(Interp& in, const Value& v) {
  if (v.is_none()) return "backward";
  const std::string s = v.as<StrObj>() ? v.as<StrObj>()->s : in.str(v);
  if (s != "backward" && s != "forward" && s != "ortho")
    in.raise_exc("RuntimeError", "Invalid normalization mode: \"" + s + "\"");
  return s;
}
std::string swapped(const std::string& norm) {
  return norm == "backward" ? "forward" : norm == "forward" ? "backward" : norm;
}

ArrayPtr as_tensor(ArrayPtr a) {
  a->flavor = Flavor::Torch;
  return a;
}
// The complex conjugate, a new tensor (every imaginary part negated).
ArrayPtr conj(const ArrayPtr& a) {
  ArrayPtr r = copy_as(*a, a->dtype, 'C');
  r->flavor = Flavor::Torch;
  if (!is_complex(a->dtype)) return r;
  const int64_t n = r->size();
  if (a->dtype == DType::C64) {
    float* p = reinterpret_cast<float*>(r->data());
    for (int64_t i = 0; i < n; ++i) p[2 * i + 1] = -p[2 * i + 1];
  } else {
    double* p = reinterpret_cast<double*>(r->data());
    for (int64_t i = 0; i < n; ++i) p[2 * i + 1] = -p[2 * i + 1];
  }
  return r;
}

// The input in a dtype the transform takes: integers and bool in the default float dtype.
ArrayPtr fft_input(Interp& in, const Value& v, const std::string& fname, Kind kind) {
  ArrayPtr x = tensor_arg(in, v, fname, "input", 1);
  if ((kind == Kind::R2C || kind == Kind::IHFFT) && is_complex(x->dtype))
    in.raise_exc("RuntimeError", std::string(kind == Kind::R2C ? "rfft" : "ihfft") + " expects a real input tensor, but got " +
                                     torch_type_name(x->dtype));
  if (!is_inexact(x->dtype)) x = copy_as(*x, torch_default_dtype(), 'C');
  return x;
}

int64_t points(Interp& in, int64_t n) {
  if (n < 1) in.raise_exc("RuntimeError", "Invalid number of data points (" + std::to_string(n) + ") specified");
  return n;
}

// One transform along dim with n points (n -1: the input's length, or 2(m - 1) for c2r).
ArrayPtr transform(Interp& in, ArrayPtr x, int64_t n, int dim, Kind kind, const std::string& norm) {
  const int64_t m = x->shape[size_t(dim)];
  switch (kind) {
    case Kind::C2C: return fft_c2c(x, points(in, n < 0 ? m : n), dim, false, norm);
    case Kind::R2C: return fft_r2c(x, points(in, n < 0 ? m : n), dim, norm);
    case Kind::C2R: return fft_c2r(x, points(in, n < 0 ? 2 * (m - 1) : n), dim, norm);
    default: return x;
  }
}

// The op name the result records under, by what the transform runs.
const char* node_op(Kind kind, bool complex_in) {
  if (kind == Kind::C2R || kind == Kind::HFFT) return "fft_c2r";
  if (kind == Kind::C2C && complex_in) return "fft_c2c";
  return "fft_r2c";
}

Value recorded(Interp& in, Args& a, Kind kind, const std::function<Value()>& run) {
  const bool complex_in = !a.pos.empty() && is_tensor(a.pos[0]) && is_complex(a.pos[0].arr().dtype);
  if (!autograd_wanted(nullptr, a.pos, a.kw)) return run();
  OpCall c{node_op(kind, complex_in), nullptr, a.pos, a.kw};
  return record_call(in, std::move(c), run);
}

// fft(input, n=None, dim=-1, norm=None) and the other one-dim transforms.
Value one_dim(Interp& in, Args& a, Kind kind, bool inverse, const char* fname) {
  return recorded(in, a, kind, [&]() -> Value {
    Value xv = a.required(0, "input"), nv = a.optional(1, "n"), dv = a.optional(2, "dim", Value::integer(-1));
    std::string norm = norm_arg(in, a.optional(3, "norm"));
    a.finish(4);
    ArrayPtr x = fft_input(in, xv, fname, kind);
    const int dim = int(torch_wrap_dim(int_arg(in, dv, fname, "dim"), x->ndim()));
    const int64_t n = nv.is_none() ? -1 : int_arg(in, nv, fname, "n", IntParam::SymInt);
    if (kind == Kind::HFFT) {
      ArrayPtr c = conj(x);
      const int64_t m = c->shape[size_t(dim)];
      return Value(as_tensor(fft_c2r(c, points(in, n < 0 ? 2 * (m - 1) : n), dim, swapped(norm))));
    }
    if (kind == Kind::IHFFT) {
      ArrayPtr r = as_tensor(fft_r2c(x, points(in, n < 0 ? x->shape[size_t(dim)] : n), dim, swapped(norm)));
      return Value(conj(r));
    }
    if (kind == Kind::C2C) return Value(as_tensor(fft_c2c(x, points(in, n < 0 ? x->shape[size_t(dim)] : n), dim, inverse, norm)));
    return Value(as_tensor(transform(in, x, n, dim, kind, norm)));
  });
}

// fftn(input, s=None, dim=None, norm=None): one-dim transforms over dims, the last
// first; the real forms put their r2c / c2r on the last dim (fft2: dim=(-2, -1)).
Value n_dims(Interp& in, Args& a, Kind kind, bool inverse, bool two, const char* fname) {
  return recorded(in, a, kind, [&]() -> Value {
    Value xv = a.required(0, "input"), sv = a.optional(1, "s"), dv = a.optional(2, "dim");
    std::string norm = norm_arg(in, a.optional(3, "norm"));
    a.finish(4);
    ArrayPtr x = fft_input(in, xv, fname, kind);
    std::vector<int64_t> s;
    if (!sv.is_none())
      for (auto& v : in.to_vector(sv)) s.push_back(int_arg(in, v, fname, "s", IntParam::SymInt));
    std::vector<int> dims;
    if (!dv.is_none()) {
      std::vector<Value> items = dv.is_int() ? std::vector<Value>{dv} : in.to_vector(dv);
      for (auto& v : items) dims.push_back(int(torch_wrap_dim(int_arg(in, v, fname, "dim"), x->ndim())));
    } else if (two) {
      dims = {int(torch_wrap_dim(-2, x->ndim())), int(torch_wrap_dim(-1, x->ndim()))};
    } else {
      const int64_t k = s.empty() ? x->ndim() : int64_t(s.size());
      for (int64_t i = x->ndim() - k; i < x->ndim(); ++i) dims.push_back(int(i));
    }
    if (!s.empty() && s.size() != dims.size())
      in.raise_exc("RuntimeError", "When given, dim and shape arguments must have the same length");
    auto len = [&](size_t i) { return s.empty() ? int64_t(-1) : s[i]; };
    if (dims.empty()) return Value(as_tensor(copy_as(*x, is_complex(x->dtype) ? x->dtype : (x->dtype == DType::F64 ? DType::C128 : DType::C64))));
    const size_t last = dims.size() - 1;
    ArrayPtr r = x;
    if (kind == Kind::R2C || kind == Kind::IHFFT) {
      const std::string nm = kind == Kind::IHFFT ? swapped(norm) : norm;
      r = transform(in, r, len(last), dims[last], Kind::R2C, nm);
      for (size_t i = last; i-- > 0;) r = fft_c2c(r, points(in, len(i) < 0 ? r->shape[size_t(dims[i])] : len(i)), dims[i], kind == Kind::IHFFT, nm);
      return Value(kind == Kind::IHFFT ? conj(r) : as_tensor(r));
    }
    if (kind == Kind::C2R || kind == Kind::HFFT) {
      const std::string nm = kind == Kind::HFFT ? swapped(norm) : norm;
      if (kind == Kind::HFFT) r = conj(r);
      for (size_t i = last; i-- > 0;) r = fft_c2c(r, points(in, len(i) < 0 ? r->shape[size_t(dims[i])] : len(i)), dims[i], kind == Kind::C2R, nm);
      return Value(as_tensor(transform(in, r, len(last), dims[last], Kind::C2R, nm)));
    }
    for (size_t i = dims.size(); i-- > 0;) r = fft_c2c(r, points(in, len(i) < 0 ? r->shape[size_t(dims[i])] : len(i)), dims[i], inverse, norm);
    return Value(as_tensor(r));
  });
}

#define ONE(fn, kind, inv, name) Value fn(Interp& in, Args& a) { return one_dim(in, a, Kind::kind, inv, "fft_" name); }
ONE(t_fft, C2C, false, "fft")
ONE(t_ifft, C2C, true, "ifft")
ONE(t_rfft, R2C, false, "rfft")
ONE(t_irfft, C2R, true, "irfft")
ONE(t_hfft, HFFT, false, "hfft")
ONE(t_ihfft, IHFFT, true, "ihfft")
#undef ONE
#define ND(fn, kind, inv, two, name) Value fn(Interp& in, Args& a) { return n_dims(in, a, Kind::kind, inv, two, "fft_" name); }
ND(t_fft2, C2C, false, true, "fft2")
ND(t_ifft2, C2C, true, true, "ifft2")
ND(t_fftn, C2C, false, false, "fftn")
ND(t_ifftn, C2C, true, false, "ifftn")
ND(t_rfft2, R2C, false, true, "rfft2")
ND(t_irfft2, C2R, true, true, "irfft2")
ND(t_rfftn, R2C, false, false, "rfftn")
ND(t_irfftn, C2R, true, false, "irfftn")
ND(t_hfft2, HFFT, false, true, "hfft2")
ND(t_ihfft2, IHFFT, true, true, "ihfft2")
ND(t_hfftn, HFFT, false, false, "hfftn")
ND(t_ihfftn, IHFFT, true, false, "ihfftn")
#undef ND

// fftfreq(n, d=1.0, *, dtype=None, ...): [0, 1, ..., -(n//2), ..., -1] times 1/(n d),
// the integers in the result's dtype multiplied by the scalar (at::fft_fftfreq's mul_).
Value freq(Interp& in, Args& a, bool real) {
  Value nv = a.required(0, "n"), dv = a.optional(1, "d", Value::floating(1.0));
  Value dtv = a.optional(99, "dtype"), dev = a.optional(99, "device"), rg = a.optional(99, "requires_grad");
  a.optional(99, "layout");
  a.finish(2);
  const int64_t n = int_arg(in, nv, real ? "fft_rfftfreq" : "fft_fftfreq", "n");
  const double d = in.float_value(dv);
  check_factory_device(in, dev);
  const DType dt = dtv.is_none() ? torch_default_dtype() : to_dtype(in, dtv);
  const double val = 1.0 / (double(n) * d);
  if (!real && n < 0)
    in.raise_exc("RuntimeError", "Trying to create tensor with negative dimension " + std::to_string(n) + ": [" + std::to_string(n) + "]");
  const int64_t floor_half = n >= 0 ? n / 2 : -((-n + 1) / 2);
  const int64_t len = std::max<int64_t>(real ? floor_half + 1 : n, 0), half = (n - 1) / 2 + 1;
  ArrayPtr r = make_array(DType::F64, {len}, 'C', Flavor::Torch);
  double* p = reinterpret_cast<double*>(r->data());
  for (int64_t i = 0; i < len; ++i) {
    const double k = double(real || i < half ? i : i - n);
    p[i] = dt == DType::F64 ? k * val : double(float(k) * float(val));
  }
  Value out(as_tensor(copy_as(*r, dt, 'C')));
  if (!rg.is_none() && in.truthy(rg)) in.call(in.getattr(out, "requires_grad_"), std::vector<Value>{});
  return out;
}
Value t_fftfreq(Interp& in, Args& a) { return freq(in, a, false); }
Value t_rfftfreq(Interp& in, Args& a) { return freq(in, a, true); }

// fftshift(input, dim=None): roll each dim by n//2 (ifftshift: by -(n//2)), as torch.roll.
Value shift(Interp& in, Args& a, bool inverse) {
  Value xv = a.required(0, "input"), dv = a.optional(1, "dim");
  a.finish(2);
  ArrayPtr x = tensor_arg(in, xv, inverse ? "fft_ifftshift" : "fft_fftshift", "input", 1);
  std::vector<int64_t> dims;
  if (dv.is_none()) {
    for (int i = 0; i < x->ndim(); ++i) dims.push_back(i);
  } else {
    std::vector<Value> items = dv.is_int() ? std::vector<Value>{dv} : in.to_vector(dv);
    for (auto& v : items) dims.push_back(torch_wrap_dim(int_arg(in, v, "fftshift", "dim"), x->ndim()));
  }
  std::vector<Value> shifts, dvals;
  for (int64_t d : dims) {
    const int64_t n = x->shape[size_t(d)];
    shifts.push_back(Value::integer(inverse ? -(n / 2) : n / 2));
    dvals.push_back(Value::integer(d));
  }
  return in.call(in.getattr(xv, "roll"), std::vector<Value>{make_tuple(std::move(shifts)), make_tuple(std::move(dvals))});
}
Value t_fftshift(Interp& in, Args& a) { return shift(in, a, false); }
Value t_ifftshift(Interp& in, Args& a) { return shift(in, a, true); }

const FnEntry kFft[] = {
    {"fft", t_fft, {"fft(input, n=, dim=, norm=)"}},
    {"ifft", t_ifft, {"ifft(input, n=, dim=, norm=)"}},
    {"rfft", t_rfft, {"rfft(input, n=, dim=, norm=)"}},
    {"irfft", t_irfft, {"irfft(input, n=, dim=, norm=)"}},
    {"hfft", t_hfft, {"hfft(input, n=, dim=, norm=)"}},
    {"ihfft", t_ihfft, {"ihfft(input, n=, dim=, norm=)"}},
    {"fft2", t_fft2, {"fft2(input, s=, dim=, norm=)"}},
    {"ifft2", t_ifft2, {"ifft2(input, s=, dim=, norm=)"}},
    {"fftn", t_fftn, {"fftn(input, s=, dim=, norm=)"}},
    {"ifftn", t_ifftn, {"ifftn(input, s=, dim=, norm=)"}},
    {"rfft2", t_rfft2, {"rfft2(input, s=, dim=, norm=)"}},
    {"irfft2", t_irfft2, {"irfft2(input, s=, dim=, norm=)"}},
    {"rfftn", t_rfftn, {"rfftn(input, s=, dim=, norm=)"}},
    {"irfftn", t_irfftn, {"irfftn(input, s=, dim=, norm=)"}},
    {"hfft2", t_hfft2, {"hfft2(input, s=, dim=, norm=)"}},
    {"ihfft2", t_ihfft2, {"ihfft2(input, s=, dim=, norm=)"}},
    {"hfftn", t_hfftn, {"hfftn(input, s=, dim=, norm=)"}},
    {"ihfftn", t_ihfftn, {"ihfftn(input, s=, dim=, norm=)"}},
    {"fftfreq", t_fftfreq, {"fftfreq(n, d=, *, dtype=, layout=, device=, requires_grad=)"}},
    {"rfftfreq", t_rfftfreq, {"rfftfreq(n, d=, *, dtype=, layout=, device=, requires_grad=)"}},
    {"fftshift", t_fftshift, {"fftshift(input, dim=)"}},
    {"ifftshift", t_ifftshift, {"ifftshift(input, dim=)"}},
};

}  // namespace

void install_torch_fft(Interp& in, ModuleObj& tm) {
  ModuleObj& m = submodule(in, "torch.fft");
  def_fns(in, m, kFft);
  m.attrs["torch"] = Value(std::static_pointer_cast<Obj>(in.modules.at("torch")));  // torch/fft/__init__.py's imports
  m.attrs["Tensor"] = tm.attrs.at("Tensor");
  m.attrs["sys"] = in.import("sys");
}

}  // namespace sl::lang

// numpy/fft: the numpy.fft module -- fft/ifft, rfft/irfft, their 2-d and n-d forms,
// fftfreq/rfftfreq and fftshift/ifftshift.
//
// Invariant: argument conversion only; the transforms are core/linalg/fft, the shifts
// core/numpy/join's roll (copies, as NumPy's). Names are registered from the table.
#include "core/linalg/fft.hpp"

#include "core/numpy/join.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"
#include "core/ops/copy.hpp"

namespace sl::lang {

namespace {

std::string norm_arg(Interp& in, const Value& v) {
  if (v.is_none()) return "backward";
  auto* s = v.as<StrObj>();
  if (!s) in.raise_exc("ValueError", "Invalid norm value " + in.repr(v) + "; should be \"backward\",\"ortho\" or \"forward\".");
  return s->s;
}

enum class Kind { C2C, R2C, C2R };

// fft(a, n=None, axis=-1, norm=None, out=None) and its inverse / real forms.
Value one_axis(Interp& in, Args& a, Kind kind, bool inverse) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value nv = a.optional(1, "n"), axis = a.optional(2, "axis", Value::integer(-1));
  std::string norm = norm_arg(in, a.optional(3, "norm"));
  Value out = a.optional(4, "out");
  a.finish(5);
  if (!out.is_none()) in.raise_exc("NotImplementedError", "numpy.fft out= is not supported by stridelab");
  if (x->ndim() == 0) x = ravel(x);
  int ax = normalize_axis_index(in.index_value(axis), x->ndim());
  const int64_t m = x->shape[size_t(ax)];
  int64_t n = nv.is_none() ? (kind == Kind::C2R ? 2 * (m - 1) : m) : in.index_value(nv);
  if (kind == Kind::C2C) return wrap(fft_c2c(x, n, ax, inverse, norm));
  if (kind == Kind::R2C) return wrap(fft_r2c(x, n, ax, norm));
  return wrap(fft_c2r(x, n, ax, norm));
}
Value fft_fft(Interp& in, Args& a) { return one_axis(in, a, Kind::C2C, false); }
Value fft_ifft(Interp& in, Args& a) { return one_axis(in, a, Kind::C2C, true); }
Value fft_rfft(Interp& in, Args& a) { return one_axis(in, a, Kind::R2C, false); }
Value fft_irfft(Interp& in, Args& a) { return one_axis(in, a, Kind::C2R, true); }

// fftn(a, s=None, axes=None, norm=None): one-axis transforms over axes, the last
// axis first (NumPy's _raw_fftnd); the real forms put their r2c / c2r on the last axis.
Value n_axes(Interp& in, Args& a, Kind kind, bool inverse, bool two) {
  ArrayPtr x = to_array(in, a.required(0, "a"));
  Value sv = a.optional(1, "s"), axesv = a.optional(2, "axes");
  std::string norm = norm_arg(in, a.optional(3, "norm"));
  a.finish(4);
  std::vector<int64_t> axes;
  if (!axesv.is_none()) {
    for (auto& v : in.to_vector(axesv)) axes.push_back(in.index_value(v));
  } else if (two) {
    axes = {-2, -1};
  } else {
    int64_t k = sv.is_none() ? x->ndim() : int64_t(in.to_vector(sv).size());
    for (int64_t i = x->ndim() - k; i < x->ndim(); ++i) axes.push_back(i);
  }
  std::vector<int64_t> s;
  if (!sv.is_none()) {
    for (auto& v : in.to_vector(sv)) s.push_back(in.index_value(v));
    if (s.size() != axes.size()) in.raise_exc("ValueError", "Shape and axes have different lengths.");
  }
  std::vector<int> ax;
  for (int64_t v : axes) ax.push_back(normalize_axis_index(v, x->ndim()));
  auto len = [&](size_t i, int64_t have) { return s.empty() ? have : s[i]; };
  ArrayPtr r = x;
  if (ax.empty()) {  // nothing to transform (a 0-d input): NumPy indexes axes[-1] for the real forms
    if (kind != Kind::C2C) in.raise_exc("IndexError", "list index out of range");
    return wrap(copy_as(*x, is_complex(x->dtype) ? x->dtype : DType::C128));
  }
  const size_t last = ax.size() - 1;
  if (kind == Kind::R2C) {
    r = fft_r2c(r, len(last, r->shape[size_t(ax[last])]), ax[last], norm);
    for (size_t i = last; i-- > 0;) r = fft_c2c(r, len(i, r->shape[size_t(ax[i])]), ax[i], false, norm);
    return wrap(r);
  }
  if (kind == Kind::C2R) {
    for (size_t i = last; i-- > 0;) r = fft_c2c(r, len(i, r->shape[size_t(ax[i])]), ax[i], true, norm);
    int64_t m = r->shape[size_t(ax[last])];
    return wrap(fft_c2r(r, s.empty() ? 2 * (m - 1) : s[last], ax[last], norm));
  }
  for (size_t i = ax.size(); i-- > 0;) r = fft_c2c(r, len(i, r->shape[size_t(ax[i])]), ax[i], inverse, norm);
  return wrap(r);
}
Value fft_fft2(Interp& in, Args& a) { return n_axes(in, a, Kind::C2C, false, true); }
Value fft_ifft2(Interp& in, Args& a) { return n_axes(in, a, Kind::C2C, true, true); }
Value fft_fftn(Interp& in, Args& a) { return n_axes(in, a, Kind::C2C, false, false); }
Value fft_ifftn(Interp& in, Args& a) { return n_axes(in, a, Kind::C2C, true, false); }
Value fft_rfft2(Interp& in, Args& a) { return n_axes(in, a, Kind::R2C, false, true); }
Value fft_irfft2(Interp& in, Args& a) { return n_axes(in, a, Kind::C2R, true, true); }
Value fft_rfftn(Interp& in, Args& a) { return n_axes(in, a, Kind::R2C, false, false); }
Value fft_irfftn(Interp& in, Args& a) { return n_axes(in, a, Kind::C2R, true, false); }

// fftfreq(n, d): [0, 1, ..., (n-1)//2, -(n//2), ..., -1] * (1 / (n d)) -- the
// integers times the reciprocal, as NumPy computes them.
Value freq(Interp& in, Args& a, bool real) {
  int64_t n = in.index_value(a.required(0, "n"));
  double d = in.float_value(a.optional(1, "d", Value::floating(1.0)));
  a.finish(2);
  const double val = 1.0 / (double(n) * d);
  const int64_t len = real ? n / 2 + 1 : n, half = (n - 1) / 2 + 1;
  ArrayPtr r = make_array(DType::F64, {std::max<int64_t>(len, 0)});
  double* p = reinterpret_cast<double*>(r->data());
  for (int64_t i = 0; i < len; ++i) p[i] = double(real || i < half ? i : i - n) * val;
  return wrap(r);
}
Value fft_fftfreq(Interp& in, Args& a) { return freq(in, a, false); }
Value fft_rfftfreq(Interp& in, Args& a) { return freq(in, a, true); }

// fftshift(x, axes=None): roll each axis by n//2 (ifftshift: by -(n//2)).
Value shift(Interp& in, Args& a, bool inverse) {
  ArrayPtr x = to_array(in, a.required(0, "x"));
  Value axesv = a.optional(1, "axes");
  a.finish(2);
  std::vector<int64_t> axes;
  if (axesv.is_none()) {
    for (int i = 0; i < x->ndim(); ++i) axes.push_back(i);
  } else if (axesv.is_int()) {
    axes.push_back(in.index_value(axesv));
  } else {
    for (auto& v : in.to_vector(axesv)) axes.push_back(in.index_value(v));
  }
  std::vector<int64_t> shifts;
  for (int64_t ax : axes) {
    int64_t n = x->shape[size_t(normalize_axis_index(ax, x->ndim()))];
    shifts.push_back(inverse ? -(n / 2) : n / 2);
  }
  return wrap(roll(x, shifts, axes));
}
Value fft_fftshift(Interp& in, Args& a) { return shift(in, a, false); }
Value fft_ifftshift(Interp& in, Args& a) { return shift(in, a, true); }

const FnEntry kFft[] = {
    {"fft", fft_fft, {"fft(a, n=, axis=, norm=, out=)"}},
    {"ifft", fft_ifft, {"ifft(a, n=, axis=, norm=, out=)"}},
    {"rfft", fft_rfft, {"rfft(a, n=, axis=, norm=, out=)"}},
    {"irfft", fft_irfft, {"irfft(a, n=, axis=, norm=, out=)"}},
    {"fft2", fft_fft2, {"fft2(a, s=, axes=, norm=, out=)"}},
    {"ifft2", fft_ifft2, {"ifft2(a, s=, axes=, norm=, out=)"}},
    {"fftn", fft_fftn, {"fftn(a, s=, axes=, norm=, out=)"}},
    {"ifftn", fft_ifftn, {"ifftn(a, s=, axes=, norm=, out=)"}},
    {"rfft2", fft_rfft2, {"rfft2(a, s=, axes=, norm=, out=)"}},
    {"irfft2", fft_irfft2, {"irfft2(a, s=, axes=, norm=, out=)"}},
    {"rfftn", fft_rfftn, {"rfftn(a, s=, axes=, norm=, out=)"}},
    {"irfftn", fft_irfftn, {"irfftn(a, s=, axes=, norm=, out=)"}},
    {"fftfreq", fft_fftfreq, {"fftfreq(n, d=, device=)"}},
    {"rfftfreq", fft_rfftfreq, {"rfftfreq(n, d=, device=)"}},
    {"fftshift", fft_fftshift, {"fftshift(x, axes=)"}},
    {"ifftshift", fft_ifftshift, {"ifftshift(x, axes=)"}},
};

}  // namespace

void install_numpy_fft(Interp& in, ModuleObj& np) { def_fns(in, submodule(in, "numpy.fft"), kFft); }

}  // namespace sl::lang

// format_torch: see format_torch.hpp for the rules (PyTorch 2.6 _tensor_str.py; probes in tests/data/torch_reference.jsonl).
#include "core/torch/format.hpp"

#include "core/torch/autograd.hpp"

#include <cmath>
#include <cstdio>
#include <functional>
#include <vector>

#include "core/model/element.hpp"
#include "core/model/strides.hpp"
#include "core/model/session_state.hpp"

namespace sl {

TorchPrintOptions& torch_print_options() { return session_state<TorchPrintOptions>(); }

std::string format_torch_dtype(DType dt) { return std::string("torch.") + info(dt).torch_name; }

std::string format_torch_size(const Shape& s) { return "torch.Size(" + list_repr(s) + ")"; }

namespace {

// Python's "{:.<prec>f}" / "{:.<prec>e}" of a float: printf for finite values
// (both are correctly rounded, exponents have at least two digits); Python
// spells non-finite values "nan" (never "-nan"), "inf", "-inf".
std::string nonfinite(double v) { return std::isnan(v) ? "nan" : v < 0 ? "-inf" : "inf"; }

std::string py_fixed(double v, int prec) {
  if (!std::isfinite(v)) return nonfinite(v);
  int n = std::snprintf(nullptr, 0, "%.*f", prec, v);
  std::string s(size_t(n) + 1, '\0');
  std::snprintf(s.data(), s.size(), "%.*f", prec, v);
  s.resize(size_t(n));
  return s;
}

std::string py_exp(double v, int prec) {
  if (!std::isfinite(v)) return nonfinite(v);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", prec, v);
  return buf;
}

std::string pad_left(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// One element as the formatter sees it: a real number (one part of a complex),
// or the "{}" text of an integer / bool.
enum class Part { Real, Imag };

double part_value(DType dt, const char* p, Part part) {
  if (is_complex(dt)) {
    c128 c = load_as<c128>(dt, p);
    return part == Part::Real ? c.real() : c.imag();
  }
  return load_as<double>(dt, p);
}

std::string int_text(DType dt, const char* p) {
  if (dt == DType::Bool) return load<bool>(p) ? "True" : "False";
  if (is_unsigned_int(dt)) return std::to_string(load_as<uint64_t>(dt, p));
  return std::to_string(load_as<int64_t>(dt, p));
}

// Mirrors _tensor_str.py's _Formatter.
struct Formatter {
  bool floating = false;
  bool int_mode = true;
  bool sci_mode = false;
  size_t max_width = 1;
  int precision = 4;
  DType dt = DType::F32;
  Part part = Part::Real;

  Formatter(DType dtype, Part prt, const std::vector<const char*>& elems) : dt(dtype), part(prt) {
    const TorchPrintOptions& o = torch_print_options();
    precision = o.precision;
    floating = is_inexact(dt);
    if (!floating) {
      for (const char* p : elems) max_width = std::max(max_width, int_text(dt, p).size());
    } else {
      std::vector<double> vals;  // nonzero finite values, as doubles (tensor_totype)
      for (const char* p : elems) {
        double v = part_value(dt, p, part);
        if (std::isfinite(v) && v != 0) vals.push_back(v);
      }
      if (vals.empty()) return;  // no valid number: int mode, width 1 (sci_mode option ignored)
      double mn = INFINITY, mx = 0;
      for (double v : vals) {
        mn = std::min(mn, std::fabs(v));
        mx = std::max(mx, std::fabs(v));
        if (v != std::ceil(v)) int_mode = false;
      }
      if (int_mode) {
        if (mx / mn > 1000.0 || mx > 1.0e8) {
          sci_mode = true;
          for (double v : vals) max_width = std::max(max_width, py_exp(v, precision).size());
        } else {
          for (double v : vals) max_width = std::max(max_width, py_fixed(v, 0).size() + 1);
        }
      } else if (mx / mn > 1000.0 || mx > 1.0e8 || mn < 1.0e-4) {
        sci_mode = true;
        for (double v : vals) max_width = std::max(max_width, py_exp(v, precision).size());
      } else {
        for (double v : vals) max_width = std::max(max_width, py_fixed(v, precision).size());
      }
    }
    if (o.sci_mode) sci_mode = *o.sci_mode;
  }

  std::string format(const char* p) const {
    std::string ret;
    if (floating) {
      double v = part_value(dt, p, part);
      if (sci_mode) {
        ret = pad_left(py_exp(v, precision), max_width);
      } else if (int_mode) {
        ret = py_fixed(v, 0);
        if (std::isfinite(v)) ret += ".";
      } else {
        ret = py_fixed(v, precision);
      }
    } else {
      ret = int_text(dt, p);
    }
    return pad_left(ret, max_width);
  }
};

struct Printer {
  const Array& t;
  bool summarize;
  int edge;
  int linewidth;
  const Formatter* f1;
  const Formatter* f2;  // imaginary parts of a complex tensor

  std::string value(const char* p) const {
    if (!f2) return f1->format(p);
    std::string re = f1->format(p);
    std::string im = f2->format(p) + "j";
    size_t k = im.find_first_not_of(' ');
    im = im.substr(k);
    if (im[0] == '+' || im[0] == '-') return re + im;
    return re + "+" + im;
  }

  // The indices of dimension d that are shown.
  std::vector<int64_t> shown(int d, bool& ellipsis) const {
    int64_t n = t.shape[size_t(d)];
    std::vector<int64_t> idx;
    ellipsis = summarize && n > 2 * edge;
    if (ellipsis) {
      for (int64_t i = 0; i < edge; ++i) idx.push_back(i);
      for (int64_t i = n - edge; i < n; ++i) idx.push_back(i);
    } else {
      for (int64_t i = 0; i < n; ++i) idx.push_back(i);
    }
    return idx;
  }

  // _tensor_str_with_formatter on the sub-tensor of dims [d, ndim) at byte offset off.
  std::string str(int d, int64_t off, int indent) const {
    const int dim = t.ndim() - d;
    const char* base = t.storage->data();
    if (dim == 0) return value(base + off);
    bool ell = false;
    std::vector<int64_t> idx = shown(d, ell);
    const int64_t st = t.strides[size_t(d)];
    if (dim == 1) {  // _vector_str
      size_t element_length = f1->max_width + 2;
      if (f2) element_length += f2->max_width + 1;
      int64_t per_line = std::max<int64_t>(
          1, int64_t(std::floor(double(linewidth - indent) / double(element_length))));
      std::vector<std::string> data;
      for (size_t k = 0; k < idx.size(); ++k) {
        if (ell && int64_t(k) == edge) data.push_back(" ...");
        data.push_back(value(base + off + idx[k] * st));
      }
      std::string out = "[";
      for (size_t k = 0; k < data.size(); ++k) {
        if (k) out += size_t(k) % size_t(per_line) == 0 ? ",\n" + std::string(size_t(indent) + 1, ' ') : ", ";
        out += data[k];
      }
      return out + "]";
    }
    std::vector<std::string> slices;
    for (size_t k = 0; k < idx.size(); ++k) {
      if (ell && int64_t(k) == edge) slices.push_back("...");
      slices.push_back(str(d + 1, off + idx[k] * st, indent + 1));
    }
    std::string sep = "," + std::string(size_t(dim - 1), '\n') + std::string(size_t(indent) + 1, ' ');
    std::string out = "[";
    for (size_t k = 0; k < slices.size(); ++k) {
      if (k) out += sep;
      out += slices[k];
    }
    return out + "]";
  }
};

// The elements the formatter looks at: all of them, or those that
// get_summarized_data keeps (edgeitems at both ends of every long dimension).
std::vector<const char*> formatter_elements(const Array& t, bool summarize, int edge) {
  std::vector<const char*> out;
  const char* base = t.storage->data();
  std::function<void(int, int64_t)> walk = [&](int d, int64_t off) {
    if (d == t.ndim()) {
      out.push_back(base + off);
      return;
    }
    int64_t n = t.shape[size_t(d)];
    int64_t st = t.strides[size_t(d)];
    if (summarize && n > 2 * edge) {
      for (int64_t i = 0; i < edge; ++i) walk(d + 1, off + i * st);
      for (int64_t i = n - edge; i < n; ++i) walk(d + 1, off + i * st);
    } else {
      for (int64_t i = 0; i < n; ++i) walk(d + 1, off + i * st);
    }
  };
  walk(0, t.offset);
  return out;
}

// _tensor_str
std::string tensor_body(const Array& t, int indent) {
  if (t.size() == 0) return "[]";
  const TorchPrintOptions& o = torch_print_options();
  bool summarize = double(t.size()) > o.threshold;
  std::vector<const char*> elems = formatter_elements(t, summarize, o.edgeitems);
  Formatter f1(t.dtype, Part::Real, elems);
  std::optional<Formatter> f2;
  if (is_complex(t.dtype)) f2.emplace(t.dtype, Part::Imag, elems);
  Printer pr{t, summarize, o.edgeitems, o.linewidth, &f1, f2 ? &*f2 : nullptr};
  return pr.str(0, t.offset, indent);
}

// _add_suffixes
std::string add_suffixes(std::string s, const std::vector<std::string>& suffixes, int indent) {
  int linewidth = torch_print_options().linewidth;
  size_t nl = s.rfind('\n');
  int64_t last_line_len = int64_t(s.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
  for (const auto& suffix : suffixes) {
    int64_t n = int64_t(suffix.size());
    if (last_line_len + n + 2 > linewidth) {
      s += ",\n" + std::string(size_t(indent), ' ') + suffix;
      last_line_len = indent + n;
    } else {
      s += ", " + suffix;
      last_line_len += n + 2;
    }
  }
  return s + ")";
}

}  // namespace

// Mirrors _str_intern for a strided CPU tensor: the size and dtype suffixes,
// then grad_fn=<Name> for a recorded result or requires_grad=True for a leaf
// that requires grad.
std::string format_tensor(const Array& t, DType default_float) {
  const std::string prefix = "tensor(";
  const int indent = int(prefix.size());
  std::vector<std::string> suffixes;
  std::string body;
  const DType default_complex = default_float == DType::F64 ? DType::C128 : DType::C64;
  bool has_default_dtype = t.dtype == default_float || t.dtype == default_complex || t.dtype == DType::I64 ||
                           t.dtype == DType::Bool;
  if (t.size() == 0) {
    if (t.ndim() != 1) suffixes.push_back("size=" + shape_repr(t.shape));
    if (t.dtype != default_float) suffixes.push_back("dtype=" + format_torch_dtype(t.dtype));
    body = "[]";
  } else {
    if (!has_default_dtype) suffixes.push_back("dtype=" + format_torch_dtype(t.dtype));
    body = tensor_body(t, indent);
  }
  if (t.autograd && t.autograd->grad_fn) {
    // the C++ nodes outside autograd's generated set print without their namespace
    std::string n = t.autograd->grad_fn->name;
    if (n.rfind("torch::autograd::", 0) == 0) n.erase(0, 17);
    suffixes.push_back("grad_fn=<" + n + ">");
  }
  else if (requires_grad(t)) suffixes.push_back("requires_grad=True");
  return add_suffixes(prefix + body, suffixes, indent);
}

}  // namespace sl

// strides: layout arithmetic on shapes and strides (see strides.hpp).
#include "core/model/strides.hpp"

#include <cstdio>

#include "core/model/error.hpp"

namespace sl {

Strides default_strides(const Shape& shape, int64_t itemsize, char order) {
  Strides st(shape.size());
  int64_t s = itemsize;
  if (order == 'F') {
    for (size_t k = 0; k < shape.size(); ++k) {
      st[k] = s;
      s *= shape[k] ? shape[k] : 1;
    }
  } else {
    for (size_t k = shape.size(); k-- > 0;) {
      st[k] = s;
      s *= shape[k] ? shape[k] : 1;
    }
  }
  return st;
}

// flagsobject.c: _UpdateContiguousFlags. Any zero-length axis makes the array
// both C and F contiguous; length-1 axes never break contiguity.
bool is_c_contiguous(const Shape& shape, const Strides& strides, int64_t itemsize) {
  for (int64_t d : shape)
    if (d == 0) return true;
  int64_t sd = itemsize;
  for (size_t k = shape.size(); k-- > 0;) {
    if (shape[k] != 1) {
      if (strides[k] != sd) return false;
      sd *= shape[k];
    }
  }
  return true;
}

bool is_f_contiguous(const Shape& shape, const Strides& strides, int64_t itemsize) {
  for (int64_t d : shape)
    if (d == 0) return true;
  int64_t sd = itemsize;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (shape[k] != 1) {
      if (strides[k] != sd) return false;
      sd *= shape[k];
    }
  }
  return true;
}

Shape infer_reshape(const Shape& req, int64_t size) {
  Shape out = req;
  int unknown = -1;
  int64_t known = 1;
  bool overflow = false;
  for (size_t k = 0; k < req.size(); ++k) {
    if (req[k] < 0) {
      if (unknown >= 0) value_error("can only specify one unknown dimension");
      unknown = int(k);
    } else {
      if (req[k] != 0 && known > INT64_MAX / req[k]) overflow = true;
      known *= req[k];
    }
  }
  auto fail = [&]() {
    // NumPy's convert_shape_to_string: leading negative entries are skipped and
    // the rest print as "newaxis"; no space after commas; a one-entry shape
    // keeps a tuple's trailing comma (NumPy >= 2.0: "(3,)").
    std::string s = "(";
    size_t k = 0;
    while (k < req.size() && req[k] < 0) ++k;
    bool first = true;
    for (; k < req.size(); ++k) {
      if (!first) s += ",";
      first = false;
      s += req[k] < 0 ? std::string("newaxis") : std::to_string(req[k]);
    }
    s += req.size() == 1 && !first ? ",)" : ")";
    value_error("cannot reshape array of size " + std::to_string(size) + " into shape " + s);
  };
  if (overflow) value_error("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.");
  if (unknown >= 0) {
    if (known == 0 || size % known != 0) fail();
    out[unknown] = size / known;
  } else if (known != size) {
    fail();
  }
  return out;
}

// Mirrors NumPy's _attempt_nocopy_reshape (shape.c).
//
// Problem: given old axes (d_i, s_i) and new lengths n_j with prod d = prod n,
// find strides t_j such that walking the new index space in `order` visits the
// same byte offsets as walking the old one. Length-1 old axes are irrelevant and
// dropped first. Then old and new axes are split into consecutive groups with
// equal products (two pointers, always extending the side whose running product
// is smaller). A group of old axes can be re-split only if it is itself
// contiguous: s_k == d_{k+1} * s_{k+1} for C order (mirrored for F). Inside a
// group the innermost new axis takes the innermost old stride and the others
// are products outward. New trailing length-1 axes take the last stride
// (times the last length for F order). Cost O(old ndim + new ndim).
std::optional<Strides> nocopy_reshape(const Shape& old_shape, const Strides& old_strides,
                                      const Shape& new_shape, int64_t itemsize, char order, ReshapeBlock* why) {
  Shape od;
  Strides os;
  std::vector<int64_t> oax;  // od[k] is old axis oax[k]
  for (size_t k = 0; k < old_shape.size(); ++k) {
    if (old_shape[k] != 1) {
      od.push_back(old_shape[k]);
      os.push_back(old_strides[k]);
      oax.push_back(int64_t(k));
    }
  }
  const bool f = order == 'F';
  const int oldnd = int(od.size()), newnd = int(new_shape.size());
  Strides ns(new_shape.size(), 0);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < newnd && oi < oldnd) {
    int64_t np = new_shape[ni], op = od[oi];
    while (np != op) {
      if (np < op) {
        if (nj >= newnd) return std::nullopt;  // sizes disagree (caller guarantees they do not)
        np *= new_shape[nj++];
      } else {
        if (oj >= oldnd) return std::nullopt;
        op *= od[oj++];
      }
    }
    for (int k = oi; k < oj - 1; ++k) {
      if (f ? os[k + 1] != od[k] * os[k] : os[k] != od[k + 1] * os[k + 1]) {
        if (why) *why = {std::vector<int64_t>(oax.begin() + oi, oax.begin() + oj), k - oi};
        return std::nullopt;
      }
    }
    if (f) {
      ns[ni] = os[oi];
      for (int k = ni + 1; k < nj; ++k) ns[k] = ns[k - 1] * new_shape[k - 1];
    } else {
      ns[nj - 1] = os[oj - 1];
      for (int k = nj - 1; k > ni; --k) ns[k - 1] = ns[k] * new_shape[k];
    }
    ni = nj++;
    oi = oj++;
  }
  int64_t last = ni >= 1 ? ns[ni - 1] : itemsize;
  if (f && ni >= 1) last *= new_shape[ni - 1];
  for (int k = ni; k < newnd; ++k) ns[k] = last;
  return ns;
}

// Mirrors PyTorch's at::detail::computeStride (aten/src/ATen/TensorUtils.cpp).
//
// Problem: find strides for new_shape over the same elements, walking both
// shapes from the innermost dimension. Old dims are cut into "chunks": maximal
// runs in which stride[d-1] == size[d] * stride[d] (size-1 dims never break a
// chunk). Each chunk of numel N and base stride b must be covered exactly by a
// run of new dims whose product is N; they get strides b, b*n_last, ... A new
// run that cannot end exactly at a chunk boundary means the view would span two
// non-contiguous subspaces: impossible.
std::optional<Strides> torch_compute_stride(const Shape& old_shape, const Strides& old_strides,
                                            const Shape& new_shape, ReshapeBlock* why) {
  int64_t numel = 1;
  for (int64_t d : old_shape) numel *= d;
  Strides ns(new_shape.size(), 0);
  if (old_shape.empty()) {  // 0-d: every new dim is 1
    for (auto& s : ns) s = 1;
    return ns;
  }
  if (numel == 0) {
    if (old_shape == new_shape) return old_strides;
    // contiguous strides (PyTorch: any view of an empty tensor is allowed)
    int64_t s = 1;
    for (size_t k = new_shape.size(); k-- > 0;) {
      ns[k] = s;
      s *= std::max<int64_t>(new_shape[k], 1);
    }
    return ns;
  }
  int64_t view_d = int64_t(new_shape.size()) - 1;
  int64_t chunk_base_stride = old_strides.back();
  int64_t tensor_numel = 1, view_numel = 1;
  int64_t chunk_end = int64_t(old_shape.size()) - 1;  // innermost old dim of the current chunk
  for (int64_t d = int64_t(old_shape.size()) - 1; d >= 0; --d) {
    tensor_numel *= old_shape[d];
    if (d == 0 || (old_shape[d - 1] != 1 && old_strides[d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || new_shape[view_d] == 1)) {
        ns[view_d] = view_numel * chunk_base_stride;
        view_numel *= new_shape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel) {
        if (why) *why = {{}, -1};
        for (int64_t k = d; why && k <= chunk_end; ++k) why->axes.push_back(k);
        return std::nullopt;
      }
      if (d > 0) {
        chunk_end = d - 1;
        chunk_base_stride = old_strides[d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  return ns;
}

bool try_broadcast_shapes(const std::vector<Shape>& shapes, Shape& out) {
  size_t nd = 0;
  for (const auto& s : shapes) nd = std::max(nd, s.size());
  out.assign(nd, 1);
  for (const auto& s : shapes) {
    size_t off = nd - s.size();
    for (size_t k = 0; k < s.size(); ++k) {
      int64_t d = s[k];
      int64_t& o = out[off + k];
      if (d == o) continue;
      if (o == 1) o = d;
      else if (d != 1) return false;
    }
  }
  return true;
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  Shape out;
  if (!try_broadcast_shapes(shapes, out)) {
    std::string msg = "operands could not be broadcast together with shapes ";
    for (const auto& s : shapes) msg += shape_compact(s) + " ";
    value_error(msg);
  }
  return out;
}

Strides broadcast_strides(const Shape& shape, const Strides& strides, const Shape& target) {
  Strides out(target.size(), 0);
  size_t off = target.size() - shape.size();
  for (size_t k = 0; k < shape.size(); ++k) out[off + k] = shape[k] == 1 && target[off + k] != 1 ? 0 : strides[k];
  return out;
}

std::string shape_repr(const Shape& s) {
  std::string r = "(";
  for (size_t k = 0; k < s.size(); ++k) {
    if (k) r += ", ";
    r += std::to_string(s[k]);
  }
  if (s.size() == 1) r += ",";
  return r + ")";
}

std::string shape_compact(const Shape& s) {
  std::string r = "(";
  for (size_t k = 0; k < s.size(); ++k) {
    if (k) r += ",";
    r += std::to_string(s[k]);
  }
  if (s.size() == 1) r += ",";
  return r + ")";
}

std::string list_repr(const std::vector<int64_t>& s) {
  std::string r = "[";
  for (size_t k = 0; k < s.size(); ++k) {
    if (k) r += ", ";
    r += std::to_string(s[k]);
  }
  return r + "]";
}

std::string format_bytes_gib(int64_t n) {
  // numpy/core/_exceptions.py: _size_to_string picks the unit and prints 3
  // significant digits ("7.45 GiB", "800. MiB").
  static const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (n < 1024) return std::to_string(n) + " bytes";
  int u = 0;
  double v = double(n);
  while (v >= 1024 && u < 6) {
    v /= 1024;
    ++u;
  }
  char buf[64];
  int digits = v >= 100 ? 0 : v >= 10 ? 1 : 2;
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  std::string s = buf;
  if (digits == 0) s += ".";
  return s + " " + units[u];
}

int normalize_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    raise("AxisError", "axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                                std::to_string(ndim));
  return int(axis < 0 ? axis + ndim : axis);
}

Shape torch_broadcast_shapes(const Shape& a, const Shape& b) {
  Shape out;
  if (try_broadcast_shapes({a, b}, out)) return out;
  // The first dim (counted in the broadcast shape) where the sizes disagree.
  const size_t nd = std::max(a.size(), b.size());
  for (size_t k = 0; k < nd; ++k) {
    const int64_t da = k + a.size() >= nd ? a[k + a.size() - nd] : 1;
    const int64_t db = k + b.size() >= nd ? b[k + b.size() - nd] : 1;
    if (da != db && da != 1 && db != 1)
      runtime_error("The size of tensor a (" + std::to_string(da) + ") must match the size of tensor b (" + std::to_string(db) +
                    ") at non-singleton dimension " + std::to_string(int64_t(k)));
  }
  return out;
}

}  // namespace sl

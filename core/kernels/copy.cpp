#include "core/kernels/copy.hpp"

#include <cstring>

#include "core/element.hpp"
#include "core/iter.hpp"
#include "core/overlap.hpp"
#include "core/strides.hpp"

namespace sl {

namespace {

template <class To, class From>
void cast_loop(char* d, int64_t ds, const char* s, int64_t ss, int64_t n) {
  if constexpr (std::is_same_v<To, From>) {
    if (ds == sizeof(To) && ss == sizeof(From)) {
      std::memcpy(d, s, size_t(n) * sizeof(To));
      return;
    }
  }
  for (int64_t k = 0; k < n; ++k, d += ds, s += ss) store(d, cast_value<To>(load<From>(s)));
}

void copy_raw(const Array& dst, const Array& src) {
  std::array<char*, 2> base{dst.data(), src.data()};
  std::array<const Strides*, 2> st{&dst.strides, &src.strides};
  visit_dtype(dst.dtype, [&](auto dt) {
    using To = decltype(dt);
    visit_dtype(src.dtype, [&](auto sdt) {
      using From = decltype(sdt);
      for_each_strided<2>(dst.shape, base, st, [](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
        cast_loop<To, From>(p[0], s[0], p[1], s[1], n);
      });
    });
  });
}

}  // namespace

void copy_into(const Array& dst, const Array& src) {
  if (dst.storage == src.storage && solve_may_share_memory(dst, src, 1) != MemOverlap::No) {
    ArrayPtr tmp = copy_array(src, 'C');
    copy_raw(dst, *tmp);
    return;
  }
  copy_raw(dst, src);
}

ArrayPtr copy_array(const Array& src, char order) { return copy_as(src, src.dtype, order); }

ArrayPtr copy_as(const Array& src, DType dtype, char order) {
  if (order == 'A') order = src.f_contiguous() && !src.c_contiguous() ? 'F' : 'C';
  if (order == 'K') order = src.f_contiguous() && !src.c_contiguous() ? 'F' : 'C';
  ArrayPtr out = make_array(dtype, src.shape, order, src.flavor == Flavor::Torch ? Flavor::Torch : Flavor::NumPy);
  copy_raw(*out, src);
  return out;
}

void fill(const Array& dst, DType dt, const void* value) {
  const char* v = static_cast<const char*>(value);
  std::array<char*, 1> base{dst.data()};
  std::array<const Strides*, 1> st{&dst.strides};
  visit_dtype(dst.dtype, [&](auto t) {
    using To = decltype(t);
    To x = load_as<To>(dt, v);
    for_each_strided<1>(dst.shape, base, st, [x](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t n) {
      char* d = p[0];
      for (int64_t k = 0; k < n; ++k, d += s[0]) store(d, x);
    });
  });
}

}  // namespace sl

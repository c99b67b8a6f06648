// element: loading, storing and converting single elements with NumPy's cast
// semantics, for code that works one element at a time (printing, indexing,
// the interpreter's scalars). Bulk work goes through kernels/.
//
// Float -> integer casts never trap (wasm's trunc would on NaN or overflow):
// out-of-range values give the integer type's minimum for 64-bit results, as
// NumPy does on x86-64, and wrap modulo 2^bits otherwise.
#pragma once
#include <cmath>
#include <cstring>
#include <type_traits>

#include "core/model/dtype.hpp"

namespace sl {

template <class T> struct is_complex_t : std::false_type {};
template <class T> struct is_complex_t<std::complex<T>> : std::true_type {};

template <class To, class From>
inline To cast_value(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_same_v<From, half>) {
    return cast_value<To>(float(v));
  } else if constexpr (std::is_same_v<To, half>) {
    if constexpr (is_complex_t<From>::value) return half(double(v.real()));
    else if constexpr (std::is_same_v<From, bool>) return half(v ? 1.0f : 0.0f);
    else return half(double(v));
  } else if constexpr (is_complex_t<From>::value) {
    if constexpr (is_complex_t<To>::value) return To(typename To::value_type(v.real()), typename To::value_type(v.imag()));
    else return cast_value<To>(v.real());
  } else if constexpr (is_complex_t<To>::value) {
    return To(typename To::value_type(cast_value<typename To::value_type>(v)), 0);
  } else if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else if constexpr (std::is_floating_point_v<From> && std::is_integral_v<To>) {
    // Saturate-free, trap-free: NaN/out of range -> INT64_MIN pattern, then wrap.
    if (!(v > -9.3e18 && v < 9.3e18)) return To(int64_t(INT64_MIN));
    if constexpr (std::is_unsigned_v<To> && sizeof(To) == 8) {
      if (v >= 9.2233720368547758e18) return To(uint64_t(v));
    }
    return To(int64_t(v));
  } else {
    return To(v);
  }
}

template <class T>
inline T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
// A bool element is one byte, and dtype views (int8 -> bool, torch uint8 ->
// bool) can leave any byte there; NumPy and PyTorch read nonzero as True.
// Copying a byte other than 0 / 1 into a C++ bool is undefined (UBSan, found
// by fuzz_eval), so bool loads test the byte.
template <>
inline bool load<bool>(const char* p) {
  return *reinterpret_cast<const unsigned char*>(p) != 0;
}
template <class T>
inline void store(char* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

template <class To>
inline To load_as(DType dt, const char* p) {
  return visit_dtype(dt, [&](auto t) -> To { return cast_value<To>(load<decltype(t)>(p)); });
}
template <class From>
inline void store_as(DType dt, char* p, From v) {
  visit_dtype(dt, [&](auto t) { store(p, cast_value<decltype(t)>(v)); });
}

}  // namespace sl

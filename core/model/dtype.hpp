// dtype: the element types an array can hold, their properties, and the one
// place where a runtime DType becomes a C++ type (visit_dtype).
//
// Invariant: itemsize(dt) == sizeof(ctype_t<dt>) for every numeric dtype; float16 is a
// 2-byte struct with IEEE binary16 round-to-nearest-even conversions.
//
// Note [Flexible dtypes]: Str ('U', UCS-4), Bytes ('S') and Void ('V', raw bytes
// and structured records) have no fixed size: their itemsize and fields live in
// a Descr (core/model/descr.hpp) held next to the tag by the array. They come after
// the numeric tags, so every table indexed by a numeric tag (kNumDTypes rows)
// stays as it is; visit_dtype raises for them, so no numeric kernel ever sees one.
#pragma once
#include <complex>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/model/error.hpp"

namespace sl {

enum class DType : uint8_t { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64, C64, C128, Str, Bytes, Void };
constexpr int kNumDTypes = 14;  // the numeric tags; Str/Bytes/Void follow (Note [Flexible dtypes])
inline bool is_flexible(DType dt) { return int(dt) >= kNumDTypes; }
// The error every numeric-only path raises for a flexible dtype.
[[noreturn]] void raise_flexible(DType dt);

// IEEE 754 binary16 (NumPy's float16 / torch.float16), stored as bits.
struct half {
  uint16_t bits = 0;
  half() = default;
  explicit half(float f) : bits(from_float(f)) {}
  explicit half(double d) : bits(from_double(d)) {}
  operator float() const { return to_float(bits); }
  static half from_bits(uint16_t b) { half h; h.bits = b; return h; }

  static float to_float(uint16_t h) {
    uint32_t sign = uint32_t(h & 0x8000) << 16;
    uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff, f;
    if (exp == 0) {
      if (mant == 0) {
        f = sign;
      } else {  // subnormal: normalise
        int e = -1;
        do { mant <<= 1; ++e; } while (!(mant & 0x400));
        f = sign | uint32_t(127 - 15 - e) << 23 | (mant & 0x3ff) << 13;
      }
    } else if (exp == 31) {
      f = sign | 0x7f800000u | mant << 13;
    } else {
      f = sign | (exp + 127 - 15) << 23 | mant << 13;
    }
    float out;
    std::memcpy(&out, &f, 4);
    return out;
  }
  // Direct double -> half rounding (NumPy's npy_double_to_half): rounding through
  // float first would round twice.
  static uint16_t from_double(double d) {
    uint64_t x;
    std::memcpy(&x, &d, 8);
    uint16_t sign = uint16_t((x >> 48) & 0x8000);
    uint64_t exp = (x >> 52) & 0x7ff;
    uint64_t mant = x & 0xfffffffffffffull;
    if (exp == 0x7ff) {
      if (mant == 0) return sign | 0x7c00;
      uint16_t m = uint16_t(mant >> 42);
      return sign | 0x7c00 | (m ? m : 1) | 0x200;
    }
    int e = int(exp) - 1023 + 15;
    if (e >= 31) return sign | 0x7c00;  // overflow -> inf
    uint64_t full = mant | (exp ? (1ull << 52) : 0);
    int shift;
    if (e <= 0) {  // subnormal half (or zero)
      if (e < -10) return sign;  // rounds to zero (below half of smallest subnormal)
      shift = 42 + 1 - e;
      uint64_t m = full >> shift;
      uint64_t rem = full & ((1ull << shift) - 1), halfway = 1ull << (shift - 1);
      if (rem > halfway || (rem == halfway && (m & 1))) ++m;
      return sign | uint16_t(m);
    }
    shift = 42;
    uint64_t m = (full >> shift) & 0x3ff;
    uint64_t rem = full & ((1ull << shift) - 1), halfway = 1ull << (shift - 1);
    uint32_t out = uint32_t(e) << 10 | uint32_t(m);
    if (rem > halfway || (rem == halfway && (out & 1))) ++out;  // may carry into exponent: correct
    return sign | uint16_t(out);
  }
  static uint16_t from_float(float f) {
    return from_double(double(f));  // float -> double is exact, so one rounding
  }
};

using c64 = std::complex<float>;
using c128 = std::complex<double>;

template <DType D> struct ctype;
template <> struct ctype<DType::Bool> { using type = bool; };
template <> struct ctype<DType::I8> { using type = int8_t; };
template <> struct ctype<DType::I16> { using type = int16_t; };
template <> struct ctype<DType::I32> { using type = int32_t; };
template <> struct ctype<DType::I64> { using type = int64_t; };
template <> struct ctype<DType::U8> { using type = uint8_t; };
template <> struct ctype<DType::U16> { using type = uint16_t; };
template <> struct ctype<DType::U32> { using type = uint32_t; };
template <> struct ctype<DType::U64> { using type = uint64_t; };
template <> struct ctype<DType::F16> { using type = half; };
template <> struct ctype<DType::F32> { using type = float; };
template <> struct ctype<DType::F64> { using type = double; };
template <> struct ctype<DType::C64> { using type = c64; };
template <> struct ctype<DType::C128> { using type = c128; };
template <DType D> using ctype_t = typename ctype<D>::type;

template <class T> struct dtype_of;
#define SL_DTYPE_OF(T, D) template <> struct dtype_of<T> { static constexpr DType value = DType::D; };
SL_DTYPE_OF(bool, Bool) SL_DTYPE_OF(int8_t, I8) SL_DTYPE_OF(int16_t, I16) SL_DTYPE_OF(int32_t, I32)
SL_DTYPE_OF(int64_t, I64) SL_DTYPE_OF(uint8_t, U8) SL_DTYPE_OF(uint16_t, U16) SL_DTYPE_OF(uint32_t, U32)
SL_DTYPE_OF(uint64_t, U64) SL_DTYPE_OF(half, F16) SL_DTYPE_OF(float, F32) SL_DTYPE_OF(double, F64)
SL_DTYPE_OF(c64, C64) SL_DTYPE_OF(c128, C128)
#undef SL_DTYPE_OF

// Calls f(T{}) with T the C type of dt: the one dtype switch.
template <class F>
decltype(auto) visit_dtype(DType dt, F&& f) {
  switch (dt) {
    case DType::Bool: return f(bool{});
    case DType::I8: return f(int8_t{});
    case DType::I16: return f(int16_t{});
    case DType::I32: return f(int32_t{});
    case DType::I64: return f(int64_t{});
    case DType::U8: return f(uint8_t{});
    case DType::U16: return f(uint16_t{});
    case DType::U32: return f(uint32_t{});
    case DType::U64: return f(uint64_t{});
    case DType::F16: return f(half{});
    case DType::F32: return f(float{});
    case DType::F64: return f(double{});
    case DType::C64: return f(c64{});
    case DType::C128: break;
    case DType::Str:
    case DType::Bytes:
    case DType::Void: raise_flexible(dt);
  }
  return f(c128{});
}

struct DTypeInfo {
  const char* name;       // "float32"
  const char* torch_name; // "float32" (torch.float32); "bool", "uint8", "complex64"...
  char kind;              // 'b' 'i' 'u' 'f' 'c' ('U' 'S' 'V' for the flexible tags)
  char chr;               // NumPy type char: '?' 'b' 'h' 'i' 'l' 'B' 'H' 'I' 'L' 'e' 'f' 'd' 'F' 'D'
  int itemsize;           // 0 for the flexible tags: their size is in the Descr
};

inline const DTypeInfo& info(DType dt) {
  static const DTypeInfo table[kNumDTypes + 3] = {
      {"bool", "bool", 'b', '?', 1},         {"int8", "int8", 'i', 'b', 1},
      {"int16", "int16", 'i', 'h', 2},       {"int32", "int32", 'i', 'i', 4},
      {"int64", "int64", 'i', 'l', 8},       {"uint8", "uint8", 'u', 'B', 1},
      {"uint16", "uint16", 'u', 'H', 2},     {"uint32", "uint32", 'u', 'I', 4},
      {"uint64", "uint64", 'u', 'L', 8},     {"float16", "float16", 'f', 'e', 2},
      {"float32", "float32", 'f', 'f', 4},   {"float64", "float64", 'f', 'd', 8},
      {"complex64", "complex64", 'c', 'F', 8}, {"complex128", "complex128", 'c', 'D', 16},
      {"str", "str", 'U', 'U', 0},             {"bytes", "bytes", 'S', 'S', 0},
      {"void", "void", 'V', 'V', 0},
  };
  return table[int(dt)];
}
inline int itemsize(DType dt) { return info(dt).itemsize; }
inline const char* name(DType dt) { return info(dt).name; }
inline bool is_bool(DType dt) { return dt == DType::Bool; }
inline bool is_signed_int(DType dt) { return info(dt).kind == 'i'; }
inline bool is_unsigned_int(DType dt) { return info(dt).kind == 'u'; }
inline bool is_integer(DType dt) { char k = info(dt).kind; return k == 'i' || k == 'u'; }
inline bool is_float(DType dt) { return info(dt).kind == 'f'; }
inline bool is_complex(DType dt) { return info(dt).kind == 'c'; }
inline bool is_inexact(DType dt) { return is_float(dt) || is_complex(dt); }
// The range of an integer dtype as int64 (uint64's max is clipped to INT64_MAX,
// the largest value an int64 holds); for other dtypes the int64 range.
int64_t int_min_of(DType dt);
int64_t int_max_of(DType dt);

// Parses "float32", "f4", "<i4", "int", "float", "complex", "bool", "i8", "uint8"...
// Returns false when the name is not a dtype.
bool parse_dtype(std::string_view s, DType& out);

// NumPy's promotion table (np.result_type of two dtypes).
DType promote(DType a, DType b);
// The complex dtype whose parts are dt (float32 -> complex64); the real part dtype of a complex.
DType to_complex(DType dt);
DType real_part(DType dt);
// np.can_cast(from, to, casting='safe')
bool can_cast_safe(DType from, DType to);

// ---- c10's ScalarType rules (c10/core/ScalarType.h), beside NumPy's above ----
// The torch name of a dtype in messages: Float, Long, Bool, ComplexFloat, ...
const char* torch_type_name(DType dt);
// c10::promoteTypes: bool below everything, floats over integers, a complex
// wide enough for the float; two integers by NumPy's table (uint8 + int8 -> int16).
DType torch_promote(DType a, DType b);
// c10::canCast: no complex -> real, float -> integral or non-bool -> bool.
bool torch_can_cast(DType from, DType to);

}  // namespace sl

// kernels/simd: the one place that decides whether the kernels use xsimd.
//
// SL_SIMD is 1 when a SIMD instruction set xsimd can target is enabled: WASM
// SIMD (-msimd128 defines __wasm_simd128__) or SSE2 and up natively. Under
// Emscripten xsimd always selects its wasm backend, which does not compile
// without -msimd128, so a wasm build without SIMD (the scalar comparison build)
// must not include xsimd at all: every kernel keeps a scalar path and uses its
// batch path only `#if SL_SIMD`.
//
// xsimd 13.2 pitfalls this project works around (toolchain.md): `neq` on
// batch_bool<float/double> is wrong on wasm (we never compare masks with !=, we
// xor them); min/max use pmin/pmax there, so NaN handling depends on argument
// order (the kernels use explicit compare + select instead); no fused
// multiply-add (we never ask for one, so results match the scalar loops bit for bit).
#pragma once
#include <cstdint>
#include <type_traits>

#include "core/model/dtype.hpp"

#if defined(__wasm_simd128__) || (!defined(__EMSCRIPTEN__) && (defined(__SSE2__) || defined(__ARM_NEON)))
#define SL_SIMD 1
#include <xsimd/xsimd.hpp>
#else
#define SL_SIMD 0
#endif

namespace sl::simd {

// The element types that have xsimd batches (bool, float16 and complex do not
// take the batch path: bool and half are computed element by element, complex
// with NumPy's own formulas).
template <class T>
inline constexpr bool batchable =
    std::is_same_v<T, float> || std::is_same_v<T, double> ||
    (std::is_integral_v<T> && !std::is_same_v<T, bool>);

// Name of the instruction set the kernels were compiled for ("wasm", "sse2",
// "avx2", ... or "scalar"), for tests and the about box.
inline const char* arch_name() {
#if SL_SIMD
  return xsimd::default_arch::name();
#else
  return "scalar";
#endif
}

}  // namespace sl::simd

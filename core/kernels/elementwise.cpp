#include "core/kernels/elementwise.hpp"

#include <cstring>

#include "core/element.hpp"
#include "core/iter.hpp"
#include "core/kernels/ops.hpp"

namespace sl {

namespace {

// The element types of one loop of Op on inputs of storage type T: computed in
// C (float for float16), result R, stored as O (float16 again when the
// inputs were float16 and the result is a float).
template <class Op, class C, int Nin> struct ResultOf { using type = decltype(Op::f(C{}, C{})); };
template <class Op, class C> struct ResultOf<Op, C, 1> { using type = decltype(Op::f(C{})); };
template <class Op, class T, int Nin>
struct LoopTypes {
  using C = ops::compute_t<T>;
  using R = typename ResultOf<Op, C, Nin>::type;
  using O = std::conditional_t<ops::is_half<T> && std::is_same_v<R, float>, half, R>;
};

#if SL_SIMD
// Stores a batch result: values directly, comparison masks as one bool byte per lane.
template <class T, class O, class V>
inline void store_batch(char* o, int64_t i, const V& r) {
  if constexpr (std::is_same_v<O, bool>) {
    constexpr int64_t W = xsimd::batch<T>::size;
    uint64_t m = r.mask();
    for (int64_t k = 0; k < W; ++k) o[i + k] = char((m >> k) & 1);
  } else {
    r.store_unaligned(reinterpret_cast<O*>(o) + i);
  }
}

// The batch loop of a binary op: both inputs contiguous, or one contiguous and
// the other a broadcast scalar (stride 0), output contiguous. Returns how many
// elements it did (a multiple of the batch width); the caller does the tail.
template <class Op, class T, class O>
int64_t binary_batches(char* o, int64_t so, const char* a, int64_t sa, const char* b, int64_t sb, int64_t n) {
  using B = xsimd::batch<T>;
  constexpr int64_t W = B::size;
  constexpr int64_t st = sizeof(T);
  if (so != int64_t(sizeof(O)) || n < W) return 0;
  const T* pa = reinterpret_cast<const T*>(a);
  const T* pb = reinterpret_cast<const T*>(b);
  int64_t i = 0;
  if (sa == st && sb == st) {
    for (; i + W <= n; i += W) store_batch<T, O>(o, i, Op::v(B::load_unaligned(pa + i), B::load_unaligned(pb + i)));
  } else if (sa == st && sb == 0) {
    const B vb(load<T>(b));
    for (; i + W <= n; i += W) store_batch<T, O>(o, i, Op::v(B::load_unaligned(pa + i), vb));
  } else if (sa == 0 && sb == st) {
    const B va(load<T>(a));
    for (; i + W <= n; i += W) store_batch<T, O>(o, i, Op::v(va, B::load_unaligned(pb + i)));
  }
  return i;
}

template <class Op, class T, class O>
int64_t unary_batches(char* o, int64_t so, const char* a, int64_t sa, int64_t n) {
  using B = xsimd::batch<T>;
  constexpr int64_t W = B::size;
  if (so != int64_t(sizeof(O)) || sa != int64_t(sizeof(T)) || n < W) return 0;
  const T* pa = reinterpret_cast<const T*>(a);
  int64_t i = 0;
  for (; i + W <= n; i += W) store_batch<T, O>(o, i, Op::v(B::load_unaligned(pa + i)));
  return i;
}
#endif

// One 1-D run: the batch loop where it applies, then the scalar loop.
template <class Op, class T>
void binary_run(char* o, int64_t so, const char* a, int64_t sa, const char* b, int64_t sb, int64_t n) {
  using L = LoopTypes<Op, T, 2>;
  using C = typename L::C;
  using O = typename L::O;
  int64_t i = 0;
#if SL_SIMD
  if constexpr (Op::template vec<T>) i = binary_batches<Op, T, O>(o, so, a, sa, b, sb, n);
#endif
  o += i * so;
  a += i * sa;
  b += i * sb;
  for (; i < n; ++i, o += so, a += sa, b += sb) store(o, O(Op::f(C(load<T>(a)), C(load<T>(b)))));
}

template <class Op, class T>
void unary_run(char* o, int64_t so, const char* a, int64_t sa, int64_t n) {
  using L = LoopTypes<Op, T, 1>;
  using C = typename L::C;
  using O = typename L::O;
  int64_t i = 0;
#if SL_SIMD
  if constexpr (Op::template vec<T>) i = unary_batches<Op, T, O>(o, so, a, sa, n);
#endif
  o += i * so;
  a += i * sa;
  for (; i < n; ++i, o += so, a += sa) store(o, O(Op::f(C(load<T>(a)))));
}

template <class Op, int Nin>
uint32_t loops_of() {
  uint32_t m = 0;
  for (int d = 0; d < kNumDTypes; ++d)
    visit_dtype(DType(d), [&](auto t) {
      if constexpr (Op::template ok<decltype(t)>) m |= 1u << d;
    });
  return m;
}

template <class Op, int Nin>
DType output_of(DType in) {
  return visit_dtype(in, [&](auto t) -> DType {
    using T = decltype(t);
    if constexpr (Op::template ok<T>) return dtype_of<typename LoopTypes<Op, T, Nin>::O>::value;
    else return in;
  });
}

template <class Op, int Nin>
void run_dispatch(DType in, char* o, int64_t so, const char* a, int64_t sa, const char* b, int64_t sb, int64_t n) {
  visit_dtype(in, [&](auto t) {
    using T = decltype(t);
    if constexpr (Op::template ok<T>) {
      if constexpr (Nin == 2) binary_run<Op, T>(o, so, a, sa, b, sb, n);
      else unary_run<Op, T>(o, so, a, sa, n);
    } else {
      runtime_error(std::string("internal error: no ") + name(in) + " loop");
    }
  });
}

template <class Op, int Nin>
void strided_dispatch(DType in, const Shape& shape, const std::array<char*, 3>& ptrs,
                      const std::array<const Strides*, 3>& strides) {
  visit_dtype(in, [&](auto t) {
    using T = decltype(t);
    if constexpr (Op::template ok<T>) {
      if constexpr (Nin == 2) {
        for_each_strided<3>(shape, ptrs, strides, [](std::array<char*, 3>& p, const std::array<int64_t, 3>& s, int64_t n) {
          binary_run<Op, T>(p[0], s[0], p[1], s[1], p[2], s[2], n);
        });
      } else {
        std::array<char*, 2> p2{ptrs[0], ptrs[1]};
        std::array<const Strides*, 2> s2{strides[0], strides[1]};
        for_each_strided<2>(shape, p2, s2, [](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
          unary_run<Op, T>(p[0], s[0], p[1], s[1], n);
        });
      }
    } else {
      runtime_error(std::string("internal error: no ") + name(in) + " loop");
    }
  });
}

}  // namespace

const char* ufunc_name(Ufunc op) {
  switch (op) {
#define SL_X(id, fn, nin, nm) case Ufunc::id: return nm;
    SL_UFUNC_LIST(SL_X)
#undef SL_X
    default: break;
  }
  return "?";
}

int ufunc_nin(Ufunc op) {
  switch (op) {
#define SL_X(id, fn, nin, nm) case Ufunc::id: return nin;
    SL_UFUNC_LIST(SL_X)
#undef SL_X
    default: break;
  }
  return 0;
}

uint32_t ufunc_loops(Ufunc op) {
  switch (op) {
#define SL_X(id, fn, nin, nm) case Ufunc::id: { static const uint32_t m = loops_of<ops::fn, nin>(); return m; }
    SL_UFUNC_LIST(SL_X)
#undef SL_X
    default: break;
  }
  return 0;
}

DType ufunc_loop_output(Ufunc op, DType in) {
  switch (op) {
#define SL_X(id, fn, nin, nm) case Ufunc::id: return output_of<ops::fn, nin>(in);
    SL_UFUNC_LIST(SL_X)
#undef SL_X
    default: break;
  }
  return in;
}

void run_ufunc_loop(Ufunc op, DType in, const Shape& shape, const std::array<char*, 3>& ptrs,
                    const std::array<const Strides*, 3>& strides) {
  switch (op) {
#define SL_X(id, fn, nin, nm) case Ufunc::id: return strided_dispatch<ops::fn, nin>(in, shape, ptrs, strides);
    SL_UFUNC_LIST(SL_X)
#undef SL_X
    default: break;
  }
}

void run_ufunc_run(Ufunc op, DType in, char* out, int64_t so, const char* a, int64_t sa, const char* b, int64_t sb,
                   int64_t n) {
  switch (op) {
#define SL_X(id, fn, nin, nm) case Ufunc::id: return run_dispatch<ops::fn, nin>(in, out, so, a, sa, b, sb, n);
    SL_UFUNC_LIST(SL_X)
#undef SL_X
    default: break;
  }
}

}  // namespace sl

#include "core/kernels/elementwise.hpp"

#include <cstring>

#include "core/model/element.hpp"
#include "core/model/iter.hpp"
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
  // Ops whose float16 loop breaks ties differently (ops.hpp: maximum, fmin, ...).
  if constexpr (ops::is_half<T> && requires { Op::half_f(0.0f, 0.0f); }) {
    for (; i < n; ++i, o += so, a += sa, b += sb) store(o, O(Op::half_f(C(load<T>(a)), C(load<T>(b)))));
    return;
  }
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
  // Ops whose float16 loop differs from their float32 one (ops.hpp SL_NPY_UNARY).
  if constexpr (ops::is_half<T> && requires { Op::half_f(0.0f); }) {
    for (; i < n; ++i, o += so, a += sa) store(o, O(Op::half_f(C(load<T>(a)))));
    return;
  }
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

// Every (op, dtype) loop is one function of this type, and one table lookup
// picks it: the strided walk (the shared iterator) is compiled once and calls
// the loop per inner run, instead of being instantiated for each of the
// ~700 loops (that alone was a third of the engine's code).
using LoopFn = void (*)(char* o, int64_t so, const char* a, int64_t sa, const char* b, int64_t sb, int64_t n);

template <class Op, int Nin, class T>
void loop_of(char* o, int64_t so, const char* a, int64_t sa, const char* b, int64_t sb, int64_t n) {
  if constexpr (Nin == 2) binary_run<Op, T>(o, so, a, sa, b, sb, n);
  else unary_run<Op, T>(o, so, a, sa, n);
}

template <class Op, int Nin>
LoopFn loop_fn(DType in) {
  return visit_dtype(in, [&](auto t) -> LoopFn {
    using T = decltype(t);
    if constexpr (Op::template ok<T>) return &loop_of<Op, Nin, T>;
    else return nullptr;
  });
}

LoopFn ufunc_loop_fn(Ufunc op, DType in) {
  switch (op) {
#define SL_X(id, fn, nin, nm) case Ufunc::id: return loop_fn<ops::fn, nin>(in);
    SL_UFUNC_LIST(SL_X)
#undef SL_X
    default: break;
  }
  return nullptr;
}

LoopFn checked_loop_fn(Ufunc op, DType in) {
  LoopFn f = ufunc_loop_fn(op, in);
  if (!f) runtime_error(std::string("internal error: no ") + name(in) + " loop");
  return f;
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
  const LoopFn f = checked_loop_fn(op, in);
  const int64_t osz = itemsize(ufunc_loop_output(op, in));
  if (ufunc_nin(op) == 2) {
    for_each_strided_any_order<3>(shape, ptrs, strides, osz, [f](std::array<char*, 3>& p, const std::array<int64_t, 3>& s, int64_t n) {
      f(p[0], s[0], p[1], s[1], p[2], s[2], n);
    });
  } else {
    std::array<char*, 2> p2{ptrs[0], ptrs[1]};
    std::array<const Strides*, 2> s2{strides[0], strides[1]};
    for_each_strided_any_order<2>(shape, p2, s2, osz, [f](std::array<char*, 2>& p, const std::array<int64_t, 2>& s, int64_t n) {
      f(p[0], s[0], p[1], s[1], nullptr, 0, n);
    });
  }
}

void run_ufunc_run(Ufunc op, DType in, char* out, int64_t so, const char* a, int64_t sa, const char* b, int64_t sb,
                   int64_t n) {
  checked_loop_fn(op, in)(out, so, a, sa, b, sb, n);
}

}  // namespace sl

// kernels/matmul: C = A @ B on strided operands -- the packed, cache-blocked,
// register-blocked float32/float64 kernel (xsimd) and a generic loop for every
// other dtype.
//
// Invariant: the kernels only read the elements the operand layouts address
// and only write the output's elements; operands may have any byte strides
// (negative, zero, unaligned); the output must not overlap the inputs (callers
// go through a temporary when it may).
#pragma once
#include <cstdint>

#include "core/model/array.hpp"

namespace sl {

// C[M,N] = A[M,K] @ B[K,N] for one matrix of T = float or double. Strides are
// in bytes. K == 0 writes zeros.
template <class T>
void gemm(int64_t M, int64_t N, int64_t K, const char* A, int64_t a_rs, int64_t a_cs, const char* B, int64_t b_rs,
          int64_t b_cs, char* C, int64_t c_rs, int64_t c_cs);

// The batched matrix product on already-broadcast operands of one dtype:
// a is (batch..., M, K), b is (batch..., K, N) and out is (batch..., M, N),
// all with the same batch shape (broadcast batch axes have stride 0) and the
// same dtype. Integers wrap like NumPy's, bool is OR of ANDs, float16
// accumulates in float32 and rounds once, complex uses the plain formula.
void matmul_kernel(const Array& a, const Array& b, const Array& out);

// The naive triple loop for float/double (sum over k in order, from 0), the
// reference the tests compare gemm against.
template <class T>
void gemm_reference(int64_t M, int64_t N, int64_t K, const char* A, int64_t a_rs, int64_t a_cs, const char* B,
                    int64_t b_rs, int64_t b_cs, char* C, int64_t c_rs, int64_t c_cs);

}  // namespace sl

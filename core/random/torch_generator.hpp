// torch_random: PyTorch's CPU generator and the CPU sampling kernels, bit for bit.
//
// A TorchGenerator is ATen's CPUGeneratorImpl: an MT19937 seeded with the low
// 32 bits of a 64-bit seed (at::mt19937's init_with_uint32), the full seed kept
// for initial_seed(), and the one cached Box-Muller sample of
// at::normal_distribution<double>. random() is one 32-bit draw, random64() two
// (the first one the high word). Every fill below consumes draws in the order
// ATen's CPU kernels (aten/src/ATen/native/cpu/DistributionTemplates.h,
// DistributionKernels.cpp with CPU_CAPABILITY_AVX2, TensorFactories.cpp
// randperm_cpu, MultinomialKernel.cpp) do, so `torch.manual_seed(0);
// torch.randn(20)` prints what PyTorch 2.6 prints on an AVX2 CPU.
//
// Invariant: a fill writes every element of its (torch-flavoured) array and
// nothing else; elements are visited in memory order (TensorIterator's order
// for a nullary op), which is C order for a contiguous tensor.
#pragma once
#include <cstdint>
#include <optional>

#include "core/model/array.hpp"
#include "core/random/legacy.hpp"

namespace sl {

class TorchGenerator {
 public:
  static constexpr uint64_t kDefaultSeed = 67280421310721ULL;  // c10::detail::default_rng_seed_val
  TorchGenerator() { manual_seed(kDefaultSeed); }

  // CPUGeneratorImpl::set_current_seed: a fresh engine, no cached normal.
  void manual_seed(uint64_t seed);
  uint64_t initial_seed() const { return seed_; }

  uint32_t random() { return mt_.next32(); }
  uint64_t random64() {
    uint64_t hi = mt_.next32();
    return hi << 32 | mt_.next32();
  }
  // at::uniform_real_distribution<double>(0, 1): 53 random bits of random64().
  double uniform_double() { return double(random64() & ((uint64_t(1) << 53) - 1)) * (1.0 / 9007199254740992.0); }
  // at::uniform_real_distribution<float>(0, 1): 24 random bits of random().
  float uniform_float() { return float(random() & ((1u << 24) - 1)) * (1.0f / 16777216.0f); }
  // at::normal_distribution<double>(0, 1): Box-Muller, r = sqrt(-2 log1p(-u2)),
  // theta = 2 pi u1; returns r cos(theta) and keeps r sin(theta) for the next call.
  double standard_normal();

  // The state torch.get_state()/set_state() exchange: the MT words, position
  // and the cached normal (stridelab's own layout, not ATen's byte format).
  MT19937& engine() { return mt_; }

 private:
  MT19937 mt_;
  uint64_t seed_ = kDefaultSeed;
  std::optional<double> next_normal_;
};

// torch.default_generator (one per process in PyTorch; one per session here:
// Note [Session state], core/model/session_state.hpp).
TorchGenerator& torch_default_generator();

// Tensor.uniform_(from, to) (uniform_kernel): x = bits * 2^-digits, x * (to - from) + from
// in the dtype's accumulate type (float for float/half, double for double).
void torch_uniform_(Array& t, double from, double to, TorchGenerator& g);
// Tensor.normal_(mean, std) (normal_kernel): see the .cpp for the three paths.
void torch_normal_(Array& t, double mean, double std, TorchGenerator& g);
// Tensor.random_(from, to) (random_from_to_kernel): (draw % range) + base, the
// draw 64-bit for int64/float/double when range >= 2^32.
void torch_random_from_to_(Array& t, uint64_t range, int64_t base, TorchGenerator& g);
// Tensor.random_() (random_kernel): uniform on [0, 2^digits] (floats) or [0, max] (ints).
void torch_random_(Array& t, TorchGenerator& g);
// Tensor.bernoulli_(p) (bernoulli_scalar kernel, no MKL): u (53 bits) < p.
void torch_bernoulli_scalar_(Array& t, double p, TorchGenerator& g);
// Tensor.bernoulli_(p_tensor): p already broadcast to t's shape; u < p with u of
// 53 bits when p is double, 24 bits otherwise.
void torch_bernoulli_tensor_(Array& t, const Array& p, TorchGenerator& g);
// Tensor.exponential_(lambd) (exponential_kernel): -1/lambda * log(1 - u), u of 53 bits.
void torch_exponential_(Array& t, double lambd, TorchGenerator& g);
// torch.randperm(n) (randperm_cpu, n < 2^32/20): identity, then for i < n-1
// swap r[i] with r[i + random() % (n - i)].
ArrayPtr torch_randperm(int64_t n, DType dt, TorchGenerator& g);
// torch.multinomial with replacement (multinomial_with_replacement_kernel): per
// row, the normalised cumulative distribution (accumulate type), then per sample
// a binary search for the first bucket whose cdf reaches u (53 bits).
ArrayPtr torch_multinomial_replacement(const Array& probs, int64_t n, TorchGenerator& g);

}  // namespace sl

// fuzz_overlap: the exact overlap solver (core/model/overlap) against brute force.
//
// The input decodes into one small storage and two layouts over it (dtype /
// itemsize, 0-4 dims of 0-6 elements, byte strides including negative, zero
// and occasionally huge ones on length-1 axes, a byte offset). Layouts that
// make_view rejects (outside the storage) are skipped: that is the engine's
// invariant, not the solver's. For the others:
//   - solve_may_share_memory(a, b, -1 or a random budget): Yes / No must equal
//     the brute-force answer (do the byte sets of a and b intersect?);
//     TooHard / Overflow are allowed (the caller then answers "may share");
//   - solve_may_share_memory(a, b, 0) (np.may_share_memory) is never No when
//     the byte sets intersect;
//   - the answer is symmetric in (a, b) whenever both directions finish;
//   - solve_may_have_internal_overlap(a): Yes / No must equal "two different
//     index vectors reach a common byte".
// Any violation aborts with both layouts printed.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/model/array.hpp"
#include "core/model/error.hpp"
#include "core/model/overlap.hpp"

using namespace sl;

namespace {

constexpr DType kTypes[] = {DType::U8, DType::I16, DType::F32, DType::F64, DType::C128};

// One bit per storage byte (the storage is at most 96 bytes): the bytes an
// array touches, and whether two index vectors hit a common byte.
struct ByteSet {
  std::vector<uint8_t> hits;
  bool internal = false;
};

ByteSet bytes_of(const Array& a, int64_t nbytes) {
  ByteSet s;
  s.hits.assign(size_t(nbytes), 0);
  if (a.size() == 0) return s;
  std::vector<int64_t> idx(size_t(a.ndim()), 0);
  for (;;) {
    int64_t off = flat_offset(a, idx);
    for (int b = 0; b < a.itemsize(); ++b) {
      int64_t at = off + b;
      if (at < 0 || at >= nbytes) {
        std::fprintf(stderr, "make_view accepted a layout reaching byte %lld of %lld\n", (long long)at,
                     (long long)nbytes);
        std::abort();
      }
      if (s.hits[size_t(at)]) s.internal = true;
      s.hits[size_t(at)] = 1;
    }
    int k = a.ndim() - 1;
    for (; k >= 0; --k) {
      if (++idx[size_t(k)] < a.shape[size_t(k)]) break;
      idx[size_t(k)] = 0;
    }
    if (k < 0) break;
  }
  return s;
}

void dump(const char* what, const Array& a) {
  std::fprintf(stderr, "%s: itemsize %d offset %lld shape (", what, a.itemsize(), (long long)a.offset);
  for (auto d : a.shape) std::fprintf(stderr, "%lld,", (long long)d);
  std::fprintf(stderr, ") strides (");
  for (auto d : a.strides) std::fprintf(stderr, "%lld,", (long long)d);
  std::fprintf(stderr, ")\n");
}

[[noreturn]] void fail(const char* msg, const Array& a, const Array& b) {
  std::fprintf(stderr, "fuzz_overlap: %s\n", msg);
  dump("a", a);
  dump("b", b);
  std::abort();
}

ArrayPtr decode_view(FuzzedDataProvider& in, const ArrayPtr& owner) {
  DType dt = in.PickValueInArray(kTypes);
  int nd = in.ConsumeIntegralInRange(0, 4);
  Shape shape(static_cast<size_t>(nd));
  Strides strides(static_cast<size_t>(nd));
  int isz = itemsize(dt);
  for (int k = 0; k < nd; ++k) {
    shape[size_t(k)] = in.ConsumeIntegralInRange(0, 6);
    int mode = in.ConsumeIntegralInRange(0, 7);
    if (mode == 7) {
      strides[size_t(k)] = in.ConsumeIntegral<int64_t>();  // only valid when shape[k] <= 1
    } else if (mode >= 5) {
      strides[size_t(k)] = int64_t(in.ConsumeIntegralInRange(-3, 3)) * isz;  // element multiples
    } else {
      strides[size_t(k)] = in.ConsumeIntegralInRange(-24, 24);
    }
  }
  int64_t offset = in.ConsumeIntegralInRange<int64_t>(0, owner->storage->nbytes());
  try {
    return make_view(owner, dt, shape, strides, offset);
  } catch (const PyError&) {
    return nullptr;
  }
}

bool intersects(const ByteSet& x, const ByteSet& y) {
  for (size_t i = 0; i < x.hits.size(); ++i)
    if (x.hits[i] && y.hits[i]) return true;
  return false;
}

bool finished(MemOverlap r) { return r == MemOverlap::Yes || r == MemOverlap::No; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider in(data, size);
  int64_t nbytes = in.ConsumeIntegralInRange(1, 96);
  ArrayPtr owner = make_array(DType::U8, {nbytes});
  ArrayPtr a = decode_view(in, owner);
  ArrayPtr b = decode_view(in, owner);
  int64_t budget = in.ConsumeBool() ? -1 : in.ConsumeIntegralInRange<int64_t>(1, 2000);
  if (!a || !b) return 0;

  ByteSet sa = bytes_of(*a, nbytes), sb = bytes_of(*b, nbytes);
  bool truth = intersects(sa, sb);

  MemOverlap r = solve_may_share_memory(*a, *b, budget);
  if (r == MemOverlap::Yes && !truth) fail("shares_memory says Yes, brute force says No", *a, *b);
  if (r == MemOverlap::No && truth) fail("shares_memory says No, brute force says Yes", *a, *b);
  if (budget == -1 && r == MemOverlap::TooHard) fail("unbounded search reported TooHard", *a, *b);

  MemOverlap r2 = solve_may_share_memory(*b, *a, budget);
  if (finished(r) && finished(r2) && r != r2) fail("shares_memory is not symmetric", *a, *b);

  MemOverlap m = solve_may_share_memory(*a, *b, 0);
  if (m == MemOverlap::No && truth) fail("may_share_memory says No for intersecting arrays", *a, *b);
  if (m == MemOverlap::Yes && !truth) fail("may_share_memory says Yes for disjoint arrays", *a, *b);

  MemOverlap ia = solve_may_have_internal_overlap(*a, budget);
  if (ia == MemOverlap::Yes && !sa.internal) fail("internal overlap Yes, brute force No", *a, *a);
  if (ia == MemOverlap::No && sa.internal) fail("internal overlap No, brute force Yes", *a, *a);
  return 0;
}

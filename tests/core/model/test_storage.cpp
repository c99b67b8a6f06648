// Storage (core/model/storage): alignment, zeroed bytes, unique ids and the live-byte
// accounting the inspector reads, including storages kept alive only by views.
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>

#include "core/model/array.hpp"
#include "core/model/error.hpp"
#include "core/model/storage.hpp"

using namespace sl;

TEST_CASE("allocate: 16-byte aligned, zeroed, sized; 0 bytes is a valid block", "[storage]") {
  std::set<uint64_t> ids;
  for (int64_t n : {0, 1, 7, 16, 1000, 1 << 20}) {
    auto s = Storage::allocate(n);
    REQUIRE(s->data() != nullptr);
    CHECK(reinterpret_cast<uintptr_t>(s->data()) % 16 == 0);
    CHECK(s->nbytes() == n);
    bool zero = true;
    for (int64_t i = 0; i < n; ++i) zero = zero && s->data()[i] == 0;
    CHECK(zero);
    CHECK(ids.insert(s->id()).second);
  }
}

TEST_CASE("live bytes and counts follow every storage's lifetime, views included", "[storage]") {
  const int64_t bytes0 = Storage::live_bytes(), count0 = Storage::live_count();
  {
    auto s = Storage::allocate(4096);
    CHECK(Storage::live_bytes() == bytes0 + 4096);
    CHECK(Storage::live_count() == count0 + 1);
    CHECK(Storage::peak_bytes() >= Storage::live_bytes());
  }
  CHECK(Storage::live_bytes() == bytes0);
  CHECK(Storage::live_count() == count0);
  // A small view keeps its whole parent storage alive (seed 001).
  ArrayPtr v;
  {
    ArrayPtr a = make_array(DType::F64, {1000});
    v = make_view(a, DType::F64, {10}, {8}, 0);
  }
  CHECK(Storage::live_bytes() == bytes0 + 8000);
  v.reset();
  CHECK(Storage::live_bytes() == bytes0);
}

TEST_CASE("an allocation that cannot be satisfied is a MemoryError", "[storage]") {
  try {
    Storage::allocate(int64_t(1) << 62);
    FAIL("allocated 2**62 bytes");
  } catch (const PyError& e) {
    CHECK(e.type.find("MemoryError") != std::string::npos);
  }
}

#include "core/model/storage.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#include "core/model/error.hpp"

namespace sl {

// The whole module's (Note [Session state]): Session::heap_stats reports the
// module's heap, and a storage id, like CPython's id(), only has to be unique.
namespace {
int64_t g_live_bytes = 0, g_live_count = 0, g_peak_bytes = 0;
uint64_t g_next_id = 1;
}  // namespace

std::shared_ptr<Storage> Storage::allocate(int64_t nbytes, bool zeroed) {
  if (nbytes < 0) value_error("negative dimensions are not allowed");
  // size_t is 32 bits in wasm32: a request that does not fit must fail here,
  // never be truncated into a smaller allocation.
  if (uint64_t(nbytes) > uint64_t(SIZE_MAX) - 64 || uint64_t(nbytes) > (uint64_t(1) << 62))
    raise("MemoryError", "out of memory");
  // Always allocate at least 16 bytes so data() is a real, aligned address.
  size_t n = size_t(nbytes < 16 ? 16 : nbytes);
  void* p = zeroed ? std::calloc(n, 1) : std::malloc(n);
  // glibc's malloc aligns to 16; emscripten's to 8 only. Then the block comes
  // from aligned_alloc instead (its size a multiple of the alignment; free()
  // releases either kind), zeroed by hand.
  if (p && reinterpret_cast<uintptr_t>(p) % 16 != 0) {
    std::free(p);
    size_t rounded = (n + 15) / 16 * 16;
    p = std::aligned_alloc(16, rounded);
    if (p && zeroed) std::memset(p, 0, rounded);
  }
  if (!p) raise("MemoryError", "out of memory");
  return std::shared_ptr<Storage>(new Storage(static_cast<char*>(p), nbytes));
}

Storage::Storage(char* data, int64_t nbytes) : data_(data), nbytes_(nbytes), id_(g_next_id++) {
  g_live_bytes += nbytes;
  ++g_live_count;
  if (g_live_bytes > g_peak_bytes) g_peak_bytes = g_live_bytes;
}

std::shared_ptr<Storage> Storage::borrow(char* data, int64_t nbytes, std::shared_ptr<void> owner) {
  static char empty[16];
  auto s = std::shared_ptr<Storage>(new Storage(data ? data : empty, nbytes));
  s->owner_ = std::move(owner);
  return s;
}

Storage::~Storage() {
  if (!owner_) std::free(data_);
  g_live_bytes -= nbytes_;
  --g_live_count;
}

int64_t Storage::live_bytes() { return g_live_bytes; }
int64_t Storage::live_count() { return g_live_count; }
int64_t Storage::peak_bytes() { return g_peak_bytes; }

}  // namespace sl

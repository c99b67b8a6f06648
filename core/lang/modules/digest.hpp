// digest: the message digests hashlib offers (hashlib_module.cpp) and the
// checksums binascii and zlib share (crc32), written here from their
// standards: MD5 (RFC 1321), SHA-1 and SHA-2 (FIPS 180-4), SHA-3 and SHAKE
// (FIPS 202), BLAKE2b/BLAKE2s (RFC 7693), CRC-32 (ISO 3309 / ITU-T V.42, the
// zlib polynomial). Written
// here rather than linked: each is a page of arithmetic, and OpenSSL (what
// CPython's _hashlib wraps) would add far more to the wasm download than
// the five algorithms are.
// Invariant: a Digest is a pure function of the bytes fed to it; digest()
// does not disturb the running state (it finishes a copy).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace sl::lang {

class Digest {
 public:
  virtual ~Digest() = default;
  virtual void update(std::string_view data) = 0;
  // The digest of what was fed so far; `length` is the output size of an
  // extendable-output function (SHAKE), ignored by the fixed-size ones.
  virtual std::string digest(size_t length = 0) const = 0;
  virtual std::unique_ptr<Digest> clone() const = 0;
  virtual size_t digest_size() const = 0;  // 0 for SHAKE (its output is as long as asked)
  virtual size_t block_size() const = 0;
};

// A new digest by hashlib's name ("md5", "sha256", "sha3_512", "shake_128");
// nullptr for a name not implemented.
std::unique_ptr<Digest> make_digest(const std::string& name);

// BLAKE2b (big) or BLAKE2s with RFC 7693's parameter block: digest size
// (1..64 / 1..32), key (<= 64 / 32 bytes), salt and personalisation (<= 16 / 8),
// the tree parameters; the caller checks the ranges.
struct Blake2Params {
  size_t digest_size;
  std::string key, salt, person;
  unsigned fanout = 1, depth = 1, node_depth = 0, inner_size = 0;
  uint32_t leaf_size = 0;
  uint64_t node_offset = 0;
  bool last_node = false;
};
std::unique_ptr<Digest> make_blake2(bool big, const Blake2Params& p);

// CRC-32 of data continuing from `crc` (0 to start), as zlib's crc32.
uint32_t crc32_update(uint32_t crc, std::string_view data);

}  // namespace sl::lang

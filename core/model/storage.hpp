// storage: refcounted bytes and the allocation accounting the inspector reads.
//
// A Storage is a fixed-size block of bytes owned by exactly one allocation; it
// knows its size and nothing about dtypes, shapes or views (PyTorch's
// StorageImpl split). Arrays and tensors hold it through shared_ptr, so the bytes
// live exactly as long as some array can reach them: a 10-element slice of an
// 800 MB array keeps all 800 MB alive (seed 001).
//
// A borrowed Storage (Storage::borrow) addresses bytes that another object owns
// (a Python bytes or bytearray under np.frombuffer): it never frees them and
// holds `owner` alive instead, so the bytes outlive every array over them.
//
// Invariants: data() is non-null and, unless borrowed, 16-byte aligned, even for 0 bytes; the
// bytes are zero-initialised (except with allocate(n, false), whose caller
// writes every byte before anything can read them: kernel results, Note
// [Uninitialised results] in kernels/copy.cpp); live_bytes() is the sum of nbytes() of every
// Storage alive right now.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

namespace sl {

class Storage {
 public:
  // Allocates nbytes zeroed bytes (uninitialised when !zeroed); throws
  // PyError("MemoryError") when it cannot.
  static std::shared_ptr<Storage> allocate(int64_t nbytes, bool zeroed = true);
  // nbytes at `data`, which `owner` keeps valid for as long as it lives (the
  // interpreter's buffer export: core/lang/objects/bytes.hpp, Note [Buffer exports]).
  static std::shared_ptr<Storage> borrow(char* data, int64_t nbytes, std::shared_ptr<void> owner);
  const std::shared_ptr<void>& owner() const { return owner_; }  // null unless borrowed
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  char* data() const { return data_; }
  int64_t nbytes() const { return nbytes_; }
  uint64_t id() const { return id_; }  // stable, unique per session of the process

  // Accounting over every live Storage.
  static int64_t live_bytes();
  static int64_t live_count();
  static int64_t peak_bytes();

  // Note [Version counter]: PyTorch's VariableVersion (c10/core/TensorImpl.h),
  // bumped by every in-place write through a tensor and shared by a view and
  // its base. Every tensor that aliases these bytes as a view or a detach()
  // shares PyTorch's counter, so the counter lives with the bytes; autograd
  // compares it with the value a saved tensor had when it was saved. Writes
  // through a NumPy alias do not bump it, as in PyTorch. One tensor breaks the
  // rule: `x.data` shares x's bytes but gets a counter of its own, starting at 0
  // (TensorImpl::variable_data), so writes through it stay unseen by autograd --
  // the hazard `.data` is known for. Such a tensor keeps its counter in
  // Array::own_version; read and bump through Array::version()/bump_version().
  uint32_t version() const { return version_; }
  void bump_version() { ++version_; }

 private:
  explicit Storage(char* data, int64_t nbytes);
  char* data_;
  int64_t nbytes_;
  uint64_t id_;
  uint32_t version_ = 0;
  std::shared_ptr<void> owner_;
};

using StoragePtr = std::shared_ptr<Storage>;

}  // namespace sl

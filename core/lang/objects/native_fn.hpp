// native_fn: the callable type of the interpreter's native functions and
// methods (NativeFn, ArrayMethod).
//
// Note [Native callables]
// Most native functions are plain functions; the rest are lambdas with a few
// captured values (a name, an op, a type). std::function gives each of the
// ~250 lambda types a class of its own with six virtual members (call, two
// clones, destroy, destroy-and-free, destructor; two more with RTTI), none of
// them run after start-up but the call; replacing it with Fn took 44 KB off
// the wasm code (README "Download size"). Fn is what the interpreter needs
// and no more:
//   - a plain function, or a lambda without captures (convertible to one), is
//     stored as the function pointer itself: no allocation, a direct call;
//   - a lambda with captures is moved once into a reference-counted block
//     holding two function pointers, call and destroy (two small functions
//     per lambda type); copies of the Fn share the block. Captured values are
//     never changed by a call (no lambda stored here is `mutable`), so sharing
//     them is indistinguishable from copying them.
// Invariant: a non-empty Fn has exactly one of fp_ and block_ set.
#pragma once
#include <cstddef>
#include <type_traits>
#include <utility>

namespace sl::lang {

template <class Sig>
class Fn;

template <class R, class... A>
class Fn<R(A...)> {
  using Ptr = R (*)(A...);
  struct Block {
    int refs;
    R (*call)(const Block*, A...);
    void (*destroy)(Block*);
  };
  template <class F>
  struct Holder : Block {
    F f;
    static R call_f(const Block* b, A... a) { return static_cast<const Holder*>(b)->f(std::forward<A>(a)...); }
    static void destroy_f(Block* b) { delete static_cast<Holder*>(b); }
    explicit Holder(F&& fn) : Block{1, &call_f, &destroy_f}, f(std::move(fn)) {}
  };

 public:
  Fn() = default;
  Fn(std::nullptr_t) {}
  Fn(Ptr p) : fp_(p) {}
  template <class F, class D = std::decay_t<F>,
            class = std::enable_if_t<!std::is_same_v<D, Fn> && !std::is_same_v<D, Ptr> && std::is_invocable_r_v<R, D&, A...>>>
  Fn(F&& f) {
    if constexpr (std::is_convertible_v<D, Ptr>) fp_ = static_cast<Ptr>(f);
    else block_ = new Holder<D>(D(std::forward<F>(f)));
  }
  Fn(const Fn& o) : fp_(o.fp_), block_(o.block_) {
    if (block_) ++block_->refs;
  }
  Fn(Fn&& o) noexcept : fp_(o.fp_), block_(o.block_) {
    o.fp_ = nullptr;
    o.block_ = nullptr;
  }
  Fn& operator=(Fn o) noexcept {
    std::swap(fp_, o.fp_);
    std::swap(block_, o.block_);
    return *this;
  }
  ~Fn() {
    if (block_ && --block_->refs == 0) block_->destroy(block_);
  }

  R operator()(A... a) const { return block_ ? block_->call(block_, std::forward<A>(a)...) : fp_(std::forward<A>(a)...); }
  explicit operator bool() const { return fp_ || block_; }

 private:
  Ptr fp_ = nullptr;
  Block* block_ = nullptr;
};

}  // namespace sl::lang

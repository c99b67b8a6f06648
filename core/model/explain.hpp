// explain: why an array is a view or a copy, as data.
//
// Owns: the explanation record (Explain) that the engine attaches to an array
// at the point where it decided between a view and a copy -- the rule id and
// the numbers that decided it -- and the run counter that says which records a
// run produced (one counter, with the kept program texts, per session: Note
// [Session state], core/model/session_state.hpp). The API layer (core/api/snapshot.cpp) serialises the records
// per variable; the page turns rule ids + facts into English or Chinese text
// (web/src/explain/messages.js). No layout rule is re-derived outside core/.
//
// Invariant: a record describes the operation that made the array it hangs on,
// with the layout of that operation's input as it was then (the facts are
// copied, never recomputed later). Recording never changes an array's layout,
// data or flags. Rule ids are stable API (docs/api.md lists them).
//
// Byte quantities (strides, offsets) are recorded in bytes, Note [Strides are
// bytes]; facts flagged `bytes` are shown in elements for tensors.
#pragma once
#include <cstdint>
#include <algorithm>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/array.hpp"
#include "core/model/session_state.hpp"

namespace sl {

// Note [Records without allocations]: a subscript such as `v = x[:, ::2]` makes
// a record every time it runs, so a record's numbers live in the record. An
// IntList keeps up to kInline values in the object itself and goes to the heap
// only beyond that (shapes and strides of more than 4 axes, long index shapes);
// rule ids are string literals (never copied); a word list such as the
// basic-index "components" is kept as indices into a static word table and
// joined only when the record is shown. A basic-index record then costs two
// allocations (the record, its facts) instead of ten.
class IntList {
 public:
  static constexpr uint32_t kInline = 4;
  IntList() = default;
  IntList(std::initializer_list<int64_t> v) { assign(v.begin(), v.size()); }
  IntList(const std::vector<int64_t>& v) { assign(v.data(), v.size()); }
  IntList(const IntList& o) { assign(o.data(), o.size()); }
  IntList(IntList&& o) noexcept { take(o); }
  IntList& operator=(const IntList& o) {
    if (this != &o) assign(o.data(), o.size());
    return *this;
  }
  IntList& operator=(IntList&& o) noexcept {
    if (this != &o) {
      release();
      take(o);
    }
    return *this;
  }
  IntList& operator=(const std::vector<int64_t>& v) {
    assign(v.data(), v.size());
    return *this;
  }
  ~IntList() { release(); }

  void assign(const int64_t* p, size_t n);
  void reserve(size_t n);
  void push_back(int64_t v) {
    if (n_ == cap_) reserve(size_t(cap_) * 2);
    data()[n_++] = v;
  }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  int64_t* data() { return cap_ > kInline ? heap_ : inline_; }
  const int64_t* data() const { return cap_ > kInline ? heap_ : inline_; }
  const int64_t* begin() const { return data(); }
  const int64_t* end() const { return data() + n_; }
  int64_t operator[](size_t k) const { return data()[k]; }
  std::span<const int64_t> span() const { return {data(), n_}; }
  std::vector<int64_t> vec() const { return {begin(), end()}; }
  friend bool operator==(const IntList& a, const std::vector<int64_t>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  void release() {
    if (cap_ > kInline) delete[] heap_;
    n_ = 0;
    cap_ = kInline;
  }
  void take(IntList& o) {  // *this is empty and inline
    if (o.cap_ > kInline) {
      heap_ = o.heap_;
      cap_ = o.cap_;
      n_ = o.n_;
      o.cap_ = kInline;
      o.n_ = 0;
    } else {
      assign(o.inline_, o.n_);
      o.n_ = 0;
    }
  }
  uint32_t n_ = 0, cap_ = kInline;
  union {
    int64_t inline_[kInline];
    int64_t* heap_;
  };
};

struct ExplainFact {
  const char* key;  // a string literal (every fact's name is one)
  IntList ints;     // one number (list == false) or a list; the word indices of a word list
  bool list = false;
  bool bytes = false;         // a byte quantity (a stride, an offset)
  std::string text;           // a word instead of numbers (a dtype, a flag) when ints is empty and !list
  const char* const* words = nullptr;  // set: the fact is text, words[ints[0]],words[ints[1]],...
  // The fact as text (its text, or its word list joined with ',').
  std::string str() const;
};

// Fact constructors for the one-line call sites.
ExplainFact fact(const char* key, int64_t v);
ExplainFact fact(const char* key, std::vector<int64_t> v);
ExplainFact fact(const char* key, std::string text);
ExplainFact byte_fact(const char* key, int64_t v);
ExplainFact byte_fact(const char* key, std::vector<int64_t> v);
// A list of words from a static table (`table[k]` for each k of `picks`), shown joined with ','.
ExplainFact word_fact(const char* key, const char* const* table, IntList picks);

enum class Verdict : uint8_t {
  View,   // new metadata over the input's bytes
  Copy,   // new bytes
  Same,   // the input object itself was returned
  Error,  // the operation refused (torch view); recorded as the run's failure
};

struct Explain {
  std::string_view rule;       // stable id, e.g. "reshape-copy" (a string literal)
  Verdict verdict = Verdict::View;
  IntList in_shape;            // the input's layout when the decision was made
  IntList in_strides;          // bytes
  int64_t in_offset = 0;       // bytes
  int in_itemsize = 1;
  IntList out_shape;           // the result's layout (for the earlier steps of a chain)
  IntList out_strides;
  int64_t out_offset = 0;
  bool torch = false;          // the input was a tensor (facts are shown in elements)
  std::vector<ExplainFact> facts;
  uint64_t run = 0;            // explain_run() when recorded
  int line = 0, end_line = 0;  // the program statement running then (0: unknown)
  // The input's own record when that was made in the same run: the earlier
  // steps of a chain such as a.T.reshape(12).
  std::shared_ptr<const Explain> input;
  int depth = 0;  // records behind this one through `input`
};
using ExplainPtr = std::shared_ptr<const Explain>;

// A record of `in` for `rule`, chained to in's own record of this run; a
// decision point that writes its facts into the record in place (Note
// [Records without allocations]) makes one, fills it, sets its output's
// layout with set_output and attaches it to the result (`out->why`).
std::shared_ptr<Explain> make_record(const Array& in, const char* rule, Verdict verdict,
                                     std::vector<ExplainFact> facts);
void set_output(Explain& e, const Array& out);

// Records why `out` was made from `in` and returns `out` (so a decision point
// can write `return explained(make_view(...), *a, "transpose", ...)`). `rule`
// is a string literal.
ArrayPtr explained(ArrayPtr out, const Array& in, const char* rule, Verdict verdict,
                   std::vector<ExplainFact> facts = {});

// The decision points' helpers: each computes its rule's facts.
// (Each op records its own rule: basic indexing in core/ops/views.cpp,
// advanced indexing in core/ops/index.cpp.)
struct ReshapeBlock;
// Facts of a reshape that could not be a view: the old axes of the block, their
// lengths and strides, where the nesting breaks and the product it needed.
std::vector<ExplainFact> reshape_block_facts(const Array& in, const ReshapeBlock& b, const Shape& new_shape);
// ascontiguousarray / Tensor.contiguous(): rule `already` when `out` is `in`
// (or a view of it), else rule `copied` with the axis where C-order
// contiguity breaks (both string literals, e.g. "contiguous-already").
ArrayPtr explain_contiguous(ArrayPtr out, const ArrayPtr& in, const char* already, const char* copied);

// A refusal (torch's view): kept until the next run starts, returned with the
// run's result since no array carries it.
void explain_failure(const Array& in, const char* rule, std::vector<ExplainFact> facts);
ExplainPtr explain_last_failure();

// Runs are numbered so the snapshot can say which records this run produced.
// The run's program text is kept (for the last kKeptSources runs) so a record
// can quote the statement that made it.
void explain_begin_run(const std::string& code = {});
uint64_t explain_run();
// Lines [line, end_line] of run `run`'s program, at most 3 lines of at most 200
// characters each ("" when that run's text is no longer kept).
std::string explain_source(uint64_t run, int line, int end_line);

// The program statement being run: the interpreter sets it before each
// statement of the user's program (not a frozen module's, so a record made
// inside torch.nn's Python names the user's line that called it).
namespace detail {
// A session's explanation state (a slot: Note [Session state]).
struct ExplainState {
  uint64_t run = 0;
  ExplainPtr failure;  // the last explain_failure's record
  std::vector<std::pair<uint64_t, std::string>> sources;  // (run, program text), oldest first
  int line = 0, end_line = 0;  // explain_at's statement
};
}  // namespace detail
inline void explain_at(int line, int end_line) {
  detail::ExplainState& s = session_state<detail::ExplainState>();
  s.line = line;
  s.end_line = end_line;
}

// Where C-order contiguity breaks, scanning from the last axis: the first axis
// k (length > 1) whose stride differs from the product of the itemsize and the
// lengths after it (flagsobject.c's rule). {-1, 0} when contiguous.
struct ContiguityBreak {
  int axis = -1;
  int64_t expected = 0;  // bytes
};
ContiguityBreak c_contiguity_break(const Array& a);

}  // namespace sl

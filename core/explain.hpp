// explain: why an array is a view or a copy, as data.
//
// Owns: the explanation record (Explain) that the engine attaches to an array
// at the point where it decided between a view and a copy -- the rule id and
// the numbers that decided it -- and the run counter that says which records a
// run produced. The API layer (core/api/snapshot.cpp) serialises the records
// per variable; the page turns rule ids + facts into English or Chinese text
// (web/src/explain-messages.js). No layout rule is re-derived outside core/.
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
#include <memory>
#include <string>
#include <vector>

#include "core/array.hpp"

namespace sl {

struct ExplainFact {
  const char* key;  // a string literal (every fact's name is one)
  std::vector<int64_t> ints;  // one number (list == false) or a list
  bool list = false;
  bool bytes = false;         // a byte quantity (a stride, an offset)
  std::string text;           // a word instead of numbers (a dtype, a flag) when ints is empty and !list
};

// Fact constructors for the one-line call sites.
ExplainFact fact(const char* key, int64_t v);
ExplainFact fact(const char* key, std::vector<int64_t> v);
ExplainFact fact(const char* key, std::string text);
ExplainFact byte_fact(const char* key, int64_t v);
ExplainFact byte_fact(const char* key, std::vector<int64_t> v);

enum class Verdict : uint8_t {
  View,   // new metadata over the input's bytes
  Copy,   // new bytes
  Same,   // the input object itself was returned
  Error,  // the operation refused (torch view); recorded as the run's failure
};

struct Explain {
  std::string rule;            // stable id, e.g. "reshape-copy"
  Verdict verdict = Verdict::View;
  Shape in_shape;              // the input's layout when the decision was made
  Strides in_strides;          // bytes
  int64_t in_offset = 0;       // bytes
  int in_itemsize = 1;
  Shape out_shape;             // the result's layout (for the earlier steps of a chain)
  Strides out_strides;
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

// Records why `out` was made from `in` and returns `out` (so a decision point
// can write `return explained(make_view(...), *a, "transpose", ...)`).
ArrayPtr explained(ArrayPtr out, const Array& in, const char* rule, Verdict verdict,
                   std::vector<ExplainFact> facts = {});

// The decision points' helpers: each computes its rule's facts.
struct IndexItem;
struct FancyIndexItem;
struct ReshapeBlock;
// a[idx], basic: per output axis the slice step and the parent stride it
// multiplies (stride = step x parent stride), and the bytes the offset moved.
ArrayPtr explain_basic_index(ArrayPtr out, const Array& in, const std::vector<IndexItem>& idx);
// a[idx] with an array in it: which index component made it advanced.
ArrayPtr explain_advanced_index(ArrayPtr out, const Array& in, const std::vector<FancyIndexItem>& idx);
// Facts of a reshape that could not be a view: the old axes of the block, their
// lengths and strides, where the nesting breaks and the product it needed.
std::vector<ExplainFact> reshape_block_facts(const Array& in, const ReshapeBlock& b, const Shape& new_shape);
// ascontiguousarray / Tensor.contiguous(): `op` + "-already" when `out` is
// `in` (or a view of it), else `op` + "-copy" with the axis where C-order
// contiguity breaks.
ArrayPtr explain_contiguous(ArrayPtr out, const ArrayPtr& in, const std::string& op);

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
inline int explain_line = 0;
inline int explain_end_line = 0;
}  // namespace detail
inline void explain_at(int line, int end_line) {
  detail::explain_line = line;
  detail::explain_end_line = end_line;
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

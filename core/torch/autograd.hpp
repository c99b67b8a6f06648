// autograd: what a torch tensor knows about the graph that produced it.
//
// PyTorch keeps an AutogradMeta next to each TensorImpl (c10/core/TensorImpl.h:
// autograd_meta_): requires_grad for leaves, grad_fn for results of recorded
// ops, .grad once a backward pass has written it. stridelab mirrors that split:
// Array::autograd is null for every tensor that neither requires grad nor was
// produced by a recorded op (all NumPy arrays, every tensor under no_grad), so
// the memory model pays nothing for it.
//
// What is recorded is what printing and introspection show: each op's node
// name as PyTorch 2.6 prints it (`grad_fn=<AddmmBackward0>`), the nodes of its
// inputs (`grad_fn.next_functions`), requires_grad / is_leaf propagation, grad
// mode (torch.no_grad, inference_mode, set_grad_enabled) and the in-place
// rules (a leaf that requires grad refuses in-place writes; an in-place op on
// a non-leaf becomes its new grad_fn; writing into a view rebases the view's
// base onto CopySlices). Each node also holds what its backward formula
// needs (SavedTensor, the op's scalars and sizes); core/torch/backward.hpp
// runs the pass.
//
// Invariants: a tensor with a grad_fn is not a leaf and requires grad; a leaf
// requires grad exactly when requires_grad is set; only floating and complex
// tensors require grad; nothing is recorded while grad mode is off; a record
// is never shared between tensor objects (Note [Autograd state is per tensor]).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/model/array.hpp"

namespace sl {

// One recorded op: torch's Node (torch/csrc/autograd/function.h). name is what
// PyTorch 2.6 prints ("AddmmBackward0"); next holds the nodes of the inputs
// as grad_fn.next_functions shows them, in argument order: the input's grad_fn,
// its AccumulateGrad node for a leaf that requires grad, null otherwise.
// A tensor a node saved for its backward: torch's SavedVariable
// (torch/csrc/autograd/saved_variable.h). An input is held as the tensor
// itself (the error names its grad_fn as it is when backward runs); the
// node's own output is held as an alias without autograd record, so no
// reference cycle runs output -> grad_fn -> output. version is the storage's
// version at save time (Note [Version counter], core/model/storage.hpp).
struct SavedTensor {
  ArrayPtr data;           // null when nothing was saved, after release, or when a pack hook holds it
  // torch.autograd.graph.saved_tensors_hooks: what pack_hook returned, and the
  // unpack_hook that gives the tensor back (SavedVariable's hooks_)
  std::shared_ptr<void> packed;
  std::function<ArrayPtr(const std::shared_ptr<void>&)> unpack_hook;
  uint32_t version = 0;
  bool is_output = false;
  bool was_saved = false;  // distinguishes "released" from "never saved"
  // The user's statement that saved it (explain_at's line, of run `run`): the
  // inspector says which line's op keeps these bytes alive.
  int line = 0;
  uint64_t run = 0;
};

// A hook on a tensor's gradient (Tensor.register_hook): called with the
// gradient before the node that consumes it runs; a non-null result replaces
// it. id is the handle's, for remove().
using GradHook = std::function<ArrayPtr(const ArrayPtr&)>;
struct HookEntry {
  int64_t id = 0;
  GradHook fn;
};

struct GradNode : std::enable_shared_from_this<GradNode> {
  std::string name;
  std::vector<std::shared_ptr<GradNode>> next;
  std::weak_ptr<Array> variable;  // AccumulateGrad: the leaf it accumulates into
  // Order in the engine's ready queue (PyTorch's sequence_nr: later nodes run
  // first; AccumulateGrad has the largest value).
  uint64_t sequence_nr = 0;
  // The tensor this node's incoming gradient is for (torch's InputMetadata):
  // a gradient of another shape is summed to it, of another dtype cast.
  Shape in_shape;
  DType in_dtype = DType::F32;
  // What the formula needs (core/torch/derivatives.hpp names each slot per op).
  std::vector<SavedTensor> saved;
  std::vector<double> scalars;   // alpha, exponent
  std::vector<int64_t> ints;     // dims
  std::vector<Shape> sizes;      // input shapes (self.sizes(), other.sizes())
  std::vector<DType> dtypes;     // input dtypes
  bool keepdim = false;
  bool wrapped_other = false;    // saved[1] is a Python number the op wrapped (cast to the gradient's dtype)
  bool has_state = false;        // the formula's state was recorded (else backward is unsupported)
  bool released = false;         // saved tensors freed by a backward without retain_graph
  std::weak_ptr<Array> retains_grad;  // a non-leaf result whose retain_grad() was called
  // A non-leaf's hooks (torch's tensor_pre_hooks of its grad_fn), in
  // registration order; they run before retain_grad's, which runs last.
  std::vector<HookEntry> pre_hooks;
  // A node whose formula its creator supplies (a torch.autograd.Function's
  // backward, PyFunction): the gradients of the inputs from the gradient of
  // the output, null where none; `owner` is the creator's object (the
  // Function's ctx, which Python sees as grad_fn), kept alive by the node.
  std::function<std::vector<ArrayPtr>(const ArrayPtr&)> custom;
  std::shared_ptr<void> owner;
  // CopySlices: the in-place op it applies to the view's part of the base
  // (sizes {base, view}, ints {offset, strides...} in elements of a contiguous base).
  std::shared_ptr<GradNode> wrapped;
  // A long chain (a loop of y = y + x) is released without recursion.
  ~GradNode();
};
using GradNodePtr = std::shared_ptr<GradNode>;

struct AutogradMeta {
  bool requires_grad = false;   // meaningful for leaves; results derive it from grad_fn
  bool is_parameter = false;    // torch.nn.Parameter: prints "Parameter containing:"
  GradNodePtr grad_fn;          // null for leaves
  GradNodePtr grad_accumulator; // a leaf's AccumulateGrad node, made on first use
  ArrayPtr grad;                // .grad, null until something assigns it
  // A leaf's register_hook hooks (its AccumulateGrad runs them before
  // accumulating) and register_post_accumulate_grad_hook hooks (called with
  // the leaf once its .grad is accumulated; their result is ignored).
  std::vector<HookEntry> hooks;
  std::vector<HookEntry> post_accumulate_hooks;
};

inline bool requires_grad(const Array& a) { return a.autograd && (a.autograd->requires_grad || a.autograd->grad_fn); }
inline bool is_leaf(const Array& a) { return !a.autograd || !a.autograd->grad_fn; }
inline bool is_parameter(const Array& a) { return a.autograd && a.autograd->is_parameter; }
inline AutogradMeta& autograd_meta(Array& a) {
  if (!a.autograd) a.autograd = std::make_shared<AutogradMeta>();
  return *a.autograd;
}

// Grad mode: PyTorch's thread-local GradMode / InferenceMode for the one
// Python thread a session has; grad_mode() is the running session's (Note
// [Session state], core/model/session_state.hpp).
struct GradMode {
  bool enabled = true;
  bool inference = false;
};
GradMode& grad_mode();
// torch.autograd.set_detect_anomaly / detect_anomaly (torch/csrc/autograd/anomaly_mode.h),
// per session: with check_nan, the engine refuses a backward output holding a NaN.
struct AnomalyMode {
  bool enabled = false;
  bool check_nan = true;
};
AnomalyMode& anomaly_mode();

// Whether a tensor of this dtype may require grad (floating and complex only).
bool differentiable_dtype(DType dt);

// The node an input contributes to next_functions (grad_fn, AccumulateGrad, or null).
GradNodePtr gradient_edge(const ArrayPtr& input);

// Records an out-of-place op: when grad mode is on and some input requires
// grad, `out` (a tensor the op made, not one of its inputs) gets grad_fn =
// node(name, edges of the inputs). Integer and bool results are never
// recorded. Returns whether it recorded.
bool record_op(const std::string& name, const std::vector<ArrayPtr>& inputs, Array& out);
// The same with the node's edges given (a composite whose node PyTorch
// wires to intermediate nodes: linear's addmm takes weight.t()).
bool record_op_edges(const std::string& name, const std::vector<ArrayPtr>& inputs, std::vector<GradNodePtr> next,
                     Array& out);
GradNodePtr make_grad_node(const std::string& name, std::vector<GradNodePtr> next);
// The next sequence number (a process-wide counter: only the order of nodes
// within one graph matters, and it only grows).
uint64_t next_sequence_nr();
// The saved-tensor hooks installed by torch.autograd.graph.saved_tensors_hooks,
// innermost last (the running session's; PyTorch keeps them thread-local).
struct SavedTensorHooks {
  std::function<std::shared_ptr<void>(const ArrayPtr&)> pack;
  std::function<ArrayPtr(const std::shared_ptr<void>&)> unpack;
};
std::vector<SavedTensorHooks>& saved_tensor_hooks();
// Saves `t` into node.saved[slot] with its current version (or, under
// saved_tensors_hooks, what the innermost pack hook returns for it).
// hookable=false: a Python number the op wrapped (PyTorch saves it as a Scalar, which no hook sees).
void save_tensor(GradNode& node, size_t slot, const ArrayPtr& t, bool is_output, bool hookable = true);
// The name PyTorch gives saved slot `slot` of `node` (grad_fn._saved_<name>):
// "self", "other", "result", "mat2", "target", ... ("saved_tensors[i]" for a
// torch.autograd.Function's ctx).
std::string saved_slot_name(const GradNode& node, size_t slot);

// Note [Write log]
// The "modified by an inplace operation" error names two versions; what
// learners need is the two statements: the one that saved the tensor (its
// SavedTensor's line) and the one that wrote into it. Every user-visible
// in-place write bumps the storage's version through note_write, which also
// logs (per session, the last kMaxWrites) which statement wrote, with which
// op, through which tensor (a view of the saved one, often), and the version
// it left. The snapshot names the tensor by the variable holding it.
struct TensorWrite {
  uint64_t storage = 0;
  uint32_t version = 0;          // the storage's version after the write
  int line = 0;
  uint64_t run = 0;
  std::string op;                // "add_", "__setitem__", "mul_" ...
  std::weak_ptr<Array> via;      // the tensor written through
  Shape shape;                   // its shape then
  bool through_view = false;     // via was a view (it has a base)
};
constexpr size_t kMaxWrites = 256;
void note_write(const ArrayPtr& t, const std::string& op);
const std::vector<TensorWrite>& tensor_writes();

// The last version-check failure of the running session (unpack's RuntimeError):
// the saved slot it refused, both versions, and the writes between them.
struct VersionFailure {
  uint64_t run = 0;
  std::string node, slot;
  int saved_line = 0;
  uint64_t saved_run = 0;
  uint32_t saved_version = 0, version = 0;
  uint64_t storage = 0;
  Shape shape;
  DType dtype = DType::F32;
  std::vector<TensorWrite> writes;
};
void record_version_failure(const GradNode& node, size_t slot);
const VersionFailure* last_version_failure();  // null when none (in this session)

// The in-place rules (torch/csrc/autograd/VariableTypeUtils.h check_inplace,
// variable.cpp rebase_history), in two halves around the write:
// check_inplace refuses (RuntimeError, PyTorch's words) a write into a leaf
// that requires grad or into a view of one while grad mode is on;
// record_inplace then makes `name` self's new grad_fn when self or another
// input requires grad, and, when self is a view, gives its base the node
// CopySlices (which wraps `name`) and the view AsStridedBackward0 (the view
// re-derived from its rebased base).
void check_inplace(const Array& self);
void record_inplace(const std::string& name, const ArrayPtr& self, const std::vector<ArrayPtr>& others);
// Tensor.__setitem__: the write goes into a view of self (check_inplace on
// that view) and rebases self onto CopySlices.
void record_setitem(const ArrayPtr& self, const std::vector<ArrayPtr>& values);

}  // namespace sl

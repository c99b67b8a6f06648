// autograd: grad mode, the edges of recorded ops and the in-place rules (autograd.hpp).
#include "core/torch/autograd.hpp"

#include "core/model/error.hpp"
#include "core/model/explain.hpp"
#include "core/model/session_state.hpp"

namespace sl {

GradNode::~GradNode() {
  std::vector<std::shared_ptr<GradNode>> pending = std::move(next);
  while (!pending.empty()) {
    std::shared_ptr<GradNode> n = std::move(pending.back());
    pending.pop_back();
    if (n && n.use_count() == 1) {
      for (auto& c : n->next) pending.push_back(std::move(c));
      n->next.clear();
    }
  }
}

uint64_t next_sequence_nr() {
  static uint64_t n = 0;
  return n++;
}

void save_tensor(GradNode& node, size_t slot, const ArrayPtr& t, bool is_output, bool hookable) {
  if (node.saved.size() <= slot) node.saved.resize(slot + 1);
  SavedTensor& s = node.saved[slot];
  s.was_saved = true;
  s.is_output = is_output;
  s.version = t->version();
  s.line = session_state<detail::ExplainState>().line;
  s.run = explain_run();
  std::vector<SavedTensorHooks>& hooks = saved_tensor_hooks();
  if (hookable && !hooks.empty()) {
    // the pack hook runs with no hooks installed (what it saves is not packed again)
    struct Aside {
      std::vector<SavedTensorHooks>& live;
      std::vector<SavedTensorHooks> kept;
      explicit Aside(std::vector<SavedTensorHooks>& l) : live(l) { kept.swap(live); }
      ~Aside() { kept.swap(live); }
    } aside(hooks);
    const SavedTensorHooks& h = aside.kept.back();
    s.unpack_hook = h.unpack;
    s.packed = h.pack(t);
    s.data = nullptr;
    return;
  }
  // an output is held without its record (Note on SavedTensor, autograd.hpp)
  s.data = is_output ? std::make_shared<Array>(*t) : t;
}

namespace {
struct SavedHooksStack {
  std::vector<SavedTensorHooks> stack;
};
}  // namespace
std::vector<SavedTensorHooks>& saved_tensor_hooks() { return session_state<SavedHooksStack>().stack; }

GradMode& grad_mode() { return session_state<GradMode>(); }
AnomalyMode& anomaly_mode() { return session_state<AnomalyMode>(); }

bool differentiable_dtype(DType dt) { return is_float(dt) || is_complex(dt); }

GradNodePtr gradient_edge(const ArrayPtr& input) {
  if (!input || !requires_grad(*input)) return nullptr;
  AutogradMeta& m = *input->autograd;
  if (m.grad_fn) return m.grad_fn;
  // A leaf's AccumulateGrad node is made once and kept (torch's grad_accumulator_).
  if (!m.grad_accumulator) {
    m.grad_accumulator = std::make_shared<GradNode>();
    m.grad_accumulator->name = "torch::autograd::AccumulateGrad";
    m.grad_accumulator->variable = input;
    m.grad_accumulator->sequence_nr = UINT64_MAX;
    m.grad_accumulator->in_shape = input->shape;
    m.grad_accumulator->in_dtype = input->dtype;
  }
  return m.grad_accumulator;
}

GradNodePtr make_grad_node(const std::string& name, std::vector<GradNodePtr> next) {
  auto n = std::make_shared<GradNode>();
  n->name = name;
  n->next = std::move(next);
  n->sequence_nr = next_sequence_nr();
  return n;
}

namespace {

GradNodePtr make_node(const std::string& name, std::vector<GradNodePtr> next) { return make_grad_node(name, std::move(next)); }

bool any_requires_grad(const std::vector<ArrayPtr>& xs) {
  for (auto& x : xs)
    if (x && requires_grad(*x)) return true;
  return false;
}

}  // namespace

bool record_op(const std::string& name, const std::vector<ArrayPtr>& inputs, Array& out) {
  if (!grad_mode().enabled || grad_mode().inference || !differentiable_dtype(out.dtype)) return false;
  if (!any_requires_grad(inputs)) return false;
  std::vector<GradNodePtr> next;
  next.reserve(inputs.size());
  for (auto& x : inputs) next.push_back(gradient_edge(x));
  AutogradMeta& m = autograd_meta(out);
  m.grad_fn = make_node(name, std::move(next));
  m.grad_fn->in_shape = out.shape;
  m.grad_fn->in_dtype = out.dtype;
  m.requires_grad = false;  // derived from grad_fn from now on
  return true;
}

bool record_op_edges(const std::string& name, const std::vector<ArrayPtr>& inputs, std::vector<GradNodePtr> next,
                     Array& out) {
  if (!grad_mode().enabled || grad_mode().inference || !differentiable_dtype(out.dtype)) return false;
  if (!any_requires_grad(inputs)) return false;
  AutogradMeta& m = autograd_meta(out);
  m.grad_fn = make_node(name, std::move(next));
  m.grad_fn->in_shape = out.shape;
  m.grad_fn->in_dtype = out.dtype;
  m.requires_grad = false;
  return true;
}

void check_inplace(const Array& self) {
  if (!grad_mode().enabled || grad_mode().inference) return;
  if (requires_grad(self) && is_leaf(self))
    raise("RuntimeError", "a leaf Variable that requires grad is being used in an in-place operation.");
  if (self.base && self.base->is_torch() && requires_grad(*self.base) && is_leaf(*self.base))
    raise("RuntimeError", "a view of a leaf Variable that requires grad is being used in an in-place operation.");
}

void record_inplace(const std::string& name, const ArrayPtr& self, const std::vector<ArrayPtr>& others) {
  if (!grad_mode().enabled || grad_mode().inference || !differentiable_dtype(self->dtype)) return;
  const ArrayPtr& base = self->base && self->base->is_torch() ? self->base : nullptr;
  if (!requires_grad(*self) && !any_requires_grad(others) && !(base && requires_grad(*base))) return;
  std::vector<GradNodePtr> next{gradient_edge(self)};
  for (auto& x : others) next.push_back(gradient_edge(x));
  GradNodePtr op = make_node(name, std::move(next));
  op->in_shape = self->shape;
  op->in_dtype = self->dtype;
  if (!base) {
    AutogradMeta& m = autograd_meta(*self);
    m.grad_fn = op;
    m.requires_grad = false;
    return;
  }
  // rebase_history on a view: the base's history becomes CopySlices (the op
  // applied to the slice of the base the view covers) and the view is
  // re-derived from the base by as_strided.
  GradNodePtr copy_slices = make_node("torch::autograd::CopySlices", {gradient_edge(base)});
  copy_slices->next.insert(copy_slices->next.end(), op->next.begin() + 1, op->next.end());
  copy_slices->in_shape = base->shape;
  copy_slices->in_dtype = base->dtype;
  copy_slices->wrapped = op;
  if (base->c_contiguous() && base->storage == self->storage) {  // the view's place in its base, for the backward
    const int64_t e = self->itemsize();
    copy_slices->sizes = {base->shape, self->shape};
    copy_slices->ints = {(self->offset - base->offset) / e};
    for (int64_t st : self->strides) copy_slices->ints.push_back(st / e);
    copy_slices->has_state = true;
  }
  AutogradMeta& bm = autograd_meta(*base);
  bm.grad_fn = copy_slices;
  bm.requires_grad = false;
  AutogradMeta& vm = autograd_meta(*self);
  vm.grad_fn = make_node("AsStridedBackward0", {copy_slices});
  vm.requires_grad = false;
}

void record_setitem(const ArrayPtr& self, const std::vector<ArrayPtr>& values) {
  if (!grad_mode().enabled || grad_mode().inference || !differentiable_dtype(self->dtype)) return;
  if (!requires_grad(*self) && !any_requires_grad(values)) return;
  std::vector<GradNodePtr> next{gradient_edge(self)};
  for (auto& x : values) next.push_back(gradient_edge(x));
  AutogradMeta& m = autograd_meta(*self);
  m.grad_fn = make_node("torch::autograd::CopySlices", std::move(next));
  m.grad_fn->in_shape = self->shape;
  m.grad_fn->in_dtype = self->dtype;
  m.requires_grad = false;
}

}  // namespace sl

namespace sl {

namespace {
bool named(const std::string& n, std::initializer_list<const char*> names) {
  for (const char* x : names)
    if (n == x) return true;
  return false;
}
}  // namespace

// The slot layouts of core/lang/torch/backward.cpp and loss.cpp, in PyTorch's
// names (derivatives.yaml's argument names, `result` for the output).
std::string saved_slot_name(const GradNode& node, size_t slot) {
  const std::string& n = node.name;
  if (node.custom) return "saved_tensors[" + std::to_string(slot) + "]";
  if (n == "AddmmBackward0") return slot == 0 ? "mat1" : "mat2";
  if (n == "MmBackward0") return slot == 0 ? "self" : "mat2";
  if (n == "MvBackward0") return slot == 0 ? "self" : "vec";
  if (n == "DotBackward0") return slot == 0 ? "self" : "tensor";
  if (n == "SqueezeBackward4") return slot == 0 ? "self" : "other";
  if (n == "MaskedFillBackward0") return "mask";
  if (n == "MulBackward0" || n == "DivBackward0") return slot == 0 ? "self" : "other";
  if (n.find("Loss") != std::string::npos || named(n, {"BinaryCrossEntropyBackward0", "BinaryCrossEntropyWithLogitsBackward0"})) {
    const char* loss_slots[] = {"self", "target", "weight", n == "NllLossBackward0" ? "total_weight" : "pos_weight"};
    return slot < 4 ? loss_slots[slot] : "saved" + std::to_string(slot);
  }
  if (slot < node.saved.size() && node.saved[slot].is_output) return "result";
  return slot == 0 ? "self" : slot == 1 ? "other" : "saved" + std::to_string(slot);
}

namespace {
struct WriteLog {
  std::vector<TensorWrite> writes;  // oldest first, at most kMaxWrites
  VersionFailure failure;
  bool has_failure = false;
};
WriteLog& write_log() { return session_state<WriteLog>(); }
}  // namespace

void note_write(const ArrayPtr& t, const std::string& op) {
  if (!t || !t->storage) return;
  t->bump_version();
  std::vector<TensorWrite>& w = write_log().writes;
  if (w.size() >= kMaxWrites) w.erase(w.begin(), w.begin() + kMaxWrites / 2);
  w.push_back({t->storage->id(), t->version(), session_state<detail::ExplainState>().line, explain_run(), op, t, t->shape,
               t->base != nullptr});
}

const std::vector<TensorWrite>& tensor_writes() { return write_log().writes; }

void record_version_failure(const GradNode& node, size_t slot) {
  WriteLog& log = write_log();
  const SavedTensor& s = node.saved[slot];
  VersionFailure f;
  f.run = explain_run();
  f.node = node.name;
  f.slot = saved_slot_name(node, slot);
  f.saved_line = s.line;
  f.saved_run = s.run;
  f.saved_version = s.version;
  f.version = s.data->version();
  f.storage = s.data->storage->id();
  f.shape = s.data->shape;
  f.dtype = s.data->dtype;
  for (const TensorWrite& w : log.writes)
    if (w.storage == f.storage && w.version > f.saved_version && w.version <= f.version) f.writes.push_back(w);
  log.failure = std::move(f);
  log.has_failure = true;
}

const VersionFailure* last_version_failure() {
  WriteLog& log = write_log();
  return log.has_failure && log.failure.run == explain_run() ? &log.failure : nullptr;
}

}  // namespace sl

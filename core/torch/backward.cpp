// backward: PyTorch's engine loop over stridelab's graph (backward.hpp).
#include "core/torch/backward.hpp"

#include <cmath>
#include <map>
#include <queue>
#include <set>

#include "core/model/error.hpp"
#include "core/ops/copy.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"
#include "core/torch/derivatives.hpp"
#include "core/torch/views.hpp"

namespace sl {

namespace {

// Engine::evaluate_function's anomaly check (torch/csrc/autograd/engine.cpp):
// with anomaly mode and check_nan on, a node whose i-th gradient holds a NaN
// stops the backward pass, "Function 'DivBackward0' returned nan values in its
// 0th output."
void check_nan_outputs(const GradNode& fn, const std::vector<ArrayPtr>& outs) {
  for (size_t i = 0; i < outs.size(); ++i) {
    const ArrayPtr& g = outs[i];
    if (!g || !(is_float(g->dtype) || is_complex(g->dtype))) continue;
    const bool complex = is_complex(g->dtype);
    ArrayPtr d = copy_as(*g, complex ? DType::C128 : DType::F64, 'C');
    const double* p = reinterpret_cast<const double*>(d->data());
    const int64_t n = d->size() * (complex ? 2 : 1);
    for (int64_t k = 0; k < n; ++k)
      if (std::isnan(p[k]))
        raise("RuntimeError", "Function '" + fn.name + "' returned nan values in its " + std::to_string(i) + "th output.");
  }
}


// One ready node and the gradient summed for it (NodeTask + InputBuffer; a
// node here has one input, as every recorded op has one output).
struct Task {
  GradNodePtr fn;
  ArrayPtr grad;
};
// CompareNodeTaskTime for tasks of one reentrant depth: the larger sequence_nr runs first.
struct Later {
  bool operator()(const Task& a, const Task& b) const { return a.fn->sequence_nr < b.fn->sequence_nr; }
};

struct GraphTask {
  std::map<GradNode*, int> dependencies;
  std::map<GradNode*, ArrayPtr> not_ready;
  // exec_info: empty when every node runs; else which nodes run and which are captured
  std::set<GradNode*> needed, captured;
  bool filtered = false;
};

std::string shape_str(const Shape& s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i) r += (i ? ", " : "") + std::to_string(s[i]);
  return r + "]";
}

bool expandable_to(const Shape& from, const Shape& to) {
  if (from.size() > to.size()) return false;
  for (size_t i = 0; i < from.size(); ++i) {
    const int64_t f = from[from.size() - 1 - i], t = to[to.size() - 1 - i];
    if (f != t && f != 1) return false;
  }
  return true;
}

// validate_outputs: the gradient for `next` takes its shape and dtype.
ArrayPtr validate(const GradNode& fn, size_t i, ArrayPtr g) {
  const GradNode& next = *fn.next[i];
  if (g->shape != next.in_shape) {
    if (!expandable_to(next.in_shape, g->shape))
      raise("RuntimeError", "Function " + fn.name + " returned an invalid gradient at index " + std::to_string(i) + " - got " +
                                shape_str(g->shape) + " but expected shape compatible with " + shape_str(next.in_shape));
    g = sum_to(g, next.in_shape);
  }
  if (g->dtype != next.in_dtype) g = grad_cast(g, next.in_dtype);
  return g;
}

// compute_dependencies + init_to_execute: counts edges into each node, marks
// what runs when `targets` filter the pass, and refuses nodes without formula.
void prepare(GraphTask& task, const std::vector<GradNodePtr>& roots, const std::vector<GradNode*>& targets, bool accumulate,
             bool create_graph) {
  std::vector<GradNode*> order, stack;
  std::set<GradNode*> seen;
  for (auto& r : roots)
    if (r && seen.insert(r.get()).second) stack.push_back(r.get());
  for (auto& r : roots)
    if (r) ++task.dependencies[r.get()];  // the graph root's edges
  while (!stack.empty()) {
    GradNode* n = stack.back();
    stack.pop_back();
    order.push_back(n);
    for (auto& e : n->next) {
      if (!e) continue;
      ++task.dependencies[e.get()];
      if (seen.insert(e.get()).second) stack.push_back(e.get());
    }
  }
  if (!targets.empty()) {
    task.filtered = true;
    for (GradNode* t : targets) (accumulate ? task.needed : task.captured).insert(t);
    // a node runs when some node it feeds runs or is captured; iterate to a fixed point over the DAG
    for (bool changed = true; changed;) {
      changed = false;
      for (GradNode* n : order) {
        if (task.needed.count(n)) continue;
        for (auto& e : n->next)
          if (e && (task.needed.count(e.get()) || task.captured.count(e.get()))) {
            task.needed.insert(n);
            changed = true;
            break;
          }
      }
    }
  }
  for (GradNode* n : order) {
    if (task.filtered && !task.needed.count(n)) continue;
    for (GradNode* f = n; f; f = f->wrapped.get())
      if (f->name != "torch::autograd::AccumulateGrad" && !f->custom && (!has_formula(f->name) || !f->has_state))
        raise("NotImplementedError", "stridelab has no backward formula for " + f->name + " yet (issue 30)");
    // Note [Double backward]: a formula that would return a gradient without its graph
    if (create_graph && n->name != "torch::autograd::AccumulateGrad" && !n->custom && !differentiable_formula(n->name))
      raise("NotImplementedError", "stridelab cannot record the backward of " + n->name + " yet (create_graph=True, issue 30)");
  }
}

// The retain_grad() hook on a non-leaf's grad_fn: the first gradient cloned, later ones added out of place.
void retain(GradNode& n, const ArrayPtr& g) {
  auto t = n.retains_grad.lock();
  if (!t || !g) return;
  AutogradMeta& m = autograd_meta(*t);
  m.grad = m.grad ? grad_add(m.grad, g) : grad_clone(g, false);
}

// can_accumulate_inplace (input_buffer.cpp): the only holder of a dense tensor and of its storage.
bool can_accumulate_inplace(const ArrayPtr& v) {
  if (v.use_count() != 1 || v->storage.use_count() != 1 || !v->c_contiguous()) return false;
  for (size_t i = 0; i < v->shape.size(); ++i)
    if (v->shape[i] != 1 && v->strides[i] == 0) return false;
  return true;
}

// InputBuffer::accumulate with grad mode off: old += new in place when old may be
// reused, else new += old, else a new sum (each bumps the version it writes).
// With grad mode on (create_graph) the sum is out of place and recorded.
ArrayPtr accumulate_buffer(ArrayPtr old, ArrayPtr g) {
  if (!old) return g;
  if (!g) return old;
  if (creating_graph()) return grad_add(old, g);
  const Shape out = broadcast_shapes_np({old->shape, g->shape});
  if (out == old->shape && old->dtype == g->dtype && can_accumulate_inplace(old)) {
    ufunc_call2(Ufunc::add, old, g, old);
    old->bump_version();
    return old;
  }
  if (out == g->shape && old->dtype == g->dtype && can_accumulate_inplace(g)) {
    ufunc_call2(Ufunc::add, g, old, g);
    g->bump_version();
    return g;
  }
  return t_add(old, g);
}

// The tensor pre-hooks of the gradient flowing into `fn` (a leaf's for its
// AccumulateGrad, else the node's), in order, each on the last one's result
// (call_tensor_pre_hooks, engine.cpp).
ArrayPtr run_pre_hooks(GradNode& fn, ArrayPtr g) {
  if (!g) return g;
  std::vector<HookEntry> hooks;  // a copy: a hook may remove itself
  if (fn.name == "torch::autograd::AccumulateGrad") {
    if (auto v = fn.variable.lock(); v && v->autograd) hooks = v->autograd->hooks;
  } else {
    hooks = fn.pre_hooks;
  }
  for (auto& h : hooks)
    if (ArrayPtr r = h.fn(g)) g = r;
  return g;
}

void release(GradNode& n) {
  if (n.wrapped) release(*n.wrapped);
  if (n.custom) n.released = true;  // a Function's ctx.saved_tensors refuses after the pass too
  if (n.saved.empty()) return;
  n.released = true;
  for (auto& s : n.saved) {
    s.data = nullptr;
    s.packed = nullptr;
  }
}

}  // namespace

void accumulate_grad(Array& variable, ArrayPtr g) {
  AutogradMeta& m = autograd_meta(variable);
  if (creating_graph()) {  // grad mode on: a clone of the first gradient, then out-of-place sums, both recorded
    m.grad = m.grad ? grad_add(m.grad, g) : grad_clone(g, true);
    return;
  }
  if (!m.grad) {
    // obeys_layout_contract: the variable's strides (where a size is not 1), or contiguous
    bool same = g.use_count() == 1 && g->shape == variable.shape && variable.c_contiguous();
    for (size_t i = 0; same && i < g->shape.size(); ++i)
      same = g->shape[i] == 1 ? g->strides[i] != 0 : g->strides[i] == variable.strides[i];
    m.grad = same ? g : t_clone(g);
    return;
  }
  // variable_grad += new_grad: in place, so .grad keeps its storage (and its version moves)
  ufunc_call2(Ufunc::add, m.grad, g, m.grad);
  m.grad->bump_version();
}

std::vector<ArrayPtr> run_backward(const std::vector<ArrayPtr>& roots, const std::vector<ArrayPtr>& grads,
                                   const std::vector<ArrayPtr>& inputs, const BackwardOptions& opt) {
  GraphTask task;
  CreateGraphScope scope(opt.create_graph);
  std::vector<GradNodePtr> root_nodes;
  for (auto& r : roots) root_nodes.push_back(gradient_edge(r));
  std::vector<GradNode*> targets;
  for (auto& x : inputs) {
    GradNodePtr e = gradient_edge(x);
    targets.push_back(e.get());
    if (opt.accumulate_grad && e && !is_leaf(*x)) e->retains_grad = x;  // backward(inputs=[non-leaf]) retains its grad
  }
  prepare(task, root_nodes, targets, opt.accumulate_grad, opt.create_graph);
  std::vector<ArrayPtr> captured(inputs.size());
  std::priority_queue<Task, std::vector<Task>, Later> ready;
  // the graph root's outputs: each seed flows into its root's buffer
  for (size_t i = 0; i < root_nodes.size(); ++i) {
    GradNode* n = root_nodes[i].get();
    ArrayPtr g = grads[i];
    if (g->dtype != n->in_dtype) g = grad_cast(g, n->in_dtype);
    auto& buf = task.not_ready[n];
    buf = accumulate_buffer(std::move(buf), std::move(g));
    if (--task.dependencies[n] == 0) {
      ready.push({root_nodes[i], std::move(buf)});
      task.not_ready.erase(n);
    }
  }
  while (!ready.empty()) {
    Task t = ready.top();
    ready.pop();
    GradNode& fn = *t.fn;
    t.grad = run_pre_hooks(fn, std::move(t.grad));
    if (task.captured.count(&fn))
      for (size_t i = 0; i < inputs.size(); ++i)
        if (targets[i] == &fn) captured[i] = t.grad;
    if (task.filtered && !task.needed.count(&fn)) continue;
    retain(fn, t.grad);
    if (fn.name == "torch::autograd::AccumulateGrad") {
      if (auto v = fn.variable.lock(); v && t.grad) {
        accumulate_grad(*v, std::move(t.grad));
        std::vector<HookEntry> post = v->autograd->post_accumulate_hooks;
        for (auto& h : post) h.fn(v);
      }
      continue;
    }
    std::vector<ArrayPtr> outs = !t.grad ? std::vector<ArrayPtr>(fn.next.size())
                                 : fn.custom ? fn.custom(t.grad)
                                             : apply_formula(fn, t.grad);
    if (outs.size() != fn.next.size())  // a custom backward returned a gradient per input (checked by its creator)
      outs.resize(fn.next.size());
    if (anomaly_mode().enabled && anomaly_mode().check_nan) check_nan_outputs(fn, outs);
    t.grad = nullptr;
    if (!opt.keep_graph) release(fn);
    for (size_t i = 0; i < fn.next.size(); ++i) {
      if (!fn.next[i]) continue;
      GradNode* nx = fn.next[i].get();
      ArrayPtr g = outs[i] ? validate(fn, i, std::move(outs[i])) : nullptr;
      const bool is_ready = --task.dependencies[nx] == 0;
      auto it = task.not_ready.find(nx);
      ArrayPtr buf = it == task.not_ready.end() ? nullptr : it->second;
      if (it != task.not_ready.end()) task.not_ready.erase(it);
      buf = accumulate_buffer(std::move(buf), std::move(g));
      if (is_ready) ready.push({fn.next[i], std::move(buf)});
      else task.not_ready[nx] = std::move(buf);
    }
  }
  return captured;
}

}  // namespace sl

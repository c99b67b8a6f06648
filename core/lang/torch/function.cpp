// torch/function: the natives behind torch.autograd.Function
// (core/lang/frozen/torch.autograd.function.py), PyTorch's PyFunction node
// (torch/csrc/autograd/python_function.cpp: THPFunction_apply, _wrap_outputs).
//
// A Function's apply runs forward under no_grad, then, when grad mode is on
// and an input requires grad, records one node named "<ClassName>Backward"
// whose next edges are the tensor arguments' gradient edges (in argument
// order; other arguments take no edge), saves what ctx.save_for_backward was
// given (inputs as themselves, outputs as aliases, each with its version),
// and makes it the grad_fn of the differentiable outputs: a dirty input
// (mark_dirty) is rebased onto it in place, an input returned unmarked is
// aliased first, a new tensor is made non-leaf. The node's formula is the
// class's backward (GradNode::custom): it must return one value per forward
// argument, None where there is no gradient. The ctx object is the grad_fn
// Python sees (GradNode::owner); it reaches its node weakly, so the node ->
// ctx edge makes no cycle.
//
// Invariant: one differentiable output per node (the engine gives a node one
// incoming gradient); a second one raises NotImplementedError.
#include <cstdio>

#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/torch/autograd.hpp"
#include "core/torch/derivatives.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

using WeakNode = std::weak_ptr<GradNode>;

GradNodePtr node_of_handle(Interp& in, const Value& v) {
  auto* g = v.as<GenericObj>();
  if (!g || !g->native) in.raise_exc("TypeError", "expected a Function's node");
  GradNodePtr n = static_cast<WeakNode*>(g->native.get())->lock();
  if (!n) in.raise_exc("RuntimeError", "the Function's graph was freed");
  return n;
}

Value handle_value(Interp& in, const GradNodePtr& n) {
  auto g = std::make_shared<GenericObj>(in.t.object);
  g->native = std::make_shared<WeakNode>(n);
  return Value(std::static_pointer_cast<Obj>(g));
}

bool contains(const std::vector<Value>& xs, const ArrayPtr& t) {
  for (auto& x : xs)
    if (is_tensor(x) && x.array() == t) return true;
  return false;
}

// The grads backward returned, one per forward argument, as the node's
// gradients for its tensor arguments (validate_outputs checks their shapes).
std::vector<ArrayPtr> grads_of(Interp& in, const std::string& name, const Value& r, const std::vector<bool>& tensor_arg,
                               const std::vector<bool>& needs) {
  std::vector<Value> items;
  if (r.as<TupleObj>()) items = in.to_vector(r);
  else items = {r};
  if (items.size() != tensor_arg.size()) {
    // PyTorch drops trailing Nones beyond the argument count, else refuses
    bool extra_none = items.size() > tensor_arg.size();
    for (size_t i = tensor_arg.size(); extra_none && i < items.size(); ++i) extra_none = items[i].is_none();
    if (!extra_none)
      in.raise_exc("RuntimeError", "function " + name + " returned an incorrect number of gradients (expected " +
                                       std::to_string(tensor_arg.size()) + ", got " + std::to_string(items.size()) + ")");
  }
  std::vector<ArrayPtr> out;
  for (size_t i = 0; i < tensor_arg.size(); ++i) {
    if (!tensor_arg[i]) {
      if (!items[i].is_none())
        in.raise_exc("RuntimeError", "function " + name + " returned a gradient different than None at position " +
                                         std::to_string(i + 1) + ", but the corresponding forward input was not a Variable");
      continue;
    }
    if (items[i].is_none() || !needs[i]) {
      out.push_back(nullptr);
      continue;
    }
    if (!is_tensor(items[i]))
      in.raise_exc("TypeError", "expected Tensor or None (got " + in.type_of(items[i])->name + ")");
    out.push_back(items[i].array());
  }
  return out;
}

// _fn_record(name, ctx, args, outputs, to_save, non_differentiable, dirty, backward) -> outputs
Value fn_record(Interp& in, Args& a) {
  const std::string name = in.str(a.pos.at(0));
  Value ctx = a.pos.at(1), backward = a.pos.at(7);
  std::vector<Value> args = in.to_vector(a.pos.at(2)), outs = in.to_vector(a.pos.at(3));
  std::vector<Value> to_save = in.to_vector(a.pos.at(4)), non_diff = in.to_vector(a.pos.at(5)),
                     dirty = in.to_vector(a.pos.at(6));
  std::vector<bool> tensor_arg, needs;
  std::vector<GradNodePtr> edges;
  for (auto& x : args) {
    tensor_arg.push_back(is_tensor(x));
    needs.push_back(is_tensor(x) && requires_grad(x.arr()));
    if (is_tensor(x)) edges.push_back(gradient_edge(x.array()));
  }
  GradNodePtr node = make_grad_node(name, std::move(edges));
  node->has_state = true;
  int differentiable = 0;
  for (auto& o : outs) {
    if (!is_tensor(o)) continue;
    ArrayPtr t = o.array();
    if (contains(non_diff, t)) continue;
    if (!differentiable_dtype(t->dtype)) continue;
    if (++differentiable > 1)
      in.raise_exc("NotImplementedError",
                   "stridelab's torch.autograd.Function supports one differentiable output per call yet (issue 30)");
    const bool is_input = contains(args, t);
    if (is_input && contains(dirty, t)) {
      // rebased in place (_wrap_outputs): a leaf that requires grad refuses, and the
      // version moves once more, past the write forward made
      if (is_leaf(*t) && requires_grad(*t))
        in.raise_exc("RuntimeError", "a leaf Variable that requires grad has been used in an in-place operation.");
      bump_version(t, "mark_dirty");
    } else if (is_input) {  // returned unmarked: an alias takes the history, the input keeps its own
      t = torch_alias_root(t);
      o = Value(t);
    }
    AutogradMeta& m = autograd_meta(*t);
    m.grad_fn = node;
    node->in_shape = t->shape;
    node->in_dtype = t->dtype;
  }
  node->saved.resize(to_save.size());
  for (size_t i = 0; i < to_save.size(); ++i) {
    if (to_save[i].is_none()) continue;
    if (!is_tensor(to_save[i])) in.raise_exc("TypeError", "save_for_backward can only save variables, but argument " +
                                                               std::to_string(i) + " is of type " + in.type_of(to_save[i])->name);
    save_tensor(*node, i, to_save[i].array(), contains(outs, to_save[i].array()));
  }
  node->custom = [&in, name, backward, tensor_arg, needs](const ArrayPtr& g) {
    Value r = in.call(backward, std::vector<Value>{Value(g)});
    return grads_of(in, name, r, tensor_arg, needs);
  };
  node->owner = std::make_shared<Value>(ctx);
  in.setattr(ctx, "_sl_node", handle_value(in, node));
  return make_tuple(std::move(outs));
}

// _fn_saved(handle) -> the saved tensors (None where None was saved), checked
Value fn_saved(Interp& in, Args& a) {
  GradNodePtr n = node_of_handle(in, a.pos.at(0));
  std::vector<Value> out;
  try {
    for (size_t i = 0; i < n->saved.size(); ++i)
      out.push_back(!n->saved[i].was_saved && !n->released ? Value() : Value(unpack(*n, i)));
  } catch (const PyError& e) {
    in.raise_exc(e.type, e.msg);
  }
  return make_tuple(std::move(out));
}

Value fn_next_functions(Interp& in, Args& a) {
  GradNodePtr n = node_of_handle(in, a.pos.at(0));
  std::vector<Value> items;
  for (auto& e : n->next) items.push_back(make_tuple({grad_fn_value(in, e), Value::integer(0)}));
  return make_tuple(std::move(items));
}

Value fn_address(Interp& in, Args& a) {
  GradNodePtr n = node_of_handle(in, a.pos.at(0));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", static_cast<void*>(n.get()));
  return make_str(buf);
}

}  // namespace

void install_torch_function(Interp& in) {
  ModuleObj& c = submodule(in, "torch._C");
  def_fn(in, c, "_fn_record", fn_record);
  def_fn(in, c, "_fn_saved", fn_saved);
  def_fn(in, c, "_fn_next_functions", fn_next_functions);
  def_fn(in, c, "_fn_address", fn_address);
}

}  // namespace sl::lang

// torch/fused_node: torch._C._sl_fused_node(name, fn, inputs, *extra), an op
// that PyTorch runs as one kernel with a node of its own while stridelab
// computes it as a composite of recorded ops (the LSTM layer oneDNN runs,
// MkldnnRnnLayerBackward0; pack_padded_sequence's PackPaddedSequenceBackward0).
//
// Note [Fused nodes]: when grad mode is on and an input requires grad, fn runs
// on detached leaves that alias the inputs (the inner graph), and each of its
// differentiable outputs comes back as an alias whose grad_fn is a node named
// `name` with one next edge per input, in order (None for a None input or one
// that needs no grad), as the fused kernel's node has. That node's formula is
// the inner graph's backward from that output to the leaves (the gradient of
// a composite is the composite's gradient), kept for as many passes as the
// outer graph allows; a second pass after a pass that freed the outer graph
// raises PyTorch's message. Without grad, fn runs on the inputs themselves.
//
// Invariant: the inner graph is reachable only through the outer nodes, so
// the user sees PyTorch's graph (names and edges) and the inner leaves never
// receive a .grad.
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/model/error.hpp"
#include "core/torch/backward.hpp"
#include "core/torch/derivatives.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

}  // namespace

Value fused_node(Interp& in, const std::string& name, const Value& fn, const std::vector<Value>& inputs,
                 const std::vector<Value>& extra) {
  std::vector<Value> args = inputs;
  args.insert(args.end(), extra.begin(), extra.end());
  if (!autograd_wanted(nullptr, inputs, {})) return in.call(fn, args);
  std::vector<ArrayPtr> leaves(inputs.size());
  std::vector<GradNodePtr> edges(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!is_tensor(inputs[i]) || !requires_grad(inputs[i].arr())) continue;
    edges[i] = gradient_edge(inputs[i].array());
    ArrayPtr leaf = torch_alias_root(inputs[i].array());
    leaf->autograd = nullptr;
    autograd_meta(*leaf).requires_grad = true;
    leaves[i] = leaf;
    args[i] = Value(leaf);
  }
  const Value r = in.call(fn, args);
  const bool single = !r.as<TupleObj>();
  std::vector<Value> outs = single ? std::vector<Value>{r} : in.to_vector(r);
  for (auto& o : outs) {
    if (!is_tensor(o) || !requires_grad(o.arr())) continue;
    ArrayPtr inner = o.array();
    ArrayPtr outer = torch_alias_root(inner);
    outer->autograd = nullptr;
    GradNodePtr node = make_grad_node(name, edges);
    node->in_shape = outer->shape;
    node->in_dtype = outer->dtype;
    node->has_state = true;
    GradNode* self = node.get();  // the node owns the formula: no cycle
    node->custom = [self, inner, leaves](const ArrayPtr& g) {
      if (self->released)
        raise("RuntimeError",
              "Trying to backward through the graph a second time (or directly access saved tensors after they have "
              "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
              "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or if "
              "you need to access saved tensors after calling backward.");
      std::vector<ArrayPtr> want;
      for (auto& l : leaves)
        if (l) want.push_back(l);
      BackwardOptions opt;
      opt.keep_graph = true;
      opt.accumulate_grad = false;
      opt.create_graph = creating_graph();
      std::vector<ArrayPtr> got = run_backward({inner}, {g}, want, opt);
      std::vector<ArrayPtr> res(leaves.size());
      for (size_t i = 0, k = 0; i < leaves.size(); ++i)
        if (leaves[i]) res[i] = got[k++];
      return res;
    };
    autograd_meta(*outer).grad_fn = node;
    o = Value(outer);
  }
  return single ? outs[0] : make_tuple(std::move(outs));
}

namespace {

Value fused_node_fn(Interp& in, Args& a) {
  if (a.pos.size() < 3) in.raise_exc("TypeError", "_sl_fused_node(name, fn, inputs, *extra)");
  return fused_node(in, in.str(a.pos[0]), a.pos[1], in.to_vector(a.pos[2]), std::vector<Value>(a.pos.begin() + 3, a.pos.end()));
}

}  // namespace

void install_fused_node(Interp& in) { def_fn(in, submodule(in, "torch._C"), "_sl_fused_node", fused_node_fn); }

}  // namespace sl::lang

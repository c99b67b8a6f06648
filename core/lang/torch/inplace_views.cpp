// torch/inplace_views: the in-place view ops -- unsqueeze_, squeeze_, t_,
// transpose_, swapaxes_, swapdims_, as_strided_ -- which change a tensor's
// sizes, strides and storage offset and leave its storage alone
// (Note [In-place view ops]).
//
// Invariant: each one computes the out-of-place view (so its argument checks
// and messages are that op's own) and gives its layout to self; no element
// moves. The generic `op_` path of torch/tensor.cpp would instead write the
// view's elements back into self, which for unsqueeze_ on a (3, 226, 226)
// tensor is an expand error (issue 31).
#include "core/lang/torch/autograd.hpp"
#include "core/lang/torch/convert.hpp"
#include "core/torch/autograd.hpp"
#include "core/torch/views.hpp"

namespace sl::lang {

namespace {

// Note [In-place view ops]: PyTorch's unsqueeze_ / squeeze_ / transpose_ /
// t_ / as_strided_ (TensorShape.cpp *_ functions) call set_sizes_and_strides
// on self's TensorImpl: the same tensor object, its storage and version, a
// new layout. Here the Array is the tensor object, so its shape, strides and
// offset are replaced. A leaf that requires grad refuses, as check_inplace
// does. A non-view tensor inside a recorded graph gets the op's node on top
// of its history (t_: TBackward1, transpose_ / swapaxes_ / swapdims_:
// TransposeBackward1, the formulas of t and transpose); a view would need
// its base rebased too (as_view + rebase_history), and the other ops their
// own formulas, which this engine does not record: NotImplementedError
// rather than a wrong gradient.
ArrayMethod inplace_view(const char* name, const char* view_name) {
  return [name, view_name](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    check_inplace(*t);
    const std::string op = name;
    const bool swap = op == "transpose_" || op == "swapaxes_" || op == "swapdims_";
    const bool in_graph = grad_mode().enabled && requires_grad(*t);
    // a non-view tensor's history gets the op's node on top (rebase_history);
    // a view's would need its base rebased, which is not recorded here
    if (in_graph && (t->base || (!swap && op != "t_") || (swap && a.pos.size() < 2)))
      in.raise_exc("NotImplementedError", std::string(name) + "() on a tensor that is part of an autograd graph");
    std::vector<Value> pos = a.pos;
    Value view = in.call(in.getattr(Value(t), view_name), a);
    const ArrayPtr& v = view.array();
    const int nd = t->ndim();
    t->shape = v->shape;
    t->strides = v->strides;
    t->offset = v->offset;
    if (in_graph) {
      GradNodePtr n = make_grad_node(swap ? "TransposeBackward1" : "TBackward1", {gradient_edge(t)});
      if (swap) n->ints = {torch_wrap_dim(in.index_value(pos[0]), nd), torch_wrap_dim(in.index_value(pos[1]), nd)};
      n->in_shape = t->shape;
      n->in_dtype = t->dtype;
      n->has_state = true;
      t->autograd->grad_fn = n;
    }
    return Value(t);
  };
}

}  // namespace

void install_torch_inplace_views(Interp&) {
  static const std::pair<const char*, const char*> ops[] = {
      {"unsqueeze_", "unsqueeze"}, {"squeeze_", "squeeze"},   {"t_", "t"},
      {"transpose_", "transpose"}, {"swapaxes_", "swapaxes"}, {"swapdims_", "swapdims"},
      {"as_strided_", "as_strided"},
  };
  for (auto [name, view] : ops) def_tensor_method(name, inplace_view(name, view));
}

}  // namespace sl::lang

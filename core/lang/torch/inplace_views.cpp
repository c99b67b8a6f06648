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

namespace sl::lang {

namespace {

// Note [In-place view ops]: PyTorch's unsqueeze_ / squeeze_ / transpose_ /
// t_ / as_strided_ (TensorShape.cpp *_ functions) call set_sizes_and_strides
// on self's TensorImpl: the same tensor object, its storage and version, a
// new layout. Here the Array is the tensor object, so its shape, strides and
// offset are replaced. A leaf that requires grad refuses, as check_inplace
// does; a tensor inside a recorded graph would need the view's grad_fn
// rebased onto self (as_view + rebase_history), which this engine does not
// record: NotImplementedError rather than a wrong gradient.
ArrayMethod inplace_view(const char* name, const char* view_name) {
  return [name, view_name](Interp& in, const ArrayPtr& t, Args& a) -> Value {
    check_inplace(*t);
    if (grad_mode().enabled && requires_grad(*t))
      in.raise_exc("NotImplementedError", std::string(name) + "() on a tensor that is part of an autograd graph");
    Value view = in.call(in.getattr(Value(t), view_name), a);
    const ArrayPtr& v = view.array();
    t->shape = v->shape;
    t->strides = v->strides;
    t->offset = v->offset;
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

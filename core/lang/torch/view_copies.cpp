// torch/view_copies: torch.<view>_copy(input, ...) -- the view ops' out-of-place
// forms (ATen's *_copy functions, which functionalization emits): the view the
// Tensor method gives, materialized in a new contiguous tensor. A function that
// returns several views (split_copy, unbind_copy) copies each.
//
// Invariant: one row per name, each the name of an existing Tensor method; the
// autograd record is the view's node followed by the copy's (PyTorch names the
// pair's node <View>Backward0_copy; stridelab's graph is the two nodes).
#include "core/lang/torch/convert.hpp"

namespace sl::lang {

namespace {

Value contiguous_copy(Interp& in, const Value& v) {
  if (auto* t = v.as<TupleObj>()) {
    std::vector<Value> parts;
    for (const Value& x : t->items) parts.push_back(contiguous_copy(in, x));
    return make_tuple(std::move(parts));
  }
  if (auto* l = v.as<ListObj>()) {
    std::vector<Value> parts;
    for (const Value& x : l->items) parts.push_back(contiguous_copy(in, x));
    return make_tuple(std::move(parts));
  }
  Args a;
  a.kw = {{"memory_format", in.modules.at("torch")->attrs.at("contiguous_format")}};
  return in.call(in.getattr(v, "clone"), a);
}

}  // namespace

void install_torch_view_copies(Interp& in, ModuleObj& tm) {
  static const char* const views[] = {"as_strided", "detach",  "diagonal", "expand",    "permute", "select",
                                      "split",      "squeeze", "t",        "transpose", "unbind",  "unfold",
                                      "unsqueeze",  "view",    "narrow"};
  for (const char* v : views) {
    const std::string name = std::string(v) + "_copy", method = v;
    def_fn(in, tm, name, [name, method](Interp& in, Args& a) -> Value {
      Value x = a.required(0, "input");
      tensor_arg(in, x, name, "input", 1);
      Args b;
      b.pos.assign(a.pos.begin() + 1, a.pos.end());
      b.kw = a.kw;
      return contiguous_copy(in, in.call(in.getattr(x, method.c_str()), b));
    });
  }
  // alias_copy(input): a copy of the whole tensor
  def_fn(in, tm, "alias_copy", [](Interp& in, Args& a) -> Value {
    Value x = a.required(0, "input");
    a.finish(1);
    tensor_arg(in, x, "alias_copy", "input", 1);
    return contiguous_copy(in, x);
  });
}

}  // namespace sl::lang

// numpy/methods: the methods of numpy.ndarray (a.reshape(...), a.view(...), ...).
#include <cstring>

#include "core/element.hpp"
#include "core/explain.hpp"
#include "core/kernels/copy.hpp"
#include "core/lang/interp.hpp"
#include "core/lang/numpy/convert.hpp"
#include "core/strides.hpp"
#include "core/views.hpp"

namespace sl::lang {

namespace {

using Method = ArrayMethod;

char order_arg(Interp& in, const Value& v, const char* allowed) {
  if (v.is_none()) return 'C';
  auto* s = v.as<StrObj>();
  if (!s || s->s.size() != 1 || !std::strchr(allowed, toupper((unsigned char)s->s[0])))
    in.raise_exc("ValueError", std::string("order must be one of '") + allowed + "'");
  return char(toupper((unsigned char)s->s[0]));
}

Value tolist(Interp& in, const Array& a, int axis, int64_t off) {
  if (axis == a.ndim()) {
    const char* p = a.storage->data() + off;
    DType dt = a.dtype;
    if (dt == DType::Bool) return Value::boolean(*p != 0);
    if (is_integer(dt)) return Value::integer(load_as<int64_t>(dt, p));
    if (is_float(dt)) return Value::floating(load_as<double>(dt, p));
    c128 c = load_as<c128>(dt, p);
    return in.call(in.builtins["complex"], std::vector<Value>{Value::floating(c.real()), Value::floating(c.imag())});
  }
  std::vector<Value> items;
  for (int64_t i = 0; i < a.shape[axis]; ++i) items.push_back(tolist(in, a, axis + 1, off + i * a.strides[axis]));
  return make_list(std::move(items));
}

const std::vector<std::pair<const char*, Method>>& methods() {
  static const std::vector<std::pair<const char*, Method>> m = {
      {"reshape", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         Value order = args.optional(99, "order");
         Value copy = args.optional(99, "copy");
         args.finish(1000);
         if (args.pos.empty()) in.raise_exc("TypeError", "reshape() takes exactly 1 argument (0 given)");
         const CopyMode mode = copy.is_none() ? CopyMode::IfNeeded : in.truthy(copy) ? CopyMode::Always : CopyMode::Never;
         return wrap(reshape(a, shape_from_args(in, args, 0), order_arg(in, order, "CFA"), mode));
       }},
      {"view", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         Value dt = args.optional(0, "dtype");
         Value type = args.optional(1, "type");
         args.finish(2);
         if (dt.is_none()) return wrap(view_same(a));
         return wrap(view_dtype(a, to_dtype(in, dt)));
       }},
      {"copy", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         char order = order_arg(in, args.optional(0, "order", make_str("C")), "CFAK");
         args.finish(1);
         return wrap(explained(copy_in_order(*a, a->dtype, order), *a, "copy", Verdict::Copy,
                               {fact("order", std::string(1, order))}));
       }},
      {"transpose", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         std::vector<int64_t> axes;
         if (args.pos.size() == 1 && !args.pos[0].is_none()) axes = to_shape(in, args.pos[0]);
         else if (args.pos.size() > 1) axes = shape_from_args(in, args, 0);
         return wrap(transpose(a, axes));
       }},
      {"astype", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         DType dt = to_dtype(in, args.required(0, "dtype"));
         char order = order_arg(in, args.optional(1, "order", make_str("K")), "CFAK");
         Value casting = args.optional(2, "casting");
         Value subok = args.optional(3, "subok");
         bool copy = in.truthy(args.optional(4, "copy", Value::boolean(true)));
         args.finish(5);
         std::vector<ExplainFact> why{fact("copy", int64_t(copy)), fact("from", name(a->dtype)), fact("to", name(dt))};
         if (!copy && dt == a->dtype) return wrap(explained(a, *a, "astype-no-copy", Verdict::Same, why));
         return wrap(explained(copy_in_order(*a, dt, order), *a, copy ? "astype-copy" : "astype-new-dtype",
                               Verdict::Copy, why));
       }},
      {"tolist", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         args.finish(0);
         return tolist(in, *a, 0, a->offset);
       }},
      {"item", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         if (args.pos.empty()) {
           if (a->size() != 1) in.raise_exc("ValueError", "can only convert an array of size 1 to a Python scalar");
           std::vector<int64_t> zero(a->ndim(), 0);
           Array z = *a;
           z.shape = {};
           z.strides = {};
           z.offset = flat_offset(*a, zero);
           return tolist(in, z, 0, z.offset);
         }
         std::vector<int64_t> idx;
         if (args.pos.size() == 1) {
           int64_t flat = in.index_value(args.pos[0]);
           int64_t n = a->size();
           if (flat < -n || flat >= n) in.raise_exc("IndexError", "index " + std::to_string(flat) + " is out of bounds for size " + std::to_string(n));
           if (flat < 0) flat += n;
           idx.assign(a->ndim(), 0);
           for (int k = a->ndim() - 1; k >= 0; --k) {
             idx[k] = flat % a->shape[k];
             flat /= a->shape[k];
           }
         } else {
           idx = shape_from_args(in, args, 0);
         }
         Array z = *a;
         z.shape = {};
         z.strides = {};
         return tolist(in, z, 0, flat_offset(*a, idx));
       }},
      {"fill", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         Value v = args.required(0, "value");
         if (!a->writeable) in.raise_exc("ValueError", "assignment destination is read-only");
         alignas(16) char buf[16];
         value_to_bytes(in, v, a->dtype, buf);
         fill(*a, a->dtype, buf);
         return Value();
       }},
  };
  return m;
}

}  // namespace

void install_ndarray_methods(Interp&) {
  for (auto& [name, fn] : methods()) def_ndarray_method(name, fn);
}

}  // namespace sl::lang

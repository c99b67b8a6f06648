// numpy/methods: the methods of numpy.ndarray (a.reshape(...), a.view(...), ...).
#include <cstring>

#include "core/model/element.hpp"
#include "core/model/explain.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/array_hooks.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/model/strides.hpp"
#include "core/ops/views.hpp"
#include "core/ops/copy.hpp"
#include "core/text/flexible.hpp"

namespace sl::lang {

namespace {

using Method = ArrayMethod;


Value tolist(Interp& in, const Array& a, int axis, int64_t off);

// One element as a Python value: text as str / bytes, a record as a tuple of its fields.
Value flexible_item(Interp& in, const DTypeFull& t, const char* p) {
  const Descr& d = *t.descr;
  if (d.structured()) {
    std::vector<Value> items;
    for (const Field& f : d.fields) {
      if (f.type.descr) items.push_back(flexible_item(in, f.type, p + f.offset));
      else items.push_back(tolist(in, *make_view_of_bytes(f.type.dt, p + f.offset), 0, 0));
    }
    return make_tuple(std::move(items));
  }
  if (d.base) in.raise_exc("TypeError", "subarray fields in tolist() are not supported");
  if (d.kind == DType::Str) return make_str(read_str(d, p));
  return make_bytes(read_str(d, p));
}

Value tolist(Interp& in, const Array& a, int axis, int64_t off) {
  if (axis == a.ndim()) {
    const char* p = a.storage->data() + off;
    DType dt = a.dtype;
    if (a.descr) return flexible_item(in, DTypeFull{a.dtype, a.descr}, p);
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

const std::vector<MethodRow>& methods() {
  static const std::vector<MethodRow> m = {
      {"reshape", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         Value order = args.optional(99, "order");
         Value copy = args.optional(99, "copy");
         args.finish(1000);
         if (args.pos.empty()) in.raise_exc("TypeError", "reshape() takes exactly 1 argument (0 given)");
         const CopyMode mode = copy.is_none() ? CopyMode::IfNeeded : in.truthy(copy) ? CopyMode::Always : CopyMode::Never;
         return wrap(reshape(a, shape_from_args(in, args, 0), order_arg(in, order, 'C', OrderUse::Reshape), mode));
       }},
      {"view", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         Value dt = args.optional(0, "dtype");
         Value type = args.optional(1, "type");
         args.finish(2);
         if (dt.is_none()) return wrap(view_same(a));
         return wrap(view_dtype_full(a, to_dtype_full(in, dt)));
       }},
      {"copy", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         Value ov = args.optional(0, "order");
         args.finish(1);
         char order = order_arg(in, ov, 'C');
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
         const DTypeFull t = sized_for(to_dtype_full(in, args.required(0, "dtype")), array_dtype(*a));
         char order = order_arg(in, args.optional(1, "order"), 'K');
         Value casting = args.optional(2, "casting");
         Value subok = args.optional(3, "subok");
         bool copy = in.truthy(args.optional(4, "copy", Value::boolean(true)));
         args.finish(5);
         std::vector<ExplainFact> why{fact("copy", int64_t(copy)), fact("from", dtype_name(array_dtype(*a))),
                                      fact("to", dtype_name(t))};
         if (!copy && sl::dtype_equal(t, array_dtype(*a))) return wrap(explained(a, *a, "astype-no-copy", Verdict::Same, why));
         ArrayPtr r = t.descr && !sl::dtype_equal(t, array_dtype(*a)) ? copy_as(*a, t.dt, t.descr, order)
                                                                      : copy_in_order(*a, t.dt, order);
         return wrap(explained(r, *a, copy ? "astype-copy" : "astype-new-dtype", Verdict::Copy, why));
       }},
      {"tolist", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         args.finish(0);
         return tolist(in, *a, 0, a->offset);
       }},
      // ndarray.tobytes(order='C'): the elements' bytes in the order asked for, always a copy
      {"tobytes", [](Interp& in, const ArrayPtr& a, Args& args) -> Value {
         Value ov = args.optional(0, "order", make_str("C"));
         args.finish(1);
         char order = order_arg(in, ov, 'C');
         if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
         if (order == 'K') order = 'C';
         ArrayPtr c = copy_in_order(*a, a->dtype, order);
         return make_bytes(std::string(c->data(), size_t(c->nbytes())));
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
         if (a->descr) {  // text and records: one converted element copied everywhere
           ArrayPtr one = make_array(a->dtype, a->descr, {});
           store_element(in, v, *one, one->data());
           copy_into(*a, broadcast_layout(*one, a->shape));
           return Value();
         }
         alignas(16) char buf[16];
         value_to_bytes(in, v, a->dtype, buf);
         fill(*a, a->dtype, buf);
         return Value();
       }, {"ndarray.fill(value)", SigStyle::CTuple}},
  };
  return m;
}

}  // namespace

void install_ndarray_methods(Interp&) {
  for (const MethodRow& r : methods()) def_ndarray_method(r.name, r.fn, r.params);
  // a.__format__(spec) / t.__format__(spec), as format() and f-strings do it
  // (a 0-d tensor formats its item, a NumPy scalar its Python number)
  auto format_method = [](Interp& in, const ArrayPtr& self, Args& a) -> Value {
    Value spec = a.required(0, "format_spec");
    a.finish(1);
    auto* s = spec.as<StrObj>();
    if (!s) in.raise_exc("TypeError", "__format__() argument must be str, not " + in.type_name(spec));
    return make_str(array_format(in, Value(self), s->s));
  };
  def_ndarray_method("__format__", format_method);
  def_tensor_method("__format__", format_method);
}

}  // namespace sl::lang

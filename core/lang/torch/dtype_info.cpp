// torch/dtype_info: what PyTorch answers about dtypes and shapes without
// computing on a tensor -- torch.finfo and torch.iinfo (torch/csrc/TypeInfo.cpp),
// torch.result_type, torch.promote_types, torch.can_cast (c10's promoteTypes and
// canCast, core/model/dtype.hpp), torch.broadcast_shapes and
// torch.broadcast_tensors (torch/functional.py).
//
// A finfo / iinfo object is interned per dtype (complex dtypes share their real
// part's finfo, as THPFInfo_pynew converts them), so equality is identity; its
// attributes are the limits of the C type (std::numeric_limits), and
// resolution is 10 ** -digits10, as TypeInfo.cpp computes them.
//
// Invariant: no tensor is written; broadcast_tensors returns a tensor that
// already has the broadcast shape as itself and expands the others (views,
// recorded as ExpandBackward0 by Tensor.expand).
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/lang/torch/convert.hpp"
#include "core/model/strides.hpp"
#include "core/torch/promotion.hpp"

namespace sl::lang {

namespace {

ModuleObj& torch_module(Interp& in) { return *in.modules.at("torch"); }
Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

bool is_torch_dtype(const Value& v) { return v.as<DTypeObj>() && v.as<DTypeObj>()->torch; }

// A `torch.dtype` parameter: the parser's TypeError for anything else.
DType dtype_param(Interp& in, const Value& v, const std::string& fname, const char* argname, int position) {
  if (!is_torch_dtype(v))
    in.raise_exc("TypeError", fname + "(): argument '" + argname + "' (position " + std::to_string(position) +
                                  ") must be torch.dtype, not " + in.type_of(v)->name);
  return v.as<DTypeObj>()->dt;
}

// "float32": the dtype's name as finfo.dtype / iinfo.dtype give it.
std::string short_name(Interp& in, DType dt) {
  std::string s = in.str(dtype_value(in, dt, true));
  return s.rfind("torch.", 0) == 0 ? s.substr(6) : s;
}

// %g, as TypeInfo.cpp's repr streams a double with the default precision 6.
std::string g6(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

template <class T>
void float_limits(GenericObj& g, int bits) {
  using L = std::numeric_limits<T>;
  g.attrs["bits"] = Value::integer(bits);
  g.attrs["eps"] = Value::floating(double(L::epsilon()));
  g.attrs["max"] = Value::floating(double(L::max()));
  g.attrs["min"] = Value::floating(double(L::lowest()));
  g.attrs["tiny"] = Value::floating(double(L::min()));
  g.attrs["smallest_normal"] = Value::floating(double(L::min()));
  g.attrs["resolution"] = Value::floating(std::pow(10.0, -double(L::digits10)));
}

// float16: std::numeric_limits has no half, so its limits are IEEE binary16's.
void half_limits(GenericObj& g) {
  g.attrs["bits"] = Value::integer(16);
  g.attrs["eps"] = Value::floating(std::ldexp(1.0, -10));
  g.attrs["max"] = Value::floating(65504.0);
  g.attrs["min"] = Value::floating(-65504.0);
  g.attrs["tiny"] = Value::floating(std::ldexp(1.0, -14));
  g.attrs["smallest_normal"] = Value::floating(std::ldexp(1.0, -14));
  g.attrs["resolution"] = Value::floating(std::pow(10.0, -3.0));  // digits10 of binary16
}

template <class T>
void int_limits(GenericObj& g) {
  using L = std::numeric_limits<T>;
  g.attrs["bits"] = Value::integer(int64_t(sizeof(T) * 8));
  g.attrs["max"] = Value::integer(int64_t(L::max()));
  g.attrs["min"] = Value::integer(int64_t(L::min()));
}

// The interned info object of `dt` ("_finfo" / "_iinfo" tables keyed by the dtype's name).
Value info_value(Interp& in, const char* kind, DType dt) {
  ModuleObj& tm = torch_module(in);
  const std::string table_name = std::string("_") + kind + "_table";
  auto& table = tm.attrs.at(table_name).as<GenericObj>()->attrs;
  const std::string key = short_name(in, dt);
  if (auto it = table.find(key); it != table.end()) return it->second;
  auto g = std::make_shared<GenericObj>(tm.attrs.at(kind).as<TypeObj>());
  std::string repr;
  if (std::string(kind) == "finfo") {
    if (dt == DType::F64) float_limits<double>(*g, 64);
    else if (dt == DType::F32) float_limits<float>(*g, 32);
    else half_limits(*g);
    auto f = [&](const char* k) { return std::string(k) + "=" + g6(g->attrs.at(k).as_float()); };
    repr = "finfo(" + f("resolution") + ", " + f("min") + ", " + f("max") + ", " + f("eps") + ", " +
           f("smallest_normal") + ", " + f("tiny") + ", dtype=" + key + ")";
  } else {
    switch (dt) {
      case DType::I8: int_limits<int8_t>(*g); break;
      case DType::I16: int_limits<int16_t>(*g); break;
      case DType::I32: int_limits<int32_t>(*g); break;
      case DType::I64: int_limits<int64_t>(*g); break;
      case DType::U16: int_limits<uint16_t>(*g); break;
      case DType::U32: int_limits<uint32_t>(*g); break;
      case DType::U64:  // max does not fit an int64: 2**64 - 1 as Python computes it
        g->attrs["bits"] = Value::integer(64);
        g->attrs["min"] = Value::integer(0);
        g->attrs["max"] = in.binop(BinOp::Sub, in.binop(BinOp::LShift, Value::integer(1), Value::integer(64)), Value::integer(1));
        break;
      default: int_limits<uint8_t>(*g); break;
    }
    // iinfo's repr streams min and max as doubles
    const double mn = in.float_value(g->attrs.at("min")), mx = in.float_value(g->attrs.at("max"));
    repr = "iinfo(min=" + g6(mn) + ", max=" + g6(mx) + ", dtype=" + key + ")";
  }
  g->attrs["dtype"] = make_str(key);
  g->attrs["__repr__"] = in.builtin("__repr__", [repr](Interp&, Args&) -> Value { return make_str(repr); });
  g->attrs["__str__"] = in.builtin("__str__", [repr](Interp&, Args&) -> Value { return make_str(repr); });
  Value v(std::static_pointer_cast<Obj>(g));
  table[key] = v;
  return v;
}

// torch.finfo(type=torch.get_default_dtype())
Value finfo_new(Interp& in, Args& a) {
  if (a.pos.empty() && !a.kw.empty()) in.raise_exc("TypeError", "finfo() missing 1 required positional arguments: \"type\"");
  Value t = a.pos.empty() ? Value() : a.pos[0];
  if (a.pos.size() > 1) in.raise_exc("TypeError", "finfo() takes at most 1 argument (" + std::to_string(a.pos.size()) + " given)");
  DType dt = a.pos.empty() ? torch_default_dtype() : dtype_param(in, t, "finfo", "type", 1);
  if (is_complex(dt)) dt = real_part(dt);
  if (!is_float(dt))
    in.raise_exc("TypeError", "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
  return info_value(in, "finfo", dt);
}

// torch.iinfo(type)
Value iinfo_new(Interp& in, Args& a) {
  if (a.pos.empty()) in.raise_exc("TypeError", "iinfo() missing 1 required positional arguments: \"type\"");
  if (a.pos.size() > 1) in.raise_exc("TypeError", "iinfo() takes at most 1 argument (" + std::to_string(a.pos.size()) + " given)");
  const DType dt = dtype_param(in, a.pos[0], "iinfo", "type", 1);
  if (dt == DType::Bool) in.raise_exc("TypeError", "torch.bool is not supported by torch.iinfo");
  if (!is_integer(dt))
    in.raise_exc("TypeError", "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
  return info_value(in, "iinfo", dt);
}

bool is_number(const Value& v) { return v.is_int() || v.is_float() || v.is_bool() || v.as<ComplexObj>() || v.as<BigIntObj>(); }

// torch.result_type(tensor, other): the overloads (Tensor, Tensor), (Number,
// Tensor), (Tensor, Number), (Number, Number); a number is a wrapped 0-d tensor.
Value result_type_fn(Interp& in, Args& a) {
  static const std::vector<std::string> sigs = {"Tensor tensor, Tensor other", "Number scalar, Tensor tensor",
                                                "Tensor tensor, Number other", "Number scalar1, Number scalar2"};
  std::vector<Value> ops = a.pos;
  for (auto& [k, v] : a.kw) {
    if (k != "tensor" && k != "other" && k != "scalar" && k != "scalar1" && k != "scalar2") invalid_combination(in, "result_type", a, sigs);
    ops.push_back(v);
  }
  if (ops.size() != 2) invalid_combination(in, "result_type", a, sigs);
  const bool ok0 = is_tensor(ops[0]) || is_number(ops[0]), ok1 = is_tensor(ops[1]) || is_number(ops[1]);
  if (!ok0 || !ok1) {
    // which signature's slots a value fails ("!list of [int]!")
    auto shown = [&](const Value& v, bool want_tensor) {
      std::string n = in.type_of(v)->name;
      if (auto* l = v.as<ListObj>()) n += " of [" + (l->items.empty() ? std::string() : in.type_of(l->items[0])->name) + "]";
      const bool fits = want_tensor ? is_tensor(v) : is_number(v);
      return fits ? n : "!" + n + "!";
    };
    const bool kinds[4][2] = {{true, true}, {false, true}, {true, false}, {false, false}};
    std::vector<std::string> why;
    for (auto& k : kinds)
      why.push_back("some of the arguments have invalid types: (" + shown(ops[0], k[0]) + ", " + shown(ops[1], k[1]) + ")");
    invalid_combination(in, "result_type", a, sigs, why);
  }
  std::vector<UfuncOperand> operands;
  for (const Value& v : ops) operands.push_back(is_tensor(v) ? UfuncOperand{v.array(), false} : UfuncOperand{to_array(in, v), true});
  return dtype_value(in, torch_result_type(operands), true);
}

// The parser's message for a missing argument.
Value parser_required(Interp& in, Args& a, size_t i, const char* name, const char* fname) {
  Value v;
  if (!a.take(i, name, v))
    in.raise_exc("TypeError", std::string(fname) + "() missing 1 required positional arguments: \"" + name + "\"");
  return v;
}

// torch.promote_types(type1, type2)
Value promote_types_fn(Interp& in, Args& a) {
  Value t1 = parser_required(in, a, 0, "type1", "promote_types"), t2 = parser_required(in, a, 1, "type2", "promote_types");
  a.finish(2);
  const DType d1 = dtype_param(in, t1, "promote_types", "type1", 1), d2 = dtype_param(in, t2, "promote_types", "type2", 2);
  return dtype_value(in, torch_promote(d1, d2), true);
}

// torch.can_cast(from_, to)
Value can_cast_fn(Interp& in, Args& a) {
  Value f = parser_required(in, a, 0, "from_", "can_cast"), t = parser_required(in, a, 1, "to", "can_cast");
  a.finish(2);
  const DType d1 = dtype_param(in, f, "can_cast", "from_", 1), d2 = dtype_param(in, t, "can_cast", "to", 2);
  return Value::boolean(torch_can_cast(d1, d2));
}

// torch.broadcast_shapes(*shapes), as torch/functional.py computes it: the
// result starts as ones of the longest rank; each shape, right-aligned,
// fills a 1 and must otherwise agree (a 1 in the shape always agrees).
Value broadcast_shapes_fn(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "broadcast_shapes() got an unexpected keyword argument '" + a.kw[0].first + "'");
  std::vector<std::vector<Value>> shapes;
  size_t rank = 0;
  for (const Value& s : a.pos) {
    if (s.is_int() || s.as<BigIntObj>()) shapes.push_back({s});
    else if (s.as<TupleObj>() || s.as<ListObj>()) shapes.push_back(in.to_vector(s));
    else
      in.raise_exc("RuntimeError", "('Input shapes should be of type ints, a tuple of ints, or a list of ints, got ', " +
                                       in.repr(s) + ")");
    rank = std::max(rank, shapes.back().size());
  }
  std::vector<Value> result(rank, Value::integer(1));
  for (const auto& s : shapes) {
    for (size_t k = 1; k <= s.size(); ++k) {
      const Value& d = s[s.size() - k];
      Value& r = result[rank - k];
      if (in.truthy(in.compare(CmpOp::Lt, d, Value::integer(0))))
        in.raise_exc("RuntimeError", "Trying to create tensor with negative dimension (" + in.str(d) + "): (" + in.str(d) + ")");
      if (in.truthy(in.compare(CmpOp::Eq, d, Value::integer(1))) || in.truthy(in.compare(CmpOp::Eq, d, r))) continue;
      if (!in.truthy(in.compare(CmpOp::Eq, r, Value::integer(1))))
        in.raise_exc("RuntimeError", "Shape mismatch: objects cannot be broadcast to a single shape");
      r = d;
    }
  }
  return in.call(torch_module(in).attrs.at("Size"), std::vector<Value>{make_list(std::move(result))});
}

// torch.broadcast_tensors(*tensors): _VF.broadcast_tensors (expand_outplace).
Value broadcast_tensors_fn(Interp& in, Args& a) {
  a.finish(a.pos.size());
  const std::vector<Value>& items = a.pos;
  Shape shape;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!is_tensor(items[i]))
      in.raise_exc("TypeError", "expected Tensor as element " + std::to_string(i) + " in argument 0, but got " + in.type_of(items[i])->name);
    try {
      shape = i == 0 ? items[i].arr().shape : torch_broadcast_shapes(shape, items[i].arr().shape);
    } catch (const PyError& e) {
      in.raise_exc(e.type, e.msg);
    }
  }
  std::vector<Value> out;
  for (const Value& t : items)
    out.push_back(t.arr().shape == shape ? t : in.call(in.getattr(t, "expand"), std::vector<Value>{torch_size_value(in, shape)}));
  return make_tuple(std::move(out));
}

}  // namespace

void install_torch_dtype_info(Interp& in, ModuleObj& tm) {
  TypeObj* finfo_t = in.new_type("finfo", "torch", {in.t.object});
  TypeObj* iinfo_t = in.new_type("iinfo", "torch", {in.t.object});
  finfo_t->call = finfo_new;
  iinfo_t->call = iinfo_new;
  tm.attrs["finfo"] = type_value(finfo_t);
  tm.attrs["iinfo"] = type_value(iinfo_t);
  tm.attrs["_finfo_table"] = Value(std::static_pointer_cast<Obj>(std::make_shared<GenericObj>(in.t.object)));
  tm.attrs["_iinfo_table"] = Value(std::static_pointer_cast<Obj>(std::make_shared<GenericObj>(in.t.object)));
  static const FnEntry fns[] = {
      {"result_type", result_type_fn},
      {"promote_types", promote_types_fn},
      {"can_cast", can_cast_fn},
      {"broadcast_shapes", broadcast_shapes_fn},
      {"broadcast_tensors", broadcast_tensors_fn},
  };
  def_fns(in, tm, fns);
}

}  // namespace sl::lang

// operator_module: `operator` -- Python's operators as functions (add, mul,
// lt, getitem, ...) and the callables itemgetter, attrgetter, methodcaller.
// Invariant: each function runs exactly the interpreter's own operator (the
// object protocol), so operator.add(a, b) is a + b in every case, errors included.
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

struct BinaryOpDef {
  const char* name;
  BinOp op;
  bool inplace;
};
const BinaryOpDef kBinary[] = {
    {"add", BinOp::Add, false},          {"sub", BinOp::Sub, false},         {"mul", BinOp::Mul, false},
    {"truediv", BinOp::TrueDiv, false},  {"floordiv", BinOp::FloorDiv, false}, {"mod", BinOp::Mod, false},
    {"pow", BinOp::Pow, false},          {"matmul", BinOp::MatMul, false},   {"lshift", BinOp::LShift, false},
    {"rshift", BinOp::RShift, false},    {"and_", BinOp::BitAnd, false},     {"or_", BinOp::BitOr, false},
    {"xor", BinOp::BitXor, false},       {"concat", BinOp::Add, false},
    {"iadd", BinOp::Add, true},          {"isub", BinOp::Sub, true},         {"imul", BinOp::Mul, true},
    {"itruediv", BinOp::TrueDiv, true},  {"ifloordiv", BinOp::FloorDiv, true}, {"imod", BinOp::Mod, true},
    {"ipow", BinOp::Pow, true},          {"imatmul", BinOp::MatMul, true},   {"ilshift", BinOp::LShift, true},
    {"irshift", BinOp::RShift, true},    {"iand", BinOp::BitAnd, true},      {"ior", BinOp::BitOr, true},
    {"ixor", BinOp::BitXor, true},       {"iconcat", BinOp::Add, true},
};
struct CompareDef {
  const char* name;
  CmpOp op;
};
const CompareDef kCompare[] = {
    {"eq", CmpOp::Eq}, {"ne", CmpOp::Ne}, {"lt", CmpOp::Lt},     {"le", CmpOp::Le},
    {"gt", CmpOp::Gt}, {"ge", CmpOp::Ge}, {"is_", CmpOp::Is}, {"is_not", CmpOp::IsNot},
};
struct UnaryDef {
  const char* name;
  UnaryOp op;
};
const UnaryDef kUnary[] = {
    {"neg", UnaryOp::Neg}, {"pos", UnaryOp::Pos}, {"invert", UnaryOp::Invert}, {"inv", UnaryOp::Invert}, {"not_", UnaryOp::Not},
};

Value op_truth(Interp& in, Args& a) { return Value::boolean(in.truthy(a.required(0, "a"))); }
Value op_contains(Interp& in, Args& a) {
  Value c = a.required(0, "a"), x = a.required(1, "b");
  return Value::boolean(in.contains(c, x));
}
Value op_getitem(Interp& in, Args& a) {
  Value c = a.required(0, "a"), k = a.required(1, "b");
  return in.getitem(c, k);
}
Value op_setitem(Interp& in, Args& a) {
  Value c = a.required(0, "a"), k = a.required(1, "b"), v = a.required(2, "c");
  in.setitem(c, k, v);
  return Value();
}
Value op_delitem(Interp& in, Args& a) {
  Value c = a.required(0, "a"), k = a.required(1, "b");
  in.delitem(c, k);
  return Value();
}
Value op_index(Interp& in, Args& a) {
  Value x = a.required(0, "a");
  if (!in.is_int_like(x))
    in.raise_exc("TypeError", "'" + in.type_of(x)->name + "' object cannot be interpreted as an integer");
  return Value::integer(in.index_value(x));
}
Value op_abs(Interp& in, Args& a) { return in.call(in.builtins["abs"], std::vector<Value>{a.required(0, "a")}); }
Value op_countof(Interp& in, Args& a) {
  Value seq = a.required(0, "a"), x = a.required(1, "b");
  int64_t n = 0;
  for (auto& v : in.to_vector(seq)) n += (v.identity() == x.identity() && x.is_obj()) || in.eq(v, x);
  return Value::integer(n);
}
Value op_indexof(Interp& in, Args& a) {
  Value seq = a.required(0, "a"), x = a.required(1, "b");
  auto items = in.to_vector(seq);
  for (size_t k = 0; k < items.size(); ++k)
    if ((items[k].identity() == x.identity() && x.is_obj()) || in.eq(items[k], x)) return Value::integer(int64_t(k));
  in.raise_exc("ValueError", "sequence.index(x): x not in sequence");
}

const ModuleFnDef kOperatorFns[] = {
    {"truth", op_truth}, {"contains", op_contains}, {"getitem", op_getitem}, {"setitem", op_setitem},
    {"delitem", op_delitem}, {"index", op_index}, {"abs", op_abs}, {"countOf", op_countof}, {"indexOf", op_indexof},
};

// A callable object of `t` that applies `fn` to its argument, printing as `text`.
Value make_getter(TypeObj* t, std::vector<Value> keep, std::string text, NativeFn fn, Interp& in) {
  auto g = std::make_shared<GenericObj>(t);
  for (size_t k = 0; k < keep.size(); ++k) g->attrs["_" + std::to_string(k)] = keep[k];
  g->attrs["__call__"] = in.builtin(t->name, std::move(fn));
  g->attrs["__repr__"] = in.builtin("__repr__", [text](Interp&, Args&) { return make_str(text); });
  return Value(std::static_pointer_cast<Obj>(g));
}

std::string joined_reprs(Interp& in, const std::vector<Value>& v) {
  std::string s;
  for (size_t k = 0; k < v.size(); ++k) s += (k ? ", " : "") + in.repr(v[k]);
  return s;
}

// attrgetter("a.b"): follows the dots.
Value dotted_getattr(Interp& in, Value v, const std::string& path) {
  size_t start = 0;
  for (;;) {
    size_t dot = path.find('.', start);
    v = in.getattr(v, path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) return v;
    start = dot + 1;
  }
}

}  // namespace

void install_operator_module(Interp& in) {
  ModuleObj& m = new_module(in, "operator");
  def_functions(in, m, kOperatorFns);
  for (const auto& d : kBinary) {
    BinOp op = d.op;
    bool inplace = d.inplace;
    m.attrs[d.name] = in.builtin(d.name, [op, inplace](Interp& in, Args& a) -> Value {
      Value x = a.required(0, "a"), y = a.required(1, "b");
      a.finish(2);
      return inplace ? in.inplace_binop(op, x, y) : in.binop(op, x, y);
    });
  }
  for (const auto& d : kCompare) {
    CmpOp op = d.op;
    m.attrs[d.name] = in.builtin(d.name, [op](Interp& in, Args& a) -> Value {
      Value x = a.required(0, "a"), y = a.required(1, "b");
      a.finish(2);
      return in.compare(op, x, y);
    });
  }
  for (const auto& d : kUnary) {
    UnaryOp op = d.op;
    m.attrs[d.name] = in.builtin(d.name, [op](Interp& in, Args& a) -> Value {
      Value x = a.required(0, "a");
      a.finish(1);
      return in.unaryop(op, x);
    });
  }

  TypeObj* itemgetter_t = in.new_type("itemgetter", "operator", {in.t.object});
  itemgetter_t->call = [itemgetter_t](Interp& in, Args& a) -> Value {
    if (a.pos.empty()) in.raise_exc("TypeError", "itemgetter expected 1 argument, got 0");
    std::vector<Value> keys = a.pos;
    return make_getter(itemgetter_t, keys, "operator.itemgetter(" + joined_reprs(in, keys) + ")",
                       [keys](Interp& in, Args& c) -> Value {
                         Value obj = c.required(0, "obj");
                         if (keys.size() == 1) return in.getitem(obj, keys[0]);
                         std::vector<Value> out;
                         for (auto& k : keys) out.push_back(in.getitem(obj, k));
                         return make_tuple(std::move(out));
                       }, in);
  };
  m.attrs["itemgetter"] = type_value(itemgetter_t);

  TypeObj* attrgetter_t = in.new_type("attrgetter", "operator", {in.t.object});
  attrgetter_t->call = [attrgetter_t](Interp& in, Args& a) -> Value {
    if (a.pos.empty()) in.raise_exc("TypeError", "attrgetter expected 1 argument, got 0");
    std::vector<std::string> names;
    for (auto& v : a.pos) {
      if (!v.as<StrObj>()) in.raise_exc("TypeError", "attribute name must be a string");
      names.push_back(v.as<StrObj>()->s);
    }
    return make_getter(attrgetter_t, a.pos, "operator.attrgetter(" + joined_reprs(in, a.pos) + ")",
                       [names](Interp& in, Args& c) -> Value {
                         Value obj = c.required(0, "obj");
                         if (names.size() == 1) return dotted_getattr(in, obj, names[0]);
                         std::vector<Value> out;
                         for (auto& n : names) out.push_back(dotted_getattr(in, obj, n));
                         return make_tuple(std::move(out));
                       }, in);
  };
  m.attrs["attrgetter"] = type_value(attrgetter_t);

  TypeObj* methodcaller_t = in.new_type("methodcaller", "operator", {in.t.object});
  methodcaller_t->call = [methodcaller_t](Interp& in, Args& a) -> Value {
    if (a.pos.empty()) in.raise_exc("TypeError", "methodcaller needs at least one argument, the method name");
    auto* name = a.pos[0].as<StrObj>();
    if (!name) in.raise_exc("TypeError", "method name must be a string");
    std::string method = name->s;
    std::vector<Value> args(a.pos.begin() + 1, a.pos.end());
    auto kw = a.kw;
    std::string text = "operator.methodcaller(" + joined_reprs(in, a.pos);
    for (auto& [k, v] : kw) text += ", " + k + "=" + in.repr(v);
    std::vector<Value> keep = args;
    for (auto& [k, v] : kw) keep.push_back(v);
    return make_getter(methodcaller_t, keep, text + ")", [method, args, kw](Interp& in, Args& c) -> Value {
      Args call;
      call.pos = args;
      call.kw = kw;
      return in.call(in.getattr(c.required(0, "obj"), method), call);
    }, in);
  };
  m.attrs["methodcaller"] = type_value(methodcaller_t);
}

}  // namespace sl::lang

// function_attrs: the attributes of Python function objects (__name__,
// __qualname__, __doc__, __module__, __defaults__, __kwdefaults__, __dict__ and
// whatever a program assigns, such as __wrapped__), as CPython's funcobject.c
// has them.
// Invariant: an assigned __name__/__qualname__ is a str, __defaults__ a tuple or
// None, __kwdefaults__ and __dict__ dicts; anything else is refused with
// CPython's TypeError, so the call path can trust them.
#include <algorithm>

#include "core/model/error.hpp"
#include "core/lang/eval/interp.hpp"

namespace sl::lang {

namespace {

Value& function_dict(FunctionObj& f) {
  if (f.dict.is_none()) f.dict = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
  return f.dict;
}

const Value* assigned(const FunctionObj& f, const std::string& name) {
  for (auto& kv : f.assigned)
    if (kv.first == name) return &kv.second;
  return nullptr;
}

// The names every function answers (dir(f) of CPython 3.13 without the
// instance dictionary), sorted.
const char* const kFunctionNames[] = {
    "__annotations__", "__builtins__", "__call__", "__class__", "__closure__", "__code__", "__defaults__",
    "__delattr__", "__dict__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__", "__get__",
    "__getattribute__", "__getstate__", "__globals__", "__gt__", "__hash__", "__init__", "__init_subclass__",
    "__kwdefaults__", "__le__", "__lt__", "__module__", "__name__", "__ne__", "__new__", "__qualname__",
    "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__", "__subclasshook__",
    "__type_params__"};

// f.__code__: a code object with the co_* fields inspect and tutorials read
// (CPython's PyCodeObject: co_varnames lists the positional parameters, then
// the keyword-only ones, then *args and **kwargs, then the other locals;
// co_flags is OPTIMIZED | NEWLOCALS, VARARGS 0x4, VARKEYWORDS 0x8, NESTED
// 0x10 for a function defined in a function, GENERATOR 0x20). There is no
// bytecode: co_code is absent. Made on each access, as a snapshot.
Value code_object(Interp& in, const FunctionObj& f) {
  const FuncDef& d = *f.def;
  std::vector<Value> names;
  int64_t argc = 0, posonly = 0, kwonly = 0, flags = 0x3;
  for (const Param::Kind k : {Param::PosOnly, Param::Normal, Param::KwOnly, Param::VarArgs, Param::VarKw})
    for (auto& p : d.params)
      if (p.kind == k) names.push_back(make_str(p.name));
  for (auto& p : d.params) {
    argc += p.kind == Param::PosOnly || p.kind == Param::Normal;
    posonly += p.kind == Param::PosOnly;
    kwonly += p.kind == Param::KwOnly;
    if (p.kind == Param::VarArgs) flags |= 0x4;
    if (p.kind == Param::VarKw) flags |= 0x8;
  }
  for (auto& l : d.locals)
    if (std::none_of(d.params.begin(), d.params.end(), [&](const Param& p) { return p.name == l; })) names.push_back(make_str(l));
  if (d.qualname.find("<locals>") != std::string::npos) flags |= 0x10;
  if (d.is_generator) flags |= 0x20;
  auto code = std::make_shared<GenericObj>(in.t.code);
  code->attrs["co_name"] = make_str(d.name);
  code->attrs["co_qualname"] = make_str(d.qualname.empty() ? d.name : d.qualname);
  code->attrs["co_filename"] = make_str(in.program_filename());
  code->attrs["co_firstlineno"] = Value::integer(d.line);
  code->attrs["co_argcount"] = Value::integer(argc);
  code->attrs["co_posonlyargcount"] = Value::integer(posonly);
  code->attrs["co_kwonlyargcount"] = Value::integer(kwonly);
  code->attrs["co_nlocals"] = Value::integer(int64_t(names.size()));
  code->attrs["co_varnames"] = make_tuple(std::move(names));
  code->attrs["co_flags"] = Value::integer(flags);
  code->attrs["co_freevars"] = make_tuple({});
  code->attrs["co_cellvars"] = make_tuple({});
  return Value(std::static_pointer_cast<Obj>(code));
}

}  // namespace

bool function_getattr(Interp& in, FunctionObj& f, const std::string& name, Value& out) {
  if (const Value* v = assigned(f, name)) {
    out = *v;
    return true;
  }
  const FuncDef& d = *f.def;
  if (name == "__name__") out = make_str(d.name);
  else if (name == "__qualname__") out = make_str(d.qualname.empty() ? d.name : d.qualname);
  else if (name == "__doc__") out = d.doc.empty() ? Value() : make_str(d.doc);
  else if (name == "__module__") out = make_str("__main__");
  else if (name == "__defaults__") out = f.defaults.empty() ? Value() : make_tuple(f.defaults);
  else if (name == "__kwdefaults__") {
    if (f.kwdefaults.empty()) {
      out = Value();
    } else {
      out = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
      for (auto& [k, v] : f.kwdefaults) in.setitem(out, make_str(k), v);
    }
  } else if (name == "__dict__") out = function_dict(f);
  else if (name == "__code__") out = code_object(in, f);
  else if (!f.dict.is_none() && in.contains(f.dict, make_str(name))) out = in.getitem(f.dict, make_str(name));
  else return false;
  return true;
}

void function_setattr(Interp& in, FunctionObj& f, const std::string& name, const Value& x) {
  auto set_assigned = [&](const Value& v) {
    for (auto& kv : f.assigned)
      if (kv.first == name) {
        kv.second = v;
        return;
      }
    f.assigned.push_back({name, v});
  };
  if (name == "__name__" || name == "__qualname__") {
    if (!x.as<StrObj>()) type_error(name + " must be set to a string object");
    return set_assigned(x);
  }
  if (name == "__doc__" || name == "__module__") return set_assigned(x);
  if (name == "__defaults__") {
    if (!x.is_none() && !x.as<TupleObj>()) type_error("__defaults__ must be set to a tuple object");
    f.defaults = x.is_none() ? std::vector<Value>{} : x.as<TupleObj>()->items;
    return;
  }
  if (name == "__kwdefaults__") {
    if (!x.is_none() && !x.as<DictObj>()) type_error("__kwdefaults__ must be set to a dict object");
    f.kwdefaults.clear();
    if (auto* d = x.as<DictObj>())
      for (size_t i = 0; i < d->t.entries.size(); ++i)
        if (d->t.alive[i] && d->t.entries[i].first.as<StrObj>())
          f.kwdefaults.push_back({d->t.entries[i].first.as<StrObj>()->s, d->t.entries[i].second});
    return;
  }
  if (name == "__dict__") {
    if (!x.as<DictObj>()) type_error("__dict__ must be set to a dictionary, not a '" + in.type_name(x) + "'");
    f.dict = x;
    return;
  }
  in.setitem(function_dict(f), make_str(name), x);
}

std::vector<std::string> function_attribute_names(FunctionObj& f) {
  std::vector<std::string> out(std::begin(kFunctionNames), std::end(kFunctionNames));
  if (auto* d = f.dict.as<DictObj>())
    for (size_t i = 0; i < d->t.entries.size(); ++i)
      if (d->t.alive[i] && d->t.entries[i].first.as<StrObj>()) out.push_back(d->t.entries[i].first.as<StrObj>()->s);
  return out;
}

}  // namespace sl::lang

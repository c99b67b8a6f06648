// typing_module: `typing` -- the names annotations use (List, Dict, Optional,
// Union, Callable, Any, TypeVar, ...), subscriptable so that annotations
// evaluate, printing as CPython 3.13 prints them (typing.List[int]).
// Invariant: a typing alias is a GenericObj of typing._GenericAlias carrying
// its printed form; subscripting makes a new alias and checks nothing (typing
// is for the reader: no annotation is enforced, as in CPython).
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

// How typing prints one argument: classes by name (int, numpy.ndarray),
// None as None, aliases and lists of them as themselves.
std::string type_repr(Interp& in, const Value& v) {
  if (auto* t = v.as<TypeObj>()) return t->module == "builtins" ? t->name : t->module + "." + t->name;
  if (v.is_none()) return "None";
  if (v.as<EllipsisObj>()) return "...";
  if (auto* l = v.as<ListObj>()) {
    std::string s = "[";
    for (size_t k = 0; k < l->items.size(); ++k) s += (k ? ", " : "") + type_repr(in, l->items[k]);
    return s + "]";
  }
  if (v.as<StrObj>()) return "ForwardRef(" + in.repr(v) + ")";
  return in.repr(v);
}

Value make_alias(Interp& in, TypeObj* t, const std::string& text, const std::string& name) {
  auto g = std::make_shared<GenericObj>(t);
  g->attrs["__repr__"] = in.builtin("__repr__", [text](Interp&, Args&) { return make_str(text); });
  g->attrs["_name"] = make_str(name);
  g->attrs["__getitem__"] = in.builtin("__getitem__", [t, name](Interp& in, Args& a) -> Value {
    Value key = a.pos.at(0);
    std::vector<Value> args = key.as<TupleObj>() ? key.as<TupleObj>()->items : std::vector<Value>{key};
    // Union prints Union[X, None] as Optional[X] and a longer union's None as NoneType.
    bool is_union = name == "Union" || name == "Optional";
    std::vector<Value> members = args;
    if (name == "Optional") members.push_back(Value());
    size_t nones = 0;
    for (auto& x : members) nones += x.is_none();
    if (is_union && members.size() == 1) return members[0];
    std::string head = "typing." + name, inner;
    if (is_union && nones == 1 && members.size() == 2) {
      head = "typing.Optional";
      for (auto& x : members)
        if (!x.is_none()) inner = type_repr(in, x);
    } else {
      if (is_union) head = "typing.Union";
      for (size_t k = 0; k < members.size(); ++k)
        inner += (k ? ", " : "") + (is_union && members[k].is_none() ? std::string("NoneType") : type_repr(in, members[k]));
    }
    Value alias = make_alias(in, t, head + "[" + inner + "]", name);
    alias.as<GenericObj>()->attrs["__args__"] = make_tuple(args);
    return alias;
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

const char* const kAliasNames[] = {
    "Any", "List", "Dict", "Set", "FrozenSet", "Tuple", "Optional", "Union", "Callable", "Iterable",
    "Iterator", "Generator", "Sequence", "MutableSequence", "Mapping", "MutableMapping", "Type", "Literal",
    "Final", "ClassVar", "Annotated", "Deque", "DefaultDict", "OrderedDict", "Counter", "NoReturn", "Never",
    "Self", "Hashable", "Sized", "Collection", "Container", "AbstractSet", "KeysView", "ValuesView",
    "ItemsView", "Reversible", "SupportsInt", "SupportsFloat", "SupportsIndex", "Awaitable", "Coroutine",
};

}  // namespace

void install_typing_module(Interp& in) {
  ModuleObj& m = new_module(in, "typing");
  TypeObj* alias_t = in.new_type("_GenericAlias", "typing", {in.t.object});
  for (const char* n : kAliasNames) m.attrs[n] = make_alias(in, alias_t, std::string("typing.") + n, n);
  m.attrs["TYPE_CHECKING"] = Value::boolean(false);
  m.attrs["cast"] = in.builtin("cast", [](Interp&, Args& a) -> Value { return a.pos.at(1); });
  TypeObj* typevar_t = in.new_type("TypeVar", "typing", {in.t.object});
  typevar_t->call = [typevar_t](Interp& in, Args& a) -> Value {
    Value name = a.required(0, "name");
    if (!name.as<StrObj>()) in.raise_exc("TypeError", "TypeVar name must be a string");
    auto g = std::make_shared<GenericObj>(typevar_t);
    std::string text = "~" + name.as<StrObj>()->s;
    g->attrs["__name__"] = name;
    g->attrs["__repr__"] = in.builtin("__repr__", [text](Interp&, Args&) { return make_str(text); });
    a.kw.clear();
    return Value(std::static_pointer_cast<Obj>(g));
  };
  m.attrs["TypeVar"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), typevar_t));
  // NewType(name, tp): a callable returning its argument unchanged.
  m.attrs["NewType"] = in.builtin("NewType", [](Interp& in, Args& a) -> Value {
    std::string name = in.str(a.required(0, "name"));
    return in.builtin(name, [](Interp&, Args& b) -> Value { return b.pos.at(0); });
  });
}

}  // namespace sl::lang

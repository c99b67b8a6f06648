// functools_module: `functools` -- reduce, partial, lru_cache / cache,
// wraps / update_wrapper, cmp_to_key, as CPython 3.13's functools behaves.
// Invariant: partial objects, cached functions and wrapped functions are
// GenericObjs answering calls through their "__call__" attribute; everything
// they keep (the function, bound arguments, the cache) is in their attrs,
// where the cycle collector sees it.
// total_ordering is not here: it needs user classes (issue 14, item 1).
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

// functools.reduce(function, iterable[, initial]): a left fold.
Value functools_reduce(Interp& in, Args& a) {
  Value f = a.required(0, "function");
  Value it = in.iter(a.required(1, "iterable"));
  Value acc;
  bool have = a.take(2, "initial", acc);
  a.finish(3);
  Value x;
  while (in.next(it, x)) {
    if (!have) {
      acc = x;
      have = true;
      continue;
    }
    acc = in.call(f, std::vector<Value>{acc, x});
  }
  if (!have) in.raise_exc("TypeError", "reduce() of empty iterable with no initial value");
  return acc;
}

// functools.partial(func, *args, **keywords): calling it calls func with the
// bound positionals first and the call's keywords overriding the bound ones.
Value make_partial(Interp& in, TypeObj* t, Args& a) {
  if (a.pos.empty()) in.raise_exc("TypeError", "type 'partial' takes at least one argument");
  Value func = a.pos[0];
  if (!in.truthy(in.call(in.builtins["callable"], std::vector<Value>{func})))
    in.raise_exc("TypeError", "the first argument must be callable");
  std::vector<Value> args(a.pos.begin() + 1, a.pos.end());
  auto kw = std::make_shared<DictObj>();
  // partial(partial(f, 1), 2) flattens to partial(f, 1, 2), as CPython does.
  if (auto* inner = func.as<GenericObj>(); inner && inner->type == t) {
    auto inner_args = inner->attrs["args"].as<TupleObj>()->items;
    args.insert(args.begin(), inner_args.begin(), inner_args.end());
    auto* ikw = inner->attrs["keywords"].as<DictObj>();
    for (size_t i = 0; i < ikw->t.entries.size(); ++i)
      if (ikw->t.alive[i]) table_set(in, kw->t, ikw->t.entries[i].first, ikw->t.entries[i].second);
    func = inner->attrs["func"];
  }
  for (auto& [k, v] : a.kw) table_set(in, kw->t, make_str(k), v);
  auto p = std::make_shared<GenericObj>(t);
  p->attrs["func"] = func;
  p->attrs["args"] = make_tuple(args);
  p->attrs["keywords"] = Value(std::static_pointer_cast<Obj>(kw));
  std::weak_ptr<GenericObj> w = p;
  p->attrs["__call__"] = in.builtin("partial", [w](Interp& in, Args& call) -> Value {
    auto self = w.lock();
    if (!self) in.raise_exc("ReferenceError", "weakly-referenced object no longer exists");
    Args full;
    full.pos = self->attrs["args"].as<TupleObj>()->items;
    full.pos.insert(full.pos.end(), call.pos.begin(), call.pos.end());
    auto* bound = self->attrs["keywords"].as<DictObj>();
    for (size_t i = 0; i < bound->t.entries.size(); ++i) {
      if (!bound->t.alive[i]) continue;
      std::string k = in.str(bound->t.entries[i].first);
      bool overridden = false;
      for (auto& [ck, cv] : call.kw) overridden |= ck == k;
      if (!overridden) full.kw.emplace_back(k, bound->t.entries[i].second);
    }
    full.kw.insert(full.kw.end(), call.kw.begin(), call.kw.end());
    return in.call(self->attrs["func"], full);
  });
  p->attrs["__repr__"] = in.builtin("__repr__", [w](Interp& in, Args&) -> Value {
    auto self = w.lock();
    std::string s = "functools.partial(" + in.repr(self->attrs["func"]);
    for (auto& x : self->attrs["args"].as<TupleObj>()->items) s += ", " + in.repr(x);
    auto* bound = self->attrs["keywords"].as<DictObj>();
    for (size_t i = 0; i < bound->t.entries.size(); ++i)
      if (bound->t.alive[i]) s += ", " + in.str(bound->t.entries[i].first) + "=" + in.repr(bound->t.entries[i].second);
    return make_str(s + ")");
  });
  return Value(std::static_pointer_cast<Obj>(p));
}

// The attributes update_wrapper copies (WRAPPER_ASSIGNMENTS) and __wrapped__.
void copy_wrapper_attrs(Interp& in, GenericObj& w, const Value& wrapped) {
  for (const char* n : {"__module__", "__name__", "__qualname__", "__doc__"}) {
    try {
      w.attrs[n] = in.getattr(wrapped, n);
    } catch (const PyError& e) {
      if (e.type != "AttributeError") throw;
    }
  }
  if (w.attrs.count("__name__") && !w.attrs.count("__qualname__")) w.attrs["__qualname__"] = w.attrs["__name__"];
  w.attrs["__wrapped__"] = wrapped;
}

// update_wrapper(wrapper, wrapped): stridelab's functions take no attributes
// yet, so the result is a proxy that calls `wrapper` and carries the copied
// attributes (and repr) of `wrapped`.
Value wrap_function(Interp& in, TypeObj* t, const Value& wrapper, const Value& wrapped) {
  auto p = std::make_shared<GenericObj>(t);
  p->attrs["__call__"] = wrapper;
  copy_wrapper_attrs(in, *p, wrapped);
  std::string name = p->attrs.count("__name__") ? in.str(p->attrs["__name__"]) : "wrapper";
  std::weak_ptr<GenericObj> w = p;
  p->attrs["__repr__"] = in.builtin("__repr__", [w, name](Interp&, Args&) -> Value {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", static_cast<const void*>(w.lock().get()));
    return make_str("<function " + name + " at " + buf + ">");
  });
  return Value(std::static_pointer_cast<Obj>(p));
}

// ---------------------------------------------------------------- lru_cache
// functools.lru_cache: results keyed by the call's arguments (positionals,
// then a marker and the keyword pairs); with a maxsize the least recently
// used entry is dropped (a hit moves its key to the end of the table).
struct LruState {
  int64_t maxsize;  // -1: unbounded
  int64_t hits = 0, misses = 0;
};

Value cache_key(const Args& a) {
  std::vector<Value> key = a.pos;
  if (!a.kw.empty()) {
    key.push_back(make_str("\x01kwmark"));
    for (auto& [k, v] : a.kw) {
      key.push_back(make_str(k));
      key.push_back(v);
    }
  }
  return make_tuple(std::move(key));
}

Value make_cached(Interp& in, TypeObj* t, const Value& fn, int64_t maxsize) {
  auto p = std::make_shared<GenericObj>(t);
  auto st = std::make_shared<LruState>();
  st->maxsize = maxsize;
  p->native = st;
  copy_wrapper_attrs(in, *p, fn);
  p->attrs["__cache__"] = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
  std::weak_ptr<GenericObj> w = p;
  auto self_of = [w](Interp& in) {
    auto s = w.lock();
    if (!s) in.raise_exc("ReferenceError", "weakly-referenced object no longer exists");
    return s;
  };
  p->attrs["__call__"] = in.builtin("lru_cache_wrapper", [self_of](Interp& in, Args& a) -> Value {
    auto self = self_of(in);
    auto* lru = static_cast<LruState*>(self->native.get());
    Value cache = self->attrs["__cache__"];
    HashTable& tab = cache.as<DictObj>()->t;
    Value key = cache_key(a);
    long i = table_lookup(in, tab, key);
    if (i >= 0) {
      ++lru->hits;
      Value v = tab.entries[size_t(i)].second;
      if (lru->maxsize >= 0) {  // most recently used goes last
        table_erase(in, tab, key);
        table_set(in, tab, key, v);
      }
      return v;
    }
    ++lru->misses;
    Value v = in.call(self->attrs["__wrapped__"], a);
    if (lru->maxsize == 0) return v;
    if (lru->maxsize > 0 && int64_t(tab.count) >= lru->maxsize) {
      for (size_t k = 0; k < tab.entries.size(); ++k)
        if (tab.alive[k]) {
          Value oldest = tab.entries[k].first;
          table_erase(in, tab, oldest);
          break;
        }
    }
    table_set(in, tab, key, v);
    return v;
  });
  p->attrs["cache_info"] = in.builtin("cache_info", [self_of](Interp& in, Args&) -> Value {
    auto self = self_of(in);
    auto* lru = static_cast<LruState*>(self->native.get());
    Value info = in.modules["functools"]->attrs["_CacheInfo"];
    return in.call(info, std::vector<Value>{Value::integer(lru->hits), Value::integer(lru->misses),
                                            lru->maxsize < 0 ? Value() : Value::integer(lru->maxsize),
                                            Value::integer(int64_t(self->attrs["__cache__"].as<DictObj>()->t.count))});
  });
  p->attrs["cache_clear"] = in.builtin("cache_clear", [self_of](Interp& in, Args&) -> Value {
    auto self = self_of(in);
    auto* lru = static_cast<LruState*>(self->native.get());
    lru->hits = lru->misses = 0;
    self->attrs["__cache__"] = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
    return Value();
  });
  p->attrs["cache_parameters"] = in.builtin("cache_parameters", [self_of](Interp& in, Args&) -> Value {
    auto* lru = static_cast<LruState*>(self_of(in)->native.get());
    auto d = std::make_shared<DictObj>();
    table_set(in, d->t, make_str("maxsize"), lru->maxsize < 0 ? Value() : Value::integer(lru->maxsize));
    table_set(in, d->t, make_str("typed"), Value::boolean(false));
    return Value(std::static_pointer_cast<Obj>(d));
  });
  std::string name = p->attrs.count("__name__") ? in.str(p->attrs["__name__"]) : "f";
  p->attrs["__repr__"] = in.builtin("__repr__", [self_of, name](Interp& in, Args&) -> Value {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", static_cast<const void*>(self_of(in).get()));
    return make_str("<functools._lru_cache_wrapper object at " + std::string(buf) + ">");
  });
  return Value(std::static_pointer_cast<Obj>(p));
}

// cmp_to_key(mycmp): a key whose objects order by mycmp(a, b) < 0.
Value make_cmp_key(Interp& in, TypeObj* t, const Value& cmp, const Value& obj) {
  auto k = std::make_shared<GenericObj>(t);
  k->attrs["obj"] = obj;
  k->attrs["__cmp__"] = cmp;
  return Value(std::static_pointer_cast<Obj>(k));
}

}  // namespace

void install_functools_module(Interp& in) {
  ModuleObj& m = new_module(in, "functools");
  m.attrs["reduce"] = in.builtin("reduce", functools_reduce);

  TypeObj* partial_t = in.new_type("partial", "functools", {in.t.object});
  partial_t->call = [partial_t](Interp& in, Args& a) { return make_partial(in, partial_t, a); };
  m.attrs["partial"] = type_value(partial_t);

  TypeObj* wrapped_t = in.new_type("function", "functools", {in.t.function});
  TypeObj* lru_t = in.new_type("_lru_cache_wrapper", "functools", {in.t.object});
  m.attrs["_CacheInfo"] = in.call(in.modules.at("collections")->attrs.at("namedtuple"),
                                  std::vector<Value>{make_str("CacheInfo"),
                                                     make_list({make_str("hits"), make_str("misses"),
                                                                make_str("maxsize"), make_str("currsize")})});
  m.attrs["_CacheInfo"].as<TypeObj>()->module = "functools";
  m.attrs["update_wrapper"] = in.builtin("update_wrapper", [wrapped_t](Interp& in, Args& a) -> Value {
    Value wrapper = a.required(0, "wrapper"), wrapped = a.required(1, "wrapped");
    return wrap_function(in, wrapped_t, wrapper, wrapped);
  });
  m.attrs["wraps"] = in.builtin("wraps", [wrapped_t](Interp& in, Args& a) -> Value {
    Value wrapped = a.required(0, "wrapped");
    return in.builtin("wraps", [wrapped_t, wrapped](Interp& in, Args& b) -> Value {
      return wrap_function(in, wrapped_t, b.required(0, "wrapper"), wrapped);
    });
  });
  // lru_cache(maxsize=128) returns a decorator; lru_cache(f) decorates f (maxsize 128).
  m.attrs["lru_cache"] = in.builtin("lru_cache", [lru_t](Interp& in, Args& a) -> Value {
    Value first = a.optional(0, "maxsize", Value::integer(128));
    a.optional(1, "typed");
    if (!first.is_none() && !first.is_int() && !first.is_bool()) {
      if (!in.truthy(in.call(in.builtins["callable"], std::vector<Value>{first})))
        in.raise_exc("TypeError", "Expected first argument to be an integer, a callable, or None");
      return make_cached(in, lru_t, first, 128);
    }
    int64_t maxsize = first.is_none() ? -1 : std::max<int64_t>(0, first.as_int());
    return in.builtin("decorating_function", [lru_t, maxsize](Interp& in, Args& b) -> Value {
      return make_cached(in, lru_t, b.required(0, "user_function"), maxsize);
    });
  });
  m.attrs["cache"] = in.builtin("cache", [lru_t](Interp& in, Args& a) -> Value {
    return make_cached(in, lru_t, a.required(0, "user_function"), -1);
  });

  TypeObj* key_t = in.new_type("KeyWrapper", "functools", {in.t.object});
  // The key objects compare through the user's cmp (only "<" and "==" are needed by sort and min/max).
  const ModuleFnDef key_methods[] = {
      {"__lt__", [](Interp& in, Args& a) -> Value {
         auto* x = a.pos[0].as<GenericObj>();
         auto* y = a.pos.at(1).as<GenericObj>();
         Value r = in.call(x->attrs["__cmp__"], std::vector<Value>{x->attrs["obj"], y->attrs["obj"]});
         return Value::boolean(in.truthy(in.compare(CmpOp::Lt, r, Value::integer(0))));
       }},
  };
  for (const auto& d : key_methods) in.def_method(key_t, d.name, d.fn);
  m.attrs["cmp_to_key"] = in.builtin("cmp_to_key", [key_t](Interp& in, Args& a) -> Value {
    Value cmp = a.required(0, "mycmp");
    return in.builtin("K", [key_t, cmp](Interp& in, Args& b) { return make_cmp_key(in, key_t, cmp, b.required(0, "obj")); });
  });
}

}  // namespace sl::lang

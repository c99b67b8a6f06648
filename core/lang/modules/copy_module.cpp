// copy_module: `copy` -- copy (one level) and deepcopy (with a memo, so shared
// and cyclic references come out shared and cyclic), as CPython 3.13's copy.py.
// Invariant: immutable atoms (None, numbers, str, types, functions, modules,
// ranges) come back as themselves; a tuple comes back as itself when deep
// copying changes none of its items; arrays and tensors copy through their
// own copy() / clone(), as their __copy__ / __deepcopy__ do. An instance of
// a class statement follows copy.py's protocol (Note [Copying instances]).
//
// Note [Copying instances]: for an instance of a user class, copy(x) calls
// the class's __copy__ and deepcopy(x, memo) its __deepcopy__(memo); else a
// __reduce_ex__ / __reduce__ the class defines gives (callable, args[, state[,
// listitems[, dictitems]]]), and otherwise it is object's reduction for
// protocol 4: cls.__new__(cls, *__getnewargs__()) with state = __getstate__()
// or the instance's __dict__ plus its slots. copy.py's _reconstruct then
// makes y = callable(*args) (deepcopy: args deep-copied and y memoised first,
// so cycles through y come back to y), restores the state through
// y.__setstate__ or by updating y.__dict__ and setting the slots, and appends
// or assigns the list and dict items (a subclass of list or dict).
#include <functional>
#include <unordered_map>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/classes.hpp"

namespace sl::lang {

namespace {

bool is_atomic(const Value& v) {
  if (!v.is_obj()) return !v.is_array();
  switch (v.obj()->kind) {
    case ObjKind::Str: case ObjKind::Function: case ObjKind::Builtin: case ObjKind::Module: case ObjKind::Type:
    case ObjKind::Range: case ObjKind::Slice: case ObjKind::Ellipsis: case ObjKind::Complex: case ObjKind::DType:
      return true;
    default: return false;
  }
}

Value copy_array(Interp& in, const Value& v) {
  if (v.arr().flavor == Flavor::Scalar) return v;
  return in.call(in.getattr(v, v.arr().flavor == Flavor::Torch ? "clone" : "copy"), std::vector<Value>{});
}

// deepcopy of a tensor, as Tensor.__deepcopy__ and Parameter.__deepcopy__: a graph leaf
// only; the copy is a new leaf with the data copied and the same requires_grad; a
// Parameter stays a Parameter (without its .grad), a tensor's .grad is deep-copied.
Value deepcopy_tensor(Interp& in, const Value& v, const std::function<Value(const Value&)>& deep) {
  auto call0 = [&](const Value& x, const char* name) { return in.call(in.getattr(x, name), std::vector<Value>{}); };
  if (!in.getattr(v, "grad_fn").is_none())
    in.raise_exc("RuntimeError", "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol "
                                 "at the moment.  If you were attempting to deepcopy a module, this may be because of a "
                                 "torch.nn.utils.weight_norm usage, see https://github.com/pytorch/pytorch/pull/103001");
  const Value requires_grad = in.getattr(v, "requires_grad");
  Value y = call0(call0(v, "detach"), "clone");
  Value cls = in.getattr(v, "__class__");
  if (heap_type_of(v) || in.type_of(v)->name == "Parameter")  // Parameter.__deepcopy__: no .grad
    return in.call(cls, std::vector<Value>{y, requires_grad});
  if (in.truthy(requires_grad)) y = in.call(in.getattr(y, "requires_grad_"), std::vector<Value>{Value::boolean(true)});
  Value g = in.getattr(v, "grad");
  if (!g.is_none()) in.setattr(y, "grad", deep(g));
  return y;
}

Value new_dict_like(const DictObj& d) {
  auto r = std::make_shared<DictObj>();
  r->type = d.type;
  r->extra = d.extra;
  return Value(std::static_pointer_cast<Obj>(r));
}

// An object with its own copy() (collections.deque, ...), else TypeError.
Value generic_copy(Interp& in, const Value& v) {
  if (in.hasattr(v, "copy")) return in.call(in.getattr(v, "copy"), std::vector<Value>{});
  in.raise_exc("TypeError", "cannot copy '" + in.type_of(v)->name + "' object");
}

// The class of a user instance defines `name` itself (not object's default).
bool class_defines(Interp& in, const Value& v, const char* name) {
  TypeObj* t = heap_type_of(v);
  if (!t) return false;
  Value f;
  TypeObj* owner = nullptr;
  return type_lookup(in, t, name, f, &owner) && owner && owner->heap;
}

Value call_method(Interp& in, const Value& v, const char* name, std::vector<Value> args) {
  return in.call(in.getattr(v, name), std::move(args));
}

// object.__reduce_ex__(4) for an instance: (copyreg.__newobj__-like maker, args, state, list items, dict items)
struct Reduction {
  Value func;
  std::vector<Value> args;
  Value state, listitems, dictitems;
};

Reduction reduce_instance(Interp& in, const Value& v) {
  Reduction r;
  if (class_defines(in, v, "__reduce_ex__") || class_defines(in, v, "__reduce__")) {
    Value rv = class_defines(in, v, "__reduce_ex__") ? call_method(in, v, "__reduce_ex__", {Value::integer(4)})
                                                     : call_method(in, v, "__reduce__", {});
    auto* t = rv.as<TupleObj>();
    if (!t || t->items.size() < 2 || t->items.size() > 5) in.raise_exc("TypeError", "__reduce__ must return a string or tuple");
    r.func = t->items[0];
    r.args = in.to_vector(t->items[1]);
    if (t->items.size() > 2) r.state = t->items[2];
    if (t->items.size() > 3) r.listitems = t->items[3];
    if (t->items.size() > 4) r.dictitems = t->items[4];
    return r;
  }
  Value cls = in.getattr(v, "__class__");
  r.func = in.getattr(cls, "__new__");
  r.args.push_back(cls);
  if (class_defines(in, v, "__getnewargs__"))
    for (Value& a : in.to_vector(call_method(in, v, "__getnewargs__", {}))) r.args.push_back(a);
  if (class_defines(in, v, "__getstate__")) {
    r.state = call_method(in, v, "__getstate__", {});
  } else {
    auto* inst = v.as<InstanceObj>();
    Value d = inst && !inst->dict.is_none() ? inst->dict : Value();
    bool has_dict = d.as<DictObj>() && in.len(d) > 0;
    Value slots;
    if (inst) {
      std::vector<Value> keys, vals;
      TypeObj* t = inst->type;
      for (size_t i = 0; i < t->slots.size() && i < inst->slots.size(); ++i)
        if (inst->slot_set[i]) {
          keys.push_back(make_str(t->slots[i]));
          vals.push_back(inst->slots[i]);
        }
      if (!keys.empty()) {
        slots = in.call(in.builtins["dict"], std::vector<Value>{});
        for (size_t i = 0; i < keys.size(); ++i) in.setitem(slots, keys[i], vals[i]);
      }
    }
    if (!slots.is_none()) r.state = make_tuple({has_dict ? d : Value(), slots});
    else if (has_dict) r.state = d;
    if (inst && inst->builtin_base.as<ListObj>()) r.listitems = in.iter(inst->builtin_base);
    if (inst && inst->builtin_base.as<DictObj>()) r.dictitems = in.iter(call_method(in, inst->builtin_base, "items", {}));
  }
  return r;
}

// copy.py's _reconstruct; `deep` copies args, state and items through it (and memoises y first)
template <class Deep>
Value reconstruct(Interp& in, const Value& x, Reduction r, Deep* deep) {
  if (deep)
    for (Value& a : r.args) a = (*deep)(a);
  Value y = in.call(r.func, r.args);
  if (deep) deep->memo[x.identity()] = y;
  if (!r.state.is_none()) {
    if (deep) r.state = (*deep)(r.state);
    if (in.hasattr(y, "__setstate__") && (class_defines(in, y, "__setstate__") || !heap_type_of(y))) {
      call_method(in, y, "__setstate__", {r.state});
    } else {
      Value state = r.state, slotstate;
      if (auto* t = state.as<TupleObj>(); t && t->items.size() == 2) {
        slotstate = t->items[1];
        state = t->items[0];
      }
      if (!state.is_none()) call_method(in, in.getattr(y, "__dict__"), "update", {state});
      if (!slotstate.is_none()) {
        Value it = in.iter(call_method(in, slotstate, "items", {}));
        Value kv;
        while (in.next(it, kv)) {
          std::vector<Value> p = in.to_vector(kv);
          in.setattr(y, in.str(p[0]), p[1]);
        }
      }
    }
  }
  if (!r.listitems.is_none()) {
    Value it = in.iter(r.listitems), item;
    while (in.next(it, item)) call_method(in, y, "append", {deep ? (*deep)(item) : item});
  }
  if (!r.dictitems.is_none()) {
    Value it = in.iter(r.dictitems), kv;
    while (in.next(it, kv)) {
      std::vector<Value> p = in.to_vector(kv);
      in.setitem(y, deep ? (*deep)(p[0]) : p[0], deep ? (*deep)(p[1]) : p[1]);
    }
  }
  return y;
}

struct DeepCopier;

Value shallow(Interp& in, const Value& v) {
  if (is_atomic(v)) return v;
  if (heap_type_of(v)) {
    if (class_defines(in, v, "__copy__")) return call_method(in, v, "__copy__", {});
    return reconstruct<DeepCopier>(in, v, reduce_instance(in, v), nullptr);
  }
  if (v.is_array()) return copy_array(in, v);
  switch (v.obj()->kind) {
    case ObjKind::Tuple: return v;
    case ObjKind::List: return make_list(v.as<ListObj>()->items);
    case ObjKind::Dict: {
      auto* d = v.as<DictObj>();
      Value r = new_dict_like(*d);
      for (size_t i = 0; i < d->t.entries.size(); ++i)
        if (d->t.alive[i]) table_set(in, r.as<DictObj>()->t, d->t.entries[i].first, d->t.entries[i].second);
      return r;
    }
    case ObjKind::Set:
      if (v.as<SetObj>()->frozen) return v;  // immutable
      return new_set(in, table_keys(v.as<SetObj>()->t));
    default: return generic_copy(in, v);
  }
}

struct DeepCopier {
  Interp& in;
  std::unordered_map<const void*, Value> memo;

  Value operator()(const Value& v) {
    if (is_atomic(v)) return v;
    auto hit = memo.find(v.identity());
    if (hit != memo.end()) return hit->second;
    if (v.is_array()) {
      if (v.arr().flavor != Flavor::Torch) return memo[v.identity()] = copy_array(in, v);
      Value y = deepcopy_tensor(in, v, [this](const Value& x) { return (*this)(x); });
      return memo[v.identity()] = y;
    }
    if (heap_type_of(v)) {
      if (class_defines(in, v, "__deepcopy__")) {
        Value memo_dict = in.call(in.builtins["dict"], std::vector<Value>{});
        Value y = call_method(in, v, "__deepcopy__", {memo_dict});
        return memo[v.identity()] = y;
      }
      Interp::FrameCharge frames(in, 2);
      return reconstruct(in, v, reduce_instance(in, v), this);
    }
    // CPython's deepcopy() and its _deepcopy_list/_tuple/_dict: two Python
    // frames per container level (Note [Recursion depth]).
    Interp::FrameCharge frames(in, 2);
    switch (v.obj()->kind) {
      case ObjKind::Tuple: {
        auto* t = v.as<TupleObj>();
        std::vector<Value> items;
        bool same = true;
        for (auto& x : t->items) {
          items.push_back((*this)(x));
          same &= items.back().identity() == x.identity() && items.back().tag() == x.tag();
        }
        // a tuple inside itself (through a list) was copied while its items were
        auto again = memo.find(v.identity());
        if (again != memo.end()) return again->second;
        if (same) return v;
        Value r = make_tuple(std::move(items));
        r.as<TupleObj>()->type = t->type;
        return memo[v.identity()] = r;
      }
      case ObjKind::List: {
        Value r = make_list();
        memo[v.identity()] = r;
        for (auto& x : v.as<ListObj>()->items) {
          Value c = (*this)(x);
          r.as<ListObj>()->items.push_back(c);
        }
        return r;
      }
      case ObjKind::Dict: {
        auto* d = v.as<DictObj>();
        Value r = new_dict_like(*d);
        memo[v.identity()] = r;
        r.as<DictObj>()->extra = (*this)(d->extra);
        for (size_t i = 0; i < d->t.entries.size(); ++i) {
          if (!d->t.alive[i]) continue;
          Value k = (*this)(d->t.entries[i].first), x = (*this)(d->t.entries[i].second);
          table_set(in, r.as<DictObj>()->t, k, x);
        }
        return r;
      }
      case ObjKind::Set: {
        std::vector<Value> items;
        for (auto& x : table_keys(v.as<SetObj>()->t)) items.push_back((*this)(x));
        Value r = new_set(in, items);
        r.as<SetObj>()->frozen = v.as<SetObj>()->frozen;
        return memo[v.identity()] = r;
      }
      default: {
        // deque and the other containers with a copy(): copy, then deep-copy the items in place
        Value r = generic_copy(in, v);
        memo[v.identity()] = r;
        if (in.hasattr(r, "__setitem__") && in.hasattr(r, "__len__")) {
          int64_t n = in.len(r);
          for (int64_t i = 0; i < n; ++i) in.setitem(r, Value::integer(i), (*this)(in.getitem(r, Value::integer(i))));
        }
        return r;
      }
    }
  }
};

Value copy_copy(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.finish(1);
  return shallow(in, x);
}
Value copy_deepcopy(Interp& in, Args& a) {
  Value x = a.required(0, "x");
  a.optional(1, "memo");
  a.finish(2);
  DeepCopier c{in, {}};
  return c(x);
}

// copy.replace(obj, /, **changes) (3.13): obj's class's __replace__, which datetime,
// namedtuples and dataclasses define.
Value copy_replace(Interp& in, Args& a) {
  if (a.pos.size() != 1)
    in.raise_exc("TypeError", "replace() takes 1 positional argument but " + std::to_string(a.pos.size()) + " were given");
  Value obj = a.pos[0];
  Value cls = in.getattr(obj, "__class__");
  if (!in.hasattr(cls, "__replace__"))
    in.raise_exc("TypeError", "replace() does not support " + in.str(in.getattr(cls, "__name__")) + " objects");
  Args call;
  call.pos = {obj};
  call.kw = a.kw;
  return in.call(in.getattr(cls, "__replace__"), call);
}

const ModuleFnDef kCopy[] = {{"copy", copy_copy}, {"deepcopy", copy_deepcopy}, {"replace", copy_replace}};

}  // namespace

void install_copy_module(Interp& in) {
  ModuleObj& m = new_module(in, "copy");
  def_functions(in, m, kCopy);
  TypeObj* err = in.define_exception("Error", "copy", {in.t.exception});
  m.attrs["Error"] = type_ref(err);
  m.attrs["error"] = type_ref(err);
}

}  // namespace sl::lang

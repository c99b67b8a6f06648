// copy_module: `copy` -- copy (one level) and deepcopy (with a memo, so shared
// and cyclic references come out shared and cyclic), as CPython 3.13's copy.py.
// Invariant: immutable atoms (None, numbers, str, types, functions, modules,
// ranges) come back as themselves; a tuple comes back as itself when deep
// copying changes none of its items; arrays and tensors copy through their
// own copy() / clone(), as their __copy__ / __deepcopy__ do.
#include <unordered_map>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/modules/modules.hpp"

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

Value shallow(Interp& in, const Value& v) {
  if (is_atomic(v)) return v;
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

// Tensor.__deepcopy__ (torch/_tensor.py): a leaf only; the copy is a new leaf
// with the same requires_grad; a Parameter copies as a Parameter.
Value deepcopy_tensor(Interp& in, const Value& v) {
  auto call = [&](const Value& self, const char* name, std::vector<Value> args = {}) { return in.call(in.getattr(self, name), std::move(args)); };
  const bool grad = in.truthy(in.getattr(v, "requires_grad"));
  if (grad && !in.truthy(in.getattr(v, "is_leaf")))
    in.raise_exc("RuntimeError", "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the "
                                 "moment.  If you were attempting to deepcopy a module, this may be because of a "
                                 "torch.nn.utils.weight_norm usage, see https://github.com/pytorch/pytorch/pull/103001");
  Value data = call(call(v, "detach"), "clone");
  if (in.type_of(v)->name == "Parameter") return in.call(type_ref(in.type_of(v)), std::vector<Value>{data, Value::boolean(grad)});
  return grad ? call(data, "requires_grad_", {Value::boolean(true)}) : data;
}

struct DeepCopier {
  Interp& in;
  std::unordered_map<const void*, Value> memo;

  // copyreg's default reduction of an instance (object.__reduce_ex__(4), then
  // copy._reconstruct): cls.__new__(cls), then its __dict__ deep-copied and
  // given to __setstate__ when the class has one (else it becomes the new
  // __dict__), and its slots deep-copied.
  Value instance(const Value& v, InstanceObj& inst) {
    Value r = in.call(in.getattr(type_ref(in.t.object), "__new__"), std::vector<Value>{inst.cls});
    memo[v.identity()] = r;
    auto* out = r.as<InstanceObj>();
    if (!out) return r;
    if (!inst.dict.is_none()) {
      Value state = (*this)(inst.dict);
      if (in.t.object != inst.type && in.hasattr(r, "__setstate__")) {
        out->dict = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
        in.call(in.getattr(r, "__setstate__"), std::vector<Value>{state});  // y.__setstate__(state)
      } else {
        out->dict = state;
      }
    }
    for (size_t i = 0; i < inst.slots.size() && i < out->slots.size(); ++i) {
      if (i < inst.slot_set.size() && inst.slot_set[i]) out->slots[i] = (*this)(inst.slots[i]);
      if (i < out->slot_set.size() && i < inst.slot_set.size()) out->slot_set[i] = inst.slot_set[i];
    }
    if (!inst.builtin_base.is_none()) out->builtin_base = (*this)(inst.builtin_base);
    return r;
  }

  Value operator()(const Value& v) {
    if (is_atomic(v)) return v;
    auto hit = memo.find(v.identity());
    if (hit != memo.end()) return hit->second;
    if (v.is_array()) return memo[v.identity()] = v.arr().flavor == Flavor::Torch ? deepcopy_tensor(in, v) : copy_array(in, v);
    if (auto* inst = v.as<InstanceObj>(); inst && !in.hasattr(v, "copy") && !in.hasattr(v, "__deepcopy__"))
      return instance(v, *inst);
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

const ModuleFnDef kCopy[] = {{"copy", copy_copy}, {"deepcopy", copy_deepcopy}};

}  // namespace

void install_copy_module(Interp& in) {
  ModuleObj& m = new_module(in, "copy");
  def_functions(in, m, kCopy);
}

}  // namespace sl::lang

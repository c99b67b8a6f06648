// containers: the methods of list, tuple, dict and set. Dicts and sets are
// insertion-ordered hash tables (abstract.cpp's table_*); a method that takes
// an iterable accepts anything iter() accepts.
#include <algorithm>

#include "core/lang/builtins/builtins.hpp"

namespace sl::lang {

namespace {

std::vector<Value>& self_l(Args& a) { return a.pos[0].as<ListObj>()->items; }
HashTable& self_d(Args& a) { return a.pos[0].as<DictObj>()->t; }
HashTable& self_set(Args& a) { return a.pos[0].as<SetObj>()->t; }

Value list_append(Interp& in, Args& a) {
  if (a.pos.size() != 2) in.raise_exc("TypeError", "list.append() takes exactly one argument (" + std::to_string(a.pos.size() - 1) + " given)");
  self_l(a).push_back(a.pos[1]);
  return Value();
}

Value list_extend(Interp& in, Args& a) {
  auto more = in.to_vector(a.required(1, "iterable"));
  auto& v = self_l(a);
  v.insert(v.end(), more.begin(), more.end());
  return Value();
}

Value list_insert(Interp& in, Args& a) {
  auto& v = self_l(a);
  int64_t i = in.index_value(a.required(1, "index")), n = int64_t(v.size());
  if (i < 0) i = std::max<int64_t>(0, i + n);
  if (i > n) i = n;
  v.insert(v.begin() + i, a.required(2, "object"));
  return Value();
}

Value list_pop(Interp& in, Args& a) {
  auto& v = self_l(a);
  if (v.empty()) in.raise_exc("IndexError", "pop from empty list");
  int64_t i = in.index_value(a.optional(1, "index", Value::integer(-1))), n = int64_t(v.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) in.raise_exc("IndexError", "pop index out of range");
  Value x = v[size_t(i)];
  v.erase(v.begin() + i);
  return x;
}

Value list_remove(Interp& in, Args& a) {
  auto& v = self_l(a);
  Value x = a.required(1, "value");
  // Each item is held while __eq__ runs, and the bound is read again after it:
  // __eq__ may change the list (list_remove_impl does the same).
  for (size_t k = 0; k < v.size(); ++k) {
    Value y = v[k];
    if (y.is_same(x) || in.eq(y, x)) {
      if (k < v.size()) v.erase(v.begin() + long(k));
      return Value();
    }
  }
  in.raise_exc("ValueError", "list.remove(x): x not in list");
}

template <bool list>
Value list_seq_index(Interp& in, Args& a) {
  const auto& v = list ? a.pos[0].as<ListObj>()->items : a.pos[0].as<TupleObj>()->items;
  Value x = a.required(1, "value");
  for (size_t k = 0; k < v.size(); ++k) {
    Value y = v[k];  // held while __eq__ runs (it may change the list)
    if (y.is_same(x) || in.eq(y, x)) return Value::integer(int64_t(k));
  }
  in.raise_exc("ValueError", list ? in.repr(x) + " is not in list" : "tuple.index(x): x not in tuple");
}

template <bool list>
Value list_seq_count(Interp& in, Args& a) {
  const auto& v = list ? a.pos[0].as<ListObj>()->items : a.pos[0].as<TupleObj>()->items;
  Value x = a.required(1, "value");
  int64_t n = 0;
  for (size_t k = 0; k < v.size(); ++k) {
    Value y = v[k];  // held while __eq__ runs (it may change the list)
    n += y.is_same(x) || in.eq(y, x);
  }
  return Value::integer(n);
}

Value list_sort(Interp& in, Args& a) {
  Value key = a.optional(99, "key");
  bool rev = in.truthy(a.optional(99, "reverse", Value::boolean(false)));
  a.finish(1);
  sort_list(in, *a.pos[0].as<ListObj>(), key, rev);
  return Value();
}

Value list_reverse(Interp&, Args& a) {
  std::reverse(self_l(a).begin(), self_l(a).end());
  return Value();
}

Value list_copy(Interp&, Args& a) {
  return make_list(self_l(a));
}

Value list_clear(Interp&, Args& a) {
  release_children(std::move(self_l(a)));  // Note [Release order]
  self_l(a).clear();
  return Value();
}

Value dict_keys(Interp&, Args& a) {
  return make_list(table_keys(self_d(a)));
}

Value dict_values(Interp&, Args& a) {
  std::vector<Value> out;
  auto& t = self_d(a);
  for (size_t i = 0; i < t.entries.size(); ++i)
    if (t.alive[i]) out.push_back(t.entries[i].second);
  return make_list(out);
}

Value dict_items(Interp&, Args& a) {
  std::vector<Value> out;
  auto& t = self_d(a);
  for (size_t i = 0; i < t.entries.size(); ++i)
    if (t.alive[i]) out.push_back(make_tuple({t.entries[i].first, t.entries[i].second}));
  return make_list(out);
}

Value dict_get(Interp& in, Args& a) {
  long i = table_lookup(in, self_d(a), a.required(1, "key"));
  return i >= 0 ? self_d(a).entries[size_t(i)].second : a.optional(2, "default");
}

Value dict_pop(Interp& in, Args& a) {
  Value k = a.required(1, "key");
  long i = table_lookup(in, self_d(a), k);
  if (i < 0) {
    if (a.pos.size() > 2) return a.pos[2];
    Value exc = in.make_exception(in.exception_type("KeyError"), {k});
    throw PyException("KeyError", in.repr(k), exc);
  }
  Value v = self_d(a).entries[size_t(i)].second;
  table_erase(in, self_d(a), k);
  return v;
}

Value dict_popitem(Interp& in, Args& a) {
  auto& t = self_d(a);
  for (size_t i = t.entries.size(); i-- > 0;) {
    if (!t.alive[i]) continue;
    Value k = t.entries[i].first, v = t.entries[i].second;
    table_erase(in, t, k);
    return make_tuple({k, v});
  }
  Value exc = in.make_exception(in.exception_type("KeyError"), {S("popitem(): dictionary is empty")});
  throw PyException("KeyError", "'popitem(): dictionary is empty'", exc);
}

Value dict_setdefault(Interp& in, Args& a) {
  Value k = a.required(1, "key");
  long i = table_lookup(in, self_d(a), k);
  if (i >= 0) return self_d(a).entries[size_t(i)].second;
  Value d = a.optional(2, "default");
  table_set(in, self_d(a), k, d);
  return d;
}

Value dict_update(Interp& in, Args& a) {
  if (a.pos.size() > 1) {
    Value src = a.pos[1];
    if (auto* sd = src.as<DictObj>()) {
      for (size_t i = 0; i < sd->t.entries.size(); ++i)
        if (sd->t.alive[i]) table_set(in, self_d(a), sd->t.entries[i].first, sd->t.entries[i].second);
    } else {
      for (auto& kv : in.to_vector(src)) {
        auto items = in.to_vector(kv);
        table_set(in, self_d(a), items.at(0), items.at(1));
      }
    }
  }
  for (auto& [k, v] : a.kw) table_set(in, self_d(a), S(k), v);
  return Value();
}

Value dict_copy(Interp& in, Args& a) {
  return in.call(in.builtins["dict"], std::vector<Value>{a.pos[0]});
}

Value dict_clear(Interp&, Args& a) {
  HashTable gone = std::move(self_d(a));
  self_d(a) = HashTable();
  release_table(gone);  // Note [Release order]
  return Value();
}

Value set_add(Interp& in, Args& a) {
  table_set(in, self_set(a), a.required(1, "elem"), Value());
  return Value();
}

Value set_discard(Interp& in, Args& a) {
  table_erase(in, self_set(a), a.required(1, "elem"));
  return Value();
}

Value set_remove(Interp& in, Args& a) {
  Value k = a.required(1, "elem");
  if (!table_erase(in, self_set(a), k)) {
    Value exc = in.make_exception(in.exception_type("KeyError"), {k});
    throw PyException("KeyError", in.repr(k), exc);
  }
  return Value();
}

Value as_set(Interp& in, const Value& v) { return v.as<SetObj>() ? v : new_set(in, in.to_vector(v)); }

// union / intersection / difference take any number of iterables (folded left
// to right, as CPython's set_union etc.); with none they copy.
template <BinOp op>
Value set_setop(Interp& in, Args& a) {
  if (!a.kw.empty())
    in.raise_exc("TypeError", std::string("set.") + (op == BinOp::BitOr ? "union" : op == BinOp::BitAnd ? "intersection" : "difference") +
                                  "() takes no keyword arguments");
  Value r = a.pos[0];
  if (a.pos.size() == 1) {
    auto c = std::make_shared<SetObj>();
    c->frozen = r.as<SetObj>()->frozen;
    table_merge_set(in, c->t, r.as<SetObj>()->t);
    return Value(std::static_pointer_cast<Obj>(c));
  }
  for (size_t k = 1; k < a.pos.size(); ++k) r = set_operation(in, op, r, as_set(in, a.pos[k]));
  return r;
}

Value set_symmetric_difference(Interp& in, Args& a) {
  Value other = a.required(1, "other");
  a.finish(2);
  return set_operation(in, BinOp::BitXor, a.pos[0], as_set(in, other));
}

// The *_update methods: s op= each iterable in turn, in place.
template <BinOp op>
Value set_update_with(Interp& in, Args& a) {
  if (op == BinOp::BitXor) {
    a.required(1, "other");
    a.finish(2);
  }
  for (size_t k = 1; k < a.pos.size(); ++k) set_update_op(in, op, a.pos[0], as_set(in, a.pos[k]));
  return Value();
}

// set.pop: the first active slot from the finger on (wrapping), as
// CPython's set_pop, which leaves the finger just past it.
Value set_pop(Interp& in, Args& a) {
  HashTable& t = self_set(a);
  if (t.count == 0) {
    Value exc = in.make_exception(in.exception_type("KeyError"), {S("pop from an empty set")});
    throw PyException("KeyError", "'pop from an empty set'", exc);
  }
  size_t mask = t.entries.size() - 1, i = t.finger & mask;
  while (!t.alive[i]) i = (i + 1) & mask;
  Value key = t.entries[i].first;
  t.entries[i] = {Value(), Value()};
  t.alive[i] = false;
  t.dummy[i] = true;
  t.hashes[i] = -1;
  --t.count;
  t.finger = i + 1;
  return key;
}

Value set_clear(Interp&, Args& a) {
  HashTable gone = std::move(self_set(a));
  self_set(a).make_slots(8);
  release_table(gone);  // Note [Release order]
  return Value();
}

Value set_update(Interp& in, Args& a) {
  for (size_t k = 1; k < a.pos.size(); ++k) {
    const Value& other = a.pos[k];
    if (auto* o = other.as<SetObj>()) {
      table_merge_set(in, self_set(a), o->t);
      continue;
    }
    for (auto& x : in.to_vector(other)) table_set(in, self_set(a), x, Value());
  }
  return Value();
}

Value set_copy(Interp& in, Args& a) {
  if (a.pos[0].as<SetObj>()->frozen) return a.pos[0];  // an immutable set is its own copy
  auto r = std::make_shared<SetObj>();
  table_merge_set(in, r->t, self_set(a));
  return Value(std::static_pointer_cast<Obj>(r));
}

Value set_issubset(Interp& in, Args& a) {
  Value other = a.required(1, "other");
  for (auto& k : table_keys(self_set(a)))
    if (!in.contains(other, k)) return Value::boolean(false);
  return Value::boolean(true);
}

Value set_issuperset(Interp& in, Args& a) {
  Value self = a.pos[0];
  for (auto& k : in.to_vector(a.required(1, "other")))
    if (!in.contains(self, k)) return Value::boolean(false);
  return Value::boolean(true);
}

Value set_isdisjoint(Interp& in, Args& a) {
  Value self = a.pos[0];
  for (auto& k : in.to_vector(a.required(1, "other")))
    if (in.contains(self, k)) return Value::boolean(false);
  return Value::boolean(true);
}

const NativeDef kListMethods[] = {
    {"append", list_append},
    {"extend", list_extend},
    {"insert", list_insert},
    {"pop", list_pop},
    {"remove", list_remove},
    {"index", list_seq_index<true>},
    {"count", list_seq_count<true>},
    {"sort", list_sort},
    {"reverse", list_reverse},
    {"copy", list_copy},
    {"clear", list_clear}
};
const NativeDef kTupleMethods[] = {
    {"index", list_seq_index<false>},
    {"count", list_seq_count<false>}
};
const NativeDef kDictMethods[] = {
    {"keys", dict_keys},
    {"values", dict_values},
    {"items", dict_items},
    {"get", dict_get},
    {"pop", dict_pop},
    {"popitem", dict_popitem},
    {"setdefault", dict_setdefault},
    {"update", dict_update},
    {"copy", dict_copy},
    {"clear", dict_clear}
};
const NativeDef kSetMethods[] = {
    {"add", set_add},
    {"discard", set_discard},
    {"remove", set_remove},
    {"union", set_setop<BinOp::BitOr>},
    {"intersection", set_setop<BinOp::BitAnd>},
    {"difference", set_setop<BinOp::Sub>},
    {"symmetric_difference", set_symmetric_difference},
    {"update", set_update},
    {"intersection_update", set_update_with<BinOp::BitAnd>},
    {"difference_update", set_update_with<BinOp::Sub>},
    {"symmetric_difference_update", set_update_with<BinOp::BitXor>},
    {"copy", set_copy},
    {"pop", set_pop},
    {"clear", set_clear},
    {"issubset", set_issubset},
    {"issuperset", set_issuperset},
    {"isdisjoint", set_isdisjoint}
};
const NativeDef kFrozensetMethods[] = {
    {"union", set_setop<BinOp::BitOr>},
    {"intersection", set_setop<BinOp::BitAnd>},
    {"difference", set_setop<BinOp::Sub>},
    {"symmetric_difference", set_symmetric_difference},
    {"copy", set_copy},
    {"issubset", set_issubset},
    {"issuperset", set_issuperset},
    {"isdisjoint", set_isdisjoint}
};

// dict.fromkeys(iterable, value=None): a new dict mapping each key to value.
Value dict_fromkeys(Interp& in, Args& a) {
  if (!a.kw.empty()) in.raise_exc("TypeError", "dict.fromkeys() takes no keyword arguments");
  if (a.pos.empty() || a.pos.size() > 2)
    in.raise_exc("TypeError", std::string("fromkeys expected ") + (a.pos.empty() ? "at least 1 argument, got 0" : "at most 2 arguments, got " + std::to_string(a.pos.size())));
  Value v = a.pos.size() > 1 ? a.pos[1] : Value();
  auto d = std::make_shared<DictObj>();
  for (auto& k : in.to_vector(a.pos[0])) table_set(in, d->t, k, v);
  return Value(std::static_pointer_cast<Obj>(d));
}

}  // namespace

// x | y, x & y, x - y, x ^ y on sets, each building its result in the order
// CPython's set_or / set_intersection / set_difference /
// set_symmetric_difference do, so the result's slots (and printed order) match.
Value set_operation(Interp& in, BinOp op, const Value& a, const Value& b) {
  HashTable* x = &a.as<SetObj>()->t;
  HashTable* y = &b.as<SetObj>()->t;
  auto r = std::make_shared<SetObj>();
  r->frozen = a.as<SetObj>()->frozen;
  Value out(std::static_pointer_cast<Obj>(r));
  auto each = [](const HashTable& t, auto fn) {
    for (size_t i = 0; i < t.entries.size(); ++i)
      if (t.alive[i]) fn(t.entries[i].first);
  };
  if (op == BinOp::BitOr) {
    table_merge_set(in, r->t, *x);
    table_merge_set(in, r->t, *y);
  } else if (op == BinOp::BitAnd) {
    if (y->count > x->count) std::swap(x, y);  // walk the smaller set
    each(*y, [&](const Value& k) {
      if (table_lookup(in, *x, k) >= 0) table_set(in, r->t, k, Value());
    });
  } else if (op == BinOp::Sub) {
    if ((x->count >> 2) > y->count) {  // copy, then discard what the other holds
      table_merge_set(in, r->t, *x);
      each(*y, [&](const Value& k) { table_erase(in, r->t, k); });
    } else {
      each(*x, [&](const Value& k) {
        if (table_lookup(in, *y, k) < 0) table_set(in, r->t, k, Value());
      });
    }
  } else {  // a copy of y, updated symmetrically with x
    table_merge_set(in, r->t, *y);
    each(*x, [&](const Value& k) {
      if (!table_erase(in, r->t, k)) table_set(in, r->t, k, Value());
    });
  }
  return out;
}

// The in-place forms keep a's table, as CPython's set_ior (set_update_internal),
// set_isub (set_difference_update_internal) and set_ixor
// (set_symmetric_difference_update) do; set_iand builds the intersection and
// swaps it in (set_intersection_update), so a's slots are the new table's.
void set_update_op(Interp& in, BinOp op, const Value& a, const Value& b) {
  HashTable& x = a.as<SetObj>()->t;
  HashTable& y = b.as<SetObj>()->t;
  if (a.is_same(b)) {  // s -= s, s ^= s empty it; s |= s, s &= s leave it
    if (op == BinOp::Sub || op == BinOp::BitXor) x.make_slots(8);
    return;
  }
  if (op == BinOp::BitOr) {
    table_merge_set(in, x, y);
  } else if (op == BinOp::BitAnd) {
    Value r = set_operation(in, op, a, b);
    std::swap(x, r.as<SetObj>()->t);
  } else {
    for (const Value& k : table_keys(y)) {
      bool had = table_erase(in, x, k);
      if (op == BinOp::BitXor && !had) table_set(in, x, k, Value());
    }
  }
}

void install_container_methods(Interp& in) {
  def_methods(in, in.t.list, kListMethods);
  def_methods(in, in.t.tuple, kTupleMethods);
  def_methods(in, in.t.dict, kDictMethods);
  def_methods(in, in.t.set, kSetMethods);
  def_methods(in, in.t.frozenset, kFrozensetMethods);
  in.t.dict->attrs["fromkeys"] = in.builtin("fromkeys", dict_fromkeys);
}

}  // namespace sl::lang

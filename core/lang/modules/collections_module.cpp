// collections_module: `collections` -- namedtuple, defaultdict, Counter,
// OrderedDict, deque, as CPython 3.13's collections/__init__.py behaves.
// Invariant: namedtuple instances are TupleObjs whose `type` is the generated
// class (a subclass of tuple with _fields); defaultdict, Counter and
// OrderedDict are DictObjs whose `type` names the subclass, so isinstance(x,
// dict), printing through dict(), len and iteration are the dict's own; a
// deque is a DequeObj whose items the cycle collector sees.
#include <algorithm>
#include <deque>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }

DictObj& self_dict(Interp& in, Args& a, const char* what) {
  auto* d = a.pos.empty() ? nullptr : a.pos[0].as<DictObj>();
  if (!d) in.raise_exc("TypeError", std::string("descriptor '") + what + "' requires a 'dict' object");
  return *d;
}

Value new_subdict(TypeObj* t, Value extra = Value()) {
  auto d = std::make_shared<DictObj>();
  d->type = t;
  d->extra = std::move(extra);
  return Value(std::static_pointer_cast<Obj>(d));
}

// The items of a dict's table, in order.
std::vector<std::pair<Value, Value>> items_of(const HashTable& t) {
  std::vector<std::pair<Value, Value>> out;
  for (size_t i = 0; i < t.entries.size(); ++i)
    if (t.alive[i]) out.push_back(t.entries[i]);
  return out;
}

std::string dict_body(Interp& in, const std::vector<std::pair<Value, Value>>& items) {
  std::string s = "{";
  for (size_t k = 0; k < items.size(); ++k) {
    if (k) s += ", ";
    s += in.repr(items[k].first) + ": " + in.repr(items[k].second);
  }
  return s + "}";
}

// Adds a mapping's or an iterable's counts into a Counter's table (sign +1 or -1).
void count_into(Interp& in, DictObj& d, const Value& src, int sign) {
  auto add = [&](const Value& k, const Value& n) {
    long i = table_lookup(in, d.t, k);
    Value cur = i < 0 ? Value::integer(0) : d.t.entries[size_t(i)].second;
    table_set(in, d.t, k, in.binop(sign > 0 ? BinOp::Add : BinOp::Sub, cur, n));
  };
  if (auto* sd = src.as<DictObj>()) {
    for (auto& [k, v] : items_of(sd->t)) add(k, v);
    return;
  }
  for (auto& x : in.to_vector(src)) add(x, Value::integer(1));
}

// ---------------------------------------------------------------- namedtuple
// collections.namedtuple: a tuple subclass whose instances print
// Name(f1=v1, ...) and answer their fields by name.
struct NamedTupleSpec {
  std::vector<std::string> fields;
  std::vector<Value> defaults;  // for the last defaults.size() fields
};

Value namedtuple_new(Interp& in, TypeObj* t, const NamedTupleSpec& spec, Args& a) {
  size_t n = spec.fields.size(), nd = spec.defaults.size();
  std::string who = t->name + ".__new__()";
  if (a.pos.size() > n)
    in.raise_exc("TypeError", who + " takes " + std::to_string(n + 1) + " positional arguments but " +
                                  std::to_string(a.pos.size() + 1) + " were given");
  std::vector<Value> items(n);
  std::vector<bool> set(n, false);
  for (size_t k = 0; k < a.pos.size(); ++k) items[k] = a.pos[k], set[k] = true;
  for (auto& [name, v] : a.kw) {
    auto it = std::find(spec.fields.begin(), spec.fields.end(), name);
    if (it == spec.fields.end()) in.raise_exc("TypeError", who + " got an unexpected keyword argument '" + name + "'");
    size_t k = size_t(it - spec.fields.begin());
    if (set[k]) in.raise_exc("TypeError", who + " got multiple values for argument '" + name + "'");
    items[k] = v, set[k] = true;
  }
  std::vector<std::string> missing;
  for (size_t k = 0; k < n; ++k) {
    if (set[k]) continue;
    if (k >= n - nd) items[k] = spec.defaults[k - (n - nd)];
    else missing.push_back("'" + spec.fields[k] + "'");
  }
  if (!missing.empty()) {
    std::string names;
    for (size_t k = 0; k < missing.size(); ++k)
      names += (k == 0 ? "" : k + 1 == missing.size() ? (missing.size() > 2 ? ", and " : " and ") : ", ") + missing[k];
    in.raise_exc("TypeError", who + " missing " + std::to_string(missing.size()) + " required positional argument" +
                                  (missing.size() > 1 ? "s" : "") + ": " + names);
  }
  Value r = make_tuple(std::move(items));
  r.as<TupleObj>()->type = t;
  return r;
}

std::vector<std::string> field_names(Interp& in, const Value& spec) {
  std::vector<std::string> out;
  if (auto* s = spec.as<StrObj>()) {
    std::string cur;
    for (char c : s->s + " ") {
      if (c == ',' || c == ' ' || c == '\t' || c == '\n') {
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    return out;
  }
  for (auto& f : in.to_vector(spec)) out.push_back(as_str(in, f, "Type names and field names"));
  return out;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80))) return false;
  return true;
}

Value nt_repr(Interp& in, Args& a) {
  auto* t = a.pos[0].as<TupleObj>();
  auto* fields = in.getattr(type_value(t->type), "_fields").as<TupleObj>();
  std::string s = t->type->name + "(";
  for (size_t k = 0; k < t->items.size(); ++k) {
    if (k) s += ", ";
    s += in.str(fields->items[k]) + "=" + in.repr(t->items[k]);
  }
  return make_str(s + ")");
}
Value nt_asdict(Interp& in, Args& a) {
  auto* t = a.pos[0].as<TupleObj>();
  auto* fields = in.getattr(type_value(t->type), "_fields").as<TupleObj>();
  auto d = std::make_shared<DictObj>();
  for (size_t k = 0; k < t->items.size(); ++k) table_set(in, d->t, fields->items[k], t->items[k]);
  return Value(std::static_pointer_cast<Obj>(d));
}
Value nt_replace(Interp& in, Args& a) {
  auto* t = a.pos[0].as<TupleObj>();
  auto* fields = in.getattr(type_value(t->type), "_fields").as<TupleObj>();
  std::vector<Value> items = t->items;
  std::vector<std::string> unknown;
  for (auto& [name, v] : a.kw) {
    bool hit = false;
    for (size_t k = 0; k < fields->items.size(); ++k)
      if (in.str(fields->items[k]) == name) items[k] = v, hit = true;
    if (!hit) unknown.push_back(name);
  }
  if (!unknown.empty()) {
    std::vector<Value> names;
    for (auto& u : unknown) names.push_back(make_str(u));
    in.raise_exc("TypeError", "Got unexpected field names: " + in.repr(make_list(names)));
  }
  Value r = make_tuple(std::move(items));
  r.as<TupleObj>()->type = t->type;
  return r;
}

Value collections_namedtuple(Interp& in, Args& a) {
  a.fname = "namedtuple";
  std::string name = as_str(in, a.required(0, "typename"), "Type names and field names");
  auto spec = std::make_shared<NamedTupleSpec>();
  spec->fields = field_names(in, a.required(1, "field_names"));
  Value defaults = a.optional(99, "defaults");
  Value rename = a.optional(99, "rename", Value::boolean(false));
  Value module = a.optional(99, "module");
  a.finish(2);
  for (size_t k = 0; k < spec->fields.size(); ++k) {
    const std::string& f = spec->fields[k];
    bool dup = std::find(spec->fields.begin(), spec->fields.begin() + long(k), f) != spec->fields.begin() + long(k);
    if (in.truthy(rename) && (!is_identifier(f) || f[0] == '_' || dup)) {
      spec->fields[k] = "_" + std::to_string(k);
      continue;
    }
    if (!is_identifier(f))
      in.raise_exc("ValueError", "Type names and field names must be valid identifiers: " + py_str_repr(f));
    if (f[0] == '_') in.raise_exc("ValueError", "Field names cannot start with an underscore: " + py_str_repr(f));
    if (dup) in.raise_exc("ValueError", "Encountered duplicate field name: " + py_str_repr(f));
  }
  if (!is_identifier(name)) in.raise_exc("ValueError", "Type names and field names must be valid identifiers: " + py_str_repr(name));
  if (!defaults.is_none()) {
    spec->defaults = in.to_vector(defaults);
    if (spec->defaults.size() > spec->fields.size()) in.raise_exc("TypeError", "Got more default values than field names");
  }
  TypeObj* t = in.new_type(name, module.is_none() ? "__main__" : in.str(module), {in.t.tuple});
  std::vector<Value> fv;
  for (auto& f : spec->fields) fv.push_back(make_str(f));
  t->attrs["_fields"] = make_tuple(fv);
  auto fd = std::make_shared<DictObj>();
  size_t first_default = spec->fields.size() - spec->defaults.size();
  for (size_t k = 0; k < spec->defaults.size(); ++k) table_set(in, fd->t, fv[first_default + k], spec->defaults[k]);
  t->attrs["_field_defaults"] = Value(std::static_pointer_cast<Obj>(fd));
  t->attrs["__repr__"] = in.builtin("__repr__", nt_repr);
  t->attrs["_make"] = in.builtin("_make", [t](Interp& in, Args& a) -> Value {
    std::vector<Value> items = in.to_vector(a.required(0, "iterable"));
    auto* fields = t->attrs["_fields"].as<TupleObj>();
    if (items.size() != fields->items.size())
      in.raise_exc("TypeError", "Expected " + std::to_string(fields->items.size()) + " arguments, got " + std::to_string(items.size()));
    Value r = make_tuple(std::move(items));
    r.as<TupleObj>()->type = t;
    return r;
  });
  in.def_method(t, "_asdict", nt_asdict);
  in.def_method(t, "_replace", nt_replace);
  t->call = [t, spec](Interp& in, Args& a) { return namedtuple_new(in, t, *spec, a); };
  return type_value(t);
}

// ---------------------------------------------------------------- defaultdict
// dict.__missing__ of defaultdict: store and return default_factory(), or KeyError.
Value dd_missing(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "__missing__");
  Value key = a.pos.at(1);
  if (d.extra.is_none()) {
    Value exc = in.make_exception(in.exception_type("KeyError"), {key});
    throw PyException("KeyError", in.repr(key), exc);
  }
  Value v = in.call(d.extra, std::vector<Value>{});
  table_set(in, d.t, key, v);
  return v;
}
Value dd_repr(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "__repr__");
  return make_str(d.type->name + "(" + in.repr(d.extra) + ", " + dict_body(in, items_of(d.t)) + ")");
}
Value dd_copy(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "copy");
  Value r = new_subdict(d.type, d.extra);
  for (auto& [k, v] : items_of(d.t)) table_set(in, r.as<DictObj>()->t, k, v);
  return r;
}

// ---------------------------------------------------------------- Counter
// Counter.most_common: items by count, largest first, ties in insertion order
// (sorted(..., key=itemgetter(1), reverse=True), which is stable).
std::vector<std::pair<Value, Value>> by_count(Interp& in, const DictObj& d) {
  auto items = items_of(d.t);
  std::vector<Value> counts;
  std::vector<size_t> order(items.size());
  for (size_t k = 0; k < items.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return in.truthy(in.compare(CmpOp::Gt, items[x].second, items[y].second));
  });
  std::vector<std::pair<Value, Value>> out;
  for (size_t k : order) out.push_back(items[k]);
  return out;
}
Value counter_most_common(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "most_common");
  Value n = a.optional(1, "n");
  auto items = by_count(in, d);
  if (!n.is_none()) {
    int64_t k = in.index_value(n);
    if (k < 0) k = 0;
    if (size_t(k) < items.size()) items.resize(size_t(k));
  }
  std::vector<Value> out;
  for (auto& [k, v] : items) out.push_back(make_tuple({k, v}));
  return make_list(std::move(out));
}
Value counter_repr(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "__repr__");
  if (d.t.count == 0) return make_str(d.type->name + "()");
  return make_str(d.type->name + "(" + dict_body(in, by_count(in, d)) + ")");
}
Value counter_missing(Interp&, Args&) { return Value::integer(0); }
Value counter_update(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "update");
  if (a.pos.size() > 1) count_into(in, d, a.pos[1], +1);
  for (auto& [k, v] : a.kw) {
    long i = table_lookup(in, d.t, make_str(k));
    table_set(in, d.t, make_str(k), i < 0 ? v : in.binop(BinOp::Add, d.t.entries[size_t(i)].second, v));
  }
  return Value();
}
Value counter_subtract(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "subtract");
  if (a.pos.size() > 1) count_into(in, d, a.pos[1], -1);
  return Value();
}
Value counter_total(Interp& in, Args& a) {
  Value acc = Value::integer(0);
  for (auto& [k, v] : items_of(self_dict(in, a, "total").t)) acc = in.binop(BinOp::Add, acc, v);
  return acc;
}
Value counter_elements(Interp& in, Args& a) {
  std::vector<Value> out;
  for (auto& [k, v] : items_of(self_dict(in, a, "elements").t))
    for (int64_t n = v.is_int() ? v.as_int() : 0; n > 0; --n) out.push_back(k);
  return in.iter(make_list(std::move(out)));
}
Value counter_copy(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "copy");
  Value r = new_subdict(d.type);
  for (auto& [k, v] : items_of(d.t)) table_set(in, r.as<DictObj>()->t, k, v);
  return r;
}
// Counter + - | &: the counts combined, keeping only positive results
// (Counter.__add__ etc.); a non-Counter operand is not handled (None).
Value counter_combine(Interp& in, Args& a, BinOp op) {
  auto* x = a.pos[0].as<DictObj>();
  auto* y = a.pos[1].as<DictObj>();
  if (!x || !y || !y->type || x->type != y->type) return Value();
  Value r = new_subdict(x->type);
  auto& out = r.as<DictObj>()->t;
  auto get = [&](DictObj* d, const Value& k) {
    long i = table_lookup(in, d->t, k);
    return i < 0 ? Value::integer(0) : d->t.entries[size_t(i)].second;
  };
  auto keys = items_of(x->t);
  for (auto& kv : items_of(y->t))
    if (table_lookup(in, x->t, kv.first) < 0) keys.push_back(kv);
  for (auto& [k, unused] : keys) {
    Value p = get(x, k), q = get(y, k), v;
    if (op == BinOp::Add || op == BinOp::Sub) v = in.binop(op, p, q);
    else if (op == BinOp::BitOr) v = in.truthy(in.compare(CmpOp::Lt, p, q)) ? q : p;
    else v = in.truthy(in.compare(CmpOp::Lt, p, q)) ? p : q;
    if (in.truthy(in.compare(CmpOp::Gt, v, Value::integer(0)))) table_set(in, out, k, v);
  }
  return r;
}
Value counter_add(Interp& in, Args& a) { return counter_combine(in, a, BinOp::Add); }
Value counter_sub(Interp& in, Args& a) { return counter_combine(in, a, BinOp::Sub); }
Value counter_or(Interp& in, Args& a) { return counter_combine(in, a, BinOp::BitOr); }
Value counter_and(Interp& in, Args& a) { return counter_combine(in, a, BinOp::BitAnd); }

// ---------------------------------------------------------------- OrderedDict
Value od_repr(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "__repr__");
  if (d.t.count == 0) return make_str(d.type->name + "()");
  return make_str(d.type->name + "(" + dict_body(in, items_of(d.t)) + ")");
}
// Rebuilds the table in a new order (what moving a key to the front needs).
void rebuild(Interp& in, DictObj& d, const std::vector<std::pair<Value, Value>>& items) {
  HashTable fresh;
  for (auto& [k, v] : items) table_set(in, fresh, k, v);
  std::swap(d.t, fresh);
  release_table(fresh);
}
Value od_move_to_end(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "move_to_end");
  Value key = a.required(1, "key");
  bool last = in.truthy(a.optional(2, "last", Value::boolean(true)));
  long i = table_lookup(in, d.t, key);
  if (i < 0) {
    Value exc = in.make_exception(in.exception_type("KeyError"), {key});
    throw PyException("KeyError", in.repr(key), exc);
  }
  auto items = items_of(d.t);
  std::pair<Value, Value> moved = d.t.entries[size_t(i)];
  std::vector<std::pair<Value, Value>> order;
  if (!last) order.push_back(moved);
  for (auto& kv : items)
    if (kv.first.identity() != moved.first.identity() || !in.eq(kv.first, moved.first)) order.push_back(kv);
  if (last) order.push_back(moved);
  rebuild(in, d, order);
  return Value();
}
Value od_popitem(Interp& in, Args& a) {
  DictObj& d = self_dict(in, a, "popitem");
  bool last = in.truthy(a.optional(1, "last", Value::boolean(true)));
  if (d.t.count == 0) {
    Value exc = in.make_exception(in.exception_type("KeyError"), {make_str("dictionary is empty")});
    throw PyException("KeyError", "'dictionary is empty'", exc);
  }
  auto items = items_of(d.t);
  auto kv = last ? items.back() : items.front();
  table_erase(in, d.t, kv.first);
  return make_tuple({kv.first, kv.second});
}
Value od_copy(Interp& in, Args& a) { return counter_copy(in, a); }

// ---------------------------------------------------------------- deque
// collections.deque: a double-ended queue, bounded by maxlen (appending to
// a full deque drops an item from the other end).
struct DequeObj : GenericObj {
  std::deque<Value> items;
  int64_t maxlen = -1;  // -1: unbounded
  explicit DequeObj(TypeObj* t) : GenericObj(t) {}
  void gc_traverse(GcVisitor& v) override {
    GenericObj::gc_traverse(v);
    for (auto& x : items) v(x);
  }
  void gc_clear(GcGraveyard& g) override {
    GenericObj::gc_clear(g);
    for (auto& x : items) g.take(x);
    items.clear();
  }
  void push(Value x, bool left) {
    if (maxlen == 0) return;
    if (maxlen > 0 && int64_t(items.size()) == maxlen) {
      if (left) items.pop_back(); else items.pop_front();
    }
    if (left) items.push_front(std::move(x)); else items.push_back(std::move(x));
  }
};

DequeObj& self_deque(Interp& in, const Value& v) {
  auto* g = v.as<GenericObj>();
  if (!g || g->type->name != "deque" || g->type->module != "collections")
    in.raise_exc("TypeError", "descriptor requires a 'collections.deque' object");
  return *static_cast<DequeObj*>(g);
}

std::string deque_repr(Interp& in, DequeObj& q) {
  std::string s = "deque([";
  for (size_t k = 0; k < q.items.size(); ++k) s += (k ? ", " : "") + in.repr(q.items[k]);
  s += "]";
  if (q.maxlen >= 0) s += ", maxlen=" + std::to_string(q.maxlen);
  return s + ")";
}
size_t deque_index(Interp& in, DequeObj& q, const Value& key) {
  int64_t i = in.index_value(key), n = int64_t(q.items.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) in.raise_exc("IndexError", "deque index out of range");
  return size_t(i);
}

Value deque_append(Interp& in, Args& a) { self_deque(in, a.pos[0]).push(a.pos.at(1), false); return Value(); }
Value deque_appendleft(Interp& in, Args& a) { self_deque(in, a.pos[0]).push(a.pos.at(1), true); return Value(); }
Value deque_pop_end(Interp& in, Args& a, bool left) {
  DequeObj& q = self_deque(in, a.pos[0]);
  if (q.items.empty()) in.raise_exc("IndexError", "pop from an empty deque");
  Value v = left ? q.items.front() : q.items.back();
  if (left) q.items.pop_front(); else q.items.pop_back();
  return v;
}
Value deque_pop(Interp& in, Args& a) { return deque_pop_end(in, a, false); }
Value deque_popleft(Interp& in, Args& a) { return deque_pop_end(in, a, true); }
Value deque_extend(Interp& in, Args& a) {
  DequeObj& q = self_deque(in, a.pos[0]);
  for (auto& x : in.to_vector(a.pos.at(1))) q.push(x, false);
  return Value();
}
Value deque_extendleft(Interp& in, Args& a) {
  DequeObj& q = self_deque(in, a.pos[0]);
  for (auto& x : in.to_vector(a.pos.at(1))) q.push(x, true);
  return Value();
}
// deque.rotate(n): n steps to the right (negative: to the left).
Value deque_rotate(Interp& in, Args& a) {
  DequeObj& q = self_deque(in, a.pos[0]);
  int64_t n = in.index_value(a.optional(1, "n", Value::integer(1)));
  int64_t len = int64_t(q.items.size());
  if (len <= 1) return Value();
  n %= len;
  if (n < 0) n += len;
  std::rotate(q.items.begin(), q.items.begin() + (len - n), q.items.end());
  return Value();
}
Value deque_clear(Interp& in, Args& a) { self_deque(in, a.pos[0]).items.clear(); return Value(); }
Value deque_reverse(Interp& in, Args& a) {
  auto& it = self_deque(in, a.pos[0]).items;
  std::reverse(it.begin(), it.end());
  return Value();
}
// Compares x with each item in order, as deque_count / deque_index / deque_contains /
// deque_remove do: each item is held while its __eq__ runs, and a size change
// during a comparison is "deque mutated during iteration" (RuntimeError; IndexError
// for remove) -- CPython checks its mutation counter, this checks the size (Note
// [Comparing keys that run Python]). Returns the first equal position (-1), or the
// count when counting.
int64_t deque_scan(Interp& in, DequeObj& q, const Value& x, bool count, const char* exc) {
  const size_t n = q.items.size();
  int64_t found = 0;
  for (size_t k = 0; k < n; ++k) {
    Value item = q.items[k];
    const bool eq = in.eq(item, x);
    if (q.items.size() != n) in.raise_exc(exc, "deque mutated during iteration");
    if (eq && !count) return int64_t(k);
    found += eq;
  }
  return count ? found : -1;
}

Value deque_count(Interp& in, Args& a) {
  return Value::integer(deque_scan(in, self_deque(in, a.pos[0]), a.pos.at(1), true, "RuntimeError"));
}
Value deque_index_of(Interp& in, Args& a) {
  const int64_t k = deque_scan(in, self_deque(in, a.pos[0]), a.pos.at(1), false, "RuntimeError");
  if (k < 0) in.raise_exc("ValueError", in.repr(a.pos.at(1)) + " is not in deque");
  return Value::integer(k);
}
Value deque_remove(Interp& in, Args& a) {
  DequeObj& q = self_deque(in, a.pos[0]);
  const int64_t k = deque_scan(in, q, a.pos.at(1), false, "IndexError");
  if (k < 0) in.raise_exc("ValueError", in.repr(a.pos.at(1)) + " is not in deque");
  q.items.erase(q.items.begin() + long(k));
  return Value();
}
Value deque_insert(Interp& in, Args& a) {
  DequeObj& q = self_deque(in, a.pos[0]);
  if (q.maxlen >= 0 && int64_t(q.items.size()) >= q.maxlen) in.raise_exc("IndexError", "deque already at its maximum size");
  int64_t i = in.index_value(a.pos.at(1)), n = int64_t(q.items.size());
  if (i < 0) i = std::max<int64_t>(0, i + n);
  if (i > n) i = n;
  q.items.insert(q.items.begin() + i, a.pos.at(2));
  return Value();
}

Value make_deque(Interp& in, TypeObj* t, const std::vector<Value>& init, int64_t maxlen);

Value deque_copy(Interp& in, Args& a) {
  DequeObj& q = self_deque(in, a.pos[0]);
  return make_deque(in, q.type, std::vector<Value>(q.items.begin(), q.items.end()), q.maxlen);
}

const ModuleFnDef kDequeMethods[] = {
    {"append", deque_append}, {"appendleft", deque_appendleft}, {"pop", deque_pop},
    {"popleft", deque_popleft}, {"extend", deque_extend}, {"extendleft", deque_extendleft},
    {"rotate", deque_rotate}, {"clear", deque_clear}, {"reverse", deque_reverse},
    {"count", deque_count}, {"index", deque_index_of}, {"remove", deque_remove},
    {"insert", deque_insert}, {"copy", deque_copy},
};

// The protocol hooks a GenericObj answers through its attrs; they hold the
// deque weakly (the deque owns them).
Value make_deque(Interp& in, TypeObj* t, const std::vector<Value>& init, int64_t maxlen) {
  auto q = std::make_shared<DequeObj>(t);
  q->maxlen = maxlen;
  for (auto& x : init) q->push(x, false);
  std::weak_ptr<DequeObj> w = q;
  auto alive = [w](Interp& in) -> std::shared_ptr<DequeObj> {
    auto p = w.lock();
    if (!p) in.raise_exc("ReferenceError", "weakly-referenced object no longer exists");
    return p;
  };
  q->attrs["__len__"] = in.builtin("__len__", [alive](Interp& in, Args&) { return Value::integer(int64_t(alive(in)->items.size())); });
  q->attrs["__repr__"] = in.builtin("__repr__", [alive](Interp& in, Args&) { return make_str(deque_repr(in, *alive(in))); });
  q->attrs["__iter__"] = in.builtin("__iter__", [alive](Interp& in, Args&) {
    auto p = alive(in);
    return in.iter(make_list(std::vector<Value>(p->items.begin(), p->items.end())));
  });
  q->attrs["__getitem__"] = in.builtin("__getitem__", [alive](Interp& in, Args& a) {
    auto p = alive(in);
    return p->items[deque_index(in, *p, a.pos.at(0))];
  });
  q->attrs["__setitem__"] = in.builtin("__setitem__", [alive](Interp& in, Args& a) {
    auto p = alive(in);
    p->items[deque_index(in, *p, a.pos.at(0))] = a.pos.at(1);
    return Value();
  });
  q->attrs["__contains__"] = in.builtin("__contains__", [alive](Interp& in, Args& a) {
    auto p = alive(in);
    return Value::boolean(deque_scan(in, *p, a.pos.at(0), false, "RuntimeError") >= 0);
  });
  q->attrs["maxlen"] = maxlen < 0 ? Value() : Value::integer(maxlen);
  return Value(std::static_pointer_cast<Obj>(q));
}

// ---------------------------------------------------------------- the types
TypeObj* dict_subtype(Interp& in, ModuleObj& m, const char* name) {
  TypeObj* t = in.new_type(name, "collections", {in.t.dict});
  m.attrs[name] = type_value(t);
  return t;
}

}  // namespace

void install_collections_module(Interp& in) {
  ModuleObj& m = new_module(in, "collections");
  m.attrs["namedtuple"] = in.builtin("namedtuple", collections_namedtuple);

  TypeObj* dd = dict_subtype(in, m, "defaultdict");
  dd->attrs["__missing__"] = in.builtin("__missing__", dd_missing);
  dd->attrs["__repr__"] = in.builtin("__repr__", dd_repr);
  dd->attrs["__extra__"] = make_str("default_factory");
  in.def_method(dd, "copy", dd_copy);
  dd->call = [dd](Interp& in, Args& a) -> Value {
    Value factory = a.pos.empty() ? Value() : a.pos[0];
    if (!factory.is_none() && !in.truthy(in.call(in.builtins["callable"], std::vector<Value>{factory})))
      in.raise_exc("TypeError", "first argument must be callable or None");
    Value r = new_subdict(dd, factory);
    Args rest;
    rest.pos.assign(a.pos.begin() + (a.pos.empty() ? 0 : 1), a.pos.end());
    rest.kw = a.kw;
    Value plain = in.call(in.builtins["dict"], rest);
    for (auto& [k, v] : items_of(plain.as<DictObj>()->t)) table_set(in, r.as<DictObj>()->t, k, v);
    return r;
  };

  TypeObj* counter = dict_subtype(in, m, "Counter");
  counter->attrs["__missing__"] = in.builtin("__missing__", counter_missing);
  counter->attrs["__repr__"] = in.builtin("__repr__", counter_repr);
  const ModuleFnDef counter_methods[] = {
      {"most_common", counter_most_common}, {"update", counter_update}, {"subtract", counter_subtract},
      {"total", counter_total}, {"elements", counter_elements}, {"copy", counter_copy},
      {"__add__", counter_add}, {"__sub__", counter_sub}, {"__or__", counter_or}, {"__and__", counter_and},
  };
  for (const auto& d : counter_methods) in.def_method(counter, d.name, d.fn);
  counter->call = [counter](Interp& in, Args& a) -> Value {
    if (a.pos.size() > 1) in.raise_exc("TypeError", "expected at most 1 argument, got " + std::to_string(a.pos.size()));
    Value r = new_subdict(counter);
    if (!a.pos.empty()) count_into(in, *r.as<DictObj>(), a.pos[0], +1);
    for (auto& [k, v] : a.kw) table_set(in, r.as<DictObj>()->t, make_str(k), v);
    return r;
  };

  TypeObj* od = dict_subtype(in, m, "OrderedDict");
  od->attrs["__repr__"] = in.builtin("__repr__", od_repr);
  od->attrs["__extra__"] = make_str("__dict__");  // an OrderedDict has a __dict__ (extra holds it)
  in.def_method(od, "move_to_end", od_move_to_end);
  in.def_method(od, "popitem", od_popitem);
  in.def_method(od, "copy", od_copy);
  od->call = [od](Interp& in, Args& a) -> Value {
    Value r = new_subdict(od);
    Value plain = in.call(in.builtins["dict"], a);
    for (auto& [k, v] : items_of(plain.as<DictObj>()->t)) table_set(in, r.as<DictObj>()->t, k, v);
    return r;
  };

  TypeObj* dq = in.new_type("deque", "collections", {in.t.object});
  for (const auto& d : kDequeMethods) in.def_method(dq, d.name, d.fn);
  dq->call = [dq](Interp& in, Args& a) -> Value {
    a.fname = "deque";
    Value init = a.optional(0, "iterable");
    Value maxlen = a.optional(1, "maxlen");
    a.finish(2);
    int64_t ml = maxlen.is_none() ? -1 : in.index_value(maxlen);
    if (!maxlen.is_none() && ml < 0) in.raise_exc("ValueError", "maxlen must be non-negative");
    return make_deque(in, dq, init.is_none() ? std::vector<Value>{} : in.to_vector(init), ml);
  };
  m.attrs["deque"] = type_value(dq);
}

}  // namespace sl::lang

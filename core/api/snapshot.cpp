#include "core/api/snapshot.hpp"
#include "core/lang/objects/classes.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>

#include "core/model/descr.hpp"
#include "core/api/graph_view.hpp"
#include "core/api/json_writer.hpp"
#include "core/model/explain.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/model/iter.hpp"
#include "core/model/overlap.hpp"
#include "core/model/storage.hpp"

namespace sl {

// FNV-1a over the array's elements in logical order: the page compares it
// between runs to highlight every array whose values changed (e.g. after a
// write through a view), and a step trace between steps. Arrays above the
// cap are not hashed.
std::optional<uint64_t> array_content_hash(const Array& a, int64_t max_bytes) {
  if (a.nbytes() > max_bytes) return std::nullopt;
  uint64_t h = 1469598103934665603ull;
  std::array<char*, 1> base{a.data()};
  std::array<const Strides*, 1> st{&a.strides};
  int isz = a.itemsize();
  for_each_strided<1>(a.shape, base, st, [&](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t n) {
    const char* q = p[0];
    for (int64_t i = 0; i < n; ++i, q += s[0])
      for (int b = 0; b < isz; ++b) h = (h ^ static_cast<unsigned char>(q[b])) * 1099511628211ull;
  });
  return h;
}

namespace {

using lang::Interp;
using lang::Value;

struct Entry {
  std::string name;     // "a", "views[3]", "batch['input_ids']"
  bool top_level;
  Value value;
  std::string grad_of;  // "w" for the entry "w.grad" (a parameter's gradient, AutogradMeta::grad)
  // An optimizer's state tensor: opt.state[p]['exp_avg'] is {opt, p's name, exp_avg}
  std::string state_owner, state_param, state_key;
};

std::string kind_of(Interp& in, const Value& v) {
  if (v.is_array()) {
    switch (v.arr().flavor) {
      case Flavor::NumPy: return "ndarray";
      case Flavor::Torch: return "tensor";
      case Flavor::Scalar: return "scalar";
      case Flavor::DummyBase: return "other";
    }
  }
  if (v.as<lang::ModuleObj>()) return "module";
  if (v.as<lang::FunctionObj>() || v.as<lang::BuiltinObj>()) return "function";
  return "other";
}

std::string truncate_utf8(const std::string& s, size_t max_chars) {
  size_t n = 0, i = 0;
  for (; i < s.size(); ++i) {
    if ((static_cast<unsigned char>(s[i]) & 0xc0) != 0x80) {
      if (n == max_chars) break;
      ++n;
    }
  }
  return i < s.size() ? s.substr(0, i) + "…" : s;
}

void content_hash(JsonWriter& w, const Array& a, int64_t max_bytes) {
  const std::optional<uint64_t> h = array_content_hash(a, max_bytes);
  if (!h) {
    w.null();
    return;
  }
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(*h));
  w.value(std::string(buf));
}

// Everything the emit steps share: the entries, the numbered array objects
// (reachable through bases) and the storages they hold.
struct Model {
  std::vector<Entry> entries;
  std::unordered_map<const Array*, int> obj_id;
  std::vector<const Array*> objs;
  std::unordered_map<const Array*, std::vector<std::string>> names_of;
  std::map<uint64_t, const Storage*> storages;
  std::map<uint64_t, std::vector<std::string>> holders;
  std::map<uint64_t, bool> owner_named;
  int64_t reachable = 0, view_only = 0;
  GraphView graph;      // the autograd graphs behind the tensors (graph_view.hpp)
  std::set<uint64_t> visible;  // storages some entry holds
  int64_t graph_bytes = 0;     // saved storages no entry holds

  int id_of(const Array* a) {
    auto it = obj_id.find(a);
    if (it != obj_id.end()) return it->second;
    int id = int(objs.size());
    obj_id[a] = id;
    objs.push_back(a);
    return id;
  }
  int known_id(const Array* a) const {
    auto it = obj_id.find(a);
    return it == obj_id.end() ? -1 : it->second;
  }
};

// Arrays held inside a variable, by path: list/tuple items `name[i]`, dict
// values `name['k']`, attributes of user-class instances `name.attr` (their
// __dict__ in order, then __slots__), descending through nested containers and
// instances (`model.layers[0].weight`) up to kMemberDepth levels. At most
// max_container_items arrays are listed per container, and an object reached
// twice (a cycle, a shared sub-object) is walked once, so the walk is bounded
// by the objects alive.
constexpr int kMemberDepth = 4;

// An instance of a torch.nn.Module subclass (core/lang/frozen/torch.nn.modules.module.py).
bool is_nn_module(const lang::InstanceObj* o) {
  for (auto* t : lang::mro_of(o->type))
    if (t->name == "Module" && t->module == "torch.nn.modules.module") return true;
  return false;
}

// A tensor's .grad is listed after it as the member `name.grad`: a storage of
// its own, linked to its tensor (the inspector's "gradient of").
void push_array(Model& m, Entry e) {
  const Value v = e.value;
  const std::string name = e.name;
  m.entries.push_back(std::move(e));
  const Array& a = v.arr();
  if (a.autograd && a.autograd->grad) {
    Entry g{name + ".grad", false, Value(a.autograd->grad)};
    g.grad_of = name;
    m.entries.push_back(std::move(g));
  }
}

// The entry name of an array object already listed ("" when none).
std::string listed_name(const Model& m, const Value& x) {
  for (const Entry& e : m.entries)
    if (e.value.is_array() && &e.value.arr() == &x.arr()) return e.name;
  return "";
}

// An instance of a torch.optim.Optimizer subclass (core/lang/frozen/torch.optim.optimizer.py).
bool is_optimizer(const lang::InstanceObj* o) {
  for (auto* t : lang::mro_of(o->type))
    if (t->name == "Optimizer" && t->module == "torch.optim.optimizer") return true;
  return false;
}

// An optimizer's `state` (a dict from parameter to a dict of tensors):
// opt.state[model.fc1.weight]['exp_avg'], the parameter named as the
// snapshot lists it (else by its position in the dict); param_groups and
// defaults name the parameters again and are left out.
void collect_optimizer_state(Interp& in, Model& m, const std::string& path, const lang::DictObj& state) {
  int k = 0;
  for (size_t i = 0; i < state.t.entries.size(); ++i, ++k) {
    if (!state.t.alive[i]) continue;
    const Value& key = state.t.entries[i].first;
    const auto* per = state.t.entries[i].second.as<lang::DictObj>();
    if (!per || !key.is_array()) continue;
    std::string param = listed_name(m, key);
    const std::string label = param.empty() ? "#" + std::to_string(k) : param;
    for (size_t j = 0; j < per->t.entries.size(); ++j) {
      const auto* sk = per->t.alive[j] ? per->t.entries[j].first.as<lang::StrObj>() : nullptr;
      const Value& x = sk ? per->t.entries[j].second : Value();
      if (!sk || !x.is_array()) continue;
      Entry e{path + ".state[" + label + "][" + in.repr(per->t.entries[j].first) + "]", false, x};
      e.state_owner = path;
      e.state_param = param;
      e.state_key = sk->s;
      push_array(m, std::move(e));
    }
  }
}

// A dict key in a member's path (`d[(1, 'a')]`). The snapshot reads the program's
// state and never runs its code: a key whose repr is the program's own (an instance
// of a class it defined, or of a subclass of a builtin) could raise, print, or change
// the very dict being walked, so it is named by its type and position instead
// (`d[<H key #2>]`). Builtin scalars, strings, bytes and tuples of them print as
// Python prints them.
bool repr_without_user_code(Interp& in, const Value& v, int depth = 0) {
  lang::TypeObj* ty = in.type_of(v);
  if (ty == in.t.none || ty == in.t.bool_ || ty == in.t.int_ || ty == in.t.float_ || ty == in.t.complex_ || ty == in.t.str)
    return true;
  if (ty == in.t.tuple && depth < 4) {
    for (const Value& x : v.as<lang::TupleObj>()->items)
      if (!repr_without_user_code(in, x, depth + 1)) return false;
    return true;
  }
  return ty->name == "bytes" && ty->module == "builtins";
}

std::string key_label(Interp& in, const Value& key, size_t position) {
  if (repr_without_user_code(in, key)) return in.repr(key);
  return "<" + in.type_name(key) + " key #" + std::to_string(position) + ">";
}

void collect_members(Interp& in, const SnapshotOptions& opt, Model& m, const std::string& path, const Value& v,
                     int depth, std::set<const void*>& seen) {
  if (depth >= kMemberDepth || !v.is_obj() || !seen.insert(v.identity()).second) return;
  int count = 0;
  auto member = [&](const std::string& sub, const Value& x) {
    if (x.is_array()) {
      if (count++ < opt.max_container_items) push_array(m, {sub, false, x});
      return;
    }
    collect_members(in, opt, m, sub, x, depth + 1, seen);
  };
  auto items = [&](const std::vector<Value>& xs) {
    for (size_t i = 0; i < xs.size(); ++i) member(path + "[" + std::to_string(i) + "]", xs[i]);
  };
  auto table = [&](const lang::HashTable& t, bool attrs) {
    for (size_t i = 0; i < t.entries.size(); ++i) {
      if (!t.alive[i]) continue;
      const auto* key = t.entries[i].first.as<lang::StrObj>();
      if (attrs && key) member(path + "." + key->s, t.entries[i].second);
      else member(path + "[" + key_label(in, t.entries[i].first, i) + "]", t.entries[i].second);
    }
  };
  if (auto* l = v.as<lang::ListObj>()) items(l->items);
  else if (auto* t = v.as<lang::TupleObj>()) items(t->items);
  else if (auto* d = v.as<lang::DictObj>()) table(d->t, false);
  else if (auto* o = v.as<lang::InstanceObj>()) {
    auto* d = o->dict.as<lang::DictObj>();
    if (d && is_optimizer(o)) {
      for (size_t i = 0; i < d->t.entries.size(); ++i) {
        const auto* key = d->t.alive[i] ? d->t.entries[i].first.as<lang::StrObj>() : nullptr;
        if (!key || key->s == "param_groups" || key->s == "defaults" || key->s.empty() || key->s[0] == '_') continue;
        const lang::Value& x = d->t.entries[i].second;
        if (key->s == "state" && x.as<lang::DictObj>()) collect_optimizer_state(in, m, path, *x.as<lang::DictObj>());
        else member(path + "." + key->s, x);
      }
    } else if (d && is_nn_module(o)) {
      // torch.nn.Module: what model.fc1.weight resolves to lives in the
      // _parameters, _buffers and _modules dicts; they are listed as attributes
      // of the module (model.fc1.weight, model.mask), its other private state not.
      for (size_t i = 0; i < d->t.entries.size(); ++i) {
        const auto* key = d->t.alive[i] ? d->t.entries[i].first.as<lang::StrObj>() : nullptr;
        if (!key) continue;
        const lang::Value& x = d->t.entries[i].second;
        if (key->s == "_parameters" || key->s == "_buffers" || key->s == "_modules") {
          if (auto* inner = x.as<lang::DictObj>()) table(inner->t, true);
        } else if (key->s.empty() || key->s[0] != '_') {
          member(path + "." + key->s, x);
        }
      }
    } else if (d) {
      table(d->t, true);
    }
    for (size_t i = 0; i < o->slots.size(); ++i)
      if (o->slot_set[i]) member(path + "." + o->type->slots[i], o->slots[i]);
    if (!o->builtin_base.is_none()) {  // a list or dict subclass: its items
      seen.erase(o->builtin_base.identity());
      collect_members(in, opt, m, path, o->builtin_base, depth, seen);
    }
  }
}

// 1. Variables (sorted by name) and the arrays they hold, by path.
void collect_entries(Interp& in, const SnapshotOptions& opt, Model& m) {
  std::vector<std::pair<std::string, Value>> globals(in.globals->vars.begin(), in.globals->vars.end());
  // by name, optimizers last (their state is named by the parameters listed before)
  auto late = [](const Value& v) {
    auto* o = v.as<lang::InstanceObj>();
    return o && is_optimizer(o);
  };
  std::sort(globals.begin(), globals.end(), [&](auto& a, auto& b) {
    const bool la = late(a.second), lb = late(b.second);
    return la != lb ? lb : a.first < b.first;
  });
  for (auto& [var, v] : globals) {
    if (v.as<lang::ModuleObj>()) continue;  // `np`, `torch`: not interesting
    if (lang::is_module_dunder(var)) continue;  // __name__, __doc__, ...: the module's, not the program's
    if (v.is_array()) push_array(m, {var, true, v});
    else m.entries.push_back({var, true, v});
    std::set<const void*> seen;
    collect_members(in, opt, m, var, v, 0, seen);
  }
}

// 2-3. Number every array reachable from the entries (through bases); the
// storages they hold, their owners, and who holds them.
void collect_arrays(Model& m) {
  for (auto& e : m.entries) {
    if (!e.value.is_array()) continue;
    const Array* a = &e.value.arr();
    m.names_of[a].push_back(e.name);
    for (const Array* b = a; b; b = b->base.get()) m.id_of(b);
    if (a->flavor == Flavor::Scalar) continue;
    uint64_t sid = a->storage->id();
    m.storages[sid] = a->storage.get();
    m.holders[sid].push_back(e.name);
    if (a->owndata) m.owner_named[sid] = true;
  }
  for (auto& [sid, st] : m.storages) {
    m.reachable += st->nbytes();
    if (!m.owner_named[sid]) m.view_only += st->nbytes();
    m.visible.insert(sid);
  }
  std::vector<const Array*> tensors;
  for (auto& e : m.entries)
    if (e.value.is_array() && e.value.arr().flavor == Flavor::Torch) tensors.push_back(&e.value.arr());
  m.graph = build_graph_view(tensors);
  for (auto& [sid, ss] : m.graph.saved)
    if (!m.visible.count(sid)) m.graph_bytes += ss.storage->nbytes();
}

bool shares_candidate(const Value& v) {
  return v.is_array() && v.arr().flavor != Flavor::Scalar && v.arr().flavor != Flavor::DummyBase;
}

// 4. Sharing: union-find over named arrays that really share bytes; every
// pair that may overlap, and the groups.
void emit_sharing(JsonWriter& w, const Model& m, const SnapshotOptions& opt) {
  std::vector<size_t> arr_entries;
  for (size_t i = 0; i < m.entries.size(); ++i)
    if (shares_candidate(m.entries[i].value)) arr_entries.push_back(i);
  std::vector<size_t> parent(m.entries.size());
  for (size_t i = 0; i < parent.size(); ++i) parent[i] = i;
  std::function<size_t(size_t)> find = [&](size_t x) { return parent[x] == x ? x : parent[x] = find(parent[x]); };
  struct Pair {
    size_t p, q;
    MemOverlap r;
  };
  std::vector<Pair> pairs;
  for (size_t p = 0; p < arr_entries.size(); ++p) {
    for (size_t q = p + 1; q < arr_entries.size(); ++q) {
      const Array& x = m.entries[arr_entries[p]].value.arr();
      const Array& y = m.entries[arr_entries[q]].value.arr();
      if (x.storage != y.storage) continue;
      MemOverlap r = &x == &y ? MemOverlap::Yes : solve_may_share_memory(x, y, opt.share_max_work);
      if (r == MemOverlap::No) continue;
      pairs.push_back({arr_entries[p], arr_entries[q], r});
      parent[find(arr_entries[p])] = find(arr_entries[q]);
    }
  }
  std::map<size_t, std::vector<std::string>> groups;
  for (size_t i : arr_entries) groups[find(i)].push_back(m.entries[i].name);
  w.key("shareGroups").begin_array();
  for (auto& [root, names] : groups) {
    if (names.size() < 2) continue;
    w.begin_array();
    for (auto& n : names) w.value(n);
    w.end_array();
  }
  w.end_array().key("sharePairs").begin_array();
  for (auto& pr : pairs)
    w.begin_array().value(m.entries[pr.p].name).value(m.entries[pr.q].name)
        .value(pr.r == MemOverlap::Yes ? "yes" : "maybe").end_array();
  w.end_array().key("tooHardPairs").begin_array();
  for (auto& pr : pairs)
    if (pr.r != MemOverlap::Yes) w.begin_array().value(m.entries[pr.p].name).value(m.entries[pr.q].name).end_array();
  w.end_array();
}

void emit_heap_and_storages(JsonWriter& w, const Model& m) {
  w.key("heap").begin_object();
  w.field("liveBytes", Storage::live_bytes()).field("liveStorages", Storage::live_count());
  w.field("peakBytes", Storage::peak_bytes()).field("reachableBytes", m.reachable).field("viewOnlyBytes", m.view_only);
  w.field("graphBytes", m.graph_bytes);
  w.end_object();
  w.key("storages").begin_array();
  for (auto& [sid, st] : m.storages) {
    int owner_obj = -1;
    for (size_t k = 0; k < m.objs.size(); ++k)
      if (m.objs[k]->owndata && m.objs[k]->storage.get() == st) owner_obj = int(k);
    w.begin_object().field("id", sid).field("nbytes", st->nbytes());
    w.field("ownerNamed", m.owner_named.count(sid) > 0 && m.owner_named.at(sid)).key("ownerObject");
    if (owner_obj >= 0) w.value(owner_obj);
    else w.null();
    w.key("holders").begin_array();
    for (auto& h : m.holders.at(sid)) w.value(h);
    w.end_array();
    w.field("address", int64_t(reinterpret_cast<uintptr_t>(st->data()))).end_object();
  }
  w.end_array();
}

void emit_objects(JsonWriter& w, const Model& m) {
  static const std::vector<std::string> kNone;
  w.key("objects").begin_array();
  for (size_t k = 0; k < m.objs.size(); ++k) {
    const Array* a = m.objs[k];
    auto nm = m.names_of.find(a);
    w.begin_object().field("id", int64_t(k)).key("names").begin_array();
    for (auto& n : nm == m.names_of.end() ? kNone : nm->second) w.value(n);
    w.end_array();
    w.field("kind", a->flavor == Flavor::DummyBase ? "DummyArray" : a->flavor == Flavor::Torch ? "tensor" : "ndarray");
    w.key("base");
    if (a->base) w.value(m.known_id(a->base.get()));
    else w.null();
    w.field("ownsData", a->owndata).field("dtype", dtype_label(*a)).key("shape").ints(a->shape);
    w.key("strides").ints(a->strides).field("offset", a->offset).field("nbytes", a->nbytes());
    w.field("storage", a->storage->id()).end_object();
  }
  w.end_array();
}

const char* verdict_word(Verdict v) {
  switch (v) {
    case Verdict::View: return "view";
    case Verdict::Copy: return "copy";
    case Verdict::Same: return "same";
    case Verdict::Error: return "error";
  }
  return "view";
}

// Byte quantities of a tensor's record are shown in elements (Note [Strides are bytes]).
std::vector<int64_t> in_units(std::span<const int64_t> v, int64_t unit) {
  std::vector<int64_t> out;
  for (int64_t x : v) out.push_back(x / unit);
  return out;
}

void emit_record(JsonWriter& w, const Explain& e) {
  const int64_t unit = e.torch ? e.in_itemsize : 1;
  w.begin_object().field("rule", std::string(e.rule)).field("verdict", verdict_word(e.verdict));
  w.field("unit", e.torch ? "elements" : "bytes").field("itemsize", int64_t(e.in_itemsize));
  w.key("inShape").ints(e.in_shape.span()).key("inStrides").ints(in_units(e.in_strides.span(), unit));
  w.field("inOffset", e.in_offset / unit);
  if (e.line > 0) {
    w.field("line", int64_t(e.line)).field("endLine", int64_t(e.end_line));
    const std::string src = explain_source(e.run, e.line, e.end_line);
    if (!src.empty()) w.field("source", src);
  }
  if (e.verdict != Verdict::Error) {
    w.key("outShape").ints(e.out_shape.span()).key("outStrides").ints(in_units(e.out_strides.span(), unit));
    w.field("outOffset", e.out_offset / unit);
  }
  w.key("facts").begin_object();
  for (const ExplainFact& f : e.facts) {
    w.key(f.key);
    if (f.words) w.value(f.str());
    else if (f.list) w.ints(f.bytes ? in_units(f.ints.span(), unit) : f.ints.vec());
    else if (!f.ints.empty()) w.value(f.bytes ? f.ints[0] / unit : f.ints[0]);
    else w.value(f.text);
  }
  w.end_object().end_object();
}

}  // namespace

// The explanation of one array: its records, the decisive one first and then
// the earlier steps of the same run (nearest first). An array with no record
// was made where no view/copy decision happens: "owner" (new bytes, e.g.
// np.arange, arithmetic) or "view-of-base" (a view from an operation that is
// always a view, e.g. squeeze, diagonal).
void explain_json(JsonWriter& w, const Array& a) {
  w.begin_object();
  if (a.why) {
    w.field("thisRun", a.why->run == explain_run());
    w.key("steps").begin_array();
    for (const Explain* e = a.why.get(); e; e = e->input.get()) emit_record(w, *e);
    w.end_array();
  } else {
    w.field("thisRun", false).key("steps").begin_array().begin_object();
    w.field("rule", a.base ? "view-of-base" : "owner").field("verdict", a.base ? "view" : "copy");
    w.key("facts").begin_object().end_object().end_object().end_array();
  }
  w.end_object();
}

void explain_failure_json(JsonWriter& w) {
  ExplainPtr f = explain_last_failure();
  if (!f) {
    w.null();
    return;
  }
  w.begin_object().field("thisRun", true).key("steps").begin_array();
  for (const Explain* e = f.get(); e; e = e->input.get()) emit_record(w, *e);
  w.end_array().end_object();
}

namespace {

// A record's fields for the inspector's field lanes: name, byte offset inside
// the record, itemsize, the dtype as text, NumPy's kind character, a
// subarray's shape, a nested record's own fields (offsets relative to it).
void emit_fields(JsonWriter& w, const Descr& d) {
  w.begin_array();
  for (const Field& f : d.fields) {
    const Descr* fd = f.type.descr.get();
    w.begin_object().field("name", f.name).field("offset", f.offset).field("itemsize", f.type.itemsize());
    w.field("dtype", dtype_text(f.type));
    const DTypeFull& leaf = fd && fd->base ? *fd->base : f.type;
    w.field("kind", std::string(1, leaf.descr ? info(leaf.descr->kind).kind : info(leaf.dt).kind));
    if (fd && fd->base) w.key("subShape").ints(fd->sub_shape).field("baseItemsize", fd->base->itemsize());
    if (fd && fd->structured()) {
      w.key("fields");
      emit_fields(w, *fd);
    }
    w.end_object();
  }
  w.end_array();
}

// The bytes of a record no field covers (nested records looked into): the
// padding an aligned struct has, the gaps a[['x', 'z']] leaves. Half-open
// [lo, hi) ranges inside [0, itemsize).
void covered_bytes(const Descr& d, int64_t at, std::vector<std::pair<int64_t, int64_t>>& out) {
  for (const Field& f : d.fields) {
    const Descr* fd = f.type.descr.get();
    if (fd && fd->structured()) covered_bytes(*fd, at + f.offset, out);
    else out.push_back({at + f.offset, at + f.offset + f.type.itemsize()});
  }
}

void emit_padding(JsonWriter& w, const Descr& d) {
  std::vector<std::pair<int64_t, int64_t>> cov;
  covered_bytes(d, 0, cov);
  std::sort(cov.begin(), cov.end());
  w.begin_array();
  int64_t at = 0;
  for (auto& [lo, hi] : cov) {
    if (lo > at) w.ints({at, lo});
    at = std::max(at, hi);
  }
  if (at < d.itemsize) w.ints({at, d.itemsize});
  w.end_array();
}

// Text elements as code units: the first max_elems elements in logical order,
// each its code points ('U', UCS-4) or bytes ('S'), trailing zeros included
// (they are the element's padding). Read, never changed.
void emit_codes(JsonWriter& w, const Array& a, const Descr& d, int64_t max_elems) {
  const int unit = d.kind == DType::Str ? 4 : 1;
  const int64_t n = d.itemsize / unit;
  w.begin_array();
  int64_t left = std::min(a.size(), max_elems);
  if (left > 0) {
    std::array<char*, 1> base{a.data()};
    std::array<const Strides*, 1> st{&a.strides};
    for_each_strided<1>(a.shape, base, st, [&](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t cnt) {
      const char* q = p[0];
      for (int64_t i = 0; i < cnt && left > 0; ++i, q += s[0], --left) {
        w.begin_array();
        for (int64_t k = 0; k < n; ++k) {
          if (unit == 4) {
            uint32_t cp;
            std::memcpy(&cp, q + 4 * k, 4);
            w.value(int64_t(cp));
          } else {
            w.value(int64_t(static_cast<unsigned char>(q[k])));
          }
        }
        w.end_array();
      }
    });
  }
  w.end_array();
}

void emit_array_fields(JsonWriter& w, const Array& a, int obj, const SnapshotOptions& opt) {
  int isz = a.itemsize();
  std::vector<int64_t> elem_strides;
  for (int64_t s : a.strides) elem_strides.push_back(isz ? s / isz : 0);  // 'V0' records have no size
  ByteExtent ext = byte_extent(a);
  w.field("dtype", dtype_label(a)).field("itemsize", isz).key("shape").ints(a.shape).key("strides").ints(a.strides);
  w.key("elementStrides").ints(elem_strides).field("offset", a.offset).field("size", a.size());
  w.field("nbytes", a.nbytes()).field("storage", a.storage->id()).field("storageBytes", a.storage->nbytes());
  w.key("extent").ints({ext.lo, ext.hi}).field("object", obj).key("hash");
  content_hash(w, a, opt.hash_max_bytes);
  w.key("flags").begin_object().field("C_CONTIGUOUS", a.c_contiguous()).field("F_CONTIGUOUS", a.f_contiguous());
  w.field("OWNDATA", a.owndata).field("WRITEABLE", a.writeable).field("ALIGNED", a.aligned());
  w.field("WRITEBACKIFCOPY", false).end_object();
  // Note [Addresses] (core/model/overlap.hpp): __array_interface__['data'][0]; byte k
  // of the storage is at dataAddress - offset + k.
  w.field("dataAddress", data_address(a));
  const char kind = a.descr ? info(a.descr->kind).kind : info(a.dtype).kind;
  w.field("dtypeKind", std::string(1, kind));
  if (a.descr && a.descr->structured()) {
    w.key("fields");
    emit_fields(w, *a.descr);
    w.key("padding");
    emit_padding(w, *a.descr);
  } else if (a.descr && (a.descr->kind == DType::Str || a.descr->kind == DType::Bytes)) {
    w.field("charSize", a.descr->kind == DType::Str ? 4 : 1).field("chars", flexible_length(*a.descr));
    w.key("codes");
    emit_codes(w, a, *a.descr, opt.max_text_elements);
  }
}

// A tensor's place in autograd: requires_grad, leaf or grad_fn (its node in
// "autograd.nodes"), its storage's version, its .grad entry, and the bytes
// the graph behind it keeps (graph_view.hpp); a gradient names its tensor, an
// optimizer's state tensor its optimizer and parameter.
void emit_autograd_fields(JsonWriter& w, const Model& m, const Entry& e) {
  const Array& a = e.value.arr();
  if (!e.grad_of.empty()) w.field("gradOf", e.grad_of);
  if (!e.state_owner.empty()) {
    w.key("optimizerState").begin_object().field("owner", e.state_owner).key("param");
    if (e.state_param.empty()) w.null();
    else w.value(e.state_param);
    w.field("key", e.state_key).end_object();
  }
  if (a.flavor != Flavor::Torch || !a.autograd) return;
  const AutogradMeta& g = *a.autograd;
  w.key("autograd").begin_object().field("requiresGrad", requires_grad(a)).field("isLeaf", is_leaf(a));
  w.field("isParameter", g.is_parameter).field("version", int64_t(a.version())).key("gradFn");
  if (g.grad_fn) w.value(g.grad_fn->name);
  else w.null();
  w.key("node");
  const int node = g.grad_fn ? m.graph.id_of(g.grad_fn.get()) : -1;
  if (node >= 0) w.value(node);
  else w.null();
  w.key("grad");
  if (g.grad) w.value(e.name + ".grad");
  else w.null();
  if (node >= 0) {
    const GraphView::Held h = m.graph.held_under(g.grad_fn.get(), m.visible);
    w.field("graphBytes", h.bytes).field("graphHiddenBytes", h.hidden).field("graphSaved", h.count);
  }
  w.end_object();
}

void emit_variables(JsonWriter& w, Interp& in, const Model& m, const SnapshotOptions& opt) {
  w.key("variables").begin_array();
  for (const Entry& e : m.entries) {
    const Value& v = e.value;
    std::string kind = kind_of(in, v);
    w.begin_object().field("name", e.name).field("topLevel", e.top_level).field("kind", kind);
    w.field("type", in.type_name(v));
    std::string preview;
    try {
      preview = kind == "function" || kind == "module" ? in.repr(v) : in.str(v);
    } catch (const PyError& err) {
      preview = "<" + err.type + " while printing>";
    }
    w.field("preview", truncate_utf8(preview, size_t(opt.preview_chars)));
    if (v.is_array() && v.arr().flavor != Flavor::DummyBase) {
      const Array& a = v.arr();
      emit_array_fields(w, a, m.known_id(&a), opt);
      w.key("baseChain").begin_array();  // nearest first
      for (const Array* b = a.base.get(); b; b = b->base.get()) w.value(m.known_id(b));
      w.end_array();
      if (a.flavor != Flavor::Scalar) {
        w.key("explain");
        explain_json(w, a);
      }
      emit_autograd_fields(w, m, e);
    }
    w.end_object();
  }
  w.end_array();
}

// The names of the entries holding storage `sid` (the variables a saved tensor shares bytes with).
void holder_names(JsonWriter& w, const Model& m, uint64_t sid) {
  w.begin_array();
  auto it = m.holders.find(sid);
  if (it != m.holders.end())
    for (auto& h : it->second) w.value(h);
  w.end_array();
}

// One saved slot of a node: PyTorch's name for it, its layout and bytes, both
// versions (stale: a later in-place write moved the storage's, Note [Version
// counter]), the statement that saved it, the variables sharing its bytes.
void emit_saved(JsonWriter& w, const Model& m, const GradNode& n, size_t k) {
  const SavedTensor& s = n.saved[k];
  w.begin_object().field("slot", int64_t(k)).field("name", saved_slot_name(n, k)).field("isOutput", s.is_output);
  w.field("packed", s.packed != nullptr).field("savedVersion", int64_t(s.version));
  if (s.line > 0) {
    w.field("line", int64_t(s.line));
    const std::string src = explain_source(s.run, s.line, s.line);
    if (!src.empty()) w.field("source", src);
  }
  if (s.data && s.data->storage) {
    const Array& d = *s.data;
    w.field("dtype", dtype_label(d)).key("shape").ints(d.shape).field("nbytes", d.nbytes());
    w.field("storage", d.storage->id()).field("storageBytes", d.storage->nbytes());
    w.field("version", int64_t(d.version())).field("stale", d.version() != s.version);
    w.key("sharesWith");
    holder_names(w, m, d.storage->id());
  }
  w.end_object();
}

// The name of the leaf an AccumulateGrad node writes into, when an entry names it.
std::string leaf_name(const Model& m, const GradNode& n) {
  auto v = n.variable.lock();
  if (!v) return "";
  auto it = m.names_of.find(v.get());
  return it == m.names_of.end() || it->second.empty() ? "" : it->second[0];
}

void emit_nodes(JsonWriter& w, const Model& m) {
  w.key("nodes").begin_array();
  for (size_t k = 0; k < m.graph.nodes.size(); ++k) {
    const GradNode& n = *m.graph.nodes[k];
    w.begin_object().field("id", int64_t(k)).field("name", n.name).field("released", n.released).key("next").begin_array();
    for (auto& e : n.next) {
      const int id = e ? m.graph.id_of(e.get()) : -1;
      if (id >= 0) w.value(id);
      else w.null();
    }
    w.end_array();
    if (n.wrapped && m.graph.id_of(n.wrapped.get()) >= 0) w.field("wraps", m.graph.id_of(n.wrapped.get()));
    const std::string leaf = leaf_name(m, n);
    if (!leaf.empty()) w.field("variable", leaf);
    w.key("saved").begin_array();
    for (size_t s = 0; s < n.saved.size(); ++s)
      if (n.saved[s].was_saved) emit_saved(w, m, n, s);
    w.end_array().end_object();
  }
  w.end_array();
}

// The tensor a write went through, by name: the variable holding it, else
// the nearest named array on its base chain ("a view of x").
void emit_write(JsonWriter& w, const Model& m, const TensorWrite& t) {
  w.begin_object().field("op", t.op).field("version", int64_t(t.version)).field("throughView", t.through_view);
  w.key("shape").ints(t.shape);
  if (t.line > 0) {
    w.field("line", int64_t(t.line));
    const std::string src = explain_source(t.run, t.line, t.line);
    if (!src.empty()) w.field("source", src);
  }
  std::string via, base;
  if (auto a = t.via.lock()) {
    if (auto it = m.names_of.find(a.get()); it != m.names_of.end() && !it->second.empty()) via = it->second[0];
    for (const Array* b = a->base.get(); b && base.empty(); b = b->base.get())
      if (auto it = m.names_of.find(b); it != m.names_of.end() && !it->second.empty()) base = it->second[0];
  }
  if (!via.empty()) w.field("via", via);
  if (!base.empty()) w.field("viewOf", base);
  w.end_object();
}

// Note [Write log]: the run's "modified by an inplace operation" error, from
// the engine's record (null when this run had none).
void emit_version_failure(JsonWriter& w, const Model& m) {
  const VersionFailure* f = last_version_failure();
  if (!f) {
    w.null();
    return;
  }
  w.begin_object().field("node", f->node).field("slot", f->slot).field("savedVersion", int64_t(f->saved_version));
  w.field("version", int64_t(f->version)).field("dtype", dtype_text(DTypeFull{f->dtype, nullptr})).key("shape").ints(f->shape);
  if (f->saved_line > 0) {
    w.field("savedLine", int64_t(f->saved_line));
    const std::string src = explain_source(f->saved_run, f->saved_line, f->saved_line);
    if (!src.empty()) w.field("savedSource", src);
  }
  w.key("writes").begin_array();
  for (const TensorWrite& t : f->writes) emit_write(w, m, t);
  w.end_array().end_object();
}

// "autograd": the nodes behind the tensors, the storages their saved tensors
// hold (hidden: no entry holds them, so backward() frees them), the run's
// version-check failure.
void emit_autograd(JsonWriter& w, const Model& m) {
  w.key("autograd").begin_object();
  emit_nodes(w, m);
  w.key("saved").begin_array();
  for (auto& [sid, ss] : m.graph.saved) {
    w.begin_object().field("storage", sid).field("nbytes", ss.storage->nbytes()).field("hidden", !m.visible.count(sid));
    w.key("by").begin_array();
    for (auto& b : ss.by) w.begin_array().value(b.node).value(int64_t(b.slot)).end_array();
    w.end_array().end_object();
  }
  w.end_array().field("truncated", m.graph.truncated).key("failure");
  emit_version_failure(w, m);
  w.end_object();
}

}  // namespace

std::map<uint64_t, const Storage*> snapshot_storages(Interp& in, const SnapshotOptions& opt) {
  Model m;
  collect_entries(in, opt, m);
  collect_arrays(m);
  return m.storages;
}

std::vector<SavedCensusItem> snapshot_saved(Interp& in, const SnapshotOptions& opt) {
  Model m;
  collect_entries(in, opt, m);
  collect_arrays(m);
  std::vector<SavedCensusItem> out = saved_census(m.graph);
  for (auto& c : out) c.hidden = !m.visible.count(c.storage);
  return out;
}

std::string snapshot_json(Interp& in, const SnapshotOptions& opt) {
  Model m;
  collect_entries(in, opt, m);
  collect_arrays(m);
  JsonWriter w;
  w.begin_object();
  emit_heap_and_storages(w, m);
  emit_objects(w, m);
  emit_variables(w, in, m, opt);
  emit_sharing(w, m, opt);
  emit_autograd(w, m);
  w.end_object();
  return w.take();
}

}  // namespace sl

#include "core/api/snapshot.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>

#include "core/api/session.hpp"
#include "core/lang/interp.hpp"
#include "core/iter.hpp"
#include "core/overlap.hpp"
#include "core/storage.hpp"

namespace sl {

namespace {

using lang::Interp;
using lang::Value;

struct Entry {
  std::string name;     // "a", "views[3]", "batch['input_ids']"
  bool top_level;
  Value value;
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

std::string ints_json(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t k = 0; k < v.size(); ++k) s += (k ? "," : "") + std::to_string(v[k]);
  return s + "]";
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

// FNV-1a over the array's elements in logical order: the page compares it
// between runs to highlight every array whose values changed (e.g. after a
// write through a view). Arrays above the cap report null (not hashed).
std::string content_hash(const Array& a, int64_t max_bytes) {
  if (a.nbytes() > max_bytes) return "null";
  uint64_t h = 1469598103934665603ull;
  std::array<char*, 1> base{a.data()};
  std::array<const Strides*, 1> st{&a.strides};
  int isz = a.itemsize();
  for_each_strided<1>(a.shape, base, st, [&](std::array<char*, 1>& p, const std::array<int64_t, 1>& s, int64_t n) {
    const char* q = p[0];
    for (int64_t i = 0; i < n; ++i, q += s[0])
      for (int b = 0; b < isz; ++b) h = (h ^ static_cast<unsigned char>(q[b])) * 1099511628211ull;
  });
  char buf[24];
  std::snprintf(buf, sizeof buf, "\"%016llx\"", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace

std::string snapshot_json(Interp& in, const SnapshotOptions& opt) {
  // 1. Collect variables (sorted by name) and container members holding arrays.
  std::vector<std::pair<std::string, Value>> globals(in.globals->vars.begin(), in.globals->vars.end());
  std::sort(globals.begin(), globals.end(), [](auto& a, auto& b) { return a.first < b.first; });
  std::vector<Entry> entries;
  for (auto& [name, v] : globals) {
    if (v.as<lang::ModuleObj>()) continue;  // `np`, `torch`: not interesting
    entries.push_back({name, true, v});
    int count = 0;
    if (auto* l = v.as<lang::ListObj>()) {
      for (size_t i = 0; i < l->items.size() && count < opt.max_container_items; ++i)
        if (l->items[i].is_array()) entries.push_back({name + "[" + std::to_string(i) + "]", false, l->items[i]}), ++count;
    } else if (auto* t = v.as<lang::TupleObj>()) {
      for (size_t i = 0; i < t->items.size() && count < opt.max_container_items; ++i)
        if (t->items[i].is_array()) entries.push_back({name + "[" + std::to_string(i) + "]", false, t->items[i]}), ++count;
    } else if (auto* d = v.as<lang::DictObj>()) {
      for (size_t i = 0; i < d->t.entries.size() && count < opt.max_container_items; ++i) {
        if (!d->t.alive[i] || !d->t.entries[i].second.is_array()) continue;
        entries.push_back({name + "[" + in.repr(d->t.entries[i].first) + "]", false, d->t.entries[i].second});
        ++count;
      }
    }
  }

  // 2. Number every array object reachable from the entries (through bases).
  std::unordered_map<const Array*, int> obj_id;
  std::vector<const Array*> objs;
  std::unordered_map<const Array*, std::vector<std::string>> names_of;
  auto id_of = [&](const Array* a) {
    auto it = obj_id.find(a);
    if (it != obj_id.end()) return it->second;
    int id = int(objs.size());
    obj_id[a] = id;
    objs.push_back(a);
    return id;
  };
  for (auto& e : entries) {
    if (!e.value.is_array()) continue;
    const Array* a = &e.value.arr();
    names_of[a].push_back(e.name);
    for (const Array* b = a; b; b = b->base.get()) id_of(b);
  }

  // 3. Storages: reachable ones, their owners, and who holds them.
  std::map<uint64_t, const Storage*> storages;
  std::map<uint64_t, std::vector<std::string>> holders;
  std::map<uint64_t, bool> owner_named;
  for (auto& e : entries) {
    if (!e.value.is_array()) continue;
    const Array& a = e.value.arr();
    if (a.flavor == Flavor::Scalar) continue;
    uint64_t sid = a.storage->id();
    storages[sid] = a.storage.get();
    holders[sid].push_back(e.name);
    if (a.owndata) owner_named[sid] = true;
  }
  int64_t reachable = 0, view_only = 0;
  for (auto& [sid, st] : storages) {
    reachable += st->nbytes();
    if (!owner_named[sid]) view_only += st->nbytes();
  }

  // 4. Sharing groups: union-find over named arrays that really share bytes.
  std::vector<size_t> arr_entries;
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].value.is_array() && entries[i].value.arr().flavor != Flavor::Scalar &&
        entries[i].value.arr().flavor != Flavor::DummyBase)
      arr_entries.push_back(i);
  std::vector<size_t> parent(entries.size());
  for (size_t i = 0; i < parent.size(); ++i) parent[i] = i;
  std::function<size_t(size_t)> find = [&](size_t x) { return parent[x] == x ? x : parent[x] = find(parent[x]); };
  std::vector<std::string> maybe_pairs, share_pairs;
  for (size_t p = 0; p < arr_entries.size(); ++p) {
    for (size_t q = p + 1; q < arr_entries.size(); ++q) {
      const Array& x = entries[arr_entries[p]].value.arr();
      const Array& y = entries[arr_entries[q]].value.arr();
      if (x.storage != y.storage) continue;
      MemOverlap r = &x == &y ? MemOverlap::Yes : solve_may_share_memory(x, y, opt.share_max_work);
      if (r == MemOverlap::No) continue;
      std::string pair = json_string(entries[arr_entries[p]].name) + "," + json_string(entries[arr_entries[q]].name);
      share_pairs.push_back("[" + pair + (r == MemOverlap::Yes ? ",\"yes\"]" : ",\"maybe\"]"));
      if (r != MemOverlap::Yes) maybe_pairs.push_back("[" + pair + "]");
      parent[find(arr_entries[p])] = find(arr_entries[q]);
    }
  }
  std::map<size_t, std::vector<std::string>> groups;
  for (size_t i : arr_entries) groups[find(i)].push_back(entries[i].name);

  // 5. Emit.
  std::string j = "{\"heap\":{\"liveBytes\":" + std::to_string(Storage::live_bytes()) +
                  ",\"liveStorages\":" + std::to_string(Storage::live_count()) +
                  ",\"peakBytes\":" + std::to_string(Storage::peak_bytes()) +
                  ",\"reachableBytes\":" + std::to_string(reachable) +
                  ",\"viewOnlyBytes\":" + std::to_string(view_only) + "}";
  j += ",\"storages\":[";
  bool first = true;
  for (auto& [sid, st] : storages) {
    int owner_obj = -1;
    for (size_t k = 0; k < objs.size(); ++k)
      if (objs[k]->owndata && objs[k]->storage.get() == st) owner_obj = int(k);
    j += std::string(first ? "" : ",") + "{\"id\":" + std::to_string(sid) + ",\"nbytes\":" + std::to_string(st->nbytes()) +
         ",\"ownerNamed\":" + (owner_named[sid] ? "true" : "false") + ",\"ownerObject\":" +
         (owner_obj >= 0 ? std::to_string(owner_obj) : std::string("null")) + ",\"holders\":[";
    for (size_t k = 0; k < holders[sid].size(); ++k) j += (k ? "," : "") + json_string(holders[sid][k]);
    j += "]}";
    first = false;
  }
  j += "],\"objects\":[";
  for (size_t k = 0; k < objs.size(); ++k) {
    const Array* a = objs[k];
    j += std::string(k ? "," : "") + "{\"id\":" + std::to_string(k) + ",\"names\":[";
    auto& nm = names_of[a];
    for (size_t i = 0; i < nm.size(); ++i) j += (i ? "," : "") + json_string(nm[i]);
    j += "],\"kind\":";
    j += a->flavor == Flavor::DummyBase ? "\"DummyArray\"" : a->flavor == Flavor::Torch ? "\"tensor\"" : "\"ndarray\"";
    j += ",\"base\":" + (a->base ? std::to_string(obj_id.count(a->base.get()) ? obj_id[a->base.get()] : -1) : std::string("null"));
    j += ",\"ownsData\":" + std::string(a->owndata ? "true" : "false");
    j += ",\"dtype\":" + json_string(name(a->dtype)) + ",\"shape\":" + ints_json(a->shape) +
         ",\"strides\":" + ints_json(a->strides) + ",\"offset\":" + std::to_string(a->offset) +
         ",\"nbytes\":" + std::to_string(a->nbytes()) + ",\"storage\":" + std::to_string(a->storage->id()) + "}";
  }
  j += "],\"variables\":[";
  for (size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    const Value& v = e.value;
    std::string kind = kind_of(in, v);
    j += std::string(i ? "," : "") + "{\"name\":" + json_string(e.name) + ",\"topLevel\":" + (e.top_level ? "true" : "false") +
         ",\"kind\":" + json_string(kind) + ",\"type\":" + json_string(in.type_name(v));
    std::string preview;
    try {
      preview = kind == "function" || kind == "module" ? in.repr(v) : in.str(v);
    } catch (const PyError& err) {
      preview = "<" + err.type + " while printing>";
    }
    j += ",\"preview\":" + json_string(truncate_utf8(preview, size_t(opt.preview_chars)));
    if (v.is_array() && v.arr().flavor != Flavor::DummyBase) {
      const Array& a = v.arr();
      int isz = a.itemsize();
      std::vector<int64_t> elem_strides;
      for (int64_t s : a.strides) elem_strides.push_back(s / isz);
      ByteExtent ext = byte_extent(a);
      j += ",\"dtype\":" + json_string(name(a.dtype)) + ",\"itemsize\":" + std::to_string(isz) +
           ",\"shape\":" + ints_json(a.shape) + ",\"strides\":" + ints_json(a.strides) +
           ",\"elementStrides\":" + ints_json(elem_strides) + ",\"offset\":" + std::to_string(a.offset) +
           ",\"size\":" + std::to_string(a.size()) + ",\"nbytes\":" + std::to_string(a.nbytes()) +
           ",\"storage\":" + std::to_string(a.storage->id()) + ",\"storageBytes\":" + std::to_string(a.storage->nbytes()) +
           ",\"extent\":[" + std::to_string(ext.lo) + "," + std::to_string(ext.hi) + "]" +
           ",\"object\":" + std::to_string(obj_id.count(&a) ? obj_id[&a] : -1) +
           ",\"hash\":" + content_hash(a, opt.hash_max_bytes) +
           ",\"flags\":{\"C_CONTIGUOUS\":" + (a.c_contiguous() ? "true" : "false") +
           ",\"F_CONTIGUOUS\":" + (a.f_contiguous() ? "true" : "false") +
           ",\"OWNDATA\":" + (a.owndata ? "true" : "false") + ",\"WRITEABLE\":" + (a.writeable ? "true" : "false") +
           ",\"ALIGNED\":" + (a.aligned() ? "true" : "false") + ",\"WRITEBACKIFCOPY\":false}";
      // the chain of bases, nearest first
      j += ",\"baseChain\":[";
      bool f2 = true;
      for (const Array* b = a.base.get(); b; b = b->base.get()) {
        j += std::string(f2 ? "" : ",") + std::to_string(obj_id.count(b) ? obj_id[b] : -1);
        f2 = false;
      }
      j += "]";
    }
    j += "}";
  }
  j += "],\"shareGroups\":[";
  first = true;
  for (auto& [root, names] : groups) {
    if (names.size() < 2) continue;
    j += std::string(first ? "" : ",") + "[";
    for (size_t k = 0; k < names.size(); ++k) j += (k ? "," : "") + json_string(names[k]);
    j += "]";
    first = false;
  }
  j += "],\"sharePairs\":[";
  for (size_t k = 0; k < share_pairs.size(); ++k) j += (k ? "," : "") + share_pairs[k];
  j += "],\"tooHardPairs\":[";
  for (size_t k = 0; k < maybe_pairs.size(); ++k) j += (k ? "," : "") + maybe_pairs[k];
  return j + "]}";
}

}  // namespace sl

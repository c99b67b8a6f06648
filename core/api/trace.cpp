#include "core/api/trace.hpp"

#include <algorithm>
#include <cstring>
#include <set>

#include "core/api/graph_view.hpp"
#include "core/lang/parse/ast.hpp"
#include "core/lang/eval/interp.hpp"

namespace sl {

namespace {

using lang::EK;
using lang::Expr;
using lang::Stmt;

// The names a statement mentions in its own expressions (targets, values,
// conditions, decorators), not in the bodies it runs: `v[0] = 99` mentions v;
// `for i in range(n):` mentions i, range and n.
void names_in(const Expr* e, std::set<std::string>& out) {
  if (!e) return;
  if (e->kind == EK::Name || e->kind == EK::NamedExpr) out.insert(e->name);
  if (e->kind == EK::Lambda) return;  // its body runs later, as its own statements' business
  for (const Expr* x : {e->a.get(), e->b.get(), e->c.get()}) names_in(x, out);
  for (auto& x : e->elts) names_in(x.get(), out);
  for (auto& x : e->keys) names_in(x.get(), out);
  for (auto& k : e->keywords) names_in(k.value.get(), out);
  for (auto& g : e->generators) {
    names_in(g.target.get(), out);
    names_in(g.iter.get(), out);
    for (auto& x : g.ifs) names_in(x.get(), out);
  }
}

std::vector<std::string> statement_names(const Stmt& s) {
  std::set<std::string> out;
  for (auto& x : s.targets) names_in(x.get(), out);
  for (const Expr* x : {s.value.get(), s.extra.get()}) names_in(x, out);
  for (auto& x : s.items) names_in(x.get(), out);
  for (auto& x : s.decorators) names_in(x.get(), out);
  for (auto& a : s.names) out.insert(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
  if (s.kind == lang::SK::FunctionDef && s.func) out.insert(s.func->name);
  if (s.kind == lang::SK::ClassDef) out.insert(s.name);
  return {out.begin(), out.end()};
}

}  // namespace

std::map<std::string, TraceRecorder::Print> TraceRecorder::fingerprints() const {
  std::map<std::string, Print> out;
  for (auto& [name, v] : in_.globals->vars) {
    if (!v.is_array()) continue;
    const Array& a = v.arr();
    const std::optional<uint64_t> h = array_content_hash(a, opt_.hash_max_bytes);
    out[name] = Print{&a, int64_t(a.storage->id()), h.has_value(), h.value_or(0)};
  }
  return out;
}

// Byte ranges where `now` differs from `old` (both n bytes): maximal runs of
// differing bytes, in order. Equal 64-byte blocks are skipped with memcmp.
// Past max_ranges runs, the last range is extended to the last differing byte.
static void diff_ranges(const char* old, const char* now, int64_t n, int max_ranges, std::vector<int64_t>& out, bool& coarse) {
  constexpr int64_t kBlock = 64;
  int64_t k = 0;
  while (k < n) {
    if (k % kBlock == 0 && k + kBlock <= n && std::memcmp(old + k, now + k, kBlock) == 0) {
      k += kBlock;
      continue;
    }
    if (old[k] == now[k]) {
      ++k;
      continue;
    }
    const int64_t lo = k;
    while (k < n && old[k] != now[k]) ++k;
    if (int(out.size() / 2) >= std::max(1, max_ranges)) {
      int64_t last = n;
      while (old[last - 1] == now[last - 1]) --last;
      out.back() = last;
      coarse = true;
      return;
    }
    out.push_back(lo);
    out.push_back(k);
  }
}

std::vector<TraceRecorder::ByteChange> TraceRecorder::diff_storages() {
  SnapshotOptions so;
  const std::map<uint64_t, const Storage*> live = snapshot_storages(in_, so);
  for (auto it = copies_.begin(); it != copies_.end();) {  // storages nobody shows any more
    if (live.count(it->first)) {
      ++it;
    } else {
      copy_bytes_ -= int64_t(it->second.size());
      it = copies_.erase(it);
    }
  }
  std::vector<ByteChange> out;
  for (auto& [sid, st] : live) {
    const int64_t n = st->nbytes();
    auto it = copies_.find(sid);
    if (it == copies_.end()) {
      if (n > opt_.hash_max_bytes || copy_bytes_ + n > opt_.copy_max_bytes) continue;
      copies_.emplace(sid, std::vector<char>(st->data(), st->data() + n));
      copy_bytes_ += n;
      continue;
    }
    // A storage's size never changes, so the copy has n bytes.
    ByteChange ch{sid, {}, false};
    diff_ranges(it->second.data(), st->data(), n, opt_.max_ranges, ch.ranges, ch.coarse);
    if (ch.ranges.empty()) continue;
    std::memcpy(it->second.data(), st->data(), size_t(n));
    out.push_back(std::move(ch));
  }
  return out;
}

TraceRecorder::TraceRecorder(lang::Interp& in, const TraceOptions& opt) : in_(in), opt_(opt) { diff_graph(); }

TraceRecorder::GraphChange TraceRecorder::diff_graph() {
  GraphChange g;
  std::map<uint64_t, int64_t> saved;
  std::map<std::pair<uint64_t, size_t>, bool> stale;
  for (const SavedCensusItem& c : snapshot_saved(in_)) {
    if (c.hidden) saved[c.storage] = c.nbytes;  // the bytes only the graph keeps
    const bool is_stale = c.version != c.saved_version;
    stale[{c.node_seq, c.slot}] = is_stale;
    auto it = stale_last_.find({c.node_seq, c.slot});
    if (is_stale && (it == stale_last_.end() || !it->second)) g.bumped.push_back({c.node, c.slot_name, c.saved_version, c.version});
  }
  for (auto& [sid, n] : saved) {
    g.saved_bytes += n;
    if (!saved_last_.count(sid)) g.new_bytes += n;
  }
  for (auto& [sid, n] : saved_last_)
    if (!saved.count(sid)) g.freed_bytes += n;
  saved_last_ = std::move(saved);
  stale_last_ = std::move(stale);
  return g;
}

void TraceRecorder::on_step(const lang::Stmt& s, bool top) {
  const bool full = int(steps_.size()) >= opt_.max_steps || bytes_ >= opt_.max_bytes;
  if (full && (!top || bytes_ >= 2 * opt_.max_bytes)) {
    ++skipped_;
    return;
  }
  Step st{s.line, s.end_line > 0 ? s.end_line : s.line, top, in_.output_size(), {}, -1, statement_names(s), {}, {}};
  // What changed since the last recorded step: the same array object, other bytes.
  std::map<std::string, Print> now = fingerprints();
  for (auto& [name, p] : now) {
    auto it = last_.find(name);
    if (it == last_.end() || it->second.object != p.object || !p.hashed || !it->second.hashed) continue;
    if (it->second.hash == p.hash) continue;
    const bool mentioned = std::binary_search(st.names.begin(), st.names.end(), name);
    st.changed.push_back({name, !mentioned});
  }
  last_ = std::move(now);
  st.bytes_changed = diff_storages();
  st.graph = diff_graph();
  SnapshotOptions so;
  so.hash_max_bytes = opt_.hash_max_bytes;
  std::string snap = snapshot_json(in_, so);
  if (last_full_ >= 0 && steps_[size_t(last_full_)].snapshot == snap) {
    st.same_as = last_full_;
  } else {
    bytes_ += int64_t(snap.size());
    st.snapshot = std::move(snap);
    last_full_ = int(steps_.size());
  }
  steps_.push_back(std::move(st));
}

void TraceRecorder::write(JsonWriter& w) const {
  w.begin_object().key("steps").begin_array();
  for (const Step& st : steps_) {
    w.begin_object().field("line", int64_t(st.line)).field("endLine", int64_t(st.end_line)).field("top", st.top);
    w.field("stdoutLength", int64_t(st.stdout_size)).key("names").begin_array();
    for (auto& n : st.names) w.value(n);
    w.end_array().key("changed").begin_array();
    for (auto& [n, through] : st.changed) w.begin_object().field("name", n).field("throughOther", through).end_object();
    w.end_array().key("bytesChanged").begin_array();
    for (const ByteChange& b : st.bytes_changed) {
      w.begin_object().field("storage", int64_t(b.storage)).key("ranges").begin_array();
      for (int64_t x : b.ranges) w.value(x);
      w.end_array().field("coarse", b.coarse).end_object();
    }
    w.end_array();
    const GraphChange& g = st.graph;
    if (g.saved_bytes || g.freed_bytes || !g.bumped.empty()) {
      w.key("graph").begin_object().field("savedBytes", g.saved_bytes).field("freedBytes", g.freed_bytes);
      w.field("newBytes", g.new_bytes).key("bumped").begin_array();
      for (const Bump& b : g.bumped)
        w.begin_object().field("node", b.node).field("slot", b.slot).field("savedVersion", int64_t(b.saved_version))
            .field("version", int64_t(b.version)).end_object();
      w.end_array().end_object();
    }
    if (st.same_as >= 0) w.field("sameAs", int64_t(st.same_as));
    else w.key("snapshot").raw(st.snapshot);
    w.end_object();
  }
  w.end_array().field("skipped", skipped_).field("maxSteps", int64_t(opt_.max_steps));
  w.field("maxBytes", opt_.max_bytes).field("bytes", bytes_).end_object();
}

}  // namespace sl

#include "core/model/explain.hpp"

#include <algorithm>

#include "core/model/strides.hpp"

namespace sl {

namespace {

constexpr int kMaxChain = 4;
constexpr size_t kKeptSources = 16;
detail::ExplainState& state() { return session_state<detail::ExplainState>(); }

}  // namespace

std::shared_ptr<Explain> make_record(const Array& in, const char* rule, Verdict verdict,
                                     std::vector<ExplainFact> facts) {
  auto e = std::make_shared<Explain>();
  e->rule = rule;
  e->verdict = verdict;
  e->in_shape = in.shape;
  e->in_strides = in.strides;
  e->in_offset = in.offset;
  e->in_itemsize = in.itemsize();
  e->torch = in.is_torch();
  e->facts = std::move(facts);
  const detail::ExplainState& s = state();
  e->run = s.run;
  e->line = s.line;
  e->end_line = std::max(s.line, s.end_line);
  // Chains are kept short (at most kMaxChain records) so a loop such as
  // `a = a[1:]` repeated does not keep every intermediate record alive.
  if (in.why && in.why->run == s.run && in.why->depth + 1 < kMaxChain) {
    e->input = in.why;
    e->depth = in.why->depth + 1;
  }
  return e;
}

void set_output(Explain& e, const Array& out) {
  e.out_shape = out.shape;
  e.out_strides = out.strides;
  e.out_offset = out.offset;
}

void IntList::reserve(size_t n) {
  if (n <= cap_) return;
  int64_t* p = new int64_t[n];
  std::copy(begin(), end(), p);
  if (cap_ > kInline) delete[] heap_;
  heap_ = p;
  cap_ = uint32_t(n);
}

void IntList::assign(const int64_t* p, size_t n) {
  if (n > cap_) {
    release();
    reserve(n);
  }
  std::copy(p, p + n, data());
  n_ = uint32_t(n);
}

std::string ExplainFact::str() const {
  if (!words) return text;
  std::string out;
  for (int64_t k : ints) {
    if (!out.empty()) out += ',';
    out += words[k];
  }
  return out;
}

ExplainFact fact(const char* key, int64_t v) { return {key, {v}, false, false, {}}; }
ExplainFact fact(const char* key, std::vector<int64_t> v) { return {key, std::move(v), true, false, {}}; }
ExplainFact fact(const char* key, std::string text) { return {key, {}, false, false, std::move(text)}; }
ExplainFact byte_fact(const char* key, int64_t v) { return {key, {v}, false, true, {}}; }
ExplainFact byte_fact(const char* key, std::vector<int64_t> v) {
  return {key, std::move(v), true, true, {}};
}
ExplainFact word_fact(const char* key, const char* const* table, IntList picks) {
  return {key, std::move(picks), false, false, {}, table};
}

ArrayPtr explained(ArrayPtr out, const Array& in, const char* rule, Verdict verdict, std::vector<ExplainFact> facts) {
  // For Verdict::Same, out and in are one object: the record's `input` is the
  // record it replaces (when from this run).
  auto e = make_record(in, rule, verdict, std::move(facts));
  set_output(*e, *out);
  out->why = std::move(e);
  return out;
}

void explain_failure(const Array& in, const char* rule, std::vector<ExplainFact> facts) {
  state().failure = make_record(in, rule, Verdict::Error, std::move(facts));
}

ExplainPtr explain_last_failure() {
  const detail::ExplainState& s = state();
  return s.failure && s.failure->run == s.run ? s.failure : nullptr;
}

void explain_begin_run(const std::string& code) {
  detail::ExplainState& s = state();
  ++s.run;
  s.failure.reset();
  explain_at(0, 0);
  if (s.sources.size() == kKeptSources) s.sources.erase(s.sources.begin());
  s.sources.emplace_back(s.run, code);
}

std::string explain_source(uint64_t run, int line, int end_line) {
  constexpr int kMaxLines = 3;
  constexpr size_t kMaxChars = 200;
  if (line < 1) return {};
  const std::string* code = nullptr;
  for (auto& [r, text] : state().sources)
    if (r == run) code = &text;
  if (!code) return {};
  std::string out;
  int at = 1;
  size_t i = 0;
  while (at < line && i < code->size()) {
    if ((*code)[i++] == '\n') ++at;
  }
  for (int k = 0; at <= std::min(end_line, line + kMaxLines - 1) && i < code->size(); ++k, ++at) {
    size_t e = code->find('\n', i);
    if (e == std::string::npos) e = code->size();
    std::string ln = code->substr(i, e - i);
    if (!ln.empty() && ln.back() == '\r') ln.pop_back();
    if (ln.size() > kMaxChars) ln = ln.substr(0, kMaxChars) + "...";
    if (k) out += '\n';
    out += ln;
    i = e + 1;
  }
  return out;
}

uint64_t explain_run() { return state().run; }



std::vector<ExplainFact> reshape_block_facts(const Array& in, const ReshapeBlock& b, const Shape& new_shape) {
  std::vector<int64_t> dims, strides;
  for (int64_t ax : b.axes) {
    dims.push_back(in.shape[size_t(ax)]);
    strides.push_back(in.strides[size_t(ax)]);
  }
  std::vector<ExplainFact> f{fact("axes", b.axes), fact("dims", dims), byte_fact("strides", strides),
                             fact("newShape", new_shape)};
  if (b.at >= 0 && size_t(b.at) + 1 < dims.size()) {
    f.push_back(fact("at", int64_t(b.at)));
    f.push_back(byte_fact("needed", dims[size_t(b.at) + 1] * strides[size_t(b.at) + 1]));
  }
  return f;
}

ArrayPtr explain_contiguous(ArrayPtr out, const ArrayPtr& in, const char* already, const char* copied) {
  if (out->storage == in->storage) {
    Verdict v = out == in ? Verdict::Same : Verdict::View;
    return explained(std::move(out), *in, already, v);
  }
  ContiguityBreak b = c_contiguity_break(*in);
  std::vector<ExplainFact> facts;
  if (b.axis >= 0)
    facts = {fact("axis", int64_t(b.axis)), byte_fact("stride", in->strides[size_t(b.axis)]),
             byte_fact("expected", b.expected)};
  return explained(std::move(out), *in, copied, Verdict::Copy, std::move(facts));
}

ContiguityBreak c_contiguity_break(const Array& a) {
  for (int64_t d : a.shape)
    if (d == 0) return {};
  int64_t expected = a.itemsize();
  for (int k = a.ndim() - 1; k >= 0; --k) {
    if (a.shape[size_t(k)] == 1) continue;
    if (a.strides[size_t(k)] != expected) return {k, expected};
    expected *= a.shape[size_t(k)];
  }
  return {};
}

}  // namespace sl

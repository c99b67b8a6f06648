// sre_module: `_sre` -- the native half of `re`, as CPython's Modules/_sre/
// is the native half of Lib/re: it compiles a pattern with the engine of
// core/text/regex (written here, not a dependency: the engine must report
// CPython's own error messages and positions, and match as sre does) and
// runs one match attempt at a time. The module surface (Pattern, Match,
// RegexFlag, re.error, sub's templates, split, findall) is the frozen
// Python module re.py (core/lang/frozen/re.py), as Lib/re is Python.
//
// _sre.compile(pattern, flags) returns ('ok', scan, flags, groups, groupindex)
// or ('error', kind, message, position); scan(string, pos, endpos, mode,
// must_advance) returns None or (marks, lastindex), marks a tuple of
// 2*(groups+1) code point positions (-1 for a group that did not take part).
// Invariant: a scan keeps the code points of the last subject it read, so
// finditer over one string decodes it once.
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/text/regex.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

namespace {

std::vector<uint32_t> code_points(Interp& in, const Value& v, bool& is_bytes) {
  if (auto* s = v.as<StrObj>()) {
    is_bytes = false;
    return decode_utf8(s->s);
  }
  std::string_view b;
  if (bytes_like(v, b)) {
    is_bytes = true;
    return std::vector<uint32_t>(reinterpret_cast<const uint8_t*>(b.data()), reinterpret_cast<const uint8_t*>(b.data()) + b.size());
  }
  in.raise_exc("TypeError", "expected string or bytes-like object, got '" + in.type_of(v)->name + "'");
}

struct ScanCache {
  Value subject;                 // the last subject (kept alive so its identity stays valid)
  std::vector<uint32_t> cps;
  bool is_bytes = false;
};

Value sre_compile(Interp& in, Args& a) {
  Value pattern = a.required(0, "pattern");
  Value flags = a.required(1, "flags");
  a.finish(2);
  bool is_bytes;
  std::vector<uint32_t> cps = code_points(in, pattern, is_bytes);
  regex::Compiled c;
  try {
    c = regex::compile(cps, int(flags.as_int()), is_bytes);
  } catch (const regex::RegexError& e) {
    const char* kind = e.kind == regex::RegexError::Pattern ? "error" : e.kind == regex::RegexError::Value ? "ValueError" : "OverflowError";
    return make_tuple({make_str("error"), make_str(kind), make_str(e.msg), e.pos < 0 ? Value() : Value::integer(e.pos)});
  }
  auto prog = c.prog;
  const bool pat_bytes = is_bytes;
  auto cache = std::make_shared<ScanCache>();
  Value scan = in.builtin("scan", [prog, pat_bytes, cache](Interp& in, Args& a) -> Value {
    Value subject = a.required(0, "string");
    int64_t pos = a.required(1, "pos").as_int(), endpos = a.required(2, "endpos").as_int();
    int64_t mode = a.required(3, "mode").as_int();
    bool must_advance = in.truthy(a.required(4, "must_advance"));
    a.finish(5);
    if (!cache->subject.is_same(subject) || subject.is_none()) {
      bool b;
      std::vector<uint32_t> cps = code_points(in, subject, b);
      if (b != pat_bytes)
        in.raise_exc("TypeError", pat_bytes ? "cannot use a bytes pattern on a string-like object"
                                             : "cannot use a string pattern on a bytes-like object");
      cache->cps = std::move(cps);
      cache->is_bytes = b;
      // A bytearray may change between calls: only immutable subjects are kept.
      cache->subject = subject.as<StrObj>() || sl::lang::is_bytes(subject) ? subject : Value();
    }
    const int64_t n = int64_t(cache->cps.size());
    if (pos < 0) pos = 0;
    if (endpos > n) endpos = n;
    std::vector<int64_t> marks;
    int lastindex = -1;
    regex::Mode m = mode == 0 ? regex::Mode::Match : mode == 1 ? regex::Mode::FullMatch : regex::Mode::Search;
    if (!regex::run(*prog, cache->cps.data(), n, pos, endpos, m, must_advance, marks, lastindex)) return Value();
    std::vector<Value> mv;
    mv.reserve(marks.size());
    for (int64_t x : marks) mv.push_back(Value::integer(x));
    return make_tuple({make_tuple(std::move(mv)), Value::integer(lastindex)});
  });
  std::vector<Value> names;
  for (auto& [k, g] : c.names) names.push_back(make_tuple({make_str(k), Value::integer(g)}));
  return make_tuple({make_str("ok"), scan, Value::integer(c.flags), Value::integer(c.groups), make_tuple(std::move(names))});
}

const ModuleFnDef kSreFunctions[] = {
    {"compile", sre_compile},
};

}  // namespace

void install_sre_module(Interp& in) {
  ModuleObj& m = new_module(in, "_sre");
  def_functions(in, m, kSreFunctions);
  m.attrs["MAXREPEAT"] = Value::integer(4294967295LL);
  m.attrs["MAXGROUPS"] = Value::integer(1073741823LL);
}

}  // namespace sl::lang

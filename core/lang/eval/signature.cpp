// signature: see signature.hpp. The order of the checks is each parser's own:
// CPython binds keywords before it counts positionals (an unknown keyword wins
// over too many positionals), NumPy's and Cython's parsers count positionals first.
#include "core/lang/eval/signature.hpp"

#include <algorithm>

#include "core/model/error.hpp"

namespace sl::lang {

namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::string plural(size_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// 'a', 'a' and 'b', 'a', 'b', and 'c' (CPython's format_missing)
std::string quoted_list(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    s += "'" + names[i] + "'";
  }
  return s;
}

}  // namespace

Signature Signature::parse(const std::string& text, SigStyle style) {
  Signature s;
  s.style = style;
  size_t open = text.find('('), close = text.rfind(')');
  s.name = trim(text.substr(0, open));
  std::string body = text.substr(open + 1, close - open - 1);
  bool kw_only = false, seen_default = false;
  size_t start = 0;
  while (start <= body.size()) {
    size_t comma = body.find(',', start);
    if (comma == std::string::npos) comma = body.size();
    std::string p = trim(body.substr(start, comma - start));
    start = comma + 1;
    if (p.empty()) continue;
    if (p == "/") { s.posonly = s.params.size(); continue; }
    if (p.rfind("**", 0) == 0) { s.varkw = true; continue; }
    if (p[0] == '*') { s.varargs = p.size() > 1; kw_only = true; continue; }
    bool has_default = p.find('=') != std::string::npos;
    std::string name = trim(p.substr(0, p.find('=')));
    if (kw_only) {
      s.kwonly.push_back(name);
      s.kwonly_required.push_back(!has_default);
    } else {
      s.params.push_back(name);
      if (!has_default && !seen_default) s.required = s.params.size();
      seen_default = seen_default || has_default;
    }
  }
  return s;
}

void Signature::check(Interp& in, const Args& a) const {
  (void)in;
  const size_t npos = a.pos.size(), nparams = params.size();
  const std::string f = name + "()";
  auto too_many = [&](size_t kwonly_given) {
    if (style == SigStyle::Cython) {
      const char* how = required == nparams ? "exactly" : "at most";
      type_error(f + " takes " + how + " " + plural(nparams, "positional argument") + " (" + std::to_string(npos) +
                 " given)");
    }
    std::string takes = required == nparams ? plural(nparams, "positional argument")
                                            : "from " + std::to_string(required) + " to " + plural(nparams, "positional argument");
    std::string given = std::to_string(npos);
    if (kwonly_given)
      given += " positional argument" + std::string(npos == 1 ? "" : "s") + " (and " +
               plural(kwonly_given, "keyword-only argument") + ")";
    type_error(f + " takes " + takes + " but " + given + (npos == 1 && !kwonly_given ? " was" : " were") + " given");
  };
  if (style == SigStyle::CTuple) {
    if (!a.kw.empty()) type_error(f + " takes no keyword arguments");
    if ((npos > nparams && !varargs) || npos < required) {
      std::string m = name.substr(name.rfind('.') + 1) + "() takes ";
      m += nparams == required ? "exactly " : npos < required ? "at least " : "at most ";
      size_t n = npos < required ? required : nparams;
      type_error(m + plural(n, "argument") + " (" + std::to_string(npos) + " given)");
    }
    return;
  }
  if (style != SigStyle::Python && npos > nparams && !varargs) too_many(0);

  // Keywords: each names a parameter not already bound.
  std::vector<bool> bound(nparams, false);
  for (size_t i = 0; i < std::min(npos, nparams); ++i) bound[i] = true;
  size_t kwonly_given = 0;
  for (const auto& [k, v] : a.kw) {
    (void)v;
    auto it = std::find(params.begin(), params.end(), k);
    size_t idx = size_t(it - params.begin());
    if (it != params.end() && idx >= posonly) {
      if (bound[idx]) {
        if (style == SigStyle::NumpyC)
          type_error("argument for " + f + " given by name ('" + k + "') and position (position " + std::to_string(idx) +
                     ")");
        if (style == SigStyle::Cython) type_error(f + " got multiple values for keyword argument '" + k + "'");
        type_error(f + " got multiple values for argument '" + k + "'");
      }
      bound[idx] = true;
      continue;
    }
    if (std::find(kwonly.begin(), kwonly.end(), k) != kwonly.end()) {
      ++kwonly_given;
      continue;
    }
    if (varkw) continue;
    std::string msg = f + " got an unexpected keyword argument '" + k + "'";
    if (style == SigStyle::Python) {
      std::vector<std::string> names(params.begin() + long(posonly), params.end());
      names.insert(names.end(), kwonly.begin(), kwonly.end());
      std::string near = Interp::suggest_name(k, names);
      if (!near.empty()) msg += ". Did you mean '" + near + "'?";
    }
    type_error(msg);
  }
  if (style == SigStyle::Python && npos > nparams && !varargs) too_many(kwonly_given);

  std::vector<std::string> missing;
  for (size_t i = 0; i < required; ++i)
    if (!bound[i]) missing.push_back(params[i]);
  if (!missing.empty()) {
    if (style == SigStyle::NumpyC) {
      size_t i = size_t(std::find(params.begin(), params.end(), missing[0]) - params.begin());
      type_error(f + " missing required argument '" + missing[0] + "' (pos " + std::to_string(i) + ")");
    }
    if (style == SigStyle::Cython) {
      const char* how = required == nparams ? "exactly" : "at least";
      type_error(f + " takes " + how + " " + plural(required, "positional argument") + " (" + std::to_string(npos) +
                 " given)");
    }
    type_error(f + " missing " + std::to_string(missing.size()) + " required positional argument" +
               (missing.size() == 1 ? "" : "s") + ": " + quoted_list(missing));
  }
  std::vector<std::string> missing_kw;
  for (size_t i = 0; i < kwonly.size(); ++i) {
    if (!kwonly_required[i]) continue;
    bool given = false;
    for (const auto& kv : a.kw) given = given || kv.first == kwonly[i];
    if (!given) missing_kw.push_back(kwonly[i]);
  }
  if (!missing_kw.empty())
    type_error(f + " missing " + std::to_string(missing_kw.size()) + " required keyword-only argument" +
               (missing_kw.size() == 1 ? "" : "s") + ": " + quoted_list(missing_kw));
}

NativeFn with_signature(Signature sig, NativeFn fn) {
  return [sig = std::move(sig), fn = std::move(fn)](Interp& in, Args& a) -> Value {
    sig.check(in, a);
    return fn(in, a);
  };
}

}  // namespace sl::lang

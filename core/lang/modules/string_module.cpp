// string_module: `string` -- the character-class constants and capwords, as
// CPython 3.13's string.py defines them.
// Invariant: the constants are the exact strings CPython's are (same order).
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

// string.capwords(s, sep=None): split, capitalize each word, join with sep (or one space).
Value string_capwords(Interp& in, Args& a) {
  Value s = a.required(0, "s");
  Value sep = a.optional(1, "sep");
  a.finish(2);
  Args split;
  if (!sep.is_none()) split.pos.push_back(sep);
  std::vector<Value> words = in.to_vector(in.call(in.getattr(s, "split"), split));
  std::vector<Value> caps;
  for (auto& w : words) caps.push_back(in.call(in.getattr(w, "capitalize"), std::vector<Value>{}));
  Value joiner = sep.is_none() ? make_str(" ") : sep;
  return in.call(in.getattr(joiner, "join"), std::vector<Value>{make_list(caps)});
}

}  // namespace

void install_string_module(Interp& in) {
  ModuleObj& m = new_module(in, "string");
  const std::string lower = "abcdefghijklmnopqrstuvwxyz", upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const std::string digits = "0123456789", punct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", ws = " \t\n\r\x0b\x0c";
  m.attrs["ascii_lowercase"] = make_str(lower);
  m.attrs["ascii_uppercase"] = make_str(upper);
  m.attrs["ascii_letters"] = make_str(lower + upper);
  m.attrs["digits"] = make_str(digits);
  m.attrs["hexdigits"] = make_str(digits + "abcdefABCDEF");
  m.attrs["octdigits"] = make_str("01234567");
  m.attrs["punctuation"] = make_str(punct);
  m.attrs["whitespace"] = make_str(ws);
  m.attrs["printable"] = make_str(digits + lower + upper + punct + ws);
  m.attrs["capwords"] = in.builtin("capwords", string_capwords);
}

}  // namespace sl::lang

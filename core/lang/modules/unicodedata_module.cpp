// unicodedata_module: `unicodedata` as CPython 3.13 has it (Modules/unicodedata.c,
// unidata_version 15.1.0) over the engine's one Unicode table (core/text/unicode_db).
// Invariant: the functions are positional-only and take exactly one character where
// CPython does, with its TypeError/ValueError/KeyError texts; ucd_3_2_0 (the frozen
// IDNA data) is not provided.
#include <cmath>

#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/text/unicode_db.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

namespace {

// Argument Clinic's arity checks: a one-argument function (METH_O) and the others
// (_PyArg_CheckPositional), neither with keywords.
void check_arity(Interp& in, Args& a, const char* fname, size_t lo, size_t hi) {
  if (!a.kw.empty()) in.raise_exc("TypeError", std::string("unicodedata.") + fname + "() takes no keyword arguments");
  const size_t n = a.pos.size();
  if (lo == 1 && hi == 1) {
    if (n != 1)
      in.raise_exc("TypeError", std::string("unicodedata.") + fname + "() takes exactly one argument (" +
                                    std::to_string(n) + " given)");
    return;
  }
  if (n >= lo && n <= hi) return;
  const std::string what = lo == hi ? "" : n < lo ? "at least " : "at most ";
  const size_t bound = n < lo ? lo : hi;
  in.raise_exc("TypeError", std::string(fname) + " expected " + what + std::to_string(bound) + " argument" +
                                (bound == 1 ? "" : "s") + ", got " + std::to_string(n));
}

// The type in _PyArg_BadArgument's words: "None" for None.
std::string bad_type(Interp& in, const Value& v) { return v.is_none() ? "None" : in.type_name(v); }

// The one character of argument k ("name() argument 1 must be a unicode character,
// not str"; a one-argument function says "argument").
uint32_t char_arg(Interp& in, Args& a, const char* fname, size_t k, bool numbered) {
  const Value& v = a.pos[k];
  const auto* s = v.as<StrObj>();
  if (!s || utf8_len(s->s) != 1)
    in.raise_exc("TypeError", std::string(fname) + "() argument " + (numbered ? std::to_string(k + 1) + " " : "") +
                                  "must be a unicode character, not " + bad_type(in, v));
  return decode_utf8(s->s)[0];
}

std::string str_arg(Interp& in, Args& a, const char* fname, size_t k) {
  const auto* s = a.pos[k].as<StrObj>();
  if (!s)
    in.raise_exc("TypeError", std::string(fname) + "() argument " + std::to_string(k + 1) + " must be str, not " +
                                  bad_type(in, a.pos[k]));
  return s->s;
}

Value text_value(const char* s) { return make_str(s); }

template <const char* (*F)(uint32_t)>
Value ud_text(Interp& in, Args& a, const char* fname) {
  check_arity(in, a, fname, 1, 1);
  return text_value(F(char_arg(in, a, fname, 0, false)));
}

Value ud_category(Interp& in, Args& a) { return ud_text<unicode::category>(in, a, "category"); }
Value ud_bidirectional(Interp& in, Args& a) { return ud_text<unicode::bidirectional>(in, a, "bidirectional"); }
Value ud_east_asian_width(Interp& in, Args& a) { return ud_text<unicode::east_asian_width>(in, a, "east_asian_width"); }

Value ud_combining(Interp& in, Args& a) {
  check_arity(in, a, "combining", 1, 1);
  return Value::integer(unicode::combining(char_arg(in, a, "combining", 0, false)));
}

Value ud_mirrored(Interp& in, Args& a) {
  check_arity(in, a, "mirrored", 1, 1);
  return Value::integer(unicode::mirrored(char_arg(in, a, "mirrored", 0, false)) ? 1 : 0);
}

Value ud_decomposition(Interp& in, Args& a) {
  check_arity(in, a, "decomposition", 1, 1);
  return make_str(unicode::decomposition(char_arg(in, a, "decomposition", 0, false)));
}

// decimal / digit: the value, else the default, else ValueError "not a decimal".
template <int (*F)(uint32_t)>
Value ud_digit_value(Interp& in, Args& a, const char* fname, const char* missing) {
  check_arity(in, a, fname, 1, 2);
  const int d = F(char_arg(in, a, fname, 0, true));
  if (d >= 0) return Value::integer(d);
  if (a.pos.size() > 1) return a.pos[1];
  in.raise_exc("ValueError", missing);
}

Value ud_decimal(Interp& in, Args& a) { return ud_digit_value<unicode::decimal>(in, a, "decimal", "not a decimal"); }
Value ud_digit(Interp& in, Args& a) { return ud_digit_value<unicode::digit>(in, a, "digit", "not a digit"); }

Value ud_numeric(Interp& in, Args& a) {
  check_arity(in, a, "numeric", 1, 2);
  double v = 0;
  if (unicode::numeric(char_arg(in, a, "numeric", 0, true), v)) return Value::floating(v);
  if (a.pos.size() > 1) return a.pos[1];
  in.raise_exc("ValueError", "not a numeric character");
}

Value ud_name(Interp& in, Args& a) {
  check_arity(in, a, "name", 1, 2);
  std::string out;
  if (unicode::name(char_arg(in, a, "name", 0, true), out)) return make_str(out);
  if (a.pos.size() > 1) return a.pos[1];
  in.raise_exc("ValueError", "no such name");
}

// lookup(name): str or a read-only bytes-like name (CPython parses it with "s#"); names
// longer than NAME_MAXLEN (256) are "name too long".
Value ud_lookup(Interp& in, Args& a) {
  check_arity(in, a, "lookup", 1, 1);
  const auto* s = a.pos[0].as<StrObj>();
  const auto* b = a.pos[0].as<BytesObj>();
  if (b && b->mut)
    in.raise_exc("TypeError", "lookup() argument must be read-only bytes-like object, not " + in.type_name(a.pos[0]));
  const std::string name = s ? s->s : std::string(need_bytes_like(in, a.pos[0]));
  if (name.size() > 256) in.raise_exc("KeyError", "name too long");
  uint32_t c = 0;
  if (!unicode::lookup(name, c)) in.raise_exc("KeyError", "undefined character name '" + name + "'");
  std::string out;
  append_utf8(out, c);
  return make_str(out);
}

// The form's (compatibility, compose) pair; ValueError "invalid normalization form".
std::pair<bool, bool> form_of(Interp& in, const std::string& form) {
  if (form == "NFC") return {false, true};
  if (form == "NFD") return {false, false};
  if (form == "NFKC") return {true, true};
  if (form == "NFKD") return {true, false};
  in.raise_exc("ValueError", "invalid normalization form");
}

std::string normalized(Interp& in, Args& a, const char* fname) {
  check_arity(in, a, fname, 2, 2);
  const std::string form = str_arg(in, a, fname, 0);
  const std::string text = str_arg(in, a, fname, 1);
  const auto [compat, compose] = form_of(in, form);
  if (is_ascii(text)) return text;
  std::string out;
  for (uint32_t c : unicode::normalize(decode_utf8(text), compat, compose)) append_utf8(out, c);
  return out;
}

Value ud_normalize(Interp& in, Args& a) { return make_str(normalized(in, a, "normalize")); }
Value ud_is_normalized(Interp& in, Args& a) {
  const std::string out = normalized(in, a, "is_normalized");
  return Value::boolean(out == a.pos[1].as<StrObj>()->s);
}

}  // namespace

void install_unicodedata_module(Interp& in) {
  ModuleObj& m = new_module(in, "unicodedata");
  static const std::pair<const char*, Value (*)(Interp&, Args&)> kRows[] = {
      {"lookup", ud_lookup},
      {"name", ud_name},
      {"decimal", ud_decimal},
      {"digit", ud_digit},
      {"numeric", ud_numeric},
      {"category", ud_category},
      {"bidirectional", ud_bidirectional},
      {"combining", ud_combining},
      {"east_asian_width", ud_east_asian_width},
      {"mirrored", ud_mirrored},
      {"decomposition", ud_decomposition},
      {"normalize", ud_normalize},
      {"is_normalized", ud_is_normalized},
  };
  for (const auto& [name, fn] : kRows) m.attrs[name] = in.builtin(name, fn);
  m.attrs["unidata_version"] = make_str(unicode::kUnidataVersion);
}

}  // namespace sl::lang

// binascii_module: `binascii` -- conversions between bytes and ASCII
// encodings (CPython's Modules/binascii.c interface and messages): hex
// (hexlify/unhexlify, with sep), base64 (RFC 4648 alphabet, the lenient and
// the strict decoder), uuencode lines, and the checksums crc32 (digest.hpp,
// shared with zlib) and crc_hqx (CRC-CCITT: polynomial x^16 + x^12 + x^5 + 1,
// MSB first, no final xor). Written here: each is a table and a loop.
// Quoted-printable (b2a_qp, a2b_qp) is not implemented.
//
// base64, as math: each 3 bytes b0 b1 b2 are the 24-bit number
// n = b0 2^16 + b1 2^8 + b2, written as four 6-bit digits of n in the alphabet
// A-Z a-z 0-9 + /; a final group of 1 or 2 bytes gives 2 or 3 digits and '='
// pads to 4. Decoding (lenient, as binascii_a2b_base64_impl): characters
// outside the alphabet are skipped and so is '=' between digits (it is
// counted, and a digit resets the count); a final group of 1 digit, or of 2-3
// digits not followed by the pads that complete it, is an error.
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/digest.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"

namespace sl::lang {

namespace {

const char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

[[noreturn]] void binascii_error(Interp& in, const std::string& msg) {
  TypeObj* ty = in.modules.at("binascii")->attrs.at("Error").as<TypeObj>();
  throw PyException(ty->name, msg, in.make_exception(ty, {make_str(msg)}));
}

// A bytes-like argument, or (for the a2b_ functions) an ASCII str.
std::string ascii_arg(Interp& in, const Value& v) {
  if (auto* s = v.as<StrObj>()) {
    for (unsigned char c : s->s)
      if (c >= 0x80) in.raise_exc("ValueError", "string argument should contain only ASCII characters");
    return s->s;
  }
  std::string_view b;
  if (!bytes_like(v, b)) in.raise_exc("TypeError", "argument should be bytes, buffer or ASCII string, not '" + in.type_name(v) + "'");
  return std::string(b);
}

std::string_view bytes_arg(Interp& in, const Value& v) {
  std::string_view b;
  if (!bytes_like(v, b)) in.raise_exc("TypeError", "a bytes-like object is required, not '" + in.type_name(v) + "'");
  return b;
}

Value b2a_hex(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  Value sep = a.optional(1, "sep");
  Value per = a.optional(2, "bytes_per_sep", Value::integer(1));
  a.finish(3);
  std::string_view b = bytes_arg(in, data);
  static const char* digits = "0123456789abcdef";
  std::string sepc;
  if (!sep.is_none()) {
    if (auto* s = sep.as<StrObj>()) sepc = s->s;
    else sepc = std::string(bytes_arg(in, sep));
    if (sepc.size() != 1) in.raise_exc("ValueError", "sep must be length 1.");
  }
  int64_t group = in.index_value(per);
  std::string out;
  const size_t n = b.size();
  const size_t g = size_t(group < 0 ? -group : group);
  for (size_t i = 0; i < n; ++i) {
    if (!sepc.empty() && g && i) {
      // groups counted from the right (bytes_per_sep > 0) or the left (< 0)
      bool boundary = group > 0 ? (n - i) % g == 0 : i % g == 0;
      if (boundary) out += sepc;
    }
    out.push_back(digits[uint8_t(b[i]) >> 4]);
    out.push_back(digits[uint8_t(b[i]) & 15]);
  }
  return make_bytes(out);
}

Value a2b_hex(Interp& in, Args& a) {
  Value data = a.required(0, "hexstr");
  a.finish(1);
  std::string s = ascii_arg(in, data);
  if (s.size() % 2) binascii_error(in, "Odd-length string");
  auto nib = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    binascii_error(in, "Non-hexadecimal digit found");
  };
  std::string out;
  for (size_t i = 0; i < s.size(); i += 2) out.push_back(char(nib(s[i]) * 16 + nib(s[i + 1])));
  return make_bytes(out);
}

Value b2a_base64(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  Value nl;
  bool newline = a.take(99, "newline", nl) ? in.truthy(nl) : true;
  a.finish(1);
  std::string_view b = bytes_arg(in, data);
  std::string out;
  size_t i = 0;
  for (; i + 3 <= b.size(); i += 3) {
    uint32_t n = uint32_t(uint8_t(b[i])) << 16 | uint32_t(uint8_t(b[i + 1])) << 8 | uint8_t(b[i + 2]);
    for (int k = 18; k >= 0; k -= 6) out.push_back(kB64[(n >> k) & 63]);
  }
  if (size_t r = b.size() - i) {
    uint32_t n = uint32_t(uint8_t(b[i])) << 16 | (r == 2 ? uint32_t(uint8_t(b[i + 1])) << 8 : 0);
    out.push_back(kB64[(n >> 18) & 63]);
    out.push_back(kB64[(n >> 12) & 63]);
    out.push_back(r == 2 ? kB64[(n >> 6) & 63] : '=');
    out.push_back('=');
  }
  if (newline) out.push_back('\n');
  return make_bytes(out);
}

int b64_value(unsigned char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

Value a2b_base64(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  Value sm;
  bool strict = a.take(99, "strict_mode", sm) && in.truthy(sm);
  a.finish(1);
  std::string s = ascii_arg(in, data);
  std::string out;
  uint32_t acc = 0;
  int quad = 0, pads = 0;
  int64_t digits = 0;
  bool padding = false;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = uint8_t(s[i]);
    if (c == '=') {
      if (strict && quad == 0) binascii_error(in, digits == 0 ? "Leading padding not allowed" : "Excess padding not allowed");
      padding = true;
      ++pads;
      if (strict && quad >= 2 && quad + pads >= 4 && i + 1 < s.size()) binascii_error(in, "Excess data after padding");
      continue;
    }
    int v = b64_value(c);
    if (v < 0) {
      if (strict) binascii_error(in, "Only base64 data is allowed");
      continue;
    }
    if (strict && padding) binascii_error(in, "Discontinuous padding not allowed");
    pads = 0;
    ++digits;
    acc = (acc << 6) | uint32_t(v);
    if (++quad == 4) {
      out.push_back(char(acc >> 16));
      out.push_back(char(acc >> 8));
      out.push_back(char(acc));
      acc = 0;
      quad = 0;
    }
  }
  if (quad == 1)
    binascii_error(in, "Invalid base64-encoded string: number of data characters (" + std::to_string(digits) +
                           ") cannot be 1 more than a multiple of 4");
  if (quad != 0) {
    // a final group of 2 or 3 digits needs the pads that complete it; it holds 1 or 2 bytes
    if (quad + pads < 4) binascii_error(in, "Incorrect padding");
    if (quad == 2) {
      out.push_back(char(acc >> 4));
    } else {
      out.push_back(char(acc >> 10));
      out.push_back(char(acc >> 2));
    }
  }
  return make_bytes(out);
}

// uuencode: a length character chr(32 + n), then each 3 bytes as four 6-bit
// digits chr(32 + d) (or '`' for 0 when backtick), then a newline.
Value b2a_uu(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  Value bt;
  bool backtick = a.take(99, "backtick", bt) && in.truthy(bt);
  a.finish(1);
  std::string_view b = bytes_arg(in, data);
  if (b.size() > 45) binascii_error(in, "At most 45 bytes at once");
  auto ch = [&](uint32_t d) { return char(backtick && d == 0 ? '`' : ' ' + d); };
  std::string out(1, ch(uint32_t(b.size())));
  for (size_t i = 0; i < b.size(); i += 3) {
    uint32_t n = 0;
    for (size_t k = 0; k < 3; ++k) n = n << 8 | (i + k < b.size() ? uint8_t(b[i + k]) : 0);
    for (int k = 18; k >= 0; k -= 6) out.push_back(ch((n >> k) & 63));
  }
  out.push_back('\n');
  return make_bytes(out);
}

Value a2b_uu(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  a.finish(1);
  std::string s = ascii_arg(in, data);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  if (s.empty()) return make_bytes(std::string(32, '\0'));
  const size_t n = size_t((uint8_t(s[0]) - ' ') & 63);
  std::string out;
  size_t i = 1;
  while (out.size() < n) {
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k, ++i) {
      unsigned char c = i < s.size() ? uint8_t(s[i]) : ' ';
      if (c < ' ' || c > ' ' + 64) binascii_error(in, "Illegal char");
      v = v << 6 | ((c - ' ') & 63);
    }
    for (int k = 16; k >= 0 && out.size() < n; k -= 8) out.push_back(char(v >> k));
  }
  for (; i < s.size(); ++i)
    if (s[i] != ' ' && s[i] != ' ' + 64 && s[i] != '`') binascii_error(in, "Trailing garbage");
  return make_bytes(out);
}

Value b_crc32(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  Value crc = a.optional(1, "crc", Value::integer(0));
  a.finish(2);
  uint32_t start = uint32_t(uint64_t(in.index_value(in.call(in.builtins["int"], std::vector<Value>{crc}))));
  return Value::integer(int64_t(crc32_update(start, bytes_arg(in, data))));
}

Value b_crc_hqx(Interp& in, Args& a) {
  Value data = a.required(0, "data");
  Value crc = a.required(1, "crc");
  a.finish(2);
  uint32_t c = uint32_t(in.index_value(crc)) & 0xffff;
  for (unsigned char ch : bytes_arg(in, data)) {
    c ^= uint32_t(ch) << 8;
    for (int k = 0; k < 8; ++k) c = (c & 0x8000) ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
  }
  return Value::integer(c);
}

const ModuleFnDef kBinascii[] = {
    {"hexlify", b2a_hex},       {"b2a_hex", b2a_hex},   {"unhexlify", a2b_hex}, {"a2b_hex", a2b_hex},
    {"b2a_base64", b2a_base64}, {"a2b_base64", a2b_base64}, {"b2a_uu", b2a_uu}, {"a2b_uu", a2b_uu},
    {"crc32", b_crc32},         {"crc_hqx", b_crc_hqx},
};

}  // namespace

void install_binascii_module(Interp& in) {
  ModuleObj& m = new_module(in, "binascii");
  def_functions(in, m, kBinascii);
  m.attrs["Error"] = type_ref(in.define_exception("Error", "binascii", {in.exception_type("ValueError")}));
  m.attrs["Incomplete"] = type_ref(in.define_exception("Incomplete", "binascii", {in.t.exception}));
}

}  // namespace sl::lang

// codecs: str.encode, bytes.decode and str(b, encoding, errors) over the
// codec core (core/text/codecs.hpp), and the UnicodeEncodeError /
// UnicodeDecodeError objects they raise: args (encoding, object, start, end,
// reason), the same five as attributes, and CPython's str() of them
// (Objects/exceptions.c: UnicodeEncodeError_str, UnicodeDecodeError_str).
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/text/codecs.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

namespace {

const std::string& name_arg(Interp& in, const Value& v, const char* fname, const char* what) {
  auto* s = v.as<StrObj>();
  if (!s) in.raise_exc("TypeError", std::string(fname) + "() argument '" + what + "' must be str, not " + (v.is_none() ? "None" : in.type_name(v)));
  return s->s;
}

CodecId codec_of(Interp& in, const std::string& name) {
  CodecId id;
  if (!lookup_codec(name, id)) in.raise_exc("LookupError", "unknown encoding: " + name);
  return id;
}

enum UnicodeErrorKind { kEncode, kDecode, kNone };
UnicodeErrorKind unicode_kind(Interp& in, const ExceptionObj& e) {
  if (e.type->is_subclass_of(in.exception_type("UnicodeEncodeError"))) return kEncode;
  if (e.type->is_subclass_of(in.exception_type("UnicodeDecodeError"))) return kDecode;
  return kNone;
}

[[noreturn]] void raise_codec_error(Interp& in, const CodecError& err, bool encoding, const Value& object) {
  if (err.unknown_handler) in.raise_exc("LookupError", "unknown error handler name '" + err.reason + "'");
  const char* type = encoding ? "UnicodeEncodeError" : "UnicodeDecodeError";
  Value exc = in.make_exception(in.exception_type(type), {make_str(codec_name(err.codec)), object, Value::integer(int64_t(err.start)),
                                                           Value::integer(int64_t(err.end)), make_str(err.reason)});
  throw PyException(type, in.exception_str(exc), exc);
}

}  // namespace

std::string encode_str(Interp& in, const std::string& s, const Value& encoding, const Value& errors, const char* fname) {
  const CodecId id = codec_of(in, name_arg(in, encoding, fname, "encoding"));
  const std::string handler = errors.is_none() ? "strict" : name_arg(in, errors, fname, "errors");
  std::string out;
  CodecError err;
  if (!encode_text(decode_utf8(s), id, lookup_handler(handler), out, err)) {
    if (err.unknown_handler) err.reason = handler;
    raise_codec_error(in, err, true, make_str(s));
  }
  return out;
}

// bytes -> str: the engine's UTF-8 form of the decoded code points (Note [Code points]).
std::string decode_to_str(Interp& in, std::string_view b, const Value& encoding, const Value& errors, const char* fname,
                          const Value& object) {
  const CodecId id = codec_of(in, name_arg(in, encoding, fname, "encoding"));
  const std::string handler = errors.is_none() ? "strict" : name_arg(in, errors, fname, "errors");
  std::vector<uint32_t> cps;
  CodecError err;
  if (!decode_bytes(b, id, lookup_handler(handler), cps, err)) {
    if (err.unknown_handler) err.reason = handler;
    raise_codec_error(in, err, false, is_bytes(object) ? object : make_bytes(std::string(b)));
  }
  std::string out;
  out.reserve(cps.size());
  for (uint32_t c : cps) append_utf8(out, c);
  return out;
}

void require_utf8_text(Interp& in, const std::string& s) {
  for (size_t i = 0; i + 1 < s.size(); ++i)
    if ((unsigned char)s[i] == 0xed && (unsigned char)s[i + 1] >= 0xa0) {
      encode_str(in, s, make_str("utf-8"), make_str("strict"), "print");
      return;
    }
}

Value str_encode_method(Interp& in, Args& a) {
  a.fname = "encode";
  Value enc = a.optional(1, "encoding", make_str("utf-8"));
  Value err = a.optional(2, "errors", make_str("strict"));
  a.finish(3);
  return make_bytes(encode_str(in, a.pos[0].as<StrObj>()->s, enc, err, "encode"));
}

Value bytes_decode_method(Interp& in, Args& a) {
  a.fname = "decode";
  Value enc = a.optional(1, "encoding", make_str("utf-8"));
  Value err = a.optional(2, "errors", make_str("strict"));
  a.finish(3);
  return make_str(decode_to_str(in, a.pos[0].as<BytesObj>()->s, enc, err, "decode", a.pos[0]));
}

// str(object, encoding, errors) with an encoding or errors given.
Value str_from_encoded(Interp& in, const Value& x, const Value& encoding, const Value& errors) {
  if (x.as<StrObj>()) in.raise_exc("TypeError", "decoding str is not supported");
  std::string_view b;
  if (!bytes_like(x, b)) in.raise_exc("TypeError", "decoding to str: need a bytes-like object, " + in.type_name(x) + " found");
  return make_str(decode_to_str(in, b, encoding.is_none() ? make_str("utf-8") : encoding, errors, "str", x));
}

bool unicode_error_attr(Interp& in, const Value& exc, const std::string& name, Value& out) {
  auto* e = exc.as<ExceptionObj>();
  if (!e || unicode_kind(in, *e) == kNone || e->args.size() != 5) return false;
  static const char* kFields[] = {"encoding", "object", "start", "end", "reason"};
  for (size_t k = 0; k < 5; ++k)
    if (name == kFields[k]) {
      out = e->args[k];
      return true;
    }
  return false;
}

bool unicode_error_str(Interp& in, const Value& exc, std::string& out) {
  auto* e = exc.as<ExceptionObj>();
  if (!e || e->args.size() != 5) return false;
  const UnicodeErrorKind kind = unicode_kind(in, *e);
  if (kind == kNone) return false;
  auto* enc = e->args[0].as<StrObj>();
  auto* reason = e->args[4].as<StrObj>();
  if (!enc || !reason || !is_pyint(e->args[2]) || !is_pyint(e->args[3])) return false;
  const int64_t start = in.index_value(e->args[2]), end = in.index_value(e->args[3]);
  if (start < 0 || end < start) return false;
  if (kind == kEncode) {
    auto* s = e->args[1].as<StrObj>();
    if (!s) return false;
    out = encode_error_message(enc->s, decode_utf8(s->s), size_t(start), size_t(end), reason->s);
  } else {
    std::string_view b;
    if (!bytes_like(e->args[1], b)) return false;
    out = decode_error_message(enc->s, b, size_t(start), size_t(end), reason->s);
  }
  return true;
}

}  // namespace sl::lang

// hashlib_module: `hashlib` -- the hash objects (CPython's _hashlib.HASH and
// HASHXOF interface: update, digest, hexdigest, copy, name, digest_size,
// block_size) over the digests written here (digest.hpp), new(name), the
// algorithms sets, pbkdf2_hmac and file_digest, with CPython's messages.
// Written here, not wrapped from OpenSSL: see digest.hpp. blake2b and
// blake2s are _blake2's types with RFC 7693's parameters. scrypt is not
// implemented (absent, not stubbed).
//
// pbkdf2_hmac (RFC 8018 5.2, over HMAC of RFC 2104): with
// HMAC(K, m) = H((K' ^ opad) || H((K' ^ ipad) || m)), K' the key padded (or
// first hashed, when longer than a block) to the block size, block i of the
// output is U_1 ^ U_2 ^ ... ^ U_c with U_1 = HMAC(P, S || INT32BE(i)) and
// U_j = HMAC(P, U_{j-1}); the key is the first dklen bytes of T_1 || T_2 || ...
#include <cstdio>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/digest.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"

namespace sl::lang {

namespace {

const char* const kAlgorithms[] = {"md5",      "sha1",     "sha224",   "sha256",    "sha384",    "sha512",  "sha3_224",
                                   "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256", "blake2b", "blake2s"};

struct HashState {
  std::string name;
  std::unique_ptr<Digest> d;
};

std::string hex_of(const std::string& s) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

// The bytes update() and the constructors take: a str is refused as CPython refuses it.
std::string_view data_arg(Interp& in, const Value& v) {
  if (v.as<StrObj>()) in.raise_exc("TypeError", "Strings must be encoded before hashing");
  std::string_view s;
  if (!bytes_like(v, s)) in.raise_exc("TypeError", "object supporting the buffer API required");
  return s;
}

HashState& state_of(Interp& in, const Value& self) {
  auto* g = self.as<GenericObj>();
  if (!g || !g->native) in.raise_exc("TypeError", "descriptor requires a '_hashlib.HASH' object");
  return *static_cast<HashState*>(g->native.get());
}

TypeObj* hash_type(Interp& in, bool xof) {
  return in.modules.at("hashlib")->attrs.at(xof ? "_HASHXOF" : "_HASH").as<TypeObj>();
}

Value wrap(Interp& in, std::string name, std::unique_ptr<Digest> d, TypeObj* type = nullptr) {
  const bool xof = d->digest_size() == 0;
  auto self = std::make_shared<GenericObj>(type ? type : hash_type(in, xof));
  self->attrs["name"] = make_str(name);
  self->attrs["digest_size"] = Value::integer(int64_t(d->digest_size()));
  self->attrs["block_size"] = Value::integer(int64_t(d->block_size()));
  auto st = std::make_shared<HashState>();
  st->name = std::move(name);
  st->d = std::move(d);
  char addr[32];
  std::snprintf(addr, sizeof addr, "%p", static_cast<void*>(self.get()));
  const std::string repr = type ? "<_blake2." + st->name + " object at " + addr + ">"
                                : "<" + st->name + (xof ? " _hashlib.HASHXOF" : " _hashlib.HASH") + " object @ " + addr + ">";
  self->attrs["__repr__"] = in.builtin("__repr__", [repr](Interp&, Args&) { return make_str(repr); });
  self->native = st;
  return Value(std::static_pointer_cast<Obj>(self));
}

Value construct(Interp& in, const std::string& name, Args& a) {
  Value data = a.optional(0, "data", Value());
  Value string;
  if (a.take(99, "string", string)) {
    if (!data.is_none()) in.raise_exc("TypeError", "'data' and 'string' are mutually exclusive and support for 'string' keyword parameter is slated for removal in a future version.");
    data = string;
  }
  Value ufs;
  a.take(99, "usedforsecurity", ufs);
  a.finish(1);
  std::unique_ptr<Digest> d = make_digest(name);
  if (!data.is_none()) d->update(data_arg(in, data));
  return wrap(in, name, std::move(d));
}

template <int I>
Value named_ctor(Interp& in, Args& a) {
  return construct(in, kAlgorithms[I], a);
}

Value hashlib_new(Interp& in, Args& a) {
  Value name = a.required(0, "name");
  if (!name.as<StrObj>()) in.raise_exc("TypeError", "new() argument 'name' must be str, not " + in.type_name(name));
  std::string n = name.as<StrObj>()->s;
  for (char& c : n) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (n == "sha-1") n = "sha1";
  if (!make_digest(n)) in.raise_exc("ValueError", "unsupported hash type " + name.as<StrObj>()->s);
  a.pos.erase(a.pos.begin());
  if (n == "blake2b" || n == "blake2s") return in.call(in.modules.at("hashlib")->attrs.at(n), a);
  return construct(in, n, a);
}

size_t xof_length(Interp& in, Args& a, const char* fname) {
  Value len;
  if (!a.take(1, "length", len)) in.raise_exc("TypeError", std::string(fname) + "() missing required argument 'length' (pos 1)");
  a.finish(2);
  int64_t n = in.index_value(len);
  // CPython converts the length unchecked: digest() fails making the bytes, hexdigest() allocating
  if (n < 0) {
    if (std::string(fname) == "digest") in.raise_exc("SystemError", "Negative size passed to PyBytes_FromStringAndSize");
    in.raise_exc("MemoryError", "");
  }
  return size_t(n);
}

std::string hmac(const std::string& name, std::string_view key, std::string_view msg) {
  std::unique_ptr<Digest> inner = make_digest(name), outer = make_digest(name);
  const size_t b = inner->block_size();
  std::string k(key);
  if (k.size() > b) {
    auto h = make_digest(name);
    h->update(k);
    k = h->digest();
  }
  k.resize(b, '\0');
  std::string ipad(k), opad(k);
  for (size_t i = 0; i < b; ++i) {
    ipad[i] = char(uint8_t(ipad[i]) ^ 0x36);
    opad[i] = char(uint8_t(opad[i]) ^ 0x5c);
  }
  inner->update(ipad);
  inner->update(msg);
  outer->update(opad);
  outer->update(inner->digest());
  return outer->digest();
}

Value hashlib_pbkdf2_hmac(Interp& in, Args& a) {
  Value hn = a.required(0, "hash_name");
  Value pw = a.required(1, "password");
  Value salt = a.required(2, "salt");
  Value it = a.required(3, "iterations");
  Value dk = a.optional(4, "dklen");
  a.finish(5);
  if (!hn.as<StrObj>()) in.raise_exc("TypeError", "pbkdf2_hmac() argument 'hash_name' must be str, not " + in.type_name(hn));
  const std::string name = hn.as<StrObj>()->s;
  auto probe = make_digest(name);
  if (!probe || probe->digest_size() == 0) {
    TypeObj* ty = in.modules.at("hashlib")->attrs.at("_UnsupportedDigestmodError").as<TypeObj>();
    const std::string msg = "[digital envelope routines] unsupported";  // OpenSSL's words, which CPython passes on
    throw PyException(ty->name, msg, in.make_exception(ty, {make_str(msg)}));
  }
  std::string_view p = need_bytes_like(in, pw), s = need_bytes_like(in, salt);
  int64_t iterations = in.index_value(it);
  if (iterations < 1) in.raise_exc("ValueError", "iteration value must be greater than 0.");
  int64_t dklen = dk.is_none() ? int64_t(probe->digest_size()) : in.index_value(dk);
  if (dklen < 1) in.raise_exc("ValueError", "key length must be greater than 0.");
  std::string out;
  for (uint32_t block = 1; int64_t(out.size()) < dklen; ++block) {
    std::string msg(s);
    for (int sh = 24; sh >= 0; sh -= 8) msg.push_back(char(uint8_t(block >> sh)));
    std::string u = hmac(name, p, msg), t = u;
    for (int64_t j = 1; j < iterations; ++j) {
      u = hmac(name, p, u);
      for (size_t i = 0; i < t.size(); ++i) t[i] = char(uint8_t(t[i]) ^ uint8_t(u[i]));
    }
    out += t;
  }
  out.resize(size_t(dklen));
  return make_bytes(out);
}

// file_digest(fileobj, digest): fileobj's bytes read in chunks (readinto/read), fed to a new digest.
Value hashlib_file_digest(Interp& in, Args& a) {
  Value f = a.required(0, "fileobj");
  Value digest = a.required(1, "digest");
  Value ufs;
  a.take(99, "_bufsize", ufs);
  a.finish(2);
  Value h = digest.as<StrObj>() ? in.call(in.modules.at("hashlib")->attrs.at("new"), std::vector<Value>{digest})
                                : in.call(digest, std::vector<Value>{});
  Value read = in.getattr(f, "read");
  Value update = in.getattr(h, "update");
  for (;;) {
    Value chunk = in.call(read, std::vector<Value>{Value::integer(1 << 18)});
    std::string_view s;
    if (!bytes_like(chunk, s)) in.raise_exc("ValueError", "'" + in.type_name(f) + "' object is not in binary mode.");
    if (s.empty()) break;
    in.call(update, std::vector<Value>{chunk});
  }
  return h;
}

// blake2b/blake2s(data=b'', *, digest_size, key, salt, person, fanout, depth, leaf_size,
// node_offset, node_depth, inner_size, last_node, usedforsecurity), checked as _blake2 does.
Value blake2_new(Interp& in, TypeObj* ty, bool big, Args& a) {
  const int64_t max_digest = big ? 64 : 32, max_salt = big ? 16 : 8;
  Value data = a.optional(0, "data", Value());
  Blake2Params p;
  p.digest_size = size_t(max_digest);
  Value v;
  auto int_kw = [&](const char* name, int64_t dflt) { return a.take(99, name, v) ? in.index_value(v) : dflt; };
  auto bytes_kw = [&](const char* name) { return a.take(99, name, v) ? std::string(need_bytes_like(in, v)) : std::string(); };
  const int64_t ds = int_kw("digest_size", max_digest);
  p.key = bytes_kw("key");
  p.salt = bytes_kw("salt");
  p.person = bytes_kw("person");
  const int64_t fanout = int_kw("fanout", 1), depth = int_kw("depth", 1), leaf = int_kw("leaf_size", 0);
  const int64_t offset = int_kw("node_offset", 0), node_depth = int_kw("node_depth", 0), inner = int_kw("inner_size", 0);
  p.last_node = a.take(99, "last_node", v) && in.truthy(v);
  a.take(99, "usedforsecurity", v);
  a.take(99, "string", v);
  a.finish(1);
  const std::string maxd = std::to_string(max_digest);
  if (ds < 1 || ds > max_digest) in.raise_exc("ValueError", "digest_size must be between 1 and " + maxd + " bytes");
  if (int64_t(p.key.size()) > max_digest) in.raise_exc("ValueError", "maximum key length is " + maxd + " bytes");
  if (int64_t(p.salt.size()) > max_salt) in.raise_exc("ValueError", "maximum salt length is " + std::to_string(max_salt) + " bytes");
  if (int64_t(p.person.size()) > max_salt) in.raise_exc("ValueError", "maximum person length is " + std::to_string(max_salt) + " bytes");
  if (fanout < 0 || fanout > 255) in.raise_exc("ValueError", "fanout must be between 0 and 255");
  if (depth < 1 || depth > 255) in.raise_exc("ValueError", "depth must be between 1 and 255");
  if (leaf < 0 || leaf > 0xffffffffLL) in.raise_exc("OverflowError", "leaf_size is too large");
  if (offset < 0 || (!big && offset > 0xffffffffffffLL)) in.raise_exc("OverflowError", "node_offset is too large");
  if (node_depth < 0 || node_depth > 255) in.raise_exc("ValueError", "node_depth must be between 0 and 255");
  if (inner < 0 || inner > max_digest) in.raise_exc("ValueError", "inner_size must be between 0 and is " + maxd);
  p.digest_size = size_t(ds);
  p.fanout = unsigned(fanout);
  p.depth = unsigned(depth);
  p.leaf_size = uint32_t(leaf);
  p.node_offset = uint64_t(offset);
  p.node_depth = unsigned(node_depth);
  p.inner_size = unsigned(inner);
  std::unique_ptr<Digest> d = make_blake2(big, p);
  if (!data.is_none()) d->update(data_arg(in, data));
  return wrap(in, big ? "blake2b" : "blake2s", std::move(d), ty);
}

void def_hash_methods(Interp& in, TypeObj* ty, bool xof) {
  in.def_method(ty, "update", [](Interp& in, Args& a) {
    Value data = a.required(1, "data");
    a.finish(2);
    state_of(in, a.pos[0]).d->update(data_arg(in, data));
    return Value();
  });
  in.def_method(ty, "copy", [](Interp& in, Args& a) {
    a.finish(1);
    HashState& s = state_of(in, a.pos[0]);
    return wrap(in, s.name, s.d->clone());
  });
  if (xof) {
    in.def_method(ty, "digest", [](Interp& in, Args& a) {
      size_t n = xof_length(in, a, "digest");
      return make_bytes(state_of(in, a.pos[0]).d->digest(n));
    });
    in.def_method(ty, "hexdigest", [](Interp& in, Args& a) {
      size_t n = xof_length(in, a, "hexdigest");
      return make_str(hex_of(state_of(in, a.pos[0]).d->digest(n)));
    });
  } else {
    in.def_method(ty, "digest", [](Interp& in, Args& a) {
      a.finish(1);
      return make_bytes(state_of(in, a.pos[0]).d->digest());
    });
    in.def_method(ty, "hexdigest", [](Interp& in, Args& a) {
      a.finish(1);
      return make_str(hex_of(state_of(in, a.pos[0]).d->digest()));
    });
  }
}

const ModuleFnDef kHashlib[] = {
    {"md5", named_ctor<0>},       {"sha1", named_ctor<1>},      {"sha224", named_ctor<2>},
    {"sha256", named_ctor<3>},    {"sha384", named_ctor<4>},    {"sha512", named_ctor<5>},
    {"sha3_224", named_ctor<6>},  {"sha3_256", named_ctor<7>},  {"sha3_384", named_ctor<8>},
    {"sha3_512", named_ctor<9>},  {"shake_128", named_ctor<10>}, {"shake_256", named_ctor<11>},
    {"new", hashlib_new},         {"pbkdf2_hmac", hashlib_pbkdf2_hmac}, {"file_digest", hashlib_file_digest},
};

}  // namespace

void install_hashlib_module(Interp& in) {
  ModuleObj& m = new_module(in, "hashlib");
  def_functions(in, m, kHashlib);
  for (bool xof : {false, true}) {
    TypeObj* ty = in.new_type(xof ? "HASHXOF" : "HASH", "_hashlib", {in.t.object});
    def_hash_methods(in, ty, xof);
    m.attrs[xof ? "_HASHXOF" : "_HASH"] = type_ref(ty);
  }
  for (bool big : {true, false}) {
    TypeObj* ty = in.new_type(big ? "blake2b" : "blake2s", "_blake2", {in.t.object});
    def_hash_methods(in, ty, false);
    ty->call = [ty, big](Interp& in, Args& a) { return blake2_new(in, ty, big, a); };
    ty->attrs["SALT_SIZE"] = Value::integer(big ? 16 : 8);
    ty->attrs["PERSON_SIZE"] = Value::integer(big ? 16 : 8);
    ty->attrs["MAX_KEY_SIZE"] = Value::integer(big ? 64 : 32);
    ty->attrs["MAX_DIGEST_SIZE"] = Value::integer(big ? 64 : 32);
    m.attrs[big ? "blake2b" : "blake2s"] = type_ref(ty);
  }
  m.attrs["_UnsupportedDigestmodError"] =
      type_ref(in.define_exception("UnsupportedDigestmodError", "_hashlib", {in.exception_type("ValueError")}));
  std::vector<Value> names;
  for (const char* n : kAlgorithms) names.push_back(make_str(n));
  m.attrs["algorithms_guaranteed"] = in.call(in.builtins["set"], std::vector<Value>{make_list(names)});
  m.attrs["algorithms_available"] = in.call(in.builtins["set"], std::vector<Value>{make_list(names)});
}

}  // namespace sl::lang

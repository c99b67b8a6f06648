// zlib_module: `zlib` -- CPython 3.13's Modules/zlibmodule.c interface
// (compress, decompress, compressobj, decompressobj, the Compress and
// Decompress objects, _ZlibDecompressor, crc32, adler32, the constants) with
// its messages, over the zlib library itself.
//
// Built on a dependency, not written here: zlib 1.3.1's C source, from
// Debian's archive (scripts/setup.sh unpacks it into .deps; CMakeLists.txt
// compiles it as the static library sl_zlib, with g++'s C compiler natively
// and with emcc for the wasm build). Why: the point of the module is that the
// bytes are CPython's -- a .npz, a zip or a gzip stream written here must be
// the file the reference writes -- and deflate's output is defined by its
// implementation (match finding, lazy evaluation, block splitting), not by
// RFC 1951; the reference's CPython links zlib 1.3.1 (zlib.ZLIB_VERSION), so
// the same library at the same version, called with the same parameters in
// the same order, gives the same bytes. The native build compiles the same
// source rather than linking the host's libz (another version).
//
// Note [Output blocks]
// deflate's stored blocks (level 0) are cut where the output buffer ends,
// so the bytes depend on how much room each deflate() call is given.
// CPython gives it its _BlocksOutputBuffer: a first block of 32 KiB (or
// max_length when smaller, or the caller's bufsize for decompress/flush),
// then blocks of 64 KiB, 256 KiB, 1, 4, 8, 16, 16, 32 x 4, 64 x 2, 128 x 2 MiB
// and 256 MiB from then on, capped by max_length; each call sees at most
// UINT32_MAX bytes of room (its sliding window). OutBuf grows the same way,
// so every call to zlib here has the avail_out CPython's would have.
#include <zlib.h>

#include <cstdio>
#include <cstring>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"

namespace sl::lang {

namespace {

constexpr int kDefMemLevel = 8;
constexpr int64_t kDefBufSize = 16 * 1024;

[[noreturn]] void raise_zlib(Interp& in, const std::string& msg) {
  TypeObj* ty = in.modules.at("zlib")->attrs.at("error").as<TypeObj>();
  throw PyException(ty->name, msg, in.make_exception(ty, {make_str(msg)}));
}

// zlib.error "Error <err> <what>[: <zlib's message, or the code's meaning>]" (zlib_error).
[[noreturn]] void zlib_error(Interp& in, const z_stream& z, int err, const char* what) {
  const char* zmsg = err == Z_VERSION_ERROR ? "library version mismatch" : z.msg;
  if (!zmsg) {
    if (err == Z_BUF_ERROR) zmsg = "incomplete or truncated stream";
    else if (err == Z_STREAM_ERROR) zmsg = "inconsistent stream state";
    else if (err == Z_DATA_ERROR) zmsg = "invalid input data";
  }
  std::string msg = "Error " + std::to_string(err) + " " + what;
  if (zmsg) msg += std::string(": ") + std::string(zmsg).substr(0, 200);
  raise_zlib(in, msg);
}

// Note [Output blocks].
class OutBuf {
 public:
  // The first block for output of unknown size (max_length < 0: unlimited).
  void init_grow(z_stream& z, int64_t max_length) {
    max_ = max_length;
    add_block(z, max_length >= 0 && max_length < kBlocks[0] ? max_length : kBlocks[0]);
  }
  // A first block of the caller's size (decompress's bufsize, flush's length).
  void init_size(z_stream& z, int64_t n) {
    max_ = -1;
    add_block(z, n);
  }
  void grow(z_stream& z) {
    if (used(z) < allocated_) {  // the rest of a first block larger than one window
      point(z, used(z));
      return;
    }
    int64_t block = kBlocks[blocks_ < kNumBlocks ? blocks_ : kNumBlocks - 1];
    if (max_ >= 0 && block > max_ - allocated_) block = max_ - allocated_;
    add_block(z, block);
  }
  int64_t size(const z_stream& z) const { return used(z); }
  std::string finish(const z_stream& z) {
    buf_.resize(size_t(used(z)));
    return std::move(buf_);
  }

 private:
  static constexpr int64_t kKiB = 1024, kMiB = 1024 * 1024;
  static constexpr int64_t kBlocks[] = {32 * kKiB, 64 * kKiB, 256 * kKiB, 1 * kMiB,  4 * kMiB,   8 * kMiB,
                                        16 * kMiB, 16 * kMiB, 32 * kMiB,  32 * kMiB, 32 * kMiB,  32 * kMiB,
                                        64 * kMiB, 64 * kMiB, 128 * kMiB, 128 * kMiB, 256 * kMiB};
  static constexpr size_t kNumBlocks = sizeof kBlocks / sizeof kBlocks[0];
  int64_t used(const z_stream& z) const { return int64_t(z.next_out - reinterpret_cast<const Bytef*>(buf_.data())); }
  void add_block(z_stream& z, int64_t n) {
    // the engine's memory is at most 4 GiB (the wasm build's limit): a larger buffer
    // fails as CPython's failed allocation does
    if (n > (int64_t(1) << 32) - allocated_) sl::raise("MemoryError", "Unable to allocate output buffer.");
    const int64_t at = allocated_;
    allocated_ += n;
    try {
      buf_.resize(size_t(allocated_));
    } catch (const std::exception&) {
      sl::raise("MemoryError", "Unable to allocate output buffer.");
    }
    ++blocks_;
    point(z, at);
  }
  // next_out at byte `at`, with room to the end of the buffer, at most UINT32_MAX
  void point(z_stream& z, int64_t at) {
    z.next_out = reinterpret_cast<Bytef*>(buf_.data()) + at;
    const int64_t room = allocated_ - at;
    z.avail_out = uInt(room > int64_t(UINT32_MAX) ? int64_t(UINT32_MAX) : room);
  }
  std::string buf_;
  int64_t allocated_ = 0, max_ = -1;
  size_t blocks_ = 0;
};

// Feeds at most UINT_MAX bytes of the remaining input (arrange_input_buffer).
void arrange_input(z_stream& z, int64_t& remains) {
  z.avail_in = uInt(remains > int64_t(UINT32_MAX) ? int64_t(UINT32_MAX) : remains);
  remains -= z.avail_in;
}

// The argument checks Argument Clinic generates, before any conversion.
// Keywords style (_PyArg_UnpackKeywords, the functions and methods taking
// keywords or the defining class): "compress() takes at most 3 arguments (4
// given)", "compress() takes at least 1 positional argument (0 given)",
// "decompress() got an unexpected keyword argument 'x'" (with CPython's
// suggestion). Positional style (a METH_FASTCALL function of positional-only
// parameters): "crc32 expected at most 2 arguments, got 3",
// "zlib.crc32() takes no keyword arguments". A method's `a` holds self first.
void check_args(const Args& a, const char* name, size_t min_pos, size_t max_args,
                std::initializer_list<const char*> keywords, bool method = false, bool positional_style = false) {
  const size_t npos = a.pos.size() - (method ? 1 : 0);
  const size_t n = npos + a.kw.size();
  const std::string f = name;
  auto plural = [](size_t k) { return std::string(k == 1 ? "" : "s"); };
  if (positional_style) {
    if (!a.kw.empty()) type_error("zlib." + f + "() takes no keyword arguments");
    if (npos < min_pos) type_error(f + " expected at least " + std::to_string(min_pos) + " argument" + plural(min_pos) + ", got " + std::to_string(npos));
    if (npos > max_args) type_error(f + " expected at most " + std::to_string(max_args) + " argument" + plural(max_args) + ", got " + std::to_string(npos));
    return;
  }
  if (max_args == 0) {
    if (n) type_error(f + "() takes no arguments");
    return;
  }
  if (n > max_args)
    type_error(f + "() takes at most " + std::to_string(max_args) + " argument" + plural(max_args) + " (" + std::to_string(n) + " given)");
  if (npos < min_pos)
    type_error(f + "() takes " + (min_pos == max_args ? "exactly " : "at least ") + std::to_string(min_pos) +
               " positional argument" + plural(min_pos) + " (" + std::to_string(npos) + " given)");
  for (const auto& kv : a.kw) {
    bool known = false;
    for (const char* k : keywords) known = known || kv.first == k;
    if (known) continue;
    std::string msg = f + "() got an unexpected keyword argument '" + kv.first + "'";
    const std::string near = Interp::suggest_name(kv.first, std::vector<std::string>(keywords.begin(), keywords.end()));
    if (!near.empty()) msg += ". Did you mean '" + near + "'?";
    type_error(msg);
  }
}

// A C int argument (PyLong_AsInt after __index__).
int c_int(Interp& in, const Value& v) {
  if (is_bigint(v)) in.raise_exc("OverflowError", "Python int too large to convert to C int");
  const int64_t n = in.index_value(v);
  if (n > INT32_MAX || n < INT32_MIN) in.raise_exc("OverflowError", "Python int too large to convert to C int");
  return int(n);
}

// A Py_ssize_t argument.
int64_t c_ssize(Interp& in, const Value& v) {
  if (is_bigint(v)) in.raise_exc("OverflowError", "Python int too large to convert to C ssize_t");
  return in.index_value(v);
}

// An unsigned int taken bitwise: the low 32 bits of any int (PyLong_AsUnsignedLongMask).
uint32_t c_uint_mask(Interp& in, const Value& v) {
  if (is_bigint(v)) {
    Value low;
    int_binop(in, BinOp::BitAnd, v, Value::integer(0xffffffff), low);
    return uint32_t(low.as_int());
  }
  return uint32_t(uint64_t(in.index_value(v)));
}

std::string_view data_of(Interp& in, const Value& v) { return need_bytes_like(in, v); }

Bytef* in_ptr(std::string_view s) { return reinterpret_cast<Bytef*>(const_cast<char*>(s.data())); }

// One zlib stream of a Compress, Decompress or _ZlibDecompressor object. The
// z_stream never moves (zlib's state points back at it), so it lives here,
// behind the object's shared payload.
struct ZState {
  z_stream z{};
  bool deflating = false;
  bool initialised = false;
  bool eof = false, needs_input = true;
  Value zdict;                    // the dictionary given, or None
  std::string unused_data, unconsumed_tail;
  std::string pending;            // _ZlibDecompressor: input kept for the next call
  ~ZState() {
    if (initialised) deflating ? deflateEnd(&z) : inflateEnd(&z);
  }
};

ZState& zstate(Interp& in, const Value& self) {
  auto* g = self.as<GenericObj>();
  if (!g || !g->native) in.raise_exc("TypeError", "descriptor requires a zlib stream object");
  return *static_cast<ZState*>(g->native.get());
}

// The read-only members a program sees (unused_data, unconsumed_tail, eof, needs_input).
void publish(const Value& self, const ZState& st, bool is_decompressor) {
  auto* g = self.as<GenericObj>();
  g->attrs["unused_data"] = make_bytes(st.unused_data);
  g->attrs["eof"] = Value::boolean(st.eof);
  if (is_decompressor) g->attrs["needs_input"] = Value::boolean(st.needs_input);
  else g->attrs["unconsumed_tail"] = make_bytes(st.unconsumed_tail);
}

Value new_stream_object(Interp& in, TypeObj* ty, std::shared_ptr<ZState> st) {
  auto self = std::make_shared<GenericObj>(ty);
  self->native = st;
  Value v(std::static_pointer_cast<Obj>(self));
  if (!st->deflating) publish(v, *st, ty->name == "_ZlibDecompressor");
  return v;
}

// ---- one-shot functions

// compress(data, /, level=-1, wbits=15): mirrors zlib_compress_impl.
Value zlib_compress(Interp& in, Args& a) {
  check_args(a, "compress", 1, 3, {"level", "wbits"});
  Value data = a.required(0, "data"), lv = a.optional(1, "level"), wb = a.optional(2, "wbits");
  std::string_view src = data_of(in, data);
  const int level = lv.is_none() ? Z_DEFAULT_COMPRESSION : c_int(in, lv);
  const int wbits = wb.is_none() ? MAX_WBITS : c_int(in, wb);
  z_stream z{};
  OutBuf out;
  out.init_grow(z, -1);
  z.next_in = in_ptr(src);
  int err = deflateInit2(&z, level, Z_DEFLATED, wbits, kDefMemLevel, Z_DEFAULT_STRATEGY);
  if (err == Z_MEM_ERROR) in.raise_exc("MemoryError", "Out of memory while compressing data");
  if (err == Z_STREAM_ERROR) raise_zlib(in, "Bad compression level");
  if (err != Z_OK) {
    deflateEnd(&z);
    zlib_error(in, z, err, "while compressing data");
  }
  int64_t remains = int64_t(src.size());
  int flush;
  do {
    arrange_input(z, remains);
    flush = remains == 0 ? Z_FINISH : Z_NO_FLUSH;
    do {
      if (z.avail_out == 0) out.grow(z);
      err = deflate(&z, flush);
      if (err == Z_STREAM_ERROR) {
        deflateEnd(&z);
        zlib_error(in, z, err, "while compressing data");
      }
    } while (z.avail_out == 0);
  } while (flush != Z_FINISH);
  err = deflateEnd(&z);
  if (err != Z_OK) zlib_error(in, z, err, "while finishing compression");
  return make_bytes(out.finish(z));
}

// decompress(data, /, wbits=15, bufsize=16384): mirrors zlib_decompress_impl.
Value zlib_decompress(Interp& in, Args& a) {
  check_args(a, "decompress", 1, 3, {"wbits", "bufsize"});
  Value data = a.required(0, "data"), wb = a.optional(1, "wbits"), bs = a.optional(2, "bufsize");
  std::string_view src = data_of(in, data);
  const int wbits = wb.is_none() ? MAX_WBITS : c_int(in, wb);
  int64_t bufsize = bs.is_none() ? kDefBufSize : c_ssize(in, bs);
  if (bufsize < 0) in.raise_exc("ValueError", "bufsize must be non-negative");
  if (bufsize == 0) bufsize = 1;
  z_stream z{};
  OutBuf out;
  out.init_size(z, bufsize);
  z.next_in = in_ptr(src);
  int err = inflateInit2(&z, wbits);
  if (err == Z_MEM_ERROR) in.raise_exc("MemoryError", "Out of memory while decompressing data");
  if (err != Z_OK) {
    inflateEnd(&z);
    zlib_error(in, z, err, "while preparing to decompress data");
  }
  int64_t remains = int64_t(src.size());
  do {
    arrange_input(z, remains);
    const int flush = remains == 0 ? Z_FINISH : Z_NO_FLUSH;
    do {
      if (z.avail_out == 0) out.grow(z);
      err = inflate(&z, flush);
      if (err == Z_MEM_ERROR) {
        inflateEnd(&z);
        in.raise_exc("MemoryError", "Out of memory while decompressing data");
      }
      if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END) {
        inflateEnd(&z);
        zlib_error(in, z, err, "while decompressing data");
      }
    } while (z.avail_out == 0);
  } while (err != Z_STREAM_END && remains != 0);
  if (err != Z_STREAM_END) {
    inflateEnd(&z);
    zlib_error(in, z, err, "while decompressing data");
  }
  err = inflateEnd(&z);
  if (err != Z_OK) zlib_error(in, z, err, "while finishing decompression");
  return make_bytes(out.finish(z));
}

Value zlib_crc32(Interp& in, Args& a) {
  check_args(a, "crc32", 1, 2, {}, false, true);
  std::string_view s = data_of(in, a.pos[0]);
  uLong v = a.pos.size() > 1 ? c_uint_mask(in, a.pos[1]) : 0;
  v = crc32_z(v, in_ptr(s), s.size());
  return Value::integer(int64_t(v & 0xffffffffu));
}

Value zlib_adler32(Interp& in, Args& a) {
  check_args(a, "adler32", 1, 2, {}, false, true);
  std::string_view s = data_of(in, a.pos[0]);
  uLong v = a.pos.size() > 1 ? c_uint_mask(in, a.pos[1]) : 1;
  v = adler32_z(v, in_ptr(s), s.size());
  return Value::integer(int64_t(v & 0xffffffffu));
}

// ---- compressobj and its Compress object

// compressobj(level=-1, method=8, wbits=15, memLevel=8, strategy=0, zdict=None).
Value zlib_compressobj(Interp& in, Args& a, TypeObj* comp) {
  check_args(a, "compressobj", 0, 6, {"level", "method", "wbits", "memLevel", "strategy", "zdict"});
  Value lv = a.optional(0, "level"), me = a.optional(1, "method"), wb = a.optional(2, "wbits");
  Value ml = a.optional(3, "memLevel"), sg = a.optional(4, "strategy"), zd;
  const bool zd_given = a.take(5, "zdict", zd);
  const int level = lv.is_none() ? Z_DEFAULT_COMPRESSION : c_int(in, lv);
  const int method = me.is_none() ? Z_DEFLATED : c_int(in, me);
  const int wbits = wb.is_none() ? MAX_WBITS : c_int(in, wb);
  const int mem = ml.is_none() ? kDefMemLevel : c_int(in, ml);
  const int strategy = sg.is_none() ? Z_DEFAULT_STRATEGY : c_int(in, sg);
  std::string_view dict;
  if (zd_given) dict = data_of(in, zd);
  auto st = std::make_shared<ZState>();
  st->deflating = true;
  int err = deflateInit2(&st->z, level, method, wbits, mem, strategy);
  if (err == Z_MEM_ERROR) in.raise_exc("MemoryError", "Can't allocate memory for compression object");
  if (err == Z_STREAM_ERROR) in.raise_exc("ValueError", "Invalid initialization option");
  if (err != Z_OK) zlib_error(in, st->z, err, "while creating compression object");
  st->initialised = true;
  if (zd_given) {
    err = deflateSetDictionary(&st->z, in_ptr(dict), uInt(dict.size()));
    if (err == Z_STREAM_ERROR) in.raise_exc("ValueError", "Invalid dictionary");
    if (err != Z_OK) in.raise_exc("ValueError", "deflateSetDictionary()");
  }
  return new_stream_object(in, comp, st);
}

Value compress_compress(Interp& in, Args& a) {
  check_args(a, "compress", 1, 1, {}, true);
  ZState& st = zstate(in, a.pos[0]);
  std::string_view src = data_of(in, a.pos[1]);
  z_stream& z = st.z;
  z.next_in = in_ptr(src);
  int64_t remains = int64_t(src.size());
  OutBuf out;
  out.init_grow(z, -1);
  do {
    arrange_input(z, remains);
    do {
      if (z.avail_out == 0) out.grow(z);
      int err = deflate(&z, Z_NO_FLUSH);
      if (err == Z_STREAM_ERROR) zlib_error(in, z, err, "while compressing data");
    } while (z.avail_out == 0);
  } while (remains != 0);
  return make_bytes(out.finish(z));
}

Value compress_flush(Interp& in, Args& a) {
  check_args(a, "flush", 0, 1, {}, true);
  ZState& st = zstate(in, a.pos[0]);
  const int mode = a.pos.size() > 1 ? c_int(in, a.pos[1]) : Z_FINISH;
  if (mode == Z_NO_FLUSH) return make_bytes("");
  z_stream& z = st.z;
  z.avail_in = 0;
  OutBuf out;
  out.init_grow(z, -1);
  int err;
  do {
    if (z.avail_out == 0) out.grow(z);
    err = deflate(&z, mode);
    if (err == Z_STREAM_ERROR) zlib_error(in, z, err, "while flushing");
  } while (z.avail_out == 0);
  if (err == Z_STREAM_END && mode == Z_FINISH) {
    std::string bytes = out.finish(z);
    err = deflateEnd(&z);
    st.initialised = false;
    if (err != Z_OK) zlib_error(in, z, err, "while finishing compression");
    return make_bytes(std::move(bytes));
  }
  if (err != Z_OK && err != Z_BUF_ERROR) zlib_error(in, z, err, "while flushing");
  return make_bytes(out.finish(z));
}

// copy(), __copy__(), __deepcopy__(memo) of either stream object (deflateCopy / inflateCopy).
Value stream_copy(Interp& in, Args& a, bool deep) {
  check_args(a, deep ? "__deepcopy__" : "copy", deep ? 1 : 0, deep ? 1 : 0, {}, true);
  ZState& st = zstate(in, a.pos[0]);
  auto cp = std::make_shared<ZState>();
  cp->deflating = st.deflating;
  const int err = st.deflating ? deflateCopy(&cp->z, &st.z) : inflateCopy(&cp->z, &st.z);
  if (err == Z_STREAM_ERROR) in.raise_exc("ValueError", "Inconsistent stream state");
  if (err == Z_MEM_ERROR)
    in.raise_exc("MemoryError", st.deflating ? "Can't allocate memory for compression object"
                                             : "Can't allocate memory for decompression object");
  if (err != Z_OK)
    zlib_error(in, st.z, err, st.deflating ? "while copying compression object" : "while copying decompression object");
  cp->initialised = true;
  cp->eof = st.eof;
  cp->zdict = st.zdict;
  cp->unused_data = st.unused_data;
  cp->unconsumed_tail = st.unconsumed_tail;
  return new_stream_object(in, in.type_of(a.pos[0]), cp);
}

// ---- decompressobj and its Decompress object

void set_inflate_dict(Interp& in, ZState& st) {
  std::string_view d = data_of(in, st.zdict);
  const int err = inflateSetDictionary(&st.z, in_ptr(d), uInt(d.size()));
  if (err != Z_OK) zlib_error(in, st.z, err, "while setting zdict");
}

std::shared_ptr<ZState> new_inflater(Interp& in, const Value& wb, const Value& zd, bool zd_given) {
  const int wbits = wb.is_none() ? MAX_WBITS : c_int(in, wb);
  auto st = std::make_shared<ZState>();
  if (zd_given) st->zdict = zd;
  const int err = inflateInit2(&st->z, wbits);
  if (err == Z_STREAM_ERROR) in.raise_exc("ValueError", "Invalid initialization option");
  if (err == Z_MEM_ERROR) in.raise_exc("MemoryError", "Can't allocate memory for decompression object");
  if (err != Z_OK) zlib_error(in, st->z, err, "while creating decompression object");
  st->initialised = true;
  if (zd_given && wbits < 0) set_inflate_dict(in, *st);
  return st;
}

// decompressobj(wbits=15, zdict=b'').
Value zlib_decompressobj(Interp& in, Args& a, TypeObj* decomp) {
  check_args(a, "decompressobj", 0, 2, {"wbits", "zdict"});
  Value wb = a.optional(0, "wbits"), zd;
  const bool given = a.take(1, "zdict", zd);
  std::string_view probe;
  if (given && !bytes_like(zd, probe)) in.raise_exc("TypeError", "zdict argument must support the buffer protocol");
  return new_stream_object(in, decomp, new_inflater(in, wb, zd, given));
}

// What is left of `data` after a decompress call (save_unconsumed_input).
void save_unconsumed(ZState& st, std::string_view data, int err) {
  const size_t left = size_t(in_ptr(data) + data.size() - st.z.next_in);
  if (err == Z_STREAM_END && st.z.avail_in > 0) {
    st.unused_data.append(reinterpret_cast<const char*>(st.z.next_in), left);
    st.z.avail_in = 0;
  }
  if (st.z.avail_in > 0 || !st.unconsumed_tail.empty())
    st.unconsumed_tail.assign(reinterpret_cast<const char*>(st.z.next_in),
                              size_t(in_ptr(data) + data.size() - st.z.next_in));
}

Value decompress_decompress(Interp& in, Args& a) {
  check_args(a, "decompress", 1, 2, {"max_length"}, true);
  ZState& st = zstate(in, a.pos[0]);
  Value ml = a.optional(2, "max_length");
  int64_t max_length = ml.is_none() ? 0 : c_ssize(in, ml);
  if (max_length < 0) in.raise_exc("ValueError", "max_length must be non-negative");
  if (max_length == 0) max_length = -1;
  std::string_view data = data_of(in, a.pos[1]);
  z_stream& z = st.z;
  z.next_in = in_ptr(data);
  int64_t remains = int64_t(data.size());
  OutBuf out;
  out.init_grow(z, max_length);
  int err = Z_OK;
  bool stop = false;
  do {
    arrange_input(z, remains);
    do {
      if (z.avail_out == 0) {
        if (out.size(z) == max_length) {
          stop = true;
          break;
        }
        out.grow(z);
      }
      err = inflate(&z, Z_SYNC_FLUSH);
      if (err == Z_NEED_DICT && !st.zdict.is_none()) {
        set_inflate_dict(in, st);
        continue;
      }
      if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END) {
        stop = true;
        break;
      }
    } while (z.avail_out == 0 || err == Z_NEED_DICT);
  } while (!stop && err != Z_STREAM_END && remains != 0);
  save_unconsumed(st, data, err);
  if (err == Z_STREAM_END) st.eof = true;
  publish(a.pos[0], st, false);
  if (err != Z_STREAM_END && err != Z_OK && err != Z_BUF_ERROR) zlib_error(in, z, err, "while decompressing data");
  return make_bytes(out.finish(z));
}

Value decompress_flush(Interp& in, Args& a) {
  check_args(a, "flush", 0, 1, {}, true);
  ZState& st = zstate(in, a.pos[0]);
  const int64_t length = a.pos.size() > 1 ? c_ssize(in, a.pos[1]) : kDefBufSize;
  if (length <= 0) in.raise_exc("ValueError", "length must be greater than zero");
  const std::string data = st.unconsumed_tail;
  z_stream& z = st.z;
  z.next_in = in_ptr(data);
  int64_t remains = int64_t(data.size());
  OutBuf out;
  out.init_size(z, length);
  int err = Z_OK;
  bool stop = false;
  do {
    arrange_input(z, remains);
    const int flush = remains == 0 ? Z_FINISH : Z_NO_FLUSH;
    do {
      if (z.avail_out == 0) out.grow(z);
      err = inflate(&z, flush);
      if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END) {
        stop = true;
        break;
      }
    } while (z.avail_out == 0 || err == Z_NEED_DICT);
  } while (!stop && err != Z_STREAM_END && remains != 0);
  save_unconsumed(st, data, err);
  std::string bytes = out.finish(z);
  if (err == Z_STREAM_END) {
    st.eof = true;
    st.initialised = false;
    err = inflateEnd(&z);
    publish(a.pos[0], st, false);
    if (err != Z_OK) zlib_error(in, z, err, "while finishing decompression");
  }
  publish(a.pos[0], st, false);
  return make_bytes(std::move(bytes));
}

// ---- _ZlibDecompressor (the one gzip and zipfile readers use)

// Decompresses st.pending into at most max_length bytes (max_length < 0:
// unlimited): mirrors decompress_buf, whose buffer starts at DEF_BUF_SIZE
// (or max_length, at most 16 MiB) and doubles up to the limit.
std::string decompressor_run(Interp& in, ZState& st, int64_t max_length) {
  const bool unlimited = max_length < 0;
  const int64_t hard = unlimited ? INT64_MAX : max_length;
  int64_t len = unlimited ? kDefBufSize : (max_length > 16 * 1024 * 1024 ? 16 * 1024 * 1024 : max_length);
  std::string out(size_t(len), '\0');
  z_stream& z = st.z;
  z.next_in = in_ptr(st.pending);
  int64_t remains = int64_t(st.pending.size());
  int64_t occupied = 0;
  int err = Z_OK;
  bool first = true;  // the first inflate() of a call runs before any check of the room
  do {
    arrange_input(z, remains);
    for (;;) {
      if (!first && occupied == len) {
        if (len == hard) break;
        len = len <= (hard >> 1) ? len << 1 : hard;
        out.resize(size_t(len));
      }
      z.next_out = reinterpret_cast<Bytef*>(out.data()) + occupied;
      const int64_t room = len - occupied;
      z.avail_out = uInt(room > int64_t(UINT32_MAX) ? int64_t(UINT32_MAX) : room);
      err = inflate(&z, Z_SYNC_FLUSH);
      first = false;
      occupied = int64_t(z.next_out - reinterpret_cast<Bytef*>(out.data()));
      if (err == Z_NEED_DICT) {  // decompress_buf fails without setting an exception
        st.pending.clear();
        in.raise_exc("SystemError",
                     "<method 'decompress' of 'zlib._ZlibDecompressor' objects> returned NULL without setting an exception");
      }
      if (z.avail_out != 0) break;
    }
  } while (err != Z_STREAM_END && remains != 0 && !(occupied == len && len == hard));
  remains += z.avail_in;
  if (err == Z_STREAM_END) {
    st.eof = true;
    st.initialised = false;
    err = inflateEnd(&z);
    if (err != Z_OK) zlib_error(in, z, err, "while finishing decompression");
  } else if (err != Z_OK && err != Z_BUF_ERROR) {
    st.pending.clear();
    zlib_error(in, z, err, "while decompressing data");
  }
  st.pending.erase(0, st.pending.size() - size_t(remains));
  out.resize(size_t(occupied));
  return out;
}

Value decompressor_decompress(Interp& in, Args& a) {
  const Value self = a.pos[0];
  a.pos.erase(a.pos.begin());
  // too many first, then a missing data, then unknown keywords (_PyArg_UnpackKeywords' order)
  if (a.pos.size() + a.kw.size() > 2) check_args(a, "decompress", 0, 2, {});
  Value data = a.required(0, "data"), ml = a.optional(1, "max_length");
  check_args(a, "decompress", 0, 2, {"data", "max_length"});
  ZState& st = zstate(in, self);
  std::string_view src = data_of(in, data);
  const int64_t max_length = ml.is_none() ? -1 : c_ssize(in, ml);
  if (st.eof) in.raise_exc("EOFError", "End of stream already reached");
  st.pending.append(src);
  std::string out = decompressor_run(in, st, max_length);
  if (st.eof) {
    st.needs_input = false;
    if (!st.pending.empty()) st.unused_data = st.pending;
    st.pending.clear();
  } else {
    st.needs_input = st.pending.empty();
  }
  publish(self, st, true);
  return make_bytes(std::move(out));
}

Value decompressor_new(Interp& in, Args& a) {
  Value wb = a.optional(0, "wbits"), zd;
  const bool given = a.take(1, "zdict", zd);
  if (a.pos.size() > 2) type_error("_ZlibDecompressor() takes at most 2 arguments (" + std::to_string(a.pos.size()) + " given)");
  a.finish(2);
  return new_stream_object(in, in.modules.at("zlib")->attrs.at("_ZlibDecompressor").as<TypeObj>(),
                           new_inflater(in, wb, zd, given));
}

const ModuleFnDef kZlib[] = {
    {"compress", zlib_compress}, {"decompress", zlib_decompress}, {"crc32", zlib_crc32}, {"adler32", zlib_adler32},
};

void def_copy_methods(Interp& in, TypeObj* ty) {
  in.def_method(ty, "copy", [](Interp& in, Args& a) { return stream_copy(in, a, false); });
  in.def_method(ty, "__copy__", [](Interp& in, Args& a) { return stream_copy(in, a, false); });
  in.def_method(ty, "__deepcopy__", [](Interp& in, Args& a) { return stream_copy(in, a, true); });
}

TypeObj* uninstantiable(Interp& in, const char* name) {
  TypeObj* ty = in.new_type(name, "zlib", {in.t.object});
  const std::string msg = std::string("cannot create 'zlib.") + name + "' instances";
  ty->call = [msg](Interp& in, Args&) -> Value { in.raise_exc("TypeError", msg); };
  return ty;
}

}  // namespace

void install_zlib_module(Interp& in) {
  ModuleObj& m = new_module(in, "zlib");
  def_functions(in, m, kZlib);
  m.attrs["error"] = type_ref(in.define_exception("error", "zlib", {in.t.exception}));
  // Compress and Decompress are reached through type(obj) only, as in CPython (not module names)
  TypeObj* comp = uninstantiable(in, "Compress");
  in.def_method(comp, "compress", compress_compress);
  in.def_method(comp, "flush", compress_flush);
  def_copy_methods(in, comp);
  TypeObj* decomp = uninstantiable(in, "Decompress");
  in.def_method(decomp, "decompress", decompress_decompress);
  in.def_method(decomp, "flush", decompress_flush);
  def_copy_methods(in, decomp);
  TypeObj* zd = in.new_type("_ZlibDecompressor", "zlib", {in.t.object});
  zd->call = decompressor_new;
  in.def_method(zd, "decompress", decompressor_decompress);
  m.attrs["_ZlibDecompressor"] = type_ref(zd);
  m.attrs["compressobj"] = in.builtin("compressobj", [comp](Interp& in, Args& a) { return zlib_compressobj(in, a, comp); });
  m.attrs["decompressobj"] =
      in.builtin("decompressobj", [decomp](Interp& in, Args& a) { return zlib_decompressobj(in, a, decomp); });
  const std::pair<const char*, int> ints[] = {
      {"MAX_WBITS", MAX_WBITS},           {"DEFLATED", Z_DEFLATED},
      {"DEF_MEM_LEVEL", kDefMemLevel},    {"DEF_BUF_SIZE", int(kDefBufSize)},
      {"Z_NO_COMPRESSION", Z_NO_COMPRESSION}, {"Z_BEST_SPEED", Z_BEST_SPEED},
      {"Z_BEST_COMPRESSION", Z_BEST_COMPRESSION}, {"Z_DEFAULT_COMPRESSION", Z_DEFAULT_COMPRESSION},
      {"Z_FILTERED", Z_FILTERED},         {"Z_HUFFMAN_ONLY", Z_HUFFMAN_ONLY},
      {"Z_RLE", Z_RLE},                   {"Z_FIXED", Z_FIXED},
      {"Z_DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY}, {"Z_NO_FLUSH", Z_NO_FLUSH},
      {"Z_PARTIAL_FLUSH", Z_PARTIAL_FLUSH}, {"Z_SYNC_FLUSH", Z_SYNC_FLUSH},
      {"Z_FULL_FLUSH", Z_FULL_FLUSH},     {"Z_FINISH", Z_FINISH},
      {"Z_BLOCK", Z_BLOCK},               {"Z_TREES", Z_TREES},
  };
  for (const auto& [name, v] : ints) m.attrs[name] = Value::integer(v);
  m.attrs["ZLIB_VERSION"] = make_str(ZLIB_VERSION);
  m.attrs["ZLIB_RUNTIME_VERSION"] = make_str(zlibVersion());
  m.attrs["__version__"] = make_str("1.0");
}

}  // namespace sl::lang

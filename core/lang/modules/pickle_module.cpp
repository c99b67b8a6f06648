// pickle_module: `pickle` -- dumps, loads, dump, load, the exceptions and
// the protocol constants, written as CPython 3.13's Modules/_pickle.c
// writes and reads protocols 2 to 5 (DEFAULT_PROTOCOL 4). Pickler and
// Unpickler are frozen Python (core/lang/frozen/pickle._classes.py) over the
// hooked entry points here (_dumps_hooked, _loads_hooked, _find_class: a
// subclass's persistent_id, reducer_override, persistent_load, find_class;
// torch.save and torch.load call them too). Not here: dispatch_table, the
// memo's API, PickleBuffer and out-of-band buffers, copyreg's
// extension registry. Written here, in
// C++, not frozen: the opcodes are a byte-level state machine and the whole
// of pickle.py would weigh on the shipped engine.
//
// What the pickler writes, as _pickle.c's save() dispatches: None, bools,
// ints (BININT1/BININT2/BININT for 32-bit values, else LONG1/LONG4 with the
// minimal little-endian two's complement, encode_long), floats (BINFLOAT, big
// endian), str (SHORT_BINUNICODE/BINUNICODE/BINUNICODE8 of the UTF-8 with
// surrogatepass), bytes (SHORT_BINBYTES/BINBYTES/BINBYTES8; protocol 2:
// _codecs.encode(latin-1 text)), bytearray (BYTEARRAY8 at 5, else a reduce),
// tuples (EMPTY_TUPLE, TUPLE1-3, MARK ... TUPLE), lists, dicts and sets
// (EMPTY_x, then APPENDS / SETITEMS / ADDITEMS in batches of 1000, APPEND or
// SETITEM for a single item), frozensets (MARK ... FROZENSET at 4+), classes
// and functions by reference (STACK_GLOBAL at 4+, GLOBAL before, after
// checking that the module's attribute is the object), complex, range and
// slice by reduce, and instances by NEWOBJ of their class and BUILD of their
// __dict__ (and slots), or by the class's own __reduce_ex__/__reduce__.
// Every object but None, bools, ints, floats and empty tuples is memoized
// (MEMOIZE at 4+, BINPUT/LONG_BINPUT before), and met again it is a
// BINGET/LONG_BINGET. At protocol 4+ the opcodes go in frames (FRAME and an
// 8-byte length) of about 64 KiB, cut before an object; a frame under 4 bytes
// gets no header, and the size is checked as each object's save begins
// (_Pickler_OpcodeBoundary); a str or bytes payload of 64 KiB or more is written
// outside any frame (_Pickler_write_bytes). The unpickler reads every opcode
// of protocols 0 to 5 but INST, OBJ, EXT1-4 and the
// out-of-band NEXT_BUFFER/READONLY_BUFFER. NumPy's arrays, dtypes and scalars
// are pickled as NumPy pickles them (save_ndarray below).
// Protocols 0 and 1 (the text formats) are not written (a ValueError says so).
#include <cstring>
#include <unordered_map>

#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/model/array.hpp"

namespace sl::lang {

namespace {

constexpr int kDefaultProtocol = 4, kHighestProtocol = 5;
constexpr size_t kFrameTarget = 64 * 1024, kFrameMin = 4, kFrameHeader = 9, kBatch = 1000;

[[noreturn]] void raise_pickle(Interp& in, const char* type, const std::string& msg) {
  TypeObj* ty = in.modules.at("pickle")->attrs.at(type).as<TypeObj>();
  throw PyException(ty->name, msg, in.make_exception(ty, {make_str(msg)}));
}

void put_le(std::string& out, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) out.push_back(char(uint8_t(v >> (8 * i))));
}

uint64_t get_le(const char* p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; --i) v = v << 8 | uint8_t(p[i]);
  return v;
}

// ---------------------------------------------------------------- fix_imports
// Lib/_compat_pickle.py's names for what Python 2 called otherwise: a
// protocol 0-2 pickle names them so (REVERSE_NAME_MAPPING and
// REVERSE_IMPORT_MAPPING), and reading one maps them back (NAME_MAPPING,
// IMPORT_MAPPING). These are the builtin and standard modules' entries.
struct NameMap {
  const char *py3_module, *py3_name, *py2_module, *py2_name;
};
const NameMap kNames[] = {
    {"builtins", "range", "__builtin__", "xrange"},   {"functools", "reduce", "__builtin__", "reduce"},
    {"sys", "intern", "__builtin__", "intern"},       {"builtins", "chr", "__builtin__", "unichr"},
    {"builtins", "str", "__builtin__", "unicode"},    {"builtins", "int", "__builtin__", "long"},
    {"builtins", "zip", "itertools", "izip"},         {"builtins", "map", "itertools", "imap"},
    {"builtins", "filter", "itertools", "ifilter"},   {"itertools", "filterfalse", "itertools", "ifilterfalse"},
    {"itertools", "zip_longest", "itertools", "izip_longest"}, {"builtins", "str", "__builtin__", "basestring"},
    {"builtins", "Exception", "exceptions", "StandardError"},
};
const char* const kModules[][2] = {{"builtins", "__builtin__"}, {"copyreg", "copy_reg"}, {"queue", "Queue"},
                                   {"pickle", "cPickle"},       {"collections", "UserDict"}, {"collections", "UserList"},
                                   {"collections", "UserString"}, {"io", "StringIO"},      {"io", "cStringIO"}};
// The OSError family, which Python 2 did not have: named exceptions.OSError.
const char* const kOsErrors[] = {"BrokenPipeError", "ChildProcessError", "ConnectionAbortedError", "ConnectionError",
                                 "ConnectionRefusedError", "ConnectionResetError", "FileExistsError", "FileNotFoundError",
                                 "InterruptedError", "IsADirectoryError", "NotADirectoryError", "PermissionError",
                                 "ProcessLookupError", "TimeoutError"};

void py2_name(Interp& in, const Value& v, std::string& module, std::string& name) {
  for (const NameMap& m : kNames)
    if (module == m.py3_module && name == m.py3_name && std::string(m.py2_name) != "basestring" &&
        std::string(m.py2_name) != "StandardError") {
      module = m.py2_module;
      name = m.py2_name;
      return;
    }
  if (module == "builtins" && v.as<TypeObj>() &&
      in.truthy(in.call(in.builtins["issubclass"], std::vector<Value>{v, in.builtins["BaseException"]}))) {
    module = "exceptions";
    for (const char* e : kOsErrors)
      if (name == e) name = "OSError";
    if (name == "ModuleNotFoundError") name = "ImportError";
    return;
  }
  for (size_t i = 0; i < 3; ++i)  // builtins, copyreg, queue: the reverse import mapping
    if (module == kModules[i][0]) module = kModules[i][1];
}

void py3_name(std::string& module, std::string& name) {
  for (const NameMap& m : kNames)
    if (module == m.py2_module && name == m.py2_name) {
      module = m.py3_module;
      name = m.py3_name;
      return;
    }
  if (module == "exceptions") {
    module = "builtins";
    return;
  }
  for (const auto& m : kModules)
    if (module == m[1]) module = m[0];
}

// module.qualname as pickle finds it: the builtins table and the program's
// globals stand for `builtins` and `__main__` (no module objects here);
// another module is imported. False when an attribute on the path is missing.
bool resolve(Interp& in, const std::string& module, const std::string& qualname, Value& out) {
  size_t at = 0;
  if (module == "builtins" || module == "__main__") {
    size_t dot = qualname.find('.');
    const std::string head = qualname.substr(0, dot);
    if (module == "builtins") {
      auto it = in.builtins.find(head);
      if (it == in.builtins.end()) return false;
      out = it->second;
    } else {
      auto it = in.globals->vars.find(head);
      if (it == in.globals->vars.end()) return false;
      out = it->second;
    }
    at = dot == std::string::npos ? qualname.size() + 1 : dot + 1;
  } else {
    out = in.import(module);
  }
  while (at <= qualname.size()) {
    size_t dot = qualname.find('.', at);
    if (dot == std::string::npos) dot = qualname.size();
    const std::string part = qualname.substr(at, dot - at);
    if (!in.hasattr(out, part)) return false;
    out = in.getattr(out, part);
    at = dot + 1;
  }
  return true;
}

// ---------------------------------------------------------------- pickler

bool interned_like(const std::string& s);  // Note [Interned strings in pickles]

class Pickler {
 public:
  Pickler(Interp& in, int proto) : in_(in), proto_(proto) {}
  // Pickler.persistent_id and Pickler.reducer_override, as a subclass of
  // CPython's Pickler defines them (None: not defined)
  Value persistent_id, reducer_override;
  // torch.save's persistent ids hold str(int) storage keys, new objects in
  // CPython (not its one-character singletons): their strs are memoized by
  // identity (Note [Interned strings in pickles])
  bool pid_strs_by_identity = false;

  std::string dump(const Value& obj) {
    if (proto_ >= 2) {
      out_.push_back('\x80');
      out_.push_back(char(proto_));
      framing_ = proto_ >= 4;
    }
    save(obj);
    write(".");
    commit_frame();
    return std::move(out_);
  }

 private:
  Interp& in_;
  int proto_;
  bool framing_ = false;
  std::string out_;
  size_t frame_start_ = std::string::npos;
  std::unordered_map<const void*, uint32_t> memo_;
  // module and qualified names of globals, by value: CPython's are interned strings
  // (a builtin function's module name is a string of its own, hence the category byte)
  std::unordered_map<std::string, uint32_t> global_strs_;
  std::vector<Value> keep_;                                // what the memo points at stays alive
  uint32_t next_slot_ = 0;                                 // the memo's size: the next MEMOIZE's index
  int depth_ = 0;
  bool skip_pid_ = false;
  bool in_pid_ = false;  // saving a persistent id with pid_strs_by_identity

  // Every write goes into the current frame, opened at the first write after a commit.
  void write(std::string_view s) {
    if (framing_ && frame_start_ == std::string::npos) {
      frame_start_ = out_.size();
      out_.append(kFrameHeader, '\0');
    }
    out_.append(s);
  }
  void write_op(char op) { write(std::string_view(&op, 1)); }
  void commit_frame() {
    if (frame_start_ == std::string::npos) return;
    const size_t len = out_.size() - frame_start_ - kFrameHeader;
    if (len >= kFrameMin) {
      std::string h(1, '\x95');
      put_le(h, len, 8);
      out_.replace(frame_start_, kFrameHeader, h);
    } else {
      out_.erase(frame_start_, kFrameHeader);
    }
    frame_start_ = std::string::npos;
  }
  // An opcode's header and a payload; a large payload bypasses the frames.
  void write_bytes(const std::string& header, std::string_view data) {
    const bool bypass = data.size() >= kFrameTarget && framing_;
    if (bypass) {
      commit_frame();
      framing_ = false;
    }
    write(header);
    write(data);
    if (bypass) framing_ = true;
  }
  void opcode_boundary() {
    if (framing_ && frame_start_ != std::string::npos && out_.size() - frame_start_ - kFrameHeader >= kFrameTarget)
      commit_frame();
  }

  void memo_put(const Value& v) {
    const uint32_t idx = next_slot_++;
    if (v.identity()) {
      memo_[v.identity()] = idx;
      keep_.push_back(v);
    }
    write_memo_put(idx);
  }
  void write_memo_put(uint32_t idx) {
    if (proto_ >= 4) {
      write_op('\x94');
    } else if (idx < 256) {
      std::string s = "q";
      s.push_back(char(idx));
      write(s);
    } else {
      std::string s = "r";
      put_le(s, idx, 4);
      write(s);
    }
  }
  void memo_get(uint32_t idx) {
    std::string s;
    if (idx < 256) {
      s = "h";
      s.push_back(char(idx));
    } else {
      s = "j";
      put_le(s, idx, 4);
    }
    write(s);
  }
  bool memo_find(const Value& v, uint32_t& idx) {
    auto it = v.identity() ? memo_.find(v.identity()) : memo_.end();
    if (it == memo_.end()) return false;
    idx = it->second;
    return true;
  }

  void save(const Value& v);
  void save_int(const Value& v);
  void save_str_payload(const std::string& s);
  void save_str(const Value& v, const std::string& s);
  void save_bytes(const Value& v, const std::string& s);
  void save_tuple(const Value& v, const std::vector<Value>& items);
  void save_batched(char empty, char one, char many, const Value& v);
  void save_dict(const Value& v);
  void save_global(const Value& v, std::string module, std::string qualname, bool check = true);
  void save_global_name(const Value& v);
  void save_reduce(const Value& callable, const Value& args, const Value& obj);
  void save_instance(const Value& v);
  void save_dict_subclass(const Value& v, const DictObj& d);
  void save_reduce_value(const Value& v, const Value& rv);
  void save_items_of_set(const Value& v, bool frozen);
  void save_ndarray(const Value& v);
  void save_dtype(const Value& d);
  void save_interned(const std::string& s);
  Value bytes_b_;  // NumPy's b'b' constant, one object for every array of the pickle
  Value latin1_;   // the encoding protocol 2 names for bytes
  std::unordered_map<std::string, uint32_t> dtypes_;  // builtin dtypes are singletons in NumPy
  Value builtin(const char* name) { return in_.builtins[name]; }
};

void Pickler::save_int(const Value& v) {
  if (!is_bigint(v)) {
    const int64_t x = v.as_int();
    if (x >= 0 && x < 256) {
      std::string s = "K";
      s.push_back(char(x));
      return write(s);
    }
    if (x >= 0 && x < 65536) {
      std::string s = "M";
      put_le(s, uint64_t(x), 2);
      return write(s);
    }
    if (x >= INT32_MIN && x <= INT32_MAX) {
      std::string s = "J";
      put_le(s, uint64_t(uint32_t(int32_t(x))), 4);
      return write(s);
    }
  }
  // encode_long: (bit_length // 8) + 1 bytes of two's complement, one fewer
  // for a negative number whose top byte is a redundant 0xff
  const int64_t nbits = in_.call(in_.getattr(v, "bit_length"), std::vector<Value>{}).as_int();
  int64_t n = (nbits >> 3) + 1;
  Args a;
  a.pos = {Value::integer(n), make_str("little")};
  a.kw = {{"signed", Value::boolean(true)}};
  std::string bytes = in_.call(in_.getattr(v, "to_bytes"), a).as<BytesObj>()->s;
  if (int_compare(v, Value::integer(0)) < 0 && n > 1 && uint8_t(bytes[size_t(n - 1)]) == 0xff &&
      (uint8_t(bytes[size_t(n - 2)]) & 0x80))
    bytes.resize(size_t(--n));
  std::string h;
  if (n < 256) {
    h = "\x8a";
    h.push_back(char(n));
  } else {
    h = "\x8b";
    put_le(h, uint64_t(n), 4);
  }
  write(h + bytes);
}

void Pickler::save_str_payload(const std::string& s) {
  std::string h;
  if (s.size() <= 0xff && proto_ >= 4) {
    h = "\x8c";
    h.push_back(char(s.size()));
  } else if (s.size() > 0xffffffffull && proto_ >= 4) {
    h = "\x8d";
    put_le(h, s.size(), 8);
  } else {
    h = "X";
    put_le(h, s.size(), 4);
  }
  write_bytes(h, s);
}

// Note [Interned strings in pickles]
// CPython's memo is by identity, and some equal strs are one object there:
// the empty str and every one-character latin-1 str are singletons, and
// identifier-like literals and attribute names are interned at compile time
// (so a key of an instance's __dict__ and the same name in a literal are one
// object). This interpreter makes such strs apart, so they are memoized by
// value here, as CPython's identities make them; other strs by identity.
bool interned_like(const std::string& s) {
  if (s.empty()) return true;
  if (s.size() == 1 || (s.size() == 2 && (uint8_t(s[0]) & 0xe0) == 0xc0 && uint8_t(s[0]) <= 0xc3)) return true;
  for (unsigned char c : s)
    if (!(std::isalnum(c) || c == '_')) return false;
  return true;
}

void Pickler::save_str(const Value& v, const std::string& s) {
  if (interned_like(s) && !in_pid_) {
    const std::string key = "\x04" + s;
    auto it = global_strs_.find(key);
    if (it != global_strs_.end()) return memo_get(it->second);
    save_str_payload(s);
    const uint32_t idx = next_slot_;
    global_strs_[key] = idx;
    memo_put(v);
    return;
  }
  save_str_payload(s);
  memo_put(v);
}

void Pickler::save_bytes(const Value& v, const std::string& s) {
  if (proto_ < 3) {  // bytes did not exist: codecs.encode(the latin-1 text, 'latin1'), or bytes() when empty
    if (s.empty()) return save_reduce(builtin("bytes"), make_tuple({}), v);
    std::string text;
    for (unsigned char c : s) {
      if (c < 0x80) {
        text.push_back(char(c));
      } else {
        text.push_back(char(0xc0 | (c >> 6)));
        text.push_back(char(0x80 | (c & 0x3f)));
      }
    }
    Value encode = in_.getattr(in_.import("_codecs"), "encode");
    if (latin1_.is_none()) latin1_ = make_str("latin1");  // _pickle.c's one interned "latin1"
    return save_reduce(encode, make_tuple({make_str(text), latin1_}), v);
  }
  std::string h;
  if (s.size() <= 0xff) {
    h = "C";
    h.push_back(char(s.size()));
  } else if (s.size() > 0xffffffffull) {
    h = "\x8e";
    put_le(h, s.size(), 8);
  } else {
    h = "B";
    put_le(h, s.size(), 4);
  }
  write_bytes(h, s);
  memo_put(v);
}

void Pickler::save_tuple(const Value& v, const std::vector<Value>& items) {
  if (items.empty()) return write_op(')');
  uint32_t idx;
  if (items.size() <= 3) {
    for (const Value& x : items) save(x);
    if (memo_find(v, idx)) {  // the tuple was reached through its own items
      for (size_t i = 0; i < items.size(); ++i) write_op('0');
      return memo_get(idx);
    }
    write_op(items.size() == 1 ? '\x85' : items.size() == 2 ? '\x86' : '\x87');
    return memo_put(v);
  }
  write_op('(');
  for (const Value& x : items) save(x);
  if (memo_find(v, idx)) {
    write_op('1');
    return memo_get(idx);
  }
  write_op('t');
  memo_put(v);
}

// A list's or a set's items after its EMPTY_x, in batches of 1000. A list
// (batch_list_exact) stops when its items are out; a set (save_set), like a
// dict (batch_dict_exact), stops after a batch that was not full, so 1000
// items end in an empty MARK ADDITEMS.
void Pickler::save_batched(char empty, char one, char many, const Value& v) {
  write_op(empty);
  memo_put(v);
  const std::vector<Value> items = in_.to_vector(v);
  if (items.empty()) return;
  if (one && items.size() == 1) {
    save(items[0]);
    return write_op(one);
  }
  const bool exact = empty == ']';
  for (size_t i = 0, k = kBatch; exact ? i < items.size() : k == kBatch;) {
    write_op('(');
    for (k = 0; k < kBatch && i < items.size(); ++k) save(items[i++]);
    write_op(many);
  }
}

void Pickler::save_dict(const Value& v) {
  write_op('}');
  memo_put(v);
  auto* d = v.as<DictObj>();
  std::vector<std::pair<Value, Value>> items;
  for (size_t i = 0; i < d->t.entries.size(); ++i)
    if (d->t.alive[i]) items.push_back(d->t.entries[i]);
  if (items.empty()) return;
  if (items.size() == 1) {
    save(items[0].first);
    save(items[0].second);
    return write_op('s');
  }
  const size_t count = d->t.count;
  for (size_t i = 0, k = kBatch; k == kBatch;) {
    write_op('(');
    for (k = 0; k < kBatch && i < items.size(); ++k, ++i) {
      save(items[i].first);
      save(items[i].second);
      if (d->t.count != count) in_.raise_exc("RuntimeError", "dictionary changed size during iteration");
    }
    write_op('u');
  }
}

void Pickler::save_items_of_set(const Value& v, bool frozen) {
  if (proto_ < 4) {  // set.__reduce__: (set, ([items],), None)
    Value items = make_list(in_.to_vector(v));
    return save_reduce(builtin(frozen ? "frozenset" : "set"), make_tuple({items}), v);
  }
  if (!frozen) return save_batched('\x8f', 0, '\x90', v);
  write_op('(');
  for (const Value& x : in_.to_vector(v)) save(x);
  uint32_t idx;
  if (memo_find(v, idx)) {
    write_op('1');
    return memo_get(idx);
  }
  write_op('\x91');
  memo_put(v);
}

// A class or function by reference: the module's attribute named by the
// qualified name must be the object itself (save_global's checks).
void Pickler::save_global(const Value& v, std::string module, std::string qualname, bool check) {
  const std::string shown = in_.repr(v);
  if (qualname.find("<locals>") != std::string::npos)
    in_.raise_exc("AttributeError", "Can't get local object '" + qualname + "'");
  Value found;
  bool ok = false;
  try {
    ok = resolve(in_, module, qualname, found);
  } catch (const PyError&) {
  }
  if (!ok) raise_pickle(in_, "PicklingError", "Can't pickle " + shown + ": it's not found as " + module + "." + qualname);
  if (check && !found.is_same(v))
    raise_pickle(in_, "PicklingError",
                 "Can't pickle " + shown + ": it's not the same object as " + module + "." + qualname);
  if (proto_ >= 4) {
    const std::string category = v.as<BuiltinObj>() ? "\x01" : "";
    for (const std::string* str : {&module, &qualname}) {
      const std::string key = (category.empty() && interned_like(*str) ? "\x04" : category) + *str;
      const std::string* s = str;
      auto it = global_strs_.find(key);
      if (it != global_strs_.end()) {
        memo_get(it->second);
      } else {
        save_str_payload(*s);
        const uint32_t idx = next_slot_++;
        global_strs_[key] = idx;
        write_memo_put(idx);
      }
    }
    write_op('\x93');
  } else {
    if (proto_ < 3) py2_name(in_, v, module, qualname);
    write("c" + module + "\n" + qualname + "\n");
  }
  memo_put(v);
}

void Pickler::save_global_name(const Value& v) {
  if (auto* b = v.as<BuiltinObj>()) {  // whichmodule: the module that holds this very object
    auto bi = in_.builtins.find(b->name);
    if (bi != in_.builtins.end() && bi->second.is_same(v)) return save_global(v, "builtins", b->name);
    for (auto& [name, m] : in_.modules)
      for (auto& [attr, x] : m->attrs)
        if (x.is_same(v)) return save_global(v, name, attr);
    return save_global(v, "__main__", b->name);
  }
  if (auto* t = v.as<TypeObj>(); t && !in_.hasattr(v, "__qualname__")) return save_global(v, t->module, t->name);
  const std::string module = in_.str(in_.getattr(v, "__module__")), qualname = in_.str(in_.getattr(v, "__qualname__"));
  Value found;
  bool ok = false;
  try {
    ok = resolve(in_, module, qualname, found) && found.is_same(v);
  } catch (const PyError&) {
  }
  // a frozen module's function reports __module__ '__main__': whichmodule's scan of sys.modules finds it
  if (!ok && v.obj()->kind == ObjKind::Function)
    for (auto& [name, m] : in_.modules)
      for (auto& [attr, x] : m->attrs)
        if (x.is_same(v) && attr == qualname) return save_global(v, name, attr);
  save_global(v, module, qualname);
}

void Pickler::save_reduce(const Value& callable, const Value& args, const Value& obj) {
  save(callable);
  save(args);
  write_op('R');
  uint32_t idx;
  if (memo_find(obj, idx)) {
    write_op('0');
    return memo_get(idx);
  }
  memo_put(obj);
}

// What a class's own __reduce_ex__ / __reduce__ returned (save_reduce).
void Pickler::save_reduce_value(const Value& v, const Value& rv) {
  if (auto* s = rv.as<StrObj>()) return save_global(v, in_.str(in_.getattr(v, "__module__")), s->s);
  auto* t = rv.as<TupleObj>();
  if (!t) raise_pickle(in_, "PicklingError", "__reduce__ must return a string or tuple, not " + in_.type_name(rv));
  if (t->items.size() < 2 || t->items.size() > 6)
    raise_pickle(in_, "PicklingError", "tuple returned by __reduce__ must contain 2 through 6 elements");
  const std::vector<Value> items = t->items;
  if (!items[1].as<TupleObj>())
    raise_pickle(in_, "PicklingError", "second item of the tuple returned by __reduce__ must be a tuple, not " +
                                            in_.type_name(items[1]));
  save_reduce(items[0], items[1], v);
  // listitems and dictitems in batches of 1000 (batch_list / batch_dict): one
  // item is APPEND or SETITEM, more are MARK ... APPENDS or SETITEMS
  for (int which = 3; which <= 4; ++which) {
    if (items.size() <= size_t(which) || items[which].is_none()) continue;
    const std::vector<Value> all = in_.to_vector(items[which]);
    for (size_t i = 0; i < all.size(); i += kBatch) {
      const size_t n = std::min(kBatch, all.size() - i);
      if (n > 1) write_op('(');
      for (size_t j = i; j < i + n; ++j) {
        if (which == 3) {
          save(all[j]);
        } else {
          const std::vector<Value> p = in_.to_vector(all[j]);
          save(p.at(0));
          save(p.at(1));
        }
      }
      write_op(n > 1 ? (which == 3 ? 'e' : 'u') : (which == 3 ? 'a' : 's'));
    }
  }
  if (items.size() > 2 && !items[2].is_none()) {
    save(items[2]);
    write_op('b');
  }
}

// collections' dict subclasses by their __reduce__: OrderedDict (cls, (), the
// __dict__ or None, None, its items), defaultdict (cls, (default_factory,) or
// (), None, None, its items), Counter (cls, (dict(self),)).
void Pickler::save_dict_subclass(const Value& v, const DictObj& d) {
  Value cls = type_ref(d.type);
  std::vector<Value> kv;
  for (size_t i = 0; i < d.t.entries.size(); ++i)
    if (d.t.alive[i]) kv.push_back(make_tuple({d.t.entries[i].first, d.t.entries[i].second}));
  if (d.type->name == "Counter") {
    auto plain = std::make_shared<DictObj>();
    for (size_t i = 0; i < d.t.entries.size(); ++i)
      if (d.t.alive[i]) table_set(in_, plain->t, d.t.entries[i].first, d.t.entries[i].second);
    return save_reduce_value(v, make_tuple({cls, make_tuple({Value(std::static_pointer_cast<Obj>(plain))})}));
  }
  Value args = make_tuple({}), state;
  if (d.type->name == "defaultdict" && !d.extra.is_none()) args = make_tuple({d.extra});
  if (d.type->name == "OrderedDict" && d.extra.as<DictObj>() && d.extra.as<DictObj>()->t.count) state = d.extra;
  save_reduce_value(v, make_tuple({cls, args, state, Value(), make_list(std::move(kv))}));
}

// object.__reduce_ex__(proto >= 2): copyreg.__newobj__(cls), then the state
// (the __dict__ when not empty; (dict or None, slots) with __slots__ set).
void Pickler::save_instance(const Value& v) {
  auto* o = v.as<InstanceObj>();
  // the arguments __new__ needs: __getnewargs_ex__ (args, kwargs) or __getnewargs__ args
  Value args = make_tuple({}), kwargs;
  if (in_.hasattr(v, "__getnewargs_ex__")) {
    const std::vector<Value> r = in_.to_vector(in_.call(in_.getattr(v, "__getnewargs_ex__"), std::vector<Value>{}));
    if (r.size() != 2) in_.raise_exc("ValueError", "__getnewargs_ex__ should return a tuple of length 2, not " + std::to_string(r.size()));
    args = r[0];
    if (in_.truthy(r[1])) kwargs = r[1];
  } else if (in_.hasattr(v, "__getnewargs__")) {
    args = in_.call(in_.getattr(v, "__getnewargs__"), std::vector<Value>{});
  }
  if (!kwargs.is_none() && proto_ < 4)
    raise_pickle(in_, "PicklingError", "protocol " + std::to_string(proto_) + " cannot pass keyword arguments to __new__ in stridelab");
  save_global_name(o->cls);
  save(args);
  if (!kwargs.is_none()) save(kwargs);
  write_op(kwargs.is_none() ? '\x81' : '\x92');
  memo_put(v);
  if (in_.hasattr(v, "__getstate__")) {  // the class's own state (object has no __getstate__ here)
    Value state = in_.call(in_.getattr(v, "__getstate__"), std::vector<Value>{});
    if (!state.is_none()) {
      save(state);
      write_op('b');
    }
    return;
  }
  Value dict = o->dict;
  const bool has_dict = !dict.is_none() && in_.truthy(dict);
  Value slots = in_.call(in_.builtins["dict"], std::vector<Value>{});
  bool any_slot = false;
  if (in_.hasattr(o->cls, "__slots__")) {
    for (const Value& name : in_.to_vector(in_.getattr(o->cls, "__slots__"))) {
      const std::string n = in_.str(name);
      if (n == "__dict__" || n == "__weakref__" || !in_.hasattr(v, n)) continue;
      in_.setitem(slots, name, in_.getattr(v, n));
      any_slot = true;
    }
  }
  if (any_slot) {
    save(make_tuple({has_dict ? dict : Value(), slots}));
    write_op('b');
  } else if (has_dict) {
    save(dict);
    write_op('b');
  }
}

// NumPy's arrays, dtypes and scalars, as their __reduce_ex__ give them
// (numpy/_core/src/multiarray/methods.c: array_reduce_ex, arraydescr_reduce,
// gentype_reduce). Protocols 2-4, or an array that is not contiguous:
// _reconstruct(ndarray, (0,), b'b') and the state (1, shape, dtype,
// is_fortran, the bytes in that order); protocol 5: _frombuffer(the buffer,
// dtype, shape, order). A dtype: dtype('i8', False, True) and the state
// (3, byte order, None, None, None, -1, -1, 0). A scalar: scalar(dtype, bytes).
// Only bool, integer, float and complex dtypes are pickled.
void Pickler::save_interned(const std::string& s) {
  const std::string key = "\x04" + s;  // Note [Interned strings in pickles]
  auto it = global_strs_.find(key);
  if (it != global_strs_.end()) return memo_get(it->second);
  save_str_payload(s);
  const uint32_t idx = next_slot_++;
  global_strs_[key] = idx;
  write_memo_put(idx);
}

void Pickler::save_dtype(const Value& d) {
  const std::string str = in_.str(in_.getattr(d, "str"));
  const std::string kind = in_.str(in_.getattr(d, "kind"));
  if (kind.size() != 1 || std::string("biufc").find(kind) == std::string::npos)
    in_.raise_exc("TypeError", "cannot pickle 'numpy.dtype' object of this kind in stridelab (" + str + ")");
  auto it = dtypes_.find(str);
  if (it != dtypes_.end()) return memo_get(it->second);
  save(in_.getattr(in_.import("numpy"), "dtype"));
  save(make_tuple({make_str(kind + str.substr(2)), Value::boolean(false), Value::boolean(true)}));
  write_op('R');
  const uint32_t idx = next_slot_++;
  dtypes_[str] = idx;
  memo_[d.identity()] = idx;
  keep_.push_back(d);
  write_memo_put(idx);
  write_op('(');
  save(Value::integer(3));
  save_interned(str.substr(0, 1));
  for (int i = 0; i < 3; ++i) save(Value());
  save(Value::integer(-1));
  save(Value::integer(-1));
  save(Value::integer(0));
  write_op('t');
  memo_put(make_tuple({}));  // the state tuple: a fresh object
  write_op('b');
}

void Pickler::save_ndarray(const Value& v) {
  if (v.arr().is_torch()) in_.raise_exc("TypeError", "cannot pickle 'Tensor' object: stridelab has no torch.save format in pickle");
  Value np = in_.import("numpy");
  Value dtype = in_.getattr(v, "dtype");
  Value flags = in_.getattr(v, "flags");
  const bool c = in_.truthy(in_.getattr(flags, "c_contiguous")), f = in_.truthy(in_.getattr(flags, "f_contiguous"));
  if (bytes_b_.is_none()) bytes_b_ = make_bytes("b");
  if (v.arr().flavor == Flavor::Scalar) {
    Value scalar = in_.getattr(in_.import("numpy._core.multiarray"), "scalar");
    Value data = in_.call(in_.getattr(v, "tobytes"), std::vector<Value>{});
    return save_reduce(scalar, make_tuple({dtype, data}), v);
  }
  if (proto_ >= 5 && (c || f)) {
    Value frombuffer = in_.getattr(in_.import("numpy._core.numeric"), "_frombuffer");
    save(frombuffer);
    write_op('(');
    const std::string data = in_.call(in_.getattr(v, "tobytes"), std::vector<Value>{make_str(c ? "C" : "F")}).as<BytesObj>()->s;
    const bool writable = in_.truthy(in_.getattr(flags, "writeable"));
    if (writable) {  // an in-band PickleBuffer: BYTEARRAY8 when writable, bytes when not
      std::string h = "\x96";
      put_le(h, data.size(), 8);
      write_bytes(h, data);
      memo_put(make_bytearray(""));  // the PickleBuffer, a fresh object, takes a memo slot
    } else {
      save(make_bytes(data));
    }
    save_dtype(dtype);
    save(in_.getattr(v, "shape"));
    save_interned(c ? "C" : "F");
    write_op('t');
    memo_put(make_tuple({}));
    write_op('R');
    return memo_put(v);
  }
  Value reconstruct = in_.getattr(in_.import("numpy._core.multiarray"), "_reconstruct");
  save_reduce(reconstruct, make_tuple({in_.getattr(np, "ndarray"), make_tuple({Value::integer(0)}), bytes_b_}), v);
  const bool fortran = f && !c;
  Value data = in_.call(in_.getattr(v, "tobytes"), std::vector<Value>{make_str(fortran ? "F" : "C")});
  write_op('(');
  save(Value::integer(1));
  save(in_.getattr(v, "shape"));
  save_dtype(dtype);
  save(Value::boolean(fortran));
  save(data);
  write_op('t');
  memo_put(make_tuple({}));
  write_op('b');
}

void Pickler::save(const Value& v) {
  opcode_boundary();
  if (++depth_ > 1000) {
    depth_ = 0;
    in_.raise_exc("RecursionError", "maximum recursion depth exceeded while pickling an object");
  }
  struct Leave {
    int& d;
    ~Leave() { --d; }
  } leave{depth_};
  // save_pers: an object with a persistent id is its id's save, then BINPERSID;
  // the id itself is saved without asking again
  if (!persistent_id.is_none() && !skip_pid_) {
    Value pid = in_.call(persistent_id, std::vector<Value>{v});
    if (!pid.is_none()) {
      skip_pid_ = true;  // the id itself (not what it holds) is saved without asking
      const bool outer = in_pid_;
      in_pid_ = pid_strs_by_identity;
      save(pid);
      in_pid_ = outer;
      return write_op('Q');
    }
  }
  skip_pid_ = false;
  if (v.is_none()) return write_op('N');
  if (v.is_bool()) return write_op(v.as_bool() ? '\x88' : '\x89');
  if (is_pyint(v)) return save_int(v);
  if (v.is_float()) {
    std::string s = "G";
    uint64_t bits;
    const double d = v.as_float();
    std::memcpy(&bits, &d, 8);
    for (int i = 7; i >= 0; --i) s.push_back(char(uint8_t(bits >> (8 * i))));
    return write(s);
  }
  uint32_t idx;
  if (memo_find(v, idx)) return memo_get(idx);
  // reducer_override is asked after the builtin containers' fast paths, as save() does
  if (!reducer_override.is_none() && !v.as<StrObj>() && !v.as<BytesObj>() && !v.as<ListObj>() &&
      !(v.as<TupleObj>() && !v.as<TupleObj>()->type) && !(v.as<DictObj>() && !v.as<DictObj>()->type) &&
      !v.as<SetObj>()) {
    Value rv = in_.call(reducer_override, std::vector<Value>{v});
    if (!rv.is_same(in_.builtins["NotImplemented"])) return save_reduce_value(v, rv);
  }
  if (v.is_array()) {
    save_ndarray(v);
  } else if (v.as<DTypeObj>()) {
    save_dtype(v);
  } else if (auto* s = v.as<StrObj>()) {
    save_str(v, s->s);
  } else if (auto* b = v.as<BytesObj>()) {
    if (!b->mut) {
      save_bytes(v, b->s);
    } else if (proto_ >= 5) {
      std::string h = "\x96";
      put_le(h, b->s.size(), 8);
      write_bytes(h, b->s);
      memo_put(v);
    } else {
      // bytearray.__reduce_ex__: (bytearray, (bytes(self),)), or (bytearray, ()) when empty
      save_reduce(builtin("bytearray"), b->s.empty() ? make_tuple({}) : make_tuple({make_bytes(b->s)}), v);
    }
  } else if (auto* t = v.as<TupleObj>(); t && !t->type) {
    save_tuple(v, t->items);
  } else if (auto* l = v.as<ListObj>()) {
    (void)l;
    save_batched(']', 'a', 'e', v);
  } else if (auto* d = v.as<DictObj>(); d && !d->type) {
    save_dict(v);
  } else if (auto* sd = v.as<DictObj>(); sd && (sd->type->name == "OrderedDict" || sd->type->name == "Counter" ||
                                               sd->type->name == "defaultdict")) {
    save_dict_subclass(v, *sd);
  } else if (auto* st = v.as<SetObj>()) {
    save_items_of_set(v, st->frozen);
  } else if (auto* c = v.as<ComplexObj>()) {
    save_reduce(builtin("complex"), make_tuple({Value::floating(c->re), Value::floating(c->im)}), v);
  } else if (auto* r = v.as<RangeObj>()) {
    save_reduce(builtin("range"), make_tuple({Value::integer(r->start), Value::integer(r->stop), Value::integer(r->step)}), v);
  } else if (auto* sl = v.as<SliceObj>()) {
    save_reduce(builtin("slice"), make_tuple({sl->start, sl->stop, sl->step}), v);
  } else if (v.as<EllipsisObj>()) {
    save_global(v, "builtins", "Ellipsis", false);  // the singleton (a literal's object here)
  } else if (v.is_same(in_.builtins["NotImplemented"])) {
    save_global(v, "builtins", "NotImplemented", false);
  } else if (v.as<TypeObj>() || v.as<BuiltinObj>() || v.obj()->kind == ObjKind::Function) {
    save_global_name(v);
  } else if (auto* o = v.as<InstanceObj>()) {
    if (in_.hasattr(v, "__reduce_ex__"))
      save_reduce_value(v, in_.call(in_.getattr(v, "__reduce_ex__"), std::vector<Value>{Value::integer(proto_)}));
    else if (in_.hasattr(v, "__reduce__"))
      save_reduce_value(v, in_.call(in_.getattr(v, "__reduce__"), std::vector<Value>{}));
    else
      save_instance(v);
    (void)o;
  } else {
    in_.raise_exc("TypeError", "cannot pickle '" + in_.type_name(v) + "' object");
  }
}

// ---------------------------------------------------------------- unpickler

class Unpickler {
 public:
  Unpickler(Interp& in, std::string_view data, bool fix_imports, std::string encoding)
      : in_(in), data_(data), fix_imports_(fix_imports), encoding_(std::move(encoding)) {}
  Value load();
  size_t consumed() const { return pos_; }
  // Unpickler.persistent_load and Unpickler.find_class, as a subclass defines them
  Value persistent_load, find_class_override;
  Value default_find_class(const std::string& module, const std::string& name) {
    const Value keep = find_class_override;
    find_class_override = Value();
    Value v = find_class(module, name);
    find_class_override = keep;
    return v;
  }

 private:
  Interp& in_;
  std::string_view data_;
  size_t pos_ = 0;
  bool fix_imports_;
  std::string encoding_;
  int proto_ = 0;
  std::vector<Value> stack_;
  std::vector<size_t> marks_;
  std::unordered_map<uint64_t, Value> memo_;

  // n is 64-bit: an 8-byte length must not wrap around a 32-bit size_t (wasm)
  std::string_view read(uint64_t n) {
    if (uint64_t(data_.size() - pos_) < n) {
      if (pos_ == data_.size()) in_.raise_exc("EOFError", "Ran out of input");
      raise_pickle(in_, "UnpicklingError", "pickle data was truncated");
    }
    std::string_view s = data_.substr(pos_, size_t(n));
    pos_ += size_t(n);
    return s;
  }
  uint64_t read_le(int n) { return get_le(read(uint64_t(n)).data(), n); }
  // an 8-byte length, which the reference refuses past its Py_ssize_t
  uint64_t read_len8(const char* op) {
    const uint64_t n = read_le(8);
    if (n > uint64_t(INT64_MAX))
      in_.raise_exc("OverflowError", std::string(op) + " exceeds system's maximum size of 9223372036854775807 bytes");
    return n;
  }
  std::string read_line() {
    size_t nl = data_.find('\n', pos_);
    if (nl == std::string_view::npos) raise_pickle(in_, "UnpicklingError", "pickle data was truncated");
    std::string s(data_.substr(pos_, nl - pos_));
    pos_ = nl + 1;
    return s;
  }
  Value pop() {
    if (stack_.empty() || (!marks_.empty() && stack_.size() <= marks_.back()))
      raise_pickle(in_, "UnpicklingError", "unpickling stack underflow");
    Value v = stack_.back();
    stack_.pop_back();
    return v;
  }
  Value& top() {
    if (stack_.empty() || (!marks_.empty() && stack_.size() <= marks_.back()))
      raise_pickle(in_, "UnpicklingError", "unpickling stack underflow");
    return stack_.back();
  }
  std::vector<Value> pop_mark() {
    if (marks_.empty()) raise_pickle(in_, "UnpicklingError", "could not find MARK");
    const size_t m = marks_.back();
    marks_.pop_back();
    std::vector<Value> items(stack_.begin() + long(m), stack_.end());
    stack_.resize(m);
    return items;
  }
  Value memo_at(uint64_t i) {
    auto it = memo_.find(i);
    if (it == memo_.end()) raise_pickle(in_, "UnpicklingError", "Memo value not found at index " + std::to_string(i));
    return it->second;
  }
  Value find_class(std::string module, std::string name);
  Value from_bytes(std::string_view b) {
    Args a;
    a.pos = {make_bytes(std::string(b)), make_str("little")};
    a.kw = {{"signed", Value::boolean(true)}};
    return in_.call(in_.getattr(in_.builtins["int"], "from_bytes"), a);
  }
  Value decode_py2_string(std::string_view s);
  void build(const Value& inst, const Value& state);
  bool step(char op);
  bool step_containers(char op);
  bool step_text(char op);
};

Value Unpickler::find_class(std::string module, std::string name) {
  if (!find_class_override.is_none())
    return in_.call(find_class_override, std::vector<Value>{make_str(module), make_str(name)});
  if (proto_ < 3 && fix_imports_) py3_name(module, name);
  Value v;
  if (!resolve(in_, module, name, v)) {
    const std::string where = module == "builtins"   ? "<module 'builtins' (built-in)>"
                              : module == "__main__" ? "<module '__main__'>"
                                                     : in_.repr(in_.import(module));
    in_.raise_exc("AttributeError", "Can't get attribute '" + name + "' on " + where);
  }
  return v;
}

Value Unpickler::decode_py2_string(std::string_view s) {
  if (encoding_ == "bytes") return make_bytes(std::string(s));
  return in_.call(in_.getattr(make_bytes(std::string(s)), "decode"), std::vector<Value>{make_str(encoding_)});
}

// BUILD: __setstate__(state), or the dict (and slot dict) into the instance.
void Unpickler::build(const Value& inst, const Value& state) {
  if (inst.is_array() && state.as<TupleObj>() && state.as<TupleObj>()->items.size() == 5) {
    // ndarray.__setstate__((1, shape, dtype, is_fortran, data)) fills the array in
    // place in NumPy; here the array is made whole and takes the empty one's place
    const std::vector<Value> st = state.as<TupleObj>()->items;
    Value np = in_.import("numpy");
    Args fb;
    fb.pos = {st[4]};
    fb.kw = {{"dtype", st[2]}};
    Value flat = in_.call(in_.getattr(np, "frombuffer"), fb);
    Args rs;
    rs.pos = {st[1]};
    rs.kw = {{"order", make_str(in_.truthy(st[3]) ? "F" : "C")}};
    Value view = in_.call(in_.getattr(flat, "reshape"), rs);
    Value full = in_.call(in_.getattr(view, "copy"), std::vector<Value>{make_str("K")});  // owns its data, as NumPy's
    for (auto& [k, x] : memo_)
      if (x.is_same(inst)) x = full;
    stack_.back() = full;
    return;
  }
  if (inst.as<DTypeObj>()) {  // (3, byte order, ...): this engine's dtypes are native-endian
    auto* t = state.as<TupleObj>();
    if (t && t->items.size() > 1 && t->items[1].as<StrObj>() && t->items[1].as<StrObj>()->s == ">")
      raise_pickle(in_, "UnpicklingError", "big-endian dtypes cannot be unpickled in stridelab");
    return;
  }
  if (in_.hasattr(inst, "__setstate__")) {
    in_.call(in_.getattr(inst, "__setstate__"), std::vector<Value>{state});
    return;
  }
  Value dict = state, slots;
  if (auto* t = state.as<TupleObj>(); t && t->items.size() == 2) {
    dict = t->items[0];
    slots = t->items[1];
  }
  Value setattr = in_.builtins["setattr"];
  for (const Value& d : {dict, slots}) {
    if (d.is_none()) continue;
    auto* dd = d.as<DictObj>();
    if (!dd) raise_pickle(in_, "UnpicklingError", "state is not a dictionary");
    for (size_t i = 0; i < dd->t.entries.size(); ++i)
      if (dd->t.alive[i]) in_.call(setattr, std::vector<Value>{inst, dd->t.entries[i].first, dd->t.entries[i].second});
  }
}

bool Unpickler::step_containers(char op) {
  switch (op) {
    case ')': stack_.push_back(make_tuple({})); return true;
    case 't': stack_.push_back(make_tuple(pop_mark())); return true;
    case '\x85': case '\x86': case '\x87': {
      const size_t n = size_t(uint8_t(op) - 0x84);
      std::vector<Value> items(n);
      for (size_t i = n; i-- > 0;) items[i] = pop();
      stack_.push_back(make_tuple(std::move(items)));
      return true;
    }
    case ']': stack_.push_back(make_list()); return true;
    case 'l': stack_.push_back(make_list(pop_mark())); return true;
    case 'a': {
      Value x = pop();
      Value& l = top();
      if (auto* lo = l.as<ListObj>()) lo->items.push_back(x);
      else in_.call(in_.getattr(l, "append"), std::vector<Value>{x});
      return true;
    }
    case 'e': {
      std::vector<Value> items = pop_mark();
      Value& l = top();
      if (auto* lo = l.as<ListObj>()) lo->items.insert(lo->items.end(), items.begin(), items.end());
      else in_.call(in_.getattr(l, "extend"), std::vector<Value>{make_list(std::move(items))});
      return true;
    }
    case '}': stack_.push_back(in_.call(in_.builtins["dict"], std::vector<Value>{})); return true;
    case 'd': case 'u': {
      std::vector<Value> items = pop_mark();
      if (items.size() % 2) raise_pickle(in_, "UnpicklingError", "odd number of items for SETITEMS");
      if (op == 'd') stack_.push_back(in_.call(in_.builtins["dict"], std::vector<Value>{}));
      Value d = top();
      for (size_t i = 0; i < items.size(); i += 2) in_.setitem(d, items[i], items[i + 1]);
      return true;
    }
    case 's': {
      Value val = pop(), key = pop();
      in_.setitem(top(), key, val);
      return true;
    }
    case '\x8f': stack_.push_back(in_.call(in_.builtins["set"], std::vector<Value>{})); return true;
    case '\x90': {
      std::vector<Value> items = pop_mark();
      Value s = top();
      in_.call(in_.getattr(s, "update"), std::vector<Value>{make_list(std::move(items))});
      return true;
    }
    case '\x91': stack_.push_back(in_.call(in_.builtins["frozenset"], std::vector<Value>{make_list(pop_mark())})); return true;
    default: return false;
  }
}

// The text opcodes of protocols 0 and 1.
bool Unpickler::step_text(char op) {
  switch (op) {
    case 'I': {
      std::string s = read_line();
      if (s == "00" || s == "01") stack_.push_back(Value::boolean(s == "01"));
      else stack_.push_back(int_from_string(in_, s, 10));
      return true;
    }
    case 'L': {
      std::string s = read_line();
      if (!s.empty() && s.back() == 'L') s.pop_back();
      stack_.push_back(int_from_string(in_, s, 10));
      return true;
    }
    case 'F': stack_.push_back(in_.call(in_.builtins["float"], std::vector<Value>{make_str(read_line())})); return true;
    case 'V': {  // raw-unicode-escape: latin-1, with \\uXXXX and \\UXXXXXXXX escapes
      const std::string raw = read_line();
      std::string out;
      for (size_t i = 0; i < raw.size(); ++i) {
        uint32_t cp = uint8_t(raw[i]);
        const size_t digits = raw[i] == '\\' && i + 1 < raw.size() ? (raw[i + 1] == 'u' ? 4 : raw[i + 1] == 'U' ? 8 : 0) : 0;
        if (digits && i + 2 + digits <= raw.size()) {
          cp = uint32_t(std::stoul(raw.substr(i + 2, digits), nullptr, 16));
          i += 1 + digits;
        }
        if (cp < 0x80) {
          out.push_back(char(cp));
        } else if (cp < 0x800) {
          out.push_back(char(0xc0 | (cp >> 6)));
          out.push_back(char(0x80 | (cp & 0x3f)));
        } else if (cp < 0x10000) {
          out.push_back(char(0xe0 | (cp >> 12)));
          out.push_back(char(0x80 | ((cp >> 6) & 0x3f)));
          out.push_back(char(0x80 | (cp & 0x3f)));
        } else {
          out.push_back(char(0xf0 | (cp >> 18)));
          out.push_back(char(0x80 | ((cp >> 12) & 0x3f)));
          out.push_back(char(0x80 | ((cp >> 6) & 0x3f)));
          out.push_back(char(0x80 | (cp & 0x3f)));
        }
      }
      stack_.push_back(make_str(out));
      return true;
    }
    case 'S': {
      std::string s = read_line();
      if (s.size() < 2 || s.front() != s.back() || (s.front() != '\'' && s.front() != '"'))
        raise_pickle(in_, "UnpicklingError", "the STRING opcode argument must be quoted");
      // a Python 2 str literal's escapes (\\, \', \", \n, \t, \r, \xhh, octal), then the bytes decoded
      std::string out;
      for (size_t i = 1; i + 1 < s.size(); ++i) {
        if (s[i] != '\\' || i + 2 >= s.size()) {
          out.push_back(s[i]);
          continue;
        }
        const char e = s[++i];
        if (e == 'n') out.push_back('\n');
        else if (e == 't') out.push_back('\t');
        else if (e == 'r') out.push_back('\r');
        else if (e == 'x' && i + 2 < s.size()) {
          out.push_back(char(std::stoi(s.substr(i + 1, 2), nullptr, 16)));
          i += 2;
        } else if (e >= '0' && e <= '7') {
          int v = 0, k = 0;
          for (; k < 3 && i < s.size() - 1 && s[i] >= '0' && s[i] <= '7'; ++k, ++i) v = v * 8 + (s[i] - '0');
          --i;
          out.push_back(char(v));
        } else if (e == '\\' || e == '\'' || e == '"') {
          out.push_back(e);
        } else {
          out.push_back('\\');
          out.push_back(e);
        }
      }
      stack_.push_back(decode_py2_string(out));
      return true;
    }
    case 'p': memo_[std::stoull(read_line())] = top(); return true;
    case 'g': stack_.push_back(memo_at(std::stoull(read_line()))); return true;
    case 'c': {
      std::string module = read_line(), name = read_line();
      stack_.push_back(find_class(module, name));
      return true;
    }
    default: return false;
  }
}

bool Unpickler::step(char op) {
  switch (op) {
    case '\x80': {
      proto_ = int(uint8_t(read(1)[0]));
      if (proto_ > kHighestProtocol) in_.raise_exc("ValueError", "unsupported pickle protocol: " + std::to_string(proto_));
      return true;
    }
    case '\x95': {  // a frame only groups opcodes, but its length must be there
      const uint64_t n = read_le(8);
      if (n > uint64_t(INT64_MAX))  // the reference's Py_ssize_t
        in_.raise_exc("OverflowError", "FRAME length exceeds system's maximum of 9223372036854775807 bytes");
      if (n > data_.size() - pos_) raise_pickle(in_, "UnpicklingError", "pickle data was truncated");
      return true;
    }
    case '(': marks_.push_back(stack_.size()); return true;
    case '0': pop(); return true;
    case '1': pop_mark(); return true;
    case '2': stack_.push_back(top()); return true;
    case 'N': stack_.push_back(Value()); return true;
    case '\x88': case '\x89': stack_.push_back(Value::boolean(op == '\x88')); return true;
    case 'K': stack_.push_back(Value::integer(int64_t(read_le(1)))); return true;
    case 'M': stack_.push_back(Value::integer(int64_t(read_le(2)))); return true;
    case 'J': stack_.push_back(Value::integer(int64_t(int32_t(uint32_t(read_le(4)))))); return true;
    case '\x8a': { size_t n = size_t(read_le(1)); stack_.push_back(from_bytes(read(n))); return true; }
    case '\x8b': {
      const int64_t n = int64_t(int32_t(uint32_t(read_le(4))));
      if (n < 0) raise_pickle(in_, "UnpicklingError", "LONG pickle has negative byte count");
      stack_.push_back(from_bytes(read(size_t(n))));
      return true;
    }
    case 'G': {
      uint64_t bits = 0;
      for (char c : read(8)) bits = bits << 8 | uint8_t(c);
      double d;
      std::memcpy(&d, &bits, 8);
      stack_.push_back(Value::new_float(d));
      return true;
    }
    case 'C': { size_t n = size_t(read_le(1)); stack_.push_back(make_bytes(std::string(read(n)))); return true; }
    case 'B': { size_t n = size_t(read_le(4)); stack_.push_back(make_bytes(std::string(read(n)))); return true; }
    case '\x8e': { uint64_t n = read_len8("BINBYTES"); stack_.push_back(make_bytes(std::string(read(n)))); return true; }
    case '\x96': { uint64_t n = read_len8("BYTEARRAY8"); stack_.push_back(make_bytearray(std::string(read(n)))); return true; }
    case 'U': { size_t n = size_t(read_le(1)); stack_.push_back(decode_py2_string(read(n))); return true; }
    case 'T': { size_t n = size_t(read_le(4)); stack_.push_back(decode_py2_string(read(n))); return true; }
    case '\x8c': case 'X': case '\x8d': {
      const uint64_t n = op == '\x8d' ? read_len8("BINUNICODE") : read_le(op == '\x8c' ? 1 : 4);
      Value raw = make_bytes(std::string(read(n)));
      stack_.push_back(in_.call(in_.getattr(raw, "decode"), std::vector<Value>{make_str("utf-8"), make_str("surrogatepass")}));
      return true;
    }
    case '\x93': {
      Value name = pop(), module = pop();
      if (!module.as<StrObj>() || !name.as<StrObj>()) raise_pickle(in_, "UnpicklingError", "STACK_GLOBAL requires str");
      stack_.push_back(find_class(module.as<StrObj>()->s, name.as<StrObj>()->s));
      return true;
    }
    case 'R': {
      Value args = pop(), fn = pop();
      stack_.push_back(in_.call(fn, in_.to_vector(args)));
      return true;
    }
    case '\x81': {
      Value args = pop(), cls = pop();
      std::vector<Value> a{cls};
      for (const Value& x : in_.to_vector(args)) a.push_back(x);
      stack_.push_back(in_.call(in_.getattr(in_.builtins["object"], "__new__"), a));
      return true;
    }
    case '\x92': {  // NEWOBJ_EX: cls.__new__(cls, *args, **kwargs)
      Value kwargs = pop(), args = pop(), cls = pop();
      Args a;
      a.pos = {cls};
      for (const Value& x : in_.to_vector(args)) a.pos.push_back(x);
      if (auto* d = kwargs.as<DictObj>())
        for (size_t i = 0; i < d->t.entries.size(); ++i)
          if (d->t.alive[i]) a.kw.push_back({in_.str(d->t.entries[i].first), d->t.entries[i].second});
      Value make = in_.hasattr(cls, "__new__") ? in_.getattr(cls, "__new__") : in_.getattr(in_.builtins["object"], "__new__");
      stack_.push_back(in_.call(make, a));
      return true;
    }
    case 'Q': case 'P': {  // BINPERSID, PERSID (an ASCII line)
      Value pid = op == 'Q' ? pop() : make_str(read_line());
      if (persistent_load.is_none())
        raise_pickle(in_, "UnpicklingError",
                     "A load persistent id instruction was encountered, but no persistent_load function was specified.");
      stack_.push_back(in_.call(persistent_load, std::vector<Value>{pid}));
      return true;
    }
    case 'b': {
      Value state = pop();
      build(top(), state);
      return true;
    }
    case '\x94': memo_[memo_.size()] = top(); return true;
    case 'q': memo_[read_le(1)] = top(); return true;
    case 'r': memo_[read_le(4)] = top(); return true;
    case 'h': stack_.push_back(memo_at(read_le(1))); return true;
    case 'j': stack_.push_back(memo_at(read_le(4))); return true;
    default: return step_containers(op) || step_text(op);
  }
}

Value Unpickler::load() {
  for (;;) {
    const char op = read(1)[0];
    if (op == '.') {
      if (stack_.empty()) raise_pickle(in_, "UnpicklingError", "unpickling stack underflow");
      return stack_.back();
    }
    if (!step(op)) {
      std::string shown;
      const unsigned char c = uint8_t(op);
      if (c >= 0x20 && c < 0x7f) shown.push_back(char(c));
      else {
        static const char* hex = "0123456789abcdef";
        shown = std::string("\\x") + hex[c >> 4] + hex[c & 15];
      }
      raise_pickle(in_, "UnpicklingError", "invalid load key, '" + shown + "'.");
    }
  }
}

// ---------------------------------------------------------------- module functions

int protocol_arg(Interp& in, const Value& p) {
  int64_t proto = p.is_none() ? kDefaultProtocol : in.index_value(p);
  if (proto < 0) proto = kHighestProtocol;
  if (proto > kHighestProtocol) in.raise_exc("ValueError", "pickle protocol must be <= " + std::to_string(kHighestProtocol));
  if (proto < 2) in.raise_exc("ValueError", "stridelab writes pickle protocols 2 to 5 (protocols 0 and 1 are text formats it does not write)");
  return int(proto);
}

std::string dumps_of(Interp& in, Args& a, size_t obj_pos, size_t next) {
  Value obj = a.required(obj_pos, "obj");
  Value proto = a.optional(next, "protocol");
  Value fix, cb;
  a.take(99, "fix_imports", fix);
  const bool has_cb = a.take(99, "buffer_callback", cb) && !cb.is_none();
  a.finish(next + 1);
  const int p = protocol_arg(in, proto);
  if (has_cb && p < 5) in.raise_exc("ValueError", "buffer_callback needs protocol >= 5");
  return Pickler(in, p).dump(obj);
}

Value pickle_dumps(Interp& in, Args& a) {
  a.fname = "dumps";
  return make_bytes(dumps_of(in, a, 0, 1));
}

Value pickle_dump(Interp& in, Args& a) {
  a.fname = "dump";
  Value file = a.required(1, "file");
  const std::string bytes = dumps_of(in, a, 0, 2);
  in.call(in.getattr(file, "write"), std::vector<Value>{make_bytes(bytes)});
  return Value();
}

void load_options(Interp& in, Args& a, bool& fix, std::string& encoding) {
  Value v;
  fix = !a.take(99, "fix_imports", v) || in.truthy(v);
  encoding = a.take(99, "encoding", v) ? in.str(v) : "ASCII";
  a.take(99, "errors", v);
  a.take(99, "buffers", v);
}

Value pickle_loads(Interp& in, Args& a) {
  a.fname = "loads";
  Value data = a.required(0, "data");
  bool fix;
  std::string enc;
  load_options(in, a, fix, enc);
  a.finish(1);
  std::string_view s = need_bytes_like(in, data);
  const std::string copy(s);  // the program may change a bytearray while objects are made
  return Unpickler(in, copy, fix, enc).load();
}

// load(file): reads what is left, unpickles one object and moves the file back
// to just after it, as the C unpickler's peek/readinto leave it.
Value pickle_load(Interp& in, Args& a) {
  a.fname = "load";
  Value file = a.required(0, "file");
  bool fix;
  std::string enc;
  load_options(in, a, fix, enc);
  a.finish(1);
  const bool seekable = in.hasattr(file, "seek") && in.hasattr(file, "tell");
  const Value start = seekable ? in.call(in.getattr(file, "tell"), std::vector<Value>{}) : Value();
  Value rest = in.call(in.getattr(file, "read"), std::vector<Value>{});
  const std::string data(need_bytes_like(in, rest));
  Unpickler u(in, data, fix, enc);
  Value out = u.load();
  if (seekable) {
    Value pos = make_int(to_bigint(start) + BigInt(int64_t(u.consumed())));
    in.call(in.getattr(file, "seek"), std::vector<Value>{pos});
  }
  return out;
}

// _dumps_hooked(obj, protocol, persistent_id, reducer_override[, pid_strs_by_identity]) and
// _loads_hooked(data, persistent_load, find_class): what a Pickler or Unpickler
// subclass with those methods does (torch.save and torch.load use them).
Value pickle_dumps_hooked(Interp& in, Args& a) {
  a.fname = "_dumps_hooked";
  Pickler p(in, protocol_arg(in, a.required(1, "protocol")));
  p.persistent_id = a.required(2, "persistent_id");
  p.reducer_override = a.required(3, "reducer_override");
  Value by_identity = a.optional(4, "pid_strs_by_identity");
  p.pid_strs_by_identity = !by_identity.is_none() && in.truthy(by_identity);
  Value obj = a.required(0, "obj");
  a.finish(5);
  return make_bytes(p.dump(obj));
}

Value pickle_loads_hooked(Interp& in, Args& a) {
  a.fname = "_loads_hooked";
  const std::string copy(need_bytes_like(in, a.required(0, "data")));
  Value fix = a.optional(3, "fix_imports"), enc = a.optional(4, "encoding"), with_end = a.optional(5, "with_end");
  Unpickler u(in, copy, fix.is_none() || in.truthy(fix), enc.is_none() ? "ASCII" : in.str(enc));
  u.persistent_load = a.required(1, "persistent_load");
  u.find_class_override = a.required(2, "find_class");
  a.finish(6);
  Value out = u.load();
  if (!with_end.is_none() && in.truthy(with_end)) return make_tuple({out, Value::integer(int64_t(u.consumed()))});
  return out;
}

// _find_class(module, name, fix_imports): Unpickler.find_class's own lookup (the
// Python 2 names mapped when fix_imports, whatever the protocol)
Value pickle_find_class(Interp& in, Args& a) {
  a.fname = "find_class";
  Value m = a.required(0, "module_name"), n = a.required(1, "global_name"), fix = a.optional(2, "fix_imports");
  a.finish(3);
  Unpickler u(in, "", fix.is_none() || in.truthy(fix), "ASCII");
  return u.default_find_class(in.str(m), in.str(n));
}

const ModuleFnDef kPickle[] = {
    {"dumps", pickle_dumps}, {"dump", pickle_dump}, {"loads", pickle_loads}, {"load", pickle_load},
    {"_dumps_hooked", pickle_dumps_hooked}, {"_loads_hooked", pickle_loads_hooked},
    {"_find_class", pickle_find_class},
};

}  // namespace

void install_pickle_module(Interp& in) {
  ModuleObj& m = new_module(in, "pickle");
  def_functions(in, m, kPickle);
  TypeObj* base = in.define_exception("PickleError", "_pickle", {in.t.exception});
  m.attrs["PickleError"] = type_ref(base);
  m.attrs["PicklingError"] = type_ref(in.define_exception("PicklingError", "_pickle", {base}));
  m.attrs["UnpicklingError"] = type_ref(in.define_exception("UnpicklingError", "_pickle", {base}));
  m.attrs["DEFAULT_PROTOCOL"] = Value::integer(kDefaultProtocol);
  m.attrs["HIGHEST_PROTOCOL"] = Value::integer(kHighestProtocol);
}

}  // namespace sl::lang

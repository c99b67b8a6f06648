// sys_module: `sys` -- the interpreter's identity as 64-bit CPython 3.13.5 on
// Linux (version, version_info, float_info, int_info, maxsize, platform),
// getsizeof with that build's object sizes, stdout/stderr with write(),
// modules, argv, the recursion limit and exit().
// Invariant: getsizeof(x) is what CPython 3.13 / NumPy 2.2 / PyTorch 2.6 report
// for the same value built the same way, where stridelab keeps what decides it
// (a dict's or set's table size follows from its count, as insertion grows it;
// a list's capacity is not tracked, so a list is reported as exactly full).
#include <algorithm>
#include <cfloat>
#include <cstdint>

#include "core/model/descr.hpp"
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/text/utf8.hpp"

namespace sl::lang {

namespace {

// A namedtuple class from the collections module (version_info, float_info, ...).
Value struct_seq(Interp& in, const char* name, std::vector<const char*> fields, std::vector<Value> values) {
  std::vector<Value> names;
  for (auto* f : fields) names.push_back(make_str(f));
  Value t = in.call(in.modules.at("collections")->attrs.at("namedtuple"),
                    std::vector<Value>{make_str(name), make_list(names)});
  // CPython's repr and class name: sys.version_info(major=3, ...), <class 'sys.version_info'>
  t.as<TypeObj>()->module = "builtins";
  t.as<TypeObj>()->name = std::string("sys.") + name;
  return in.call(t, std::move(values));
}

// Bytes of a str: PyASCIIObject (40) or PyCompactUnicodeObject (56) plus the
// code points at the narrowest width that holds them, plus the terminator.
int64_t str_size(const std::string& s) {
  const std::vector<uint32_t> cps = decode_utf8(s);
  const int64_t n = int64_t(cps.size());
  const uint32_t maxcp = cps.empty() ? 0 : *std::max_element(cps.begin(), cps.end());
  if (maxcp < 0x80) return 40 + n + 1;
  int width = maxcp < 0x100 ? 1 : maxcp < 0x10000 ? 2 : 4;
  return 56 + int64_t(width) * (n + 1);
}

// A dict's size: the object (48 + 16 GC header) plus its keys table (header
// 32, one index per slot, 2/3 of the slots usable as 24-byte entries, 16 when
// every key is a str). Insertion grows a table past its usable count to the
// power of two >= 3 * used (mirrors insertion_resize / calculate_log2_keysize).
int64_t dict_size(Interp& in, const DictObj& d) {
  if (d.t.count == 0) return 64;
  int64_t size = 8;
  while (int64_t(d.t.count) > size * 2 / 3) {
    int64_t want = (size * 2 / 3) * 3, s = 8;
    while (s < want) s <<= 1;
    size = s;
  }
  bool str_keys = true;
  for (size_t i = 0; i < d.t.entries.size(); ++i)
    if (d.t.alive[i] && !d.t.entries[i].first.as<StrObj>()) str_keys = false;
  (void)in;
  int64_t index_bytes = size <= 128 ? 1 : size <= (1 << 15) ? 2 : size <= (int64_t(1) << 31) ? 4 : 8;
  return 64 + 32 + size * index_bytes + (size * 2 / 3) * (str_keys ? 16 : 24);
}

// A set's size: the object with its 8 inline slots (200 + 16 GC header) plus
// an external table of 16-byte slots once it grows: when fill reaches 3/5 of
// the slots the table becomes the power of two above 4 * used (set_table_resize).
int64_t set_size(const SetObj& s) {
  int64_t size = 8;
  for (int64_t fill = 1; fill <= int64_t(s.t.count); ++fill) {
    if (fill * 5 >= (size - 1) * 3) {
      int64_t ns = 8;
      while (ns <= fill * 4) ns <<= 1;
      size = ns;
    }
  }
  return 216 + (size > 8 ? size * 16 : 0);
}

int64_t int_size(int64_t v) {
  uint64_t m = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  int digits = 1;
  while (m >>= 30) ++digits;
  return 24 + 4 * int64_t(digits);
}

// ndarray: the object (96) plus shape and strides (16 bytes per dimension)
// plus the data when it owns it; a NumPy scalar is a 24-byte header (32 when
// the value needs 16-byte alignment) plus the value; a torch.Tensor is 80.
int64_t array_size(const Array& a) {
  if (a.flavor == Flavor::Torch) return 80;
  if (a.flavor == Flavor::Scalar) return (a.itemsize() >= 16 ? 32 : 24) + a.itemsize();
  return 96 + 16 * int64_t(a.ndim()) + (a.base ? 0 : a.nbytes());
}

Value sys_getsizeof(Interp& in, Args& a) {
  Value v = a.required(0, "object");
  Value dflt = a.optional(1, "default");
  a.finish(2);
  switch (v.tag()) {
    case Tag::None: return Value::integer(16);
    case Tag::Bool: return Value::integer(28);
    case Tag::Int: return Value::integer(int_size(v.as_int()));
    case Tag::Float: return Value::integer(24);
    case Tag::Array: return Value::integer(array_size(v.arr()));
    case Tag::Obj: break;
  }
  switch (v.obj()->kind) {
    case ObjKind::Str: return Value::integer(str_size(v.as<StrObj>()->s));
    case ObjKind::List: return Value::integer(56 + 8 * int64_t(v.as<ListObj>()->items.size()));
    case ObjKind::Tuple: return Value::integer(v.as<TupleObj>()->items.empty() ? 40 : 40 + 8 * int64_t(v.as<TupleObj>()->items.size()));
    case ObjKind::Dict: return Value::integer(dict_size(in, *v.as<DictObj>()));
    case ObjKind::Set: return Value::integer(set_size(*v.as<SetObj>()));
    case ObjKind::Complex: return Value::integer(32);
    case ObjKind::Range: return Value::integer(48);
    case ObjKind::Slice: return Value::integer(56);
    default: break;
  }
  if (!dflt.is_none()) return dflt;
  in.raise_exc("TypeError", "getsizeof() is not defined for objects of type '" + in.type_of(v)->name + "' in stridelab");
}

// sys.exit raises SystemExit (a BaseException, so `except Exception` lets it pass).
Value sys_exit(Interp& in, Args& a) {
  if (a.pos.size() > 1) in.raise_exc("TypeError", "exit expected at most 1 argument, got " + std::to_string(a.pos.size()));
  std::vector<Value> args;
  if (!a.pos.empty()) args.push_back(a.pos[0]);
  raise_system_exit(in, std::move(args));
}

// A file-like object whose write(s) prints s (to stdout, or stderr: the
// page shows both in one output, Interp::print_err) and returns its length.
Value make_stream(Interp& in, TypeObj* t, const char* name) {
  auto g = std::make_shared<GenericObj>(t);
  const bool err = std::string(name) == "stderr";
  g->attrs["write"] = in.builtin("write", [err](Interp& in, Args& a) -> Value {
    Value s = a.required(0, "s");
    auto* str = s.as<StrObj>();
    if (!str) in.raise_exc("TypeError", "write() argument must be str, not " + in.type_of(s)->name);
    if (err) in.print_err(str->s);
    else in.print_text(str->s);
    return Value::integer(in.len(s));
  });
  g->attrs["flush"] = in.builtin("flush", [](Interp&, Args&) { return Value(); });
  // writelines(lines): each line written as write() writes it (no separators added)
  Value write = g->attrs["write"];
  g->attrs["writelines"] = in.builtin("writelines", [write](Interp& in, Args& a) -> Value {
    Value lines = a.required(0, "lines");
    a.finish(1);
    Value it = in.iter(lines);
    Value line;
    while (in.next(it, line)) in.call(write, std::vector<Value>{line});
    return Value();
  });
  std::string repr = std::string("<_io.TextIOWrapper name='<") + name + ">' mode='w' encoding='utf-8'>";
  g->attrs["__repr__"] = in.builtin("__repr__", [repr](Interp&, Args&) { return make_str(repr); });
  g->attrs["name"] = make_str(std::string("<") + name + ">");
  return Value(std::static_pointer_cast<Obj>(g));
}

// sys._getframe(depth=0): the frame `depth` calls below the caller (mirrors
// sys__getframe_impl), a snapshot (Note [Frame snapshots], classes.hpp).
Value sys_getframe(Interp& in, Args& a) {
  a.fname = "_getframe";
  Value d = a.optional(0, "depth", Value::integer(0));
  a.finish(1);
  if (!d.is_int() && !d.is_bool()) type_error("'" + in.type_of(d)->name + "' object cannot be interpreted as an integer");
  auto& frames = in.frames();
  int64_t depth = d.as_int() < 0 ? 0 : d.as_int();
  if (depth >= int64_t(frames.size())) in.raise_exc("ValueError", "call stack is not deep enough");
  Value back;
  for (size_t i = 0; i + size_t(depth) < frames.size(); ++i) back = frame_snapshot(in, *frames[i].first, frames[i].second, back);
  return back;
}

// sys.getrefcount(x): the references to x's object, the argument's included,
// as CPython counts them: the engine's shared owners less the copies the call
// itself holds (calibrated so that `a = []; getrefcount(a)` is 2, as there).
// None, bools, small ints (-5..256) and the other unboxed values are
// CPython 3.13's immortal objects or fresh temporaries: 4294967295 for the
// immortal, 2 for a temporary float or large int.
constexpr long kCallCopies = 1;
Value sys_getrefcount(Interp& in, Args& a) {
  a.fname = "getrefcount";
  Value v = a.required(0, "object");
  a.finish(1);
  if (v.is_none() || v.is_bool() || (v.is_int() && v.as_int() >= -5 && v.as_int() <= 256)) return Value::integer(4294967295LL);
  if (!v.is_obj()) return Value::integer(2);
  return Value::integer(v.obj()->gc_refcount() - kCallCopies);
}

}  // namespace

void install_sys_module(Interp& in) {
  ModuleObj& m = new_module(in, "sys");
  m.attrs["getsizeof"] = in.builtin("getsizeof", sys_getsizeof);
  m.attrs["exit"] = in.builtin("exit", sys_exit);
  m.attrs["getrefcount"] = in.builtin("getrefcount", sys_getrefcount);
  // the modules written into the engine in C++ (modules.cpp's table), as
  // CPython lists its C modules
  std::vector<std::string> names;
  for (auto& b : builtin_modules()) names.push_back(b.name);
  std::sort(names.begin(), names.end());
  std::vector<Value> tup;
  for (auto& n : names) tup.push_back(make_str(n));
  m.attrs["builtin_module_names"] = make_tuple(std::move(tup));
  m.attrs["_getframe"] = in.builtin("_getframe", sys_getframe);
  // sys.exception() (3.11) and sys.exc_info(): the exception being handled.
  // The traceback slot is None: tracebacks here are text, not frame objects.
  m.attrs["exception"] = in.builtin("exception", [](Interp& in, Args& a) {
    a.finish(0);
    return in.handled_exception();
  });
  m.attrs["exc_info"] = in.builtin("exc_info", [](Interp& in, Args& a) {
    a.finish(0);
    Value e = in.handled_exception();
    if (e.is_none()) return make_tuple({Value(), Value(), Value()});
    return make_tuple({type_ref(in.type_of(e)), e, Value()});
  });
  m.attrs["version"] = make_str("3.13.5 (main, Aug 10 2026, 12:06:59) [GCC 14.2.0]");
  m.attrs["version_info"] = struct_seq(in, "version_info", {"major", "minor", "micro", "releaselevel", "serial"},
                                       {Value::integer(3), Value::integer(13), Value::integer(5), make_str("final"), Value::integer(0)});
  m.attrs["hexversion"] = Value::integer(0x030d05f0);
  m.attrs["platform"] = make_str("linux");
  m.attrs["byteorder"] = make_str("little");
  m.attrs["maxsize"] = Value::integer(INT64_MAX);
  m.attrs["float_info"] = struct_seq(
      in, "float_info",
      {"max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig", "epsilon", "radix", "rounds"},
      {Value::floating(DBL_MAX), Value::integer(DBL_MAX_EXP), Value::integer(DBL_MAX_10_EXP), Value::floating(DBL_MIN),
       Value::integer(DBL_MIN_EXP), Value::integer(DBL_MIN_10_EXP), Value::integer(DBL_DIG), Value::integer(DBL_MANT_DIG),
       Value::floating(DBL_EPSILON), Value::integer(FLT_RADIX), Value::integer(1)});
  m.attrs["int_info"] = struct_seq(in, "int_info",
                                   {"bits_per_digit", "sizeof_digit", "default_max_str_digits", "str_digits_check_threshold"},
                                   {Value::integer(30), Value::integer(4), Value::integer(4300), Value::integer(640)});
  m.attrs["argv"] = make_list({make_str("")});
  m.attrs["path"] = make_list({});
  // Note [Recursion depth] (interp.hpp). sys_setrecursionlimit_impl refuses a
  // limit the current depth (Python frames, the module's included) reaches.
  m.attrs["getrecursionlimit"] = in.builtin("getrecursionlimit", [](Interp& in, Args&) { return Value::integer(in.recursion_limit); });
  m.attrs["setrecursionlimit"] = in.builtin("setrecursionlimit", [](Interp& in, Args& a) -> Value {
    int64_t n = in.index_value(a.required(0, "limit"));
    if (n > INT32_MAX || n < INT32_MIN) in.raise_exc("OverflowError", "Python int too large to convert to C int");
    if (n < 1) in.raise_exc("ValueError", "recursion limit must be greater or equal than 1");
    int64_t depth = int64_t(in.depth()) + 1;
    if (depth >= n)
      in.raise_exc("RecursionError", "cannot set the recursion limit to " + std::to_string(n) + " at the recursion depth " +
                                         std::to_string(depth) + ": the limit is too low");
    in.recursion_limit = int(n);
    return Value();
  });
  // Documented no-op: every stridelab int is 64-bit until big ints land, so no
  // decimal conversion is long enough to limit.
  auto max_digits = std::make_shared<int64_t>(4300);
  m.attrs["get_int_max_str_digits"] = in.builtin("get_int_max_str_digits", [max_digits](Interp&, Args&) { return Value::integer(*max_digits); });
  m.attrs["set_int_max_str_digits"] = in.builtin("set_int_max_str_digits", [max_digits](Interp& in, Args& a) -> Value {
    int64_t n = in.index_value(a.required(0, "maxdigits"));
    if (n != 0 && n < 640) in.raise_exc("ValueError", "maxdigits must be >= 640 or 0 for unlimited");
    *max_digits = n;
    return Value();
  });
  TypeObj* io_t = in.new_type("TextIOWrapper", "_io", {in.t.object});
  m.attrs["stdout"] = in.console_stdout = make_stream(in, io_t, "stdout");
  m.attrs["stderr"] = make_stream(in, io_t, "stderr");
  // sys.modules: built on each access (PEP 562 hook): a dict held by the sys
  // module and naming it would be a cycle of modules, which the collector does
  // not track. It names the modules this session has imported, and the ones
  // they brought (Note [Builtin modules at first import]).
  m.attrs["__getattr__"] = in.builtin("__getattr__", [](Interp& in, Args& a) -> Value {
    std::string name = in.str(a.required(0, "name"));
    if (name != "modules")
      in.raise_attribute_error(Value(std::static_pointer_cast<Obj>(in.modules.at("sys"))), name,
                               "module 'sys' has no attribute '" + name + "'");
    auto d = std::make_shared<DictObj>();
    std::vector<std::string> names;
    for (auto& [n, mod] : in.modules) names.push_back(n);
    std::sort(names.begin(), names.end());
    for (auto& n : names) table_set(in, d->t, make_str(n), Value(std::static_pointer_cast<Obj>(in.modules.at(n))));
    return Value(std::static_pointer_cast<Obj>(d));
  });
}

}  // namespace sl::lang

// value: the interpreter's object model.
//
// A Value is an immediate (None, bool, int, float) or a shared reference to a
// heap object. Arrays and tensors are the engine's own sl::Array objects held
// directly (so `v.base is a` is pointer identity on the engine's base chain);
// everything else is an Obj. Reference counting is shared_ptr: when the last
// reference to an array goes, its storage is freed at once, as in CPython, which
// is what makes seed 001's memory demonstration observable.
// Owns: Value, the Obj structs of the builtin types, the insertion-ordered
// HashTable, Args (argument binding for natives; value.cpp).
// Invariant: a Value's tag says which accessor is valid; an Obj that can hold
// other Values reports them to the cycle collector (gc_traverse / gc_clear).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/array.hpp"
#include "core/error.hpp"
#include "core/lang/gc.hpp"

namespace sl::lang {

struct Obj;
struct TypeObj;
class Interp;

enum class Tag : uint8_t { None, Bool, Int, Float, Array, Obj };

class Value {
 public:
  Value() : tag_(Tag::None), i_(0) {}
  static Value none() { return Value(); }
  static Value boolean(bool b) { Value v; v.tag_ = Tag::Bool; v.i_ = b; return v; }
  static Value integer(int64_t i) { Value v; v.tag_ = Tag::Int; v.i_ = i; return v; }
  static Value floating(double f) { Value v; v.tag_ = Tag::Float; v.f_ = f; return v; }
  Value(ArrayPtr a) : tag_(Tag::Array), i_(0), p_(std::move(a)) {}
  Value(std::shared_ptr<Obj> o) : tag_(Tag::Obj), i_(0), p_(std::move(o)) {}

  Tag tag() const { return tag_; }
  bool is_none() const { return tag_ == Tag::None; }
  bool is_bool() const { return tag_ == Tag::Bool; }
  bool is_int() const { return tag_ == Tag::Int; }
  bool is_float() const { return tag_ == Tag::Float; }
  bool is_array() const { return tag_ == Tag::Array; }
  bool is_obj() const { return tag_ == Tag::Obj; }

  bool as_bool() const { return i_ != 0; }
  int64_t as_int() const { return i_; }
  double as_float() const { return f_; }
  Array& arr() const { return *static_cast<Array*>(p_.get()); }
  ArrayPtr array() const { return std::static_pointer_cast<Array>(p_); }
  Obj* obj() const { return static_cast<Obj*>(p_.get()); }
  template <class T> T* as() const;          // nullptr when not an Obj of that kind
  template <class T> std::shared_ptr<T> shared() const { return std::static_pointer_cast<T>(p_); }
  const void* identity() const { return p_.get(); }

 private:
  Tag tag_;
  union {
    int64_t i_;
    double f_;
  };
  // Holds either an Array or an Obj (tag says which).
  std::shared_ptr<void> p_;
};

enum class ObjKind : uint8_t {
  Str, List, Tuple, Dict, Set, Function, Builtin, BoundMethod, Module, Type, Exception,
  Slice, Ellipsis, Range, Iterator, Cell, DType, Generic, Complex,
};

// Containers that can hold references to other objects are tracked by the
// cycle collector (gc.hpp); strings, numbers and types are not.
constexpr bool gc_tracks(ObjKind k) {
  return k == ObjKind::List || k == ObjKind::Tuple || k == ObjKind::Dict || k == ObjKind::Set ||
         k == ObjKind::Function || k == ObjKind::BoundMethod || k == ObjKind::Exception || k == ObjKind::Cell ||
         k == ObjKind::Generic;
}

struct Obj : GcNode, std::enable_shared_from_this<Obj> {
  explicit Obj(ObjKind k) : GcNode(gc_tracks(k)), kind(k) {}
  ~Obj() override = default;
  ObjKind kind;
  long gc_refcount() const override { return weak_from_this().use_count(); }
  std::shared_ptr<void> gc_strong() override { return weak_from_this().lock(); }
};

template <class T>
T* Value::as() const {
  if (tag_ != Tag::Obj) return nullptr;
  Obj* o = obj();
  return o->kind == T::kKind ? static_cast<T*>(o) : nullptr;
}

struct StrObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Str;
  std::string s;
  explicit StrObj(std::string v) : Obj(kKind), s(std::move(v)) {}
};
// Releases a container's children without deep native recursion: freeing a
// list nested a million levels deep must not overflow the stack (CPython's
// "trashcan"). Past a small depth the children are queued and freed by the
// outermost release, iteratively.
void release_children(std::vector<Value>&& children);

struct ListObj : Obj {
  static constexpr ObjKind kKind = ObjKind::List;
  std::vector<Value> items;
  ListObj() : Obj(kKind) {}
  explicit ListObj(std::vector<Value> v) : Obj(kKind), items(std::move(v)) {}
  ~ListObj() override { release_children(std::move(items)); }
  void gc_traverse(GcVisitor& v) override { for (auto& x : items) v(x); }
  void gc_clear(GcGraveyard& g) override { for (auto& x : items) g.take(x); items.clear(); }
};
struct TupleObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Tuple;
  std::vector<Value> items;
  // A tuple subclass (torch.Size): type_of reports it, repr calls its
  // "__repr__" attribute, and slicing, + and * keep it. nullptr: plain tuple.
  TypeObj* type = nullptr;
  explicit TupleObj(std::vector<Value> v) : Obj(kKind), items(std::move(v)) {}
  ~TupleObj() override { release_children(std::move(items)); }
  void gc_traverse(GcVisitor& v) override { for (auto& x : items) v(x); }
  void gc_clear(GcGraveyard& g) override { for (auto& x : items) g.take(x); items.clear(); }
};

// Insertion-ordered hash map keyed by Python equality/hash (dict) or a set.
struct HashTable {
  std::vector<std::pair<Value, Value>> entries;  // erased entries have a None-tagged tombstone flag
  std::vector<bool> alive;
  std::unordered_multimap<uint64_t, size_t> index;
  size_t count = 0;
};
void release_table(HashTable& t);
void traverse_table(HashTable& t, GcVisitor& v);
void clear_table(HashTable& t, GcGraveyard& g);

struct DictObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Dict;
  HashTable t;
  // A dict subclass (defaultdict, Counter, OrderedDict): type_of reports it,
  // repr calls its "__repr__" attribute, a missing key calls its
  // "__missing__". nullptr: plain dict. `extra` is the subclass's own data
  // (defaultdict's default_factory).
  TypeObj* type = nullptr;
  Value extra;
  DictObj() : Obj(kKind) {}
  ~DictObj() override { release_table(t); }
  void gc_traverse(GcVisitor& v) override { traverse_table(t, v); v(extra); }
  void gc_clear(GcGraveyard& g) override { clear_table(t, g); g.take(extra); }
};
struct SetObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Set;
  HashTable t;  // values unused
  SetObj() : Obj(kKind) {}
  ~SetObj() override { release_table(t); }
  void gc_traverse(GcVisitor& v) override { traverse_table(t, v); }
  void gc_clear(GcGraveyard& g) override { clear_table(t, g); }
};

struct Args;
using NativeFn = std::function<Value(Interp&, Args&)>;

struct BuiltinObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Builtin;
  std::string name;      // "len", "reshape"
  std::string qualname;  // for reprs: "built-in function len"
  NativeFn fn;
  BuiltinObj(std::string n, NativeFn f) : Obj(kKind), name(std::move(n)), fn(std::move(f)) {}
};
struct BoundMethodObj : Obj {
  static constexpr ObjKind kKind = ObjKind::BoundMethod;
  Value self;
  Value fn;  // a BuiltinObj (called with self prepended) or a FunctionObj
  BoundMethodObj(Value s, Value f) : Obj(kKind), self(std::move(s)), fn(std::move(f)) {}
  void gc_traverse(GcVisitor& v) override { v(self); v(fn); }
  void gc_clear(GcGraveyard& g) override { g.take(self); g.take(fn); }
};

struct ModuleObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Module;
  std::string name;
  std::unordered_map<std::string, Value> attrs;
  explicit ModuleObj(std::string n) : Obj(kKind), name(std::move(n)) {}
};

// A Python class (builtin types, exception classes, numpy scalar types, ...).
struct TypeObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Type;
  std::string name;      // "ValueError", "ndarray", "int64"
  std::string module;    // "builtins", "numpy"
  std::vector<TypeObj*> bases;
  std::unordered_map<std::string, Value> attrs;
  NativeFn call;          // constructor; empty when not callable
  TypeObj(std::string n, std::string m, std::vector<TypeObj*> b = {})
      : Obj(kKind), name(std::move(n)), module(std::move(m)), bases(std::move(b)) {}
  bool is_subclass_of(const TypeObj* other) const {
    if (this == other) return true;
    for (auto* b : bases)
      if (b->is_subclass_of(other)) return true;
    return false;
  }
  std::string qualname() const { return module == "builtins" ? name : module + "." + name; }
};

struct ExceptionObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Exception;
  TypeObj* type;
  std::vector<Value> args;
  Value cause, context;           // __cause__ (raise ... from), __context__ (raised while handling another)
  bool suppress_context = false;  // __suppress_context__
  // Frames (function, line) the exception has passed through, outermost first;
  // filled when a handler catches it (what a chained traceback shows).
  std::vector<std::pair<std::string, int>> tb;
  std::string suggestion;         // CPython's ". Did you mean: 'x'?" candidate, "" if none
  ExceptionObj(TypeObj* t, std::vector<Value> a) : Obj(kKind), type(t), args(std::move(a)) {}
  void gc_traverse(GcVisitor& v) override {
    for (auto& x : args) v(x);
    v(cause);
    v(context);
  }
  void gc_clear(GcGraveyard& g) override {
    for (auto& x : args) g.take(x);
    args.clear();
    g.take(cause);
    g.take(context);
  }
};

struct SliceObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Slice;
  Value start, stop, step;
  SliceObj(Value a, Value b, Value c) : Obj(kKind), start(std::move(a)), stop(std::move(b)), step(std::move(c)) {}
};
struct EllipsisObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Ellipsis;
  EllipsisObj() : Obj(kKind) {}
};
struct RangeObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Range;
  int64_t start, stop, step;
  RangeObj(int64_t a, int64_t b, int64_t c) : Obj(kKind), start(a), stop(b), step(c) {}
  int64_t length() const {
    if (step > 0) return start < stop ? (stop - start + step - 1) / step : 0;
    return start > stop ? (start - stop - step - 1) / (-step) : 0;
  }
};
// A lazy iterator: next() returns false when exhausted.
struct IteratorObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Iterator;
  std::function<bool(Value&)> next;
  std::string type_name;  // "list_iterator", "generator", "zip", ...
  IteratorObj(std::string tn, std::function<bool(Value&)> n) : Obj(kKind), next(std::move(n)), type_name(std::move(tn)) {}
};
struct CellObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Cell;
  Value v;
  bool bound = false;
  CellObj() : Obj(kKind) {}
  void gc_traverse(GcVisitor& vis) override { vis(v); }
  void gc_clear(GcGraveyard& g) override { g.take(v); }
};
// Python's complex numbers.
struct ComplexObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Complex;
  double re, im;
  ComplexObj(double r, double i) : Obj(kKind), re(r), im(i) {}
};
inline Value make_complex(double re, double im) { return Value(std::static_pointer_cast<Obj>(std::make_shared<ComplexObj>(re, im))); }

// numpy.dtype / torch.dtype instances.
struct DTypeObj : Obj {
  static constexpr ObjKind kKind = ObjKind::DType;
  DType dt;
  bool torch;
  DTypeObj(DType d, bool t) : Obj(kKind), dt(d), torch(t) {}
};
// Everything else with native attributes (errstate contexts, flags objects,
// torch.Size, generators of the random module...), dispatched by `type`.
struct GenericObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Generic;
  TypeObj* type;
  std::unordered_map<std::string, Value> attrs;
  std::shared_ptr<void> native;  // payload owned by the object
  explicit GenericObj(TypeObj* t) : Obj(kKind), type(t) {}
  void gc_traverse(GcVisitor& v) override { for (auto& [k, x] : attrs) v(x); }
  void gc_clear(GcGraveyard& g) override { for (auto& [k, x] : attrs) g.take(x); attrs.clear(); }
};

// Positional and keyword arguments of a native call.
struct Args {
  std::vector<Value> pos;
  std::vector<std::pair<std::string, Value>> kw;
  std::string fname;  // for error messages

  size_t size() const { return pos.size(); }
  // Takes argument `i` (positional) or `name` (keyword); removes the keyword.
  bool take(size_t i, const char* name, Value& out);
  Value required(size_t i, const char* name);
  Value optional(size_t i, const char* name, Value dflt = Value());
  // Raises TypeError if keywords remain unconsumed or there are more than n positionals.
  void finish(size_t max_pos);
};

inline Value make_str(std::string s) { return Value(std::make_shared<StrObj>(std::move(s))); }
inline Value make_list(std::vector<Value> v = {}) { return Value(std::make_shared<ListObj>(std::move(v))); }
inline Value make_tuple(std::vector<Value> v) { return Value(std::make_shared<TupleObj>(std::move(v))); }

}  // namespace sl::lang

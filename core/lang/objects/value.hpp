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
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/model/array.hpp"
#include "core/model/error.hpp"
#include "core/lang/objects/bigint.hpp"
#include "core/lang/objects/gc.hpp"
#include "core/lang/objects/native_fn.hpp"

namespace sl::lang {

struct Obj;
struct TypeObj;
class Interp;

enum class Tag : uint8_t { None, Bool, Int, Float, Array, Obj };

// Note [NaN identity]
// Python floats are immediates here, CPython's are objects. The difference
// shows only where identity decides what equality cannot: NaN. In CPython
// `x = float('nan'); x in [x]` is True (`in` and container == test identity
// first) while `float('nan') in [float('nan')]` is False (two objects). So a
// NaN that Python code makes (Value::new_float) carries a private identity in
// its payload: quiet bit, marker bit 50 and a 32-bit serial number. is_same
// compares the raw bits, so two NaNs made apart differ and a NaN is itself.
// Everything else reads the value through as_float(), which returns the
// canonical NaN (sign kept, payload cleared): arrays, printing and arithmetic
// never see the serial. A NaN with bit 50 set that arrives from an array's
// bytes (a rare payload) is read canonically too.
constexpr uint64_t kNanIdentityMask = 0x7ffc000000000000ull;  // exponent, quiet bit, marker
inline double canonical_nan(double f) {
  uint64_t b;
  std::memcpy(&b, &f, 8);
  if ((b & kNanIdentityMask) != kNanIdentityMask) return f;
  b &= 0xfff8000000000000ull;
  std::memcpy(&f, &b, 8);
  return f;
}

class Value {
 public:
  Value() : tag_(Tag::None), i_(0) {}
  static Value none() { return Value(); }
  static Value boolean(bool b) { Value v; v.tag_ = Tag::Bool; v.i_ = b; return v; }
  static Value integer(int64_t i) { Value v; v.tag_ = Tag::Int; v.i_ = i; return v; }
  static Value floating(double f) { Value v; v.tag_ = Tag::Float; v.f_ = f; return v; }
  // A float that Python code makes (float(x), arithmetic, a module's nan
  // constant): a NaN gets an identity of its own (Note [NaN identity]).
  static Value new_float(double f);
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
  double as_float() const { return canonical_nan(f_); }
  Array& arr() const { return *static_cast<Array*>(p_.get()); }
  ArrayPtr array() const { return std::static_pointer_cast<Array>(p_); }
  Obj* obj() const { return static_cast<Obj*>(p_.get()); }
  template <class T> T* as() const;          // nullptr when not an Obj of that kind
  template <class T> std::shared_ptr<T> shared() const { return std::static_pointer_cast<T>(p_); }
  const void* identity() const { return p_.get(); }
  // Python's `is`. Heap values: the same object. Immediates have no object,
  // so the same type and the same bits stand for it (for NaN see Note [NaN
  // identity]).
  bool is_same(const Value& o) const {
    if (tag_ != o.tag_) return false;
    if (tag_ == Tag::Obj || tag_ == Tag::Array) return p_ == o.p_;
    return tag_ == Tag::None || i_ == o.i_;
  }

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
  Slice, Ellipsis, Range, Iterator, Cell, DType, Generic, Complex, Instance, Generator, BigInt,
  Bytes, MemoryView,  // bytes and bytearray, memoryview (objects/bytes.hpp)
};

// Containers that can hold references to other objects are tracked by the
// cycle collector (gc.hpp); strings, numbers and types are not.
constexpr bool gc_tracks(ObjKind k) {
  return k == ObjKind::List || k == ObjKind::Tuple || k == ObjKind::Dict || k == ObjKind::Set ||
         k == ObjKind::Function || k == ObjKind::BoundMethod || k == ObjKind::Exception || k == ObjKind::Cell ||
         k == ObjKind::Generic || k == ObjKind::Instance || k == ObjKind::Generator;
}

struct Obj : GcNode, std::enable_shared_from_this<Obj> {
  explicit Obj(ObjKind k) : GcNode(gc_tracks(k)), kind(k) {}
  Obj(ObjKind k, bool tracked) : GcNode(tracked), kind(k) {}
  ~Obj() override {
    if (gc_weakly_referenced()) clear_weakrefs(this);  // Note [Weak references]
  }
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
  std::string s;  // UTF-8; a lone surrogate is its 3-byte form (Note [Code points] in core/text/codecs.hpp)
  // Note [Str hash cache]: a str is immutable once made, so its hash (SipHash
  // over its canonical storage, pyhash.cpp) is computed at the first hash()
  // and kept, as CPython's str keeps ob_shash. Code that fills `s` in place
  // does so before the object is ever hashed (the parser joining a literal's
  // pieces).
  mutable int64_t hash_value = 0;
  mutable bool hashed = false;
  explicit StrObj(std::string v) : Obj(kKind), s(std::move(v)) {}
};
// Releases a container's children without deep native recursion: freeing a
// list nested a million levels deep must not overflow the stack (CPython's
// "trashcan"). Past a small depth the children are queued and freed by the
// outermost release, iteratively.
void release_children(std::vector<Value>&& children);
// An object's address as CPython's reprs print it ("0x7f3a12345678", 12 digits).
std::string hex_id(const void* p);

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

// The table behind dict and set, keyed by Python equality and hash.
// dict: `entries` in insertion order (a deleted entry stays as a dead
// tombstone), `index` maps hash -> position; CPython's compact dict iterates
// in insertion order, and so does this.
// set (`slots`): `entries` IS the slot array of CPython's open-addressed set
// table (Objects/setobject.c) -- a power of two >= 8 slots, 9 linear probes
// then perturbed probing (i = 5i + 1 + perturb; perturb >>= 5), deleted slots
// left as dummies, a resize to the smallest power of two above used*4 when
// fill*5 >= mask*3. Iteration walks the slots, and the hashes are CPython's
// (ints mod 2**61-1, floats, str by SipHash-1-3 with the zero key of
// PYTHONHASHSEED=0, tuples by xxHash, None, bool), so a printed set shows
// CPython's order: that is why sets mirror the table rather than keeping
// insertion order. Objects hashed by address (functions, instances) get an
// order that differs from CPython's run to run, as CPython's does.
//
// Note [Dict index]
// A dict's `index` is CPython's dk_indices: an open-addressed array (a power
// of two >= 8 slots, at most two thirds used) of positions in `entries`,
// kEmpty or kDeleted, probed from hash & mask with CPython's recurrence
// (i = 5i + 1 + perturb; perturb >>= 5); `hashes` keeps each entry's hash, so
// a probe compares hashes before it compares keys, and a rebuild never hashes
// again. It replaced a node-based multimap whose every insertion allocated.
// Empty (no slots) until the first insertion.
struct HashTable {
  static constexpr int32_t kEmpty = -1, kDeleted = -2;
  std::vector<std::pair<Value, Value>> entries;
  std::vector<bool> alive;
  std::vector<int32_t> index;    // dict only (Note [Dict index])
  size_t index_fill = 0;         // dict: index slots not kEmpty
  size_t count = 0;
  bool slots = false;            // set layout
  std::vector<int64_t> hashes;   // set: each slot's hash; dict: each entry's hash
  std::vector<bool> dummy;       // set: a deleted slot
  size_t fill = 0;               // set: active + dummy slots
  size_t finger = 0;             // set: where pop() resumes its scan (CPython's so->finger)
  // An empty set table of `n` slots (a power of two).
  void make_slots(size_t n) {
    slots = true;
    entries.assign(n, {});
    alive.assign(n, false);
    hashes.assign(n, 0);
    dummy.assign(n, false);
    count = fill = finger = 0;
  }
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
  // The scope exec()/eval() run code in when this dict is their namespace
  // (Note [Namespaces of exec and eval], eval/exec_source.cpp): made at the
  // first such run and kept, so functions defined there keep seeing the names
  // later runs add. `scope_is_view`: the dict is globals()'s picture of a
  // module scope, which stays the truth.
  std::shared_ptr<Env> scope;
  bool scope_is_view = false;
  DictObj() : Obj(kKind) {}
  ~DictObj() override { release_table(t); }
  void gc_traverse(GcVisitor& v) override {
    traverse_table(t, v);
    v(extra);
    if (scope) v(scope);
  }
  void gc_clear(GcGraveyard& g) override {
    clear_table(t, g);
    g.take(extra);
    if (scope) g.take(scope);
  }
};
struct SetObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Set;
  HashTable t;  // values unused
  bool frozen = false;  // a frozenset: hashable, no mutating methods, its type is Types::frozenset
  SetObj() : Obj(kKind) { t.make_slots(8); }
  ~SetObj() override { release_table(t); }
  void gc_traverse(GcVisitor& v) override { traverse_table(t, v); }
  void gc_clear(GcGraveyard& g) override { clear_table(t, g); }
};

struct Args;
using NativeFn = Fn<Value(Interp&, Args&)>;  // Note [Native callables]

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

// Note [Name stamps]
// A namespace -- a scope's variables (Env::vars), a class's attributes
// (TypeObj::attrs) -- is a hash map whose elements never move (an
// unordered_map keeps its nodes where they are when it rehashes) and whose key
// set carries a stamp: creating the map and every insertion or removal of a
// key give it a new stamp from one global counter. A stamp therefore names one
// key set of one map for ever, and a cache that remembers the address of a
// variable with the stamp under which it found it may use that address for as
// long as the map's stamp is unchanged: the name is still there, at that
// address, whatever values were assigned to it since (Note [Name caches],
// ceval.cpp). A class namespace also advances the type epoch, which the
// attribute caches check (Note [Type attribute cache], classes.cpp).
class Names : private std::unordered_map<std::string, Value> {
  using Base = std::unordered_map<std::string, Value>;

 public:
  using Base::const_iterator;
  using Base::iterator;
  using Base::value_type;
  using Base::at;
  using Base::begin;
  using Base::count;
  using Base::empty;
  using Base::end;
  using Base::find;
  using Base::size;
  explicit Names(bool type_namespace = false) : type_ns_(type_namespace) { touch(); }
  Names(const Names&) = delete;
  Names& operator=(const Names&) = delete;
  ~Names() { if (type_ns_) ++type_epoch_; }
  Value& operator[](const std::string& k) {
    auto r = Base::try_emplace(k);
    if (r.second) touch();
    return r.first->second;
  }
  iterator erase(iterator it) {
    touch();
    return Base::erase(it);
  }
  size_t erase(const std::string& k) {
    size_t n = Base::erase(k);
    if (n) touch();
    return n;
  }
  void clear() {
    touch();
    Base::clear();
  }
  uint64_t stamp() const { return stamp_; }
  // Advances whenever any class namespace, or a native method table, changes its key set.
  static uint64_t type_epoch() { return type_epoch_; }
  static void advance_type_epoch() { ++type_epoch_; }

 private:
  void touch() {
    stamp_ = ++counter_;
    if (type_ns_) ++type_epoch_;
  }
  uint64_t stamp_ = 0;
  bool type_ns_;
  // Process-wide, not a session's (Note [Session state], core/model/session_state.hpp):
  // a stamp or epoch only has to differ from the one a cache saw, whichever
  // session advanced it, so one session's changes at most cost another a miss.
  static inline uint64_t counter_ = 0;
  static inline uint64_t type_epoch_ = 1;
};

struct ModuleObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Module;
  std::string name;
  Names attrs;  // Note [Name stamps]
  explicit ModuleObj(std::string n) : Obj(kKind), name(std::move(n)) {}
};

// A Python class (builtin types, exception classes, numpy scalar types, and
// the classes a `class` statement creates: "heap" types, core/lang/objects/classes.hpp).
// A heap type owns its namespace and strong references to its bases, so it is
// tracked by the cycle collector; builtin types live as long as the Interp.
struct TypeObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Type;
  std::string name;      // "ValueError", "ndarray", "int64"
  std::string module;    // "builtins", "numpy"
  std::vector<TypeObj*> bases;
  Names attrs{true};  // Note [Name stamps]
  NativeFn call;          // constructor; empty when not callable
  bool heap = false;               // created by a class statement (or type(name, bases, ns))
  std::vector<TypeObj*> mro;       // C3 linearisation, self first (classes.cpp: mro_of fills it lazily)
  std::vector<std::string> order;  // heap types: namespace names in definition order
  std::vector<Value> base_refs;    // heap types: keeps the bases alive
  std::vector<std::string> slots;  // __slots__ names (heap types that declare them)
  bool has_slots = false;          // instances have no __dict__ beyond the slots
  std::string qual;                // __qualname__ of a heap type ("" = name)
  bool c_named = false;            // a frozen class standing for a C type (Note [Frozen C types], frozen.hpp)
  // A class made by a metaclass other than type (Note [Metaclasses], classes.hpp):
  // that heap subclass of type, which type(C) answers; meta_ref keeps it alive.
  TypeObj* meta = nullptr;
  Value meta_ref;
  // Whether the class or a base defines __del__, as of type epoch del_epoch
  // (classes.cpp: type_has_finalizer; Note [Finalization], finalize.hpp).
  uint64_t del_epoch = 0;
  bool has_del = false;
  // Whether the class or a base defines __setattr__, as of type epoch
  // setattr_epoch (classes.cpp: type_has_setattr).
  uint64_t setattr_epoch = 0;
  bool has_setattr = false;
  TypeObj(std::string n, std::string m, std::vector<TypeObj*> b = {}, bool heap_type = false)
      : Obj(kKind, heap_type), name(std::move(n)), module(std::move(m)), bases(std::move(b)), heap(heap_type) {}
  bool is_subclass_of(const TypeObj* other) const {
    if (this == other) return true;
    if (!mro.empty()) {
      for (auto* c : mro)
        if (c == other) return true;
      return false;
    }
    for (auto* b : bases)
      if (b->is_subclass_of(other)) return true;
    return false;
  }
  // The name error messages give the type (CPython's tp_name): a class statement's
  // bare name, or module.name for a frozen class standing for a C type.
  std::string tp_name() const { return c_named ? qualname() : name; }
  // module.__qualname__, as type reprs show it ("numpy.exceptions.AxisError")
  std::string qualname() const {
    const std::string& q = qual.empty() ? name : qual;
    return module == "builtins" ? q : module + "." + q;
  }
  void gc_traverse(GcVisitor& v) override {
    for (auto& [k, x] : attrs) v(x);
    for (auto& x : base_refs) v(x);
    v(meta_ref);
  }
  void gc_clear(GcGraveyard& g) override {
    for (auto& [k, x] : attrs) g.take(x);
    attrs.clear();
    for (auto& x : base_refs) g.take(x);
    base_refs.clear();
    g.take(meta_ref);
    meta_ref = Value();
    meta = nullptr;
  }
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
  Value dict;                     // attributes set on the exception (a DictObj, created on first use)
  Value cls;                      // strong reference to `type` when it is a heap type
  ExceptionObj(TypeObj* t, std::vector<Value> a) : Obj(kKind), type(t), args(std::move(a)) {}
  void gc_traverse(GcVisitor& v) override {
    for (auto& x : args) v(x);
    v(cause);
    v(context);
    v(dict);
    v(cls);
  }
  void gc_clear(GcGraveyard& g) override {
    for (auto& x : args) g.take(x);
    args.clear();
    g.take(cause);
    g.take(context);
    g.take(dict);
    g.take(cls);
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
  // (|stop - start| - 1) / |step| + 1 items, in unsigned arithmetic: the span can
  // exceed INT64_MAX (range(-2**62, 2**62, 2**62) has 2 items). A length past
  // INT64_MAX (only with a step of 1) is reported as INT64_MAX.
  int64_t length() const {
    if (step > 0 ? start >= stop : start <= stop) return 0;
    const uint64_t span = step > 0 ? uint64_t(stop) - uint64_t(start) : uint64_t(start) - uint64_t(stop);
    const uint64_t by = step > 0 ? uint64_t(step) : uint64_t(0) - uint64_t(step);
    const uint64_t n = (span - 1) / by + 1;
    return n > uint64_t(INT64_MAX) ? INT64_MAX : int64_t(n);
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
// A Python int that does not fit in int64 (pyint.hpp keeps smaller ones immediate).
struct BigIntObj : Obj {
  static constexpr ObjKind kKind = ObjKind::BigInt;
  BigInt v;
  explicit BigIntObj(BigInt b) : Obj(kKind), v(std::move(b)) {}
};
inline Value make_complex(double re, double im) { return Value(std::static_pointer_cast<Obj>(std::make_shared<ComplexObj>(re, im))); }

// numpy.dtype / torch.dtype instances.
struct DTypeObj : Obj {
  static constexpr ObjKind kKind = ObjKind::DType;
  DType dt;
  bool torch;
  DescrPtr descr;  // the flexible dtype's descriptor (Note [Flexible dtypes]), else null
  DTypeObj(DType d, bool t, DescrPtr ds = nullptr) : Obj(kKind), dt(d), torch(t), descr(std::move(ds)) {}
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

// An instance of a heap type (a user class): its class, its attribute dict
// (a DictObj, so `obj.__dict__` is live), its __slots__ values, and, for a
// class deriving from list or dict, the builtin value the inherited methods
// act on.
struct InstanceObj : Obj {
  static constexpr ObjKind kKind = ObjKind::Instance;
  TypeObj* type;
  Value cls;                 // strong reference to *type
  Value dict;                // DictObj; None when the class has __slots__ only
  std::vector<Value> slots;  // one per type->slots entry (None-tagged when unset, see slot_set)
  std::vector<bool> slot_set;
  Value builtin_base;        // ListObj / DictObj for subclasses of list / dict, else None
  bool finalized = false;    // __del__ ran or was queued (Note [Finalization], finalize.hpp)
  uint64_t serial = 0;       // creation order, when the class has __del__ (finalize.hpp)
  InstanceObj(TypeObj* t, Value c) : Obj(kKind), type(t), cls(std::move(c)) {}
  // weak references go before the attributes do (subtype_dealloc clears them first)
  ~InstanceObj() override {
    if (gc_weakly_referenced()) clear_weakrefs(this);
  }
  bool finalizer_due() const;  // the class (or a base) defines __del__
  bool gc_finalize() override;
  void gc_traverse(GcVisitor& v) override {
    v(cls);
    v(dict);
    for (auto& x : slots) v(x);
    v(builtin_base);
  }
  void gc_clear(GcGraveyard& g) override {
    g.take(cls);
    g.take(dict);
    for (auto& x : slots) g.take(x);
    slots.clear();
    slot_set.clear();
    g.take(builtin_base);
    finalized = true;  // cleared garbage: its class may be gone before it
  }
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
  // The same check in the words CPython uses for a function written in Python
  // ("shape() takes 1 positional argument but 2 were given").
  void finish_python(size_t min_pos, size_t max_pos);
};

inline Value make_str(std::string s) { return Value(std::make_shared<StrObj>(std::move(s))); }
// The Ellipsis singleton (`...` and the builtin name are one object, as `... is Ellipsis` says).
Value ellipsis_value();
inline Value make_list(std::vector<Value> v = {}) { return Value(std::make_shared<ListObj>(std::move(v))); }
inline Value make_tuple(std::vector<Value> v) { return Value(std::make_shared<TupleObj>(std::move(v))); }

}  // namespace sl::lang

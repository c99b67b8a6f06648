// classes: Python's user-defined classes -- the `class` statement's object
// model. Owns: building a heap TypeObj from a class body (C3 MRO, __slots__,
// the __eq__/__hash__ rule), instantiation (__new__ then __init__), attribute
// lookup on instances and classes with descriptors (functions bind, property,
// classmethod, staticmethod, user __get__/__set__), super(), and the special
// method ("dunder") lookup the object protocol (abstract.cpp) falls back to.
//
// Invariant: only heap types' namespaces hold user special methods, so a value
// of a builtin type never runs Python code through find_special; every heap
// type and instance holds strong references to the classes it names (its
// bases, its class), and reports them to the cycle collector.
//
// Natively defined classes take part too: a TypeObj created with new_type and
// methods registered with def_method (or BuiltinObjs in its attrs) can be a
// base of a user class; its natives then receive the InstanceObj as self.
#pragma once
#include <string>
#include <vector>

#include "core/lang/eval/interp.hpp"

namespace sl::lang {

// An owning Value of a type (builtin types are owned by the Interp).
Value type_ref(TypeObj* t);
// t's method resolution order, self first (C3; computed once and cached).
const std::vector<TypeObj*>& mro_of(TypeObj* t);
// The heap type of a value whose class is user-defined (instances, user
// exceptions), else nullptr.
TypeObj* heap_type_of(const Value& v);
// `name` along t's MRO: class dicts, then the native method tables. The
// owner class is returned through `owner` when given.
bool type_lookup(Interp& in, TypeObj* t, const std::string& name, Value& out, TypeObj** owner = nullptr);
// A special method defined by a user class in v's MRO (heap types only).
bool find_special(const Value& v, const std::string& name, Value& out);
// Whether a user class in t's MRO defines __setattr__ (looked up once per
// type epoch, as type_has_finalizer looks up __del__).
bool type_has_setattr(TypeObj* t);
// Calls v.<name>(*args) when a user class defines it; false otherwise.
bool call_special(Interp& in, const Value& v, const std::string& name, std::vector<Value> args, Value& out);
// The NotImplemented singleton.
bool is_not_implemented(Interp& in, const Value& v);

// Attribute protocol for instances of heap types and for classes (mirrors
// PyObject_GenericGetAttr and type_getattro): false when not found.
bool instance_getattr(Interp& in, const Value& v, const std::string& name, Value& out);
// `v.name(...)` without the bound method (mirrors the method form of CPython's
// LOAD_ATTR): true, with the function in fn, when v is an instance of a user
// class whose attribute `name` is a plain function from its class (not
// shadowed by the instance); the caller then calls fn with v prepended, which
// is what calling the bound method does. False: take getattr.
bool method_lookup(Interp& in, const Value& v, const std::string& name, Value& fn);
bool class_getattr(Interp& in, TypeObj* ty, const Value& tv, const std::string& name, Value& out);
void instance_setattr(Interp& in, const Value& v, const std::string& name, const Value& x);
void instance_delattr(Interp& in, const Value& v, const std::string& name);
// The instance dict of a value that has one (DictObj), or nullptr.
DictObj* instance_dict(Interp& in, const Value& v, bool create);

// Note [Metaclasses]
// A class's class is `type` unless a metaclass made it: class C(metaclass=M),
// or a base whose class is M (the most derived metaclass of the bases wins,
// mirrors _PyType_CalculateMetaclass). The class statement then calls
// M(name, bases, namespace, **kw); M.__new__ reaches type.__new__ (a native
// method of type), which builds the class and records M in TypeObj::meta, so
// type(C) is M. A class with a metaclass looks names up in its own MRO, then
// in M's (M's data descriptors first, as type_getattro), and the special
// methods the protocol calls on a class (repr, iter, len, in, [], call, bool)
// come from M (meta_of). type.__call__ is the default construction
// (__new__, then __init__ when the result is an instance), which a
// metaclass's __call__ reaches through super(). type.__new__ also runs
// __set_name__ on the namespace's values and the parent's __init_subclass__
// (an implicit classmethod, as __class_getitem__ is) with the class
// statement's keywords. __prepare__ is not consulted: the body's namespace is
// an ordinary scope, whose names reach the metaclass as a dict in definition
// order.

// Creates a class: type(name, bases, namespace) with the namespace's names in
// definition order (no hooks: type_new runs them).
Value make_class(Interp& in, const std::string& name, const std::vector<Value>& bases,
                 const std::vector<std::pair<std::string, Value>>& ns);
// type.__new__(meta, name, bases, ns, **kw): make_class, then the class's
// metaclass, __set_name__ and __init_subclass__(**kw).
Value type_new(Interp& in, TypeObj* meta, const std::string& name, const std::vector<Value>& bases,
               const std::vector<std::pair<std::string, Value>>& ns, const std::vector<std::pair<std::string, Value>>& kw);
// The metaclass of a class value made by one (a heap subclass of type), else nullptr.
TypeObj* meta_of(const Value& v);
// The most derived metaclass of an explicit one (nullptr: none) and the bases'.
TypeObj* winning_metaclass(Interp& in, TypeObj* explicit_meta, const std::vector<Value>& bases);
// Note [Frame snapshots]: the evaluator's frames are call records (a
// function's name and its current line, Interp::frames), so frame objects
// (sys._getframe) and traceback objects (exc.__traceback__) are snapshots
// made when asked: f_lineno, f_code.co_name/co_filename, f_back; tb_lineno,
// tb_frame, tb_next. They do not advance as the function runs on.
Value frame_snapshot(Interp& in, const std::string& name, int line, const Value& back);
// exc.__traceback__: the exception's traceback entries as a tb_next chain (None when empty).
Value traceback_snapshot(Interp& in, const ExceptionObj& e);

// Instantiates a heap type (its TypeObj::call): a metaclass's __call__ when it
// has one, else construct_heap_type.
Value call_heap_type(Interp& in, TypeObj* ty, Args& a);
// type.__call__: __new__, then __init__ when __new__ returned an instance of ty.
Value construct_heap_type(Interp& in, TypeObj* ty, Args& a);


}  // namespace sl::lang

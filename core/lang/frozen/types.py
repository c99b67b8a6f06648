# types: names for the interpreter's own types and helpers for making classes (CPython
# 3.13's types interface, written here in Python as CPython's Lib/types.py is).
#
# Each *Type name is the type of an object of that kind, taken from one (type(len),
# type(lambda: 0), a generator, ...), so isinstance(f, types.FunctionType) asks the engine.
# stridelab has no cell, coroutine or slot-wrapper objects of their own: where no object
# of a kind exists the name is a class of that kind's name that cannot be instantiated (as
# CPython refuses "cannot create 'frame' instances"), so an isinstance test against it is
# False, which is the truth for every stridelab object.
# SimpleNamespace and MappingProxyType (a read-only view of a mapping: writes raise, the
# mapping's later changes show) are written here as classes named as CPython names them.
import sys



def _f():
    pass


def _g():
    yield 1


class _C:
    def _m(self):
        pass


def _no_instances(name):
    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create '%s' instances" % name)
    return type(name, (), {"__new__": __new__, "__module__": "builtins"})


def _kind(make, name):
    try:
        return type(make())
    except Exception:
        return _no_instances(name)


FunctionType = type(_f)
LambdaType = type(lambda: None)
GeneratorType = type(_g())
MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
ModuleType = type(sys)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)


def _type_repr(obj):
    # how a generic alias prints one argument (ga_repr_items_list in
    # Objects/genericaliasobject.c): a class by its qualified name, Ellipsis as
    # ..., a list of arguments in brackets, anything else by repr
    if obj is None or obj is NoneType:
        return "None"
    if isinstance(obj, type) and not isinstance(obj, GenericAlias):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    if obj is Ellipsis:
        return "..."
    if isinstance(obj, list):
        return "[" + ", ".join(_type_repr(a) for a in obj) + "]"
    return repr(obj)


def _unionable(obj):
    return obj is None or isinstance(obj, (type, GenericAlias, UnionType)) or hasattr(obj, "__origin__")


class GenericAlias:
    """Represent a PEP 585 generic type

E.g. for t = list[int], t.__origin__ is list and t.__args__ is (int,)."""

    def __init__(self, origin, args):
        if not isinstance(args, tuple):
            args = (args,)
        self.__origin__ = origin
        self.__args__ = args
        self.__unpacked__ = False

    @property
    def __parameters__(self):
        out = []
        for a in self.__args__:
            for p in getattr(a, "__parameters__", ()) if not isinstance(a, type) else ():
                if p not in out:
                    out.append(p)
            if type(a).__name__ in ("TypeVar", "ParamSpec", "TypeVarTuple") and a not in out:
                out.append(a)
        return tuple(out)

    def __repr__(self):
        if len(self.__args__) == 0:
            inner = "()"
        else:
            inner = ", ".join(_type_repr(a) for a in self.__args__)
        return _type_repr(self.__origin__) + "[" + inner + "]"

    def __call__(self, *args, **kwargs):
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except Exception:
            pass
        return result

    def __mro_entries__(self, bases):
        return (self.__origin__,)

    def __eq__(self, other):
        if not isinstance(other, GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash(self.__origin__) ^ hash(self.__args__)

    def __or__(self, other):
        if not _unionable(other):
            return NotImplemented
        return _union_of(self, other)

    def __ror__(self, other):
        if not _unionable(other):
            return NotImplemented
        return _union_of(other, self)

    def __instancecheck__(self, obj):
        raise TypeError("isinstance() argument 2 cannot be a parameterized generic")

    def __subclasscheck__(self, cls):
        raise TypeError("issubclass() argument 2 cannot be a parameterized generic")

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return getattr(self.__origin__, name)


def _union_of(a, b):
    # _Py_union_type_or (Objects/unionobject.c): the members of both sides, in
    # order, each once, None as NoneType; one member left is that member
    members = []
    for side in (a, b):
        for m in (side.__args__ if isinstance(side, UnionType) else (side,)):
            if m is None:
                m = NoneType
            if m not in members:
                members.append(m)
    if len(members) == 1:
        return members[0]
    u = object.__new__(UnionType)
    u.__args__ = tuple(members)
    return u


class UnionType:
    """Represent a union type

E.g. for int | str"""

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create 'types.UnionType' instances")

    @property
    def __parameters__(self):
        return ()

    def __repr__(self):
        return " | ".join(_type_repr(a) for a in self.__args__)

    def __eq__(self, other):
        if not isinstance(other, UnionType):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __or__(self, other):
        if not _unionable(other):
            return NotImplemented
        return _union_of(self, other)

    def __ror__(self, other):
        if not _unionable(other):
            return NotImplemented
        return _union_of(other, self)

    def __instancecheck__(self, obj):
        return any(isinstance(obj, a) for a in self.__args__)

    def __subclasscheck__(self, cls):
        return any(issubclass(cls, a) for a in self.__args__)


def _type_or(a, b):
    # type.__or__ / __ror__ for the classes whose own type has none (the engine calls it)
    if not (_unionable(a) and _unionable(b)):
        return NotImplemented
    return _union_of(a, b)
FrameType = _kind(lambda: sys._getframe(), "frame")
CodeType = _kind(lambda: sys._getframe().f_code, "code")
CellType = _no_instances("cell")
TracebackType = _kind(lambda: _traceback_of(ValueError()), "traceback")
CoroutineType = _no_instances("coroutine")
AsyncGeneratorType = _no_instances("async_generator")
WrapperDescriptorType = _no_instances("wrapper_descriptor")
MethodWrapperType = _no_instances("method-wrapper")
MethodDescriptorType = _no_instances("method_descriptor")
ClassMethodDescriptorType = _no_instances("classmethod_descriptor")
GetSetDescriptorType = _no_instances("getset_descriptor")
MemberDescriptorType = _no_instances("member_descriptor")


def _traceback_of(exc):
    try:
        raise exc
    except Exception as e:
        tb = e.__traceback__
    if tb is None:
        raise TypeError("no traceback objects")
    return tb


class SimpleNamespace:
    """A simple attribute-based namespace."""

    def __init__(self, mapping_or_iterable=(), /, **kwargs):
        if hasattr(mapping_or_iterable, "keys"):
            items = [(k, mapping_or_iterable[k]) for k in mapping_or_iterable.keys()]
        else:
            items = []
            for pair in mapping_or_iterable:
                pair = tuple(pair)
                if len(pair) != 2:
                    raise ValueError("dictionary update sequence element #%d has length %d; 2 is required"
                                     % (len(items), len(pair)))
                items.append(pair)
        for k, v in items:
            if not isinstance(k, str):
                raise TypeError("keywords must be strings, not '%s'" % type(k).__name__)
            setattr(self, k, v)
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        name = "namespace" if type(self) is SimpleNamespace else type(self).__name__
        if id(self) in _repr_running:
            return name + "(...)"
        _repr_running.add(id(self))
        try:
            parts = ["%s=%r" % (k, v) for k, v in self.__dict__.items()]
        finally:
            _repr_running.discard(id(self))
        return "%s(%s)" % (name, ", ".join(parts))

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __replace__(self, /, **changes):
        result = type(self)(**self.__dict__)
        for k, v in changes.items():
            setattr(result, k, v)
        return result


_repr_running = set()


class mappingproxy:
    """A read-only proxy of a mapping."""
    __module__ = "builtins"

    def __init__(self, mapping):
        if not isinstance(mapping, dict) and (not hasattr(mapping, "keys") or isinstance(mapping, (list, tuple))):
            raise TypeError("mappingproxy() argument must be a mapping, not %s" % type(mapping).__name__)
        object.__setattr__(self, "_mapping", mapping)

    def __getitem__(self, key):
        return self._mapping[key]

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item deletion")

    def __setattr__(self, name, value):
        raise AttributeError("'mappingproxy' object has no attribute '%s'" % name)

    def __iter__(self):
        return iter(self._mapping)

    def __reversed__(self):
        return reversed(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __eq__(self, other):
        return self._mapping == other

    def __or__(self, other):
        if isinstance(other, mappingproxy):
            other = other._mapping
        return dict(self._mapping) | other

    def __ror__(self, other):
        return other | dict(self._mapping)

    def __ior__(self, other):
        raise TypeError("'|=' is not supported by mappingproxy; use '|' instead")

    def __repr__(self):
        return "mappingproxy(%r)" % (self._mapping,)

    def __str__(self):
        return str(self._mapping)


MappingProxyType = mappingproxy


def resolve_bases(bases):
    """Resolve MRO entries dynamically as specified by PEP 560."""
    new_bases = list(bases)
    updated = False
    shift = 0
    for i, base in enumerate(bases):
        if isinstance(base, type):
            continue
        if not hasattr(base, "__mro_entries__"):
            continue
        new_base = base.__mro_entries__(bases)
        updated = True
        if not isinstance(new_base, tuple):
            raise TypeError("__mro_entries__ must return a tuple")
        new_bases[i + shift:i + shift + 1] = new_base
        shift += len(new_base) - 1
    return bases if not updated else tuple(new_bases)


def _calculate_meta(meta, bases):
    winner = meta
    for base in bases:
        base_meta = type(base)
        if issubclass(winner, base_meta):
            continue
        if issubclass(base_meta, winner):
            winner = base_meta
            continue
        raise TypeError("metaclass conflict: the metaclass of a derived class must be a (non-strict) "
                        "subclass of the metaclasses of all its bases")
    return winner


def prepare_class(name, bases=(), kwds=None):
    """Call the __prepare__ method of the appropriate metaclass: (metaclass, namespace, kwds)."""
    kwds = {} if kwds is None else dict(kwds)
    if "metaclass" in kwds:
        meta = kwds.pop("metaclass")
    else:
        meta = type(bases[0]) if bases else type
    if isinstance(meta, type):
        meta = _calculate_meta(meta, bases)
    if hasattr(meta, "__prepare__"):
        ns = meta.__prepare__(name, bases, **kwds)
    else:
        ns = {}
    return meta, ns, kwds


def new_class(name, bases=(), kwds=None, exec_body=None):
    """Create a class object dynamically using the appropriate metaclass."""
    resolved_bases = resolve_bases(bases)
    meta, ns, kwds = prepare_class(name, resolved_bases, kwds)
    if exec_body is not None:
        exec_body(ns)
    if resolved_bases is not bases:
        ns["__orig_bases__"] = bases
    return meta(name, resolved_bases, dict(ns), **kwds)


def get_original_bases(cls, /):
    """The class's bases as written, before __mro_entries__ (PEP 560)."""
    try:
        return cls.__dict__.get("__orig_bases__", cls.__bases__)
    except AttributeError:
        raise TypeError("Expected an instance of type, not %r" % type(cls).__name__) from None


class DynamicClassAttribute:
    """An attribute read from an instance; read from the class it raises AttributeError,
    so that a metaclass's attribute of the same name is found (mirrors types.DynamicClassAttribute)."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc or (fget.__doc__ if fget is not None else None)
        self.overwrite_doc = doc is None
        self.__isabstractmethod__ = bool(getattr(fget, "__isabstractmethod__", False))

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            if self.__isabstractmethod__:
                return self
            raise AttributeError()
        if self.fget is None:
            raise AttributeError("unreadable attribute")
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError("can't set attribute")
        self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError("can't delete attribute")
        self.fdel(instance)

    def getter(self, fget):
        return type(self)(fget, self.fset, self.fdel, None if self.overwrite_doc else self.__doc__)

    def setter(self, fset):
        return type(self)(self.fget, fset, self.fdel, self.__doc__)

    def deleter(self, fdel):
        return type(self)(self.fget, self.fset, fdel, self.__doc__)


def coroutine(func):
    """Mark a generator-based function as a coroutine (the function itself, as it already is one here)."""
    if not callable(func):
        raise TypeError("types.coroutine() expects a callable")
    return func

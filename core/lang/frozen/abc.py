# abc: abstract base classes (CPython 3.13's abc interface, written here in Python, as
# CPython's own pure-Python fallback Lib/_py_abc.py is; its C accelerator _abc is not needed:
# the registry is small and a session is single-threaded).
#
# ABCMeta is a metaclass (Note [Metaclasses], classes.hpp). When it makes a class it stores
# __abstractmethods__: the names whose value in the class is abstract (marked by
# abstractmethod, directly or through a property, classmethod or staticmethod), plus the
# inherited abstract names the class does not override with a concrete value. The engine's
# object.__new__ refuses a class whose own set is non-empty (check_not_abstract, mirroring
# CPython's Py_TPFLAGS_IS_ABSTRACT), so abc only computes the set.
# isinstance/issubclass consult __instancecheck__/__subclasscheck__: the real MRO, then
# __subclasshook__, then the classes registered with register() (virtual subclasses), then
# the same question for each subclass of the ABC (mirrors _py_abc.ABCMeta.__subclasscheck__).

_token = [0]


def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    # property, classmethod and staticmethod are abstract when a function they hold is
    for part in ("fget", "fset", "fdel", "__func__"):
        try:
            inner = getattr(value, part)
        except Exception:
            continue
        if inner is not None and _is_abstract(inner):
            return True
    try:
        return bool(getattr(value, "__isabstractmethod__", False))
    except Exception:
        return False


def abstractclassmethod(callable):
    # deprecated since 3.3 in CPython: classmethod(abstractmethod(f)) is the same
    return classmethod(abstractmethod(callable))


def abstractstaticmethod(callable):
    return staticmethod(abstractmethod(callable))


def abstractproperty(fget=None, fset=None, fdel=None, doc=None):
    return property(abstractmethod(fget) if fget is not None else None, fset, fdel, doc)


def get_cache_token():
    # changes whenever a virtual subclass is registered
    return _token[0]


def _compute_abstracts(cls, own):
    abstracts = set()
    for name, value in own:
        if _is_abstract(value):
            abstracts.add(name)
    for base in cls.__mro__[1:]:
        for name in getattr(base, "__abstractmethods__", ()):
            if _is_abstract(getattr(cls, name, None)):
                abstracts.add(name)
    return frozenset(abstracts)


def update_abstractmethods(cls):
    if not hasattr(cls, "__abstractmethods__"):
        return cls
    cls.__abstractmethods__ = _compute_abstracts(cls, list(cls.__dict__.items()))
    return cls


class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _compute_abstracts(cls, list(namespace.items()))
        cls._abc_registry = []
        cls._abc_subclasses = []
        for base in cls.__mro__[1:]:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.append(subclass)
        _token[0] += 1
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if cls in subclass.__mro__:
            return True
        hook = getattr(cls, "__subclasshook__", None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        for rcls in cls._abc_registry:
            if issubclass(subclass, rcls):
                return True
        for scls in cls._abc_subclasses:
            if issubclass(subclass, scls):
                return True
        return False

    def _dump_registry(cls, file=None):
        print(f"Class: {cls.__module__}.{cls.__qualname__}", file=file)
        print(f"Inv. counter: {get_cache_token()}", file=file)
        print(f"_abc_registry: {cls._abc_registry!r}", file=file)


class ABC(metaclass=ABCMeta):
    __slots__ = ()

    @classmethod
    def __subclasshook__(cls, C):
        return NotImplemented

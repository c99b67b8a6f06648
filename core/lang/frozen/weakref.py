# weakref: weak references with CPython 3.13's interface (ref and its callbacks,
# proxy, getweakrefcount/getweakrefs, WeakMethod, WeakValueDictionary,
# WeakKeyDictionary, WeakSet, finalize), written here in Python over the native
# handles of _weakref (Note [Weak references], core/lang/objects/weakref.hpp).
# Invariant: a reference answers its referent while the referent lives and None
# (a proxy: ReferenceError) after; the weak containers never keep an entry alive
# and drop it when its referent dies.
import _weakref

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs", "WeakKeyDictionary", "ReferenceType", "ProxyType",
           "CallableProxyType", "ProxyTypes", "WeakValueDictionary", "WeakSet", "WeakMethod", "finalize"]

getweakrefcount = _weakref.getweakrefcount
getweakrefs = _weakref.getweakrefs

_BASIC_REF, _BASIC_PROXY, _OTHER = 0, 1, 2


def _named(o):
    try:
        name = o.__name__
    except Exception:
        return ''
    return ' (%s)' % name if isinstance(name, str) else ''


class ReferenceType:
    # ref(o) with no callback is shared: every such call answers the same reference.
    def __new__(cls, ob, callback=None, /, *args, **kwargs):
        basic = callback is None and cls is ReferenceType
        if basic:
            r = _weakref.basic(ob, _BASIC_REF)
            if r is not None:
                return r
        self = object.__new__(cls)
        self._wr_hash = None
        self._wr_cb = callback
        self._wr_handle = _weakref.handle(ob, self, callback, _BASIC_REF if basic else _OTHER)
        return self

    def __init__(self, ob, callback=None, /, *args, **kwargs):
        pass

    def __call__(self):
        return _weakref.get(self._wr_handle)

    @property
    def __callback__(self):
        return self._wr_cb if self() is not None else None

    def __hash__(self):
        if self._wr_hash is None:
            o = self()
            if o is None:
                raise TypeError('weak object has gone away')
            self._wr_hash = hash(o)
        return self._wr_hash

    def __eq__(self, other):
        if not isinstance(other, ReferenceType):
            return NotImplemented
        a, b = self(), other()
        if a is None or b is None:
            return self is other
        return a == b

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __repr__(self):
        o = self()
        if o is None:
            return '<weakref at %#x; dead>' % id(self)
        return "<weakref at %#x; to '%s' at %#x%s>" % (id(self), type(o).__name__, id(o), _named(o))

    def __class_getitem__(cls, item):
        return cls


ReferenceType.__module__ = 'weakref'
ref = ReferenceType


def _proxy_target(p):
    o = _weakref.get(object.__getattribute__(p, '_wr_handle'))
    if o is None:
        raise ReferenceError('weakly-referenced object no longer exists')
    return o


class ProxyType:
    def __getattr__(self, name):
        return getattr(_proxy_target(self), name)

    def __setattr__(self, name, value):
        setattr(_proxy_target(self), name, value)

    def __delattr__(self, name):
        delattr(_proxy_target(self), name)

    def __repr__(self):
        o = _proxy_target(self)
        return "<weakproxy at %#x; to '%s' at %#x>" % (id(self), type(o).__name__, id(o))

    def __str__(self):
        return str(_proxy_target(self))

    def __bool__(self):
        return bool(_proxy_target(self))

    def __len__(self):
        return len(_proxy_target(self))

    def __iter__(self):
        return iter(_proxy_target(self))

    def __next__(self):
        return next(_proxy_target(self))

    def __contains__(self, x):
        return x in _proxy_target(self)

    def __getitem__(self, k):
        return _proxy_target(self)[k]

    def __setitem__(self, k, v):
        _proxy_target(self)[k] = v

    def __delitem__(self, k):
        del _proxy_target(self)[k]

    def __hash__(self):
        raise TypeError("unhashable type: 'weakref.ProxyType'")

    def __eq__(self, o): return _proxy_target(self) == _unproxy(o)
    def __ne__(self, o): return _proxy_target(self) != _unproxy(o)
    def __lt__(self, o): return _proxy_target(self) < _unproxy(o)
    def __le__(self, o): return _proxy_target(self) <= _unproxy(o)
    def __gt__(self, o): return _proxy_target(self) > _unproxy(o)
    def __ge__(self, o): return _proxy_target(self) >= _unproxy(o)
    def __add__(self, o): return _proxy_target(self) + _unproxy(o)
    def __radd__(self, o): return _unproxy(o) + _proxy_target(self)
    def __sub__(self, o): return _proxy_target(self) - _unproxy(o)
    def __rsub__(self, o): return _unproxy(o) - _proxy_target(self)
    def __mul__(self, o): return _proxy_target(self) * _unproxy(o)
    def __rmul__(self, o): return _unproxy(o) * _proxy_target(self)
    def __truediv__(self, o): return _proxy_target(self) / _unproxy(o)
    def __floordiv__(self, o): return _proxy_target(self) // _unproxy(o)
    def __mod__(self, o): return _proxy_target(self) % _unproxy(o)
    def __pow__(self, o): return _proxy_target(self) ** _unproxy(o)
    def __neg__(self): return -_proxy_target(self)
    def __pos__(self): return +_proxy_target(self)
    def __abs__(self): return abs(_proxy_target(self))
    def __int__(self): return int(_proxy_target(self))
    def __float__(self): return float(_proxy_target(self))
    def __index__(self): return _proxy_target(self).__index__()


class CallableProxyType(ProxyType):
    def __call__(self, *args, **kwargs):
        return _proxy_target(self)(*args, **kwargs)


ProxyType.__module__ = 'weakref'
CallableProxyType.__module__ = 'weakref'
ProxyTypes = (ProxyType, CallableProxyType)


def _unproxy(o):
    return _proxy_target(o) if isinstance(o, ProxyType) else o


def proxy(object, callback=None, /):
    if callback is None:
        p = _weakref.basic(object, _BASIC_PROXY)
        if p is not None:
            return p
    cls = CallableProxyType if callable(object) else ProxyType
    p = builtins_object.__new__(cls)
    builtins_object.__setattr__(p, '_wr_handle',
                                _weakref.handle(object, p, callback, _BASIC_PROXY if callback is None else _OTHER))
    return p


builtins_object = object


# The callbacks are made by functions of their own so that their closures hold
# only a weak reference to their container (a closure here keeps its whole scope).
def _method_callback(holder):
    def _cb(arg):
        self = holder[0]() if holder else None
        if self is not None and self._alive:
            self._alive = False
            if self._meth_cb is not None:
                self._meth_cb(self)
    return _cb


def _value_remover(self_wr):
    def remove(wr):
        d = self_wr()
        if d is not None and d._data.get(wr.key) is wr:
            del d._data[wr.key]
    return remove


def _key_remover(self_wr):
    def remove(k):
        d = self_wr()
        if d is not None:
            d._data.pop(k, None)
    return remove


def _set_remover(self_wr):
    def remove(r):
        s = self_wr()
        if s is not None:
            s._data.discard(r)
    return remove


class WeakMethod(ReferenceType):
    # A bound method dies at once; this holds its object and its function weakly and
    # answers a new bound method while both live (the callback runs once, when the
    # first of them dies).
    def __new__(cls, meth, callback=None):
        try:
            obj = meth.__self__
            func = meth.__func__
        except AttributeError:
            raise TypeError("argument should be a bound method, not {}".format(type(meth))) from None

        holder = []
        _cb = _method_callback(holder)
        self = ReferenceType.__new__(cls, obj, _cb)
        self._func_ref = ref(func, _cb)
        self._meth_cb = callback
        self._meth_type = type(meth)
        self._alive = True
        holder.append(ref(self))
        return self

    def __call__(self):
        obj = ReferenceType.__call__(self)
        func = self._func_ref()
        if obj is None or func is None:
            return None
        return self._meth_type(func, obj)

    def __eq__(self, other):
        if isinstance(other, WeakMethod):
            if not self._alive or not other._alive:
                return self is other
            return ReferenceType.__eq__(self, other) and self._func_ref == other._func_ref
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    def __hash__(self):
        return ReferenceType.__hash__(self)


class KeyedRef(ReferenceType):
    def __new__(cls, ob, callback, key):
        self = ReferenceType.__new__(cls, ob, callback)
        self.key = key
        return self

    def __init__(self, ob, callback, key):
        pass


class WeakValueDictionary:
    # key -> KeyedRef(value); a value's death removes its key (if it still maps to
    # that reference).
    def __init__(self, other=(), /, **kw):
        self._remove = _value_remover(ref(self))
        self._data = {}
        self.update(other, **kw)

    def __getitem__(self, key):
        o = self._data[key]()
        if o is None:
            raise KeyError(key)
        return o

    def __setitem__(self, key, value):
        self._data[key] = KeyedRef(value, self._remove, key)

    def __delitem__(self, key):
        del self._data[key]

    def __contains__(self, key):
        try:
            o = self._data[key]()
        except KeyError:
            return False
        return o is not None

    def __len__(self):
        return sum(1 for r in list(self._data.values()) if r() is not None)

    def __repr__(self):
        return '<%s at %#x>' % (type(self).__name__, id(self))

    def items(self):
        for k, r in list(self._data.items()):
            v = r()
            if v is not None:
                yield k, v

    def keys(self):
        for k, v in self.items():
            yield k

    __iter__ = keys

    def values(self):
        for k, v in self.items():
            yield v

    def itervaluerefs(self):
        yield from list(self._data.values())

    def valuerefs(self):
        return list(self._data.values())

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def pop(self, key, *args):
        r = self._data.pop(key, None)
        o = r() if r is not None else None
        if o is None:
            if args:
                return args[0]
            raise KeyError(key)
        return o

    def popitem(self):
        while True:
            k, r = self._data.popitem()
            o = r()
            if o is not None:
                return k, o

    def setdefault(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            self[key] = default
            return default

    def update(self, other=(), /, **kw):
        if hasattr(other, 'items'):
            other = other.items()
        for k, v in other:
            self[k] = v
        for k, v in kw.items():
            self[k] = v

    def clear(self):
        self._data.clear()

    def copy(self):
        return WeakValueDictionary(self.items())

    __copy__ = copy


class WeakKeyDictionary:
    # ref(key) -> value; a key's death removes its entry.
    def __init__(self, dict=None):
        self._remove = _key_remover(ref(self))
        self._data = {}
        if dict is not None:
            self.update(dict)

    def __getitem__(self, key):
        return self._data[ref(key)]

    def __setitem__(self, key, value):
        self._data[ref(key, self._remove)] = value

    def __delitem__(self, key):
        del self._data[ref(key)]

    def __contains__(self, key):
        try:
            wr = ref(key)
        except TypeError:
            return False
        return wr in self._data

    def __len__(self):
        return sum(1 for r in list(self._data) if r() is not None)

    def __repr__(self):
        return '<%s at %#x>' % (type(self).__name__, id(self))

    def items(self):
        for r, v in list(self._data.items()):
            k = r()
            if k is not None:
                yield k, v

    def keys(self):
        for k, v in self.items():
            yield k

    __iter__ = keys

    def values(self):
        for k, v in self.items():
            yield v

    def keyrefs(self):
        return list(self._data)

    def get(self, key, default=None):
        return self._data.get(ref(key), default)

    def pop(self, key, *args):
        return self._data.pop(ref(key), *args)

    def popitem(self):
        while True:
            r, v = self._data.popitem()
            k = r()
            if k is not None:
                return k, v

    def setdefault(self, key, default=None):
        return self._data.setdefault(ref(key, self._remove), default)

    def update(self, dict=None, /, **kw):
        if dict is not None:
            if hasattr(dict, 'items'):
                dict = dict.items()
            for k, v in dict:
                self[k] = v
        for k, v in kw.items():
            self[k] = v

    def clear(self):
        self._data.clear()

    def copy(self):
        return WeakKeyDictionary(self.items())

    __copy__ = copy


class WeakSet:
    def __init__(self, data=None):
        self._remove = _set_remover(ref(self))
        self._data = set()
        if data is not None:
            self.update(data)

    def __iter__(self):
        for r in list(self._data):
            o = r()
            if o is not None:
                yield o

    def __len__(self):
        return sum(1 for r in list(self._data) if r() is not None)

    def __contains__(self, item):
        try:
            wr = ref(item)
        except TypeError:
            return False
        return wr in self._data

    def add(self, item):
        self._data.add(ref(item, self._remove))

    def discard(self, item):
        self._data.discard(ref(item))

    def remove(self, item):
        self._data.remove(ref(item))

    def pop(self):
        while True:
            try:
                r = self._data.pop()
            except KeyError:
                raise KeyError('pop from empty WeakSet') from None
            o = r()
            if o is not None:
                return o

    def clear(self):
        self._data.clear()

    def copy(self):
        return WeakSet(self)

    __copy__ = copy

    def update(self, other):
        for x in other:
            self.add(x)

    def __ior__(self, other):
        self.update(other)
        return self

    def union(self, other):
        s = self.copy()
        s.update(other)
        return s

    __or__ = union

    def difference(self, other):
        return WeakSet(x for x in self if x not in other)

    __sub__ = difference

    def intersection(self, other):
        return WeakSet(x for x in other if x in self)

    __and__ = intersection

    def symmetric_difference(self, other):
        other = WeakSet(other)
        return WeakSet([x for x in self if x not in other] + [x for x in other if x not in self])

    __xor__ = symmetric_difference

    def issubset(self, other):
        return all(x in other for x in self)

    __le__ = issubset

    def issuperset(self, other):
        return all(x in self for x in other)

    __ge__ = issuperset

    def __eq__(self, other):
        if not isinstance(other, WeakSet):
            return NotImplemented
        return set(self) == set(other)

    def isdisjoint(self, other):
        return not any(x in self for x in other)


class finalize:
    # Calls func(*args, **kwargs) once: when obj dies, or when the finalizer is
    # called first. A live finalizer is held by the class, as CPython's registry does.
    _registry = {}
    _index = 0

    class _Info:
        pass

    def __init__(self, obj, func, /, *args, **kwargs):
        info = finalize._Info()
        info.weakref = ref(obj, self)
        info.func = func
        info.args = args
        info.kwargs = kwargs or None
        info.atexit = True
        finalize._index += 1
        info.index = finalize._index
        finalize._registry[self] = info

    def __call__(self, _=None):
        info = finalize._registry.pop(self, None)
        if info:
            return info.func(*info.args, **(info.kwargs or {}))

    def detach(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is not None and finalize._registry.pop(self, None):
            return (obj, info.func, info.args, info.kwargs or {})

    def peek(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is not None:
            return (obj, info.func, info.args, info.kwargs or {})

    @property
    def alive(self):
        return self in finalize._registry

    @property
    def atexit(self):
        info = finalize._registry.get(self)
        return bool(info) and info.atexit

    @atexit.setter
    def atexit(self, value):
        info = finalize._registry.get(self)
        if info:
            info.atexit = bool(value)

    def __repr__(self):
        info = finalize._registry.get(self)
        obj = info and info.weakref()
        if obj is None:
            return '<%s object at %#x; dead>' % (type(self).__name__, id(self))
        return '<%s object at %#x; for %r at %#x>' % (type(self).__name__, id(self), type(obj).__name__, id(obj))

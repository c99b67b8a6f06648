# enum: enumerations (CPython 3.13's enum interface, written here in Python as CPython's
# Lib/enum.py is; learnt from its behaviour, not copied).
#
# An enumeration is a class made by the metaclass EnumType (Note [Metaclasses],
# classes.hpp). EnumType.__new__ receives the class body's names in definition order and
# splits them: dunder, _sunder_ and private names, descriptors (functions, properties,
# classmethods, staticmethods) and nonmember() values stay class attributes; every other
# name is a member. Each member is an instance of the new class made once, at class
# creation: _value_ is the value written (auto() asks _generate_next_value_), _name_ its
# name; a value equal to an earlier member's makes the name an alias of that member.
# Invariants: cls._member_map_ maps every name (aliases too) to its member,
# cls._member_names_ lists the canonical members in definition order, and
# cls._value2member_map_ maps each member's value to it, so Color(v) is a lookup.
# Flag members are bit sets: a value made of the flag's bits that is no member is a
# pseudo-member made on demand (named by its canonical bits, "R|W"), cached in
# _value2member_map_; the boundary (STRICT, CONFORM, EJECT, KEEP) decides what happens to
# other bits (mirrors Flag._missing_).
# IntEnum, IntFlag and StrEnum members are instances of int/str subclasses: they carry the
# value as their builtin part (int.__new__(cls, v)), so arithmetic and str methods apply.
import sys
from types import MappingProxyType, DynamicClassAttribute


_auto_null = object()
property = DynamicClassAttribute


def bin(num, max_bits=None):
    # two's complement with a sign digit: bin(5) == '0b0 101', bin(-5) == '0b1 011'
    ceiling = 2 ** num.bit_length()
    if num >= 0:
        s = format(num + ceiling, "#b").replace("1", "0", 1)
    else:
        s = format(~num ^ (ceiling - 1) + ceiling, "#b")
    sign, digits = s[:3], s[3:]
    if max_bits is not None and len(digits) < max_bits:
        digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return "%s %s" % (sign, digits)


def show_flag_values(value):
    return [1 << i for i in range(value.bit_length()) if value >> i & 1]


def _is_single_bit(num):
    return num != 0 and num & (num - 1) == 0


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_private(cls_name, name):
    pattern = "_%s__" % cls_name.lstrip("_")
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith("__")


def _is_descriptor(obj):
    if isinstance(obj, (staticmethod, classmethod, DynamicClassAttribute)):
        return True
    kind = type(obj).__name__
    if kind in ("function", "property", "builtin_function_or_method", "method"):
        return True
    t = type(obj)
    return any(n in t.__dict__ for k in t.__mro__ if k is not object for n in ("__get__", "__set__", "__delete__"))


class auto:
    """Instances are replaced with an appropriate value in Enum class suites."""
    def __init__(self, value=_auto_null):
        self.value = value

    def __repr__(self):
        return "auto(%r)" % (self.value,)


class member:
    def __init__(self, value):
        self.value = value


class nonmember:
    def __init__(self, value):
        self.value = value


class EnumDict(dict):
    """The mapping an enumeration's body fills (its names in definition order)."""
    def __init__(self):
        super().__init__()
        self._member_names = {}
        self._last_values = []
        self._ignore = []
        self._auto_called = False


class _Boundary:
    def __init__(self, name, value):
        self._name_, self._value_ = name, value

    name = DynamicClassAttribute(lambda self: self._name_)
    value = DynamicClassAttribute(lambda self: self._value_)

    def __repr__(self):
        return "<FlagBoundary.%s: %r>" % (self._name_, self._value_)

    def __str__(self):
        return self._value_


def _make_member(enum_class, name, value, new_member, use_args, member_type):
    args = value if isinstance(value, tuple) else (value,)
    if member_type is tuple:
        args = (value,)
    if new_member is not None:
        m = new_member(enum_class, *args)
    elif member_type is object:
        m = object.__new__(enum_class)
    else:
        m = member_type.__new__(enum_class, *args)
    if "_value_" not in m.__dict__:
        if member_type is object:
            m._value_ = value
        else:
            m._value_ = member_type(*args)
    m._name_ = name
    m.__objclass__ = enum_class
    m._sort_order_ = len(enum_class._member_names_)
    init = getattr(enum_class, "__init__", None)
    if init is not None and init is not Enum.__init__:
        m.__init__(*args)
    return m


def _find_data_type(bases):
    for chain in bases:
        for base in chain.__mro__:
            if base is object or isinstance(base, EnumType):
                continue
            if base in (int, str, float, tuple) or "__new__" in base.__dict__:
                return base
    return object


def _defined(name):
    # Enum and Flag once this module has made them (EnumType makes them too)
    try:
        return {"Enum": lambda: Enum, "Flag": lambda: Flag}[name]()
    except NameError:
        return None


def _first_enum(bases):
    for base in reversed(bases):
        if isinstance(base, EnumType):
            return base
    return _defined("Enum")


class EnumType(type):
    """Metaclass for Enum."""

    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        return EnumDict()

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError("<enum %r> cannot extend %r" % (cls, base))
        first = _first_enum(bases)
        member_type = _find_data_type(bases) if bases else object
        ignore = classdict.get("_ignore_", [])
        if isinstance(ignore, str):
            ignore = ignore.replace(",", " ").split()
        members = {}
        body = {}
        for key, value in classdict.items():
            if key in ignore or key == "_ignore_":
                continue
            if isinstance(value, nonmember):
                body[key] = value.value
            elif isinstance(value, member):
                members[key] = value.value
            elif _is_dunder(key) or _is_sunder(key) or _is_private(cls, key) or _is_descriptor(value):
                body[key] = value
            else:
                members[key] = value
        # a __new__ written in an enumeration's body makes its members; Enum's own __new__
        # (the lookup by value) stays the class's, for Color(1)
        new_member = body.pop("__new__", None) if first is not None else None
        if isinstance(new_member, staticmethod):
            new_member = new_member.__func__
        if new_member is None and first is not None:
            new_member = first.__dict__.get("_new_member_") if "_new_member_" in first.__dict__ else None
            if isinstance(new_member, staticmethod):
                new_member = new_member.__func__
        body["_new_member_"] = staticmethod(new_member) if new_member is not None else None
        body["_member_names_"] = []
        body["_member_map_"] = {}
        body["_value2member_map_"] = {}
        body["_unhashable_values_"] = []
        body["_member_type_"] = member_type
        enum_class = super().__new__(metacls, cls, bases, body, **kwds)
        if first is not None:
            # Color(v) is a lookup: Enum.__new__ before a mixed-in type's (int.__new__)
            type.__setattr__(enum_class, "__new__", Enum.__new__)
        is_flag = _defined("Flag") is not None and issubclass(enum_class, Flag)
        if boundary is None:
            boundary = getattr(first, "_boundary_", None) if first is not None else None
        type.__setattr__(enum_class, "_boundary_", boundary)
        gen = enum_class._generate_next_value_
        last_values = []
        for name, value in members.items():
            if isinstance(value, auto):
                if value.value is _auto_null:
                    value.value = gen(name, 1, len(last_values), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(gen(name, 1, len(last_values), last_values[:]) if isinstance(v, auto) else v
                              for v in value)
            last_values.append(value)
            metacls._add_member_(enum_class, name, value, new_member, member_type, is_flag)
        if is_flag:
            metacls._finish_flag_(enum_class)
        return enum_class

    def _add_member_(enum_class, name, value, new_member, member_type, is_flag):
        m = _make_member(enum_class, name, value, new_member, True, member_type)
        value = m._value_
        canonical = None
        for other in enum_class._member_map_.values():
            if other._value_ == value:
                canonical = other
                break
        if canonical is not None:
            m = canonical
        elif not is_flag or _is_single_bit(value) or not isinstance(value, int):
            # a multi-bit (or zero) flag member is an alias of its bits: not iterated
            enum_class._member_names_.append(name)
        enum_class._member_map_[name] = m
        try:
            enum_class._value2member_map_.setdefault(value, m)
        except TypeError:
            enum_class._unhashable_values_.append(value)
        type.__setattr__(enum_class, name, m)

    def _finish_flag_(enum_class):
        mask = 0
        singles = 0
        for m in enum_class._member_map_.values():
            mask |= m._value_
        for n in enum_class._member_names_:
            singles |= enum_class._member_map_[n]._value_
        type.__setattr__(enum_class, "_flag_mask_", mask)
        type.__setattr__(enum_class, "_singles_mask_", singles)
        type.__setattr__(enum_class, "_all_bits_", 2 ** mask.bit_length() - 1)
        if enum_class._boundary_ is None:
            type.__setattr__(enum_class, "_boundary_", STRICT)

    def __call__(cls, value, names=_auto_null, *values, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        if names is _auto_null:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type, start=start,
                            boundary=boundary)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1, boundary=None):
        metacls = cls.__class__
        bases = (cls,) if type is None else (type, cls)
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        items = []
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            last = []
            for count, name in enumerate(names):
                v = cls._generate_next_value_(name, start, count, last[:])
                last.append(v)
                items.append((name, v))
        elif hasattr(names, "items"):
            items = list(names.items())
        else:
            items = [tuple(x) for x in names]
        classdict = {"__module__": module if module is not None else "__main__"}
        if qualname is not None:
            classdict["__qualname__"] = qualname
        for k, v in items:
            classdict[k] = v
        return metacls.__new__(metacls, class_name, bases, classdict, boundary=boundary)

    def __bool__(cls):
        return True

    def __contains__(cls, value):
        if isinstance(value, cls):
            return True
        try:
            return value in cls._value2member_map_
        except TypeError:
            return value in cls._unhashable_values_

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError("%r cannot delete member %r." % (cls.__name__, attr))
        super().__delattr__(attr)

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("cannot reassign member %r" % (name,))
        super().__setattr__(name, value)

    def __dir__(cls):
        names = {"__class__", "__contains__", "__doc__", "__getitem__", "__iter__", "__len__",
                 "__members__", "__module__", "__name__", "__qualname__"}
        names.update(cls._member_names_)
        if cls._new_member_ is not None and cls._new_member_ is not object.__new__:
            names.add("__new__")
        if "__init_subclass__" in cls.__dict__:
            names.add("__init_subclass__")
        else:
            names.add("__init_subclass__")
        return sorted(names)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    @DynamicClassAttribute
    def __members__(cls):
        return MappingProxyType(cls._member_map_)

    def __repr__(cls):
        if _defined("Flag") is not None and issubclass(cls, Flag):
            return "<flag %r>" % cls.__name__
        return "<enum %r>" % cls.__name__


EnumMeta = EnumType


class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            for m in cls._member_map_.values():
                if m._value_ == value:
                    return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        raise TypeError("error in %s._missing_: returned %r instead of None or a valid member"
                        % (cls.__name__, result))

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        try:
            last_value = sorted(last_values).pop()
        except TypeError:
            raise TypeError("unable to sort non-numeric values") from None
        try:
            return last_value + 1
        except TypeError:
            raise TypeError("unable to increment %r" % (last_value,)) from None

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = type(self)._value_repr_ if "_value_repr_" in dir(type(self)) else None
        return "<%s.%s: %s>" % (self.__class__.__name__, self._name_, (v_repr or repr)(self._value_))

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __dir__(self):
        names = {"__class__", "__doc__", "__eq__", "__hash__", "__module__", "name", "value"}
        names.update(k for k in self.__dict__ if not k.startswith("_"))
        return sorted(names)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    @DynamicClassAttribute
    def name(self):
        """The name of the Enum member."""
        return self._name_

    @DynamicClassAttribute
    def value(self):
        """The value of the Enum member."""
        return self._value_


class ReprEnum(Enum):
    """Only changes the repr(), leaving str() and format() to the mixed-in type."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)


class IntEnum(int, ReprEnum):
    """Enum where members are also (and must be) ints."""

    def __hash__(self):
        return hash(self._value_)

    def _value_repr_(value):
        return repr(int(value))


class StrEnum(str, ReprEnum):
    """Enum where members are also (and must be) strings."""

    def __hash__(self):
        return hash(self._value_)

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError("too many arguments for str(): %r" % (values,))
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError("%r is not a string" % (values[0],))
        value = str(*values)
        m = str.__new__(cls, value)
        m._value_ = value
        return m

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


class FlagBoundary:
    STRICT = _Boundary("STRICT", "strict")
    CONFORM = _Boundary("CONFORM", "conform")
    EJECT = _Boundary("EJECT", "eject")
    KEEP = _Boundary("KEEP", "keep")


STRICT, CONFORM, EJECT, KEEP = FlagBoundary.STRICT, FlagBoundary.CONFORM, FlagBoundary.EJECT, FlagBoundary.KEEP


class Flag(Enum, boundary=STRICT):
    """Support for flags."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        last_value = max(last_values)
        try:
            high_bit = last_value.bit_length() - 1
        except Exception:
            raise TypeError("invalid flag value %r" % last_value) from None
        return 2 ** (high_bit + 1)

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        flag_mask = cls._flag_mask_
        singles = cls._singles_mask_
        all_bits = cls._all_bits_
        neg = None
        if value < 0:
            neg = value
            value = all_bits + 1 + value
        unknown = value & ~flag_mask
        if unknown or (neg is not None and not (0 <= value <= all_bits)):
            b = cls._boundary_
            if b is STRICT:
                max_bits = max(value.bit_length(), flag_mask.bit_length())
                raise ValueError("%r invalid value %r\n    given %s\n  allowed %s"
                                 % (cls, neg if neg is not None else value, bin(value, max_bits), bin(flag_mask, max_bits)))
            elif b is CONFORM:
                value = value & flag_mask
                unknown = 0
            elif b is EJECT:
                return value
            elif b is KEEP:
                pass
        known = value & flag_mask
        if cls._member_type_ is object:
            pseudo = object.__new__(cls)
        else:
            pseudo = cls._member_type_.__new__(cls, value)
        pseudo._value_ = neg if neg is not None and cls._member_type_ is not object else value
        # named by the members its bits hold, in definition order, then the unknown bits
        names = [m._name_ for m in cls._iter_bits_(known)]
        if not names:
            pseudo._name_ = None
        else:
            pseudo._name_ = "|".join(names)
            if unknown:
                pseudo._name_ += "|" + repr(unknown)
        try:
            cls._value2member_map_.setdefault(value, pseudo)
        except TypeError:
            pass
        return cls._value2member_map_.get(value, pseudo)

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    @classmethod
    def _iter_bits_(cls, value):
        # the canonical members whose bits value holds, in definition order
        for n in cls._member_names_:
            m = cls._member_map_[n]
            if m._value_ and m._value_ & value == m._value_:
                yield m

    def __iter__(self):
        return self.__class__._iter_bits_(self._value_)

    def __len__(self):
        return bin(self._value_ & self.__class__._flag_mask_).count("1")

    def __repr__(self):
        cls_name = self.__class__.__name__
        v_repr = getattr(self.__class__, "_value_repr_", None) or repr
        if self._name_ is None:
            return "<%s: %s>" % (cls_name, v_repr(self._value_))
        return "<%s.%s: %s>" % (cls_name, self._name_, v_repr(self._value_))

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return "%s(%r)" % (cls_name, self._value_)
        return "%s.%s" % (cls_name, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def _get_value(self, flag):
        if isinstance(flag, self.__class__):
            return flag._value_
        if self._member_type_ is not object and isinstance(flag, self._member_type_):
            return flag
        return NotImplemented

    def __or__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ | other_value)

    def __and__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ & other_value)

    def __xor__(self, other):
        other_value = self._get_value(other)
        if other_value is NotImplemented:
            return NotImplemented
        return self.__class__(self._value_ ^ other_value)

    def __invert__(self):
        cls = self.__class__
        if cls._boundary_ in (EJECT, KEEP):
            max_bits = max(self._value_.bit_length(), cls._flag_mask_.bit_length())
            return cls(~self._value_ & (2 ** max_bits - 1))
        return cls(cls._singles_mask_ & ~self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__


class IntFlag(int, ReprEnum, Flag, boundary=KEEP):
    """Support for integer-based Flags."""

    def __hash__(self):
        return hash(self._value_)

    def _value_repr_(value):
        return repr(int(value))

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)


def unique(enumeration):
    duplicates = []
    for name, m in enumeration.__members__.items():
        if name != m.name:
            duplicates.append((name, m.name))
    if duplicates:
        alias_details = ", ".join(["%s -> %s" % (alias, name) for (alias, name) in duplicates])
        raise ValueError("duplicate values found in %r: %s" % (enumeration, alias_details))
    return enumeration


class EnumCheck:
    CONTINUOUS = "no skipped integer values"
    NAMED_FLAGS = "multi-flag aliases may not contain unnamed flags"
    UNIQUE = "one name per value"


CONTINUOUS, NAMED_FLAGS, UNIQUE = EnumCheck.CONTINUOUS, EnumCheck.NAMED_FLAGS, EnumCheck.UNIQUE


class verify:
    """Check an enumeration for various constraints (UNIQUE, CONTINUOUS, NAMED_FLAGS)."""

    def __init__(self, *checks):
        self.checks = checks

    def __call__(self, enumeration):
        cls_name = enumeration.__name__
        for check in self.checks:
            if check is UNIQUE:
                unique(enumeration)
            elif check is CONTINUOUS:
                values = sorted(set(m.value for m in enumeration))
                if len(values) >= 2:
                    low, high = values[0], values[-1]
                    missing = [v for v in range(low, high + 1) if v not in values]
                    if missing:
                        raise ValueError(("invalid enum %r: missing values %s" % (
                            cls_name, ", ".join(str(v) for v in missing)))[:256])
            elif check is NAMED_FLAGS:
                member_names = enumeration._member_names_
                missing_names = []
                for name, alias in enumeration._member_map_.items():
                    if name in member_names:
                        continue
                    if alias.value < 0:
                        continue
                    values = show_flag_values(alias.value)
                    missed = [v for v in values if v not in enumeration._value2member_map_]
                    if missed:
                        missing_names.append(name)
                if missing_names:
                    raise ValueError("invalid Flag %r: aliases %s are missing combined values"
                                     % (cls_name, ", ".join(missing_names)))
        return enumeration


def global_enum_repr(self):
    module = self.__class__.__module__.split(".")[-1]
    return "%s.%s" % (module, self._name_)


def global_flag_repr(self):
    module = self.__class__.__module__.split(".")[-1]
    if self._name_ is None:
        return "%s.%s(%r)" % (module, self.__class__.__name__, self._value_)
    return "|".join("%s.%s" % (module, n) for n in self._name_.split("|"))


def global_str(self):
    if self._name_ is None:
        return "%s(%r)" % (self.__class__.__name__, self._value_)
    return self._name_


def global_enum(cls, update_str=False):
    if issubclass(cls, Flag):
        type.__setattr__(cls, "__repr__", global_flag_repr)
    else:
        type.__setattr__(cls, "__repr__", global_enum_repr)
    if not issubclass(cls, ReprEnum) or update_str:
        type.__setattr__(cls, "__str__", global_str)
    mod = sys.modules.get(cls.__module__)
    if mod is not None:
        for name, m in cls.__members__.items():
            setattr(mod, name, m)
    return cls


def pickle_by_global_name(self, proto):
    return self.name


def pickle_by_enum_name(self, proto):
    return getattr, (self.__class__, self._name_)

# inspect: the part of CPython 3.13's Lib/inspect.py tutorials call, written
# here over what the engine answers: f.__code__ (co_varnames, co_argcount,
# co_flags, ...), __defaults__/__kwdefaults__, linecache's program lines and
# sys._getframe. signature/Parameter/Signature/BoundArguments print as
# CPython's; annotations are not kept by the parser, so a parameter's
# annotation is Parameter.empty. A builtin has no text signature here:
# signature() of one raises ValueError, as CPython does for a builtin without one.
import abc
import builtins
import collections
import enum
import functools
import itertools
import linecache
import os
import re
import sys
import types
from collections import namedtuple, OrderedDict
from operator import attrgetter
from keyword import iskeyword
from weakref import ref as make_weakref

modulesbyfile = {}

CO_OPTIMIZED, CO_NEWLOCALS, CO_VARARGS, CO_VARKEYWORDS, CO_NESTED, CO_GENERATOR, CO_NOFREE = 1, 2, 4, 8, 16, 32, 64
CO_COROUTINE, CO_ITERABLE_COROUTINE, CO_ASYNC_GENERATOR = 128, 256, 512
TPFLAGS_IS_ABSTRACT = 1 << 20
GEN_CREATED, GEN_RUNNING, GEN_SUSPENDED, GEN_CLOSED = 'GEN_CREATED', 'GEN_RUNNING', 'GEN_SUSPENDED', 'GEN_CLOSED'
CORO_CREATED, CORO_RUNNING, CORO_SUSPENDED, CORO_CLOSED = 'CORO_CREATED', 'CORO_RUNNING', 'CORO_SUSPENDED', 'CORO_CLOSED'
AGEN_CREATED, AGEN_RUNNING, AGEN_SUSPENDED, AGEN_CLOSED = 'AGEN_CREATED', 'AGEN_RUNNING', 'AGEN_SUSPENDED', 'AGEN_CLOSED'

ArgInfo = namedtuple('ArgInfo', 'args varargs keywords locals')
Arguments = namedtuple('Arguments', 'args, varargs, varkw')
FullArgSpec = namedtuple('FullArgSpec', 'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')
ClosureVars = namedtuple('ClosureVars', 'nonlocals globals builtins unbound')
Attribute = namedtuple('Attribute', 'name kind defining_class object')
Traceback = namedtuple('Traceback', 'filename lineno function code_context index')
FrameInfo = namedtuple('FrameInfo', 'frame filename lineno function code_context index')


class EndOfBlock(Exception):
    pass


class ClassFoundException(Exception):
    pass


class BufferFlags(enum.IntFlag):
    SIMPLE = 0x0
    WRITABLE = 0x1
    FORMAT = 0x4
    ND = 0x8
    STRIDES = 0x10 | ND
    C_CONTIGUOUS = 0x20 | STRIDES
    F_CONTIGUOUS = 0x40 | STRIDES
    ANY_CONTIGUOUS = 0x80 | STRIDES
    INDIRECT = 0x100 | STRIDES
    CONTIG = ND | WRITABLE
    CONTIG_RO = ND
    STRIDED = STRIDES | WRITABLE
    STRIDED_RO = STRIDES
    RECORDS = STRIDES | WRITABLE | FORMAT
    RECORDS_RO = STRIDES | FORMAT
    FULL = INDIRECT | WRITABLE | FORMAT
    FULL_RO = INDIRECT | FORMAT
    READ = 0x100
    WRITE = 0x200


def ismodule(object):
    return isinstance(object, types.ModuleType)


def isclass(object):
    return isinstance(object, type)


def ismethod(object):
    return isinstance(object, types.MethodType) and isinstance(getattr(object, '__func__', None), types.FunctionType)


def isfunction(object):
    return isinstance(object, types.FunctionType)


def isbuiltin(object):
    return isinstance(object, types.BuiltinFunctionType)


def isroutine(object):
    return isbuiltin(object) or isfunction(object) or ismethod(object) or ismethoddescriptor(object)


def ismethoddescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, '__get__') and not hasattr(tp, '__set__') and not hasattr(tp, '__delete__')


def isdatadescriptor(object):
    if isinstance(object, property):
        return True
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, '__set__') or hasattr(tp, '__delete__')


def ismemberdescriptor(object):
    return False


def isgetsetdescriptor(object):
    return False


def ismethodwrapper(object):
    return False


def _flags(f, flag):
    f = functools._unwrap_partial(f) if hasattr(functools, '_unwrap_partial') else f
    while ismethod(f):
        f = f.__func__
    return isfunction(f) and bool(f.__code__.co_flags & flag)


def isgeneratorfunction(obj):
    return _flags(obj, CO_GENERATOR)


def iscoroutinefunction(obj):
    return _flags(obj, CO_COROUTINE) or getattr(obj, '_is_coroutine_marker', None) is _is_coroutine_mark


def isasyncgenfunction(obj):
    return _flags(obj, CO_ASYNC_GENERATOR)


_is_coroutine_mark = object()


def markcoroutinefunction(func):
    func._is_coroutine_marker = _is_coroutine_mark
    return func


def isgenerator(object):
    return isinstance(object, types.GeneratorType)


def iscoroutine(object):
    return isinstance(object, getattr(types, 'CoroutineType', ()))


def isasyncgen(object):
    return isinstance(object, getattr(types, 'AsyncGeneratorType', ()))


def isawaitable(object):
    return iscoroutine(object) or hasattr(type(object), '__await__')


def istraceback(object):
    return isinstance(object, types.TracebackType)


def isframe(object):
    return isinstance(object, types.FrameType)


def iscode(object):
    return isinstance(object, types.CodeType)


def isabstract(object):
    return isinstance(object, type) and bool(getattr(object, '__abstractmethods__', None))


_sentinel = object()


def getmembers(object, predicate=None):
    results, processed = [], set()
    names = dir(object)
    for key in names:
        try:
            value = getattr(object, key)
        except AttributeError:
            continue
        if not predicate or predicate(value):
            results.append((key, value))
        processed.add(key)
    results.sort(key=lambda pair: pair[0])
    return results


def getmembers_static(object, predicate=None):
    return getmembers(object, predicate)


def getattr_static(obj, attr, default=_sentinel):
    klasses = obj.__mro__ if isinstance(obj, type) else type(obj).__mro__
    if not isinstance(obj, type):
        d = getattr(obj, '__dict__', {})
        if attr in d:
            return d[attr]
    for klass in klasses:
        if attr in klass.__dict__:
            return klass.__dict__[attr]
    if default is not _sentinel:
        return default
    raise AttributeError(attr)


def classify_class_attrs(cls):
    out = []
    for name in dir(cls):
        home = next((k for k in cls.__mro__ if name in k.__dict__), None)
        obj = home.__dict__[name] if home is not None else getattr(cls, name)
        kind = ('static method' if isinstance(obj, staticmethod) else 'class method' if isinstance(obj, classmethod)
                else 'property' if isinstance(obj, property) else 'method' if isroutine(obj) else 'data')
        out.append(Attribute(name, kind, home, obj))
    return out


def getmro(cls):
    return cls.__mro__


def unwrap(func, *, stop=None):
    f, seen = func, {id(func)}
    while hasattr(f, '__wrapped__') and not (stop and stop(f)):
        f = f.__wrapped__
        if id(f) in seen:
            raise ValueError('wrapper loop when unwrapping {!r}'.format(func))
        seen.add(id(f))
    return f


def indentsize(line):
    expline = line.expandtabs()
    return len(expline) - len(expline.lstrip())


def cleandoc(doc):
    lines = doc.expandtabs().split('\n')
    margin = min((len(l) - len(l.lstrip()) for l in lines[1:] if l.lstrip()), default=0)
    lines[0] = lines[0].lstrip()
    lines[1:] = [l[margin:] for l in lines[1:]]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def getdoc(object):
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None and isclass(object):
        for base in object.__mro__[1:]:
            if base is not object and base.__doc__ is not None and base is not builtins.object:
                doc = base.__doc__
                break
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def getcomments(object):
    return None


def get_annotations(obj, *, globals=None, locals=None, eval_str=False):
    if isinstance(obj, type):
        ann = obj.__dict__.get('__annotations__', {})
    elif callable(obj) or isinstance(obj, types.ModuleType):
        ann = getattr(obj, '__annotations__', None) or {}
    else:
        raise TypeError(f'{obj!r} is not a module, class, or callable.')
    return dict(ann)


def getmodulename(path):
    name = os.path.basename(path)
    for suffix in ('.py', '.pyc'):
        if name.endswith(suffix):
            return name[:-len(suffix)]
    return None


def getmodule(object, _filename=None):
    if ismodule(object):
        return object
    return sys.modules.get(getattr(object, '__module__', None))


def getfile(object):
    if ismodule(object):
        if getattr(object, '__file__', None):
            return object.__file__
        raise TypeError('{!r} is a built-in module'.format(object))
    if isclass(object):
        mod = sys.modules.get(object.__module__)
        if getattr(mod, '__file__', None):
            return mod.__file__
        if object.__module__ == '__main__':
            return sys._getframe(0).f_code.co_filename
        raise TypeError('{!r} is a built-in class'.format(object))
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        object = object.__code__
    if istraceback(object):
        object = object.tb_frame
    if isframe(object):
        object = object.f_code
    if iscode(object):
        return object.co_filename
    raise TypeError('module, class, method, function, traceback, frame, or code object was expected, got {}'.format(
        type(object).__name__))


getsourcefile = getabsfile = getfile


def findsource(object):
    file = getfile(object)
    lines = linecache.getlines(file)
    if not lines:
        raise OSError('could not get source code')
    if ismodule(object):
        return lines, 0
    if isclass(object):
        pat = re.compile(r'^(\s*)class\s*' + object.__name__ + r'\b')
        for i, line in enumerate(lines):
            if pat.match(line):
                return lines, i
        raise OSError('could not find class definition')
    obj = object.__func__ if ismethod(object) else object
    if isfunction(obj):
        obj = obj.__code__
    if istraceback(obj):
        return lines, obj.tb_lineno - 1
    if isframe(obj):
        return lines, obj.f_lineno - 1
    if iscode(obj):
        lnum = obj.co_firstlineno - 1
        while lnum > 0 and lines[lnum - 1].lstrip().startswith('@'):
            lnum -= 1
        return lines, lnum
    raise OSError('could not find code object')


def getblock(lines):
    # the first statement and, when it opens a block, the lines indented below it
    first = lines[0]
    base = indentsize(first)
    out = [first]
    opened = first.rstrip().endswith(':') or first.lstrip().startswith('@')
    if first.lstrip().startswith('lambda') or 'lambda' in first and not opened:
        return out
    for line in lines[1:]:
        if line.strip() and indentsize(line) <= base and not (out[-1].lstrip().startswith('@')):
            break
        out.append(line)
    while len(out) > 1 and not out[-1].strip():
        out.pop()
    return out


def getsourcelines(object):
    object = unwrap(object)
    lines, lnum = findsource(object)
    if istraceback(object):
        object = object.tb_frame
    if ismodule(object) or isframe(object) and object.f_code.co_name == '<module>':
        return lines, 0
    return getblock(lines[lnum:]), lnum + 1


def getsource(object):
    lines, lnum = getsourcelines(object)
    return ''.join(lines)


def walktree(classes, children, parent):
    results = []
    classes.sort(key=attrgetter('__module__', '__name__'))
    for c in classes:
        results.append((c, c.__bases__))
        if c in children:
            results.append(walktree(children[c], children, c))
    return results


def getclasstree(classes, unique=False):
    children, roots = {}, []
    for c in classes:
        if c.__bases__:
            for parent in c.__bases__:
                children.setdefault(parent, [])
                if c not in children[parent]:
                    children[parent].append(c)
                if unique and parent in classes:
                    break
        elif c not in roots:
            roots.append(c)
    for parent in children:
        if parent not in classes:
            roots.append(parent)
    return walktree(roots, children, None)


def getargs(co):
    n = co.co_argcount + co.co_kwonlyargcount
    names = list(co.co_varnames)
    varargs = names[n] if co.co_flags & CO_VARARGS else None
    varkw = names[n + bool(varargs)] if co.co_flags & CO_VARKEYWORDS else None
    return Arguments(names[:co.co_argcount] + names[co.co_argcount:n], varargs, varkw)


def getfullargspec(func):
    try:
        sig = _signature(func, follow_wrapped=False, skip_bound_arg=False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    args, kwonly, defaults, kwdefaults, varargs, varkw = [], [], (), {}, None, None
    for p in sig.parameters.values():
        if p.kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
            args.append(p.name)
            if p.default is not p.empty:
                defaults += (p.default,)
        elif p.kind is _VAR_POSITIONAL:
            varargs = p.name
        elif p.kind is _KEYWORD_ONLY:
            kwonly.append(p.name)
            if p.default is not p.empty:
                kwdefaults[p.name] = p.default
        else:
            varkw = p.name
    return FullArgSpec(args, varargs, varkw, defaults or None, kwonly, kwdefaults or None, {})


def getcallargs(func, /, *positional, **named):
    ba = signature(func).bind(*positional, **named)
    ba.apply_defaults()
    return dict(ba.arguments)


def getclosurevars(func):
    if ismethod(func):
        func = func.__func__
    if not isfunction(func):
        raise TypeError('{!r} is not a Python function'.format(func))
    return ClosureVars({}, {}, {}, set())


def currentframe():
    return sys._getframe(1)


def getframeinfo(frame, context=1):
    if istraceback(frame):
        lineno, frame = frame.tb_lineno, frame.tb_frame
    else:
        lineno = frame.f_lineno
    filename = frame.f_code.co_filename
    lines = linecache.getlines(filename)
    ctx = [lines[lineno - 1]] if context > 0 and 0 < lineno <= len(lines) else None
    return Traceback(filename, lineno, frame.f_code.co_name, ctx, 0 if ctx else None)


def getlineno(frame):
    return frame.f_lineno


def getouterframes(frame, context=1):
    out = []
    while frame:
        tb = getframeinfo(frame, context)
        out.append(FrameInfo(frame, *tb))
        frame = frame.f_back
    return out


def getinnerframes(tb, context=1):
    out = []
    while tb:
        out.append(FrameInfo(tb.tb_frame, *getframeinfo(tb, context)))
        tb = tb.tb_next
    return out


def stack(context=1):
    return getouterframes(sys._getframe(1), context)


def trace(context=1):
    return getinnerframes(sys.exc_info()[2], context)


def getgeneratorstate(generator):
    if getattr(generator, 'gi_running', False):
        return GEN_RUNNING
    if getattr(generator, 'gi_suspended', False):
        return GEN_SUSPENDED
    if getattr(generator, 'gi_frame', True) is None:
        return GEN_CLOSED
    return GEN_CREATED


def getgeneratorlocals(generator):
    if not isgenerator(generator):
        raise TypeError('{!r} is not a Python generator'.format(generator))
    return {}


getcoroutinestate, getcoroutinelocals = getgeneratorstate, getgeneratorlocals
getasyncgenstate, getasyncgenlocals = getgeneratorstate, getgeneratorlocals


def formatannotation(annotation, base_module=None):
    if getattr(annotation, '__module__', None) == 'typing':
        return repr(annotation).replace('typing.', '')
    if isinstance(annotation, types.GenericAlias):
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ in ('builtins', base_module):
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


def formatannotationrelativeto(object):
    module = getattr(object, '__module__', None)
    return lambda annotation: formatannotation(annotation, module)


def formatargvalues(args, varargs, varkw, locals, formatarg=str, formatvarargs=lambda name: '*' + name,
                    formatvarkw=lambda name: '**' + name, formatvalue=lambda value: '=' + repr(value)):
    specs = [formatarg(a) + formatvalue(locals[a]) for a in args]
    if varargs:
        specs.append(formatvarargs(varargs) + formatvalue(locals[varargs]))
    if varkw:
        specs.append(formatvarkw(varkw) + formatvalue(locals[varkw]))
    return '(' + ', '.join(specs) + ')'


def getargvalues(frame):
    raise TypeError('frames here do not hold their locals')


class _empty:
    """Marker object for Signature.empty and Parameter.empty."""


class _void:
    """A private marker - used in Parameter & Signature."""


class _ParameterKind(enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self.name

    @property
    def description(self):
        return ('positional-only', 'positional or keyword', 'variadic positional', 'keyword-only',
                'variadic keyword')[self]


_POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
_VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
_KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
_VAR_KEYWORD = _ParameterKind.VAR_KEYWORD


class Parameter:
    # mirrors inspect.Parameter
    __slots__ = ('_name', '_kind', '_default', '_annotation')
    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        try:
            self._kind = _ParameterKind(kind)
        except ValueError:
            raise ValueError(f'value {kind!r} is not a valid Parameter.kind')
        if default is not _empty and self._kind in (_VAR_POSITIONAL, _VAR_KEYWORD):
            raise ValueError(f'{self._kind.description} parameters cannot have default values')
        self._default, self._annotation = default, annotation
        if not isinstance(name, str):
            raise TypeError('name must be a str, not a {}'.format(type(name).__name__))
        if not name.isidentifier() or iskeyword(name):
            raise ValueError('{!r} is not a valid parameter name'.format(name))
        self._name = name

    name = property(lambda self: self._name)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)
    kind = property(lambda self: self._kind)

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        return type(self)(self._name if name is _void else name, self._kind if kind is _void else kind,
                          default=self._default if default is _void else default,
                          annotation=self._annotation if annotation is _void else annotation)

    def __str__(self):
        out = self._name
        if self._annotation is not _empty:
            out = '{}: {}'.format(out, formatannotation(self._annotation))
        if self._default is not _empty:
            out = '{}{}{}'.format(out, ' = ' if self._annotation is not _empty else '=', repr(self._default))
        if self._kind == _VAR_POSITIONAL:
            out = '*' + out
        elif self._kind == _VAR_KEYWORD:
            out = '**' + out
        return out

    def __repr__(self):
        return '<{} "{}">'.format(self.__class__.__name__, self)

    def __hash__(self):
        return hash((self._name, self._kind, self._annotation, self._default))

    def __eq__(self, other):
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind and self._default == other._default and
                self._annotation == other._annotation)


class BoundArguments:
    # mirrors inspect.BoundArguments
    def __init__(self, signature, arguments):
        self.arguments, self._signature = arguments, signature

    signature = property(lambda self: self._signature)

    @property
    def args(self):
        out = []
        for name, p in self._signature.parameters.items():
            if p.kind in (_VAR_KEYWORD, _KEYWORD_ONLY) or name not in self.arguments:
                break
            if p.kind == _VAR_POSITIONAL:
                out.extend(self.arguments[name])
            else:
                out.append(self.arguments[name])
        return tuple(out)

    @property
    def kwargs(self):
        out, started = {}, False
        for name, p in self._signature.parameters.items():
            if not started:
                if p.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                    started = True
                elif name not in self.arguments:
                    started = True
                    continue
            if not started or name not in self.arguments:
                continue
            if p.kind == _VAR_KEYWORD:
                out.update(self.arguments[name])
            else:
                out[name] = self.arguments[name]
        return out

    def apply_defaults(self):
        new = []
        for name, p in self._signature.parameters.items():
            if name in self.arguments:
                new.append((name, self.arguments[name]))
            elif p.default is not _empty:
                new.append((name, p.default))
            elif p.kind == _VAR_POSITIONAL:
                new.append((name, ()))
            elif p.kind == _VAR_KEYWORD:
                new.append((name, {}))
        self.arguments = dict(new)

    def __eq__(self, other):
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments

    def __repr__(self):
        return '<{} ({})>'.format(self.__class__.__name__, ', '.join('{}={!r}'.format(k, v) for k, v in self.arguments.items()))


class Signature:
    # mirrors inspect.Signature
    __slots__ = ('_return_annotation', '_parameters')
    _parameter_cls = Parameter
    _bound_arguments_cls = BoundArguments
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty, __validate_parameters__=True):
        params = OrderedDict()
        if parameters is not None:
            top, seen_default = _POSITIONAL_ONLY, False
            for p in parameters:
                if __validate_parameters__:
                    if p.kind < top:
                        raise ValueError('wrong parameter order: {} parameter before {} parameter'.format(
                            top.description, p.kind.description))
                    top = p.kind
                    if p.kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
                        if p.default is _empty and seen_default:
                            raise ValueError('non-default argument follows default argument')
                        seen_default = seen_default or p.default is not _empty
                    if p.name in params:
                        raise ValueError('duplicate parameter name: {!r}'.format(p.name))
                params[p.name] = p
        self._parameters = types.MappingProxyType(params) if hasattr(types, 'MappingProxyType') else params
        self._return_annotation = return_annotation

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
        return _signature(obj, follow_wrapped=follow_wrapped)

    parameters = property(lambda self: self._parameters)
    return_annotation = property(lambda self: self._return_annotation)

    def replace(self, *, parameters=_void, return_annotation=_void):
        return type(self)(self._parameters.values() if parameters is _void else parameters,
                          return_annotation=self._return_annotation if return_annotation is _void else return_annotation)

    def __hash__(self):
        return hash((tuple(self._parameters.values()), self._return_annotation))

    def __eq__(self, other):
        if not isinstance(other, Signature):
            return NotImplemented
        return (self._return_annotation == other._return_annotation and
                list(self._parameters.items()) == list(other._parameters.items()))

    def _bind(self, args, kwargs, *, partial=False):
        # mirrors Signature._bind
        arguments = {}
        params = iter(self._parameters.values())
        args = list(args)
        kwargs = dict(kwargs)
        i = 0
        p = None
        while True:
            if i < len(args):
                try:
                    p = next(params)
                except StopIteration:
                    raise TypeError('too many positional arguments') from None
                if p.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                    raise TypeError('too many positional arguments') from None
                if p.kind == _VAR_POSITIONAL:
                    arguments[p.name] = tuple(args[i:])
                    i = len(args)
                    p = None
                    break
                if p.name in kwargs and p.kind != _POSITIONAL_ONLY:
                    raise TypeError('multiple values for argument {!r}'.format(p.name)) from None
                arguments[p.name] = args[i]
                i += 1
                p = None
            else:
                break
        rest = ([p] if p is not None else []) + list(params)
        kw_param = None
        for p in rest:
            if p.kind == _VAR_KEYWORD:
                kw_param = p
                continue
            if p.kind == _VAR_POSITIONAL:
                continue
            name = p.name
            if name in kwargs and p.kind != _POSITIONAL_ONLY:
                arguments[name] = kwargs.pop(name)
            elif not partial and p.default is _empty:
                raise TypeError('missing a required argument: {arg!r}'.format(arg=name)) from None
        if kwargs:
            if kw_param is None:
                for p in self._parameters.values():
                    if p.kind == _POSITIONAL_ONLY and p.name in kwargs:
                        raise TypeError('{arg!r} parameter is positional only, but was passed as a keyword'.format(
                            arg=p.name))
                raise TypeError('got an unexpected keyword argument {arg!r}'.format(arg=next(iter(kwargs))))
            arguments[kw_param.name] = kwargs
        return self._bound_arguments_cls(self, arguments)

    def bind(self, /, *args, **kwargs):
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        return self._bind(args, kwargs, partial=True)

    def __repr__(self):
        return '<{} {}>'.format(self.__class__.__name__, self)

    def __str__(self):
        out, slash, star = [], False, True
        for p in self._parameters.values():
            if p.kind == _POSITIONAL_ONLY:
                slash = True
            elif slash:
                out.append('/')
                slash = False
            if p.kind == _VAR_POSITIONAL:
                star = False
            elif p.kind == _KEYWORD_ONLY and star:
                out.append('*')
                star = False
            out.append(str(p))
        if slash:
            out.append('/')
        text = '({})'.format(', '.join(out))
        if self._return_annotation is not _empty:
            text += ' -> {}'.format(formatannotation(self._return_annotation))
        return text


def _from_function(func):
    co = func.__code__
    names = co.co_varnames
    npos, nkw = co.co_argcount, co.co_kwonlyargcount
    defaults = func.__defaults__ or ()
    kwdefaults = func.__kwdefaults__ or {}
    first_default = npos - len(defaults)
    params = []
    for i, name in enumerate(names[:npos]):
        kind = _POSITIONAL_ONLY if i < co.co_posonlyargcount else _POSITIONAL_OR_KEYWORD
        d = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, kind, default=d))
    k = npos + nkw
    if co.co_flags & CO_VARARGS:
        params.append(Parameter(names[k], _VAR_POSITIONAL))
        k += 1
    for name in names[npos:npos + nkw]:
        params.append(Parameter(name, _KEYWORD_ONLY, default=kwdefaults.get(name, _empty)))
    if co.co_flags & CO_VARKEYWORDS:
        params.append(Parameter(names[k], _VAR_KEYWORD))
    return Signature(params, __validate_parameters__=False)


def _drop_first(sig):
    params = list(sig.parameters.values())
    if not params or params[0].kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
        raise ValueError('invalid method signature')
    if params[0].kind == _VAR_POSITIONAL:
        return sig
    return sig.replace(parameters=params[1:])


def _signature(obj, *, follow_wrapped=True, skip_bound_arg=True):
    if not callable(obj):
        raise TypeError('{!r} is not a callable object'.format(obj))
    if isinstance(obj, types.MethodType):
        sig = _signature(obj.__func__, follow_wrapped=follow_wrapped)
        return _drop_first(sig) if skip_bound_arg else sig
    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, '__signature__'))
        if isinstance(obj, types.MethodType):
            return _signature(obj, follow_wrapped=follow_wrapped)
    sig = getattr(obj, '__signature__', None)
    if sig is not None:
        if not isinstance(sig, Signature):
            raise TypeError('unexpected object {!r} in __signature__ attribute'.format(sig))
        return sig
    if isfunction(obj):
        return _from_function(obj)
    if isinstance(obj, functools.partial):
        sig = _signature(obj.func, follow_wrapped=follow_wrapped)
        ba = sig.bind_partial(*obj.args, **obj.keywords)
        params = []
        for name, p in sig.parameters.items():
            if name in ba.arguments and p.kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD) and name not in obj.keywords:
                continue
            if name in obj.keywords:
                p = p.replace(default=obj.keywords[name], kind=_KEYWORD_ONLY)
            elif p.kind == _POSITIONAL_OR_KEYWORD and any(q.kind == _KEYWORD_ONLY for q in params):
                p = p.replace(kind=_KEYWORD_ONLY)
            params.append(p)
        return sig.replace(parameters=params)
    if isclass(obj):
        for k in obj.__mro__:
            for meth in ('__new__', '__init__'):
                f = k.__dict__.get(meth)
                if f is not None and isfunction(getattr(f, '__func__', f)):
                    return _drop_first(_signature(getattr(f, '__func__', f)))
        if obj.__init__ is object.__init__ and obj.__new__ is object.__new__:
            return Signature()
        raise ValueError('no signature found for builtin type {!r}'.format(obj))
    if isbuiltin(obj):
        raise ValueError('no signature found for builtin {!r}'.format(obj))
    call = getattr(type(obj), '__call__', None)
    if call is not None and isfunction(call):
        return _drop_first(_from_function(call))
    raise ValueError('callable {!r} is not supported by signature'.format(obj))


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    return _signature(obj, follow_wrapped=follow_wrapped)

# _sitebuiltins: help(object), called by the builtin help (core/lang/builtins/
# functions.cpp): a short form of pydoc's text, since the page has no pager
# and no interactive help: the header pydoc prints ("Help on function f in
# module __main__:"), the signature and the docstring, and for a class its
# methods' signatures and first doc lines. help() without an argument says
# there is no interactive help here.
import inspect


def _sig(obj, name):
    try:
        return name + str(inspect.signature(obj))
    except (ValueError, TypeError):
        return name + '(...)'


def _doc(obj, indent):
    doc = inspect.getdoc(obj)
    return ''.join((indent + line).rstrip() + '\n' for line in doc.split('\n')) if doc else ''


def help(*args, **kwds):
    if not args:
        print('stridelab has no interactive help: call help(object) for help about object.')
        return
    obj = args[0]
    if isinstance(obj, str):
        print('No Python documentation found for %r.' % obj)
        return
    mod = getattr(obj, '__module__', None) or 'builtins'
    if inspect.isclass(obj):
        bases = ', '.join((b.__module__ + '.' if b.__module__ != mod else '') + b.__qualname__ for b in obj.__bases__)
        out = 'Help on class %s in module %s:\n\nclass %s(%s)\n' % (obj.__name__, mod, obj.__name__, bases)
        out += _doc(obj, ' |  ')
        methods = [(n, v) for n, v in sorted(vars(obj).items()) if inspect.isfunction(v)]
        if methods:
            out += ' |\n |  Methods defined here:\n'
            for n, v in methods:
                out += ' |\n |  ' + _sig(v, n) + '\n' + _doc(v, ' |      ')
    elif inspect.ismodule(obj):
        out = 'Help on module %s:\n\nNAME\n    %s\n' % (obj.__name__, obj.__name__)
        doc = _doc(obj, '    ')
        out += '\nDESCRIPTION\n' + doc if doc else ''
    elif inspect.isroutine(obj):
        kind = 'built-in function' if inspect.isbuiltin(obj) else 'method' if inspect.ismethod(obj) else 'function'
        name = obj.__name__
        out = 'Help on %s %s in module %s:\n\n%s\n%s' % (kind, name, mod, _sig(obj, name), _doc(obj, '    '))
    else:
        cls = type(obj)
        out = 'Help on %s object:\n\n%s\n' % (cls.__name__, _doc(cls, '    ') or repr(obj))
    print(out)

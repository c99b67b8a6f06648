# warnings: warning control (CPython 3.13's warnings interface, written here in Python as
# CPython's Lib/warnings.py is; its C accelerator _warnings is not needed).
#
# warn(message, category, stacklevel) names the frame stacklevel calls up (sys._getframe)
# and passes its file and line to warn_explicit, which finds the first filter that matches
# -- filters is a list of (action, message regex, category, module regex, lineno), newest
# first -- and acts: "error" raises, "ignore" drops, "always" shows, "default" shows once
# per (text, category, line) of a module, "module" once per module, "once" once at all
# (the registries remember what was shown; changing the filters forgets it). Shown means
# showwarning(), which writes formatwarning()'s text to sys.stderr:
#     prog.py:3: UserWarning: msg
#       warnings.warn("msg")
# where the second line is the source line (linecache) as CPython prints it.
# catch_warnings saves and restores the filters and showwarning; record=True collects
# WarningMessage objects instead of printing.
# State a program may read or replace -- filters, defaultaction, onceregistry, showwarning,
# formatwarning -- is read from the module object (_state()), where `warnings.x = ...` puts it.
import sys

defaultaction = "default"
onceregistry = {}
filters = []
_filters_version = [1]
_registries = {}


def _filters_mutated():
    _filters_version[0] += 1


def _state():
    return sys.modules[__name__]


def showwarning(message, category, filename, lineno, file=None, line=None):
    """Hook to write a warning to a file; replace if you like."""
    msg = WarningMessage(message, category, filename, lineno, file, line)
    _showwarnmsg_impl(msg)


def formatwarning(message, category, filename, lineno, line=None):
    """Function to format a warning the standard way."""
    msg = WarningMessage(message, category, filename, lineno, None, line)
    return _formatwarnmsg_impl(msg)


def _showwarnmsg_impl(msg):
    file = msg.file
    if file is None:
        file = sys.stderr
        if file is None:
            return
    text = _formatwarnmsg(msg)
    try:
        file.write(text)
    except OSError:
        pass


def _formatwarnmsg_impl(msg):
    category = msg.category.__name__
    s = f"{msg.filename}:{msg.lineno}: {category}: {msg.message}\n"
    if msg.line is None:
        try:
            import linecache
            line = linecache.getline(msg.filename, msg.lineno)
        except Exception:
            line = None
    else:
        line = msg.line
    if line:
        line = line.strip()
        s += "  %s\n" % line
    return s


_showwarning_orig = showwarning
_formatwarning_orig = formatwarning


def _showwarnmsg(msg):
    """Hook to write a warning to a file; replace if you like."""
    sw = _state().showwarning
    if sw is not _showwarning_orig:
        if not callable(sw):
            raise TypeError("warnings.showwarning() must be set to a function or method")
        sw(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
        return
    _state()._showwarnmsg_impl(msg)


def _formatwarnmsg(msg):
    fw = _state().formatwarning
    if fw is not _formatwarning_orig:
        return fw(msg.message, msg.category, msg.filename, msg.lineno, msg.line)
    return _formatwarnmsg_impl(msg)


_ACTIONS = ("error", "ignore", "always", "default", "module", "once")


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    """Insert an entry into the list of warnings filters (at the front)."""
    _check_filter(action, lineno)
    if not isinstance(message, str):
        raise TypeError("message must be a string")
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass")
    if not isinstance(module, str):
        raise TypeError("module must be a string")
    if message or module:
        import re
    message = re.compile(message, re.I) if message else None
    module = re.compile(module) if module else None
    _add_filter(action, message, category, module, lineno, append=append)


def _check_filter(action, lineno):
    if action not in _ACTIONS:
        raise ValueError("invalid action: %r" % (action,))
    if not isinstance(lineno, int):
        raise TypeError("lineno must be an int")
    if lineno < 0:
        raise ValueError("lineno must be an int >= 0")


def simplefilter(action, category=Warning, lineno=0, append=False):
    """Insert a simple entry into the list of warnings filters (at the front)."""
    _check_filter(action, lineno)
    _add_filter(action, None, category, None, lineno, append=append)


def _add_filter(*item, append):
    filters = _state().filters
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _filters_mutated()


def resetwarnings():
    """Clear the list of warning filters, so that no filters are active."""
    _state().filters[:] = []
    _filters_mutated()


def _caller(stacklevel):
    # the frame stacklevel calls above warn(); past the outermost: <sys>, line 0 (as CPython 3.13)
    try:
        frame = sys._getframe(stacklevel + 1)
    except ValueError:
        return "<sys>", 0
    return frame.f_code.co_filename, frame.f_lineno


def warn(message, category=None, stacklevel=1, source=None, *, skip_file_prefixes=()):
    """Issue a warning, or maybe ignore it or raise an exception."""
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '{:s}'".format(type(category).__name__))
    if not isinstance(skip_file_prefixes, tuple):
        raise TypeError("warn() argument 'skip_file_prefixes' must be tuple, not %s"
                        % type(skip_file_prefixes).__name__)
    if skip_file_prefixes:
        stacklevel = max(2, stacklevel)
    filename, lineno = _caller(stacklevel)
    module = "__main__" if filename == _program_file() else filename.rsplit("/", 1)[-1].removesuffix(".py")
    registry = _registries.setdefault(module, {})
    warn_explicit(message, category, filename, lineno, module, registry, None, source)


def _program_file():
    # the outermost frame's file: the program's (every frame names it, Note [Frame snapshots])
    f = sys._getframe(0)
    while f.f_back is not None:
        f = f.f_back
    return f.f_code.co_filename


def warn_explicit(message, category, filename, lineno, module=None, registry=None, module_globals=None,
                  source=None):
    lineno = int(lineno)
    if module is None:
        module = filename or "<unknown>"
        if module[-3:].lower() == ".py":
            module = module[:-3]
    if registry is None:
        registry = {}
    if registry.get("version", 0) != _filters_version[0]:
        registry.clear()
        registry["version"] = _filters_version[0]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    if registry.get(key):
        return
    state = _state()
    for item in state.filters:
        action, msg, cat, mod, ln = item
        if ((msg is None or msg.match(text)) and issubclass(category, cat) and
                (mod is None or mod.match(module)) and (ln == 0 or lineno == ln)):
            break
    else:
        action = state.defaultaction
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        oncekey = (text, category)
        if state.onceregistry.get(oncekey):
            return
        state.onceregistry[oncekey] = 1
    elif action == "always":
        pass
    elif action == "module":
        registry[key] = 1
        altkey = (text, category, 0)
        if registry.get(altkey):
            return
        registry[altkey] = 1
    elif action == "default":
        registry[key] = 1
    else:
        raise RuntimeError("Unrecognized action (%r) in warnings.filters:\n %s" % (action, item))
    _showwarnmsg(WarningMessage(message, category, filename, lineno, source=source))


class WarningMessage(object):
    _WARNING_DETAILS = ("message", "category", "filename", "lineno", "file", "line", "source")

    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ("{message : %r, category : %r, filename : %r, lineno : %s, line : %r}"
                % (self.message, self._category_name, self.filename, self.lineno, self.line))


class catch_warnings(object):
    """A context manager that copies and, upon exit, restores the warnings filter and the
    showwarning() function."""

    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._module = sys.modules["warnings"] if module is None else module
        self._entered = False
        if action is None:
            self._filter = None
        else:
            self._filter = (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append("record=True")
        if self._module is not sys.modules["warnings"]:
            args.append("module=%r" % self._module)
        name = type(self).__name__
        return "%s(%s)" % (name, ", ".join(args))

    def __enter__(self):
        if self._entered:
            raise RuntimeError("Cannot enter %r twice" % self)
        self._entered = True
        g = self._module
        self._filters = g.filters
        g.filters = self._filters[:]
        _filters_mutated()
        self._showwarning = g.showwarning
        self._showwarnmsg_impl = g._showwarnmsg_impl
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            g._showwarnmsg_impl = log.append
            g.showwarning = _showwarning_orig
            return log
        return None

    def __exit__(self, *exc_info):
        if not self._entered:
            raise RuntimeError("Cannot exit %r without entering first" % self)
        g = self._module
        g.filters = self._filters
        _filters_mutated()
        g.showwarning = self._showwarning
        g._showwarnmsg_impl = self._showwarnmsg_impl


class deprecated:
    """Indicate that a class, function or overload is deprecated (PEP 702)."""

    def __init__(self, message, /, *, category=DeprecationWarning, stacklevel=1):
        if not isinstance(message, str):
            raise TypeError("Expected an object of type str for 'message', not %r" % type(message).__name__)
        self.message = message
        self.category = category
        self.stacklevel = stacklevel

    def __call__(self, arg, /):
        msg = self.message
        category = self.category
        stacklevel = self.stacklevel
        if category is None:
            arg.__deprecated__ = msg
            return arg
        if isinstance(arg, type):
            original_init = arg.__init__

            def __init__(self, *args, **kwargs):
                warn(msg, category=category, stacklevel=stacklevel + 1)
                original_init(self, *args, **kwargs)
            arg.__init__ = __init__
            arg.__deprecated__ = msg
            return arg
        if callable(arg):
            def wrapper(*args, **kwargs):
                warn(msg, category=category, stacklevel=stacklevel + 1)
                return arg(*args, **kwargs)
            for name in ("__module__", "__name__", "__qualname__", "__doc__"):
                try:
                    setattr(wrapper, name, getattr(arg, name))
                except (AttributeError, TypeError):
                    pass
            wrapper.__wrapped__ = arg
            wrapper.__deprecated__ = msg
            arg.__deprecated__ = msg
            return wrapper
        raise TypeError("@deprecated decorator with non-None category must be applied to a class or callable, "
                        "not %r" % (arg,))


def _setup_filters():
    # CPython's default filters outside development mode (Python/_warnings.c init_filters)
    for cat, mod in ((DeprecationWarning, "__main__"),):
        filters.append(("default", None, cat, _compile_module(mod), 0))
    for cat in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
        filters.append(("ignore", None, cat, None, 0))


def _compile_module(name):
    import re
    return re.compile(name)


_setup_filters()

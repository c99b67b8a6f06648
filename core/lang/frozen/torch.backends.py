# torch.backends: the flags of the backends a CPU-only PyTorch 2.6 build was, or was
# not, compiled with (one frozen module per backend: torch.backends.cudnn, ...).
# A flag is a module attribute a program may assign; disable_global_flags() makes
# assigning one an error, after which only a backend's flags() context manager may
# change it (torch/backends/__init__.py's ContextProp and PropModule). stridelab has
# no contextlib module yet, so contextmanager, which the backends use, is written here.
__allow_nonbracketed_mutation_flag = True


def disable_global_flags():
    global __allow_nonbracketed_mutation_flag
    __allow_nonbracketed_mutation_flag = False


def flags_frozen():
    return not __allow_nonbracketed_mutation_flag


class ContextProp:
    """A flag read by getter() and written by setter(), refused while flags are frozen."""

    def __init__(self, getter, setter):
        self.getter = getter
        self.setter = setter

    def __get__(self, obj, objtype):
        return self.getter()

    def __set__(self, obj, val):
        if flags_frozen():
            raise RuntimeError(f"not allowed to set {obj.__name__} flags after disable_global_flags; "
                               "please use flags() context manager instead")
        self.setter(val)


class PropModule:
    """A module seen through an object, so that its flags can be ContextProps."""

    def __init__(self, m, name):
        self.m = m
        self.__name__ = name

    def __getattr__(self, attr):
        return self.m.__getattribute__(attr)


class _GeneratorContextManager:
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)

    def __enter__(self):
        try:
            return next(self.gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, typ, value, traceback):
        if typ is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            return exc is not value
        except BaseException as exc:
            if exc is value:
                return False
            raise
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    """contextlib.contextmanager, which torch.backends re-exports: a generator
    function made into a context manager (the code before its yield runs on entry,
    the code after on exit, an exception of the with-block raised at the yield)."""

    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)

    helper.__name__ = func.__name__
    helper.__doc__ = func.__doc__
    return helper

# contextlib: context-manager utilities (CPython 3.13's contextlib interface,
# written here in Python): contextmanager, suppress, nullcontext, closing,
# ExitStack, redirect_stdout/redirect_stderr, AbstractContextManager.
# Invariant: every __exit__ returns True only when it swallowed the exception.
import sys

__all__ = ["contextmanager", "suppress", "nullcontext", "closing", "ExitStack", "redirect_stdout",
           "redirect_stderr", "AbstractContextManager", "ContextDecorator"]


class AbstractContextManager:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return None


class ContextDecorator:
    def _recreate_cm(self):
        return self

    def __call__(self, func):
        def inner(*args, **kwds):
            with self._recreate_cm():
                return func(*args, **kwds)
        return inner


class _GeneratorContextManager(ContextDecorator):
    def __init__(self, func, args, kwds):
        self.gen = func(*args, **kwds)
        self.func, self.args, self.kwds = func, args, kwds

    def _recreate_cm(self):
        return self.__class__(self.func, self.args, self.kwds)

    def __enter__(self):
        del self.args, self.kwds
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
        if value is None:
            value = typ()
        try:
            self.gen.throw(value)
        except StopIteration as exc:
            return exc is not value
        except RuntimeError as exc:
            if exc is value:
                return False
            if isinstance(value, StopIteration) and exc.__cause__ is value:
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            return False
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(func):
    def helper(*args, **kwds):
        return _GeneratorContextManager(func, args, kwds)
    helper.__name__ = getattr(func, "__name__", "helper")
    helper.__doc__ = getattr(func, "__doc__", None)
    return helper


class suppress(AbstractContextManager):
    def __init__(self, *exceptions):
        self._exceptions = exceptions

    def __enter__(self):
        pass

    def __exit__(self, exctype, excinst, exctb):
        if exctype is None:
            return False
        return issubclass(exctype, self._exceptions)


class nullcontext(AbstractContextManager):
    def __init__(self, enter_result=None):
        self.enter_result = enter_result

    def __enter__(self):
        return self.enter_result

    def __exit__(self, *excinfo):
        pass


class closing(AbstractContextManager):
    def __init__(self, thing):
        self.thing = thing

    def __enter__(self):
        return self.thing

    def __exit__(self, *exc_info):
        self.thing.close()


class _RedirectStream(AbstractContextManager):
    _stream = None

    def __init__(self, new_target):
        self._new_target = new_target
        self._old_targets = []

    def __enter__(self):
        self._old_targets.append(getattr(sys, self._stream))
        setattr(sys, self._stream, self._new_target)
        return self._new_target

    def __exit__(self, exctype, excinst, exctb):
        setattr(sys, self._stream, self._old_targets.pop())


class redirect_stdout(_RedirectStream):
    _stream = "stdout"


class redirect_stderr(_RedirectStream):
    _stream = "stderr"


class ExitStack(AbstractContextManager):
    def __init__(self):
        self._exit_callbacks = []

    def pop_all(self):
        new_stack = ExitStack()
        new_stack._exit_callbacks = self._exit_callbacks
        self._exit_callbacks = []
        return new_stack

    def enter_context(self, cm):
        cls = type(cm)
        try:
            enter = cls.__enter__
            exit = cls.__exit__
        except AttributeError:
            raise TypeError("'%s.%s' object does not support the context manager protocol"
                            % (cls.__module__, cls.__qualname__)) from None
        result = enter(cm)
        self._exit_callbacks.append(lambda t, v, tb: exit(cm, t, v, tb))
        return result

    def push(self, exit):
        cls = type(exit)
        if hasattr(cls, "__exit__"):
            self._exit_callbacks.append(lambda t, v, tb: cls.__exit__(exit, t, v, tb))
        else:
            self._exit_callbacks.append(exit)
        return exit

    def callback(self, callback, *args, **kwds):
        def _exit_wrapper(t, v, tb):
            callback(*args, **kwds)
        self._exit_callbacks.append(_exit_wrapper)
        return callback

    def close(self):
        self.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc_details):
        received_exc = exc_details[0] is not None
        pending = exc_details[1] if received_exc else None
        suppressed = False
        while self._exit_callbacks:
            cb = self._exit_callbacks.pop()
            details = (type(pending), pending, None) if pending is not None else (None, None, None)
            try:
                if cb(*details):
                    suppressed = True
                    pending = None
            except BaseException as new_exc:
                if pending is not None and new_exc is not pending:
                    new_exc.__context__ = pending
                pending = new_exc
        if pending is not None and (not received_exc or pending is not exc_details[1]):
            raise pending
        return received_exc and pending is None

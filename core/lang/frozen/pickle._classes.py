# pickle._classes: pickle.Pickler and pickle.Unpickler (CPython 3.13's
# Modules/_pickle.c classes) over the C++ pickler's hooked entry points
# (core/lang/modules/pickle_module.cpp), attached to the pickle module on
# first use. A subclass's persistent_id / reducer_override are asked for each
# object, its persistent_load / find_class for each persistent id / global.
# Not here: memo, clear_memo, fast, dispatch_table, out-of-band buffers.
import pickle


class Pickler:
    __module__ = '_pickle'

    def __init__(self, file, protocol=None, *, fix_imports=True, buffer_callback=None):
        pickle.dumps(None, protocol, buffer_callback=buffer_callback)  # the protocol's own errors
        if not hasattr(file, 'write'):
            raise TypeError("file must have a 'write' attribute")
        self._write, self._protocol = file.write, protocol

    def dump(self, obj):
        self._write(pickle._dumps_hooked(obj, self._protocol, getattr(self, 'persistent_id', None),
                                         getattr(self, 'reducer_override', None)))


class Unpickler:
    __module__ = '_pickle'

    def __init__(self, file, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=()):
        if not (hasattr(file, 'read') and hasattr(file, 'readline')):
            raise TypeError("file must have 'read', 'readinto' and 'readline' attributes")
        self._file, self._fix, self._encoding = file, fix_imports, encoding

    def find_class(self, module_name, global_name, /):
        return pickle._find_class(module_name, global_name, self._fix)

    def load(self):
        f = self._file
        start = f.tell() if hasattr(f, 'seek') and hasattr(f, 'tell') else None
        own = type(self).find_class is Unpickler.find_class
        obj, end = pickle._loads_hooked(f.read(), getattr(self, 'persistent_load', None),
                                        None if own else self.find_class, self._fix, self._encoding, True)
        if start is not None:
            f.seek(start + end)
        return obj


pickle.Pickler, pickle.Unpickler = Pickler, Unpickler

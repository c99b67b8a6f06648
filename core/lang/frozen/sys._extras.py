# sys._extras: the rest of sys that a session can have, attached to the sys
# module (core/lang/modules/sys_module.cpp) at the first name it lacks (Note
# [Frozen modules]): the identity of the reference's build (prefixes,
# executable, flags, hash_info, implementation, thread_info, the standard
# library's module names), the text encodings, the hooks (displayhook,
# excepthook, unraisablehook, audit hooks) and intern.
# Written here; the values are those the reference, CPython 3.13.5 on Linux,
# reports. Not here: settrace/setprofile (the evaluator calls no trace hook),
# breakpointhook (no debugger), dlopen flags, the perf trampoline and sys.monitoring (no bytecode events):
# tests/data/census-exclude.txt gives each reason.
import sys
import types
import collections


def _seq(name, fields, values, prefix='sys.'):
    def __repr__(self):
        return '%s%s(%s)' % (prefix, name, ', '.join('%s=%r' % kv for kv in zip(self._fields, self)))
    T = type(name, (collections.namedtuple(name, fields),), {'__slots__': (), '__repr__': __repr__, '__module__': 'sys'})
    return T(*values)


sys.abiflags = ''
sys.api_version = 1013
sys.prefix = sys.base_prefix = sys.exec_prefix = sys.base_exec_prefix = '/usr'
sys.executable = '/usr/bin/python3'
sys.orig_argv = ['/usr/bin/python3'] + list(sys.argv)
sys.platlibdir = 'lib'
sys.pycache_prefix = None
sys.dont_write_bytecode = False
sys.float_repr_style = 'short'
sys.maxunicode = 0x10ffff
sys.meta_path = []
sys.path_hooks = []
sys.path_importer_cache = {}
sys.warnoptions = []
sys.copyright = 'Copyright (c) 2001-2024 Python Software Foundation.\nAll Rights Reserved.\n\nCopyright (c) 2000 BeOpen.com.\nAll Rights Reserved.\n\nCopyright (c) 1995-2001 Corporation for National Research Initiatives.\nAll Rights Reserved.\n\nCopyright (c) 1991-1995 Stichting Mathematisch Centrum, Amsterdam.\nAll Rights Reserved.'
sys.flags = _seq('flags', 'debug inspect interactive optimize dont_write_bytecode no_user_site no_site ignore_environment '
                 'verbose bytes_warning quiet hash_randomization isolated dev_mode utf8_mode warn_default_encoding '
                 'safe_path int_max_str_digits', (0,) * 13 + (False, 0, 0, False, 4300))
sys.hash_info = _seq('hash_info', 'width modulus inf nan imag algorithm hash_bits seed_bits cutoff',
                     (64, 2305843009213693951, 314159, 0, 1000003, 'siphash13', 64, 128, 0))
sys.thread_info = _seq('thread_info', 'name lock version', ('pthread', 'semaphore', 'NPTL 2.41'))
sys.implementation = types.SimpleNamespace(name='cpython', cache_tag='cpython-313', version=sys.version_info,
                                           hexversion=sys.hexversion, _multiarch='x86_64-linux-gnu')
sys.stdlib_module_names = frozenset('''__future__ _abc _aix_support _android_support _apple_support _ast _asyncio _bisect _blake2 _bz2 _codecs _codecs_cn
_codecs_hk _codecs_iso2022 _codecs_jp _codecs_kr _codecs_tw _collections _collections_abc _colorize _compat_pickle
_compression _contextvars _csv _ctypes _curses _curses_panel _datetime _dbm _decimal _elementtree _frozen_importlib
_frozen_importlib_external _functools _gdbm _hashlib _heapq _imp _interpchannels _interpqueues _interpreters _io
_ios_support _json _locale _lsprof _lzma _markupbase _md5 _multibytecodec _multiprocessing _opcode _opcode_metadata
_operator _osx_support _overlapped _pickle _posixshmem _posixsubprocess _py_abc _pydatetime _pydecimal _pyio _pylong
_pyrepl _queue _random _scproxy _sha1 _sha2 _sha3 _signal _sitebuiltins _socket _sqlite3 _sre _ssl _stat _statistics
_string _strptime _struct _suggestions _symtable _sysconfig _thread _threading_local _tkinter _tokenize _tracemalloc
_typing _uuid _warnings _weakref _weakrefset _winapi _wmi _zoneinfo abc antigravity argparse array ast asyncio
atexit base64 bdb binascii bisect builtins bz2 cProfile calendar cmath cmd code codecs codeop collections colorsys
compileall concurrent configparser contextlib contextvars copy copyreg csv ctypes curses dataclasses datetime dbm
decimal difflib dis doctest email encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch
fractions ftplib functools gc genericpath getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac html http
idlelib imaplib importlib inspect io ipaddress itertools json keyword linecache locale logging lzma mailbox marshal
math mimetypes mmap modulefinder msvcrt multiprocessing netrc nt ntpath nturl2path numbers opcode operator optparse
os pathlib pdb pickle pickletools pkgutil platform plistlib poplib posix posixpath pprint profile pstats pty pwd
py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random re readline reprlib resource rlcompleter runpy sched
secrets select selectors shelve shlex shutil signal site smtplib socket socketserver sqlite3 sre_compile
sre_constants sre_parse ssl stat statistics string stringprep struct subprocess symtable sys sysconfig syslog
tabnanny tarfile tempfile termios textwrap this threading time timeit tkinter token tokenize tomllib trace traceback
tracemalloc tty turtle turtledemo types typing unicodedata unittest urllib uuid venv warnings wave weakref
webbrowser winreg winsound wsgiref xml xmlrpc zipapp zipfile zipimport zlib zoneinfo'''.split())
_interned = {}
_audit_hooks = []
_state = {'switch': 0.005, 'depth': 0, 'asyncgen': (None, None)}


def intern(string, /):
    if type(string) is not str:
        raise TypeError('intern() argument must be str, not ' + type(string).__name__)
    return _interned.setdefault(string, string)


def getdefaultencoding():
    return 'utf-8'


def getfilesystemencoding():
    return 'utf-8'


def getfilesystemencodeerrors():
    return 'surrogateescape'


def getswitchinterval():
    return _state['switch']


def setswitchinterval(interval, /):
    interval = float(interval)
    if interval <= 0.0:
        raise ValueError('switch interval must be strictly positive')
    _state['switch'] = interval


def gettrace():
    return None


def getprofile():
    return None


def call_tracing(func, args, /):
    if not isinstance(args, tuple):
        raise TypeError('call_tracing() argument 2 must be tuple, not ' + type(args).__name__)
    return func(*args)


def is_finalizing():
    return False


def getunicodeinternedsize():
    return len(_interned)


def get_coroutine_origin_tracking_depth():
    return _state['depth']


def set_coroutine_origin_tracking_depth(depth):
    if depth < 0:
        raise ValueError('depth must be >= 0')
    _state['depth'] = depth


_asyncgen_hooks = type(_seq('asyncgen_hooks', 'firstiter finalizer', (None, None), ''))


def get_asyncgen_hooks():
    return _asyncgen_hooks(*_state['asyncgen'])


def set_asyncgen_hooks(firstiter=None, finalizer=None):
    for name, f in (('firstiter', firstiter), ('finalizer', finalizer)):
        if f is not None and not callable(f):
            raise TypeError('callable %s expected, got %s' % (name, type(f).__name__))
    _state['asyncgen'] = (firstiter, finalizer)


def addaudithook(hook):
    _audit_hooks.append(hook)


def audit(event, /, *args):
    if not isinstance(event, str):
        raise TypeError("expected str for argument 'event', not " + type(event).__name__)
    for hook in _audit_hooks:
        hook(event, args)


def displayhook(object, /):
    if object is None:
        return
    import builtins
    builtins._ = None
    sys.stdout.write(repr(object) + '\n')
    builtins._ = object


def excepthook(exctype, value, traceback, /):
    import traceback as tb
    sys.stderr.write(''.join(tb.format_exception(exctype, value, traceback)))


def unraisablehook(unraisable, /):
    sys.stderr.write('Exception ignored in: %r\n' % (unraisable.object,))
    excepthook(unraisable.exc_type, unraisable.exc_value, unraisable.exc_traceback)


for _f in (intern, getdefaultencoding, getfilesystemencoding, getfilesystemencodeerrors, getswitchinterval,
           setswitchinterval, gettrace, getprofile, call_tracing, is_finalizing, getunicodeinternedsize,
           get_coroutine_origin_tracking_depth, set_coroutine_origin_tracking_depth, get_asyncgen_hooks,
           set_asyncgen_hooks, addaudithook, audit, displayhook, excepthook, unraisablehook):
    setattr(sys, _f.__name__, _f)
sys.__displayhook__, sys.__excepthook__, sys.__unraisablehook__ = displayhook, excepthook, unraisablehook

# array: array.array, CPython 3.13's Modules/arraymodule.c -- a typed,
# resizable sequence of C numbers kept as their bytes (native order, as the
# reference's x86-64 Linux lays them out: l and L are 8 bytes, u and w 4),
# with each typecode's conversion and range messages. Written here in Python
# over struct (the per-item packing) and a bytearray (the storage).
# Not here: the buffer protocol (memoryview(a), np.frombuffer(a) refuse an
# array; bytes(a) and a.tobytes() give its bytes), pickling as CPython's
# _array_reconstructor, and the 'u' typecode's DeprecationWarning.
import struct

__all__ = ['array', 'ArrayType', 'typecodes']
__c_types__ = ('array',)

typecodes = 'bBuwhHiIlLqQfd'
_FORMAT = {'b': 'b', 'B': 'B', 'u': 'I', 'w': 'I', 'h': 'h', 'H': 'H', 'i': 'i', 'I': 'I',
           'l': 'q', 'L': 'Q', 'q': 'q', 'Q': 'Q', 'f': 'f', 'd': 'd'}
# (low, high, message below, message above) of the integer typecodes
_RANGE = {
    'b': (-128, 127, "signed char is less than minimum", "signed char is greater than maximum"),
    'B': (0, 255, "unsigned byte integer is less than minimum", "unsigned byte integer is greater than maximum"),
    'h': (-32768, 32767, "signed short integer is less than minimum", "signed short integer is greater than maximum"),
    'H': (0, 65535, "unsigned short is less than minimum", "unsigned short is greater than maximum"),
    'i': (-2 ** 31, 2 ** 31 - 1, "signed integer is less than minimum", "signed integer is greater than maximum"),
    'I': (0, 2 ** 32 - 1, "can't convert negative value to unsigned int", "unsigned int is greater than maximum"),
    'l': (-2 ** 63, 2 ** 63 - 1, "Python int too large to convert to C long", "Python int too large to convert to C long"),
    'L': (0, 2 ** 64 - 1, "can't convert negative value to unsigned int", "Python int too large to convert to C unsigned long"),
    'q': (-2 ** 63, 2 ** 63 - 1, "int too big to convert", "int too big to convert"),
    'Q': (0, 2 ** 64 - 1, "can't convert negative int to unsigned", "int too big to convert"),
}


def _pack(code, x):
    if code in 'uw':
        if not isinstance(x, str) or len(x) != 1:
            raise TypeError("array item must be unicode character")
        return struct.pack('<I', ord(x))
    if code in 'fd':
        if isinstance(x, (str, bytes, list, tuple, dict)) or x is None:
            raise TypeError("must be real number, not " + type(x).__name__)
        return struct.pack('<' + code, float(x))
    if isinstance(x, float):
        raise TypeError("'float' object cannot be interpreted as an integer")
    if not isinstance(x, int):
        if not hasattr(x, '__index__'):
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(x).__name__)
        x = x.__index__()
    lo, hi, small, big = _RANGE[code]
    if x < lo:
        raise OverflowError(small)
    if x > hi:
        raise OverflowError(big)
    return struct.pack('<' + _FORMAT[code], x)


class array:
    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("array.array() takes no keyword arguments")
        if not args:
            raise TypeError("array() takes at least 1 argument (0 given)")
        if len(args) > 2:
            raise TypeError("array() takes at most 2 arguments (%d given)" % len(args))
        typecode, initializer = args[0], args[1] if len(args) > 1 else None
        if not isinstance(typecode, str) or len(typecode) != 1:
            raise TypeError("array() argument 1 must be a unicode character, not " + type(typecode).__name__)
        if typecode not in typecodes:
            raise ValueError("bad typecode (must be b, B, u, w, h, H, i, I, l, L, q, Q, f or d)")
        self._code = typecode
        self._size = struct.calcsize('<' + _FORMAT[typecode])
        self._data = bytearray()
        if initializer is None:
            return
        if isinstance(initializer, str):
            if typecode not in 'uw':
                raise TypeError("cannot use a str to initialize an array with typecode '%s'" % typecode)
            self.extend(initializer)
        elif isinstance(initializer, (bytes, bytearray)):
            self.frombytes(initializer)
        elif isinstance(initializer, array):
            if (initializer._code in 'uw') != (typecode in 'uw'):
                raise TypeError("cannot use a unicode array to initialize an array with typecode '%s'" % typecode)
            self.extend(initializer.tolist())
        else:
            self.extend(initializer)

    @property
    def typecode(self):
        return self._code

    @property
    def itemsize(self):
        return self._size

    def _item(self, i):
        k = self._size
        v = struct.unpack('<' + _FORMAT[self._code], self._data[i * k:(i + 1) * k])[0]
        return chr(v) if self._code in 'uw' else v

    def __len__(self):
        return len(self._data) // self._size

    def tolist(self):
        return [self._item(i) for i in range(len(self))]

    def __iter__(self):
        return iter(self.tolist())

    def __repr__(self):
        if not len(self):
            return "array('%s')" % self._code
        if self._code in 'uw':
            return "array('%s', %r)" % (self._code, ''.join(self.tolist()))
        return "array('%s', %r)" % (self._code, self.tolist())

    def _index(self, i, msg):
        i = i.__index__() if not isinstance(i, int) else i
        n = len(self)
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError(msg)
        return i

    def __getitem__(self, i):
        if isinstance(i, slice):
            return array(self._code, self.tolist()[i])
        return self._item(self._index(i, "array index out of range"))

    def __setitem__(self, i, x):
        if isinstance(i, slice):
            items = self.tolist()
            items[i] = x.tolist() if isinstance(x, array) else x
            self._data = bytearray(b''.join(_pack(self._code, v) for v in items))
            return
        i = self._index(i, "array assignment index out of range")
        self._data[i * self._size:(i + 1) * self._size] = _pack(self._code, x)

    def __delitem__(self, i):
        items = self.tolist()
        del items[i if isinstance(i, slice) else self._index(i, "array assignment index out of range")]
        self._data = bytearray(b''.join(_pack(self._code, v) for v in items))

    def __contains__(self, x):
        return x in self.tolist()

    def __eq__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self.tolist() == other.tolist()

    def __ne__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self.tolist() != other.tolist()

    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError('can only append array (not "%s") to array' % type(other).__name__)
        if other._code != self._code:
            raise TypeError("bad argument type for built-in operation")
        return array(self._code, bytes(self._data + other._data))

    def __iadd__(self, other):
        if not isinstance(other, array):
            raise TypeError('can only extend array with array (not "%s")' % type(other).__name__)
        self.extend(other)
        return self

    def __mul__(self, n):
        return array(self._code, bytes(self._data * n))

    __rmul__ = __mul__

    def __bytes__(self):
        return bytes(self._data)

    def append(self, x, /):
        self._data += _pack(self._code, x)

    def extend(self, items, /):
        if isinstance(items, array):
            if items._code != self._code:
                raise TypeError("can only extend with array of same kind")
            self._data += items._data
            return
        self._data += b''.join(_pack(self._code, x) for x in items)

    def fromlist(self, items, /):
        if not isinstance(items, list):
            raise TypeError("arg must be list")
        self.extend(items)

    def frombytes(self, buffer, /):
        b = bytes(memoryview(buffer))
        if len(b) % self._size:
            raise ValueError("bytes length not a multiple of item size")
        self._data += b

    def tobytes(self):
        return bytes(self._data)

    def fromunicode(self, s, /):
        if self._code not in 'uw':
            raise ValueError("fromunicode() may only be called on unicode type arrays ('u' or 'w')")
        self.extend(s)

    def tounicode(self):
        if self._code not in 'uw':
            raise ValueError("tounicode() may only be called on unicode type arrays ('u' or 'w')")
        return ''.join(self.tolist())

    def insert(self, i, x, /):
        n = len(self)
        if i < 0:
            i = max(0, i + n)
        i = min(i, n)
        self._data[i * self._size:i * self._size] = _pack(self._code, x)

    def pop(self, i=-1, /):
        if not len(self):
            raise IndexError("pop from empty array")
        i = self._index(i, "pop index out of range")
        x = self._item(i)
        del self._data[i * self._size:(i + 1) * self._size]
        return x

    def index(self, x, start=0, stop=None, /):
        items = self.tolist()
        for i in range(len(items))[start:stop]:
            if items[i] == x:
                return i
        raise ValueError("array.index(x): x not in array")

    def count(self, x, /):
        return self.tolist().count(x)

    def remove(self, x, /):
        items = self.tolist()
        if x not in items:
            raise ValueError("array.remove(x): x not in array")
        self.pop(items.index(x))

    def reverse(self):
        k = self._size
        self._data = bytearray(b''.join(self._data[i * k:(i + 1) * k] for i in reversed(range(len(self)))))

    def byteswap(self):
        k = self._size
        self._data = bytearray(b''.join(self._data[i * k:(i + 1) * k][::-1] for i in range(len(self))))

    def buffer_info(self):
        return (id(self._data), len(self))

    def __copy__(self):
        return array(self._code, bytes(self._data))

    def __deepcopy__(self, memo):
        return self.__copy__()


ArrayType = array

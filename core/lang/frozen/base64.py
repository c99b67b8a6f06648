# base64: Base16, Base32, Base64 (RFC 4648) data encodings (CPython 3.13's base64 interface
# for those, written here in Python over bytes; CPython's own builds on its C binascii).
#
# Base64 reads the input 3 bytes (24 bits) at a time and writes 4 symbols of 6 bits from
# the 64-letter alphabet A-Z a-z 0-9 + / (urlsafe: - _), padding the last group with "=";
# Base32 reads 5 bytes (40 bits) and writes 8 symbols of 5 bits (A-Z 2-7, or the
# extended-hex 0-9 A-V), padded to 8; Base16 is upper-case hex. Decoding inverts this;
# b64decode drops characters outside the alphabet unless validate=True, and a wrong padding
# is binascii.Error ("Incorrect padding") as in CPython.
import re

bytes_types = (bytes, bytearray)
MAXLINESIZE = 76
MAXBINSIZE = (MAXLINESIZE // 4) * 3

_B64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B32 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_B32HEX = b"0123456789ABCDEFGHIJKLMNOPQRSTUV"


class Error(ValueError):
    """binascii.Error: the input is not valid encoded data."""
    __module__ = "binascii"


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode("ascii")
        except UnicodeEncodeError:
            raise ValueError("string argument should contain only ASCII characters")
    if isinstance(s, bytes_types):
        return bytes(s)
    try:
        return bytes(memoryview(s))
    except TypeError:
        raise TypeError("argument should be a bytes-like object or ASCII string, not %r"
                        % s.__class__.__name__) from None


def _need_bytes(s, what="a bytes-like object"):
    if isinstance(s, str) or not isinstance(s, (bytes, bytearray, memoryview)):
        raise TypeError("%s is required, not '%s'" % (what, type(s).__name__))
    return bytes(s)


def _b64_encode(s, alphabet):
    out = bytearray()
    n = len(s)
    for i in range(0, n - n % 3, 3):
        v = (s[i] << 16) | (s[i + 1] << 8) | s[i + 2]
        out += bytes([alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], alphabet[v & 63]])
    rest = n % 3
    if rest == 1:
        v = s[n - 1] << 16
        out += bytes([alphabet[v >> 18], alphabet[(v >> 12) & 63]]) + b"=="
    elif rest == 2:
        v = (s[n - 2] << 16) | (s[n - 1] << 8)
        out += bytes([alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63]]) + b"="
    return bytes(out)


def _b64_decode(s, alphabet, validate):
    table = {c: i for i, c in enumerate(alphabet)}
    if validate:
        if re.search(rb"[^A-Za-z0-9+/=]", s):
            raise Error("Only base64 data is allowed")
        first_pad = s.find(b"=")
        symbols = s if first_pad < 0 else s[:first_pad]
        if first_pad >= 0 and s[first_pad:].strip(b"="):
            raise Error("Excess data after padding")
        pads = len(s) - len(symbols)
    else:
        symbols = bytearray()
        pads = 0
        for c in s:
            if c in table and not pads:
                symbols.append(c)
            elif c == 61:  # "="
                pads += 1
    r = len(symbols) % 4
    if r == 1:
        raise Error("Invalid base64-encoded string: number of data characters (%d) cannot be 1 more "
                    "than a multiple of 4" % len(symbols))
    if (r == 2 and pads < 2) or (r == 3 and pads < 1):
        raise Error("Incorrect padding")
    out = bytearray()
    acc = 0
    bits = 0
    for c in symbols:
        acc = (acc << 6) | table[c]
        bits += 6
        if bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 0xFF)
    return bytes(out)


def b64encode(s, altchars=None):
    """Encode the bytes-like object s using Base64 and return a bytes object."""
    s = _need_bytes(s)
    encoded = _b64_encode(s, _B64)
    if altchars is not None:
        altchars = _need_bytes(altchars)
        if len(altchars) != 2:
            raise AssertionError(repr(altchars))
        encoded = encoded.translate(bytes.maketrans(b"+/", altchars))
    return encoded


def b64decode(s, altchars=None, validate=False):
    """Decode the Base64 encoded bytes-like object or ASCII string s."""
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        if len(altchars) != 2:
            raise AssertionError(repr(altchars))
        s = s.translate(bytes.maketrans(altchars, b"+/"))
    return _b64_decode(s, _B64, validate)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    return b64encode(s).translate(bytes.maketrans(b"+/", b"-_"))


def urlsafe_b64decode(s):
    s = _bytes_from_decode_data(s)
    return b64decode(s.translate(bytes.maketrans(b"-_", b"+/")))


def _b32encode(alphabet, s):
    s = _need_bytes(s)
    out = bytearray()
    for i in range(0, len(s), 5):
        chunk = s[i:i + 5]
        v = int.from_bytes(chunk + bytes(5 - len(chunk)), "big")
        symbols = bytes(alphabet[(v >> (35 - 5 * k)) & 31] for k in range(8))
        used = {1: 2, 2: 4, 3: 5, 4: 7, 5: 8}[len(chunk)]
        out += symbols[:used] + b"=" * (8 - used)
    return bytes(out)


def _b32decode(alphabet, s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise Error("Incorrect padding")
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        s = s.translate(bytes.maketrans(b"01", b"O" + map01))
    if casefold:
        s = s.upper()
    stripped = s.rstrip(b"=")
    pads = len(s) - len(stripped)
    if pads not in (0, 1, 3, 4, 6):
        raise Error("Incorrect padding")
    table = {c: i for i, c in enumerate(alphabet)}
    out = bytearray()
    for i in range(0, len(s), 8):
        quanta = s[i:i + 8].rstrip(b"=")
        v = 0
        for c in quanta:
            if c not in table:
                raise Error("Non-base32 digit found")
            v = (v << 5) | table[c]
        v <<= 5 * (8 - len(quanta))
        full = v.to_bytes(5, "big")
        keep = {8: 5, 7: 4, 5: 3, 4: 2, 2: 1, 0: 0}.get(len(quanta))
        if keep is None:
            raise Error("Incorrect padding")
        out += full[:keep]
    return bytes(out)


def b32encode(s):
    return _b32encode(_B32, s)


def b32decode(s, casefold=False, map01=None):
    return _b32decode(_B32, s, casefold, map01)


def b32hexencode(s):
    return _b32encode(_B32HEX, s)


def b32hexdecode(s, casefold=False):
    return _b32decode(_B32HEX, s, casefold)


def b16encode(s):
    return _need_bytes(s).hex().upper().encode("ascii")


def b16decode(s, casefold=False):
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    if re.search(rb"[^0-9A-F]", s):
        raise Error("Non-base16 digit found")
    if len(s) % 2:
        raise Error("Odd-length string")
    return bytes.fromhex(s.decode("ascii"))


def encodebytes(s):
    """Encode a bytestring into a bytes object containing multiple lines of base-64 data."""
    s = _need_bytes(s, "expected bytes-like object")
    pieces = []
    for i in range(0, len(s), MAXBINSIZE):
        pieces.append(_b64_encode(s[i: i + MAXBINSIZE], _B64) + b"\n")
    return b"".join(pieces)


def decodebytes(s):
    """Decode a bytestring of base-64 data into a bytes object."""
    return _b64_decode(_need_bytes(s, "expected bytes-like object"), _B64, False)


def encode(input, output):
    """Encode a file; input and output are binary files."""
    while s := input.read(MAXBINSIZE):
        output.write(encodebytes(s))


def decode(input, output):
    """Decode a file; input and output are binary files."""
    output.write(decodebytes(input.read()))


# Ascii85 / Base85 / Z85: 4 bytes read as a big-endian 32-bit word, written as 5
# digits base 85 (most significant first) from an 85-letter alphabet; a short last
# group is padded with zero bytes and as many digits are dropped (pad=False).
import binascii
import struct

_b85alphabet = (b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                b"abcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~")
_z85alphabet = (b'0123456789abcdefghijklmnopqrstuvwxyz'
                b'ABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#')
_A85START, _A85END = b"<~", b"~>"


def _85encode(b, chars, pad=False, foldnuls=False, foldspaces=False):
    b = _need_bytes(b) if not isinstance(b, bytes_types) else bytes(b)
    padding = (-len(b)) % 4
    b = b + b'\0' * padding
    out = bytearray()
    for (word,) in struct.iter_unpack('!I', b):
        if foldnuls and not word:
            out += b'z'
        elif foldspaces and word == 0x20202020:
            out += b'y'
        else:
            digits = []
            for _ in range(5):
                word, r = divmod(word, 85)
                digits.append(chars[r])
            out += bytes(reversed(digits))
    if padding and not pad:
        if out[-1:] == b'z':
            out[-1:] = bytes([chars[0]]) * 5
        del out[len(out) - padding:]
    return bytes(out)


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    result = _85encode(b, bytes(range(33, 118)), pad, True, foldspaces)
    if adobe:
        result = _A85START + result
    if wrapcol:
        wrapcol = max(2 if adobe else 1, wrapcol)
        chunks = [result[i: i + wrapcol] for i in range(0, len(result), wrapcol)]
        if adobe and len(chunks[-1]) + 2 > wrapcol:
            chunks.append(b'')
        result = b'\n'.join(chunks)
    if adobe:
        result += _A85END
    return result


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v'):
    b = _bytes_from_decode_data(b)
    if adobe:
        if not b.endswith(_A85END):
            raise ValueError("Ascii85 encoded byte sequences must end with {!r}".format(_A85END))
        b = b[2:-2] if b.startswith(_A85START) else b[:-2]
    out, cur = bytearray(), []
    for x in b + b'u' * 4:
        if 33 <= x <= 117:
            cur.append(x)
            if len(cur) == 5:
                acc = 0
                for c in cur:
                    acc = 85 * acc + (c - 33)
                if acc > 0xffffffff:
                    raise ValueError('Ascii85 overflow')
                out += struct.pack('!I', acc)
                cur = []
        elif x == 122:
            if cur:
                raise ValueError('z inside Ascii85 5-tuple')
            out += b'\0\0\0\0'
        elif foldspaces and x == 121:
            if cur:
                raise ValueError('y inside Ascii85 5-tuple')
            out += b'\x20\x20\x20\x20'
        elif x in ignorechars:
            continue
        else:
            raise ValueError('Non-Ascii85 digit found: %c' % x)
    padding = 4 - len(cur)
    return bytes(out[:len(out) - padding]) if padding else bytes(out)


def b85encode(b, pad=False):
    return _85encode(b, _b85alphabet, pad)


def _85decode(b, alphabet, name):
    b = _bytes_from_decode_data(b)
    table = {c: i for i, c in enumerate(alphabet)}
    padding = (-len(b)) % 5
    b = b + bytes([alphabet[-1]]) * padding
    out = bytearray()
    for i in range(0, len(b), 5):
        acc = 0
        for j, c in enumerate(b[i:i + 5]):
            if c not in table:
                raise ValueError('bad %s character at position %d' % (name, i + j))
            acc = acc * 85 + table[c]
        if acc > 0xffffffff:
            raise ValueError('%s overflow in hunk starting at byte %d' % (name, i))
        out += struct.pack('!I', acc)
    if padding:
        del out[len(out) - padding:]
    return bytes(out)


def b85decode(b):
    return _85decode(b, _b85alphabet, 'base85')


def z85encode(s, pad=False):
    return _85encode(s, _z85alphabet, pad)


def z85decode(s):
    return _85decode(s, _z85alphabet, 'z85')

# binascii._qp: binascii.a2b_qp / b2a_qp, quoted-printable (RFC 1521) as
# CPython 3.13's Modules/binascii.c codes it, written here in Python and
# attached to binascii (C++, core/lang/modules/binascii_module.cpp) at its
# first missing name: lines of at most 76 characters with "=" soft breaks,
# =XX for bytes outside printable ASCII, "=" itself, trailing white space and
# (header=True) "_"; the line ends of the input's first line kept.
import binascii

_HEX = b'0123456789ABCDEF'


def _data(data):
    if isinstance(data, str):
        try:
            return data.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters') from None
    return bytes(memoryview(data))


def a2b_qp(data, header=False):
    data = _data(data)
    out, i, n = bytearray(), 0, len(data)
    while i < n:
        c = data[i]
        if c == 61:  # '='
            i += 1
            if i >= n:
                break
            if data[i] in (10, 13):  # a soft line break
                while i < n and data[i] != 10:
                    i += 1
                i += i < n
            elif data[i] == 61:
                out.append(61)
                i += 1
            elif i + 1 < n and data[i] in b'0123456789ABCDEFabcdef' and data[i + 1] in b'0123456789ABCDEFabcdef':
                out.append(int(data[i:i + 2], 16))
                i += 2
            else:
                out.append(61)
        elif header and c == 95:
            out.append(32)
            i += 1
        else:
            out.append(c)
            i += 1
    return bytes(out)


def b2a_qp(data, quotetabs=False, istext=True, header=False):
    data = _data(data)
    n = len(data)
    nl = data.find(b'\n')
    crlf = nl > 0 and data[nl - 1] == 13
    end = b'\r\n' if crlf else b'\n'
    out, linelen, i = bytearray(), 0, 0
    while i < n:
        c = data[i]
        last = i + 1 == n
        if (c > 126 or c == 61 or (header and c == 95) or
                (c == 46 and linelen == 0 and (last or data[i + 1] in (10, 13, 0))) or
                (not istext and c in (10, 13)) or (c in (9, 32) and last) or
                (c < 33 and c not in (10, 13) and (quotetabs or c not in (9, 32)))):
            if linelen + 3 >= 76:
                out += b'=' + end
                linelen = 0
            out += bytes((61, _HEX[c >> 4], _HEX[c & 15]))
            linelen += 3
            i += 1
        elif istext and (c == 10 or (not last and c == 13 and data[i + 1] == 10)):
            linelen = 0
            if out and out[-1] in (9, 32):
                ch = out.pop()
                out += bytes((61, _HEX[ch >> 4], _HEX[ch & 15]))
            out += end
            i += 2 if c == 13 else 1
        else:
            if not last and data[i + 1] != 10 and linelen + 1 >= 76:
                out += b'=' + end
                linelen = 0
            linelen += 1
            out.append(95 if header and c == 32 else c)
            i += 1
    return bytes(out)


binascii.a2b_qp, binascii.b2a_qp = a2b_qp, b2a_qp

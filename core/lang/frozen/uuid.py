# uuid: RFC 4122 identifiers (CPython 3.13's uuid interface, written here in Python as
# CPython's Lib/uuid.py is; learnt from its behaviour, not copied).
#
# A UUID is a 128-bit integer, shown as 32 hex digits grouped 8-4-4-4-12. Its fields, from
# the most significant end: time_low (32 bits), time_mid (16), time_hi_version (16: the top
# 4 are the version), clock_seq_hi_variant (8: the top bits are the variant, 10 for RFC
# 4122), clock_seq_low (8), node (48). Making a version-v UUID sets bits 76-79 to v and bits
# 62-63 to 10. uuid3/uuid5 are the first 16 bytes of MD5/SHA-1(namespace bytes + name);
# uuid4 is 16 bytes from os.urandom (the session's generator); uuid1 counts 100 ns ticks
# since 1582-10-15 (the Gregorian reform) with a random clock sequence and node (a browser
# session has no hardware address; the multicast bit marks the node as random, RFC 4122 4.5).
import os
import sys
from enum import Enum

bytes_ = bytes
int_ = int
RESERVED_NCS, RFC_4122, RESERVED_MICROSOFT, RESERVED_FUTURE = [
    'reserved for NCS compatibility', 'specified in RFC 4122', 'reserved for Microsoft compatibility',
    'reserved for future definition']


class SafeUUID(Enum):
    safe = 0
    unsafe = -1
    unknown = None


class UUID:
    __slots__ = ('int', 'is_safe', '__weakref__')

    def __init__(self, hex=None, bytes=None, bytes_le=None, fields=None, int=None, version=None, *,
                 is_safe=SafeUUID.unknown):
        if [hex, bytes, bytes_le, fields, int].count(None) != 4:
            raise TypeError('one of the hex, bytes, bytes_le, fields, or int arguments must be given')
        if hex is not None:
            hex = hex.replace('urn:', '').replace('uuid:', '')
            hex = hex.strip('{}').replace('-', '')
            if len(hex) != 32:
                raise ValueError('badly formed hexadecimal UUID string')
            int = int_(hex, 16)
        if bytes_le is not None:
            if len(bytes_le) != 16:
                raise ValueError('bytes_le is not a 16-char string')
            bytes = bytes_le[4 - 1::-1] + bytes_le[6 - 1:4 - 1:-1] + bytes_le[8 - 1:6 - 1:-1] + bytes_le[8:]
        if bytes is not None:
            if len(bytes) != 16:
                raise ValueError('bytes is not a 16-char string')
            int = int_.from_bytes(bytes, 'big')
        if fields is not None:
            if len(fields) != 6:
                raise ValueError('fields is not a 6-tuple')
            bits = (32, 16, 16, 8, 8, 48)
            for i, (v, b) in enumerate(zip(fields, bits)):
                if not 0 <= v < 1 << b:
                    raise ValueError('field %d out of range (need a %d-bit value)' % (i + 1, b))
            tl, tm, th, csh, csl, node = fields
            int = (tl << 96) | (tm << 80) | (th << 64) | (((csh << 8) | csl) << 48) | node
        if not 0 <= int < 1 << 128:
            raise ValueError('int is out of range (need a 128-bit value)')
        if version is not None:
            if not 1 <= version <= 5:
                raise ValueError('illegal version number')
            int &= ~(0xc000 << 48)
            int |= 0x8000 << 48
            int &= ~(0xf000 << 64)
            int |= version << 76
        object.__setattr__(self, 'int', int)
        object.__setattr__(self, 'is_safe', is_safe)

    def __getstate__(self):
        d = {'int': self.int}
        if self.is_safe != SafeUUID.unknown:
            d['is_safe'] = self.is_safe.value
        return d

    def __setstate__(self, state):
        object.__setattr__(self, 'int', state['int'])
        object.__setattr__(self, 'is_safe', SafeUUID(state['is_safe']) if 'is_safe' in state else SafeUUID.unknown)

    def __eq__(self, other):
        return self.int == other.int if isinstance(other, UUID) else NotImplemented

    def __lt__(self, other):
        return self.int < other.int if isinstance(other, UUID) else NotImplemented

    def __gt__(self, other):
        return self.int > other.int if isinstance(other, UUID) else NotImplemented

    def __le__(self, other):
        return self.int <= other.int if isinstance(other, UUID) else NotImplemented

    def __ge__(self, other):
        return self.int >= other.int if isinstance(other, UUID) else NotImplemented

    def __hash__(self):
        return hash(self.int)

    def __int__(self):
        return self.int

    def __repr__(self):
        return '%s(%r)' % (self.__class__.__name__, str(self))

    def __setattr__(self, name, value):
        raise TypeError('UUID objects are immutable')

    def __str__(self):
        h = '%032x' % self.int
        return '%s-%s-%s-%s-%s' % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])

    @property
    def bytes(self):
        return self.int.to_bytes(16, 'big')

    @property
    def bytes_le(self):
        b = self.bytes
        return b[4 - 1::-1] + b[6 - 1:4 - 1:-1] + b[8 - 1:6 - 1:-1] + b[8:]

    @property
    def fields(self):
        return (self.time_low, self.time_mid, self.time_hi_version, self.clock_seq_hi_variant, self.clock_seq_low,
                self.node)

    time_low = property(lambda self: self.int >> 96)
    time_mid = property(lambda self: (self.int >> 80) & 0xffff)
    time_hi_version = property(lambda self: (self.int >> 64) & 0xffff)
    clock_seq_hi_variant = property(lambda self: (self.int >> 56) & 0xff)
    clock_seq_low = property(lambda self: (self.int >> 48) & 0xff)
    node = property(lambda self: self.int & 0xffffffffffff)
    hex = property(lambda self: '%032x' % self.int)
    urn = property(lambda self: 'urn:uuid:' + str(self))

    @property
    def time(self):
        return ((self.time_hi_version & 0x0fff) << 48) | (self.time_mid << 32) | self.time_low

    @property
    def clock_seq(self):
        return ((self.clock_seq_hi_variant & 0x3f) << 8) | self.clock_seq_low

    @property
    def variant(self):
        if not self.int & (0x8000 << 48):
            return RESERVED_NCS
        if not self.int & (0x4000 << 48):
            return RFC_4122
        if not self.int & (0x2000 << 48):
            return RESERVED_MICROSOFT
        return RESERVED_FUTURE

    @property
    def version(self):
        if self.variant == RFC_4122:
            return int((self.int >> 76) & 0xf)


_node = []


def getnode():
    if not _node:
        _node.append(int.from_bytes(os.urandom(6), 'big') | (1 << 40))
    return _node[0]


_last_timestamp = [None]


def uuid1(node=None, clock_seq=None):
    import time
    timestamp = time.time_ns() // 100 + 0x01b21dd213814000
    if _last_timestamp[0] is not None and timestamp <= _last_timestamp[0]:
        timestamp = _last_timestamp[0] + 1
    _last_timestamp[0] = timestamp
    if clock_seq is None:
        clock_seq = int.from_bytes(os.urandom(2), 'big') & 0x3fff
    time_low = timestamp & 0xffffffff
    time_mid = (timestamp >> 32) & 0xffff
    time_hi_version = (timestamp >> 48) & 0x0fff
    if node is None:
        node = getnode()
    return UUID(fields=(time_low, time_mid, time_hi_version, (clock_seq >> 8) & 0x3f, clock_seq & 0xff, node),
                version=1)


def _name_bytes(name):
    return bytes(name, 'utf-8') if isinstance(name, str) else name


def uuid3(namespace, name):
    from hashlib import md5
    return UUID(bytes=md5(namespace.bytes + _name_bytes(name), usedforsecurity=False).digest()[:16], version=3)


def uuid4():
    return UUID(bytes=os.urandom(16), version=4)


def uuid5(namespace, name):
    from hashlib import sha1
    return UUID(bytes=sha1(namespace.bytes + _name_bytes(name), usedforsecurity=False).digest()[:16], version=5)


def main():
    import argparse
    makers = {'uuid1': uuid1, 'uuid3': uuid3, 'uuid4': uuid4, 'uuid5': uuid5}
    namespaces = {'@dns': NAMESPACE_DNS, '@url': NAMESPACE_URL, '@oid': NAMESPACE_OID, '@x500': NAMESPACE_X500}
    parser = argparse.ArgumentParser(description='Generates a uuid using the selected uuid function.')
    parser.add_argument('-u', '--uuid', choices=makers.keys(), default='uuid4',
                        help='The function to use to generate the uuid. By default uuid4 function is used.')
    parser.add_argument('-n', '--namespace',
                        help="The namespace is a UUID, or '@ns' where 'ns' is a well-known predefined UUID addressed "
                             "by namespace name. Such as @dns, @url, @oid, and @x500. Only required for uuid3/uuid5 "
                             "functions.")
    parser.add_argument('-N', '--name', help='The name used as part of generating the uuid. Only required for '
                                             'uuid3/uuid5 functions.')
    args = parser.parse_args()
    fn = makers[args.uuid]
    if fn in (uuid3, uuid5):
        if not (args.namespace and args.name):
            parser.error('Incorrect number of arguments. %s requires a namespace and a name. Run \'python -m uuid '
                         '-h\' for more information.' % args.uuid)
        ns = namespaces[args.namespace] if args.namespace in namespaces else UUID(args.namespace)
        print(fn(ns, args.name))
    else:
        print(fn())


NAMESPACE_DNS = UUID('6ba7b810-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_URL = UUID('6ba7b811-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_OID = UUID('6ba7b812-9dad-11d1-80b4-00c04fd430c8')
NAMESPACE_X500 = UUID('6ba7b814-9dad-11d1-80b4-00c04fd430c8')

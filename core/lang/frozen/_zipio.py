# _zipio: the zip archives stridelab writes and reads, in the session's files
# (Note [Session file system]); numpy.lib.npyio (.npz) and torch.serialization
# (.pt/.pth) use it. Written here, not CPython's zipfile (numpy and torch need
# only these bytes, not the module):
# - ZipWriter writes what CPython's zipfile writes for what NumPy hands it
#   (ZipFile.open(name, 'w', force_zip64=True) on a seekable file): a local
#   header with version 45, the date 1980-01-01 00:00, sizes 0xffffffff and a
#   zip64 extra field (id 1: file and compressed size), the data (stored, or
#   raw deflate from zlib.compressobj(-1, DEFLATED, -15)), then a central
#   directory entry per member (version 45 made by Unix, attributes 0o600 << 16)
#   and the end record.
# - write_torch writes what PyTorch's PyTorchStreamWriter
#   (caffe2/serialize/inline_container.cc, over miniz) writes: see there.
# - ZipReader reads either (namelist, read, open of zipfile.ZipFile).
import io
import struct
import zlib


class BadZipFile(Exception):
    pass


BadZipFile.__module__ = 'zipfile'


class ZipWriter:
    # zipfile.ZipFile(fp, 'w', compression, allowZip64=True) for members opened with force_zip64
    def __init__(self, fp, compress):
        self.fp, self.compress, self.members = fp, compress, []
        try:
            self.start = fp.tell()
            self.seekable = True
        except (AttributeError, OSError):
            self.start, self.seekable = 0, False
        self.pos = self.start

    def _header(self, name, crc, csize, size, flags):
        extra = struct.pack('<HHQQ', 1, 16, size, csize)
        return struct.pack('<4s2B4HL2L2H', b'PK\x03\x04', 45, 0, flags, 8 if self.compress else 0, 0, 0x21,
                           crc, 0xffffffff, 0xffffffff, len(name), len(extra)) + name + extra

    def add(self, name, chunks):
        flags = 0
        try:
            bname = name.encode('ascii')
        except UnicodeEncodeError:
            bname, flags = name.encode('utf-8'), 0x800
        if not self.seekable:
            flags |= 0x08  # sizes in a data descriptor after the data
        co = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15) if self.compress else None
        crc, size, out = 0, 0, []
        for c in chunks:
            crc = zlib.crc32(c, crc)
            size += len(c)
            out.append(co.compress(c) if co else c)
        if co:
            out.append(co.flush())
        data = b''.join(out)
        offset = self.pos
        if self.seekable:
            head = self._header(bname, crc, len(data), size, flags)
            self.fp.write(head + data)
        else:
            head = self._header(bname, 0, 0, 0, flags)
            self.fp.write(head + data + struct.pack('<LLQQ', 0x08074b50, crc, len(data), size))
        self.pos += len(head) + len(data) + (0 if self.seekable else 24)
        self.members.append((bname, flags, crc, len(data), size, offset))

    def close(self):
        cd = []
        for bname, flags, crc, csize, size, offset in self.members:
            cd.append(struct.pack('<4s4B4HL2L5H2L', b'PK\x01\x02', 45, 3, 45, 0, flags, 8 if self.compress else 0,
                                  0, 0x21, crc, csize, size, len(bname), 0, 0, 0, 0, 0o600 << 16, offset) + bname)
        cd = b''.join(cd)
        n = len(self.members)
        self.fp.write(cd + struct.pack('<4s4H2LH', b'PK\x05\x06', 0, 0, n, n, len(cd), self.pos, 0))


# code page 437's upper half: the names of members without the UTF-8 flag (zipfile's default)
_CP437 = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\xa0'


def _cp437(raw):
    return ''.join(chr(b) if b < 128 else _CP437[b - 128] for b in raw)


class ZipReader:
    # the part of zipfile.ZipFile(fp) NpzFile uses: namelist, read, open
    def __init__(self, fp):
        self.fp = fp
        fp.seek(0, 2)
        end = fp.tell()
        fp.seek(max(0, end - 65536 - 22))
        tail = fp.read()
        at = tail.rfind(b'PK\x05\x06')
        if at < 0 or len(tail) - at < 22:
            raise BadZipFile("File is not a zip file")
        rec = struct.unpack('<4s4H2LH', tail[at:at + 22])
        size_cd, offset_cd = rec[5], rec[6]
        endpos = end - len(tail) + at
        if at >= 20 and tail[at - 20:at - 16] == b'PK\x06\x07':  # zip64 locator, then record
            fp.seek(endpos - 20 - 56)
            z64 = struct.unpack('<4sQ2H2L4Q', fp.read(56))
            size_cd, offset_cd = z64[8], z64[9]
            endpos -= 76
        concat = endpos - size_cd - offset_cd
        fp.seek(offset_cd + concat)
        cd = fp.read(size_cd)
        self.info, self.names, i = {}, [], 0
        while i + 46 <= len(cd):
            f = struct.unpack('<4s4B4HL2L5H2L', cd[i:i + 46])
            if f[0] != b'PK\x01\x02':
                raise BadZipFile("Bad magic number for central directory")
            nlen, xlen, clen = f[12], f[13], f[14]
            raw = cd[i + 46:i + 46 + nlen]
            name = raw.decode('utf-8') if f[5] & 0x800 else _cp437(raw)
            csize, size, offset = f[10], f[11], f[18]
            extra = cd[i + 46 + nlen:i + 46 + nlen + xlen]
            j = 0
            while j + 4 <= len(extra):
                tag, ln = struct.unpack('<HH', extra[j:j + 4])
                if tag == 1:
                    vals = list(struct.unpack('<%dQ' % (ln // 8), extra[j + 4:j + 4 + ln // 8 * 8]))
                    if size == 0xffffffff:
                        size = vals.pop(0)
                    if csize == 0xffffffff:
                        csize = vals.pop(0)
                    if offset == 0xffffffff:
                        offset = vals.pop(0)
                j += 4 + ln
            self.info[name] = (f[6], f[9], csize, size, offset + concat, raw)
            self.names.append(name)
            i += 46 + nlen + xlen + clen

    def namelist(self):
        return list(self.names)

    def read(self, name):
        if name not in self.info:
            raise KeyError("There is no item named %r in the archive" % name)
        method, crc, csize, size, offset, raw = self.info[name]
        self.fp.seek(offset)
        h = struct.unpack('<4s2B4HL2L2H', self.fp.read(30))
        if h[0] != b'PK\x03\x04':
            raise BadZipFile("Bad magic number for file header")
        fname = self.fp.read(h[10])
        self.fp.read(h[11])
        if fname != raw:
            raise BadZipFile('File name in directory %r and header %r differ.' % (name, fname))
        data = self.fp.read(csize)
        if method == 8:
            data = zlib.decompress(data, -15)
        elif method != 0:
            raise NotImplementedError("That compression method is not supported")
        if zlib.crc32(data) != crc:
            raise BadZipFile("Bad CRC-32 for file %r" % name)
        return data

    def open(self, name):
        return io.BytesIO(self.read(name))

    def close(self):
        self.fp = None


_M64 = (1 << 64) - 1


def _hash_bytes(b):
    # libstdc++'s std::hash<std::string> (_Hash_bytes, 64-bit MurmurHash2, seed 0xc70f6907)
    m = 0xc6a4a7935bd1e995
    h = 0xc70f6907 ^ (len(b) * m & _M64)
    n = len(b) & ~7
    for i in range(0, n, 8):
        k = int.from_bytes(b[i:i + 8], 'little') * m & _M64
        h = (h ^ ((k ^ k >> 47) * m & _M64)) * m & _M64
    if len(b) & 7:
        h = (h ^ int.from_bytes(b[n:], 'little')) * m & _M64
    h = (h ^ h >> 47) * m & _M64
    return h ^ h >> 47


def _hash_combine(seed, v):  # c10::hash_combine
    return seed ^ ((v + 0x9e3779b9 + (seed << 6) + (seed >> 2)) & _M64)


def _set_order(names):
    # the iteration order of a libstdc++ std::unordered_set<std::string> the names
    # were inserted into: a node goes first in its bucket's run, or first of all
    # in a new bucket; 13 buckets, then rehashes (re-inserting in iteration
    # order) to the next bucket count of _Prime_rehash_policy past twice as many
    order, nb = [], 13
    for x in names:
        if len(order) == nb:
            nb = {13: 29, 29: 59, 59: 127, 127: 257, 257: 541, 541: 1109, 1109: 2357, 2357: 5087}[nb]
            order = _set_order_in(order, nb)
        order = _set_order_in(order + [x], nb, len(order))
    return order


def _set_order_in(names, nb, start=0):
    out = names[:start]
    for x in names[start:]:
        b = _hash_bytes(x.encode()) % nb
        i = next((i for i, y in enumerate(out) if _hash_bytes(y.encode()) % nb == b), 0)
        out.insert(i, x)
    return out


def write_torch(fp, archive, records):
    # mirrors inline_container.cc: PyTorchStreamWriter::writeRecord / writeEndOfFile.
    # Each record is stored (no compression) with sizes and CRC in a data
    # descriptor after it (flags 0x808, versions 0, date 0; an empty record has
    # flags 0x800 and no descriptor, as miniz writes it), and its data starts at
    # a multiple of 64 bytes: the local header's extra field is 'FB', a 2-byte
    # length p and p bytes 'Z', p = -(offset + 30 + len(name) + 4) mod 64
    # (getPadding). After the records: 'version' ('3\n') and
    # '.data/serialization_id', 20 digits of the names' hashes combined
    # (c10::hash_combine) in the order the writer's unordered_set lists them and
    # 20 of the records' CRCs combined in writing order (writeSerializationId).
    # The end is miniz's zip64 end record (made by 0x31e, needs 45), its locator
    # and the classic end record. Records of 4 GiB or more (zip64 descriptors)
    # are not written here: a session cannot hold them.
    records = list(records) + [('version', b'3\n')]
    names = [n for n, _ in records]
    h = 0
    for n in _set_order(names):
        h = _hash_combine(h, _hash_bytes(n.encode()))
    c = 0
    for _, data in records:
        if data:  # the CRCs of the data descriptors written (an empty record has none)
            c = _hash_combine(c, zlib.crc32(data))
    records.append(('.data/serialization_id', b'%020d%020d' % (h, c)))
    out, cd, pos = [], [], 0
    for name, data in records:
        bname = (archive + '/' + name).encode('utf-8')
        pad = -(pos + 30 + len(bname) + 4) % 64
        flags = 0x808 if data else 0x800
        head = struct.pack('<4s5H3L2H', b'PK\x03\x04', 0, flags, 0, 0, 0, 0, 0, 0, len(bname), pad + 4)
        head += bname + b'FB' + struct.pack('<H', pad) + b'Z' * pad
        crc = zlib.crc32(data)
        tail = struct.pack('<4s3L', b'PK\x07\x08', crc, len(data), len(data)) if data else b''
        out += [head, data, tail]
        cd.append(struct.pack('<4s6H3L5H2L', b'PK\x01\x02', 0, 0, flags, 0, 0, 0, crc, len(data), len(data),
                              len(bname), 0, 0, 0, 0, 0, pos) + bname)
        pos += len(head) + len(data) + len(tail)
    cd = b''.join(cd)
    n = len(records)
    out += [cd, struct.pack('<4sQ2H2L4Q', b'PK\x06\x06', 44, 0x31e, 45, 0, 0, n, n, len(cd), pos),
            struct.pack('<4sLQL', b'PK\x06\x07', 0, pos + len(cd), 1),
            struct.pack('<4s4H2LH', b'PK\x05\x06', 0, 0, n, n, len(cd), pos, 0)]
    fp.write(b''.join(out))

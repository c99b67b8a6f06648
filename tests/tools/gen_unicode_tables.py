# Generates core/text/unicode_db_tables.inc, the engine's one table of Unicode character
# properties (issue 29 item 3), from the reference interpreter's own unicodedata and str
# methods: run it with the reference Python 3.13 (unidata_version 15.1.0):
#
#   /work/shared/oracle/refpy tests/tools/gen_unicode_tables.py core/text/unicode_db_tables.inc
#
# The tables are facts read back from the reference, character by character:
#   - a property record per code point (category, bidirectional class, combining class,
#     East Asian width, mirrored, XID_Start / XID_Continue, printable, space, lower /
#     upper / title / cased / case-ignorable, alpha, decimal / digit / numeric values and
#     the simple case deltas), deduplicated and reached through a two-level index (the
#     shape of CPython's makeunicodedata.py splitbins);
#   - the full case mappings that are not one code point (ß -> SS) and the case folds
#     that differ from lower(), a sorted table;
#   - decompositions (tag + code points) through a second two-level index, and the
#     canonical pairs that compose (composition exclusions left out: a pair is kept when
#     NFC leaves its composite alone);
#   - names: a lexicon of words (ordered by frequency, the last letter of each word
#     marked), each name a run of word numbers front-coded against the previous name
#     (a restart every NAME_GROUP names), names of the form PREFIX-<hex of the code
#     point> and the Hangul syllables algorithmic.
# The script checks every table it writes against the reference before writing it.
# The numeric tables are SL_DEFERRED_DATA (Note [Deferred data], core/model/deferred_data.hpp):
# the engine's first part does not carry them; unicode_db.cpp brings them in before a read.
import sys
import unicodedata as ud

MAXCP = 0x110000
NAME_GROUP = 32

CATS = ['Cn', 'Lu', 'Ll', 'Lt', 'Lm', 'Lo', 'Mn', 'Mc', 'Me', 'Nd', 'Nl', 'No', 'Pc', 'Pd', 'Ps', 'Pe',
        'Pi', 'Pf', 'Po', 'Sm', 'Sc', 'Sk', 'So', 'Zs', 'Zl', 'Zp', 'Cc', 'Cf', 'Cs', 'Co']
BIDI = ['', 'L', 'R', 'AL', 'EN', 'ES', 'ET', 'AN', 'CS', 'NSM', 'BN', 'B', 'S', 'WS', 'ON', 'LRE', 'LRO',
        'RLE', 'RLO', 'PDF', 'LRI', 'RLI', 'FSI', 'PDI']
EAW = ['N', 'Na', 'A', 'W', 'H', 'F']
DECOMP_TAGS = ['', '<font>', '<noBreak>', '<initial>', '<medial>', '<final>', '<isolated>', '<circle>',
               '<super>', '<sub>', '<vertical>', '<wide>', '<narrow>', '<small>', '<square>',
               '<fraction>', '<compat>']
FLAGS = ['MIRRORED', 'XID_START', 'XID_CONTINUE', 'PRINTABLE', 'SPACE', 'LOWER', 'UPPER', 'TITLE',
         'CASED', 'CASE_IGNORABLE', 'ALPHA', 'DECIMAL', 'DIGIT', 'NUMERIC', 'SPECIAL_CASE']
BIT = {f: 1 << k for k, f in enumerate(FLAGS)}
# Hangul syllables (Unicode 15.1 section 3.12): S = SBase + (L * VCount + V) * TCount + T
SBASE, LCOUNT, VCOUNT, TCOUNT = 0xAC00, 19, 21, 28
JAMO_L = 'G GG N D DD R M B BB S SS  J JJ C K T P H'.split(' ')
JAMO_V = 'A AE YA YAE EO E YEO YE O WA WAE OE YO U WEO WE WI YU EU YI I'.split(' ')
JAMO_T = ' G GG GS N NJ NH D L LG LM LB LS LT LP LH M B BS S SS NG J C K T P H'.split(' ')


def hangul_name(cp):
    s = cp - SBASE
    return 'HANGUL SYLLABLE ' + JAMO_L[s // (VCOUNT * TCOUNT)] + JAMO_V[(s % (VCOUNT * TCOUNT)) // TCOUNT] + JAMO_T[s % TCOUNT]


def sigma_context(c):
    """(cased, case_ignorable) as the final-sigma rule of str.lower() sees them."""
    cased = c.islower() or c.isupper() or c.istitle()
    if cased:
        ign = (c + '\u03a3').lower()[-1] == '\u03c3'
    else:
        ign = ('A\u03a3' + c + 'B').lower()[1] == '\u03c3'
    return cased, ign


def record_of(cp):
    c = chr(cp)
    cat = ud.category(c)
    f = 0
    if ud.mirrored(c): f |= BIT['MIRRORED']
    if c.isidentifier(): f |= BIT['XID_START']
    if ('a' + c).isidentifier(): f |= BIT['XID_CONTINUE']
    if c.isprintable(): f |= BIT['PRINTABLE']
    if c.isspace(): f |= BIT['SPACE']
    if c.islower(): f |= BIT['LOWER']
    if c.isupper(): f |= BIT['UPPER']
    if c.istitle() and not c.isupper(): f |= BIT['TITLE']
    cased, ign = sigma_context(c)
    if cased: f |= BIT['CASED']
    if ign: f |= BIT['CASE_IGNORABLE']
    if c.isalpha(): f |= BIT['ALPHA']
    dec = ud.decimal(c, None)
    dig = ud.digit(c, None)
    num = ud.numeric(c, None)
    assert c.isdecimal() == (dec is not None) and c.isdigit() == (dig is not None)
    assert c.isnumeric() == (num is not None)
    assert dec is None or dec == dig
    if dec is not None: f |= BIT['DECIMAL']
    if dig is not None: f |= BIT['DIGIT']
    if num is not None: f |= BIT['NUMERIC']
    up, lo, ti = c.upper(), c.lower(), c.title()
    special = len(up) != 1 or len(lo) != 1 or len(ti) != 1 or c.casefold() != lo
    if special: f |= BIT['SPECIAL_CASE']
    deltas = tuple(ord(m) - cp if len(m) == 1 else 0 for m in (up, lo, ti))
    return (CATS.index(cat), BIDI.index(ud.bidirectional(c)), ud.combining(c), EAW.index(ud.east_asian_width(c)),
            f, dig if dig is not None else 0, num) + deltas


def splitbins(values):
    """The two-level index of smallest size: values[cp] == t2[(t1[cp >> s] << s) | (cp & mask)]."""
    best = None
    for shift in range(2, 12):
        size = 1 << shift
        blocks, t1, t2 = {}, [], []
        for start in range(0, len(values), size):
            blk = tuple(values[start:start + size])
            if blk not in blocks:
                blocks[blk] = len(blocks)
                t2.extend(blk)
            t1.append(blocks[blk])
        cost = len(t1) * width(max(t1)) + len(t2) * width(max(t2))
        if best is None or cost < best[0]:
            best = (cost, shift, t1, t2)
    _, shift, t1, t2 = best
    for cp in range(len(values)):
        assert t2[(t1[cp >> shift] << shift) | (cp & ((1 << shift) - 1))] == values[cp]
    return shift, t1, t2


def index3(prefix, values):
    """A three-level index: the first level of splitbins split again.
    values[cp] == t3[(t2[(t1[cp >> (s + s2)] << s2) | ((cp >> s) & m2)] << s) | (cp & m)]."""
    shift, mid, t3 = splitbins(values)
    shift2, t1, t2 = splitbins(mid)
    out = ['constexpr int %sShift = %d;\nconstexpr int %sShift2 = %d;\n' % (prefix, shift, prefix, shift2),
           c_array(prefix + '1', t1), c_array(prefix + '2', t2), c_array(prefix + '3', t3)]
    return out, sum(len(t) * width(max(t)) for t in (t1, t2, t3))


def width(m):
    return 1 if m < 256 else 2 if m < 65536 else 4


def ctype(m):
    return {1: 'uint8_t', 2: 'uint16_t', 4: 'uint32_t'}[width(m)]


def c_array(name, values, typ=None, per_line=24):
    typ = typ or ctype(max(values) if values else 0)
    lines = []
    for k in range(0, len(values), per_line):
        lines.append('    ' + ','.join(str(v) for v in values[k:k + per_line]) + ',')
    return 'SL_DEFERRED_DATA const %s %s[%d] = {\n%s\n};\n' % (typ, name, max(len(values), 1), '\n'.join(lines) or '    0,')


def build_properties():
    records, index = {}, []
    numerics = [None]
    deltas = [0]
    rows = []
    for cp in range(MAXCP):
        r = record_of(cp)
        if r not in records:
            records[r] = len(records)
            rows.append(r)
        index.append(records[r])
    out = []
    for r in rows:
        num = r[6]
        if num not in numerics: numerics.append(num)
        for d in r[7:]:
            if d not in deltas: deltas.append(d)
    assert len(numerics) < 256 and len(deltas) < 256
    recs = []
    for r in rows:
        recs.append('{%d,%d,%d,%d,%d,%d,%d,%d,%d,%d}' % (r[0], r[1], r[2], r[3], r[4], r[5], numerics.index(r[6]),
                                                          deltas.index(r[7]), deltas.index(r[8]), deltas.index(r[9])))
    idx_out, idx_size = index3('kRecordIndex', index)
    out.append('SL_DEFERRED_DATA const UcdRecord kRecords[%d] = {\n    %s,\n};\n' % (len(recs), ',\n    '.join(
        ','.join(recs[k:k + 6]) for k in range(0, len(recs), 6))))
    out.extend(idx_out)
    out.append('SL_DEFERRED_DATA const double kNumeric[%d] = {%s};\n' % (len(numerics), ','.join(
        '0' if v is None else repr(float(v)) for v in numerics)))
    out.append(c_array('kCaseDelta', deltas, 'int32_t', 12))
    sizes = {'records': len(recs) * 12, 'record index': idx_size}
    return out, sizes, len(recs)


def build_special_case():
    """Full mappings: code point, then upper / lower / title / fold as counts + code points."""
    data, index = [], []
    for cp in range(MAXCP):
        c = chr(cp)
        up, lo, ti, fo = c.upper(), c.lower(), c.title(), c.casefold()
        if len(up) == 1 and len(lo) == 1 and len(ti) == 1 and fo == lo:
            continue
        index.append(cp)
        index.append(len(data))
        for m in (up, lo, ti, fo):
            assert len(m) <= 3
            data.append(len(m))
            data.extend(ord(x) for x in m)
    out = [c_array('kSpecialCase', index, 'uint32_t', 12), c_array('kSpecialCaseData', data, 'uint32_t', 16)]
    return out, {'special case': len(index) * 4 + len(data) * 4}


def build_decomposition():
    data, offsets = [0], []
    pairs = []
    for cp in range(MAXCP):
        d = ud.decomposition(chr(cp))
        if not d:
            offsets.append(0)
            continue
        parts = d.split()
        tag = 0
        if parts[0].startswith('<'):
            tag = DECOMP_TAGS.index(parts[0])
            parts = parts[1:]
        seq = [int(p, 16) for p in parts]
        offsets.append(len(data))
        data.append((tag << 8) | len(seq))
        data.extend(seq)
        if tag == 0 and len(seq) == 2 and ud.normalize('NFC', chr(cp)) == chr(cp):
            pairs.append((seq[0], seq[1], cp))
    pairs.sort()
    idx_out, idx_size = index3('kDecompIndex', offsets)
    flat = [v for p in pairs for v in p]
    out = idx_out + [c_array('kDecompData', data, 'uint32_t', 12), c_array('kCompose', flat, 'uint32_t', 12)]
    return out, {'decomposition': idx_size + len(data) * 4,
                 'composition': len(flat) * 4}


def algorithmic_prefix(cp, name):
    for fmt in ('%04X', '%05X'):
        h = fmt % cp
        if name.endswith('-' + h):
            return name[:-len(h)]
    return None


def build_names():
    named, ranges = [], []  # ranges: (first, last, prefix) of PREFIX-<hex> names
    for cp in range(MAXCP):
        n = ud.name(chr(cp), None)
        if n is None:
            continue
        if SBASE <= cp < SBASE + LCOUNT * VCOUNT * TCOUNT:
            assert n == hangul_name(cp)
            continue
        p = algorithmic_prefix(cp, n)
        if p is not None:
            if ranges and ranges[-1][2] == p and ranges[-1][1] == cp - 1:
                ranges[-1][1] = cp
            else:
                ranges.append([cp, cp, p])
            continue
        named.append((cp, n))
    for cp in range(SBASE, SBASE + LCOUNT * VCOUNT * TCOUNT):
        assert ud.name(chr(cp)) == hangul_name(cp)
    freq = {}
    for _, n in named:
        for w in n.split(' '):
            freq[w] = freq.get(w, 0) + 1
    words = sorted(freq, key=lambda w: (-freq[w], w))
    assert len(words) < 32768
    wid = {w: k for k, w in enumerate(words)}
    lexicon, lex_starts = [], []
    for k, w in enumerate(words):
        if k % 16 == 0: lex_starts.append(len(lexicon))
        b = [ord(ch) for ch in w]
        assert all(x < 128 for x in b) and b
        b[-1] |= 0x80
        lexicon.extend(b)
    # code point runs of named characters: (first code point, count, ordinal of the first)
    runs = []
    for k, (cp, _) in enumerate(named):
        if runs and runs[-1][0] + runs[-1][1] == cp:
            runs[-1][1] += 1
        else:
            runs.append([cp, 1, k])
    book, group_starts = [], []
    prev = []
    for k, (_, n) in enumerate(named):
        ws = [wid[w] for w in n.split(' ')]
        if k % NAME_GROUP == 0:
            group_starts.append(len(book))
            prev = []
        shared = 0
        while shared < min(len(prev), len(ws)) and prev[shared] == ws[shared]:
            shared += 1
        assert shared < 16 and len(ws) - shared < 16
        book.append((shared << 4) | (len(ws) - shared))
        for x in ws[shared:]:
            if x < 128:
                book.append(x)
            else:
                book.extend([0x80 | (x >> 8), x & 0xff])
        prev = ws
    prefixes = sorted({r[2] for r in ranges})
    out = [c_array('kLexicon', lexicon, 'uint8_t', 32), c_array('kLexiconStarts', lex_starts, 'uint32_t', 12),
           c_array('kNameRuns', [v for r in runs for v in r], 'uint32_t', 12),
           c_array('kNameGroups', group_starts, 'uint32_t', 12), c_array('kPhrasebook', book, 'uint8_t', 32),
           'constexpr int kNameGroup = %d;\nconstexpr uint32_t kNamedCount = %d;\nconstexpr uint32_t kWordCount = %d;\n'
           % (NAME_GROUP, len(named), len(words)),
           'const char* const kNamePrefixes[%d] = {%s};\n' % (len(prefixes), ','.join('"%s"' % p for p in prefixes)),
           c_array('kNameRanges', [v for r in ranges for v in (r[0], r[1], prefixes.index(r[2]))], 'uint32_t', 12)]
    raw = sum(len(n) + 1 for _, n in named)
    return out, {'names': len(lexicon) + len(lex_starts) * 4 + len(runs) * 12 + len(group_starts) * 4 + len(book) +
                 len(ranges) * 12, 'names (raw text)': raw}


def main():
    path = sys.argv[1]
    parts = ['// GENERATED by tests/tools/gen_unicode_tables.py from the reference Python %s\n'
             '// (unicodedata %s); do not edit. Included by core/text/unicode_db.cpp, which\n'
             '// defines UcdRecord and reads these tables (the layout is described there).\n\n' % (sys.version.split()[0], ud.unidata_version)]
    parts.append('const char* const kCategoryNames[%d] = {%s};\n' % (len(CATS), ','.join('"%s"' % c for c in CATS)))
    parts.append('const char* const kBidiNames[%d] = {%s};\n' % (len(BIDI), ','.join('"%s"' % c for c in BIDI)))
    parts.append('const char* const kEastAsianNames[%d] = {%s};\n' % (len(EAW), ','.join('"%s"' % c for c in EAW)))
    parts.append('const char* const kDecompTags[%d] = {%s};\n' % (len(DECOMP_TAGS), ','.join(
        '"%s"' % c for c in DECOMP_TAGS)))
    sizes = {}
    for build in (build_properties, build_special_case, build_decomposition, build_names):
        res = build()
        parts.extend(res[0])
        sizes.update(res[1])
    with open(path, 'w') as f:
        f.write(''.join(parts))
    for k, v in sizes.items():
        print('%-18s %8d bytes' % (k, v))
    print('%-18s %8d bytes' % ('total (tables)', sum(v for k, v in sizes.items() if 'raw' not in k)))


if __name__ == '__main__':
    main()

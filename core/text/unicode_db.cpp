// text/unicode_db: reads the generated tables (core/text/unicode_db_tables.inc).
//
// Layout (tests/tools/gen_unicode_tables.py writes it):
// - kRecords: the distinct property records; a code point's record number is found by a
//   three-level index (kRecordIndex1/2/3, the splitbins shape of CPython's
//   makeunicodedata.py with its first level split once more).
// - kSpecialCase: sorted pairs (code point, offset into kSpecialCaseData) for the
//   characters whose upper/lower/title mapping is not one code point or whose case fold
//   differs from lower(); the data holds four mappings, each a count and code points.
// - kDecompIndex1/2/3: per code point an offset into kDecompData (0: none), where a
//   decomposition is (tag << 8 | count) and its code points; kCompose: sorted triples
//   (first, second, composite) of the canonical pairs that compose.
// - Names: kLexicon holds the words (last letter | 0x80), kLexiconStarts the offset of
//   every 16th word; kPhrasebook holds the names of the kNameRuns code points in code
//   point order, each a byte (shared words << 4 | new words) and the new word numbers
//   (< 128 one byte, else two: 0x80 | high, low), restarting every kNameGroup names at
//   kNameGroups. kNameRanges: (first, last, prefix) of names PREFIX + "%04X".
// The numeric tables are deferred data (Note [Deferred data], core/model/deferred_data.hpp):
// the functions that read them first (record, decomp_offset, case_map, compose_pair,
// name, lookup) call need_deferred_data().
#include "core/text/unicode_db.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "core/model/deferred_data.hpp"

namespace sl::unicode {

namespace {

struct UcdRecord {
  uint8_t category, bidi, combining, east_asian;
  uint16_t flags;
  uint8_t digit, numeric, upper, lower, title;
};

enum Flag : uint16_t {
  kFMirrored = 1 << 0,
  kFXidStart = 1 << 1,
  kFXidContinue = 1 << 2,
  kFPrintable = 1 << 3,
  kFSpace = 1 << 4,
  kFLower = 1 << 5,
  kFUpper = 1 << 6,
  kFTitle = 1 << 7,
  kFCased = 1 << 8,
  kFCaseIgnorable = 1 << 9,
  kFAlpha = 1 << 10,
  kFDecimal = 1 << 11,
  kFDigit = 1 << 12,
  kFNumeric = 1 << 13,
  kFSpecialCase = 1 << 14,
};

#include "core/text/unicode_db_tables.inc"

constexpr uint32_t kMax = 0x110000;

const UcdRecord& record(uint32_t c) {
  need_deferred_data();
  if (c >= kMax) return kRecords[0];
  const uint32_t mid = kRecordIndex2[(uint32_t(kRecordIndex1[c >> (kRecordIndexShift + kRecordIndexShift2)])
                                      << kRecordIndexShift2) |
                                     ((c >> kRecordIndexShift) & ((1u << kRecordIndexShift2) - 1))];
  return kRecords[kRecordIndex3[(mid << kRecordIndexShift) | (c & ((1u << kRecordIndexShift) - 1))]];
}

bool has(uint32_t c, uint16_t flag) { return (record(c).flags & flag) != 0; }

uint32_t decomp_offset(uint32_t c) {
  need_deferred_data();
  if (c >= kMax) return 0;
  const uint32_t mid = kDecompIndex2[(uint32_t(kDecompIndex1[c >> (kDecompIndexShift + kDecompIndexShift2)])
                                      << kDecompIndexShift2) |
                                     ((c >> kDecompIndexShift) & ((1u << kDecompIndexShift2) - 1))];
  return kDecompIndex3[(mid << kDecompIndexShift) | (c & ((1u << kDecompIndexShift) - 1))];
}

// Hangul syllables (Unicode 15.1 section 3.12): S = SBase + (L * VCount + V) * TCount + T.
constexpr uint32_t kSBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11A7;
constexpr uint32_t kLCount = 19, kVCount = 21, kTCount = 28, kNCount = kVCount * kTCount, kSCount = kLCount * kNCount;
const char* const kJamoL[kLCount] = {"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S",
                                     "SS", "", "J", "JJ", "C", "K", "T", "P", "H"};
const char* const kJamoV[kVCount] = {"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE",
                                     "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"};
const char* const kJamoT[kTCount] = {"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT",
                                     "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"};

}  // namespace

const char* const kUnidataVersion = "15.1.0";

const char* category(uint32_t c) { return kCategoryNames[record(c).category]; }
const char* bidirectional(uint32_t c) { return kBidiNames[record(c).bidi]; }
const char* east_asian_width(uint32_t c) { return kEastAsianNames[record(c).east_asian]; }
int combining(uint32_t c) { return record(c).combining; }
bool mirrored(uint32_t c) { return has(c, kFMirrored); }
int decimal(uint32_t c) { return has(c, kFDecimal) ? record(c).digit : -1; }
int digit(uint32_t c) { return has(c, kFDigit) ? record(c).digit : -1; }
bool numeric(uint32_t c, double& value) {
  const UcdRecord& r = record(c);
  if (!(r.flags & kFNumeric)) return false;
  value = kNumeric[r.numeric];
  return true;
}

bool is_xid_start(uint32_t c) { return has(c, kFXidStart); }
bool is_xid_continue(uint32_t c) { return has(c, kFXidContinue); }
bool is_printable(uint32_t c) { return has(c, kFPrintable); }
bool is_space(uint32_t c) { return has(c, kFSpace); }
bool is_lower(uint32_t c) { return has(c, kFLower); }
bool is_upper(uint32_t c) { return has(c, kFUpper); }
bool is_title(uint32_t c) { return has(c, kFTitle); }
bool is_cased(uint32_t c) { return has(c, kFCased); }
bool is_case_ignorable(uint32_t c) { return has(c, kFCaseIgnorable); }
bool is_alpha(uint32_t c) { return has(c, kFAlpha); }
bool is_decimal(uint32_t c) { return has(c, kFDecimal); }
bool is_digit(uint32_t c) { return has(c, kFDigit); }
bool is_numeric(uint32_t c) { return has(c, kFNumeric); }

int case_map(uint32_t c, Case which, uint32_t out[3]) {
  need_deferred_data();
  const UcdRecord& r = record(c);
  if (r.flags & kFSpecialCase) {
    constexpr size_t n = sizeof kSpecialCase / sizeof kSpecialCase[0] / 2;
    size_t lo = 0, hi = n;
    while (lo < hi) {
      const size_t m = (lo + hi) / 2;
      if (kSpecialCase[2 * m] < c) lo = m + 1; else hi = m;
    }
    const uint32_t* p = kSpecialCaseData + kSpecialCase[2 * lo + 1];
    for (int k = 0; k < int(which); ++k) p += 1 + *p;
    const int count = int(*p);
    for (int k = 0; k < count; ++k) out[k] = p[1 + k];
    return count;
  }
  const uint8_t d = which == Case::Upper ? r.upper : which == Case::Title ? r.title : r.lower;
  out[0] = uint32_t(int64_t(c) + kCaseDelta[d]);
  return 1;
}

std::string decimal_and_space_to_ascii(const std::string& utf8) {
  std::string out;
  for (size_t i = 0; i < utf8.size();) {
    const unsigned char b = static_cast<unsigned char>(utf8[i]);
    if (b < 0x80) {
      out += char(b);
      ++i;
      continue;
    }
    const size_t n = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    uint32_t c = b & (n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07);
    for (size_t k = 1; k < n && i + k < utf8.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3f);
    i += n;
    if (is_space(c)) {
      out += ' ';
    } else if (is_decimal(c)) {
      out += char('0' + decimal(c));
    } else {
      out += '?';
      break;
    }
  }
  return out;
}

std::string decomposition(uint32_t c) {
  const uint32_t off = decomp_offset(c);
  if (off == 0) return "";
  const uint32_t head = kDecompData[off];
  std::string out = kDecompTags[head >> 8];
  for (uint32_t k = 0; k < (head & 0xff); ++k) {
    char hex[16];
    snprintf(hex, sizeof hex, "%04X", unsigned(kDecompData[off + 1 + k]));
    if (!out.empty()) out += ' ';
    out += hex;
  }
  return out;
}

namespace {

// Full decomposition of one code point (recursive through the table; Hangul by formula).
void decompose_into(uint32_t c, bool compatibility, std::vector<uint32_t>& out) {
  if (c >= kSBase && c < kSBase + kSCount) {
    const uint32_t s = c - kSBase;
    out.push_back(kLBase + s / kNCount);
    out.push_back(kVBase + (s % kNCount) / kTCount);
    if (s % kTCount) out.push_back(kTBase + s % kTCount);
    return;
  }
  const uint32_t off = decomp_offset(c);
  const uint32_t head = off ? kDecompData[off] : 0;
  if (off == 0 || (!compatibility && (head >> 8) != 0)) {
    out.push_back(c);
    return;
  }
  for (uint32_t k = 0; k < (head & 0xff); ++k) decompose_into(kDecompData[off + 1 + k], compatibility, out);
}

// The primary composite of (a, b), or 0 (Hangul LV and LVT by formula).
uint32_t compose_pair(uint32_t a, uint32_t b) {
  need_deferred_data();
  if (a >= kLBase && a < kLBase + kLCount && b >= kVBase && b < kVBase + kVCount)
    return kSBase + ((a - kLBase) * kVCount + (b - kVBase)) * kTCount;
  if (a >= kSBase && a < kSBase + kSCount && (a - kSBase) % kTCount == 0 && b > kTBase && b < kTBase + kTCount)
    return a + (b - kTBase);
  constexpr size_t n = sizeof kCompose / sizeof kCompose[0] / 3;
  size_t lo = 0, hi = n;
  while (lo < hi) {
    const size_t m = (lo + hi) / 2;
    if (kCompose[3 * m] < a || (kCompose[3 * m] == a && kCompose[3 * m + 1] < b)) lo = m + 1; else hi = m;
  }
  return lo < n && kCompose[3 * lo] == a && kCompose[3 * lo + 1] == b ? kCompose[3 * lo + 2] : 0;
}

}  // namespace

// UAX #15: decompose every character fully, put each run of non-starters in canonical
// order (a stable sort by combining class), then, to compose, join each character C to
// the last starter S when C is not blocked from S (no character between them has a
// class of 0 or >= C's) and (S, C) has a primary composite.
// Mirrors CPython's nfd_nfkd and nfc_nfkc (Modules/unicodedata.c).
std::vector<uint32_t> normalize(const std::vector<uint32_t>& text, bool compatibility, bool compose) {
  std::vector<uint32_t> d;
  d.reserve(text.size());
  for (uint32_t c : text) decompose_into(c, compatibility, d);
  for (size_t i = 0; i < d.size();) {
    if (combining(d[i]) == 0) { ++i; continue; }
    size_t j = i;
    while (j < d.size() && combining(d[j]) != 0) ++j;
    std::stable_sort(d.begin() + long(i), d.begin() + long(j),
                     [](uint32_t a, uint32_t b) { return combining(a) < combining(b); });
    i = j;
  }
  if (!compose || d.empty()) return d;
  std::vector<uint32_t> out;
  out.reserve(d.size());
  long starter = -1;
  int last_class = 0;
  for (uint32_t c : d) {
    const int cc = combining(c);
    if (starter >= 0 && (out.size() == size_t(starter) + 1 || (last_class != 0 && last_class < cc))) {
      const uint32_t composite = compose_pair(out[size_t(starter)], c);
      if (composite) {
        out[size_t(starter)] = composite;
        continue;
      }
    }
    if (cc == 0) starter = long(out.size());
    last_class = cc;
    out.push_back(c);
  }
  return out;
}

namespace {

// The text of word number w of the lexicon.
std::string lexicon_word(uint32_t w) {
  const uint8_t* p = kLexicon + kLexiconStarts[w / 16];
  for (uint32_t k = 0; k < w % 16; ++k) {
    while (!(*p & 0x80)) ++p;
    ++p;
  }
  std::string out;
  for (;; ++p) {
    out += char(*p & 0x7f);
    if (*p & 0x80) return out;
  }
}

// Decodes one phrasebook name at p into words (front-coded against words' old value);
// returns the byte after it.
const uint8_t* read_name(const uint8_t* p, std::vector<uint32_t>& words) {
  const uint32_t shared = *p >> 4, fresh = *p & 15;
  ++p;
  words.resize(shared);
  for (uint32_t k = 0; k < fresh; ++k) {
    uint32_t w = *p++;
    if (w & 0x80) w = ((w & 0x7f) << 8) | *p++;
    words.push_back(w);
  }
  return p;
}

// The ordinal of a named code point among the phrasebook's names, or -1.
long name_ordinal(uint32_t c) {
  constexpr size_t n = sizeof kNameRuns / sizeof kNameRuns[0] / 3;
  size_t lo = 0, hi = n;
  while (lo < hi) {
    const size_t m = (lo + hi) / 2;
    if (kNameRuns[3 * m] + kNameRuns[3 * m + 1] <= c) lo = m + 1; else hi = m;
  }
  if (lo == n || c < kNameRuns[3 * lo]) return -1;
  return long(kNameRuns[3 * lo + 2] + (c - kNameRuns[3 * lo]));
}

uint32_t ordinal_code_point(uint32_t k) {
  constexpr size_t n = sizeof kNameRuns / sizeof kNameRuns[0] / 3;
  size_t lo = 0, hi = n;
  while (lo < hi) {
    const size_t m = (lo + hi) / 2;
    if (kNameRuns[3 * m + 2] + kNameRuns[3 * m + 1] <= k) lo = m + 1; else hi = m;
  }
  return kNameRuns[3 * lo] + (k - kNameRuns[3 * lo + 2]);
}

std::string hex4(uint32_t c) {
  char hex[16];
  snprintf(hex, sizeof hex, "%04X", unsigned(c));
  return hex;
}

// "HANGUL SYLLABLE " + L V T, each the longest jamo name that matches (as CPython's
// find_syllable).
bool lookup_hangul(const std::string& rest, uint32_t& out) {
  size_t pos = 0;
  auto longest = [&](const char* const* names, uint32_t count) -> long {
    long best = -1;
    size_t best_len = 0;
    for (uint32_t k = 0; k < count; ++k) {
      const size_t len = strlen(names[k]);
      if (len >= best_len && rest.compare(pos, len, names[k]) == 0 && (best < 0 || len > best_len)) {
        best = long(k);
        best_len = len;
      }
    }
    if (best >= 0) pos += best_len;
    return best;
  };
  const long l = longest(kJamoL, kLCount), v = longest(kJamoV, kVCount), t = longest(kJamoT, kTCount);
  if (l < 0 || v < 0 || t < 0 || pos != rest.size()) return false;
  out = kSBase + (uint32_t(l) * kVCount + uint32_t(v)) * kTCount + uint32_t(t);
  return true;
}

// Names of the form PREFIX + "%04X": the CJK unified ideographs case-sensitively (as
// CPython computes them), the others as the phrasebook's names, case-insensitively.
bool lookup_algorithmic(const std::string& raw, const std::string& upper, uint32_t& out) {
  constexpr size_t n = sizeof kNameRanges / sizeof kNameRanges[0] / 3;
  for (size_t r = 0; r < n; ++r) {
    const std::string prefix = kNamePrefixes[kNameRanges[3 * r + 2]];
    const std::string& name = prefix == "CJK UNIFIED IDEOGRAPH-" ? raw : upper;
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string hex = name.substr(prefix.size());
    if (hex.empty() || hex.size() > 6 || hex.find_first_not_of("0123456789ABCDEF") != std::string::npos) continue;
    const uint32_t c = uint32_t(std::stoul(hex, nullptr, 16));
    if (c >= kNameRanges[3 * r] && c <= kNameRanges[3 * r + 1] && hex4(c) == hex) {
      out = c;
      return true;
    }
  }
  return false;
}

}  // namespace

bool name(uint32_t c, std::string& out) {
  need_deferred_data();
  if (c >= kSBase && c < kSBase + kSCount) {
    const uint32_t s = c - kSBase;
    out = std::string("HANGUL SYLLABLE ") + kJamoL[s / kNCount] + kJamoV[(s % kNCount) / kTCount] + kJamoT[s % kTCount];
    return true;
  }
  constexpr size_t nr = sizeof kNameRanges / sizeof kNameRanges[0] / 3;
  for (size_t r = 0; r < nr; ++r)
    if (c >= kNameRanges[3 * r] && c <= kNameRanges[3 * r + 1]) {
      out = kNamePrefixes[kNameRanges[3 * r + 2]] + hex4(c);
      return true;
    }
  const long k = name_ordinal(c);
  if (k < 0) return false;
  const uint8_t* p = kPhrasebook + kNameGroups[size_t(k) / kNameGroup];
  std::vector<uint32_t> words;
  for (long j = 0; j <= k % kNameGroup; ++j) p = read_name(p, words);
  out.clear();
  for (uint32_t w : words) {
    if (!out.empty()) out += ' ';
    out += lexicon_word(w);
  }
  return true;
}

// The phrasebook is searched as word numbers: the query's words are found in the
// lexicon once, then every name is decoded and compared (about 33,000 names; no index).
bool lookup(const std::string& raw, uint32_t& out) {
  need_deferred_data();
  std::string upper = raw;
  for (char& ch : upper) ch = (ch >= 'a' && ch <= 'z') ? char(ch - 32) : ch;
  if (raw.compare(0, 16, "HANGUL SYLLABLE ") == 0 && lookup_hangul(raw.substr(16), out)) return true;
  if (lookup_algorithmic(raw, upper, out)) return true;
  std::vector<std::string> query;
  for (size_t a = 0;;) {
    const size_t b = upper.find(' ', a);
    query.push_back(upper.substr(a, b == std::string::npos ? std::string::npos : b - a));
    if (query.back().empty()) return false;
    if (b == std::string::npos) break;
    a = b + 1;
  }
  std::vector<uint32_t> target(query.size(), UINT32_MAX);
  size_t found = 0;
  for (uint32_t w = 0; w < kWordCount && found < query.size(); ++w) {
    const std::string word = lexicon_word(w);
    for (size_t q = 0; q < query.size(); ++q)
      if (target[q] == UINT32_MAX && query[q] == word) {
        target[q] = w;
        ++found;
      }
  }
  if (found < query.size()) return false;
  std::vector<uint32_t> words;
  const uint8_t* p = kPhrasebook;
  for (uint32_t k = 0; k < kNamedCount; ++k) {
    if (k % kNameGroup == 0) words.clear();
    p = read_name(p, words);
    if (words == target) {
      out = ordinal_code_point(k);
      return true;
    }
  }
  return false;
}

}  // namespace sl::unicode

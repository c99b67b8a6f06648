// text/unicode_db: the Unicode Character Database as the reference Python 3.13 has it
// (unidata_version 15.1.0): one property record per code point, the full case mappings,
// decompositions and canonical composition, and character names. Every Unicode
// question the engine asks goes here: the lexer's identifiers (PEP 3131), the str
// predicates and case methods, int()/float() digits, and the unicodedata module.
//
// Invariant: the tables are generated from the reference by
// tests/tools/gen_unicode_tables.py (core/text/unicode_db_tables.inc) and never edited
// by hand; every function answers for any uint32_t (code points past U+10FFFF are
// unassigned: category 'Cn', no name).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace sl::unicode {

// The version of the data, as unicodedata.unidata_version.
extern const char* const kUnidataVersion;

const char* category(uint32_t c);          // 'Lu', 'Nd', ..., 'Cn' for unassigned
const char* bidirectional(uint32_t c);     // 'L', 'AN', ..., '' for unassigned
const char* east_asian_width(uint32_t c);  // 'N', 'Na', 'A', 'W', 'H', 'F'
int combining(uint32_t c);                 // canonical combining class, 0..254
bool mirrored(uint32_t c);

// Digit values: -1 when the character has none (unicodedata.decimal / digit).
int decimal(uint32_t c);
int digit(uint32_t c);
// The numeric value (unicodedata.numeric); false when the character has none.
bool numeric(uint32_t c, double& value);

// Properties as str's methods and the tokenizer read them (CPython's unicodectype.c).
bool is_xid_start(uint32_t c);
bool is_xid_continue(uint32_t c);
bool is_printable(uint32_t c);
bool is_space(uint32_t c);
bool is_lower(uint32_t c);
bool is_upper(uint32_t c);
bool is_title(uint32_t c);
bool is_cased(uint32_t c);
bool is_case_ignorable(uint32_t c);
bool is_alpha(uint32_t c);
bool is_decimal(uint32_t c);
bool is_digit(uint32_t c);
bool is_numeric(uint32_t c);

// Full case mappings (SpecialCasing included, no context): writes 1 to 3 code points
// to out and returns how many.
enum class Case { Upper, Lower, Title, Fold };
int case_map(uint32_t c, Case which, uint32_t out[3]);

// The text number parsers read (int(), float(), complex()): every Unicode space as ' ',
// every decimal digit as its ASCII digit, ASCII kept, and the text cut after a '?' at
// the first other character (CPython's _PyUnicode_TransformDecimalAndSpaceToASCII).
std::string decimal_and_space_to_ascii(const std::string& utf8);

// unicodedata.decomposition: "<compat> 0066 0069", "" when there is none.
std::string decomposition(uint32_t c);

// Normalization forms (UAX #15; mirrors CPython's nfd_nfkd and nfc_nfkc): compatibility
// decomposes with every tag, compose recombines canonical pairs and Hangul syllables.
std::vector<uint32_t> normalize(const std::vector<uint32_t>& text, bool compatibility, bool compose);

// unicodedata.name: false when the character has no name.
bool name(uint32_t c, std::string& out);
// unicodedata.lookup (names, case-insensitively, as CPython's _getcode; the
// algorithmic "CJK UNIFIED IDEOGRAPH-XXXX" and Hangul forms case-sensitively): false
// when no character has the name.
bool lookup(const std::string& name, uint32_t& out);

}  // namespace sl::unicode

// text/flexible: the text inside NumPy's flexible elements -- one 'U' element
// (UCS-4 code points, NUL-padded) or 'S' element (bytes, NUL-padded) read as
// and written from the engine's UTF-8 strings, compared as NumPy orders them,
// and shown as Python shows str and bytes.
//
// Invariant: an element is never written past its itemsize; reading drops the
// trailing NULs NumPy drops, so write_str(read_str(x)) == x for every element.
#pragma once
#include <string>

#include "core/model/descr.hpp"

namespace sl {

// Element text: the code points of one 'U' element (trailing NULs dropped) as
// UTF-8; the bytes of one 'S' element (trailing NULs dropped).
std::string read_str(const Descr& d, const char* p);
// Stores UTF-8 text (U) or raw bytes (S / V) into one element, truncating to
// the element's length and padding with zeros.
void write_str(const Descr& d, char* p, const std::string& s);
// Raises Python's UnicodeEncodeError ('ascii' codec) when UTF-8 text has a
// character outside ASCII: text -> bytes conversions encode as ASCII.
void require_ascii(const std::string& text);
// Compares two flexible elements as NumPy orders them (code point / byte order,
// trailing NULs ignored); returns <0, 0, >0.
int compare_str(const Descr& da, const char* a, const Descr& db, const char* b);

// Python's repr of str / bytes text (unicode_repr / bytes_repr: the quote
// choice and the escapes).
std::string py_text_repr(const std::string& s, bool bytes);
// repr of one text element as arrays print it ('hi', b'ab', b'\x00\x01').
std::string flexible_text_repr(const Descr& d, const char* p);

}  // namespace sl

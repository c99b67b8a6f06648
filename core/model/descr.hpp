// descr: the descriptor of a flexible dtype -- NumPy's PyArray_Descr for 'U'
// (UCS-4 text), 'S' (bytes) and 'V' (raw bytes or a structured record).
//
// Owns: the itemsize of a flexible dtype, the fields of a record (name, type,
// byte offset), a subarray's base type and shape, the dtype's text ('<U5',
// '|S3', "[('x', '<f4')]"), and the element-level conversions of flexible
// elements (text in and out, casts to and from numbers, comparison).
//
// Invariant: a Descr is immutable once made and shared (DescrPtr); every
// field lies inside the record (offset + field itemsize <= itemsize), and an
// array holds a Descr exactly when its DType tag is flexible
// (Note [Flexible dtypes] in core/model/dtype.hpp). Elements are stored as NumPy
// stores them: 'U' as little-endian UCS-4 code points padded with zeros, 'S'
// as bytes padded with NULs, so views as integers show the code points.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/dtype.hpp"
#include "core/model/shape.hpp"

namespace sl {

struct Descr;
using DescrPtr = std::shared_ptr<const Descr>;  // as core/model/array.hpp declares it

// A dtype in full: a numeric tag (descr null) or a flexible tag and its descriptor.
struct DTypeFull {
  DType dt = DType::F64;
  DescrPtr descr;
  int64_t itemsize() const;
};

struct Field {
  std::string name;
  DTypeFull type;
  int64_t offset = 0;
};

struct Descr {
  DType kind = DType::Void;  // Str, Bytes or Void
  int64_t itemsize = 0;      // bytes per element
  std::vector<Field> fields; // a structured Void, in declaration order (dtype.names)
  bool aligned = false;      // made with align=True (dtype.isalignedstruct)
  bool record = false;       // numpy.record as the scalar type: the dtype of a recarray (attribute access)
  int alignment = 1;         // the record's C alignment (largest field alignment when aligned)
  // A subarray dtype ('f4', (3,)): `base` repeated `sub_shape` times (only inside fields).
  std::shared_ptr<const DTypeFull> base;
  Shape sub_shape;
  bool structured() const { return !fields.empty(); }
  const Field* field(const std::string& name) const;
};

// 'U' n characters, 'S' / 'V' n bytes.
DescrPtr flexible_descr(DType kind, int64_t n);
// NumPy's itemsize is a C int: n characters or bytes fit when 0 <= itemsize <= INT_MAX.
bool flexible_size_ok(DType kind, int64_t n);
// Characters (U) or bytes (S, V) in one element.
int64_t flexible_length(const Descr& d);

// Parses a flexible dtype string: 'U5', '<U5', 'S3', '|S3', 'a3', 'V8', 'str',
// 'bytes', 'void' (size 0: the size comes from the data). False when not one.
bool parse_flexible(std::string_view s, DTypeFull& out);
// Parses any dtype string: numeric names, flexible ones and comma-separated
// records ('i4,f8' -> fields f0, f1). False when not a dtype.
bool parse_dtype_full(std::string_view s, DTypeFull& out);

// A structured dtype from fields given in order, packed (offsets follow each
// other) or aligned as a C compiler lays out a struct (NumPy's align=True).
// mirrors _convert_from_list / _convert_from_array_descr in descriptor.c.
struct FieldSpec {
  std::string name;
  DTypeFull type;
};
DescrPtr make_struct(const std::vector<FieldSpec>& fields, bool align);
// A structured dtype from explicit offsets and itemsize (the dict form).
DescrPtr make_struct_offsets(const std::vector<FieldSpec>& fields, const std::vector<int64_t>& offsets,
                             int64_t itemsize, bool align);
// The subarray dtype (base, shape).
DTypeFull make_subarray(const DTypeFull& base, const Shape& shape);
// The C alignment of a dtype (numeric: its itemsize, complex: the part size).
int64_t dtype_alignment(const DTypeFull& t);

// dtype.str ('<U5', '|S3', '<f8', '|V16'), dtype.descr-style text, repr
// ("dtype('<U5')", "dtype([('x', '<f4')])") and name ('str160', 'void80').
std::string dtype_str(const DTypeFull& t);
std::string dtype_repr(const DTypeFull& t);
std::string dtype_name(const DTypeFull& t);
// str(dtype): the text inside dtype(...) of the repr.
std::string dtype_text(const DTypeFull& t);
bool dtype_equal(const DTypeFull& a, const DTypeFull& b);
// np.result_type of two dtypes, flexible ones included: text of one kind
// widens to the longer, bytes with str gives str, equal records stay; numbers
// promote as dtype.hpp's promote; anything else is NumPy's DTypePromotionError.
DTypeFull promote_full(const DTypeFull& a, const DTypeFull& b);

// The width NumPy gives the text form of a numeric dtype (np.arange(3).astype(str)
// is '<U21'): mirrors the default string lengths in NumPy's casts.
int64_t text_width_of(DType dt);

}  // namespace sl

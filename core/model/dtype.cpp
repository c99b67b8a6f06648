#include "core/model/dtype.hpp"

#include "core/model/error.hpp"

#include <algorithm>

namespace sl {

bool parse_dtype(std::string_view s, DType& out) {
  if (!s.empty() && (s[0] == '<' || s[0] == '=' || s[0] == '|')) s.remove_prefix(1);
  struct Entry { const char* name; DType dt; };
  static const Entry names[] = {
      {"bool", DType::Bool},    {"bool_", DType::Bool},      {"?", DType::Bool},       {"b1", DType::Bool},
      {"int8", DType::I8},      {"i1", DType::I8},           {"b", DType::I8},         {"byte", DType::I8},
      {"int16", DType::I16},    {"i2", DType::I16},          {"h", DType::I16},        {"short", DType::I16},
      {"int32", DType::I32},    {"i4", DType::I32},          {"i", DType::I32},        {"intc", DType::I32},
      {"int64", DType::I64},    {"i8", DType::I64},          {"l", DType::I64},        {"q", DType::I64},
      {"int", DType::I64},      {"int_", DType::I64},        {"intp", DType::I64},     {"long", DType::I64},
      {"longlong", DType::I64}, {"uint8", DType::U8},        {"u1", DType::U8},        {"B", DType::U8},
      {"ubyte", DType::U8},     {"uint16", DType::U16},      {"u2", DType::U16},       {"H", DType::U16},
      {"ushort", DType::U16},   {"uint32", DType::U32},      {"u4", DType::U32},       {"I", DType::U32},
      {"uintc", DType::U32},    {"uint64", DType::U64},      {"u8", DType::U64},       {"L", DType::U64},
      {"Q", DType::U64},        {"uint", DType::U64},        {"uintp", DType::U64},    {"ulonglong", DType::U64},
      {"float16", DType::F16},  {"f2", DType::F16},          {"e", DType::F16},        {"half", DType::F16},
      {"float32", DType::F32},  {"f4", DType::F32},          {"f", DType::F32},        {"single", DType::F32},
      {"float64", DType::F64},  {"f8", DType::F64},          {"d", DType::F64},        {"float", DType::F64},
      {"double", DType::F64},   {"float_", DType::F64},      {"complex64", DType::C64}, {"c8", DType::C64},
      {"F", DType::C64},        {"csingle", DType::C64},     {"complex128", DType::C128}, {"c16", DType::C128},
      {"D", DType::C128},       {"complex", DType::C128},    {"complex_", DType::C128}, {"cdouble", DType::C128},
  };
  for (const auto& e : names) {
    if (s == e.name) {
      out = e.dt;
      return true;
    }
  }
  return false;
}

namespace {
// Smallest float itemsize that holds every value of an integer/bool dtype
// (NumPy's safe-cast table: int8/uint8 -> float16, int16/uint16 -> float32, wider -> float64).
int min_float_size(DType dt) {
  if (dt == DType::Bool) return 2;
  int s = itemsize(dt);
  return s == 1 ? 2 : s == 2 ? 4 : 8;
}
DType float_of_size(int s) { return s <= 2 ? DType::F16 : s == 4 ? DType::F32 : DType::F64; }
DType complex_of_part_size(int s) { return s <= 4 ? DType::C64 : DType::C128; }
DType signed_of_size(int s) {
  return s == 1 ? DType::I8 : s == 2 ? DType::I16 : s == 4 ? DType::I32 : DType::I64;
}
int rank(DType dt) {  // kind order: bool < int < float < complex
  char k = info(dt).kind;
  return k == 'b' ? 0 : (k == 'i' || k == 'u') ? 1 : k == 'f' ? 2 : 3;
}
}  // namespace

DType promote(DType a, DType b) {
  if (is_flexible(a) || is_flexible(b)) raise_flexible(is_flexible(a) ? a : b);
  if (a == b) return a;
  if (rank(a) > rank(b)) std::swap(a, b);  // now rank(a) <= rank(b)
  if (a == DType::Bool) return b;
  int sa = itemsize(a), sb = itemsize(b);
  if (rank(a) == 1 && rank(b) == 1) {
    bool ua = is_unsigned_int(a), ub = is_unsigned_int(b);
    if (ua == ub) return sa >= sb ? a : b;
    DType u = ua ? a : b, s = ua ? b : a;
    if (itemsize(u) < itemsize(s)) return s;
    if (itemsize(u) == 8) return DType::F64;
    return signed_of_size(itemsize(u) * 2);
  }
  if (rank(b) == 2) {  // b float; a int or float
    int need = rank(a) == 1 ? min_float_size(a) : sa;
    return float_of_size(std::max(need, sb));
  }
  // b complex
  int part = itemsize(b) / 2;
  int need = rank(a) == 1 ? min_float_size(a) : rank(a) == 2 ? sa : sa / 2;
  return complex_of_part_size(std::max(need, part));
}

DType to_complex(DType dt) {
  if (is_flexible(dt)) raise_flexible(dt);
  if (is_complex(dt)) return dt;
  return dt == DType::F64 || (is_integer(dt) && itemsize(dt) >= 4) ? DType::C128 : DType::C64;
}
DType real_part(DType dt) {
  return dt == DType::C64 ? DType::F32 : dt == DType::C128 ? DType::F64 : dt;
}
bool can_cast_safe(DType from, DType to) { return promote(from, to) == to; }

int64_t int_min_of(DType dt) {
  if (!is_integer(dt) || is_unsigned_int(dt)) return is_integer(dt) ? 0 : INT64_MIN;
  const int bits = 8 * int(itemsize(dt));
  return bits == 64 ? INT64_MIN : -(int64_t(1) << (bits - 1));
}

int64_t int_max_of(DType dt) {
  if (!is_integer(dt)) return INT64_MAX;
  const int bits = 8 * int(itemsize(dt)) - (is_unsigned_int(dt) ? 0 : 1);
  return bits >= 63 ? INT64_MAX : (int64_t(1) << bits) - 1;
}

void raise_flexible(DType dt) {
  raise("TypeError", std::string("this operation does not support the flexible dtype '") + name(dt) + "'");
}

// ---------------------------------------------------------------- c10's ScalarType rules

// c10's toString(ScalarType): the names torch's messages use ("Long", "Float").
const char* torch_type_name(DType dt) {
  switch (dt) {
    case DType::Bool: return "Bool";
    case DType::I8: return "Char";
    case DType::I16: return "Short";
    case DType::I32: return "Int";
    case DType::I64: return "Long";
    case DType::U8: return "Byte";
    case DType::U16: return "UInt16";
    case DType::U32: return "UInt32";
    case DType::U64: return "UInt64";
    case DType::F16: return "Half";
    case DType::F32: return "Float";
    case DType::F64: return "Double";
    case DType::C64: return "ComplexFloat";
    case DType::C128: return "ComplexDouble";
    case DType::Str: case DType::Bytes: case DType::Void: break;  // no tensor of text
  }
  return "?";
}

// c10::promoteTypes for the dtypes both libraries have.
DType torch_promote(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  if (is_complex(a) || is_complex(b)) {
    DType c = is_complex(a) ? a : b, o = is_complex(a) ? b : a;
    if (is_complex(o)) return itemsize(a) >= itemsize(b) ? a : b;
    if (is_float(o)) return itemsize(o) > itemsize(c) / 2 ? DType::C128 : c;
    return c;
  }
  if (is_float(a) && is_float(b)) return itemsize(a) >= itemsize(b) ? a : b;
  if (is_float(a)) return a;
  if (is_float(b)) return b;
  return promote(a, b);  // integers: NumPy's table (uint8 + int8 -> int16)
}

// torch's canCast (c10/core/ScalarType.h).
bool torch_can_cast(DType from, DType to) {
  if (is_complex(from) && !is_complex(to)) return false;
  if (is_float(from) && (is_integer(to) || to == DType::Bool)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

}  // namespace sl

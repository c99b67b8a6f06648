// core/model/descr: record layouts are checked against what the C++ compiler lays
// out for the same struct (offsetof / sizeof / alignof: an independent
// computation of the C rules that NumPy's align=True follows); field views are
// compared element by element with the parent's bytes; text elements against
// their UCS-4 / byte encodings.
#include <catch2/catch.hpp>

#include <complex>
#include <cstddef>
#include <cstring>

#include "core/api/snapshot.hpp"
#include "core/model/descr.hpp"
#include "core/model/element.hpp"
#include "core/model/error.hpp"
#include "core/lang/eval/interp.hpp"
#include "tests/core/brute.hpp"
#include "core/ops/views.hpp"
#include "core/text/flexible.hpp"

using namespace sl;

namespace {

DTypeFull num(DType dt) { return {dt, nullptr}; }

std::vector<int64_t> offsets_of(const Descr& d) {
  std::vector<int64_t> r;
  for (const Field& f : d.fields) r.push_back(f.offset);
  return r;
}

struct S1 { int8_t a; int64_t b; int16_t c; };
struct S2 { uint8_t c; float f; int16_t h; };
struct S3 { int16_t a; int8_t b; int32_t c; int8_t d; };
struct S4 { int8_t a; std::complex<double> z; };
struct S5 { S2 inner; int8_t x; double y; };
struct S6 { int8_t a; float v[3]; };

}  // namespace

TEST_CASE("align=True places fields as the C compiler does", "[descr]") {
  SECTION("int8, int64, int16") {
    DescrPtr d = make_struct({{"a", num(DType::I8)}, {"b", num(DType::I64)}, {"c", num(DType::I16)}}, true);
    CHECK(offsets_of(*d) == std::vector<int64_t>{offsetof(S1, a), offsetof(S1, b), offsetof(S1, c)});
    CHECK(d->itemsize == int64_t(sizeof(S1)));
    CHECK(d->alignment == int(alignof(S1)));
  }
  SECTION("uint8, float32, int16") {
    DescrPtr d = make_struct({{"c", num(DType::U8)}, {"f", num(DType::F32)}, {"h", num(DType::I16)}}, true);
    CHECK(offsets_of(*d) == std::vector<int64_t>{offsetof(S2, c), offsetof(S2, f), offsetof(S2, h)});
    CHECK(d->itemsize == int64_t(sizeof(S2)));
  }
  SECTION("int16, int8, int32, int8") {
    DescrPtr d = make_struct(
        {{"a", num(DType::I16)}, {"b", num(DType::I8)}, {"c", num(DType::I32)}, {"d", num(DType::I8)}}, true);
    CHECK(offsets_of(*d) ==
          std::vector<int64_t>{offsetof(S3, a), offsetof(S3, b), offsetof(S3, c), offsetof(S3, d)});
    CHECK(d->itemsize == int64_t(sizeof(S3)));
  }
  SECTION("complex128 aligns to its parts") {
    DescrPtr d = make_struct({{"a", num(DType::I8)}, {"z", num(DType::C128)}}, true);
    CHECK(offsets_of(*d) == std::vector<int64_t>{offsetof(S4, a), offsetof(S4, z)});
    CHECK(d->itemsize == int64_t(sizeof(S4)));
  }
  SECTION("a nested aligned record") {
    DescrPtr inner = make_struct({{"c", num(DType::U8)}, {"f", num(DType::F32)}, {"h", num(DType::I16)}}, true);
    DescrPtr d = make_struct({{"inner", {DType::Void, inner}}, {"x", num(DType::I8)}, {"y", num(DType::F64)}}, true);
    CHECK(offsets_of(*d) == std::vector<int64_t>{offsetof(S5, inner), offsetof(S5, x), offsetof(S5, y)});
    CHECK(d->itemsize == int64_t(sizeof(S5)));
  }
  SECTION("a subarray field aligns to its base") {
    DescrPtr d = make_struct({{"a", num(DType::I8)}, {"v", make_subarray(num(DType::F32), {3})}}, true);
    CHECK(offsets_of(*d) == std::vector<int64_t>{offsetof(S6, a), offsetof(S6, v)});
    CHECK(d->itemsize == int64_t(sizeof(S6)));
  }
}

TEST_CASE("packed records put each field after the last", "[descr]") {
  DescrPtr d = make_struct({{"a", num(DType::I8)}, {"b", num(DType::I64)}, {"c", num(DType::I16)}}, false);
  CHECK(offsets_of(*d) == std::vector<int64_t>{0, 1, 9});
  CHECK(d->itemsize == 11);
  CHECK(dtype_repr({DType::Void, d}) == "dtype([('a', 'i1'), ('b', '<i8'), ('c', '<i2')])");
  DescrPtr al = make_struct({{"a", num(DType::I8)}, {"b", num(DType::I64)}, {"c", num(DType::I16)}}, true);
  CHECK(dtype_repr({DType::Void, al}) == "dtype([('a', 'i1'), ('b', '<i8'), ('c', '<i2')], align=True)");
  CHECK(dtype_text({DType::Void, al}) ==
        "{'names': ['a', 'b', 'c'], 'formats': ['i1', '<i8', '<i2'], 'offsets': [0, 8, 16], 'itemsize': 24, 'aligned': True}");
  CHECK_THROWS_AS(make_struct({{"a", num(DType::I8)}, {"a", num(DType::I8)}}, false), PyError);
  CHECK_THROWS_AS(make_struct_offsets({{"a", num(DType::I32)}}, {2}, 4, false), PyError);
}

TEST_CASE("field views address the parent's bytes", "[descr]") {
  DescrPtr d = make_struct({{"x", num(DType::F32)}, {"pos", make_subarray(num(DType::I16), {2, 3})}, {"id", num(DType::U8)}},
                           false);
  ArrayPtr a = make_array(DType::Void, d, {4, 3});
  for (int64_t i = 0; i < a->nbytes(); ++i) a->data()[i] = char(i * 7 + 1);
  const std::vector<std::pair<std::string, int64_t>> names{{"x", 0}, {"pos", 4}, {"id", 16}};
  for (const auto& entry : names) {
    const std::string& name = entry.first;  // not a structured binding: clang 14 (wasm) cannot capture those
    const int64_t off = entry.second;
    ArrayPtr v = field_view(a, name);
    REQUIRE(v->storage == a->storage);
    CHECK(v->base == a);
    int64_t n = 0;
    brute::for_each_index(v->shape, [&](const std::vector<int64_t>& idx) {
      std::vector<int64_t> rec(idx.begin(), idx.begin() + 2);
      int64_t expect = flat_offset(*a, rec) + off;
      if (name == "pos") expect += (idx[2] * 3 + idx[3]) * 2;
      CHECK(flat_offset(*v, idx) == expect);
      CHECK(std::memcmp(v->storage->data() + flat_offset(*v, idx), a->storage->data() + expect, size_t(v->itemsize())) == 0);
      ++n;
    });
    CHECK(n == v->size());
    CHECK(v->strides[0] == a->strides[0]);  // the record size: the point of a field view
  }
  CHECK(field_view(a, "pos")->shape == Shape{4, 3, 2, 3});
  CHECK(field_view(a, "pos")->strides == Strides{51, 17, 6, 2});
  CHECK_THROWS_AS(field_view(a, "nope"), PyError);
  ArrayPtr two = fields_view(a, {"id", "x"});
  CHECK(two->itemsize() == 17);
  CHECK(offsets_of(*two->descr) == std::vector<int64_t>{16, 0});
  CHECK(two->offset == a->offset);
}

TEST_CASE("text elements are UCS-4 code points or bytes", "[descr]") {
  DescrPtr u = flexible_descr(DType::Str, 3);
  CHECK(u->itemsize == 12);
  char buf[12];
  write_str(*u, buf, "a\xcf\x80zz");  // 'aπzz' truncates to 3 characters
  CHECK(load<uint32_t>(buf) == 97);
  CHECK(load<uint32_t>(buf + 4) == 0x3c0);
  CHECK(load<uint32_t>(buf + 8) == 'z');
  CHECK(read_str(*u, buf) == "a\xcf\x80z");
  write_str(*u, buf, "b");
  CHECK(load<uint32_t>(buf + 4) == 0);
  CHECK(read_str(*u, buf) == "b");
  DescrPtr s = flexible_descr(DType::Bytes, 2);
  char b1[2], b2[2];
  write_str(*s, b1, "a");
  write_str(*s, b2, "ab");
  CHECK(compare_str(*s, b1, *s, b2) < 0);
  CHECK(compare_str(*u, buf, *s, b2) > 0);
  CHECK(dtype_str({DType::Str, u}) == "<U3");
  CHECK(dtype_repr({DType::Bytes, s}) == "dtype('S2')");
  CHECK(dtype_name({DType::Str, u}) == "str96");
  CHECK_THROWS_AS(require_ascii("\xcf\x80"), PyError);
}

TEST_CASE("the snapshot names flexible dtypes and explains field views", "[descr][snapshot]") {
  sl::lang::Interp in;
  REQUIRE(in.run("import numpy as np\nt = np.array(['hi', 'there'])\n"
                 "r = np.zeros(3, dtype=[('x', 'f4'), ('y', 'i4')])\nx = r['x']\n").ok);
  const std::string s = sl::snapshot_json(in);
  CHECK(s.find("\"dtype\":\"<U5\",\"itemsize\":20") != std::string::npos);
  CHECK(s.find("\"dtype\":\"[('x', '<f4'), ('y', '<i4')]\",\"itemsize\":8") != std::string::npos);
  CHECK(s.find("\"dtype\":\"float32\",\"itemsize\":4,\"shape\":[3],\"strides\":[8]") != std::string::npos);
  CHECK(s.find("field-view") != std::string::npos);
}

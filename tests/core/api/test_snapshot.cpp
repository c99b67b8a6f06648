// The inspection snapshot: what the page draws must be what the engine holds.
#include <catch2/catch.hpp>

#include "core/api/session.hpp"
#include "core/api/snapshot.hpp"
#include "core/lang/eval/interp.hpp"

using sl::lang::Interp;

TEST_CASE("a slice keeps its whole owner alive after del (seed 001)", "[snapshot]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\narr = np.arange(0, 1_000_000)\nsmall = arr[:10]\n").ok);
  std::string s1 = sl::snapshot_json(in);
  CHECK(s1.find("\"viewOnlyBytes\":0") != std::string::npos);
  CHECK(s1.find("[\"arr\",\"small\"]") != std::string::npos);  // one sharing group
  REQUIRE(in.run("del arr\n").ok);
  std::string s2 = sl::snapshot_json(in);
  // the 8 MB storage is now held only through the 80-byte view
  CHECK(s2.find("\"viewOnlyBytes\":8000000") != std::string::npos);
  CHECK(s2.find("\"reachableBytes\":8000000") != std::string::npos);
  REQUIRE(in.run("small = small.copy()\n").ok);
  std::string s3 = sl::snapshot_json(in);
  CHECK(s3.find("\"reachableBytes\":80,") != std::string::npos);
  CHECK(s3.find("\"viewOnlyBytes\":0") != std::string::npos);
}

TEST_CASE("arrays held by objects are listed by their path", "[snapshot][classes]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\n"
                 "class Linear:\n"
                 "    def __init__(self, n):\n"
                 "        self.weight = np.zeros((n, n))\n"
                 "        self.bias = self.weight[0]\n"
                 "class Model:\n"
                 "    def __init__(self):\n"
                 "        self.fc1 = Linear(2)\n"
                 "        self.layers = [Linear(3)]\n"
                 "        self.me = self\n"
                 "class Buf:\n"
                 "    __slots__ = ('data',)\n"
                 "model = Model()\n"
                 "buf = Buf()\n"
                 "buf.data = np.arange(4)\n").ok);
  std::string s = sl::snapshot_json(in);
  for (const char* path : {"model.fc1.weight", "model.fc1.bias", "model.layers[0].weight", "buf.data"})
    CHECK(s.find(std::string("\"name\":\"") + path + "\",\"topLevel\":false,\"kind\":\"ndarray\"") != std::string::npos);
  CHECK(s.find("model.me.") == std::string::npos);  // the cycle is walked once
  CHECK(s.find("[\"model.fc1.weight\",\"model.fc1.bias\"]") != std::string::npos);  // a sharing group
}

TEST_CASE("a torch.nn.Module lists its parameters, buffers and submodules by attribute path", "[snapshot][torch]") {
  Interp in;
  REQUIRE(in.run("import torch\n"
                 "import torch.nn as nn\n"
                 "class Attn(nn.Module):\n"
                 "    def __init__(self):\n"
                 "        super().__init__()\n"
                 "        self.W_query = nn.Linear(3, 2, bias=False)\n"
                 "        self.heads = nn.ModuleList([nn.Linear(2, 2)])\n"
                 "        self.register_buffer('mask', torch.triu(torch.ones(4, 4), diagonal=1))\n"
                 "mha = Attn()\n").ok);
  std::string s = sl::snapshot_json(in);
  for (const char* path : {"mha.W_query.weight", "mha.heads.0.weight", "mha.heads.0.bias", "mha.mask"})
    CHECK(s.find(std::string("\"name\":\"") + path + "\",\"topLevel\":false,\"kind\":\"tensor\"") != std::string::npos);
  CHECK(s.find("_parameters") == std::string::npos);  // the Module's own bookkeeping is not shown
  CHECK(s.find("_forward_hooks") == std::string::npos);
}

TEST_CASE("snapshot reports layout, base chains and exact sharing", "[snapshot]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\na = np.arange(12).reshape(3, 4)\nv = a[:, ::2]\nw = a[:, 1::2]\n").ok);
  std::string s = sl::snapshot_json(in);
  CHECK(s.find("\"name\":\"v\",\"topLevel\":true,\"kind\":\"ndarray\"") != std::string::npos);
  CHECK(s.find("\"shape\":[3,2],\"strides\":[32,16],\"elementStrides\":[4,2],\"offset\":0") != std::string::npos);
  CHECK(s.find("\"shape\":[3,2],\"strides\":[32,16],\"elementStrides\":[4,2],\"offset\":8") != std::string::npos);
  // v and w interleave without touching the same bytes: a and v share, a and w share, v and w don't --
  // union-find still puts all three in one group through a.
  CHECK(s.find("[\"a\",\"v\",\"w\"]") != std::string::npos);
  REQUIRE(in.run("del a\n").ok);
  std::string s2 = sl::snapshot_json(in);
  CHECK(s2.find("\"shareGroups\":[]") != std::string::npos);  // v and w alone share no byte
}

TEST_CASE("content hashes change exactly for the arrays a write touched", "[snapshot]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\na = np.arange(6)\nv = a[::2]\nc = a.copy()\n").ok);
  auto hash_of = [](const std::string& js, const std::string& name) {
    size_t p = js.find("\"name\":\"" + name + "\"");
    size_t h = js.find("\"hash\":", p);
    return js.substr(h + 7, 18);
  };
  std::string s1 = sl::snapshot_json(in);
  REQUIRE(in.run("v[1] = 100\n").ok);  // writes a[2] through the view
  std::string s2 = sl::snapshot_json(in);
  CHECK(hash_of(s1, "a") != hash_of(s2, "a"));
  CHECK(hash_of(s1, "v") != hash_of(s2, "v"));
  CHECK(hash_of(s1, "c") == hash_of(s2, "c"));
}

TEST_CASE("sharePairs answers per pair; objects carry their layout", "[snapshot]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\nemb = np.arange(50, dtype=np.float32).reshape(25, 2)\n"
                 "parts = [emb[0:8], emb[8:16], emb[16:25]]\n").ok);
  std::string s = sl::snapshot_json(in);
  CHECK(s.find("[\"emb\",\"parts[0]\",\"yes\"]") != std::string::npos);
  CHECK(s.find("[\"emb\",\"parts[2]\",\"yes\"]") != std::string::npos);
  CHECK(s.find("[\"parts[0]\",\"parts[1]\"") == std::string::npos);  // neighbours share no byte
  CHECK(s.find("\"kind\":\"ndarray\",\"base\":null,\"ownsData\":true,\"dtype\":\"float32\",\"shape\":[50]") != std::string::npos);
  CHECK(s.find("\"ownerObject\":") != std::string::npos);
}

TEST_CASE("layout pictures: addresses, record fields and padding, text code units", "[snapshot]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\n"
                 "a = np.arange(6)\n"
                 "v = a[2:]\n"
                 "d0 = a.__array_interface__['data'][0]\n"
                 "d2 = v.__array_interface__['data'][0]\n"
                 "rec = np.zeros(2, dtype=np.dtype([('id', 'u1'), ('x', '<f4'), ('p', [('u', '<i2'), ('w', 'u1')])], align=True))\n"
                 "pick = rec[['id', 'p']]\n"
                 "s = np.array(['hi', 'h\\u00e9llo'])\n"
                 "b = np.array([b'ab', b'c'])\n").ok);
  const std::string before = sl::snapshot_json(in);
  std::string s = sl::snapshot_json(in);
  CHECK(s == before);  // only reads
  auto int_after = [&](const std::string& var, const std::string& key) {
    size_t p = s.find("\"name\":\"" + var + "\"");
    REQUIRE(p != std::string::npos);
    size_t k = s.find("\"" + key + "\":", p);
    REQUIRE(k != std::string::npos);
    return std::stoll(s.substr(k + key.size() + 3));
  };
  // the address __array_interface__ reports; storage byte k is at dataAddress - offset + k
  auto pyint = [&](const std::string& var) {
    size_t p = s.find("\"name\":\"" + var + "\"");
    size_t k = s.find("\"preview\":\"", p);
    return std::stoll(s.substr(k + 11));
  };
  CHECK(int_after("a", "dataAddress") == pyint("d0"));
  CHECK(int_after("v", "dataAddress") == pyint("d2"));
  CHECK(int_after("v", "dataAddress") - int_after("v", "offset") == int_after("a", "dataAddress"));
  CHECK(s.find("\"address\":" + std::to_string(pyint("d0"))) != std::string::npos);  // the storage's base address
  // an aligned record: id at 0, 3 padding bytes, x at 4, p (a nested record: u, w, one padding byte) at 8
  CHECK(s.find("\"fields\":[{\"name\":\"id\",\"offset\":0,\"itemsize\":1,\"dtype\":\"uint8\",\"kind\":\"u\"},"
               "{\"name\":\"x\",\"offset\":4,\"itemsize\":4,\"dtype\":\"float32\",\"kind\":\"f\"},"
               "{\"name\":\"p\",\"offset\":8,\"itemsize\":4,") != std::string::npos);
  CHECK(s.find("\"fields\":[{\"name\":\"u\",\"offset\":0,\"itemsize\":2,\"dtype\":\"int16\",\"kind\":\"i\"},"
               "{\"name\":\"w\",\"offset\":2,\"itemsize\":1,\"dtype\":\"uint8\",\"kind\":\"u\"}]") != std::string::npos);
  CHECK(s.find("\"dtypeKind\":\"V\",\"fields\"") != std::string::npos);
  CHECK(s.find("\"padding\":[[1,4],[11,12]]") != std::string::npos);
  // rec[['id', 'p']] keeps the offsets: x's bytes become a gap too
  CHECK(s.find("\"padding\":[[1,8],[11,12]]") != std::string::npos);
  // text: 'U' as UCS-4 code points, 'S' as bytes, trailing zeros included
  CHECK(s.find("\"dtypeKind\":\"U\",\"charSize\":4,\"chars\":5,\"codes\":[[104,105,0,0,0],[104,233,108,108,111]]") !=
        std::string::npos);
  CHECK(s.find("\"dtypeKind\":\"S\",\"charSize\":1,\"chars\":2,\"codes\":[[97,98],[99,0]]") != std::string::npos);
  CHECK(s.find("\"dtypeKind\":\"i\"") != std::string::npos);
}

TEST_CASE("text code units follow logical order and stop at the cap", "[snapshot]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\nt = np.array([['ab', 'cd'], ['ef', 'gh']]).T\n").ok);
  sl::SnapshotOptions opt;
  opt.max_text_elements = 3;
  std::string s = sl::snapshot_json(in, opt);
  CHECK(s.find("\"codes\":[[97,98],[101,102],[99,100]]") != std::string::npos);
}

// Found by fuzz_lang: a dict key whose __repr__ raised escaped the snapshot as a C++
// exception (the page takes one after every run). The path of an array inside a dict
// names such a key without running the program's code; the dict's own preview (its
// str, as the page shows it) reports the error it raised.
TEST_CASE("dict keys with the program's own __repr__ are named without running it", "[snapshot][fuzz]") {
  Interp in;
  REQUIRE(in.run("import numpy as np\n"
                 "class K:\n"
                 "    def __hash__(self):\n"
                 "        return 1\n"
                 "    def __repr__(self):\n"
                 "        raise ValueError('no repr')\n"
                 "d = {K(): np.zeros(3), (1, 'a'): np.ones(2)}\n").ok);
  std::string s = sl::snapshot_json(in);
  CHECK(s.find("\"name\":\"d[<K key #0>]\"") != std::string::npos);
  CHECK(s.find("\"name\":\"d[(1, 'a')]\"") != std::string::npos);
  CHECK(s.find("\"preview\":\"<ValueError while printing>\"") != std::string::npos);
}

// The inspection snapshot: what the page draws must be what the engine holds.
#include <catch2/catch.hpp>

#include "core/api/session.hpp"
#include "core/api/snapshot.hpp"
#include "core/lang/interp.hpp"

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

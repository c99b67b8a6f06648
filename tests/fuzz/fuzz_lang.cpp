// fuzz_lang: generated Python programs aimed at the interpreter's own hazards.
//
// fuzz_eval draws NumPy / PyTorch programs; this target draws the programs a hostile
// or careless user writes against the language itself (issue 29, docs/hardening.md):
//  - containers changed from inside the callbacks they run: sort keys and comparisons,
//    __eq__ / __hash__ / __lt__ during list, dict and set operations, __index__ and
//    __len__ during slicing and conversion, iteration while the container changes,
//    buffers resized while exported, NumPy / torch conversion of lying sequences;
//  - finalization at awkward moments: __del__ that resurrects or mutates, weakref
//    callbacks, generators dropped or closed inside try/finally, cycles;
//  - depth: nested brackets, unary chains, operator chains, nested data, recursion
//    with sys.setrecursionlimit raised;
//  - Unicode: identifiers (NFKC, CJK, non-BMP), surrogates, codecs with every error
//    handler, case mapping, Unicode digits, unicodedata.
// The input is decoded (FuzzedDataProvider) into a program: a prelude whose hostile
// classes perform a fuzzer-chosen mutation in each dunder, then statements from the
// grammar, each inside try/except BaseException so an error ends only that statement.
// An input that starts with '#' is Python source (the seed corpus holds the language
// corpus's programs that way, so mutations of real programs are explored too).
//
// The program runs in a fresh interpreter with a step budget, then the inspection
// snapshot is built as the page builds it. A Python error is fine; a crash, a
// sanitizer report (use-after-free, overflow, leak), an escaping C++ exception or a
// hang is a bug. Every storage the run created must be freed with the interpreter.
//
// FUZZ_LANG_PRINT=1 prints each generated program (to reproduce a finding with
// build/asan/stridelab_py).
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/api/snapshot.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/model/storage.hpp"

using namespace sl;
using namespace sl::lang;

namespace {

// What a dunder does before it answers: change a container the caller may be walking.
const char* const kMutations[] = {
    "pass", "L.append(0)", "L.clear()", "L.sort()", "L.reverse()", "del L[:1]", "L.extend(range(50))",
    "L.insert(0, s)", "L[:] = []", "D.clear()", "D[len(D) + 100] = 0", "D.pop(next(iter(D), None), None)",
    "D.popitem() if D else None", "S.clear()", "S.add(len(S) + 100)", "S.discard(1)", "B.extend(b'x' * 64)",
    "B.clear()", "del B[:2]", "G.clear()", "G.append(s)", "gc.collect()", "T.pop() if T else None",
    "setattr(H, 'v', 0)", "L.append(L)", "D.update({s: 1})", "S.update(range(20))", "sys.setrecursionlimit(60)",
    "sys.setrecursionlimit(1000)", "A.resize(0, refcheck=False) if hasattr(A, 'resize') else None",
};

const char* const kContainers[] = {"L", "D", "S", "B", "G", "T", "list(D)", "tuple(L)", "frozenset(S)", "bytes(B)", "A"};

const char* const kIdents[] = {"数组", "变量_1", "ｘ", "ℌ", "x\u0301", "𝔘", "Ω", "ｆｏｏ", "名字", "ǅ", "ﬁ", "_", "e\u0308"};

const char* const kStrings[] = {"'abc'", "'数组'", "'\\U0001F600'", "'\\ud83d'", "'\\ud83d\\ude00'", "'ß'", "'ǅ'",
                                "'İ'", "'ﬁ'", "'١٢٣'", "'٣.٥'", "'\\N{GREEK SMALL LETTER ALPHA}'", "'e\\u0301'",
                                "'\\x00\\xff'", "'\\u2028x\\u2029'", "''", "'a' * 300", "chr(0x10FFFF)", "'\\udcff'"};

const char* const kCodecs[] = {"'utf-8'", "'utf-16'", "'utf-16-le'", "'utf-16-be'", "'utf-32'", "'utf-32-be'",
                               "'latin-1'", "'ascii'", "'utf-8-sig'", "'cp1252'", "'nope'"};

const char* const kErrors[] = {"'strict'", "'replace'", "'ignore'", "'backslashreplace'", "'surrogateescape'",
                               "'surrogatepass'", "'xmlcharrefreplace'", "'namereplace'", "'bogus'"};

const char* const kStrMethods[] = {"upper()", "lower()", "casefold()", "title()", "swapcase()", "capitalize()",
                                   "isidentifier()", "isdigit()", "isnumeric()", "isdecimal()", "isalpha()",
                                   "isprintable()", "split()", "splitlines()", "center(9, '数')", "zfill(6)",
                                   "expandtabs(3)", "encode()", "strip('a')", "partition('a')", "__len__()"};

const char* const kDunders[] = {"__eq__", "__lt__", "__hash__", "__index__", "__len__", "__iter__",
                                "__repr__", "__del__", "__bool__", "__getitem__", "__float__", "__int__"};

class Gen {
 public:
  explicit Gen(FuzzedDataProvider& in) : in_(in) {}

  std::string program() {
    std::string s = prelude();
    int n = in_.ConsumeIntegralInRange(1, 20);
    for (int k = 0; k < n && in_.remaining_bytes() > 0; ++k) {
      std::vector<std::string> lines = stmt();
      s += "try:\n";
      for (auto& l : lines) s += "    " + l + "\n";
      s += "except BaseException:\n    pass\n";
    }
    return s;
  }

 private:
  FuzzedDataProvider& in_;

  int pick(int n) { return in_.ConsumeIntegralInRange(0, n - 1); }
  template <size_t N>
  const char* pick(const char* const (&a)[N]) { return a[pick(int(N))]; }
  std::string num(int lo, int hi) { return std::to_string(in_.ConsumeIntegralInRange(lo, hi)); }
  std::string mutation() { return pick(kMutations); }

  // The globals every statement can reach, and H: each dunder runs its own mutation.
  std::string prelude() {
    std::string s =
        "import sys, gc, weakref, itertools, functools, heapq, bisect, json, copy, operator, unicodedata\n"
        "L = [3, 1, 2, 5, 4]\nD = {1: 'a', 2: 'b', 3: 'c'}\nS = {1, 2, 3}\nB = bytearray(b'abcdef')\n"
        "G = []\nT = [1, 2, 3]\n";
    if (in_.ConsumeBool()) s += "import numpy as np\nA = np.arange(6.0)\n";
    else s += "A = []\n";
    if (pick(4) == 0) s += "import torch\n";
    s += "class H:\n    def __init__(s, v):\n        s.v = v\n";
    for (const char* d : kDunders) {
      std::string m = mutation();
      std::string d_s = d;
      if (d_s == "__eq__") s += "    def __eq__(s, o):\n        " + m + "\n        return s.v == getattr(o, 'v', o)\n";
      else if (d_s == "__lt__") s += "    def __lt__(s, o):\n        " + m + "\n        return s.v < getattr(o, 'v', o)\n";
      else if (d_s == "__hash__") s += "    def __hash__(s):\n        " + m + "\n        return " + (in_.ConsumeBool() ? "hash(s.v)" : "len(L)") + "\n";
      else if (d_s == "__index__") s += "    def __index__(s):\n        " + m + "\n        return s.v\n";
      else if (d_s == "__len__") s += "    def __len__(s):\n        " + m + "\n        return " + (in_.ConsumeBool() ? "len(L)" : num(-2, 8)) + "\n";
      else if (d_s == "__iter__") s += "    def __iter__(s):\n        " + m + "\n        return iter(" + pick(kContainers) + ")\n";
      else if (d_s == "__repr__") s += "    def __repr__(s):\n        " + m + "\n        return " + (in_.ConsumeBool() ? "'H(%r)' % (s.v,)" : "repr(L)") + "\n";
      else if (d_s == "__del__") s += "    def __del__(s):\n        " + m + "\n        " + (in_.ConsumeBool() ? "G.append(s)" : "pass") + "\n";
      else if (d_s == "__bool__") s += "    def __bool__(s):\n        " + m + "\n        return bool(s.v)\n";
      else if (d_s == "__getitem__") s += "    def __getitem__(s, i):\n        " + m + "\n        return L[i]\n";
      else if (d_s == "__float__") s += "    def __float__(s):\n        " + m + "\n        return float(s.v)\n";
      else s += "    def __int__(s):\n        " + m + "\n        return int(s.v)\n";
    }
    s += "HS = [H(3), H(1), H(2), H(1)]\n";
    return s;
  }

  std::string h() { return "H(" + num(-1, 5) + ")"; }
  std::string container() { return pick(kContainers); }
  std::string key() {
    switch (pick(4)) {
      case 0: return "lambda x: (" + mutation() + ", x)[1]" ;
      case 1: return "lambda x: H(x if isinstance(x, int) else 0)";
      case 2: return "str";
      default: return "None";
    }
  }

  // Deeply nested source of depth d: the parser, compiler and evaluator must end it as
  // CPython does (a value or RecursionError), never overflow the real stack.
  std::string deep() {
    int d = in_.ConsumeIntegralInRange(1, 3000);
    std::string s;
    switch (pick(9)) {
      case 0: return std::string(d, '(') + "1" + std::string(d, ')');
      case 1: return std::string(d, '[') + std::string(d, ']');
      case 2: for (int k = 0; k < d; ++k) s += "-"; return s + "1";
      case 3: for (int k = 0; k < d; ++k) s += "not "; return s + "L";
      case 4: s = "1"; for (int k = 0; k < d; ++k) s += "+1"; return s;
      case 5: for (int k = 0; k < d && k < 200; ++k) s += "lambda: "; return s + "0";
      case 6: for (int k = 0; k < d; ++k) s += "{'k': "; s += "0"; for (int k = 0; k < d; ++k) s += "}"; return s;
      case 7: for (int k = 0; k < d; ++k) s += "abs("; s += "1"; for (int k = 0; k < d; ++k) s += ")"; return s;
      default: s = "x"; for (int k = 0; k < d; ++k) s += ".real"; return "(lambda x: " + s + ")(1)";
    }
  }

  std::vector<std::string> stmt() {
    switch (pick(40)) {
      case 0: return {"L.sort(key=" + key() + ")"};
      case 1: return {"L[:] = HS", "L.sort(reverse=" + std::string(in_.ConsumeBool() ? "True" : "False") + ")"};
      case 2: return {"print(sorted(" + container() + ", key=" + key() + "))"};
      case 3: return {"print(min(" + container() + ", key=" + key() + "), max(HS))"};
      case 4: return {"L.extend(HS)", "print(L.index(" + h() + "), L.count(" + h() + "))"};
      case 5: return {"L.extend(HS)", "L.remove(" + h() + ")", "print(" + h() + " in L, L == HS)"};
      case 6: return {"D[" + h() + "] = " + num(0, 9), "print(D.get(" + h() + "), " + h() + " in D, len(D))"};
      case 7: return {"S.add(" + h() + ")", "print(" + h() + " in S, S & {" + h() + "}, S == set(HS))"};
      case 8: return {"for x in " + container() + ":", "    " + mutation()};
      case 9: return {"for k in D:", "    " + mutation(), "    D[k] = k"};
      case 10: return {"print([" + mutation() + " for x in " + container() + "])"};
      case 11: return {"print({k: " + mutation() + " for k in " + container() + "})"};
      case 12: return {"print(L[" + h() + "], L[" + h() + ":" + h() + "], B[" + h() + "])"};
      case 13: return {"L[" + h() + ":" + h() + "] = HS", "B[" + h() + ":" + h() + "] = b'xyz'"};
      case 14: return {"print(list(range(" + h() + ")), bytes(" + h() + "), 'ab' * " + h() + ")"};
      case 15: return {"m = memoryview(B)", mutation(), "print(m.tobytes(), bytes(m[" + h() + ":]))", "m.release()"};
      case 16: return {"B.extend(x for x in B)"};
      case 17: return {"heapq.heappush(L, " + h() + ")", "bisect.insort(L, " + h() + ")", "print(heapq.heappop(L))"};
      case 18: return {"L.append(L)", "D['self'] = D", "print(repr(L), repr(D), json.dumps(T))", "print(json.dumps(L))"};
      case 19: return {"print(copy.deepcopy(" + container() + "), copy.copy(HS))"};
      case 20: return {"print(functools.reduce(lambda a, b: (" + mutation() + ", a)[1], " + container() + ", 0))"};
      case 21: return {"print([(k, list(g)) for k, g in itertools.groupby(" + container() + ")])"};
      case 22: return {"print(list(zip(L, reversed(L))), list(enumerate(" + container() + ")))"};
      case 23: return {"print(', '.join(map(repr, HS)), '%s %r' % (" + h() + ", " + h() + "), f'{" + h() + "!r:>9}')"};
      case 24: return {"def gen():", "    try:", "        yield from " + container(), "    finally:", "        " + mutation(),
                       "it = gen()", "print(next(it))", in_.ConsumeBool() ? "it.close()" : "del it", "gc.collect()"};
      case 25: return {"w = weakref.ref(" + h() + ", lambda r: " + mutation() + ")", "gc.collect()", "print(w())"};
      case 26: return {"c = [" + h() + "]", "c.append(c)", "del c", "gc.collect()", "print(len(G))"};
      case 27: return {"v = " + deep()};
      case 28: return {"x = []", "for _ in range(" + num(1, 3000) + "):", "    x = [x]",
                       "print(len(repr(x)), x == x, len(json.dumps(x)))"};
      case 29: return {"sys.setrecursionlimit(" + num(50, 100000) + ")", "def r(n):", "    return r(n + 1) if n < " +
                       num(1, 20000) + " else n", "print(r(0))"};
      case 30: return {std::string(pick(kIdents)) + " = " + pick(kStrings), "print(" + std::string(pick(kIdents)) + ")"};
      case 31: return {"print(" + std::string(pick(kStrings)) + "." + pick(kStrMethods) + ")"};
      case 32: return {"print(" + std::string(pick(kStrings)) + ".encode(" + pick(kCodecs) + ", " + pick(kErrors) + "))"};
      case 33: return {"print((" + std::string(pick(kStrings)) + ").encode('utf-8', 'surrogatepass').decode(" + pick(kCodecs) +
                       ", " + pick(kErrors) + "))"};
      case 34: return {"print(int(" + std::string(pick(kStrings)) + "), float(" + pick(kStrings) + "))"};
      case 35: return {"print(unicodedata.normalize('NF" + std::string(in_.ConsumeBool() ? "K" : "") + (in_.ConsumeBool() ? "C" : "D") +
                       "', " + pick(kStrings) + "), [unicodedata.name(c, '?') for c in " + pick(kStrings) + "])"};
      case 36: return {"import numpy as np", "print(np.array(" + container() + "), np.array(HS, dtype=object) if 0 else None)",
                       "print(np.asarray([" + h() + ", " + h() + "], dtype=float))"};
      case 37: return {"import numpy as np", "a = np.arange(" + num(0, 12) + ")", "print(a[" + h() + "], a[[" + h() + ", " + h() + "]])",
                       "a[" + h() + "] = " + h(), "print(a.reshape(" + h() + ", -1))"};
      case 38: return {"import torch", "print(torch.tensor([" + h() + ", " + h() + "]), torch.tensor(" + container() + "))"};
      default: return {"print(hash(frozenset(HS)), sorted(set(HS), key=lambda x: x.v), " + h() + " == " + h() + ")"};
    }
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return -1;
  std::string src;
  if (size > 0 && data[0] == '#') {
    src.assign(reinterpret_cast<const char*>(data), size);
  } else {
    FuzzedDataProvider fdp(data, size);
    src = Gen(fdp).program();
  }
  static const bool print = std::getenv("FUZZ_LANG_PRINT") != nullptr;
  if (print) std::fprintf(stderr, "---- program ----\n%s-----------------\n", src.c_str());
  int64_t live_before = Storage::live_count();
  {
    Interp in;
    in.step_budget = 2000;
    in.max_output = 1 << 16;
    Interp::Result r = in.run(src);
    if (print && !r.ok) std::fprintf(stderr, "%s", r.traceback.c_str());
    std::string snap = snapshot_json(in);
    if (snap.empty() || snap[0] != '{') {
      std::fprintf(stderr, "fuzz_lang: snapshot is not a JSON object: %.200s\n", snap.c_str());
      std::abort();
    }
  }
  if (Storage::live_count() != live_before) {
    std::fprintf(stderr, "fuzz_lang: %lld storages outlived the interpreter\n",
                 (long long)(Storage::live_count() - live_before));
    std::abort();
  }
  return 0;
}

// fuzz_eval: generated NumPy / PyTorch programs through the whole engine.
//
// The input is not source text: it is decoded (FuzzedDataProvider) into a
// program drawn from a grammar of what stridelab is about -- array and tensor
// constructors over every dtype, views (slices with negative steps, reshape,
// transpose, dtype views, as_strided with zero / negative / odd / huge strides
// and offsets, broadcast_to, sliding windows, torch view/narrow/unfold/expand/
// as_strided), fancy and boolean indexing, setitem, in-place operators on
// overlapping views, ufuncs with out=, reductions, printing, shares_memory --
// over eight variables. Every statement is wrapped in try/except Exception, so
// a Python-level error ends only that statement and the rest still runs.
//
// The program runs in a fresh interpreter with a step budget, then the
// inspection snapshot (core/api/snapshot) is built, as the page does after
// every run. A Python error is fine; a crash, a sanitizer report, an escaping
// C++ exception or a hang is a bug. After the run every array reachable from
// the globals (directly or inside lists / tuples / dicts) must satisfy the
// engine's invariant (core/model/array.hpp): its byte extent lies inside its storage.
//
// An input that starts with '#' is taken as Python source instead (the seed
// corpus holds the conformance oracle's programs and the gallery examples that
// way, so mutations of real programs are explored too).
//
// Allocations above 256 MB fail (ASan's max_allocation_size_mb with
// allocator_may_return_null): the engine must turn that into MemoryError.
//
// FUZZ_EVAL_PRINT=1 in the environment prints each generated program (to
// reproduce a finding with build/asan/stridelab_py).
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/api/snapshot.hpp"
#include "core/model/array.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/model/storage.hpp"

using namespace sl;
using namespace sl::lang;

namespace {

constexpr int kVars = 8;

const char* const kNpTypes[] = {"np.bool_",   "np.int8",    "np.int16",   "np.int32",     "np.int64",
                                "np.uint8",   "np.uint16",  "np.uint32",  "np.uint64",    "np.float16",
                                "np.float32", "np.float64", "np.complex64", "np.complex128"};
const char* const kTorchTypes[] = {"torch.bool",    "torch.int8",    "torch.int16",     "torch.int32",
                                   "torch.int64",   "torch.uint8",   "torch.float16",   "torch.float32",
                                   "torch.float64", "torch.complex64", "torch.complex128"};
const char* const kBinOps[] = {"+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>",
                               "==", "!=", "<", ">=", "@"};
const char* const kInplaceOps[] = {"+=", "-=", "*=", "/=", "//=", "%=", "&=", "|=", "^=", "<<=", "**="};
const char* const kUfuncs[] = {"np.add",      "np.subtract", "np.multiply", "np.divide",  "np.maximum",
                               "np.minimum",  "np.power",    "np.remainder", "np.floor_divide", "np.hypot",
                               "np.arctan2",  "np.logical_and", "np.bitwise_xor", "np.fmax", "np.copysign"};
const char* const kUnary[] = {"np.sqrt",  "np.exp",   "np.negative", "np.abs",   "np.sin",  "np.log",
                              "np.floor", "np.sign",  "np.square",   "np.isnan", "np.conj", "np.invert",
                              "np.logical_not", "np.cumsum", "np.cumprod", "np.tanh", "np.rint"};
const char* const kReduce[] = {"sum", "prod", "mean", "max", "min", "argmax", "argmin", "std", "var",
                               "any", "all", "cumsum", "ptp", "nonzero", "argsort", "trace"};
const char* const kNpFuncs1[] = {"np.ravel",         "np.transpose",  "np.squeeze",  "np.atleast_2d",
                                 "np.ascontiguousarray", "np.asfortranarray", "np.fliplr", "np.flipud",
                                 "np.sort",          "np.unique",     "np.diag",     "np.tril",
                                 "np.triu",          "np.flatnonzero", "np.argwhere", "np.copy",
                                 "np.real",          "np.imag",       "np.diagonal", "np.count_nonzero"};

class Gen {
 public:
  explicit Gen(FuzzedDataProvider& in) : in_(in) {}

  std::string program() {
    std::string s = "import numpy as np\nimport torch\nfrom numpy.lib.stride_tricks import as_strided, sliding_window_view\n";
    // Start every variable as something, so most statements have operands.
    for (int k = 0; k < kVars; ++k) {
      std::string v = "v" + std::to_string(k);
      if (k < 2) s += v + " = " + seed_source(k) + "\n";
      else s += "try:\n    " + v + " = " + source() + "\nexcept Exception:\n    " + v + " = np.arange(6.0)\n";
    }
    int n = in_.ConsumeIntegralInRange(1, 24);
    for (int k = 0; k < n && in_.remaining_bytes() > 0; ++k) {
      s += "try:\n    " + stmt() + "\nexcept Exception:\n    pass\n";
    }
    return s;
  }

 private:
  FuzzedDataProvider& in_;

  int pick(int n) { return in_.ConsumeIntegralInRange(0, n - 1); }
  template <size_t N>
  const char* pick(const char* const (&a)[N]) { return a[pick(int(N))]; }
  std::string num(int lo, int hi) { return std::to_string(in_.ConsumeIntegralInRange(lo, hi)); }
  std::string var() { return "v" + std::to_string(pick(kVars)); }

  std::string scalar() {
    switch (pick(8)) {
      case 0: return num(-3, 9);
      case 1: return "1.5";
      case 2: return "-0.0";
      case 3: return "True";
      case 4: return "float('nan')";
      case 5: return "float('inf')";
      case 6: return "(1+2j)";
      default: return std::to_string(in_.ConsumeIntegral<int64_t>());  // huge / negative ints
    }
  }

  std::string dim() {
    switch (pick(10)) {
      case 0: return "0";
      case 1: return "1";
      case 2: return "-1";
      default: return num(2, 5);
    }
  }

  std::string shape(int maxdims = 4) {
    int nd = in_.ConsumeIntegralInRange(0, maxdims);
    if (nd == 1 && in_.ConsumeBool()) return dim();
    std::string s = "(";
    for (int k = 0; k < nd; ++k) s += dim() + ",";
    return s + ")";
  }

  std::string stride_value() {
    switch (pick(12)) {
      case 0: return "0";
      case 1: return "-" + num(1, 16);
      case 2: return std::to_string(in_.ConsumeIntegral<int64_t>());  // huge: must be refused, never followed
      case 3: return num(1, 3);  // odd / unaligned byte strides
      default: return std::to_string(8 * in_.ConsumeIntegralInRange(-3, 4));
    }
  }

  std::string strides(int nd) {
    std::string s = "(";
    for (int k = 0; k < nd; ++k) s += stride_value() + ",";
    return s + ")";
  }

  std::string index_atom() {
    switch (pick(12)) {
      case 0: return num(-4, 4);
      case 1: return ":";
      case 2: return "::-1";
      case 3: return num(-3, 3) + ":" + num(-3, 5);
      case 4: return "::" + num(-3, 3);
      case 5: return "None";
      case 6: return "...";
      case 7: return "[" + num(-3, 3) + ", " + num(-3, 3) + ", " + num(-3, 3) + "]";
      case 8: return var() + " > " + num(0, 4);
      case 9: return "np.array([" + num(-2, 3) + ", " + num(-2, 3) + "])";
      case 10: return "[True, False, True]";
      default: return num(0, 3) + ":" + num(0, 6) + ":" + num(1, 3);
    }
  }

  std::string index() {
    int n = in_.ConsumeIntegralInRange(1, 3);
    std::string s;
    for (int k = 0; k < n; ++k) s += (k ? ", " : "") + index_atom();
    return s;
  }

  std::string seed_source(int k) {
    return k == 0 ? "np.arange(24, dtype=np.int64).reshape(2, 3, 4)" : "torch.arange(12.0).reshape(3, 4)";
  }

  std::string source() {
    switch (pick(14)) {
      case 0: return "np.arange(" + num(0, 30) + ", dtype=" + pick(kNpTypes) + ")";
      case 1: return "np.zeros(" + shape() + ", dtype=" + pick(kNpTypes) + ")";
      case 2: return "np.ones(" + shape() + ", dtype=" + pick(kNpTypes) + ", order='F')";
      case 3: return "np.arange(" + num(0, 36) + ").reshape(" + shape() + ")";
      case 4: return "np.array([[1, -2, 3], [4, 5, -6]], dtype=" + std::string(pick(kNpTypes)) + ")";
      case 5: return "np.linspace(-1, 1, " + num(0, 12) + ")";
      case 6: return "np.eye(" + num(0, 4) + ", dtype=" + pick(kNpTypes) + ")";
      case 7: return "np.full(" + shape() + ", " + scalar() + ")";
      case 8: return "torch.arange(" + num(0, 30) + ")";
      case 9: return "torch.zeros(" + shape() + ", dtype=" + pick(kTorchTypes) + ")";
      case 10: return "torch.ones(" + shape() + ").to(" + pick(kTorchTypes) + ")";
      case 11: return "torch.tensor([[1.5, -2.0], [3.0, 4.25]])";
      case 12: return "np.array(" + scalar() + ")";
      default: return "np.empty(" + shape() + ", dtype=" + pick(kNpTypes) + ")";
    }
  }

  // An expression that is (usually) a view of `v`.
  std::string view(const std::string& v) {
    switch (pick(30)) {
      case 0: return v + "[" + index() + "]";
      case 1: return v + ".T";
      case 2: return v + ".reshape(" + shape() + ")";
      case 3: return v + ".ravel()";
      case 4: return v + ".view(" + pick(kNpTypes) + ")";
      case 5: return v + ".transpose()";
      case 6: return v + ".swapaxes(" + num(-2, 2) + ", " + num(-2, 2) + ")";
      case 7: return v + "[::-1]";
      case 8: return "np.flip(" + v + ", " + num(-2, 2) + ")";
      case 9: return "np.broadcast_to(" + v + ", " + shape() + ")";
      case 10: {
        int nd = in_.ConsumeIntegralInRange(0, 4);
        std::string sh = "(";
        for (int k = 0; k < nd; ++k) sh += num(0, 5) + ",";
        sh += ")";
        return "as_strided(" + v + ", shape=" + sh + ", strides=" + strides(nd) + ")";
      }
      case 11: return "sliding_window_view(" + v + ", " + num(0, 4) + ")";
      case 12: return v + ".diagonal()";
      case 13: return "np.expand_dims(" + v + ", " + num(-2, 2) + ")";
      case 14: return v + "[..., " + num(-2, 2) + "]";
      case 15: return v + ".real";
      case 16: return v + ".imag";
      case 17: return v + ".view(" + std::string(pick(kTorchTypes)) + ")";  // torch dtype view
      case 18: return v + ".view(" + shape() + ")";                         // torch shape view
      case 19: return v + ".t()";
      case 20: return v + ".narrow(" + num(-1, 2) + ", " + num(-1, 3) + ", " + num(0, 3) + ")";
      case 21: return v + ".unfold(" + num(-1, 1) + ", " + num(0, 3) + ", " + num(1, 2) + ")";
      case 22: return v + ".expand(" + shape() + ")";
      case 23: return v + ".permute(" + num(-2, 2) + ", " + num(-2, 2) + ")";
      case 24: return v + ".select(" + num(-1, 1) + ", " + num(-2, 2) + ")";
      case 25: return v + ".unsqueeze(" + num(-2, 2) + ")";
      case 26: {
        int nd = in_.ConsumeIntegralInRange(0, 3);
        std::string sz = "(", st = "(";
        for (int k = 0; k < nd; ++k) {
          sz += num(0, 4) + ",";
          st += (pick(6) == 0 ? std::to_string(in_.ConsumeIntegral<int64_t>()) : num(-2, 4)) + ",";
        }
        return v + ".as_strided(" + sz + "), " + st + "), " + num(0, 8) + ")";
      }
      case 27: return "torch.from_numpy(" + v + ")";
      case 28: return v + ".numpy()";
      default: return v + ".movedim(" + num(-2, 2) + ", " + num(-2, 2) + ")";
    }
  }

  std::string expr() {
    std::string v = var();
    switch (pick(16)) {
      case 0: case 1: case 2: case 3: case 4: case 5: return view(v);
      case 6: return view(view(v));
      case 7: return source();
      case 8: return v + " " + pick(kBinOps) + " " + (in_.ConsumeBool() ? var() : scalar());
      case 9: return pick(kUfuncs) + std::string("(") + v + ", " + var() + ")";
      case 10: return pick(kUnary) + std::string("(") + v + ")";
      case 11: return v + "." + pick(kReduce) + "(" + (in_.ConsumeBool() ? "" : "axis=" + num(-2, 2)) + ")";
      case 12: return v + ".astype(" + pick(kNpTypes) + ")";
      case 13: return pick(kNpFuncs1) + std::string("(") + v + ")";
      case 14: return "np.concatenate([" + v + ", " + var() + "], axis=" + num(-1, 1) + ")";
      default: return "np.where(" + v + " > 0, " + v + ", " + var() + ")";
    }
  }

  std::string stmt() {
    std::string t = var();
    switch (pick(20)) {
      case 0: case 1: case 2: case 3: case 4: return t + " = " + expr();
      case 5: return t + "[" + index() + "] = " + (in_.ConsumeBool() ? scalar() : expr());
      case 6: return t + " " + pick(kInplaceOps) + " " + (in_.ConsumeBool() ? var() : scalar());
      case 7: return view(t) + "[...] = " + view(t);  // overlapping copy
      case 8: {  // in-place op between overlapping views of one array
        std::string a = t + "[" + index() + "]";
        return a + " " + pick(kInplaceOps) + " " + t + "[" + index() + "]";
      }
      case 9: return pick(kUfuncs) + std::string("(") + view(t) + ", " + var() + ", out=" + view(t) + ")";
      case 10: return "print(" + t + ", " + t + ".shape, " + t + ".strides, " + t + ".dtype)";
      case 11: return "print(repr(" + t + "), " + t + ".flags, " + t + ".base is " + var() + ")";
      case 12: return "print(np.shares_memory(" + t + ", " + var() + "), np.may_share_memory(" + t + ", " + var() + "))";
      case 13: return "print(" + t + ".tolist(), len(" + t + "), [x for x in " + t + "][:3])";
      case 14: return t + ".fill(" + scalar() + ")";
      case 15: {
        switch (pick(6)) {
          case 0: return t + ".add_(" + var() + ")";
          case 1: return t + ".mul_(" + scalar() + ")";
          case 2: return t + ".zero_()";
          case 3: return t + ".copy_(" + view(var()) + ")";
          case 4: return t + ".masked_fill_(" + t + " > 0, " + scalar() + ")";
          default: return t + ".sub_(" + view(t) + ")";
        }
      }
      case 16: return "del " + t;
      case 17: return "print(" + t + ".sum(), " + t + "." + pick(kReduce) + "())";
      case 18: return "print(" + t + ".item(), float(" + t + "), int(" + t + "), bool(" + t + "))";
      default: return t + ".sort()";
    }
  }
};

// The engine's invariant (core/model/array.hpp): every element an array can address
// lies inside its storage.
void check_array(const Array& a) {
  bool bad = !a.storage || a.shape.size() != a.strides.size() || a.ndim() > kMaxDims;
  if (!bad) {
    for (int64_t d : a.shape) bad |= d < 0;
  }
  if (!bad && a.size() > 0) {
    ByteExtent e = byte_extent(a);
    bad = e.lo < 0 || e.hi > a.storage->nbytes() || e.lo > e.hi;
  }
  if (bad) {
    std::fprintf(stderr, "fuzz_eval: array outside its storage: itemsize %d offset %lld storage %lld shape (",
                 a.itemsize(), (long long)a.offset, a.storage ? (long long)a.storage->nbytes() : -1LL);
    for (auto d : a.shape) std::fprintf(stderr, "%lld,", (long long)d);
    std::fprintf(stderr, ") strides (");
    for (auto d : a.strides) std::fprintf(stderr, "%lld,", (long long)d);
    std::fprintf(stderr, ")\n");
    std::abort();
  }
  if (a.base) check_array(*a.base);
}

void check_value(const Value& v, int depth) {
  if (depth > 4) return;
  if (v.is_array()) return check_array(v.arr());
  if (auto* l = v.as<ListObj>()) {
    for (auto& x : l->items) check_value(x, depth + 1);
  } else if (auto* t = v.as<TupleObj>()) {
    for (auto& x : t->items) check_value(x, depth + 1);
  }
}

}  // namespace

extern "C" const char* __asan_default_options() {
  return "allocator_may_return_null=1:max_allocation_size_mb=256";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 16384) return -1;
  std::string src;
  if (size > 0 && data[0] == '#') {
    src.assign(reinterpret_cast<const char*>(data), size);
  } else {
    FuzzedDataProvider fdp(data, size);
    src = Gen(fdp).program();
  }
  static const bool print = std::getenv("FUZZ_EVAL_PRINT") != nullptr;
  if (print) std::fprintf(stderr, "---- program ----\n%s-----------------\n", src.c_str());
  int64_t live_before = Storage::live_count();
  {
    Interp in;
    in.step_budget = 400;
    in.max_output = 1 << 16;
    Interp::Result r = in.run(src);
    if (print && !r.ok) std::fprintf(stderr, "%s", r.traceback.c_str());
    for (auto& [name, v] : in.globals->vars) check_value(v, 0);
    std::string snap = snapshot_json(in);
    if (snap.empty() || snap[0] != '{') {
      std::fprintf(stderr, "fuzz_eval: snapshot is not a JSON object: %.200s\n", snap.c_str());
      std::abort();
    }
  }
  // Every storage the run created is freed with the interpreter (no cycles
  // keep arrays alive: the page's memory gauge relies on it).
  if (Storage::live_count() != live_before) {
    std::fprintf(stderr, "fuzz_eval: %lld storages outlived the interpreter\n",
                 (long long)(Storage::live_count() - live_before));
    std::abort();
  }
  return 0;
}

// core/model/session_state: two sessions open at once never see each other's
// settings (Note [Session state]). One session sets every per-process setting
// of NumPy, PyTorch and Python that stridelab has; the other must see the
// defaults, its own changes must not reach the first, and a session opened
// later starts from the defaults too.
//
// The expected texts are the reference's (CPython 3.13, NumPy 2.2, PyTorch
// 2.6, run with /work/shared/oracle/refpy): each session's runs, in their
// order, as one program in a process of its own. So what one session prints
// is what a process that never ran the other's programs prints.
#include <catch2/catch.hpp>

#include <string>

#include "core/api/session.hpp"
#include "core/text/format.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/model/session_state.hpp"

namespace {

// What every session runs first: the modules, and the two functions each
// later run calls. probe() prints what each setting decides; draws() takes
// the next numbers of every random stream.
const char* kCommon = R"(import math, random, sys
import numpy as np
import torch

def attempt(f):
    try:
        print("ok", f())
    except Exception as e:
        print(type(e).__name__ + ":", e)

def probe():
    print(np.geterr())
    attempt(lambda: np.array([1.0]) / 0)
    attempt(lambda: np.array([1e308]) * 10)
    attempt(lambda: np.array([1e-308]) * 1e-100)
    attempt(lambda: np.array([0.0]) / 0)
    o = np.get_printoptions()
    print(sorted((k, v) for k, v in o.items() if k != "formatter"), o["formatter"] and sorted(o["formatter"]))
    print(repr(np.array([1.123456789, -2.0, np.nan, np.inf, 1e-10])))
    print(np.arange(10))
    print(np.arange(12.0).reshape(3, 4) * 1000.5)
    print(torch.get_default_dtype(), torch.tensor([1.5]).dtype, torch.zeros(2).dtype)
    print(torch.tensor([1.5], dtype=torch.float32))
    print(torch.tensor([1.23456, 2.0, 300.5]))
    print(torch.arange(10.0))
    print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())
    x = torch.ones(2, requires_grad=True)
    print((x * 2).requires_grad)
    print(sys.getrecursionlimit(), sys.get_int_max_str_digits())
    print(math.pi, hasattr(np, "foo"), hasattr(torch, "bar"), sys.argv[1:])

def draws():
    print(np.random.randint(0, 1000, 3).tolist(), float(np.random.random()))
    print(random.randint(0, 1000), random.random())
    print(torch.randint(0, 1000, (3,)).tolist(), torch.rand(1).item(), torch.initial_seed())
)";

// Session A: every setting at once (np.set_printoptions's every option, each
// np.seterr category, torch's print options, default dtype and grad mode, the
// sys limits, attributes of the imported modules, and each random stream's seed).
const char* kSetA = R"(np.seterr(all="raise")
np.set_printoptions(precision=2, threshold=5, edgeitems=1, linewidth=30, suppress=True, nanstr="NaN",
                    infstr="Inf", sign="+", floatmode="fixed", formatter={"int": lambda x: "i%d" % x}, legacy=False)
torch.set_printoptions(precision=2, threshold=5, edgeitems=1, linewidth=40, sci_mode=True)
torch.set_default_dtype(torch.float64)
torch.set_grad_enabled(False)
sys.setrecursionlimit(500)
sys.set_int_max_str_digits(1000)
math.pi = 3
np.foo = 1
torch.bar = 2
sys.argv.append("a")
np.random.seed(123)
random.seed(123)
torch.manual_seed(123)
)";

// Session B seeds its streams only (their defaults come from entropy).
const char* kSetB = "np.random.seed(7)\nrandom.seed(7)\ntorch.manual_seed(7)\n";

// Then B enters the context managers by hand, so that they stay entered while
// A runs: np.errstate, np.printoptions, torch.inference_mode; and picks a
// torch print profile. kExitB leaves them.
const char* kEnterB = R"(err = np.errstate(divide="raise", under="warn")
err.__enter__()
opts = np.printoptions(precision=1, sign=" ", floatmode="unique")
opts.__enter__()
inference = torch.inference_mode()
inference.__enter__()
torch.set_printoptions(profile="short")
)";
const char* kExitB = R"(inference.__exit__(None, None, None)
opts.__exit__(None, None, None)
err.__exit__(None, None, None)
torch.set_printoptions(profile="default")
)";

const char* kProbe = "probe()\ndraws()\n";

// probe() under NumPy's, PyTorch's and Python's defaults.
const std::string kDefaults =
    "{'divide': 'warn', 'over': 'warn', 'under': 'ignore', 'invalid': 'warn'}\n"
    "ok [inf]\n"
    "ok [inf]\n"
    "ok [0.]\n"
    "ok [nan]\n"
    "[('edgeitems', 3), ('floatmode', 'maxprec'), ('infstr', 'inf'), ('legacy', False), ('linewidth', 75), "
    "('nanstr', 'nan'), ('override_repr', None), ('precision', 8), ('sign', '-'), ('suppress', False), "
    "('threshold', 1000)] None\n"
    "array([ 1.12345679e+00, -2.00000000e+00,             nan,             inf,\n"
    "        1.00000000e-10])\n"
    "[0 1 2 3 4 5 6 7 8 9]\n"
    "[[    0.   1000.5  2001.   3001.5]\n"
    " [ 4002.   5002.5  6003.   7003.5]\n"
    " [ 8004.   9004.5 10005.  11005.5]]\n"
    "torch.float32 torch.float32 torch.float32\n"
    "tensor([1.5000])\n"
    "tensor([  1.2346,   2.0000, 300.5000])\n"
    "tensor([0., 1., 2., 3., 4., 5., 6., 7., 8., 9.])\n"
    "True False\n"
    "True\n"
    "1000 4300\n"
    "3.141592653589793 False False []\n";

// probe() after kSetA.
const std::string kSettingsA =
    "{'divide': 'raise', 'over': 'raise', 'under': 'raise', 'invalid': 'raise'}\n"
    "FloatingPointError: divide by zero encountered in divide\n"
    "FloatingPointError: overflow encountered in multiply\n"
    "FloatingPointError: underflow encountered in multiply\n"
    "FloatingPointError: invalid value encountered in divide\n"
    "[('edgeitems', 1), ('floatmode', 'fixed'), ('infstr', 'Inf'), ('legacy', False), ('linewidth', 30), "
    "('nanstr', 'NaN'), ('override_repr', None), ('precision', 2), ('sign', '+'), ('suppress', True), "
    "('threshold', 5)] ['int']\n"
    "array([+1.12, -2.00,  +NaN,\n"
    "        +Inf, +0.00])\n"
    "[i0 ... i9]\n"
    "[[    +0.00 ...  +3001.50]\n"
    " ...\n"
    " [ +8004.00 ... +11005.50]]\n"
    "torch.float64 torch.float64 torch.float64\n"
    "tensor([1.50e+00], dtype=torch.float32)\n"
    "tensor([1.23e+00, 2.00e+00, 3.00e+02])\n"
    "tensor([0.00e+00,  ..., 9.00e+00])\n"
    "False False\n"
    "False\n"
    "500 1000\n"
    "3 True True ['a']\n";

// probe() inside kEnterB's context managers.
const std::string kEnteredB =
    "{'divide': 'raise', 'over': 'warn', 'under': 'warn', 'invalid': 'warn'}\n"
    "FloatingPointError: divide by zero encountered in divide\n"
    "ok [ inf]\n"
    "ok [ 0.]\n"
    "ok [ nan]\n"
    "[('edgeitems', 3), ('floatmode', 'unique'), ('infstr', 'inf'), ('legacy', False), ('linewidth', 75), "
    "('nanstr', 'nan'), ('override_repr', None), ('precision', 1), ('sign', ' '), ('suppress', False), "
    "('threshold', 1000)] None\n"
    "array([ 1.123456789e+00, -2.000000000e+00,              nan,\n"
    "                    inf,  1.000000000e-10])\n"
    "[ 0  1  2  3  4  5  6  7  8  9]\n"
    "[[     0.    1000.5   2001.    3001.5]\n"
    " [  4002.    5002.5   6003.    7003.5]\n"
    " [  8004.    9004.5  10005.   11005.5]]\n"
    "torch.float32 torch.float32 torch.float32\n"
    "tensor([1.50])\n"
    "tensor([  1.23,   2.00, 300.50])\n"
    "tensor([0., 1., 2., 3., 4., 5., 6., 7., 8., 9.])\n"
    "False True\n"
    "False\n"
    "1000 4300\n"
    "3.141592653589793 False False []\n";

// draws() after seeding with 123 (A) and with 7 (B): the first, second and third call.
const std::string kDrawsA[3] = {
    "[510, 365, 382] 0.4284709261868257\n53 0.2676771662174662\n[382, 789, 102] 0.5084544309861445 123\n",
    "[98, 742, 17] 0.7194689697855631\n787 0.4072417636703983\n[842, 886, 57] 0.472451921042887 123\n",
    "[123, 569, 214] 0.41092437270901894\n110 0.8385035164743577\n[411, 721, 166] 0.57310566178786 123\n",
};
const std::string kDrawsB[3] = {
    "[175, 196, 537] 0.31897222577340323\n331 0.9478653606090632\n[615, 892, 721] 0.6568902730941772 7\n",
    "[211, 919, 615] 0.9779895119966027\n404 0.6509344730398537\n[283, 347, 287] 0.6297363638877869 7\n",
    "[398, 535, 584] 0.08674342983999195\n74 0.8212742919913083\n[988, 761, 158] 0.5509352087974548 7\n",
};

// The start of run()'s result for a run that printed `out` and raised nothing.
std::string printed(const std::string& out) { return "{\"stdout\":" + sl::json_string(out) + ",\"error\":null,"; }

// `r` is the result of a run that printed `out` and raised nothing (whole
// texts compared, so a failure shows both).
void check_run(const std::string& r, const std::string& out) { CHECK(r.substr(0, printed(out).size()) == printed(out)); }

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("two sessions: every setting one session makes stays in it, both ways", "[session]") {
  sl::Session a, b;
  check_run(a.run(std::string(kCommon) + kSetA, false), "");
  check_run(b.run(std::string(kCommon) + kSetB, false), "");
  // B sees the defaults, though A set everything after B opened.
  check_run(b.run(kProbe, false), kDefaults + kDrawsB[0]);
  check_run(a.run(kProbe, false), kSettingsA + kDrawsA[0]);
  // B's context managers stay entered between its runs, and A's settings stay A's.
  check_run(b.run(kEnterB, false), "");
  check_run(b.run(kProbe, false), kEnteredB + kDrawsB[1]);
  check_run(a.run(kProbe, false), kSettingsA + kDrawsA[1]);
  {
    // A session opened after A's settings starts from the defaults, and
    // importing numpy and torch there changes nothing in A or B.
    sl::Session c;
    check_run(c.run(std::string(kCommon) + "probe()\n", false), kDefaults);
  }
  check_run(b.run(std::string(kExitB) + kProbe, false), kDefaults + kDrawsB[2]);
  check_run(a.run(kProbe, false), kSettingsA + kDrawsA[2]);
}

TEST_CASE("the session's own boundary calls read its settings: snapshot previews print under its options",
          "[session][snapshot]") {
  // The previews are str(x) and str(t) (reference: "[ +0.33 +10.00]" and
  // "tensor([3.33e-01])" after kSetA, the defaults otherwise).
  sl::Session a, b;
  const std::string values = "x = np.array([1/3, 10])\nt = torch.tensor([1/3])\n";
  check_run(a.run(std::string(kCommon) + kSetA + values, false), "");
  check_run(b.run(std::string(kCommon) + values, false), "");
  const std::string sa = a.snapshot(), sb = b.snapshot();
  CHECK(has(sa, "\"preview\":\"[ +0.33 +10.00]\""));
  CHECK(has(sa, "\"preview\":\"tensor([3.33e-01])\""));
  CHECK(has(sb, "\"preview\":\"[ 0.33333333 10.        ]\""));
  CHECK(has(sb, "\"preview\":\"tensor([0.3333])\""));
}

TEST_CASE("the explanation state is the session's: its run counter and the program texts it keeps", "[session][explain]") {
  sl::Session a, b;
  a.run("import numpy as np\nx = np.arange(12)\nv = x[::3]\n", false);
  // More runs in B than the texts a session keeps (kKeptSources, explain.cpp).
  for (int k = 0; k < 20; ++k) b.run("y = " + std::to_string(k) + "\n", false);
  // A's record is still from A's latest run, and still quotes its statement.
  const std::string s = a.snapshot();
  CHECK(has(s, "\"explain\":{\"thisRun\":true,\"steps\":[{\"rule\":\"basic-index\""));
  CHECK(has(s, "\"line\":3,\"endLine\":3,\"source\":\"v = x[::3]\""));
}

TEST_CASE("a session's type objects are its own: numpy's flagsobj and flatiter", "[session]") {
  const char* code = "import numpy as np\nf = np.arange(3).flags\ni = np.arange(3).flat\n"
                     "print(type(f) is type(np.zeros(2).flags), type(i) is type(np.zeros(2).flat), type(f).__name__, "
                     "type(i).__name__, isinstance(np.add, np.ufunc))\n";
  const std::string want = "True True flagsobj flatiter True\n";
  sl::lang::Interp first;
  auto type_of = [](sl::lang::Interp& in, const char* name) { return in.type_of(in.globals->vars.at(name)); };
  {
    sl::lang::Interp closed;
    REQUIRE(closed.run(code).out == want);
    REQUIRE(first.run(code).out == want);
    CHECK(type_of(first, "f") != type_of(closed, "f"));
    CHECK(type_of(first, "i") != type_of(closed, "i"));
  }
  // A session opened after one closed uses no type of the closed one's.
  sl::lang::Interp later;
  CHECK(later.run(code).out == want);
  CHECK(type_of(later, "f") != type_of(first, "f"));
  CHECK(first.run(code).out == want);
}

TEST_CASE("ActiveSession: the engine reads the installed state, nested scopes restore the outer one", "[session]") {
  sl::SessionState s1, s2;
  const int process_precision = sl::print_options().precision;
  {
    const sl::ActiveSession one(s1);
    sl::print_options().precision = 3;
    {
      const sl::ActiveSession two(s2);
      CHECK(sl::print_options().precision == 8);  // s2 has NumPy's default
      sl::print_options().precision = 5;
    }
    CHECK(sl::print_options().precision == 3);
    CHECK(&sl::print_options() == &s1.get<sl::PrintOptions>());
  }
  CHECK(s2.get<sl::PrintOptions>().precision == 5);
  CHECK(sl::print_options().precision == process_precision);  // the process's own, untouched
}

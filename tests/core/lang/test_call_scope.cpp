// Calls of Python functions: scopes kept for reuse (Note [Call scope reuse],
// ceval.cpp), arguments bound straight into the callee's slots (Note [Calls
// that bind into the scope]) and attribute name keys compared by identity
// (Note [Attribute name keys]). What a reused scope must not show: a local of
// an earlier call, a scope that a closure still refers to, a value kept alive
// past its call's return.
#include <catch2/catch.hpp>

#include <string>

#include "core/lang/eval/interp.hpp"
#include "tests/core/run_text.hpp"
#include "core/model/storage.hpp"

using sl::lang::Interp;

using run_text::run;

TEST_CASE("a reused scope starts with every local unbound", "[lang][calls]") {
  Interp in;
  CHECK(run(in, "def f(flag):\n    if flag:\n        y = 1\n    return y\n"
                "print(f(True))\nprint(f(False))\n") ==
        "1\n!UnboundLocalError: cannot access local variable 'y' where it is not associated with a value");
  // the same inside one run, after many calls, and from a method
  CHECK(run(in, "class A:\n    def m(self, flag):\n        if flag:\n            z = self\n        return z\n"
                "a = A()\nfor i in range(100):\n    a.m(True)\n"
                "try:\n    a.m(False)\nexcept UnboundLocalError as e:\n    print('unbound', e)\n") ==
        "unbound cannot access local variable 'z' where it is not associated with a value\n");
}

TEST_CASE("a scope a closure keeps is never reused, before or after one was", "[lang][calls]") {
  Interp in;
  // comp's scopes are spare after each call; make's are kept by its lambda,
  // whether make's scope was a spare one (after comp) or a new one.
  CHECK(run(in, "def comp(n):\n    return [i * n for i in range(3)]\n"
                "def make(n):\n    return lambda: n\n"
                "comp(2)\nf = make(5)\ncomp(3)\ng = make(7)\ncomp(4)\nh = make(9)\n"
                "print(f(), g(), h(), comp(5))\n") == "5 7 9 [0, 5, 10]\n");
  // a nested def that escapes through a list, called through the argument fast path
  CHECK(run(in, "def outer(k):\n    def get():\n        return k\n    return get\n"
                "fs = [outer(i) for i in range(40)]\nprint(sum(f() for f in fs), fs[0](), fs[39]())\n") ==
        "780 0 39\n");
  // a closure that rebinds its enclosing local (nonlocal) after the call returned
  CHECK(run(in, "def counter():\n    n = 0\n    def inc():\n        nonlocal n\n        n += 1\n        return n\n"
                "    return inc\n"
                "c = counter()\nd = counter()\nprint(c(), c(), d(), c())\n") == "1 2 1 3\n");
}

TEST_CASE("recursion deeper than the spare scopes, and RecursionError", "[lang][calls]") {
  Interp in;
  CHECK(run(in, "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
                "def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\n"
                "print(fib(15), depth(150), fib(10))\n") == "610 150 55\n");
  CHECK(run(in, "def down(n):\n    return down(n + 1)\ndown(0)\n") ==
        "!RecursionError: maximum recursion depth exceeded");
  CHECK(run(in, "print(depth(100), fib(12))\n") == "100 144\n");
}

TEST_CASE("locals(), generators and tracebacks through reused scopes", "[lang][calls]") {
  Interp in;
  CHECK(run(in, "def f(a, b):\n    c = a + b\n    return locals()\n"
                "x = f(1, 2)\ny = f(3, 4)\nprint(x, y)\n") == "{'a': 1, 'b': 2, 'c': 3} {'a': 3, 'b': 4, 'c': 7}\n");
  CHECK(run(in, "def g(n):\n    for i in range(n):\n        yield i * i\n"
                "def sq(x):\n    return x * x\n"
                "a = g(3)\nprint(sq(2), next(a), sq(3), list(a), list(g(2)))\n") == "4 0 9 [1, 4] [0, 1]\n");
  auto r = in.run("def inner(x):\n    return 1 / x\ndef outer(x):\n    return inner(x)\n"
                  "for i in (1, 2):\n    outer(i)\nouter(0)\n");
  REQUIRE_FALSE(r.ok);
  CHECK(r.traceback.find("line 7, in <module>") != std::string::npos);
  CHECK(r.traceback.find("line 4, in outer") != std::string::npos);
  CHECK(r.traceback.find("line 2, in inner") != std::string::npos);
  // a handler's traceback names its own frame after the scope was reused
  CHECK(run(in, "def h(x):\n    try:\n        return 1 / x\n    except ZeroDivisionError as e:\n        return type(e).__name__\n"
                "print(h(1), h(0), h(2))\n") == "1.0 ZeroDivisionError 0.5\n");
}

TEST_CASE("a call's locals are released when it returns", "[lang][calls]") {
  Interp in;
  REQUIRE(run(in, "import numpy as np\ndef f(n):\n    a = np.ones(n)\n    return a.shape[0]\n") == "");
  // after each `f(...)` statement the array made inside the call is gone,
  // although its scope is kept for the next call
  std::vector<int64_t> live;
  in.step_observer = [&](const sl::lang::Stmt& st, bool top) {
    if (top) live.push_back(sl::Storage::live_count());
  };
  const int64_t before = sl::Storage::live_count();
  REQUIRE(run(in, "f(1000)\nf(10)\nb = f(5)\n") == "");
  in.step_observer = nullptr;
  REQUIRE(live.size() == 3);
  for (int64_t n : live) CHECK(n == before);
}

TEST_CASE("attribute name keys: shared by instances, checked when the dict changes", "[lang][calls][attr]") {
  Interp in;
  CHECK(run(in, "class P:\n    def __init__(self, x):\n        self.x = x\n    def get(self):\n        return self.x\n"
                "ps = [P(i) for i in range(5)]\nprint([p.get() for p in ps])\n") == "[0, 1, 2, 3, 4]\n");
  // the entry the site remembers now holds another key: an int, then the name again
  CHECK(run(in, "q = P(1)\nprint(q.get())\nq.__dict__.clear()\nq.__dict__[1] = 2\n"
                "try:\n    q.get()\nexcept AttributeError as e:\n    print(e)\n"
                "q.__dict__.clear()\nq.__dict__['x'] = 'again'\nprint(q.get())\n") ==
        "1\n'P' object has no attribute 'x'\nagain\n");
  // a key deleted and set again, set through setattr and __dict__
  CHECK(run(in, "r = P(3)\ndel r.x\nsetattr(r, 'x', 4)\nprint(r.get())\nr.__dict__['x'] = 5\nprint(r.get(), r.__dict__)\n") ==
        "4\n5 {'x': 5}\n");
}

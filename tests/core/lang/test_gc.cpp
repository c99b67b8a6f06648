// The cycle collector (core/lang/gc.*): garbage cycles are freed, live objects
// (however they are referenced) survive a collection, and a closure that
// outlives the function that made it stays valid.
#include <catch2/catch.hpp>

#include "core/lang/objects/gc.hpp"
#include "core/lang/eval/interp.hpp"
#include "tests/core/run_text.hpp"

using sl::lang::gc_collect;
using sl::lang::gc_stats;
using sl::lang::Interp;

using run_text::run;

TEST_CASE("reference cycles are collected; the heap of containers returns to its baseline", "[gc]") {
  Interp in;
  gc_collect();
  int64_t base = gc_stats().tracked;
  // Each call leaves a scope <-> inner-function cycle; each list contains itself.
  CHECK(run(in, "def outer():\n    def inner():\n        return 1\n    return inner()\n"
                "for i in range(30000):\n    outer()\n"
                "for i in range(30000):\n    a = [1, 2]\n    a.append(a)\n"
                "for i in range(30000):\n    d = {'k': []}\n    d['k'].append(d)\ndel a, d, outer\n") == "");
  // Collections ran during the loops (memory stays bounded), and one more
  // leaves exactly the baseline: nothing the program made is left.
  CHECK(gc_stats().collections > 0);
  CHECK(gc_stats().tracked < base + 30000);
  gc_collect();
  CHECK(gc_stats().tracked == base);
}

TEST_CASE("live cycles and everything reachable from variables survive collections", "[gc]") {
  Interp in;
  CHECK(run(in, "a = [1]\na.append(a)\nd = {}\nd['self'] = d\n"
                "def counter():\n    n = [0]\n    def inc():\n        n[0] += 1\n        return n[0]\n    return inc\n"
                "c = counter()\ndel counter\nc(); c()\n"
                "def rec(k):\n    return 0 if k == 0 else rec(k - 1) + 1\n"
                "t = ([], 1)\nt[0].append(t)\n") == "");
  gc_collect();
  CHECK(run(in, "print(len(a[1][1]), d['self']['self'] is d, c(), rec(30), t[0][0] is t)") == "2 True 3 30 True\n");
  gc_collect();
  CHECK(run(in, "print(a, d)") == "[1, [...]] {'self': {...}}\n");
}

TEST_CASE("a closure outliving its defining function keeps its scope rules", "[gc]") {
  Interp in;
  CHECK(run(in, "def make():\n    x = 5\n    def get():\n        return x\n    def put(v):\n        nonlocal x\n        x = v\n"
                "    return get, put\ng, p = make()\ndel make\n") == "");
  gc_collect();
  // A later run: make's parse tree is gone; the closure still knows x is local to make.
  CHECK(run(in, "p(7)\nprint(g())") == "7\n");
}

TEST_CASE("disposing an interpreter frees the cycles its variables formed", "[gc]") {
  gc_collect();
  int64_t base = gc_stats().tracked;
  {
    Interp in;
    CHECK(run(in, "def f():\n    return f\nx = [f]\nx.append(x)\ng = lambda: g\n") == "");
  }
  CHECK(gc_stats().tracked == base);
}

TEST_CASE("instances and classes in cycles are collected; live ones survive", "[gc][classes]") {
  Interp in;
  // numpy is installed at its import (Note [Builtin modules at first import]):
  // what it registers lives as long as the session, so it is in the baseline.
  CHECK(run(in, "import numpy as np\n") == "");
  gc_collect();
  int64_t base = gc_stats().tracked;
  // a.self_ref = a; a class made inside a function (class <-> method <-> owner);
  // an instance whose array attribute's holder refers back to it.
  CHECK(run(in, "class Node:\n    def __init__(self):\n        self.self_ref = self\n        self.buf = np.zeros(4)\n"
                "def make():\n    class K:\n        def f(self):\n            return super().__repr__()\n    return K().f()\n"
                "for i in range(3000):\n    Node()\n    make()\n"
                "keep = Node()\nkeep.other = [keep]\n") == "");
  gc_collect();
  CHECK(run(in, "print(keep.self_ref is keep, keep.other[0] is keep, keep.buf.sum())") == "True True 0.0\n");
  CHECK(run(in, "del keep, Node, make\n") == "");
  gc_collect();
  CHECK(gc_stats().tracked == base);
}

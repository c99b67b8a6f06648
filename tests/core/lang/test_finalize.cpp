// Finalization (Note [Finalization], core/lang/objects/finalize.hpp): what
// the corpus (tests/tools/lang/corpus/finalize.txt, recorded with refpy)
// cannot check because it compares stdout only -- the "Exception ignored in"
// text on stderr, the page's one-stream output -- and what only a session
// shows: an object dropped in a later run, finalizers and the run's limits,
// long chains of finalizable objects.
#include <catch2/catch.hpp>

#include <string>

#include "tests/core/run_text.hpp"

TEST_CASE("an exception in __del__ is written as unraisable, and the program goes on", "[lang][finalize]") {
  sl::lang::Interp in;
  auto r = in.run("class B:\n    def __del__(self):\n        raise ValueError('boom')\nB()\nprint('after')\n", false, "prog.py");
  REQUIRE(r.ok);
  // one stream for the page: the message stands where CPython's stderr would put it
  CHECK(r.out.rfind("Exception ignored in: <function B.__del__ at 0x", 0) == 0);
  CHECK(r.out.find("Traceback (most recent call last):\n  File \"prog.py\", line 3, in __del__\n") != std::string::npos);
  CHECK(r.out.find("ValueError: boom\nafter\n") != std::string::npos);
  // split: stdout alone, as the CLI and the corpus compare it
  sl::lang::Interp split;
  split.split_stderr = true;
  auto s = split.run("class B:\n    def __del__(self):\n        1/0\nB()\nprint('after')\n", false, "prog.py");
  CHECK(s.out == "after\n");
  CHECK(s.err.find("ZeroDivisionError: division by zero\n") != std::string::npos);
  // print(file=sys.stderr) and sys.stderr.write go the same way
  auto e = split.run("import sys\nprint('to err', file=sys.stderr)\nsys.stderr.write('x\\n')\nprint('to out')\n");
  CHECK(e.out == "to out\n");
  CHECK(e.err == "to err\nx\n");
}

TEST_CASE("a session finalizes what a later run drops, and the end of a program what is left", "[lang][finalize]") {
  sl::lang::Interp in;
  CHECK(run_text::run(in, "class A:\n    def __del__(self):\n        print('del', id(self) > 0)\na = A()\nb = A()\n") == "");
  CHECK(run_text::run(in, "del a\nprint('next')\n") == "del True\nnext\n");
  auto end = in.finish_program();
  CHECK(end.out == "del True\n");
}

TEST_CASE("a finalizer stops at the session's step budget", "[lang][finalize]") {
  sl::lang::Interp in;
  in.step_budget = 1000;
  auto r = in.run("class A:\n    def __del__(self):\n        while True:\n            pass\nA()\nprint('unreached')\n");
  CHECK(!r.ok);
  CHECK(r.error_type == "TimeoutError");
  CHECK(r.out == "");
}

TEST_CASE("a long chain of finalizable objects is finalized without deep native recursion", "[lang][finalize]") {
  // Each node's __del__ runs from the queue; dropping a finalized node queues
  // the next one, so the native stack stays flat however long the chain.
  CHECK(run_text::run("class N:\n    count = 0\n    def __init__(self, nxt):\n        self.nxt = nxt\n"
                      "    def __del__(self):\n        N.count += 1\n"
                      "head = None\nfor _ in range(200000):\n    head = N(head)\n"
                      "head = None\nprint(N.count)\n") == "200000\n");
  // a generator chain dropped while each is suspended in a try
  CHECK(run_text::run("closed = []\ndef g(k):\n    try:\n        yield k\n    finally:\n        closed.append(k)\n"
                      "gens = [g(k) for k in range(1000)]\nfor x in gens:\n    next(x)\ngens = x = None\nprint(len(closed), closed[:3])\n") ==
        "1000 [998, 997, 996]\n");  // list_dealloc drops items last to first
}

TEST_CASE("a long C++ walk stops at the session's step budget (Note [Checkpoints])", "[lang][finalize]") {
  // np.array of [L, L] with L holding itself walks 2**64 paths of lists, in
  // NumPy as here; no statement runs during the walk, its checkpoints count.
  sl::lang::Interp in;
  in.step_budget = 1000;
  auto r = in.run("import numpy as np\nL = []\nL.append(L)\nL.append(L)\ntry:\n    np.array(L)\nexcept BaseException:\n    print('caught')\n");
  CHECK(!r.ok);
  CHECK(r.error_type == "TimeoutError");
  CHECK(r.out == "");
  // and the session runs on
  in.step_budget = -1;
  CHECK(run_text::run(in, "import numpy as np\nprint(np.array([[1, 2]] * 3000).shape)\n") == "(3000, 2)\n");
}

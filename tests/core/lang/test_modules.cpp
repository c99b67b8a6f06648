// Builtin modules at their first import (Note [Builtin modules at first
// import], core/lang/modules/modules.hpp): what a session holds before and
// after an import, the dependencies an installer brings without binding
// them, and the host's paths that need a front end without an import. The
// language corpus (tests/tools/lang/corpus/imports.txt) checks the same
// programs' text against the reference.
#include <catch2/catch.hpp>

#include <string>

#include "core/api/session.hpp"
#include "core/lang/eval/interp.hpp"

using sl::lang::Interp;

// The builtins module is the language's own (what __main__'s __builtins__
// is), as CPython's sys.modules always holds it.
TEST_CASE("a session opens with no module installed", "[lang][modules]") {
  Interp in;
  CHECK(in.modules.size() == 1);
  CHECK(in.modules.count("builtins") == 1);
  CHECK(in.t.ndarray == nullptr);
  CHECK(in.t.tensor == nullptr);
  auto r = in.run("print(1)");
  REQUIRE(r.ok);
  CHECK(r.out == "1\n");
  CHECK(in.modules.size() == 1);
}

TEST_CASE("an import installs its module and only what that module needs", "[lang][modules]") {
  Interp in;
  REQUIRE(in.run("import math").ok);
  CHECK(in.modules.size() == 2);  // and builtins
  CHECK(in.modules.count("math") == 1);
  REQUIRE(in.run("import functools").ok);  // builds its _CacheInfo namedtuple from collections
  CHECK(in.modules.count("collections") == 1);
  CHECK(in.globals->vars.count("collections") == 0);
  CHECK(in.modules.count("numpy") == 0);
}

TEST_CASE("import torch installs numpy without binding it", "[lang][modules][torch]") {
  Interp in;
  REQUIRE(in.run("import torch").ok);
  CHECK(in.modules.count("torch") == 1);
  CHECK(in.modules.count("numpy") == 1);
  CHECK(in.modules.count("numpy.linalg") == 1);
  CHECK(in.globals->vars.count("torch") == 1);
  CHECK(in.globals->vars.count("numpy") == 0);
  CHECK(in.globals->vars.count("np") == 0);
  auto r = in.run("print(torch.arange(3).numpy())");
  REQUIRE(r.ok);
  CHECK(r.out == "[0 1 2]\n");
  r = in.run("np.ones(2)");
  REQUIRE_FALSE(r.ok);
  CHECK(r.error_type == "NameError");
}

TEST_CASE("a package is installed whole, once, by whichever import comes first", "[lang][modules]") {
  Interp in;
  REQUIRE(in.run("import numpy.linalg").ok);
  const auto* np = in.modules.at("numpy").get();
  auto r = in.run("print(numpy.linalg.norm([3.0, 4.0]), type(numpy.random).__name__)");
  REQUIRE(r.ok);
  CHECK(r.out == "5.0 module\n");
  REQUIRE(in.run("import numpy as np\nfrom numpy import fft").ok);
  CHECK(in.modules.at("numpy").get() == np);  // not installed again
  r = in.run("import numpy.nosuch");
  REQUIRE_FALSE(r.ok);
  CHECK(r.error_type == "ModuleNotFoundError");
  CHECK(r.error_msg == "No module named 'numpy.nosuch'");
  r = in.run("import nosuch");
  CHECK(r.error_msg == "No module named 'nosuch'");
  CHECK(in.modules.count("nosuch") == 0);
}

TEST_CASE("installing a module advances the type epoch", "[lang][modules][classes]") {
  // Note [Type attribute cache]: an attribute site may have cached a miss on a
  // class; a later install may add the methods it missed.
  Interp in;
  const uint64_t before = sl::lang::Names::type_epoch();
  REQUIRE(in.run("import math").ok);
  CHECK(sl::lang::Names::type_epoch() > before);
}

TEST_CASE("each session's first numpy import starts from the default print options", "[lang][modules][numpy]") {
  {
    Interp a;
    REQUIRE(a.run("import numpy as np\nnp.set_printoptions(precision=2)").ok);
    CHECK(a.run("print(np.array([1 / 3]))").out == "[0.33]\n");
  }
  Interp b;
  auto r = b.run("import numpy as np\nprint(np.array([1 / 3]))");
  REQUIRE(r.ok);
  CHECK(r.out == "[0.33333333]\n");
}

TEST_CASE("the host's new array installs its front end", "[lang][modules][session]") {
  sl::Session s;
  CHECK(s.new_array("a", "float32", "[2, 3]", false).find("\"ptr\"") != std::string::npos);
  CHECK(s.new_array("t", "float32", "[2]", true).find("\"ptr\"") != std::string::npos);
  std::string r = s.run("print(type(a).__name__, a.shape, a.ndim, type(t).__name__, t.shape)", false);
  CHECK(r.find("\"stdout\":\"ndarray (2, 3) 2 Tensor torch.Size([2])\\n\"") != std::string::npos);
  CHECK(s.variables() == "{\"names\":[\"a\",\"t\"]}");
}

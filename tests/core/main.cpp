#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "core/torch/promotion.hpp"

// The test runner is a composition root like the session: tests that make
// tensors in C++ (without `import torch`) need torch's ufunc rules installed
// (Note [Flavor rules], core/ops/ufunc.hpp).
static const bool g_torch_rules_installed = (sl::install_torch_rules(), true);

// Autograd records (core/torch/autograd): the per-tensor record is never copied with
// an Array, recording follows grad mode and requires_grad, next_functions
// point at the inputs' nodes (AccumulateGrad for leaves), the in-place rules
// refuse writes into leaves that require grad and rebase views onto
// CopySlices, and a long chain of nodes is released without recursion.
#include <catch2/catch.hpp>

#include "core/torch/autograd.hpp"
#include "core/model/error.hpp"

using namespace sl;

namespace {

ArrayPtr leaf(bool wants_grad) {
  ArrayPtr t = make_array(DType::F32, {2, 3}, 'C', Flavor::Torch);
  if (wants_grad) autograd_meta(*t).requires_grad = true;
  return t;
}

struct GradModeScope {
  GradMode saved = grad_mode();
  ~GradModeScope() { grad_mode() = saved; }
};

}  // namespace

TEST_CASE("copying an Array's metadata never copies its autograd record", "[autograd]") {
  ArrayPtr a = leaf(true);
  Array copy = *a;
  CHECK_FALSE(copy.autograd);
  CHECK(requires_grad(*a));
  CHECK_FALSE(requires_grad(copy));
  ArrayPtr alias = alias_array(*a, Flavor::Torch, nullptr);
  CHECK_FALSE(alias->autograd);
  Array assigned = *leaf(false);
  assigned = *a;
  CHECK_FALSE(assigned.autograd);
}

TEST_CASE("record_op: only when grad mode is on and an input requires grad", "[autograd]") {
  GradModeScope scope;
  grad_mode() = GradMode{};
  ArrayPtr x = leaf(true), y = leaf(false);
  ArrayPtr out = make_array(DType::F32, {2, 3}, 'C', Flavor::Torch);
  CHECK_FALSE(record_op("AddBackward0", {y, y}, *out));
  CHECK(is_leaf(*out));
  REQUIRE(record_op("AddBackward0", {x, y}, *out));
  CHECK_FALSE(is_leaf(*out));
  CHECK(requires_grad(*out));
  REQUIRE(out->autograd->grad_fn->next.size() == 2);
  CHECK(out->autograd->grad_fn->next[0]->name == "torch::autograd::AccumulateGrad");
  CHECK(out->autograd->grad_fn->next[0] == gradient_edge(x));  // one AccumulateGrad per leaf
  CHECK(out->autograd->grad_fn->next[1] == nullptr);

  ArrayPtr ints = make_array(DType::I64, {3}, 'C', Flavor::Torch);
  CHECK_FALSE(record_op("ArgmaxBackward0", {x}, *ints));  // integer results are never differentiable

  grad_mode().enabled = false;
  ArrayPtr off = make_array(DType::F32, {2, 3}, 'C', Flavor::Torch);
  CHECK_FALSE(record_op("MulBackward0", {x}, *off));
  grad_mode() = GradMode{};
  grad_mode().inference = true;
  CHECK_FALSE(record_op("MulBackward0", {x}, *off));
}

TEST_CASE("in-place: leaves that require grad refuse; non-leaves take the op's node", "[autograd]") {
  GradModeScope scope;
  grad_mode() = GradMode{};
  ArrayPtr x = leaf(true);
  try {
    check_inplace(*x);
    FAIL("a leaf that requires grad accepted an in-place write");
  } catch (const PyError& e) {
    CHECK(e.type == "RuntimeError");
    CHECK(e.msg == "a leaf Variable that requires grad is being used in an in-place operation.");
  }
  ArrayPtr view = make_view(x, x->dtype, {3}, {4}, 0);
  CHECK_THROWS_AS(check_inplace(*view), PyError);
  grad_mode().enabled = false;
  CHECK_NOTHROW(check_inplace(*x));  // torch.no_grad() allows it
  grad_mode() = GradMode{};

  ArrayPtr y = make_array(DType::F32, {2, 3}, 'C', Flavor::Torch);
  REQUIRE(record_op("MulBackward0", {x}, *y));
  CHECK_NOTHROW(check_inplace(*y));
  record_inplace("MaskedFillBackward0", y, {});
  CHECK(y->autograd->grad_fn->name == "MaskedFillBackward0");
  CHECK(y->autograd->grad_fn->next[0]->name == "MulBackward0");

  // a write into a view of a non-leaf rebases the base onto CopySlices
  ArrayPtr row = make_view(y, y->dtype, {3}, {4}, 0);
  REQUIRE(record_op("SelectBackward0", {y}, *row));
  record_inplace("MulBackward0", row, {});
  CHECK(y->autograd->grad_fn->name == "torch::autograd::CopySlices");
  CHECK(row->autograd->grad_fn->name == "AsStridedBackward0");
  CHECK(row->autograd->grad_fn->next[0] == y->autograd->grad_fn);
}

TEST_CASE("a chain of 200,000 nodes is released without deep recursion", "[autograd]") {
  GradModeScope scope;
  grad_mode() = GradMode{};
  ArrayPtr x = leaf(true);
  ArrayPtr cur = x;
  for (int i = 0; i < 200000; ++i) {
    ArrayPtr next = make_array(DType::F32, {}, 'C', Flavor::Torch);
    record_op("AddBackward0", {cur}, *next);
    cur = next;
  }
  CHECK(cur->autograd->grad_fn->name == "AddBackward0");
  cur.reset();  // would overflow the stack with a recursive destructor
  SUCCEED();
}

// Backward formulas (core/torch/derivatives) against central finite
// differences in float64, one case per formula: the op's forward is computed
// with the engine's ops, its node recorded and given the state the front end
// saves (core/lang/torch/backward.cpp), and the gradient of sum(out * w) for
// a fixed w is compared with (L(x + h) - L(x - h)) / 2h per element. Also the
// engine's bookkeeping: accumulation into .grad, sum-to-size of broadcast
// operands, release of saved tensors, the version check.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <functional>

#include "core/linalg/linalg.hpp"
#include "core/model/error.hpp"
#include "core/ops/reduce.hpp"
#include "core/ops/ufunc.hpp"
#include "core/ops/views.hpp"
#include "core/torch/backward.hpp"
#include "core/torch/derivatives.hpp"
#include "core/torch/promotion.hpp"
#include "core/torch/loss.hpp"
#include "core/torch/conv.hpp"
#include "core/torch/pool.hpp"
#include "core/torch/norm.hpp"
#include "core/torch/activation_nn.hpp"
#include "core/kernels/activation.hpp"
#include "core/ops/copy.hpp"

using namespace sl;

namespace {

ArrayPtr f64(const Shape& shape, std::vector<double> v) {
  ArrayPtr t = make_array(DType::F64, shape, 'C', Flavor::Torch);
  REQUIRE(int64_t(v.size()) == t->size());
  std::memcpy(t->data(), v.data(), v.size() * sizeof(double));
  return t;
}
double at(const Array& a, int64_t i) {  // the i-th element in C order (any strides)
  int64_t off = 0;
  for (int d = a.ndim() - 1; d >= 0; --d) {
    off += (i % a.shape[d]) * a.strides[d];
    i /= a.shape[d];
  }
  double v;
  std::memcpy(&v, a.data() + off, sizeof v);
  return v;
}
// Deterministic values in [lo, hi), different per seed.
std::vector<double> values(int64_t n, int seed, double lo = 0.2, double hi = 1.7) {
  std::vector<double> v;
  for (int64_t i = 0; i < n; ++i) v.push_back(lo + (hi - lo) * std::fmod(0.618034 * double(i * 7 + seed * 13 + 1), 1.0));
  return v;
}
int64_t numel(const Shape& s) {
  int64_t n = 1;
  for (auto d : s) n *= d;
  return n;
}

using Forward = std::function<ArrayPtr(const std::vector<ArrayPtr>&)>;
using Setup = std::function<void(GradNode&, const std::vector<ArrayPtr>&, const ArrayPtr&)>;

double loss(const Forward& f, const std::vector<ArrayPtr>& xs, const ArrayPtr& w) {
  ArrayPtr out = f(xs);
  double s = 0;
  for (int64_t i = 0; i < out->size(); ++i) s += at(*out, i) * at(*w, i);
  return s;
}

// The check: inputs of the given shapes (all requiring grad), out = f(inputs)
// recorded as `name` with setup's state, analytic gradients from the engine.
void check_formula(const std::string& name, const std::vector<Shape>& shapes, const Forward& f, const Setup& setup,
                   double lo = 0.2, double hi = 1.7) {
  install_torch_rules();
  std::vector<ArrayPtr> xs;
  for (size_t k = 0; k < shapes.size(); ++k) {
    xs.push_back(f64(shapes[k], values(numel(shapes[k]), int(k) + 1, lo, hi)));
    autograd_meta(*xs.back()).requires_grad = true;
  }
  ArrayPtr out = f(xs);
  REQUIRE(record_op(name, xs, *out));
  GradNode& node = *out->autograd->grad_fn;
  setup(node, xs, out);
  node.has_state = true;
  ArrayPtr w = f64(out->shape, values(out->size(), 9, -1.0, 1.0));
  BackwardOptions opt;
  opt.accumulate_grad = false;
  std::vector<ArrayPtr> grads = run_backward({out}, {w}, xs, opt);
  const double h = 1e-6;
  for (size_t k = 0; k < xs.size(); ++k) {
    REQUIRE(grads[k]);
    REQUIRE(grads[k]->shape == xs[k]->shape);
    for (int64_t i = 0; i < xs[k]->size(); ++i) {
      std::vector<ArrayPtr> plus, minus;
      for (size_t j = 0; j < xs.size(); ++j) {
        plus.push_back(f64(xs[j]->shape, values(xs[j]->size(), int(j) + 1, lo, hi)));
        minus.push_back(f64(xs[j]->shape, values(xs[j]->size(), int(j) + 1, lo, hi)));
      }
      reinterpret_cast<double*>(plus[k]->data())[i] += h;
      reinterpret_cast<double*>(minus[k]->data())[i] -= h;
      const double numeric = (loss(f, plus, w) - loss(f, minus, w)) / (2 * h);
      INFO(name << " input " << k << " element " << i);
      CHECK(at(*grads[k], i) == Approx(numeric).epsilon(1e-6).margin(1e-7));
    }
  }
}

ArrayPtr bin(Ufunc op, const ArrayPtr& a, const ArrayPtr& b) { return ufunc_call2(op, a, b); }
ArrayPtr un(Ufunc op, const ArrayPtr& a) { return ufunc_call1(op, a); }
ArrayPtr scalar(double v) { return f64({}, {v}); }
void none(GradNode&, const std::vector<ArrayPtr>&, const ArrayPtr&) {}
void save_inputs(GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
  for (size_t i = 0; i < xs.size(); ++i) save_tensor(n, i, xs[i], false);
}
void save_result(GradNode& n, const std::vector<ArrayPtr>&, const ArrayPtr& out) { save_tensor(n, 0, out, true); }
ArrayPtr sum_axes(const ArrayPtr& a, std::vector<bool> axes, bool keep) {
  ArrayPtr r = reduce(ReduceOp::sum, *a, axes, DType::F64, keep, Flavor::Torch);
  r->flavor = Flavor::Torch;
  return r;
}

}  // namespace

TEST_CASE("backward formulas match finite differences (float64)", "[autograd][backward]") {
  const Shape s23{2, 3};
  SECTION("add, sub, rsub with alpha and broadcasting") {
    auto alpha = [](double a) { return [a](GradNode& n, const std::vector<ArrayPtr>&, const ArrayPtr&) { n.scalars = {a}; }; };
    check_formula("AddBackward0", {s23, {3}}, [](auto& x) { return bin(Ufunc::add, x[0], bin(Ufunc::multiply, x[1], scalar(2.5))); }, alpha(2.5));
    check_formula("SubBackward0", {{2, 1}, s23}, [](auto& x) { return bin(Ufunc::subtract, x[0], bin(Ufunc::multiply, x[1], scalar(0.5))); }, alpha(0.5));
    check_formula("RsubBackward0", {s23, s23}, [](auto& x) { return bin(Ufunc::subtract, x[1], bin(Ufunc::multiply, x[0], scalar(3))); }, alpha(3));
  }
  SECTION("mul and div") {
    check_formula("MulBackward0", {s23, {1, 3}}, [](auto& x) { return bin(Ufunc::multiply, x[0], x[1]); }, save_inputs);
    check_formula("DivBackward0", {{3}, s23}, [](auto& x) { return bin(Ufunc::divide, x[0], x[1]); }, save_inputs);
    auto wrapped = [](GradNode& n, const std::vector<ArrayPtr>&, const ArrayPtr&) {
      save_tensor(n, 1, scalar(0.3), false);
      n.wrapped_other = true;
    };
    check_formula("MulBackward0", {s23}, [](auto& x) { return bin(Ufunc::multiply, x[0], scalar(0.3)); }, wrapped);
    check_formula("DivBackward0", {s23}, [](auto& x) { return bin(Ufunc::divide, x[0], scalar(0.3)); }, wrapped);
  }
  SECTION("neg and pow") {
    check_formula("NegBackward0", {s23}, [](auto& x) { return un(Ufunc::negative, x[0]); }, none);
    for (double e : {2.0, 3.0, 0.5, -1.0, -2.0, 2.5, 0.0}) {
      auto setup = [e](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
        n.scalars = {e};
        save_tensor(n, 0, xs[0], false);
      };
      check_formula("PowBackward0", {s23}, [e](auto& x) { return bin(Ufunc::power, x[0], scalar(e)); }, setup);
    }
  }
  SECTION("unary functions of self or of the result") {
    check_formula("ExpBackward0", {s23}, [](auto& x) { return un(Ufunc::exp, x[0]); }, save_result);
    check_formula("SqrtBackward0", {s23}, [](auto& x) { return un(Ufunc::sqrt, x[0]); }, save_result);
    check_formula("TanhBackward0", {s23}, [](auto& x) { return un(Ufunc::tanh, x[0]); }, save_result, -2, 2);
    auto sigmoid = [](auto& x) {
      return bin(Ufunc::divide, scalar(1), bin(Ufunc::add, scalar(1), un(Ufunc::exp, un(Ufunc::negative, x[0]))));
    };
    check_formula("SigmoidBackward0", {s23}, sigmoid, save_result, -2, 2);
    check_formula("ReluBackward0", {s23}, [](auto& x) { return bin(Ufunc::maximum, x[0], scalar(0)); }, save_result, -1.05, 1.1);
    check_formula("LogBackward0", {s23}, [](auto& x) { return un(Ufunc::log, x[0]); }, save_inputs);
    check_formula("SinBackward0", {s23}, [](auto& x) { return un(Ufunc::sin, x[0]); }, save_inputs);
    check_formula("CosBackward0", {s23}, [](auto& x) { return un(Ufunc::cos, x[0]); }, save_inputs);
  }
  SECTION("reductions") {
    const Shape s234{2, 3, 4};
    auto sizes = [](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) { n.sizes = {xs[0]->shape}; };
    check_formula("SumBackward0", {s234}, [](auto& x) { return sum_axes(x[0], {true, true, true}, false); }, sizes);
    check_formula("MeanBackward0", {s234}, [](auto& x) { return bin(Ufunc::divide, sum_axes(x[0], {true, true, true}, false), scalar(24)); }, sizes);
    for (bool keep : {false, true}) {
      auto dims = [keep](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
        n.sizes = {xs[0]->shape};
        n.ints = {0, -1};
        n.keepdim = keep;
      };
      check_formula("SumBackward1", {s234}, [keep](auto& x) { return sum_axes(x[0], {true, false, true}, keep); }, dims);
      check_formula("MeanBackward1", {s234}, [keep](auto& x) { return bin(Ufunc::divide, sum_axes(x[0], {true, false, true}, keep), scalar(8)); }, dims);
    }
  }
  SECTION("mse_loss, mean and sum") {
    for (int64_t red : {1, 2}) {
      auto state = [red](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
        save_inputs(n, xs, nullptr);
        n.ints = {red};
      };
      auto mse = [red](auto& x) {
        ArrayPtr d = bin(Ufunc::subtract, x[0], x[1]);
        ArrayPtr s = sum_axes(bin(Ufunc::multiply, d, d), {true, true}, false);
        return red == 1 ? bin(Ufunc::divide, s, scalar(6)) : s;
      };
      check_formula("MseLossBackward0", {s23, s23}, mse, state);
    }
  }
  SECTION("products") {
    auto mm_state = [](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
      save_inputs(n, xs, nullptr);
      n.ints = {0, 0};
    };
    check_formula("MmBackward0", {{3, 4}, {4, 2}}, [](auto& x) { return matmul(x[0], x[1]); }, mm_state);
    // addmm(bias, input, weight.t()) as nn.Linear runs it: a column-major mat2, a broadcast bias
    auto addmm_state = [](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
      save_tensor(n, 0, xs[1], false);
      save_tensor(n, 1, transpose(xs[2], {1, 0}), false);
      n.ints = {is_column_major(*xs[1]), is_column_major(*transpose(xs[2], {1, 0}))};
      n.scalars = {1.0, 1.0};
      GradNodePtr t = make_grad_node("TBackward0", {n.next[2]});  // the weight edge goes through weight.t()'s node
      t->in_shape = {xs[2]->shape[1], xs[2]->shape[0]};
      t->in_dtype = DType::F64;
      t->has_state = true;
      n.next[2] = t;
    };
    check_formula("AddmmBackward0", {{2}, {3, 4}, {2, 4}},
                  [](auto& x) { return bin(Ufunc::add, x[0], matmul(x[1], transpose(x[2], {1, 0}))); }, addmm_state);
    check_formula("MvBackward0", {{3, 4}, {4}}, [](auto& x) { return matmul(x[0], x[1]); }, save_inputs);
    // matmul(vector, matrix): the node saves the vector as a row and the matrix
    auto squeeze4 = [](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
      ArrayPtr row = expand_dims(xs[0], {0});
      save_tensor(n, 0, row, false);
      save_tensor(n, 1, xs[1], false);
      n.ints = {is_column_major(*row), is_column_major(*xs[1])};
    };
    check_formula("SqueezeBackward4", {{4}, {4, 3}}, [](auto& x) { return matmul(x[0], x[1]); }, squeeze4);
    check_formula("DotBackward0", {{4}, {4}}, [](auto& x) { return matmul(x[0], x[1]); }, save_inputs);
  }
  SECTION("views and copies") {
    auto sizes = [](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) { n.sizes = {xs[0]->shape}; };
    check_formula("TBackward0", {s23}, [](auto& x) { return transpose(x[0], {1, 0}); }, none);
    auto tr = [](GradNode& n, const std::vector<ArrayPtr>&, const ArrayPtr&) { n.ints = {0, 2}; };
    check_formula("TransposeBackward0", {{2, 3, 4}}, [](auto& x) { return swapaxes(x[0], 0, 2); }, tr);
    auto perm = [](GradNode& n, const std::vector<ArrayPtr>&, const ArrayPtr&) { n.ints = {2, 0, 1}; };
    check_formula("PermuteBackward0", {{2, 3, 4}}, [](auto& x) { return transpose(x[0], {2, 0, 1}); }, perm);
    check_formula("ViewBackward0", {s23}, [](auto& x) { return reshape(x[0], {3, 2}); }, sizes);
    check_formula("ExpandBackward0", {{3, 1}}, [](auto& x) { return broadcast_to(x[0], {2, 3, 4}); }, sizes);
    check_formula("CloneBackward0", {s23}, [](auto& x) { return un(Ufunc::positive, x[0]); }, none);
    // basic indexing x[1, ::2, None] and x[:, 1:3]: zeros of x's shape with grad copied into the view
    std::vector<IndexItem> select_idx(3);
    select_idx[0].i = 1;
    select_idx[1].kind = IndexItem::Slice;
    select_idx[1].step = 2;
    select_idx[2].kind = IndexItem::NewAxis;
    auto geometry = [](const std::vector<IndexItem>& idx) {
      return [idx](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) { record_index_geometry(n, xs[0]->shape, idx); };
    };
    check_formula("UnsqueezeBackward0", {{2, 5}}, [&](auto& x) { return basic_index(x[0], select_idx); }, geometry(select_idx));
    std::vector<IndexItem> slice_idx(2);
    slice_idx[0].kind = slice_idx[1].kind = IndexItem::Slice;
    slice_idx[1].start = 1;
    slice_idx[1].stop = 3;
    check_formula("SliceBackward0", {{3, 4}}, [&](auto& x) { return basic_index(x[0], slice_idx); }, geometry(slice_idx));
    check_formula("SqueezeBackward0", {{3, 1, 2}}, [](auto& x) { return reshape(x[0], {3, 2}); }, sizes);
    auto dt = [](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) { n.dtypes = {xs[0]->dtype}; };
    check_formula("ToCopyBackward0", {s23}, [](auto& x) { return un(Ufunc::positive, x[0]); }, dt);
  }
}

namespace {

ArrayPtr i64(const Shape& shape, std::vector<int64_t> v) {
  ArrayPtr t = make_array(DType::I64, shape, 'C', Flavor::Torch);
  std::memcpy(t->data(), v.data(), v.size() * sizeof(int64_t));
  return t;
}
ArrayPtr reduced(const ArrayPtr& loss, LossReduction r) {
  if (r == LossReduction::none) return loss;
  ArrayPtr s = sum_axes(loss, std::vector<bool>(size_t(loss->ndim()), true), false);
  return r == LossReduction::sum ? s : bin(Ufunc::divide, s, scalar(double(loss->size())));
}
// (log_)softmax along dim as the engine's kernel computes it (a copy, then in place)
ArrayPtr softmaxed(const ArrayPtr& x, int dim, bool log) {
  ArrayPtr r = copy_as(*x, x->dtype, 'C');
  r->flavor = Flavor::Torch;
  if (log) log_softmax_inplace(*r, dim);
  else softmax_inplace(*r, dim);
  return r;
}

}  // namespace

TEST_CASE("loss and softmax backward formulas match finite differences (float64)", "[autograd][backward][loss]") {
  const LossReduction reductions[] = {LossReduction::none, LossReduction::mean, LossReduction::sum};
  SECTION("softmax and log_softmax over every dim") {
    for (bool log : {false, true})
      for (int dim : {0, 1, 2}) {
        auto state = [dim](GradNode& n, const std::vector<ArrayPtr>&, const ArrayPtr& out) {
          save_tensor(n, 0, out, true);
          n.ints = {dim};
        };
        check_formula(log ? "LogSoftmaxBackward0" : "SoftmaxBackward0", {{2, 3, 4}},
                      [dim, log](auto& x) { return softmaxed(x[0], dim, log); }, state, -2, 2);
      }
  }
  SECTION("nll_loss: weights, ignore_index, every reduction, 1-D and 2-D inputs") {
    ArrayPtr target = i64({4}, {2, 0, 1, 2});
    ArrayPtr weight = f64({3}, {0.5, 2.0, 1.25});
    for (LossReduction r : reductions)
      for (bool weighted : {false, true})
        for (int64_t ignore : {int64_t(-100), int64_t(0)}) {
          ArrayPtr w = weighted ? weight : nullptr;
          auto fwd = [=](auto& x) { return nll_loss_forward(x[0], target, w, r, ignore).output; };
          auto state = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
            save_tensor(n, 0, xs[0], false);
            save_tensor(n, 1, target, false);
            if (w) save_tensor(n, 2, w, false);
            save_tensor(n, 3, nll_loss_forward(xs[0], target, w, r, ignore).total_weight, true);
            n.ints = {int64_t(r), ignore};
          };
          check_formula("NllLossBackward0", {{4, 3}}, fwd, state, -2, -0.1);
        }
    ArrayPtr t0 = i64({}, {1});
    auto fwd1 = [=](auto& x) { return nll_loss_forward(x[0], t0, nullptr, LossReduction::mean, -100).output; };
    auto state1 = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
      save_tensor(n, 0, xs[0], false);
      save_tensor(n, 1, t0, false);
      save_tensor(n, 3, nll_loss_forward(xs[0], t0, nullptr, LossReduction::mean, -100).total_weight, true);
      n.ints = {int64_t(LossReduction::mean), -100};
    };
    check_formula("NllLossBackward0", {{5}}, fwd1, state1);
    // nll_loss2d: (N, C, H, W) against (N, H, W)
    ArrayPtr t2 = i64({2, 2, 3}, {0, 2, 1, 1, -100, 0, 2, 2, 0, 1, 0, 2});
    for (LossReduction r : reductions) {
      auto fwd2 = [=](auto& x) { return nll_loss_forward(x[0], t2, weight, r, -100).output; };
      auto state2 = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
        save_tensor(n, 0, xs[0], false);
        save_tensor(n, 1, t2, false);
        save_tensor(n, 2, weight, false);
        save_tensor(n, 3, nll_loss_forward(xs[0], t2, weight, r, -100).total_weight, true);
        n.ints = {int64_t(r), -100};
      };
      check_formula("NllLoss2DBackward0", {{2, 3, 2, 3}}, fwd2, state2, -2, -0.1);
    }
  }
  SECTION("smooth_l1_loss and huber_loss, input and target") {
    // 20 elements: the vectorized blocks (8 doubles) and the scalar tail both run
    for (PointLoss k : {PointLoss::smooth_l1, PointLoss::huber})
      for (double p : {0.3, 1.0})
        for (LossReduction r : reductions) {
          auto fwd = [=](auto& x) { return reduced(point_loss(k, x[0], x[1], p), r); };
          auto state = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
            save_inputs(n, xs, nullptr);
            n.ints = {int64_t(r)};
            n.scalars = {p};
          };
          check_formula(k == PointLoss::smooth_l1 ? "SmoothL1LossBackward0" : "HuberLossBackward0", {{4, 5}, {4, 5}}, fwd, state, -1.5, 1.5);
        }
  }
  SECTION("binary_cross_entropy with and without weight") {
    ArrayPtr target = f64({2, 3}, {0.0, 1.0, 0.25, 0.5, 0.9, 1.0});
    ArrayPtr weight = f64({2, 3}, {1.0, 0.5, 2.0, 1.5, 1.0, 0.25});
    for (LossReduction r : reductions)
      for (bool weighted : {false, true}) {
        ArrayPtr w = weighted ? weight : nullptr;
        auto fwd = [=](auto& x) {
          ArrayPtr l = point_loss(PointLoss::bce, x[0], target, 0.0);
          return reduced(w ? bin(Ufunc::multiply, l, w) : l, r);
        };
        auto state = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
          save_tensor(n, 0, xs[0], false);
          save_tensor(n, 1, target, false);
          if (w) save_tensor(n, 2, w, false);
          n.ints = {int64_t(r)};
        };
        check_formula("BinaryCrossEntropyBackward0", {{2, 3}}, fwd, state, 0.05, 0.95);
        // the target's gradient too (both inputs in (0.05, 0.95))
        auto fwd2 = [=](auto& x) {
          ArrayPtr l = point_loss(PointLoss::bce, x[0], x[1], 0.0);
          return reduced(w ? bin(Ufunc::multiply, l, w) : l, r);
        };
        auto state2 = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
          save_inputs(n, xs, nullptr);
          if (w) save_tensor(n, 2, w, false);
          n.ints = {int64_t(r)};
        };
        check_formula("BinaryCrossEntropyBackward0", {{2, 3}, {2, 3}}, fwd2, state2, 0.05, 0.95);
      }
  }
  SECTION("binary_cross_entropy_with_logits with weight and pos_weight") {
    ArrayPtr target = f64({2, 3}, {0.0, 1.0, 0.25, 0.5, 0.9, 1.0});
    ArrayPtr weight = f64({2, 3}, {1.0, 0.5, 2.0, 1.5, 1.0, 0.25});
    ArrayPtr pos = f64({2, 3}, {2.0, 0.5, 1.0, 3.0, 1.0, 0.75});
    for (LossReduction r : reductions)
      for (int opts = 0; opts < 4; ++opts) {
        ArrayPtr w = opts & 1 ? weight : nullptr, pw = opts & 2 ? pos : nullptr;
        auto fwd = [=](auto& x) { return reduced(bce_with_logits(x[0], target, w, pw), r); };
        auto state = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
          save_tensor(n, 0, xs[0], false);
          save_tensor(n, 1, target, false);
          if (w) save_tensor(n, 2, w, false);
          if (pw) save_tensor(n, 3, pw, false);
          n.ints = {int64_t(r)};
        };
        check_formula("BinaryCrossEntropyWithLogitsBackward0", {{2, 3}}, fwd, state, -3, 3);
      }
  }
  SECTION("abs (l1_loss's node)") {
    check_formula("AbsBackward0", {{2, 3}}, [](auto& x) { return un(Ufunc::absolute, x[0]); }, save_inputs, -1.5, 1.5);
  }
}

TEST_CASE("backward: accumulation, release and the version check", "[autograd][backward]") {
  install_torch_rules();
  ArrayPtr x = f64({3}, {1, 2, 3});
  autograd_meta(*x).requires_grad = true;
  auto exp_of = [&] {
    ArrayPtr y = ufunc_call1(Ufunc::exp, x);
    REQUIRE(record_op("ExpBackward0", {x}, *y));
    save_tensor(*y->autograd->grad_fn, 0, y, true);
    y->autograd->grad_fn->has_state = true;
    return y;
  };
  ArrayPtr ones = f64({3}, {1, 1, 1});
  ArrayPtr y = exp_of();
  BackwardOptions keep;
  keep.keep_graph = true;
  run_backward({y}, {ones}, {}, keep);
  REQUIRE(x->autograd->grad);
  ArrayPtr first = x->autograd->grad;
  CHECK(at(*first, 1) == Approx(std::exp(2.0)));
  run_backward({y}, {ones}, {}, BackwardOptions{});  // added in place into the same tensor
  CHECK(x->autograd->grad == first);
  CHECK(at(*first, 1) == Approx(2 * std::exp(2.0)));
  CHECK(first->storage->version() == 1);
  CHECK_THROWS_WITH(run_backward({y}, {ones}, {}, BackwardOptions{}), Catch::Contains("Trying to backward through the graph a second time"));

  ArrayPtr z = exp_of();
  z->storage->bump_version();  // an in-place write after the save
  CHECK_THROWS_WITH(run_backward({z}, {ones}, {}, BackwardOptions{}),
                    Catch::Contains("[torch.DoubleTensor [3]], which is output 0 of ExpBackward0, is at version 1; expected version 0 instead."));
}

TEST_CASE("backward: a node without formula refuses the pass before any .grad is written", "[autograd][backward]") {
  install_torch_rules();
  ArrayPtr x = f64({2}, {1, 2});
  autograd_meta(*x).requires_grad = true;
  ArrayPtr y = ufunc_call1(Ufunc::exp, x);
  REQUIRE(record_op("CumsumBackward0", {x}, *y));
  CHECK_THROWS_WITH(run_backward({y}, {f64({2}, {1, 1})}, {}, BackwardOptions{}), Catch::Contains("CumsumBackward0"));
  CHECK_FALSE(x->autograd->grad);
}

TEST_CASE("convolution and pooling backward formulas match finite differences (float64)", "[autograd][backward][conv]") {
  auto conv_state = [](const ConvGeometry& g) {
    return [g](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
      save_tensor(n, 0, xs[0], false);
      save_tensor(n, 1, xs[1], false);
      n.ints = {g.stride[0], g.stride[1], g.pad_lo[0], g.pad_lo[1], g.pad_hi[0], g.pad_hi[1], g.dilation[0], g.dilation[1], g.groups};
    };
  };
  SECTION("conv2d: bias, stride, asymmetric padding, dilation, groups") {
    ConvGeometry plain;
    check_formula("ConvolutionBackward0", {{2, 2, 4, 5}, {3, 2, 3, 2}, {3}},
                  [plain](auto& x) { return conv_forward(x[0], x[1], x[2], plain); }, conv_state(plain), -1, 1);
    ConvGeometry g;
    g.stride = {2, 1};
    g.pad_lo = {1, 0};
    g.pad_hi = {2, 1};
    g.dilation = {1, 2};
    g.groups = 2;
    check_formula("ConvolutionBackward0", {{1, 4, 5, 5}, {6, 2, 2, 3}},
                  [g](auto& x) { return conv_forward(x[0], x[1], nullptr, g); }, conv_state(g), -1, 1);
  }
  SECTION("conv1d") {
    ConvGeometry g;
    g.stride = {1, 2};
    g.pad_lo = {0, 2};
    g.pad_hi = {0, 1};
    g.dilation = {1, 2};
    check_formula("ConvolutionBackward0", {{2, 3, 9}, {2, 3, 3}, {2}},
                  [g](auto& x) { return conv_forward(x[0], x[1], x[2], g); }, conv_state(g), -1, 1);
  }
  SECTION("max_pool2d and adaptive_max_pool2d") {
    for (bool ceil : {false, true}) {
      PoolGeometry g;
      g.kernel = {3, 2};
      g.stride = {2, 1};
      g.pad = {1, 1};
      g.dilation = {1, 2};
      g.ceil_mode = ceil;
      auto state = [g](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
        save_tensor(n, 0, xs[0], false);
        save_tensor(n, 1, max_pool2d(xs[0], g).indices, true);
      };
      check_formula("MaxPool2DWithIndicesBackward0", {{2, 2, 6, 5}}, [g](auto& x) { return max_pool2d(x[0], g).output; }, state, -1, 1);
    }
    auto state = [](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
      save_tensor(n, 0, xs[0], false);
      save_tensor(n, 1, adaptive_max_pool2d(xs[0], 3, 2).indices, true);
    };
    check_formula("AdaptiveMaxPool2DBackward0", {{2, 7, 5}}, [](auto& x) { return adaptive_max_pool2d(x[0], 3, 2).output; }, state, -1, 1);
  }
  SECTION("avg_pool2d with its options and adaptive_avg_pool2d") {
    for (int variant = 0; variant < 4; ++variant) {
      PoolGeometry g;
      g.kernel = {3, 2};
      g.stride = {2, 2};
      g.pad = {1, 1};
      g.ceil_mode = variant & 1;
      const bool cip = variant & 2;
      const int64_t div = variant == 3 ? 5 : 0;
      auto state = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
        save_tensor(n, 0, xs[0], false);
        n.ints = {g.kernel[0], g.kernel[1], g.stride[0], g.stride[1], g.pad[0], g.pad[1], g.ceil_mode, cip, div};
      };
      check_formula("AvgPool2DBackward0", {{1, 2, 6, 5}}, [=](auto& x) { return avg_pool2d(x[0], g, cip, div); }, state, -1, 1);
    }
    check_formula("AdaptiveAvgPool2DBackward0", {{2, 2, 7, 5}}, [](auto& x) { return adaptive_avg_pool2d(x[0], 3, 4); },
                  save_inputs, -1, 1);
  }
}

TEST_CASE("batch_norm and group_norm backward formulas match finite differences (float64)", "[autograd][backward][norm]") {
  SECTION("batch_norm in training and in eval mode, with and without affine parameters") {
    for (bool training : {true, false})
      for (bool affine : {true, false}) {
        ArrayPtr rm = f64({3}, {0.1, -0.2, 0.3}), rv = f64({3}, {0.5, 1.5, 2.0});
        // the forward is run with copies of the running statistics (training updates them)
        auto fwd = [=](auto& x) {
          ArrayPtr m = copy_as(*rm, DType::F64), v = copy_as(*rv, DType::F64);
          return batch_norm_forward(x[0], affine ? x[1] : nullptr, affine ? x[2] : nullptr, m, v, training, 0.1, 1e-5).output;
        };
        auto state = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
          ArrayPtr m = copy_as(*rm, DType::F64), v = copy_as(*rv, DType::F64);
          BatchNormResult r = batch_norm_forward(xs[0], affine ? xs[1] : nullptr, nullptr, m, v, training, 0.1, 1e-5);
          save_tensor(n, 0, xs[0], false);
          if (affine) save_tensor(n, 1, xs[1], false);
          save_tensor(n, 2, rm, false);
          save_tensor(n, 3, rv, false);
          save_tensor(n, 4, r.save_mean, true);
          save_tensor(n, 5, r.save_invstd, true);
          n.ints = {training};
          n.scalars = {1e-5};
        };
        std::vector<Shape> shapes{{4, 3, 2}};
        if (affine) shapes.insert(shapes.end(), {Shape{3}, Shape{3}});
        check_formula("NativeBatchNormBackward0", shapes, fwd, state, -1, 1);
      }
  }
  SECTION("group_norm") {
    for (bool affine : {true, false}) {
      auto fwd = [=](auto& x) { return group_norm_forward(x[0], affine ? x[1] : nullptr, affine ? x[2] : nullptr, 2, 1e-5).output; };
      auto state = [=](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
        GroupNormResult r = group_norm_forward(xs[0], affine ? xs[1] : nullptr, nullptr, 2, 1e-5);
        save_tensor(n, 0, xs[0], false);
        save_tensor(n, 1, r.mean, true);
        save_tensor(n, 2, r.rstd, true);
        if (affine) save_tensor(n, 3, xs[1], false);
        n.ints = {2};
      };
      std::vector<Shape> shapes{{2, 4, 3}};
      if (affine) shapes.insert(shapes.end(), {Shape{4}, Shape{4}});
      check_formula("NativeGroupNormBackward0", shapes, fwd, state, -1, 1);
    }
  }
}

TEST_CASE("activation backward formulas match finite differences (float64)", "[autograd][backward][activation]") {
  struct Case {
    const char* node;
    NnActivation op;
    ActParams p;
  };
  const Case cases[] = {
      {"HardtanhBackward0", NnActivation::hardtanh, {-0.5, 0.7, 0}},
      {"SoftplusBackward0", NnActivation::softplus, {1.5, 1.0, 0}},
      {"MishBackward0", NnActivation::mish, {0, 0, 0}},
      {"HardswishBackward0", NnActivation::hardswish, {0, 0, 0}},
      {"HardsigmoidBackward0", NnActivation::hardsigmoid, {0, 0, 0}},
      {"EluBackward0", NnActivation::elu, {1.6732632423543772, 1.0507009873554805, 1}},
      {"CeluBackward0", NnActivation::elu, {0.5, 1, 2}},
      {"ThresholdBackward0", NnActivation::threshold, {0.15, -2, 0}},
      {"LogSigmoidBackward0", NnActivation::log_sigmoid, {0, 0, 0}},
      {"HardshrinkBackward0", NnActivation::hardshrink, {0.4, 0, 0}},
      {"SoftshrinkBackward0", NnActivation::softshrink, {0.4, 0, 0}},
  };
  for (const Case& c : cases) {
    auto state = [c](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
      save_tensor(n, 0, xs[0], false);
      n.ints = {int64_t(c.op)};
      n.scalars = {c.p[0], c.p[1], c.p[2]};
    };
    // inputs in [-4, 4): both sides of each kink (hardswish's at +-3 too), none on one
    check_formula(c.node, {{3, 7}}, [c](auto& x) { return nn_activation(c.op, x[0], c.p); }, state, -4, 4);
  }
}

TEST_CASE("constant_pad_nd's backward matches finite differences (float64)", "[autograd][backward][pad]") {
  // pads (1, 2) on the last dim, (-1, 1) on the one before: a crop and a pad
  const std::vector<int64_t> pads{1, 2, -1, 1};
  auto fwd = [](auto& x) {
    const Array& a = *x[0];
    ArrayPtr r = f64({2, 3, 7}, std::vector<double>(42, 0.0));
    double* out = reinterpret_cast<double*>(r->data());
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t j = 0; j < 3; ++j)
        for (int64_t k = 0; k < 7; ++k) {
          const int64_t sj = j + 1, sk = k - 1;
          if (sj < 3 && sk >= 0 && sk < 4) out[(i * 3 + j) * 7 + k] = at(a, (i * 3 + sj) * 4 + sk);
        }
    return r;
  };
  auto state = [pads](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
    n.ints = pads;
    n.sizes = {xs[0]->shape};
  };
  check_formula("ConstantPadNdBackward0", {{2, 3, 4}}, fwd, state, -1, 1);
}

namespace {

// Leaves of the given shapes holding values(), input k's element i moved by delta.
std::vector<ArrayPtr> leaves(const std::vector<Shape>& shapes, double lo, double hi, size_t k = 0, int64_t i = -1, double delta = 0) {
  std::vector<ArrayPtr> xs;
  for (size_t j = 0; j < shapes.size(); ++j) {
    xs.push_back(f64(shapes[j], values(numel(shapes[j]), int(j) + 1, lo, hi)));
    if (j == k && i >= 0) reinterpret_cast<double*>(xs.back()->data())[i] += delta;
    autograd_meta(*xs.back()).requires_grad = true;
  }
  return xs;
}

// The gradients of sum(f(xs) * w) (f recorded as `name` with setup's state), with their graph when create_graph.
std::vector<ArrayPtr> first_grads(const std::string& name, const std::vector<ArrayPtr>& xs, const Forward& f, const Setup& setup,
                                  const ArrayPtr& w, bool create_graph) {
  ArrayPtr out = f(xs);
  REQUIRE(record_op(name, xs, *out));
  setup(*out->autograd->grad_fn, xs, out);
  out->autograd->grad_fn->has_state = true;
  BackwardOptions opt;
  opt.accumulate_grad = false;
  opt.create_graph = create_graph;
  opt.keep_graph = create_graph;
  return run_backward({out}, {w}, xs, opt);
}

// Double backward (Note [Double backward]): the Hessian-vector product
// d/dx_k sum_j g_j(x) . v_j, from a second pass over the graph the first
// pass recorded, against central differences of the first-order gradients.
void check_double(const std::string& name, const std::vector<Shape>& shapes, const Forward& f, const Setup& setup,
                  double lo = 0.2, double hi = 1.7) {
  install_torch_rules();
  std::vector<ArrayPtr> xs = leaves(shapes, lo, hi);
  ArrayPtr w = f64(f(xs)->shape, values(f(xs)->size(), 9, -1.0, 1.0));
  std::vector<ArrayPtr> g = first_grads(name, xs, f, setup, w, true);
  std::vector<ArrayPtr> roots, vs;
  for (size_t j = 0; j < g.size(); ++j) {
    REQUIRE(g[j]);
    if (!requires_grad(*g[j])) continue;  // a gradient that does not depend on the inputs (linear in them)
    roots.push_back(g[j]);
    vs.push_back(f64(g[j]->shape, values(g[j]->size(), 11 + int(j), -1.0, 1.0)));
  }
  REQUIRE_FALSE(roots.empty());
  BackwardOptions opt;
  opt.accumulate_grad = false;
  std::vector<ArrayPtr> hv = run_backward(roots, vs, xs, opt);
  auto gv = [&](size_t k, int64_t i, double delta) {
    std::vector<ArrayPtr> gs = first_grads(name, leaves(shapes, lo, hi, k, i, delta), f, setup, w, false);
    double s = 0;
    for (size_t r = 0, j = 0; j < gs.size(); ++j) {
      if (!requires_grad(*g[j])) continue;
      for (int64_t e = 0; e < gs[j]->size(); ++e) s += at(*gs[j], e) * at(*vs[r], e);
      ++r;
    }
    return s;
  };
  const double h = 1e-5;
  for (size_t k = 0; k < xs.size(); ++k)
    for (int64_t i = 0; i < xs[k]->size(); ++i) {
      const double numeric = (gv(k, i, h) - gv(k, i, -h)) / (2 * h);
      INFO(name << " input " << k << " element " << i);
      const double analytic = hv[k] ? at(*hv[k], i) : 0.0;
      CHECK(analytic == Approx(numeric).epsilon(1e-5).margin(1e-6));
    }
}

}  // namespace

TEST_CASE("double backward: create_graph gradients differentiate again (float64)", "[autograd][backward][double]") {
  const Shape s23{2, 3};
  check_double("MulBackward0", {s23, {1, 3}}, [](auto& x) { return bin(Ufunc::multiply, x[0], x[1]); }, save_inputs);
  check_double("DivBackward0", {{3}, s23}, [](auto& x) { return bin(Ufunc::divide, x[0], x[1]); }, save_inputs);
  for (double e : {3.0, 0.5, -2.0, 2.5}) {
    auto setup = [e](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
      n.scalars = {e};
      save_tensor(n, 0, xs[0], false);
    };
    check_double("PowBackward0", {s23}, [e](auto& x) { return bin(Ufunc::power, x[0], scalar(e)); }, setup);
  }
  check_double("ExpBackward0", {s23}, [](auto& x) { return un(Ufunc::exp, x[0]); }, save_result);
  check_double("SqrtBackward0", {s23}, [](auto& x) { return un(Ufunc::sqrt, x[0]); }, save_result);
  check_double("TanhBackward0", {s23}, [](auto& x) { return un(Ufunc::tanh, x[0]); }, save_result, -2, 2);
  auto sigmoid = [](auto& x) {
    return bin(Ufunc::divide, scalar(1), bin(Ufunc::add, scalar(1), un(Ufunc::exp, un(Ufunc::negative, x[0]))));
  };
  check_double("SigmoidBackward0", {s23}, sigmoid, save_result, -2, 2);
  check_double("LogBackward0", {s23}, [](auto& x) { return un(Ufunc::log, x[0]); }, save_inputs);
  check_double("SinBackward0", {s23}, [](auto& x) { return un(Ufunc::sin, x[0]); }, save_inputs);
  check_double("CosBackward0", {s23}, [](auto& x) { return un(Ufunc::cos, x[0]); }, save_inputs);
  auto mm_state = [](GradNode& n, const std::vector<ArrayPtr>& xs, const ArrayPtr&) {
    save_inputs(n, xs, nullptr);
    n.ints = {0, 0};
  };
  check_double("MmBackward0", {{3, 4}, {4, 2}}, [](auto& x) { return matmul(x[0], x[1]); }, mm_state);
}

TEST_CASE("double backward: a formula that records no graph refuses create_graph", "[autograd][backward][double]") {
  install_torch_rules();
  ArrayPtr x = f64({2}, {1, 2});
  autograd_meta(*x).requires_grad = true;
  ArrayPtr y = ufunc_call1(Ufunc::exp, x);
  REQUIRE(record_op("MseLossBackward0", {x, x}, *y));
  y->autograd->grad_fn->has_state = true;
  BackwardOptions opt;
  opt.create_graph = true;
  CHECK_THROWS_WITH(run_backward({y}, {f64({2}, {1, 1})}, {}, opt), Catch::Contains("create_graph=True"));
  CHECK_FALSE(x->autograd->grad);
  CHECK(grad_mode().enabled);
}

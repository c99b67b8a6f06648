// modules/misc_modules: the small standard and third-party modules tutorials import:
// math, time, and psutil (Process().memory_info().rss reports the engine's
// live array bytes, which is what seed 001's memory demonstrations measure).
#include <chrono>
#include <cmath>

#include "core/lang/interp.hpp"
#include "core/lang/numpy/convert.hpp"
#include "core/storage.hpp"

namespace sl::lang {

void install_misc_modules(Interp& in) {
  // ---- math
  auto math = std::make_shared<ModuleObj>("math");
  in.modules["math"] = math;
  auto f1 = [&](const char* n, double (*fn)(double)) {
    def_fn(in, *math, n, [fn, n](Interp& in, Args& a) -> Value {
      double x = in.float_value(a.required(0, "x"));
      double r = fn(x);
      if (std::isnan(r) && !std::isnan(x)) in.raise_exc("ValueError", "math domain error");
      return Value::floating(r);
    });
  };
  f1("sqrt", std::sqrt);
  f1("exp", std::exp);
  f1("log", std::log);
  f1("log2", std::log2);
  f1("log10", std::log10);
  f1("sin", std::sin);
  f1("cos", std::cos);
  f1("tan", std::tan);
  f1("tanh", std::tanh);
  f1("atan", std::atan);
  f1("fabs", std::fabs);
  f1("erf", std::erf);
  def_fn(in, *math, "floor", [](Interp& in, Args& a) -> Value { return Value::integer(int64_t(std::floor(in.float_value(a.required(0, "x"))))); });
  def_fn(in, *math, "ceil", [](Interp& in, Args& a) -> Value { return Value::integer(int64_t(std::ceil(in.float_value(a.required(0, "x"))))); });
  def_fn(in, *math, "isnan", [](Interp& in, Args& a) -> Value { return Value::boolean(std::isnan(in.float_value(a.required(0, "x")))); });
  def_fn(in, *math, "isinf", [](Interp& in, Args& a) -> Value { return Value::boolean(std::isinf(in.float_value(a.required(0, "x")))); });
  def_fn(in, *math, "prod", [](Interp& in, Args& a) -> Value {
    Value acc = Value::integer(1);
    for (auto& x : in.to_vector(a.required(0, "iterable"))) acc = in.binop(BinOp::Mul, acc, x);
    return acc;
  });
  math->attrs["pi"] = Value::floating(M_PI);
  math->attrs["e"] = Value::floating(M_E);
  math->attrs["inf"] = Value::floating(INFINITY);
  math->attrs["nan"] = Value::floating(NAN);

  // ---- time
  auto time = std::make_shared<ModuleObj>("time");
  in.modules["time"] = time;
  auto now = [](Interp&, Args&) -> Value {
    using namespace std::chrono;
    return Value::floating(duration<double>(steady_clock::now().time_since_epoch()).count());
  };
  def_fn(in, *time, "time", now);
  def_fn(in, *time, "perf_counter", now);
  def_fn(in, *time, "monotonic", now);
  def_fn(in, *time, "sleep", [](Interp&, Args&) -> Value { return Value(); });

  // ---- psutil (the subset seed 001 uses)
  auto psutil = std::make_shared<ModuleObj>("psutil");
  in.modules["psutil"] = psutil;
  TypeObj* proc_t = in.new_type("Process", "psutil", {in.t.object});
  TypeObj* meminfo_t = in.new_type("pmem", "psutil", {in.t.object});
  proc_t->call = [meminfo_t, proc_t](Interp& in, Args& a) -> Value {
    auto p = std::make_shared<GenericObj>(proc_t);
    p->attrs["memory_info"] = in.builtin("memory_info", [meminfo_t](Interp& in, Args&) -> Value {
      auto m = std::make_shared<GenericObj>(meminfo_t);
      // A fixed interpreter baseline plus the bytes every live array storage holds.
      int64_t rss = 12 * 1024 * 1024 + Storage::live_bytes();
      m->attrs["rss"] = Value::integer(rss);
      m->attrs["vms"] = Value::integer(rss);
      m->attrs["__repr__"] = in.builtin("__repr__", [rss](Interp&, Args&) -> Value {
        return make_str("pmem(rss=" + std::to_string(rss) + ", vms=" + std::to_string(rss) + ")");
      });
      return Value(std::static_pointer_cast<Obj>(m));
    });
    return Value(std::static_pointer_cast<Obj>(p));
  };
  psutil->attrs["Process"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), proc_t));
}

}  // namespace sl::lang

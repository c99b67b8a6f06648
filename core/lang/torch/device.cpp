// torch/device: torch.device, the default device, and what a CPU-only build says
// when a program asks for another one.
//
// A torch.device is a (type, index) pair -- c10::Device -- parsed from "type" or
// "type:index" (c10/core/Device.cpp): the type a name from c10's fixed list, the
// index a decimal number. Every device object is interned by its pair, so the
// identity comparison and hash that the object model gives a native object are
// PyTorch's value equality (device('cuda:0') == device('cuda', 0), usable as a dict
// key). Only the CPU holds tensors; a factory given another device raises what a
// build without that backend raises ("Torch not compiled with CUDA enabled").
//
// torch.set_default_device(d) is PyTorch's DeviceContext (torch/utils/_device.py): a
// mode under which the factory functions take device=d when they are given none;
// torch.get_default_device() reads it back as torch/__init__.py 2.6 does, including
// its AttributeError after set_default_device(None).
#include <algorithm>
#include <cctype>
#include <climits>
#include <optional>

#include "core/lang/torch/convert.hpp"

namespace sl::lang {

namespace {

const char* const kDeviceTypes[] = {"cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl",
                                    "ideep", "hip", "ve", "fpga", "maia", "xla", "lazy", "vulkan",
                                    "mps", "meta", "hpu", "mtia", "privateuseone"};

struct DeviceSpec {
  std::string type;
  int64_t index = -1;  // -1: none
};

// c10::Device(const std::string&): [a-z_]+ then optionally ':' and digits (no
// leading zero but "0" itself); then the type must be one of kDeviceTypes.
DeviceSpec parse_device(Interp& in, const std::string& s) {
  if (s.empty()) in.raise_exc("RuntimeError", "Device string must not be empty");
  size_t i = 0;
  while (i < s.size() && (std::isalpha(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
  DeviceSpec d{s.substr(0, i)};
  bool valid = i > 0;
  if (valid && i < s.size()) {
    std::string digits = s.substr(i + 1);
    valid = s[i] == ':' && !digits.empty() &&
            std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
            (digits.size() == 1 || digits[0] != '0');
    if (valid) {
      if (digits.size() > 10 || std::stoll(digits) > INT32_MAX)
        in.raise_exc("RuntimeError", "Could not parse device index '" + digits + "' in device string '" + s + "'");
      d.index = std::stoll(digits);
    }
  }
  if (!valid) in.raise_exc("RuntimeError", "Invalid device string: '" + s + "'");
  if (std::find_if(std::begin(kDeviceTypes), std::end(kDeviceTypes), [&](const char* t) { return d.type == t; }) ==
      std::end(kDeviceTypes)) {
    std::string list;
    for (const char* t : kDeviceTypes) list += std::string(list.empty() ? "" : ", ") + t;
    in.raise_exc("RuntimeError", "Expected one of " + list + " device type at start of device string: " + s);
  }
  return d;
}

ModuleObj& torch_module(Interp& in) { return *in.modules.at("torch"); }
Value type_value(TypeObj* t) { return Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), t)); }
TypeObj* device_type(Interp& in) { return torch_module(in).attrs.at("device").as<TypeObj>(); }

// The interned torch.device of (type, index).
Value device_value(Interp& in, const DeviceSpec& d) {
  auto& table = torch_module(in).attrs.at("_devices").as<GenericObj>()->attrs;
  const std::string key = d.index < 0 ? d.type : d.type + ":" + std::to_string(d.index);
  if (auto it = table.find(key); it != table.end()) return it->second;
  auto g = std::make_shared<GenericObj>(device_type(in));
  g->attrs["type"] = make_str(d.type);
  g->attrs["index"] = d.index < 0 ? Value() : Value::integer(d.index);
  const std::string repr =
      "device(type='" + d.type + "'" + (d.index < 0 ? "" : ", index=" + std::to_string(d.index)) + ")";
  g->attrs["__repr__"] = in.builtin("__repr__", [repr](Interp&, Args&) -> Value { return make_str(repr); });
  g->attrs["__str__"] = in.builtin("__str__", [key](Interp&, Args&) -> Value { return make_str(key); });
  Value v(std::static_pointer_cast<Obj>(g));
  table[key] = v;
  return v;
}

bool is_device(Interp& in, const Value& v) {
  auto* g = v.as<GenericObj>();
  return g && g->type == device_type(in);
}

DeviceSpec spec_of(Interp& in, const Value& device) {
  auto* g = device.as<GenericObj>();
  DeviceSpec d{in.str(g->attrs.at("type"))};
  if (!g->attrs.at("index").is_none()) d.index = g->attrs.at("index").as_int();
  return d;
}

[[noreturn]] void accelerator_index(Interp& in, int64_t index) {
  if (index < 0) in.raise_exc("RuntimeError", "Device index must not be negative");
  in.raise_exc("RuntimeError", "Cannot access accelerator device when none is available.");
}

// torch.device(...): python_arg_parser's overloads (torch.device device) and
// (str type, int index = -1); a bare int is an index on the current accelerator.
Value device_new(Interp& in, Args& a) {
  Value d = a.required(0, "type");
  Value index = a.optional(1, "index");
  a.finish(2);
  if (is_device(in, d) && index.is_none()) return d;
  bool int_like = d.is_int() || (d.is_array() && d.arr().is_torch() && is_integer(d.arr().dtype) && d.arr().ndim() == 0);
  if (int_like && index.is_none()) accelerator_index(in, in.index_value(d));
  if (d.as<StrObj>() && !index.is_none() && !index.is_int())
    in.raise_exc("TypeError", "device(): argument 'index' (position 2) must be int, not " + in.type_of(index)->name);
  if (!d.as<StrObj>() || (!index.is_none() && !index.is_int())) {
    std::string got = in.type_of(d)->qualname() + (index.is_none() ? "" : ", " + in.type_of(index)->qualname());
    in.raise_exc("TypeError", "device() received an invalid combination of arguments - got (" + got +
                                  "), but expected one of:\n * (torch.device device)\n      didn't match because "
                                  "some of the arguments have invalid types: (!" + in.type_of(d)->qualname() +
                                  "!)\n * (str type, int index = -1)\n");
  }
  DeviceSpec spec = parse_device(in, in.str(d));
  if (!index.is_none()) {
    if (spec.index >= 0)
      in.raise_exc("RuntimeError", "type (string) must not include an index because index was passed explicitly: " +
                                       in.str(d));
    if (index.as_int() < 0) in.raise_exc("RuntimeError", "Device index must not be negative");
    spec.index = index.as_int();
  }
  return device_value(in, spec);
}

// "_default_device": absent until set_default_device; None after set_default_device(None).
Value set_default_device_fn(Interp& in, Args& a) {
  Value d = a.required(0, "device");
  a.finish(1);
  Value stored;
  if (!d.is_none()) {
    Args one;
    one.pos = {d};
    stored = device_new(in, one);
  }
  torch_module(in).attrs["_default_device"] = stored;
  return Value();
}

Value get_default_device_fn(Interp& in, Args& a) {
  a.finish(0);
  auto& attrs = torch_module(in).attrs;
  auto it = attrs.find("_default_device");
  if (it == attrs.end()) return device_value(in, {"cpu"});
  if (it->second.is_none()) in.raise_exc("AttributeError", "'NoneType' object has no attribute 'device'");
  if (spec_of(in, it->second).index >= 0) return it->second;
  check_device(in, it->second);  // torch.tensor([]).device, under the mode
  return device_value(in, {"cpu"});
}

// torch.set_num_threads / set_num_interop_threads: a session's thread counts, kept
// as torch attributes (the reference starts with 1 intra-op and 2 inter-op
// threads); the engine computes on one thread whatever they say.
NativeFn set_threads(const std::string& fname, const std::string& attr) {
  return [fname, attr](Interp& in, Args& a) -> Value {
    Value v = a.required(0, "int");
    a.finish(1);
    if (!v.is_int() || v.is_bool() || v.as<BigIntObj>())
      in.raise_exc("RuntimeError", fname + " expects an int, but got " + in.type_of(v)->name);
    if (v.as_int() <= 0 || v.as_int() > INT32_MAX) in.raise_exc("RuntimeError", fname + " expects a positive integer");
    torch_module(in).attrs[attr] = v;
    return Value();
  };
}

NativeFn get_threads(const std::string& attr) {
  return [attr](Interp& in, Args& a) -> Value {
    a.finish(0);
    return torch_module(in).attrs.at(attr);
  };
}

}  // namespace

void check_device(Interp& in, const Value& v) {
  if (v.is_int()) accelerator_index(in, v.as_int());
  DeviceSpec d = is_device(in, v) ? spec_of(in, v) : parse_device(in, in.str(v));
  if (d.type == "cpu") return;
  if (d.type == "cuda") in.raise_exc("AssertionError", "Torch not compiled with CUDA enabled");
  if (d.type == "mps") in.raise_exc("RuntimeError", "PyTorch is not linked with support for mps devices");
  in.raise_exc("RuntimeError", "stridelab runs tensors on the CPU only (got device '" + in.str(v) + "')");
}

std::optional<std::string> device_arg(Interp& in, const Value& v, const std::string& fname, int position) {
  if (v.is_none()) return std::nullopt;
  if (v.is_int() && !v.is_bool()) accelerator_index(in, v.as_int());
  if (!v.as<StrObj>() && !is_device(in, v))
    in.raise_exc("TypeError", fname + "(): argument 'device' (position " + std::to_string(position) +
                                  ") must be torch.device, not " + in.type_of(v)->name);
  return is_device(in, v) ? spec_of(in, v).type : parse_device(in, in.str(v)).type;
}

void check_factory_device(Interp& in, const Value& v) {
  if (!v.is_none()) return check_device(in, v);
  auto& attrs = torch_module(in).attrs;
  auto it = attrs.find("_default_device");
  if (it != attrs.end() && !it->second.is_none()) check_device(in, it->second);
}

void install_torch_device(Interp& in, ModuleObj& tm) {
  TypeObj* device_t = in.new_type("device", "torch", {in.t.object});
  tm.attrs["device"] = type_value(device_t);
  // the interned devices, by str(device)
  tm.attrs["_devices"] = Value(std::static_pointer_cast<Obj>(std::make_shared<GenericObj>(in.t.object)));
  tm.attrs["_cpu_device"] = device_value(in, {"cpu"});
  device_t->call = device_new;
  def_fn(in, tm, "set_default_device", set_default_device_fn);
  def_fn(in, tm, "get_default_device", get_default_device_fn);
  tm.attrs["_num_threads"] = Value::integer(1);
  tm.attrs["_num_interop_threads"] = Value::integer(2);
  def_fn(in, tm, "get_num_threads", get_threads("_num_threads"));
  def_fn(in, tm, "set_num_threads", set_threads("set_num_threads", "_num_threads"));
  def_fn(in, tm, "get_num_interop_threads", get_threads("_num_interop_threads"));
  def_fn(in, tm, "set_num_interop_threads", set_threads("set_num_interop_threads", "_num_interop_threads"));
}

}  // namespace sl::lang

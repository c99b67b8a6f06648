#include "core/api/session.hpp"

#include <algorithm>
#include <cstdio>
#include <malloc.h>

#include "core/api/jsonvalue.hpp"
#include "core/api/snapshot.hpp"
#include "core/kernels/copy.hpp"
#include "core/lang/numpy/convert.hpp"
#include "core/storage.hpp"
#include "core/lang/interp.hpp"

namespace sl {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = s[i];
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else if (c < 0x80) {
          out += char(c);
        } else {
          // validate one UTF-8 sequence
          int len = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
          bool ok = len > 0 && i + len <= s.size();
          for (int k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xc0) == 0x80;
          if (ok) {
            out.append(s, i, size_t(len));
            i += size_t(len - 1);
          } else {
            out += "\\ufffd";
          }
        }
    }
  }
  return out + "\"";
}

Session::Session() : in_(std::make_unique<lang::Interp>()) {}
Session::~Session() = default;

std::string Session::snapshot() { return snapshot_json(*in_); }

namespace {

bool valid_identifier(const std::string& n) {
  static const char* kw[] = {"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
                             "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
                             "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise",
                             "return", "try", "while", "with", "yield"};
  if (n.empty() || isdigit((unsigned char)n[0])) return false;
  for (unsigned char c : n)
    if (!(c == '_' || isalnum(c) || c >= 0x80)) return false;
  for (const char* k : kw)
    if (n == k) return false;
  return true;
}

std::string error_json(const PyError& e) { return "{\"error\":" + json_string(e.type + ": " + e.msg) + "}"; }

void check_name(const std::string& name) {
  if (!valid_identifier(name)) value_error("not a valid Python identifier: " + json_string(name));
}

}  // namespace

std::string Session::set_json(const std::string& name, const std::string& json) {
  try {
    check_name(name);
    in_->globals->vars[name] = json_to_value(*in_, json);
    return "{\"ok\":true}";
  } catch (const PyError& e) {
    return error_json(e);
  }
}

std::string Session::get_json(const std::string& name) {
  try {
    auto it = in_->globals->vars.find(name);
    if (it == in_->globals->vars.end()) raise("NameError", "name '" + name + "' is not defined");
    return "{\"value\":" + value_to_json(*in_, it->second) + "}";
  } catch (const PyError& e) {
    return error_json(e);
  }
}

std::string Session::del_var(const std::string& name) {
  auto it = in_->globals->vars.find(name);
  if (it == in_->globals->vars.end()) return "{\"error\":" + json_string("NameError: name '" + name + "' is not defined") + "}";
  in_->globals->vars.erase(it);
  return "{\"ok\":true}";
}

std::string Session::variables() {
  std::vector<std::string> names;
  for (auto& [k, v] : in_->globals->vars)
    if (!v.as<lang::ModuleObj>()) names.push_back(k);
  std::sort(names.begin(), names.end());
  std::string s = "{\"names\":[";
  for (size_t k = 0; k < names.size(); ++k) s += (k ? "," : "") + json_string(names[k]);
  return s + "]}";
}

std::string Session::new_array(const std::string& name, const std::string& dtype, const std::string& shape_json,
                               bool torch) {
  try {
    check_name(name);
    DType dt;
    if (!parse_dtype(dtype, dt)) type_error("data type '" + dtype + "' not understood");
    lang::Value sv = json_to_value(*in_, shape_json);
    Shape shape = lang::to_shape(*in_, sv);
    ArrayPtr a = make_array(dt, shape, 'C', torch ? Flavor::Torch : Flavor::NumPy);
    in_->globals->vars[name] = lang::Value(a);
    return "{\"ptr\":" + std::to_string(reinterpret_cast<uintptr_t>(a->data())) + ",\"nbytes\":" +
           std::to_string(a->nbytes()) + "}";
  } catch (const PyError& e) {
    return error_json(e);
  }
}

std::string Session::export_array(const std::string& name) {
  try {
    auto it = in_->globals->vars.find(name);
    if (it == in_->globals->vars.end()) raise("NameError", "name '" + name + "' is not defined");
    if (!it->second.is_array()) type_error("'" + name + "' is not an array (it is " + in_->type_name(it->second) + ")");
    ArrayPtr a = it->second.array();
    ArrayPtr flat = a->c_contiguous() ? a : copy_array(*a, 'C');
    if (flat != a) exports_.push_back(flat);
    std::string layout = array_layout_json(*a);
    layout.pop_back();  // reopen the object
    return layout + ",\"ptr\":" + std::to_string(reinterpret_cast<uintptr_t>(flat->data())) +
           ",\"copied\":" + (flat != a ? "true" : "false") + "}";
  } catch (const PyError& e) {
    return error_json(e);
  }
}

void Session::release_exports() { exports_.clear(); }

// Bytes the C/C++ allocator has handed out and not taken back (array storages
// and every interpreter object): what a leak check compares with a baseline.
static int64_t malloc_in_use() {
#if defined(__EMSCRIPTEN__)
  return int64_t(mallinfo().uordblks);
#elif defined(__GLIBC__)
  return int64_t(mallinfo2().uordblks);
#else
  return -1;
#endif
}

std::string Session::heap_stats() {
  return "{\"liveBytes\":" + std::to_string(Storage::live_bytes()) + ",\"liveStorages\":" +
         std::to_string(Storage::live_count()) + ",\"mallocBytes\":" + std::to_string(malloc_in_use()) + "}";
}

void Session::set_step_budget(double steps) { in_->step_budget = steps < 0 ? -1 : int64_t(steps); }

std::string Session::run(const std::string& code, bool echo) { return run_impl(code, echo, "<stdin>"); }
std::string Session::run_file(const std::string& code, const std::string& filename) { return run_impl(code, false, filename); }

std::string Session::run_impl(const std::string& code, bool echo, const std::string& filename) {
  exports_.clear();
  lang::Interp::Result r = in_->run(code, echo, filename);
  std::string j = "{\"stdout\":" + json_string(r.out);
  if (r.ok) {
    j += ",\"error\":null,\"traceback\":null,\"line\":null,\"col\":null";
  } else {
    std::string last = r.error_type + (r.error_msg.empty() ? "" : ": " + r.error_msg);
    j += ",\"error\":" + json_string(last) + ",\"traceback\":" + json_string(r.traceback) +
         ",\"line\":" + (r.line > 0 ? std::to_string(r.line) : "null") +
         ",\"col\":" + (r.col > 0 ? std::to_string(r.col) : "null");
  }
  j += ",\"repr\":" + (r.has_echo ? json_string(r.echo) : std::string("null"));
  return j + "}";
}

}  // namespace sl

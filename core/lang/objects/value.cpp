// value: the out-of-line members of the object model's structs (Args: the
// argument-binding rules natives share).
#include "core/lang/objects/value.hpp"

#include <cstdio>

namespace sl::lang {

std::string hex_id(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%012llx", (unsigned long long)(uintptr_t)p);
  return buf;
}

// The collector's view of a value (Note [Collector below the values], gc.hpp).
void GcVisitor::operator()(const Value& v) {
  if (!v.is_obj()) return;
  Obj* o = v.obj();
  if (o->gc_tracked()) visit(o);
}

GcGraveyard::GcGraveyard() = default;
GcGraveyard::~GcGraveyard() = default;

void GcGraveyard::take(Value& v) {
  if (v.is_obj() || v.is_array()) values.push_back(std::move(v));
  v = Value();
}

void GcGraveyard::release() {
  std::vector<Value> held = std::move(values);
  release_children(std::move(held));
  envs.clear();
}

bool Args::take(size_t i, const char* name, Value& out) {
  for (auto it = kw.begin(); it != kw.end(); ++it) {
    if (it->first == name) {
      if (i < pos.size())
        type_error(fname + "() got multiple values for argument '" + name + "'");
      out = it->second;
      kw.erase(it);
      return true;
    }
  }
  if (i < pos.size()) {
    out = pos[i];
    return true;
  }
  return false;
}
Value Args::required(size_t i, const char* name) {
  Value v;
  if (!take(i, name, v))
    type_error(fname + "() missing required argument '" + name + "' (pos " + std::to_string(i + 1) + ")");
  return v;
}
Value Args::optional(size_t i, const char* name, Value dflt) {
  Value v;
  return take(i, name, v) ? v : dflt;
}
void Args::finish_python(size_t min_pos, size_t max_pos) {
  if (pos.size() > max_pos) {
    std::string takes = min_pos == max_pos ? std::to_string(max_pos)
                                           : "from " + std::to_string(min_pos) + " to " + std::to_string(max_pos);
    type_error(fname + "() takes " + takes + " positional argument" + (max_pos == 1 && min_pos == max_pos ? "" : "s") +
               " but " + std::to_string(pos.size()) + (pos.size() == 1 ? " was" : " were") + " given");
  }
  finish(max_pos);
}

void Args::finish(size_t max_pos) {
  if (pos.size() > max_pos)
    type_error(fname + "() takes at most " + std::to_string(max_pos) + " positional argument" +
               (max_pos == 1 ? "" : "s") + " (" + std::to_string(pos.size()) + " given)");
  if (!kw.empty()) type_error(fname + "() got an unexpected keyword argument '" + kw.front().first + "'");
}

Value Value::new_float(double f) {
  if (f == f) return floating(f);
  static uint32_t serial = 0;  // identities only have to be distinct, across sessions too (Note [Session state])
  uint64_t b;
  std::memcpy(&b, &f, 8);
  b = (b & 0x8000000000000000ull) | kNanIdentityMask | ++serial;
  Value v;
  v.tag_ = Tag::Float;
  std::memcpy(&v.f_, &b, 8);
  return v;
}

Value ellipsis_value() {
  static const std::shared_ptr<Obj> one = std::make_shared<EllipsisObj>();
  return Value(one);
}

}  // namespace sl::lang

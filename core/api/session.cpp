#include "core/api/session.hpp"

#include <cstdio>

#include "core/api/snapshot.hpp"
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

void Session::set_step_budget(double steps) { in_->step_budget = steps < 0 ? -1 : int64_t(steps); }

std::string Session::run(const std::string& code, bool echo) {
  lang::Interp::Result r = in_->run(code, echo);
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

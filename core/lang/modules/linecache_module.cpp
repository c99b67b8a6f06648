// linecache_module: `linecache` -- lines of the sources a session can name:
// the running program (by the file name its tracebacks show) and the frozen
// modules (by their file, "enum.py"), which is where CPython's linecache reads
// files from disk (mirrors Lib/linecache.py's getline/getlines over a cache
// keyed by file name). Written here in C++ because the text lives in the
// engine (Interp::program_lines, frozen_sources); nothing is read from a
// file system. Invariant: getlines(f) is the file's lines, each ending "\n",
// or [] for a file the session does not hold, as for a missing file.
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/frozen/frozen.hpp"
#include "core/lang/modules/modules.hpp"

namespace sl::lang {

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  size_t a = 0;
  while (a < text.size()) {
    size_t b = text.find('\n', a);
    if (b == std::string::npos) b = text.size();
    out.push_back(text.substr(a, b - a));
    a = b + 1;
  }
  return out;
}

// The named source's lines without their ends; false when there is none.
bool source_lines(Interp& in, const std::string& file, std::vector<std::string>& out) {
  if (file == in.program_filename() && in.program_lines()) {
    out = *in.program_lines();
    return true;
  }
  for (const auto& f : frozen_sources()) {
    if (file == f.file) {
      out = split_lines(f.text());
      return true;
    }
  }
  return false;
}

Value linecache_getlines(Interp& in, Args& a) {
  a.fname = "getlines";
  std::string file = as_str(in, a.required(0, "filename"), "filename");
  a.optional(1, "module_globals");
  a.finish(2);
  std::vector<std::string> lines;
  std::vector<Value> items;
  if (source_lines(in, file, lines))
    for (auto& l : lines) items.push_back(make_str(l + "\n"));
  return make_list(items);
}

Value linecache_getline(Interp& in, Args& a) {
  a.fname = "getline";
  std::string file = as_str(in, a.required(0, "filename"), "filename");
  Value lineno = a.required(1, "lineno");
  a.optional(2, "module_globals");
  a.finish(3);
  std::vector<std::string> lines;
  int64_t n = lineno.is_int() ? lineno.as_int() : 0;
  if (!source_lines(in, file, lines) || n < 1 || size_t(n) > lines.size()) return make_str("");
  return make_str(lines[size_t(n - 1)] + "\n");
}

// The cache holds nothing to refresh: every source is in memory.
Value linecache_nothing(Interp& in, Args& a) { return Value(); }

const ModuleFnDef kLinecacheFns[] = {
    {"getline", linecache_getline},   {"getlines", linecache_getlines}, {"clearcache", linecache_nothing},
    {"checkcache", linecache_nothing}, {"lazycache", linecache_nothing},
};

}  // namespace

void install_linecache_module(Interp& in) {
  ModuleObj& m = new_module(in, "linecache");
  def_functions(in, m, kLinecacheFns);
  m.attrs["cache"] = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
}

}  // namespace sl::lang

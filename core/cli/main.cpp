// stridelab-py: runs a Python file through the engine natively.
//   stridelab-py [--echo] FILE.py   prints stdout; on error a traceback on stderr, exit 1
//   --echo: as the REPL, also print the repr of a trailing expression statement
//   (the package's run(code, { echo: true }); the conformance oracle's REPL cases).
//   stridelab-py --session FILE     FILE holds REPL inputs separated by lines holding only
//   "\x1e"; each runs in echo mode in one session (one Interp), as typed at the REPL, and
//   prints its output, then "!" and the traceback's last line if it raised, then a "\x1e"
//   line (tests/tools/docs_measure.py runs NumPy's user guide this way).
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/lang/eval/interp.hpp"

namespace {

// The last non-blank line of a traceback: "ValueError: message".
std::string last_line(const std::string& tb) {
  std::string last, line;
  std::istringstream s(tb);
  while (std::getline(s, line))
    if (line.find_first_not_of(" \t") != std::string::npos) last = line;
  return last;
}

int run_session(const std::string& text) {
  std::vector<std::string> inputs(1);
  std::istringstream s(text);
  std::string line;
  while (std::getline(s, line)) {
    if (line == "\x1e") inputs.emplace_back();
    else inputs.back() += line + "\n";
  }
  if (inputs.back().empty()) inputs.pop_back();
  sl::lang::Interp in;
  for (const auto& src : inputs) {
    auto r = in.run(src, true);
    std::cout << r.out;
    if (r.has_echo) std::cout << r.echo << "\n";
    if (!r.ok) std::cout << "!" << last_line(r.traceback) << "\n";
    std::cout << "\x1e\n" << std::flush;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc >= 3 ? argv[1] : "";
  const bool echo = mode == "--echo", session = mode == "--session";
  if (argc < 2 || (argc >= 3 && !echo && !session)) {
    std::cerr << "usage: stridelab-py [--echo | --session] FILE.py\n";
    return 2;
  }
  const char* path = argv[argc >= 3 ? 2 : 1];
  std::ifstream f(path);
  if (!f) {
    std::cerr << "cannot open " << path << "\n";
    return 2;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  if (session) return run_session(ss.str());
  sl::lang::Interp in;
  in.split_stderr = true;
  auto r = in.run(ss.str(), echo);
  std::cout << r.out;
  if (r.has_echo) std::cout << r.echo << "\n";
  std::cerr << r.err;
  if (!r.ok) std::cerr << r.traceback;
  // The program's end, as CPython's exit: its variables' finalizers run.
  auto end = in.finish_program();
  std::cout << end.out;
  std::cerr << end.err;
  return r.exited ? r.exit_code : r.ok ? 0 : 1;
}

// stridelab-py: runs a Python file through the engine natively.
//   stridelab-py [--echo] FILE.py   prints stdout; on error a traceback on stderr, exit 1
//   --echo: as the REPL, also print the repr of a trailing expression statement
//   (the package's run(code, { echo: true }); the conformance oracle's REPL cases).
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "core/lang/interp.hpp"

int main(int argc, char** argv) {
  const bool echo = argc >= 3 && std::string(argv[1]) == "--echo";
  if (argc < 2 || (argc >= 3 && !echo)) {
    std::cerr << "usage: stridelab-py [--echo] FILE.py\n";
    return 2;
  }
  const char* path = argv[echo ? 2 : 1];
  std::ifstream f(path);
  if (!f) {
    std::cerr << "cannot open " << path << "\n";
    return 2;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  sl::lang::Interp in;
  auto r = in.run(ss.str(), echo);
  std::cout << r.out;
  if (r.has_echo) std::cout << r.echo << "\n";
  if (!r.ok) {
    std::cerr << r.traceback;
    return 1;
  }
  return 0;
}

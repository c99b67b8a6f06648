// stridelab-py: runs a Python file through the engine natively.
//   stridelab-py FILE.py      prints stdout; on error a traceback on stderr, exit 1
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/lang/interp.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: stridelab-py FILE.py\n";
    return 2;
  }
  std::ifstream f(argv[1]);
  if (!f) {
    std::cerr << "cannot open " << argv[1] << "\n";
    return 2;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  sl::lang::Interp in;
  auto r = in.run(ss.str());
  std::cout << r.out;
  if (!r.ok) {
    std::cerr << r.traceback;
    return 1;
  }
  return 0;
}

// core/api/session's files API over each session's in-memory file system
// (Note [Session file system], core/lang/modules/memfs.hpp): what the package
// writes a program reads, what a program writes the package reads, and two
// sessions never share a file. The program texts printed here are the
// reference's for the same files (CPython 3.13, run with refpy in an empty folder).
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "core/api/session.hpp"

namespace {

// The bytes read_file's {"ptr":P,"nbytes":N} addresses.
std::string exported_bytes(const std::string& json) {
  const auto num = [&](const char* key) {
    size_t at = json.find(key);
    REQUIRE(at != std::string::npos);
    return std::stoull(json.substr(at + std::string(key).size()));
  };
  const uintptr_t ptr = uintptr_t(num("\"ptr\":"));
  const size_t n = size_t(num("\"nbytes\":"));
  return std::string(reinterpret_cast<const char*>(ptr), n);
}

}  // namespace

TEST_CASE("session files: the package and the program see the same files, and only their own session's") {
  sl::Session a, b;
  CHECK(a.write_file("data.csv", "x,y\n1,2\n") == R"({"ok":true,"path":"/home/stridelab/data.csv"})");
  CHECK(a.write_file("raw/img.bin", std::string("\0\xff\x07", 3)) == R"({"ok":true,"path":"/home/stridelab/raw/img.bin"})");
  const std::string r = a.run("print(open('data.csv').read().split(), open('raw/img.bin', 'rb').read())\n"
                              "with open('out.txt', 'w') as f:\n    f.write('done')\n", false);
  CHECK(r.find(R"("stdout":"['x,y', '1,2'] b'\\x00\\xff\\x07'\n")") != std::string::npos);
  CHECK(exported_bytes(a.read_file("out.txt")) == "done");
  a.release_exports();
  CHECK(a.list_files() == R"({"cwd":"/home/stridelab","files":[{"path":"/home/stridelab/data.csv","size":8},)"
                          R"({"path":"/home/stridelab/out.txt","size":4},{"path":"/home/stridelab/raw/img.bin","size":3}]})");
  CHECK(b.list_files() == R"({"cwd":"/home/stridelab","files":[]})");
  CHECK(b.read_file("data.csv") == R"({"error":"FileNotFoundError: [Errno 2] No such file or directory: 'data.csv'"})");
  CHECK(a.write_file("raw", "x") == R"({"error":"IsADirectoryError: [Errno 21] Is a directory: 'raw'"})");
  CHECK(a.write_file("data.csv/x", "x") == R"({"error":"NotADirectoryError: [Errno 20] Not a directory: 'data.csv/x'"})");
  // a relative path follows the program's working directory
  a.run("import os\nos.chdir('raw')\n", false);
  CHECK(a.write_file("more.bin", "m") == R"({"ok":true,"path":"/home/stridelab/raw/more.bin"})");
  const std::string listed = b.run("import os\nprint(os.listdir(), os.path.exists('/home/stridelab/data.csv'))\n", false);
  CHECK(listed.find(R"("stdout":"[] False\n")") != std::string::npos);
}

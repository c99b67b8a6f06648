// Files exchanged with the reference (issue 32: "a .npy, .npz and zlib stream
// written by stridelab loads in the reference, and the reference's in
// stridelab"; also a pickle and a torch.save .pth). tests/data/files holds what
// the reference (NumPy 2.2, PyTorch 2.6, CPython 3.13's zlib 1.3.1) wrote running write_files.py, and what it printed
// reading them back with read_files.py (tests/tools/gen_file_interop.py
// regenerates both). Here the reference's files are put into a session, which
// must print the same reading them; and a second session runs write_files.py
// itself, whose files must be the reference's byte for byte -- so the
// reference loads them as it loads its own.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "core/api/session.hpp"

namespace {

std::string data_file(const std::string& name) {
  std::ifstream f(std::string(STRIDELAB_TEST_DATA) + "/files/" + name, std::ios::binary);
  REQUIRE(f.good());
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// The bytes read_file's {"ptr":P,"nbytes":N} addresses.
std::string exported(const std::string& json) {
  const auto num = [&](const char* key) {
    size_t at = json.find(key);
    REQUIRE(at != std::string::npos);
    return std::stoull(json.substr(at + std::string(key).size()));
  };
  return std::string(reinterpret_cast<const char*>(uintptr_t(num("\"ptr\":"))), size_t(num("\"nbytes\":")));
}

// The "stdout" string of a run's JSON, unescaped (\n, \", \\ only: the programs print ASCII).
std::string stdout_of(const std::string& json) {
  const std::string key = "\"stdout\":\"";
  size_t at = json.find(key);
  REQUIRE(at != std::string::npos);
  std::string out;
  for (size_t i = at + key.size(); i < json.size() && json[i] != '"'; ++i) {
    if (json[i] == '\\' && i + 1 < json.size()) {
      ++i;
      out.push_back(json[i] == 'n' ? '\n' : json[i]);
    } else {
      out.push_back(json[i]);
    }
  }
  return out;
}

const char* const kFiles[] = {"ref.npy", "ref.npz", "ref_compressed.npz", "ref.zlib", "ref.pkl", "ref.pth"};

}  // namespace

TEST_CASE("file interop: the reference's .npy, .npz and zlib files load as the reference loads them") {
  sl::Session s;
  for (const char* f : kFiles) CHECK(s.write_file(f, data_file(f)).find("\"ok\":true") != std::string::npos);
  const std::string r = s.run(data_file("read_files.py"), false);
  INFO(r);
  CHECK(stdout_of(r) == data_file("read_files.expected"));
}

TEST_CASE("file interop: stridelab writes the reference's bytes") {
  sl::Session s;
  const std::string r = s.run(data_file("write_files.py"), false);
  INFO(r);
  for (const char* f : kFiles) {
    INFO(f);
    CHECK(exported(s.read_file(f)) == data_file(f));
    s.release_exports();
  }
}

// memfs: the session's file system, held in memory -- a tree of directories
// and files, a working directory, and the table of open file descriptors.
//
// Note [Session file system]
// A program's open(), os and pathlib reach files; a session must never reach
// the host's (the page runs in a browser tab, the package inside someone
// else's process, the native CLI on a developer's disk) and two sessions must
// never see each other's (Note [Session state]). So each session owns a
// MemFs, a SessionState slot made at its first use, and nothing below the
// posix module (posix_module.cpp) touches a real file: the native build and
// the wasm build behave the same, byte for byte, because both run this code
// (Emscripten's MEMFS would be one file system for the whole module, shared by
// every session in it, and absent from the native build).
// A fresh session sees the tree
//     /home/stridelab   the working directory (os.getcwd()), empty
//     /tmp              empty (tempfile's folder)
// -- a home folder, as a notebook server starts in one, named for the product
// so a program that prints a path shows where it runs. The environment
// (os.environ) agrees: HOME=/home/stridelab, PWD follows it.
// Errors are Linux's errno numbers (ENOENT 2, EEXIST 17, ENOTDIR 20, EISDIR
// 21, ENOTEMPTY 39, EBADF 9, EINVAL 22), on every build, since the reference
// runs on Linux and the messages print them.
// Invariant: every node is reachable from root_ or held by an open
// descriptor (an unlinked open file stays readable, as POSIX keeps it); a
// path is resolved lexically against cwd_ (there are no links), and cwd_ is
// always an existing directory's absolute, normalised path.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sl::lang {

struct FsNode {
  bool dir = false;
  std::string data;                                       // a file's bytes
  std::map<std::string, std::shared_ptr<FsNode>> entries;  // a directory's, by name
  int64_t ino = 0;
  double atime = 0, mtime = 0, ctime = 0;
};

// One open file description (POSIX's): the node, the offset, the access mode.
struct OpenFile {
  std::shared_ptr<FsNode> node;
  int64_t pos = 0;
  bool readable = false, writable = false, append = false;
};

// Linux's open(2) flag bits (the values os.O_* have on the reference).
enum : int {
  kO_RDONLY = 0, kO_WRONLY = 1, kO_RDWR = 2, kO_ACCMODE = 3,
  kO_CREAT = 0100, kO_EXCL = 0200, kO_TRUNC = 01000, kO_APPEND = 02000,
};

struct FsStat {
  bool dir = false;
  int64_t size = 0, ino = 0, nlink = 1;
  double atime = 0, mtime = 0, ctime = 0;
};

class MemFs {
 public:
  static constexpr const char* kHome = "/home/stridelab";
  MemFs();

  // Each returns 0 or a (positive, Linux) errno.
  int open(const std::string& path, int flags, int& fd);
  int close(int fd);
  int read(int fd, int64_t n, std::string& out);  // n < 0: to the end
  int write(int fd, const std::string& data, int64_t& written);
  int seek(int fd, int64_t off, int whence, int64_t& pos);
  int truncate_fd(int fd, int64_t size);
  int fstat(int fd, FsStat& st);
  int stat(const std::string& path, FsStat& st);
  int listdir(const std::string& path, std::vector<std::string>& names);
  int mkdir(const std::string& path);
  int rmdir(const std::string& path);
  int unlink(const std::string& path);
  int rename(const std::string& from, const std::string& to);
  int chdir(const std::string& path);
  const std::string& getcwd() const { return cwd_; }
  // `path` made absolute against the working directory and normalised
  // lexically ("." and ".." and repeated "/" removed).
  std::string absolute(const std::string& path) const;

  // The package's view (Session::write_file & co.): a whole file at once,
  // parent directories made as needed.
  int write_file(const std::string& path, const std::string& data);
  int read_file(const std::string& path, std::string& out);
  // Every file, as (absolute path, size), in path order.
  std::vector<std::pair<std::string, int64_t>> list_files() const;

 private:
  // The directory that holds `path`'s last component, and that component.
  int parent_of(const std::string& path, std::shared_ptr<FsNode>& parent, std::string& leaf);
  int lookup(const std::string& path, std::shared_ptr<FsNode>& node);
  std::shared_ptr<FsNode> make_node(bool dir);
  OpenFile* file(int fd);
  std::shared_ptr<FsNode> root_;
  std::string cwd_;
  std::map<int, OpenFile> fds_;
  int64_t next_ino_ = 1;
};

}  // namespace sl::lang

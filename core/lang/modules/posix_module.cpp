// posix_module: `posix`, the primitives the os module is written over (as
// CPython's Modules/posixmodule.c is under Lib/os.py), reaching only the
// session's own file system (Note [Session file system], memfs.hpp): file
// descriptors (open, read, write, lseek, ftruncate, close), the tree (listdir,
// mkdir, rmdir, unlink/remove, rename/replace, getcwd, chdir) and the
// environment. Written here, not built on the host's libc: the host's files
// are exactly what a session must not see.
// Failures raise the OSError that posixmodule.c's path_error raises
// (FileNotFoundError: [Errno 2] No such file or directory: 'x'), with Linux's
// errno numbers on every build. _stat and _fstat return the raw fields as a
// tuple, which os.stat_result (frozen os.py) wraps.
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/memfs.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"

namespace sl::lang {

namespace {

MemFs& fs(Interp& in) { return in.state().get<MemFs>(); }

// A path argument as posixmodule.c's path_converter takes it: str, bytes or
// an os.PathLike (its __fspath__), else TypeError naming the function.
// `v` becomes the str or bytes it names, which is also the filename its errors show.
std::string path_arg(Interp& in, Value& v, const char* fname, bool fd_ok = false) {
  if (auto* s = v.as<StrObj>()) return s->s;
  if (is_bytes(v)) return v.as<BytesObj>()->s;
  Value r;
  if (!v.as<StrObj>() && call_special(in, v, "__fspath__", {}, r)) {
    if (r.as<StrObj>() || is_bytes(r)) {
      v = r;
      return r.as<StrObj>() ? r.as<StrObj>()->s : r.as<BytesObj>()->s;
    }
    in.raise_exc("TypeError", "expected " + in.type_name(v) + ".__fspath__() to return str or bytes, not " + in.type_name(r));
  }
  in.raise_exc("TypeError", std::string(fname) + ": path should be string, bytes" + (fd_ok ? ", os.PathLike or integer" : " or os.PathLike") +
                                ", not " + in.type_name(v));
}

int fd_arg(Interp& in, Args& a, size_t i, const char* name) { return int(in.index_value(a.required(i, name))); }

void check(Interp& in, int err, const Value& filename = Value(), const Value& filename2 = Value()) {
  if (err) raise_os_error(in, err, filename, filename2);
}

Value stat_tuple(const FsStat& st) {
  const int64_t mode = st.dir ? 040755 : 0100644;
  return make_tuple({Value::integer(mode), Value::integer(st.ino), Value::integer(2049), Value::integer(st.nlink),
                     Value::integer(1000), Value::integer(1000), Value::integer(st.size), Value::floating(st.atime),
                     Value::floating(st.mtime), Value::floating(st.ctime)});
}

Value posix_open(Interp& in, Args& a) {
  Value p = a.required(0, "path");
  Value flags = a.required(1, "flags");
  a.optional(2, "mode");
  a.finish(3);
  int fd = -1;
  const std::string path = path_arg(in, p, "open");
  check(in, fs(in).open(path, int(in.index_value(flags)), fd), p);
  return Value::integer(fd);
}

Value posix_close(Interp& in, Args& a) {
  int fd = fd_arg(in, a, 0, "fd");
  a.finish(1);
  check(in, fs(in).close(fd));
  return Value();
}

Value posix_read(Interp& in, Args& a) {
  int fd = fd_arg(in, a, 0, "fd");
  int64_t n = in.index_value(a.required(1, "length"));
  a.finish(2);
  if (n < 0) check(in, 22);
  std::string out;
  check(in, fs(in).read(fd, n, out));
  return make_bytes(std::move(out));
}

// _readall(fd): the rest of the file (FileIO.readall's loop in one call).
Value posix_readall(Interp& in, Args& a) {
  int fd = fd_arg(in, a, 0, "fd");
  a.finish(1);
  std::string out;
  check(in, fs(in).read(fd, -1, out));
  return make_bytes(std::move(out));
}

Value posix_write(Interp& in, Args& a) {
  int fd = fd_arg(in, a, 0, "fd");
  std::string data(need_bytes_like(in, a.required(1, "data")));
  a.finish(2);
  int64_t n = 0;
  check(in, fs(in).write(fd, data, n));
  return Value::integer(n);
}

Value posix_lseek(Interp& in, Args& a) {
  int fd = fd_arg(in, a, 0, "fd");
  int64_t pos = in.index_value(a.required(1, "position"));
  int64_t how = in.index_value(a.required(2, "whence"));
  a.finish(3);
  int64_t out = 0;
  check(in, fs(in).seek(fd, pos, int(how), out));
  return Value::integer(out);
}

Value posix_ftruncate(Interp& in, Args& a) {
  int fd = fd_arg(in, a, 0, "fd");
  int64_t n = in.index_value(a.required(1, "length"));
  a.finish(2);
  check(in, fs(in).truncate_fd(fd, n));
  return Value();
}

Value posix_fstat(Interp& in, Args& a) {
  int fd = fd_arg(in, a, 0, "fd");
  a.finish(1);
  FsStat st;
  check(in, fs(in).fstat(fd, st));
  return stat_tuple(st);
}

Value posix_stat(Interp& in, Args& a) {
  Value p = a.required(0, "path");
  a.finish(1);
  FsStat st;
  if (is_pyint(p)) {
    check(in, fs(in).fstat(int(in.index_value(p)), st));
    return stat_tuple(st);
  }
  const std::string path = path_arg(in, p, "stat", true);
  check(in, fs(in).stat(path, st), p);
  return stat_tuple(st);
}

Value posix_listdir(Interp& in, Args& a) {
  Value p = a.optional(0, "path");
  a.finish(1);
  std::vector<std::string> names;
  if (p.is_none()) p = make_str(".");
  const std::string path = path_arg(in, p, "listdir");
  check(in, fs(in).listdir(path, names), p);
  std::vector<Value> out;
  for (auto& n : names) out.push_back(is_bytes(p) ? make_bytes(n) : make_str(n));
  return make_list(std::move(out));
}

Value posix_mkdir(Interp& in, Args& a) {
  Value p = a.required(0, "path");
  a.optional(1, "mode");
  a.finish(2);
  const std::string path = path_arg(in, p, "mkdir");
  check(in, fs(in).mkdir(path), p);
  return Value();
}

Value posix_rmdir(Interp& in, Args& a) {
  Value p = a.required(0, "path");
  a.finish(1);
  const std::string path = path_arg(in, p, "rmdir");
  check(in, fs(in).rmdir(path), p);
  return Value();
}

Value posix_unlink(Interp& in, Args& a) {
  Value p = a.required(0, "path");
  a.finish(1);
  const std::string path = path_arg(in, p, a.fname.c_str());
  check(in, fs(in).unlink(path), p);
  return Value();
}

Value posix_rename(Interp& in, Args& a) {
  Value src = a.required(0, "src"), dst = a.required(1, "dst");
  a.finish(2);
  const char* f = a.fname.c_str();
  const std::string from = path_arg(in, src, f), to = path_arg(in, dst, f);
  check(in, fs(in).rename(from, to), src, dst);
  return Value();
}

Value posix_getcwd(Interp& in, Args& a) {
  a.finish(0);
  return make_str(fs(in).getcwd());
}

Value posix_chdir(Interp& in, Args& a) {
  Value p = a.required(0, "path");
  a.finish(1);
  const std::string path = path_arg(in, p, "chdir");
  check(in, fs(in).chdir(path), p);
  return Value();
}

// _statvfs(path): the raw fields of os.statvfs_result for the session's file
// system: 4096-byte blocks, as many as the 4 GiB a wasm module can address
// (its MAXIMUM_MEMORY), the used ones those its files' bytes fill (one inode
// per file of as many). The path must exist, as statvfs(2) requires.
Value posix_statvfs(Interp& in, Args& a) {
  Value p = a.required(0, "path");
  a.finish(1);
  FsStat st;
  const std::string path = path_arg(in, p, "statvfs", true);
  check(in, fs(in).stat(path, st), p);
  const int64_t bsize = 4096, blocks = (int64_t(4) << 30) / bsize;
  int64_t used = 0, files = 0;
  for (auto& [name, size] : fs(in).list_files()) {
    used += (size + bsize - 1) / bsize;
    ++files;
  }
  std::vector<Value> f = {Value::integer(bsize), Value::integer(bsize), Value::integer(blocks), Value::integer(blocks - used),
                          Value::integer(blocks - used), Value::integer(blocks), Value::integer(blocks - files),
                          Value::integer(blocks - files), Value::integer(0), Value::integer(255), Value::integer(0)};
  return make_tuple(std::move(f));
}

// strerror(code): Linux's text.
Value posix_strerror(Interp& in, Args& a) {
  int64_t e = in.index_value(a.required(0, "code"));
  a.finish(1);
  return make_str(linux_strerror(int(e)));
}

const ModuleFnDef kPosixFunctions[] = {
    {"open", posix_open},         {"close", posix_close},     {"read", posix_read},
    {"_readall", posix_readall},  {"write", posix_write},     {"lseek", posix_lseek},
    {"ftruncate", posix_ftruncate}, {"_fstat", posix_fstat},  {"_stat", posix_stat},
    {"listdir", posix_listdir},   {"mkdir", posix_mkdir},     {"rmdir", posix_rmdir},
    {"unlink", posix_unlink},     {"remove", posix_unlink},   {"rename", posix_rename},
    {"replace", posix_rename},    {"getcwd", posix_getcwd},   {"chdir", posix_chdir},
    {"strerror", posix_strerror}, {"_statvfs", posix_statvfs},
};

}  // namespace

void install_posix_module(Interp& in) {
  ModuleObj& m = new_module(in, "posix");
  def_functions(in, m, kPosixFunctions);
  const std::pair<const char*, int> flags[] = {
      {"O_RDONLY", kO_RDONLY}, {"O_WRONLY", kO_WRONLY}, {"O_RDWR", kO_RDWR},   {"O_CREAT", kO_CREAT},
      {"O_EXCL", kO_EXCL},     {"O_TRUNC", kO_TRUNC},   {"O_APPEND", kO_APPEND}, {"O_ACCMODE", kO_ACCMODE},
      {"SEEK_SET", 0},         {"SEEK_CUR", 1},         {"SEEK_END", 2},
  };
  for (auto& [k, v] : flags) m.attrs[k] = Value::integer(v);
  // A small plausible environment of a Linux session in its home folder
  // (Note [Session file system]); os.environ copies it, and a program's
  // changes stay in its session.
  auto env = std::make_shared<DictObj>();
  const std::pair<const char*, const char*> vars[] = {
      {"HOME", MemFs::kHome}, {"LANG", "C.UTF-8"}, {"LOGNAME", "stridelab"}, {"PATH", "/usr/local/bin:/usr/bin:/bin"},
      {"PWD", MemFs::kHome},  {"SHELL", "/bin/sh"}, {"TMPDIR", "/tmp"},      {"USER", "stridelab"},
  };
  for (auto& [k, v] : vars) table_set(in, env->t, make_str(k), make_str(v));
  m.attrs["environ"] = Value(std::static_pointer_cast<Obj>(env));
}

}  // namespace sl::lang

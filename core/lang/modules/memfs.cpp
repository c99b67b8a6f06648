// memfs: the session's in-memory file system (Note [Session file system], memfs.hpp).
#include "core/lang/modules/memfs.hpp"

#include <algorithm>
#include <chrono>

namespace sl::lang {

namespace {

enum { kENOENT = 2, kEBADF = 9, kEEXIST = 17, kEXDEV = 18, kENOTDIR = 20, kEISDIR = 21, kEINVAL = 22, kENOTEMPTY = 39 };

double now() {
  using namespace std::chrono;
  return double(duration_cast<microseconds>(system_clock::now().time_since_epoch()).count()) / 1e6;
}

std::vector<std::string> components(const std::string& abs) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < abs.size()) {
    size_t j = abs.find('/', i);
    if (j == std::string::npos) j = abs.size();
    if (j > i) out.push_back(abs.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

void fill_stat(const FsNode& n, FsStat& st) {
  st.dir = n.dir;
  st.size = n.dir ? 4096 : int64_t(n.data.size());
  st.ino = n.ino;
  st.nlink = n.dir ? 2 : 1;
  st.atime = n.atime;
  st.mtime = n.mtime;
  st.ctime = n.ctime;
}

}  // namespace

MemFs::MemFs() : root_(make_node(true)), cwd_(kHome) {
  auto home = make_node(true), user = make_node(true), tmp = make_node(true);
  root_->entries["home"] = home;
  home->entries["stridelab"] = user;
  root_->entries["tmp"] = tmp;
}

std::shared_ptr<FsNode> MemFs::make_node(bool dir) {
  auto n = std::make_shared<FsNode>();
  n->dir = dir;
  n->ino = next_ino_++;
  n->atime = n->mtime = n->ctime = now();
  return n;
}

// Lexical normalisation, as posixpath.normpath of posixpath.join(cwd, path)
// (there are no symbolic links, so ".." may be resolved without the disk).
std::string MemFs::absolute(const std::string& path) const {
  std::vector<std::string> parts;
  for (const std::string& c : components(!path.empty() && path[0] == '/' ? path : cwd_ + "/" + path)) {
    if (c == ".") continue;
    if (c == "..") {
      if (!parts.empty()) parts.pop_back();
      continue;
    }
    parts.push_back(c);
  }
  std::string out;
  for (auto& c : parts) out += "/" + c;
  return out.empty() ? "/" : out;
}

int MemFs::lookup(const std::string& path, std::shared_ptr<FsNode>& node) {
  if (path.empty()) return kENOENT;
  node = root_;
  // walk the path's own components so that "file/.." fails as on Linux (ENOTDIR)
  std::vector<std::shared_ptr<FsNode>> stack{root_};
  for (const std::string& c : components(!path.empty() && path[0] == '/' ? path : cwd_ + "/" + path)) {
    if (!node->dir) return kENOTDIR;
    if (c == ".") continue;
    if (c == "..") {
      if (stack.size() > 1) stack.pop_back();
      node = stack.back();
      continue;
    }
    auto it = node->entries.find(c);
    if (it == node->entries.end()) return kENOENT;
    node = it->second;
    stack.push_back(node);
  }
  // a trailing slash names a directory
  if (path.size() > 1 && path.back() == '/' && !node->dir) return kENOTDIR;
  return 0;
}

int MemFs::parent_of(const std::string& path, std::shared_ptr<FsNode>& parent, std::string& leaf) {
  if (path.empty()) return kENOENT;
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  size_t slash = p.rfind('/');
  std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : p.substr(0, slash);
  leaf = slash == std::string::npos ? p : p.substr(slash + 1);
  if (int e = lookup(dir, parent)) return e;
  if (!parent->dir) return kENOTDIR;
  return 0;
}

OpenFile* MemFs::file(int fd) {
  auto it = fds_.find(fd);
  return it == fds_.end() ? nullptr : &it->second;
}

int MemFs::open(const std::string& path, int flags, int& fd) {
  std::shared_ptr<FsNode> node;
  int e = lookup(path, node);
  const int acc = flags & kO_ACCMODE;
  // Linux: O_CREAT on a name with a trailing slash is EISDIR unless it names a file
  if ((flags & kO_CREAT) && !path.empty() && path.back() == '/' && (e != 0 || node->dir)) {
    std::shared_ptr<FsNode> parent;
    std::string leaf;
    if (int pe = parent_of(path, parent, leaf)) return pe;
    return kEISDIR;
  }
  if (e == 0) {
    if ((flags & kO_CREAT) && (flags & kO_EXCL)) return kEEXIST;
    if (node->dir) return kEISDIR;
  } else if (e == kENOENT && (flags & kO_CREAT)) {
    std::shared_ptr<FsNode> parent;
    std::string leaf;
    if (int pe = parent_of(path, parent, leaf)) return pe;
    if (leaf.empty() || leaf == "." || leaf == "..") return kEISDIR;
    node = make_node(false);
    parent->entries[leaf] = node;
    parent->mtime = node->mtime;
  } else {
    return e;
  }
  if ((flags & kO_TRUNC) && acc != kO_RDONLY) {
    node->data.clear();
    node->mtime = now();
  }
  OpenFile f;
  f.node = node;
  f.readable = acc == kO_RDONLY || acc == kO_RDWR;
  f.writable = acc == kO_WRONLY || acc == kO_RDWR;
  f.append = (flags & kO_APPEND) != 0;
  fd = 3;
  while (fds_.count(fd)) ++fd;  // the lowest free descriptor, as POSIX gives
  fds_[fd] = f;
  return 0;
}

int MemFs::close(int fd) { return fds_.erase(fd) ? 0 : kEBADF; }

int MemFs::read(int fd, int64_t n, std::string& out) {
  OpenFile* f = file(fd);
  if (!f || !f->readable) return kEBADF;
  const std::string& d = f->node->data;
  const int64_t size = int64_t(d.size());
  out.clear();
  if (f->pos >= size) return 0;  // at or past the end: nothing, and the offset stays
  const int64_t len = n < 0 ? size - f->pos : std::min(n, size - f->pos);
  out.assign(d, size_t(f->pos), size_t(len));
  f->pos += len;
  return 0;
}

int MemFs::write(int fd, const std::string& data, int64_t& written) {
  OpenFile* f = file(fd);
  if (!f || !f->writable) return kEBADF;
  std::string& d = f->node->data;
  if (f->append) f->pos = int64_t(d.size());
  if (size_t(f->pos) > d.size()) d.resize(size_t(f->pos), '\0');  // a hole reads as zeros
  d.replace(size_t(f->pos), std::min(data.size(), d.size() - size_t(f->pos)), data);
  f->pos += int64_t(data.size());
  f->node->mtime = now();
  written = int64_t(data.size());
  return 0;
}

int MemFs::seek(int fd, int64_t off, int whence, int64_t& pos) {
  OpenFile* f = file(fd);
  if (!f) return kEBADF;
  int64_t base = whence == 0 ? 0 : whence == 1 ? f->pos : whence == 2 ? int64_t(f->node->data.size()) : -1;
  if (base < 0 || base + off < 0) return kEINVAL;
  pos = f->pos = base + off;
  return 0;
}

int MemFs::truncate_fd(int fd, int64_t size) {
  OpenFile* f = file(fd);
  if (!f) return kEBADF;
  if (!f->writable || size < 0) return kEINVAL;
  f->node->data.resize(size_t(size), '\0');
  f->node->mtime = now();
  return 0;
}

int MemFs::fstat(int fd, FsStat& st) {
  OpenFile* f = file(fd);
  if (!f) return kEBADF;
  fill_stat(*f->node, st);
  return 0;
}

int MemFs::stat(const std::string& path, FsStat& st) {
  std::shared_ptr<FsNode> node;
  if (int e = lookup(path, node)) return e;
  fill_stat(*node, st);
  return 0;
}

int MemFs::listdir(const std::string& path, std::vector<std::string>& names) {
  std::shared_ptr<FsNode> node;
  if (int e = lookup(path, node)) return e;
  if (!node->dir) return kENOTDIR;
  names.clear();
  for (auto& [k, v] : node->entries) names.push_back(k);
  return 0;
}

int MemFs::mkdir(const std::string& path) {
  std::shared_ptr<FsNode> node, parent;
  if (lookup(path, node) == 0) return kEEXIST;
  std::string leaf;
  if (int e = parent_of(path, parent, leaf)) return e;
  if (leaf.empty() || leaf == "." || leaf == "..") return kEEXIST;
  parent->entries[leaf] = make_node(true);
  parent->mtime = now();
  return 0;
}

int MemFs::rmdir(const std::string& path) {
  std::shared_ptr<FsNode> node, parent;
  if (int e = lookup(path, node)) return e;
  if (!node->dir) return kENOTDIR;
  if (!node->entries.empty()) return kENOTEMPTY;
  std::string leaf;
  if (int e = parent_of(path, parent, leaf)) return e;
  if (leaf == "." || node == root_) return kEINVAL;
  if (absolute(path) == cwd_ || cwd_.compare(0, absolute(path).size() + 1, absolute(path) + "/") == 0) {
    // Linux lets the working directory go; this tree keeps cwd_ valid (its invariant)
    return 16;  // EBUSY
  }
  parent->entries.erase(leaf);
  parent->mtime = now();
  return 0;
}

int MemFs::unlink(const std::string& path) {
  std::shared_ptr<FsNode> node, parent;
  if (int e = lookup(path, node)) return e;
  if (node->dir) return kEISDIR;
  std::string leaf;
  if (int e = parent_of(path, parent, leaf)) return e;
  parent->entries.erase(leaf);
  parent->mtime = now();
  return 0;
}

int MemFs::rename(const std::string& from, const std::string& to) {
  std::shared_ptr<FsNode> src, dst, sp, dp;
  if (int e = lookup(from, src)) return e;
  std::string sleaf, dleaf;
  if (int e = parent_of(from, sp, sleaf)) return e;
  if (int e = parent_of(to, dp, dleaf)) return e;
  const std::string af = absolute(from), at = absolute(to);
  if (af == at) return 0;
  if (src->dir && at.compare(0, af.size() + 1, af + "/") == 0) return kEINVAL;  // into itself
  if (lookup(to, dst) == 0) {
    if (dst->dir && !src->dir) return kEISDIR;
    if (!dst->dir && src->dir) return kENOTDIR;
    if (dst->dir && !dst->entries.empty()) return kENOTEMPTY;
  }
  (void)kEXDEV;
  dp->entries[dleaf] = src;
  sp->entries.erase(sleaf);
  sp->mtime = dp->mtime = src->ctime = now();
  return 0;
}

int MemFs::chdir(const std::string& path) {
  std::shared_ptr<FsNode> node;
  if (int e = lookup(path, node)) return e;
  if (!node->dir) return kENOTDIR;
  cwd_ = absolute(path);
  return 0;
}

int MemFs::write_file(const std::string& path, const std::string& data) {
  const std::vector<std::string> parts = components(absolute(path));
  if (parts.empty()) return kEISDIR;
  std::shared_ptr<FsNode> node = root_;
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    auto it = node->entries.find(parts[i]);
    if (it == node->entries.end()) it = node->entries.emplace(parts[i], make_node(true)).first;
    if (!it->second->dir) return kENOTDIR;
    node = it->second;
  }
  auto it = node->entries.find(parts.back());
  if (it != node->entries.end() && it->second->dir) return kEISDIR;
  if (it == node->entries.end()) it = node->entries.emplace(parts.back(), make_node(false)).first;
  it->second->data = data;
  it->second->mtime = now();
  return 0;
}

int MemFs::read_file(const std::string& path, std::string& out) {
  std::shared_ptr<FsNode> node;
  if (int e = lookup(path, node)) return e;
  if (node->dir) return kEISDIR;
  out = node->data;
  return 0;
}

std::vector<std::pair<std::string, int64_t>> MemFs::list_files() const {
  std::vector<std::pair<std::string, int64_t>> out;
  std::vector<std::pair<std::string, const FsNode*>> todo{{"", root_.get()}};
  while (!todo.empty()) {
    auto [prefix, n] = todo.back();
    todo.pop_back();
    for (auto it = n->entries.rbegin(); it != n->entries.rend(); ++it) {
      if (it->second->dir) todo.push_back({prefix + "/" + it->first, it->second.get()});
      else out.push_back({prefix + "/" + it->first, int64_t(it->second->data.size())});
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace sl::lang

// oserror: OSError's constructor, attributes and str (CPython's
// Objects/exceptions.c: OSError_new, oserror_parse_args, oserror_init,
// OSError_str), and the one way the engine raises an OSError for an errno.
//
// Note [OSError fields]
// OSError(errno, strerror[, filename[, winerror[, filename2]]]) is the one
// exception whose arguments are parsed into fields: with 2 to 5 arguments,
// errno and strerror are the first two, filename the third and filename2 the
// fifth; when a filename is given, args keeps only (errno, strerror). Called
// as OSError itself (not a subclass), an errno that CPython's errnomap knows
// makes the subclass instead: OSError(2, 'x') is a FileNotFoundError. Its
// str is "[Errno E] S: 'f'" (with " -> 'f2'" for a second file name), "[Errno
// E] S" without a file name, and BaseException's str otherwise. Here the
// fields live in the exception's attribute dict (ExceptionObj::dict), set once
// when it is made, so getattr, setattr and str read them the same way; a
// missing field reads as None.
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/objects/classes.hpp"
#include "core/lang/objects/pyint.hpp"

namespace sl::lang {

namespace {

// errno -> the OSError subclass (mirrors CPython's _PyExc_InitState errnomap, Linux values).
const char* errno_subclass(int64_t e) {
  switch (e) {
    case 11: case 114: case 115: return "BlockingIOError";  // EAGAIN/EWOULDBLOCK, EALREADY, EINPROGRESS
    case 10: return "ChildProcessError";
    case 32: case 108: return "BrokenPipeError";  // EPIPE, ESHUTDOWN
    case 103: return "ConnectionAbortedError";
    case 111: return "ConnectionRefusedError";
    case 104: return "ConnectionResetError";
    case 17: return "FileExistsError";
    case 2: return "FileNotFoundError";
    case 21: return "IsADirectoryError";
    case 20: return "NotADirectoryError";
    case 4: return "InterruptedError";
    case 13: case 1: return "PermissionError";  // EACCES, EPERM
    case 3: return "ProcessLookupError";
    case 110: return "TimeoutError";
    default: return nullptr;
  }
}

void set_field(Interp& in, const Value& exc, const char* name, const Value& v) {
  auto* e = exc.as<ExceptionObj>();
  if (e->dict.is_none()) e->dict = Value(std::static_pointer_cast<Obj>(std::make_shared<DictObj>()));
  in.setitem(e->dict, make_str(name), v);
}

}  // namespace

// Linux's texts (glibc's strerror), for the errnos the engine raises; the wasm
// build's libc numbers and words its errnos otherwise, so neither is asked.
const char* linux_strerror(int err) {
  switch (err) {
    case 1: return "Operation not permitted";
    case 2: return "No such file or directory";
    case 3: return "No such process";
    case 5: return "Input/output error";
    case 6: return "No such device or address";
    case 9: return "Bad file descriptor";
    case 13: return "Permission denied";
    case 17: return "File exists";
    case 18: return "Invalid cross-device link";
    case 20: return "Not a directory";
    case 21: return "Is a directory";
    case 11: return "Resource temporarily unavailable";
    case 12: return "Cannot allocate memory";
    case 16: return "Device or resource busy";
    case 22: return "Invalid argument";
    case 24: return "Too many open files";
    case 25: return "Inappropriate ioctl for device";
    case 28: return "No space left on device";
    case 29: return "Illegal seek";
    case 30: return "Read-only file system";
    case 32: return "Broken pipe";
    case 36: return "File name too long";
    case 38: return "Function not implemented";
    case 39: return "Directory not empty";
    case 40: return "Too many levels of symbolic links";
    case 95: return "Operation not supported";
    default: return "Unknown error";
  }
}

std::string os_error_text(int err, const std::string& filename) {
  const char* sub = errno_subclass(err);
  return std::string(sub ? sub : "OSError") + ": [Errno " + std::to_string(err) + "] " + linux_strerror(err) + ": " +
         py_str_repr(filename);
}

bool is_os_error(Interp& in, TypeObj* ty) {
  auto it = in.builtins.find("OSError");
  return it != in.builtins.end() && ty->is_subclass_of(it->second.as<TypeObj>());
}

Value make_os_error(Interp& in, TypeObj* ty, std::vector<Value> args) {
  Value errno_v, strerror_v, filename, filename2;
  const bool parsed = args.size() >= 2 && args.size() <= 5;
  if (parsed) {
    errno_v = args[0];
    strerror_v = args[1];
    if (args.size() >= 3) filename = args[2];
    if (args.size() == 5) filename2 = args[4];
    if (ty == in.builtins.at("OSError").as<TypeObj>() && is_pyint(errno_v))
      if (const char* sub = errno_subclass(in.index_value(errno_v))) ty = in.builtins.at(sub).as<TypeObj>();
    if (!filename.is_none()) args.resize(2);
  }
  Value exc = Value(std::static_pointer_cast<Obj>(std::make_shared<ExceptionObj>(ty, std::move(args))));
  set_field(in, exc, "errno", errno_v);
  set_field(in, exc, "strerror", strerror_v);
  set_field(in, exc, "filename", filename);
  set_field(in, exc, "filename2", filename2);
  return exc;
}

bool os_error_str(Interp& in, const Value& exc, std::string& out) {
  auto* e = exc.as<ExceptionObj>();
  if (!e || !is_os_error(in, e->type)) return false;
  DictObj* d = instance_dict(in, exc, false);
  if (!d) return false;
  auto field = [&](const char* name) {
    long k = table_lookup(in, d->t, make_str(name));
    return k < 0 ? Value() : d->t.entries[size_t(k)].second;
  };
  const Value en = field("errno"), se = field("strerror"), f1 = field("filename"), f2 = field("filename2");
  if (!f1.is_none()) {
    out = "[Errno " + in.str(en) + "] " + in.str(se) + ": " + in.repr(f1);
    if (!f2.is_none()) out += " -> " + in.repr(f2);
    return true;
  }
  if (!en.is_none() && !se.is_none()) {
    out = "[Errno " + in.str(en) + "] " + in.str(se);
    return true;
  }
  return false;
}

[[noreturn]] void raise_os_error(Interp& in, int err, const Value& filename, const Value& filename2) {
  std::vector<Value> args{Value::integer(err), make_str(linux_strerror(err))};
  if (!filename.is_none()) {
    args.push_back(filename);
    if (!filename2.is_none()) {
      args.push_back(Value());
      args.push_back(filename2);
    }
  }
  Value exc = make_os_error(in, in.builtins.at("OSError").as<TypeObj>(), std::move(args));
  std::string msg;
  os_error_str(in, exc, msg);
  throw PyException(exc.as<ExceptionObj>()->type->name, msg, exc);
}

}  // namespace sl::lang

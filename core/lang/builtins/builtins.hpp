// builtins: the names every program starts with (Python's `builtins` module)
// and the methods of the builtin types, split by concept:
//   types.cpp       exception classes, the type constructors (int(), dict(), ...)
//                   and the methods of the numeric types
//   functions.cpp   the builtin functions (print, len, sorted, ...)
//   str_methods.cpp str methods, str.format and printf-style % formatting
//   containers.cpp  list, tuple, dict and set methods
// Each file registers its names from a table of (name, named function); a
// native receives its arguments in Args, self (for methods) in pos[0].
// Invariant: registration holds no logic, and install_builtins runs once per
// Interp, before any program (later installers, numpy and torch, may add to
// the same tables but never replace a builtin).
#pragma once
#include <string>
#include <vector>

#include "core/lang/eval/interp.hpp"

namespace sl::lang {

// One native of a registration table.
struct NativeDef {
  const char* name;
  Value (*fn)(Interp&, Args&);
};
template <size_t N>
void def_methods(Interp& in, TypeObj* type, const NativeDef (&table)[N]) {
  for (const auto& d : table) in.def_method(type, d.name, d.fn);
}

void install_builtin_types(Interp& in);
void install_class_builtins(Interp& in);  // property, classmethod, super, ... (classes.cpp)
// The argument checks of the builtin exceptions whose __init__ has a signature
// (UnicodeEncodeError & co. take exactly their fields; SyntaxError's second
// argument holds at least (filename, lineno, offset, text)).
void check_exception_args(Interp& in, TypeObj* ty, const std::vector<Value>& args);
void install_builtin_functions(Interp& in);
// exec, eval, compile, globals, locals (exec_builtins.cpp)
void install_exec_builtins(Interp& in);
// raise SystemExit(*args) (sys.exit, exit(), quit())
[[noreturn]] void raise_system_exit(Interp& in, std::vector<Value> args);
void install_str_methods(Interp& in);
void install_container_methods(Interp& in);
// The builtin types' special methods as attributes (slot_wrappers.cpp).
void install_slot_wrappers(Interp& in);

// ---- helpers shared by the builtins files (abstract.cpp owns the hash tables)
std::string py_str_repr(const std::string& s);
long table_lookup(Interp& in, HashTable& t, const Value& key);
void table_set(Interp& in, HashTable& t, const Value& key, const Value& val);
bool table_erase(Interp& in, HashTable& t, const Value& key);
void table_merge_set(Interp& in, HashTable& dst, const HashTable& src);

inline Value S(std::string s) { return make_str(std::move(s)); }
// v as a str, or TypeError "<what> must be str, not <type>".
const std::string& as_str(Interp& in, const Value& v, const char* what);
Value new_set(Interp& in, const std::vector<Value>& items);
std::vector<Value> table_keys(const HashTable& t);
// Stable sort with Python's "<" (and key / reverse), as list.sort and sorted().
void sort_values(Interp& in, std::vector<Value>& v, const Value& key, bool reverse);
// list.sort: the same over the list's own items, which the list gives up while
// the sort runs (Note [Sorting Python values], builtins.cpp).
void sort_list(Interp& in, ListObj& list, const Value& key, bool reverse);
// str.strip: chars "" means whitespace.
std::string strip_chars(const std::string& s, const std::string& chars, bool left, bool right);
// printf-style "%d %s %.2f" % args (str % x)
std::string percent_format(Interp& in, const std::string& fmt, const Value& arg);
// set op set for op in | & - ^ (both operands SetObj); the result is a
// frozenset when `a` is one.
Value set_operation(Interp& in, BinOp op, const Value& a, const Value& b);
// a op= b on a (mutable) set for op in | & - ^ (b a SetObj): a is updated in place.
void set_update_op(Interp& in, BinOp op, const Value& a, const Value& b);

// ---- SyntaxError's fields (types.cpp, after SyntaxError_init and
// SyntaxError_str in Objects/exceptions.c)
bool is_syntax_error(Interp& in, const Value& exc);
// msg, filename, lineno, offset, text, end_lineno, end_offset,
// print_file_and_line as its arguments give them; false for other names.
bool syntax_error_attr(Interp& in, const Value& exc, const std::string& name, Value& out);
// "msg (file.py, line 3)": the file's base name, from the fields as they are now.
bool syntax_error_str(Interp& in, const Value& exc, std::string& out);

// ---- OSError (oserror.cpp; Note [OSError fields])
bool is_os_error(Interp& in, TypeObj* ty);
// An OSError (or the subclass its errno names) from its constructor's arguments.
Value make_os_error(Interp& in, TypeObj* ty, std::vector<Value> args);
// "[Errno 2] No such file or directory: 'x'"; false when exc has no errno fields.
bool os_error_str(Interp& in, const Value& exc, std::string& out);
// "FileNotFoundError: [Errno 2] No such file or directory: 'x'": the line a
// traceback ends with, for a failure outside a program (the package's files API).
std::string os_error_text(int err, const std::string& filename);
// Linux's strerror text of an errno (Linux's numbers, on every build).
const char* linux_strerror(int err);
// Raises OSError(err, strerror, filename[, None, filename2]): FileNotFoundError & co.
[[noreturn]] void raise_os_error(Interp& in, int err, const Value& filename = Value(), const Value& filename2 = Value());

}  // namespace sl::lang

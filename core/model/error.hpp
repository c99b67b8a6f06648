// error: the one exception type the engine throws.
//
// Every failure a user can cause is a Python exception with a type name and a
// message exactly as NumPy / PyTorch / CPython word them ("ValueError",
// "cannot reshape array of size 12 into shape (3,5)"). The interpreter turns it
// into a Python exception object; the session boundary turns it into data for JS.
// Engine bugs are not PyErrors: they are asserted natively and never expected.
#pragma once
#include <stdexcept>
#include <string>

namespace sl {

struct PyError : std::exception {
  std::string type;  // Python exception class name, e.g. "ValueError"
  std::string msg;   // str(exception)
  // True for lang::PyException, the one subclass (a PyError with the Python
  // exception object attached): handlers tell the two apart with
  // lang::as_py_exception, since the wasm build has no RTTI (README
  // "Download size").
  bool has_object = false;
  PyError(std::string t, std::string m) : type(std::move(t)), msg(std::move(m)) {}
  const char* what() const noexcept override { return msg.c_str(); }
};

[[noreturn]] inline void raise(const char* type, std::string msg) { throw PyError(type, std::move(msg)); }
[[noreturn]] inline void value_error(std::string msg) { raise("ValueError", std::move(msg)); }
[[noreturn]] inline void type_error(std::string msg) { raise("TypeError", std::move(msg)); }
[[noreturn]] inline void index_error(std::string msg) { raise("IndexError", std::move(msg)); }
[[noreturn]] inline void runtime_error(std::string msg) { raise("RuntimeError", std::move(msg)); }

}  // namespace sl

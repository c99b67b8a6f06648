// exec_source: source text compiled and run while a program runs -- the
// evaluator's half of exec(), eval() and compile() (builtins/exec_builtins.cpp
// holds the builtins and their namespaces).
//
// Mirrors builtin_compile_impl / builtin_exec_impl / builtin_eval_impl
// (Python/bltinmodule.c) over Py_CompileStringObject's three modes:
//   "exec"   a module: statements, run for their effect;
//   "eval"   one expression, whose value is the result;
//   "single" one interactive statement: an expression statement's value is
//            shown as the REPL shows it (sys.displayhook: its repr unless
//            None, and bound to builtins._).
// The tree is this interpreter's own (there is no bytecode): a code object
// holds it, so running one twice runs the same tree, and the functions it
// defines keep their FuncDefs as a program's do.
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/parse/lexer.hpp"
#include "core/lang/parse/parser.hpp"

namespace sl::lang {

struct Interp::CompiledSource {
  enum Mode { Exec, Eval, Single } mode = Exec;
  std::string filename;
  std::unique_ptr<Module> module;
};

namespace {

// The SyntaxError (or IndentationError, TabError) compile() raises: CPython's
// exception carries (msg, (filename, lineno, offset, text, end_lineno,
// end_offset)), with 1-based offsets and the line's text with its newline.
[[noreturn]] void raise_compile_error(Interp& in, const PyError& e, const std::string& text,
                                      const std::string& filename) {
  const SyntaxErrorInfo info = last_syntax_error();
  // The tokenizer's own errors (an unterminated string, an unclosed bracket)
  // show the line as the source has it; the parser's see it with the newline
  // the tokenizer ends every line with, and mark a token: CPython's end_offset
  // is one past the offset, -1 for an indentation error, 0 for an unclosed
  // bracket, the offset for an unterminated string.
  const bool unclosed = e.msg.find("was never closed") != std::string::npos;
  const bool unterminated = e.msg.compare(0, 12, "unterminated") == 0;
  std::string line_text;
  bool newline = false;
  if (source_line(text, info.line, line_text, newline) && (newline || !unterminated)) line_text += "\n";
  const int end_line = info.end_line > 0 ? info.end_line : info.line;
  const int offset = info.col >= 0 ? info.col + 1 : 0;
  int end_offset = offset + 1;
  if (info.end_col >= 0) end_offset = info.end_col + 1;
  else if (e.type != "SyntaxError") end_offset = -1;
  else if (unclosed) end_offset = 0;
  else if (unterminated) end_offset = offset;
  TypeObj* ty = in.exception_type(e.type);
  Value where = make_tuple({make_str(filename), Value::integer(info.line), Value::integer(offset),
                            line_text.empty() ? Value() : make_str(line_text), Value::integer(end_line),
                            Value::integer(end_offset)});
  Value exc = in.make_exception(ty, {make_str(e.msg), where});
  throw PyException(e.type, in.exception_str(exc), exc);
}

[[noreturn]] void plain_syntax_error(const std::string& msg, const Stmt& s) {
  syntax_error(msg, s.line, s.col);
}

}  // namespace

std::shared_ptr<Interp::CompiledSource> Interp::compile_source(const std::string& text, const std::string& filename,
                                                               const std::string& mode, bool strip_leading) {
  auto code = std::make_shared<CompiledSource>();
  code->filename = filename;
  code->mode = mode == "eval" ? CompiledSource::Eval : mode == "single" ? CompiledSource::Single : CompiledSource::Exec;
  if (text.find('\0') != std::string::npos) raise_exc("SyntaxError", "source code string cannot contain null bytes");
  // eval() of a string skips the spaces and tabs it starts with (so does
  // exec's caller of the REPL); compile() does not.
  size_t from = 0;
  if (strip_leading)
    while (from < text.size() && (text[from] == ' ' || text[from] == '\t')) ++from;
  const std::string src = text.substr(from);
  try {
    code->module = parse_module(src);
    Body& body = code->module->body;
    if (code->mode == CompiledSource::Eval) {
      // An expression is a module of one expression statement; the parser
      // reads a statement where the grammar's `eval` rule would stop.
      if (body.empty()) syntax_error("invalid syntax", 0, -1);
      if (body.size() > 1 || body.front()->kind != SK::Expr) plain_syntax_error("invalid syntax", *body.front());
    } else if (code->mode == CompiledSource::Single && body.size() > 1) {
      syntax_error("multiple statements found while compiling a single statement", body.front()->line, body.front()->col);
    }
  } catch (const PyError& e) {
    if (as_py_exception(e)) throw;
    if (e.type == "SyntaxError" || e.type == "IndentationError" || e.type == "TabError")
      raise_compile_error(*this, e, src, filename);
    throw;
  }
  mark_untraced(code->module->body);  // Note [Frozen frames in tracebacks]
  return code;
}

Value Interp::run_compiled(const CompiledSource& code, const EnvP& scope) {
  // The code's frame: counted as CPython counts exec's module frame, and
  // named <module>; its statements are not traced, so a traceback leaves it
  // out as it does a frozen module's (the line it shows would be the
  // program's, not the string's).
  FrameEntry frame(*this, &kModuleFrame, 0, scope.get());
  const Body& body = code.module->body;
  if (code.mode == CompiledSource::Eval) {
    frames_.back().second = body.front()->line;
    return eval(*body.front()->value, scope);
  }
  Value ret;
  for (const auto& s : body) {
    if (code.mode == CompiledSource::Single && s->kind == SK::Expr) {
      frames_.back().second = s->line;
      Value v = eval(*s->value, scope);
      if (!v.is_none()) {  // sys.displayhook
        builtins["_"] = v;
        print_text(repr(v) + "\n");
      }
      continue;
    }
    exec(*s, scope, ret);
  }
  return Value();
}

}  // namespace sl::lang

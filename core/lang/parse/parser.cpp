// parser: the recursive-descent Parser and the scope analysis (parser.hpp).
#include "core/lang/objects/bytes.hpp"
#include "core/lang/parse/parser.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <set>

#include "core/model/error.hpp"
#include "core/lang/parse/lexer.hpp"
#include "core/lang/parse/symtable.hpp"
#include "core/lang/objects/pyint.hpp"

namespace sl::lang {

namespace {

const std::set<std::string> kKeywords = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield"};

struct Parser {
  std::vector<Token> toks;
  size_t p = 0;
  int max_depth = 1000;  // Note [Parser depth]
  int depth = 0;

  const Token& cur() const { return toks[p]; }
  const Token& ahead(size_t k = 1) const { return toks[std::min(p + k, toks.size() - 1)]; }
  bool is_op(const char* o) const { return cur().kind == Tok::Op && cur().text == o; }
  bool is_kw(const char* k) const { return cur().kind == Tok::Name && cur().text == k; }
  bool accept_op(const char* o) {
    if (is_op(o)) {
      ++p;
      return true;
    }
    return false;
  }
  bool accept_kw(const char* k) {
    if (is_kw(k)) {
      ++p;
      return true;
    }
    return false;
  }
  // Error positions follow CPython's (line, offset, end_line, end_offset):
  // generic "invalid syntax" covers the offending token, other messages the
  // node they name. End positions of nodes live beside the tree (ends_).
  std::unordered_map<const Expr*, std::pair<int, int>> ends_;
  size_t expr_start_ = size_t(-1), expr_end_ = size_t(-1);  // last disjunction parsed as an `expression`
  int loop_depth_ = 0, func_depth_ = 0;
  // Prefix of __qualname__ for functions defined here: "outer.<locals>." inside outer.
  std::string qual_prefix_;
  std::string enter_function(FuncDef& f) {
    f.qualname = qual_prefix_ + f.name;
    std::string saved = qual_prefix_;
    qual_prefix_ = f.qualname + ".<locals>.";
    return saved;
  }

  // A node's end is where its own parse ended: a parenthesized expression
  // keeps the end it had inside the parentheses (a later fin of the same node
  // leaves it), as CPython's nodes do.
  ExprP fin(ExprP e) {
    if (p > 0) ends_.emplace(e.get(), std::make_pair(toks[p - 1].end_line, toks[p - 1].end_col));
    return e;
  }
  [[noreturn]] void fail_node(const Expr& e, const std::string& msg) {
    auto it = ends_.find(&e);
    if (it == ends_.end()) syntax_error(msg, e.line, e.col);
    syntax_error(msg, e.line, e.col, it->second.first, it->second.second);
  }
  [[noreturn]] void fail_tok(const Token& t, const std::string& msg) {
    syntax_error(msg, t.line, t.col, t.end_line, t.end_col > t.col || t.end_line > t.line ? t.end_col : -1);
  }
  static bool starts_expr(const Token& t) {
    if (t.kind == Tok::Name) return !kKeywords.count(t.text) || t.text == "None" || t.text == "True" ||
                                    t.text == "False" || t.text == "not" || t.text == "lambda";
    if (t.kind == Tok::Int || t.kind == Tok::Float || t.kind == Tok::Imag || t.kind == Tok::String) return true;
    return t.kind == Tok::Op && (t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" ||
                                 t.text == "~" || t.text == "...");
  }
  // mirrors invalid_expression / invalid_legacy_expression (Grammar/python.gram):
  // `a b` where a is a disjunction and b an expression: a legacy print/exec
  // statement, or (inside brackets) a forgotten comma.
  [[noreturn]] void invalid_syntax() {
    if (expr_end_ == p && expr_start_ < p && starts_expr(cur())) {
      const Token& a = toks[expr_start_];
      bool legacy = expr_start_ + 1 == p && a.kind == Tok::Name && (a.text == "print" || a.text == "exec");
      bool name_string = expr_start_ + 1 == p && a.kind == Tok::Name && cur().kind == Tok::String;
      if (legacy || (cur().depth > 0 && !name_string)) {
        size_t save = p, a_idx = expr_start_;
        bool ok = true;
        try {
          if (legacy) parse_testlist_star();
          else parse_test();
        } catch (const PyError&) {
          ok = false;
        }
        size_t end = p - 1;
        p = save;
        if (ok) {
          const Token& b = toks[end];
          if (legacy)
            syntax_error("Missing parentheses in call to '" + a.text + "'. Did you mean " + a.text + "(...)?", a.line,
                         a.col, b.end_line, b.end_col);
          syntax_error("invalid syntax. Perhaps you forgot a comma?", toks[a_idx].line, toks[a_idx].col, b.end_line, b.end_col);
        }
      }
    }
    fail_tok(cur(), "invalid syntax");
  }
  [[noreturn]] void fail(const std::string& msg) {
    if (msg == "invalid syntax") invalid_syntax();
    if (msg == "unexpected indent") indentation_error(msg, cur().line, cur().col);
    syntax_error(msg, cur().line, cur().col);
  }
  [[noreturn]] void fail_at(const Token& t, const std::string& msg) { syntax_error(msg, t.line, t.col); }
  void expect_op(const char* o) {
    if (!accept_op(o)) {
      if (std::string(o) == ":") fail("expected ':'");
      if (std::string(o) == "(") fail_tok(cur(), "expected '('");
      fail("invalid syntax");
    }
  }
  std::string expect_name() {
    if (cur().kind != Tok::Name || kKeywords.count(cur().text)) fail("invalid syntax");
    return toks[p++].text;
  }

  // Note [Parser depth]: recursive descent spends native stack per level of
  // nesting, and wasm's stack is the browser's (about 1 MB): past max_depth
  // levels the parser gives up with the error CPython's PEG parser gives when
  // its own stack is full (MAXSTACK, Parser/parser.c). Brackets stop earlier,
  // at the tokenizer's 200 levels (MAXLEVEL, "too many nested parentheses").
  struct DepthGuard {
    Parser& ps;
    explicit DepthGuard(Parser& p) : ps(p) {
      if (++ps.depth > ps.max_depth) {
        --ps.depth;
        raise("MemoryError", "Parser stack overflowed - Python source too complex to parse");
      }
    }
    ~DepthGuard() { --ps.depth; }
  };

  // Note [Compile-time nesting]
  // CPython compiles a tree only as deep as its C recursion limit: its AST
  // optimizer (Python/ast_opt.c) counts one level for each statement and
  // expression node on the way down and raises RecursionError "maximum
  // recursion depth exceeded during compilation" past 10,000 (so
  // `x = 1+1+...` compiles with 9,999 terms and not with 10,000; measured
  // with the reference). A left-deep chain of operators is built here without
  // recursion, so this is the check that keeps every later walk of the tree
  // (scope analysis, evaluation, destruction) within a depth the native stack
  // holds. It walks with an explicit stack; `outer` is the number of
  // statements around this one.
  static constexpr int kMaxCompileDepth = 10000;
  static void check_nesting(const Stmt& top, int outer) {
    struct Item {
      const Stmt* s;
      const Expr* e;
      int depth;
    };
    std::vector<Item> todo{{&top, nullptr, outer + 1}};
    auto expr = [&](const Expr* e, int d) {
      if (e) todo.push_back({nullptr, e, d});
    };
    auto body = [&](const Body& b, int d) {
      for (auto& st : b) todo.push_back({st.get(), nullptr, d});
    };
    auto func = [&](const FuncDef* f, int d) {
      if (!f) return;
      for (auto& prm : f->params) expr(prm.dflt.get(), d);
      body(f->body, d);
    };
    while (!todo.empty()) {
      Item it = todo.back();
      todo.pop_back();
      if (it.depth > kMaxCompileDepth) raise("RecursionError", "maximum recursion depth exceeded during compilation");
      const int d = it.depth + 1;
      if (it.e) {
        const Expr& e = *it.e;
        expr(e.a.get(), d), expr(e.b.get(), d), expr(e.c.get(), d);
        for (auto& x : e.elts) expr(x.get(), d);
        for (auto& x : e.keys) expr(x.get(), d);
        for (auto& k : e.keywords) expr(k.value.get(), d);
        for (auto& g : e.generators) {
          expr(g.target.get(), d), expr(g.iter.get(), d);
          for (auto& x : g.ifs) expr(x.get(), d);
        }
        // a lambda's body is one expression in CPython's tree (here a Return)
        if (e.kind == EK::Lambda && e.func) {
          for (auto& prm : e.func->params) expr(prm.dflt.get(), d);
          for (auto& st : e.func->body) expr(st->value.get(), d);
        } else if (e.func.get() != nullptr && e.kind != EK::GenExp) {
          func(e.func.get(), d);
        }
        continue;
      }
      const Stmt& s = *it.s;
      for (auto& x : s.targets) expr(x.get(), d);
      expr(s.value.get(), d), expr(s.extra.get(), d);
      for (auto& x : s.items) expr(x.get(), d);
      for (auto& x : s.decorators) expr(x.get(), d);
      for (auto& k : s.keywords) expr(k.value.get(), d);
      body(s.body, d), body(s.orelse, d), body(s.finalbody, d);
      for (auto& h : s.handlers) {
        expr(h.type.get(), d);
        body(h.body, d);
      }
      func(s.func.get(), d);
    }
  }

  ExprP node(EK k, const Token& t) { return std::make_unique<Expr>(k, t.line, t.col); }

  // ---------------- statements ----------------
  Body parse_file() {
    Body body;
    while (cur().kind != Tok::End) {
      if (cur().kind == Tok::Newline) {
        ++p;
        continue;
      }
      if (cur().kind == Tok::Indent) fail("unexpected indent");
      parse_statement(body);
    }
    return body;
  }

  // Every statement, once parsed, is held to CPython's compile-time nesting
  // limit (Note [Compile-time nesting]) before anything walks it recursively.
  void parse_statement(Body& out) {
    const size_t before = out.size();
    parse_statement_node(out);
    for (size_t k = before; k < out.size(); ++k) check_nesting(*out[k], depth);
  }
  void parse_statement_node(Body& out) {
    DepthGuard g(*this);
    const Token& t = cur();
    if (t.kind == Tok::Name) {
      const std::string& w = t.text;
      if (w == "if") return out.push_back(parse_if());
      if (w == "while") return out.push_back(parse_while());
      if (w == "for") return out.push_back(parse_for());
      if (w == "def") return out.push_back(parse_def());
      if (w == "try") return out.push_back(parse_try());
      if (w == "with") return out.push_back(parse_with());
      if (w == "class") return out.push_back(parse_class());
      if (w == "async" || w == "await") fail("'" + w + "' is not supported in stridelab");
    }
    if (t.kind == Tok::Op && t.text == "@") return out.push_back(parse_decorated());
    parse_simple_line(out);
  }

  // decorators: ('@' namedexpr_test NEWLINE)+ (funcdef | classdef)
  StmtP parse_decorated() {
    std::vector<ExprP> decorators;
    while (accept_op("@")) {
      decorators.push_back(parse_namedexpr_test());
      if (cur().kind != Tok::Newline) fail("invalid syntax");
      ++p;
    }
    StmtP s;
    if (is_kw("def")) s = parse_def();
    else if (is_kw("class")) s = parse_class();
    else fail("invalid syntax");
    s->decorators = std::move(decorators);
    return s;
  }

  // class NAME ['(' [arguments] ')'] ':' suite
  StmtP parse_class() {
    const Token& t = toks[p++];
    auto s = std::make_unique<Stmt>(SK::ClassDef, t.line, t.col);
    s->name = expect_name();
    if (accept_op("(")) {
      while (!is_op(")")) {
        if (cur().kind == Tok::Name && p + 1 < toks.size() && toks[p + 1].kind == Tok::Op && toks[p + 1].text == "=") {
          Keyword k;
          k.name = toks[p].text;
          p += 2;
          k.value = parse_test();
          s->keywords.push_back(std::move(k));
        } else if (accept_op("**")) {
          Keyword k;
          k.value = parse_test();
          s->keywords.push_back(std::move(k));
        } else {
          const Token& st = cur();
          if (accept_op("*")) {
            auto e = node(EK::Starred, st);
            e->a = parse_test();
            s->items.push_back(std::move(e));
          } else {
            s->items.push_back(parse_test());
          }
        }
        if (!accept_op(",")) break;
      }
      expect_op(")");
    }
    int saved_loops = loop_depth_;
    loop_depth_ = 0;
    s->body = parse_block(t, "class definition");
    loop_depth_ = saved_loops;
    return s;
  }

  void parse_simple_line(Body& out) {
    for (;;) {
      out.push_back(parse_small());
      out.back()->end_line = toks[p - 1].end_line;  // a statement spanning lines (brackets, strings)
      out.back()->end_col = toks[p - 1].end_col;
      if (accept_op(";")) {
        if (cur().kind == Tok::Newline || cur().kind == Tok::End) break;
        continue;
      }
      break;
    }
    if (cur().kind == Tok::Newline) {
      ++p;
    } else if (cur().kind != Tok::End) {
      fail("invalid syntax");
    }
  }

  Body parse_block(const Token& owner, const std::string& what) {
    expect_op(":");
    Body body;
    if (cur().kind == Tok::Newline) {
      ++p;
      if (cur().kind != Tok::Indent) {
        std::string msg = "expected an indented block after " + what + " on line " + std::to_string(owner.line);
        if (cur().kind == Tok::End) indentation_error(msg, toks[p - 1].line, -1);  // at EOF: no caret
        // the error marks the token that came instead of the indent (invalid_*_stmt rules)
        const Token& q = cur();
        indentation_error(msg, q.line, q.col, "IndentationError", q.end_line == q.line && q.end_col > q.col ? q.end_col : -1);
      }
      ++p;
      while (cur().kind != Tok::Dedent && cur().kind != Tok::End) {
        if (cur().kind == Tok::Newline) {
          ++p;
          continue;
        }
        parse_statement(body);
      }
      if (cur().kind == Tok::Dedent) ++p;
    } else {
      parse_simple_line(body);
    }
    return body;
  }

  StmtP parse_if() {
    const Token& t = toks[p++];
    auto s = std::make_unique<Stmt>(SK::If, t.line, t.col);
    s->value = parse_namedexpr_test();
    s->body = parse_block(t, "'if' statement");
    if (is_kw("elif")) {
      s->orelse.push_back(parse_if());
    } else if (is_kw("else")) {
      const Token& e = toks[p++];
      s->orelse = parse_block(e, "'else' statement");
    }
    return s;
  }
  StmtP parse_while() {
    const Token& t = toks[p++];
    auto s = std::make_unique<Stmt>(SK::While, t.line, t.col);
    s->value = parse_namedexpr_test();
    ++loop_depth_;
    s->body = parse_block(t, "'while' statement");
    --loop_depth_;
    if (is_kw("else")) {
      const Token& e = toks[p++];
      s->orelse = parse_block(e, "'else' statement");
    }
    return s;
  }
  StmtP parse_for() {
    const Token& t = toks[p++];
    auto s = std::make_unique<Stmt>(SK::For, t.line, t.col);
    s->targets.push_back(parse_target_list());
    if (!accept_kw("in")) fail("invalid syntax");
    s->value = parse_testlist_star();
    ++loop_depth_;
    s->body = parse_block(t, "'for' statement");
    --loop_depth_;
    if (is_kw("else")) {
      const Token& e = toks[p++];
      s->orelse = parse_block(e, "'else' statement");
    }
    return s;
  }
  StmtP parse_with() {
    const Token& t = toks[p++];
    auto s = std::make_unique<Stmt>(SK::With, t.line, t.col);
    do {
      s->items.push_back(parse_test());
      if (accept_kw("as")) s->targets.push_back(parse_target());  // with-targets: "cannot assign to X"
      else s->targets.push_back(nullptr);
    } while (accept_op(","));
    s->body = parse_block(t, "'with' statement");
    return s;
  }
  StmtP parse_try() {
    const Token& t = toks[p++];
    auto s = std::make_unique<Stmt>(SK::Try, t.line, t.col);
    s->body = parse_block(t, "'try' statement");
    size_t bare = size_t(-1), bare_end = 0;  // a bare `except:` handler so far, and its last token
    while (is_kw("except")) {
      if (bare != size_t(-1)) {  // compiler_try_except
        const Token &a = toks[bare], &b = toks[bare_end];
        syntax_error("default 'except:' must be last", a.line, a.col, b.end_line, b.end_col);
      }
      const size_t at = p;
      const Token& e = toks[p++];
      Handler h;
      h.line = e.line;
      if (is_op(":")) bare = at;
      if (!is_op(":")) {
        h.type = parse_test();
        if (accept_op(",")) {
          // except (A, B) written without parentheses is a syntax error in Python 3
          fail("multiple exception types must be parenthesized");
        }
        if (accept_kw("as")) h.name = expect_name();
      }
      h.body = parse_block(e, "'except' statement");
      if (bare == at) {
        bare_end = p - 1;
        while (bare_end > at && (toks[bare_end].kind == Tok::Newline || toks[bare_end].kind == Tok::Indent ||
                                 toks[bare_end].kind == Tok::Dedent))
          --bare_end;
      }
      s->handlers.push_back(std::move(h));
    }
    if (is_kw("else")) {
      if (s->handlers.empty()) fail("invalid syntax");
      const Token& e = toks[p++];
      s->orelse = parse_block(e, "'else' statement");
    }
    if (is_kw("finally")) {
      const Token& e = toks[p++];
      s->finalbody = parse_block(e, "'finally' statement");
    }
    if (s->handlers.empty() && s->finalbody.empty()) fail_tok(cur(), "expected 'except' or 'finally' block");
    return s;
  }

  StmtP parse_def() {
    const Token& t = toks[p++];
    auto s = std::make_unique<Stmt>(SK::FunctionDef, t.line, t.col);
    auto f = std::make_shared<FuncDef>();
    f->name = expect_name();
    f->line = t.line;
    expect_op("(");
    parse_params(*f, ")");
    expect_op(")");
    if (accept_op("->")) parse_test();  // annotations are ignored
    int saved_loops = loop_depth_;
    loop_depth_ = 0;
    ++func_depth_;
    std::string saved_qual = enter_function(*f);
    f->body = parse_block(t, "function definition");
    qual_prefix_ = saved_qual;
    --func_depth_;
    loop_depth_ = saved_loops;
    if (!f->body.empty() && f->body[0]->kind == SK::Expr && f->body[0]->value->kind == EK::Const &&
        f->body[0]->value->constant.as<StrObj>())
      f->doc = f->body[0]->value->constant.as<StrObj>()->s;
    analyze_scope(*f);
    mark_generator(*f);
    s->func = f;
    return s;
  }

  void parse_params(FuncDef& f, const char* close) {
    bool kwonly = false, seen_default = false, seen_star = false, seen_varkw = false;
    while (!is_op(close)) {
      Param prm;
      size_t name_tok = p;
      if (seen_varkw) fail_tok(toks[name_tok], "arguments cannot follow var-keyword argument");
      if (accept_op("/")) {  // the parameters so far are positional-only
        if (kwonly) fail_tok(toks[name_tok], "/ must be ahead of *");
        if (f.params.empty()) fail_tok(toks[name_tok], "at least one argument must precede /");
        for (auto& q : f.params) {
          if (q.kind == Param::PosOnly) fail_tok(toks[name_tok], "/ may appear only once");
          q.kind = Param::PosOnly;
        }
        if (!accept_op(",")) break;
        continue;
      }
      if (accept_op("**")) {
        prm.kind = Param::VarKw;
        seen_varkw = true;
        name_tok = p;
        prm.name = expect_name();
        if (std::string(close) == ")" && accept_op(":")) parse_test();
      } else if (accept_op("*")) {
        if (seen_star) fail_tok(toks[name_tok], "* argument may appear only once");
        seen_star = true;
        if (is_op(",") || is_op(close)) {
          // a bare * needs a keyword-only parameter after it (CPython's
          // invalid_parameters / invalid_star_etc rules)
          const Token& nx = ahead();
          if (is_op(close) || (nx.kind == Tok::Op && (nx.text == "**" || nx.text == close)))
            fail_tok(toks[name_tok], "named arguments must follow bare *");
          kwonly = true;
          if (!accept_op(",")) break;
          continue;
        }
        prm.kind = Param::VarArgs;
        name_tok = p;
        prm.name = expect_name();
        if (std::string(close) == ")" && accept_op(":")) parse_test();
        kwonly = true;
      } else {
        prm.kind = kwonly ? Param::KwOnly : Param::Normal;
        name_tok = p;
        prm.name = expect_name();
        if (std::string(close) == ")" && accept_op(":")) parse_test();
        if (accept_op("=")) {
          prm.dflt = parse_test();
          seen_default = true;
        } else if (seen_default && !kwonly) {
          fail_tok(toks[name_tok], "parameter without a default follows parameter with a default");
        }
      }
      if (prm.name == "__debug__") fail_tok(toks[name_tok], "cannot assign to __debug__");
      for (auto& q : f.params)
        if (q.name == prm.name) fail_tok(toks[name_tok], "duplicate argument '" + prm.name + "' in function definition");
      f.params.push_back(std::move(prm));
      if (!accept_op(",")) break;
    }
  }

  StmtP parse_small() {
    const Token& t = cur();
    if (t.kind == Tok::Name) {
      const std::string& w = t.text;
      if (w == "pass") { ++p; return std::make_unique<Stmt>(SK::Pass, t.line, t.col); }
      if (w == "break" || w == "continue") {
        ++p;
        if (loop_depth_ == 0) fail_tok(t, w == "break" ? "'break' outside loop" : "'continue' not properly in loop");
        return std::make_unique<Stmt>(w == "break" ? SK::Break : SK::Continue, t.line, t.col);
      }
      if (w == "return") {
        size_t st = p++;
        auto s = std::make_unique<Stmt>(SK::Return, t.line, t.col);
        if (!at_stmt_end()) s->value = parse_testlist_star();
        if (func_depth_ == 0)
          syntax_error("'return' outside function", t.line, t.col, toks[p - 1].end_line, toks[std::max(p - 1, st)].end_col);
        return s;
      }
      if (w == "raise") {
        ++p;
        auto s = std::make_unique<Stmt>(SK::Raise, t.line, t.col);
        if (!at_stmt_end()) {
          s->value = parse_test();
          if (accept_kw("from")) s->extra = parse_test();
        }
        return s;
      }
      if (w == "del") {
        ++p;
        auto s = std::make_unique<Stmt>(SK::Del, t.line, t.col);
        do {
          s->targets.push_back(parse_target(TargetMode::Del));
        } while (accept_op(",") && !at_stmt_end());
        return s;
      }
      if (w == "global" || w == "nonlocal") {
        ++p;
        auto s = std::make_unique<Stmt>(w == "global" ? SK::Global : SK::Nonlocal, t.line, t.col);
        do {
          s->names.push_back({expect_name(), ""});
        } while (accept_op(","));
        return s;
      }
      if (w == "assert") {
        ++p;
        auto s = std::make_unique<Stmt>(SK::Assert, t.line, t.col);
        s->value = parse_test();
        if (accept_op(",")) s->extra = parse_test();
        return s;
      }
      if (w == "import") {
        ++p;
        auto s = std::make_unique<Stmt>(SK::Import, t.line, t.col);
        if (at_stmt_end()) fail_tok(cur(), "Expected one or more names after 'import'");
        do {
          Alias a;
          a.name = parse_dotted();
          if (accept_kw("as")) a.asname = expect_name();
          s->names.push_back(a);
        } while (accept_op(","));
        return s;
      }
      if (w == "from") {
        ++p;
        auto s = std::make_unique<Stmt>(SK::ImportFrom, t.line, t.col);
        s->module = parse_dotted();
        if (!accept_kw("import")) fail("invalid syntax");
        if (at_stmt_end()) fail_tok(cur(), "Expected one or more names after 'import'");
        bool paren = accept_op("(");
        if (accept_op("*")) {
          s->names.push_back({"*", ""});
        } else {
          do {
            if (paren && is_op(")")) break;
            Alias a;
            if (!paren && s->names.size() && at_stmt_end())  // `from m import a,`
              fail_tok(cur(), "trailing comma not allowed without surrounding parentheses");
            a.name = expect_name();
            if (accept_kw("as")) a.asname = expect_name();
            s->names.push_back(a);
          } while (accept_op(","));
        }
        if (paren) expect_op(")");
        return s;
      }
    }
    // expression statement or assignment
    const bool first_bare_yield = is_kw("yield");
    ExprP first = parse_yield_or_testlist();
    if (first->kind == EK::NamedExpr && toks[p - 1].text != ")") {
      // `x := 5` needs parentheses at statement level
      size_t q = p;
      while (q > 0 && !(toks[q].kind == Tok::Op && toks[q].text == ":=")) --q;
      fail_tok(toks[q], "invalid syntax");
    }
    if (cur().kind == Tok::Op) {
      const std::string& o = cur().text;
      if (o == "=") {
        auto s = std::make_unique<Stmt>(SK::Assign, t.line, t.col);
        // invalid_assignment: an unparenthesized yield before an '='
        if (first_bare_yield) fail_node(*first, "assignment to yield expression not possible");
        s->targets.push_back(std::move(first));
        while (accept_op("=")) {
          const bool bare_yield = is_kw("yield");
          ExprP e = parse_yield_or_testlist();
          if (bare_yield && is_op("=")) fail_node(*e, "assignment to yield expression not possible");
          s->targets.push_back(std::move(e));
        }
        s->value = std::move(s->targets.back());
        s->targets.pop_back();
        for (size_t k = 0; k < s->targets.size(); ++k) {
          const Expr& tg = *s->targets[k];
          if (tg.kind == EK::Starred) fail_node(tg, "starred assignment target must be in a list or tuple");
          const bool here = s->targets.size() == 1 && assign_here(tg);
          check_target(tg, here ? TargetMode::AssignHere : TargetMode::Assign);
        }
        return s;
      }
      if (o.size() >= 2 && o.back() == '=' && o != "==" && o != "<=" && o != ">=" && o != "!=") {
        ++p;
        auto s = std::make_unique<Stmt>(SK::AugAssign, t.line, t.col);
        if (first->kind != EK::Name && first->kind != EK::Attribute && first->kind != EK::Subscript)
          fail_node(*first, "'" + describe(*first) + "' is an illegal expression for augmented assignment");
        if (!parse_binop(o.substr(0, o.size() - 1), s->op)) fail("invalid syntax");
        s->targets.push_back(std::move(first));
        s->value = parse_yield_or_testlist();
        return s;
      }
      if (o == ":") {  // annotated assignment: x: int = 3
        ++p;
        auto s = std::make_unique<Stmt>(SK::AnnAssign, t.line, t.col);
        if (first->kind == EK::List || first->kind == EK::Tuple)  // invalid_ann_assign_target
          fail_node(*first, std::string("only single target (not ") + (first->kind == EK::List ? "list" : "tuple") + ") can be annotated");
        s->extra = parse_test();
        check_target(*first, TargetMode::Assign);
        s->targets.push_back(std::move(first));
        if (accept_op("=")) s->value = parse_yield_or_testlist();
        return s;
      }
    }
    auto s = std::make_unique<Stmt>(SK::Expr, t.line, t.col);
    s->value = std::move(first);
    return s;
  }

  bool at_stmt_end() const {
    return cur().kind == Tok::Newline || cur().kind == Tok::End || (cur().kind == Tok::Op && cur().text == ";");
  }

  std::string parse_dotted() {
    std::string n = expect_name();
    while (accept_op(".")) n += "." + expect_name();
    return n;
  }

  // _PyPegen_get_expr_name: how an error names an expression it refuses.
  static std::string describe(const Expr& e) {
    switch (e.kind) {
      case EK::Call: return "function call";
      case EK::Const:
        if (e.constant.is_none()) return "None";
        if (e.constant.is_bool()) return e.constant.as_bool() ? "True" : "False";
        if (e.constant.as<EllipsisObj>()) return "ellipsis";
        return "literal";
      case EK::Imag: return "literal";
      case EK::BinOp: case EK::UnaryOp: case EK::BoolOp: return "expression";
      case EK::Compare: return "comparison";
      case EK::Tuple: return "tuple";
      case EK::List: return "list";
      case EK::Set: return "set display";
      case EK::Dict: return "dict literal";
      case EK::FString: return "f-string expression";
      case EK::IfExp: return "conditional expression";
      case EK::Lambda: return "lambda";
      case EK::ListComp: return "list comprehension";
      case EK::SetComp: return "set comprehension";
      case EK::DictComp: return "dict comprehension";
      case EK::GenExp: return "generator expression";
      case EK::NamedExpr: return "named expression";
      case EK::Yield: case EK::YieldFrom: return "yield expression";
      case EK::Starred: return "starred";
      default: return "expression";
    }
  }
  // invalid_named_expression's "... here. Maybe you meant '=='" covers a
  // target that is a bitwise_or (no lambda, conditional, not/and/or,
  // comparison) other than a list, tuple, generator expression, True, False
  // or None; the rest get invalid_assignment's plain "cannot assign to".
  static bool assign_here(const Expr& e) {
    switch (e.kind) {
      case EK::Tuple: case EK::List: case EK::GenExp: case EK::IfExp: case EK::Lambda: case EK::BoolOp:
      case EK::Compare: case EK::Yield: case EK::YieldFrom:
        return false;
      case EK::UnaryOp: return e.unop != UnaryOp::Not;
      case EK::Const: return !(e.constant.is_none() || e.constant.is_bool());
      default: return true;
    }
  }

  enum class TargetMode { AssignHere, Assign, Del };
  // mirrors _PyPegen_get_invalid_target + the invalid_* rules' messages, and
  // the compiler's checks of a target (forbidden_name's __debug__,
  // unpack_helper's one starred target per tuple).
  void check_target(const Expr& e, TargetMode mode) {
    switch (e.kind) {
      case EK::Name:
        if (e.name == "__debug__") fail_node(e, mode == TargetMode::Del ? "cannot delete __debug__" : "cannot assign to __debug__");
        return;
      case EK::Attribute: case EK::Subscript: return;
      case EK::Tuple: case EK::List: {
        int starred = 0;
        for (auto& x : e.elts) {
          check_target(*x, mode == TargetMode::Del ? mode : TargetMode::Assign);
          starred += x->kind == EK::Starred;
        }
        if (starred > 1 && mode != TargetMode::Del) fail_node(e, "multiple starred expressions in assignment");
        return;
      }
      case EK::Starred:
        if (mode == TargetMode::Del) fail_node(e, "cannot delete starred");
        check_target(*e.a, mode);
        return;
      default: break;
    }
    const std::string what = describe(e);
    if (mode == TargetMode::Del) fail_node(e, "cannot delete " + what);
    if (mode == TargetMode::AssignHere) fail_node(e, "cannot assign to " + what + " here. Maybe you meant '==' instead of '='?");
    fail_node(e, "cannot assign to " + what);
  }

  // invalid_comprehension: `[*a for a in b]`
  void no_unpacking_in_comprehension(const Expr& first) {
    if (first.kind == EK::Starred) fail_node(first, "iterable unpacking cannot be used in comprehension");
  }

  // for-loop / comprehension targets: a comma list of targets (no 'in' parsing).
  ExprP parse_target_list() {
    const Token& t = cur();
    ExprP first = parse_target();
    if (!is_op(",")) return first;
    auto tup = node(EK::Tuple, t);
    tup->elts.push_back(std::move(first));
    while (accept_op(",")) {
      if (is_kw("in") || is_op("=")) break;
      tup->elts.push_back(parse_target());
    }
    return tup;
  }
  ExprP parse_target(TargetMode mode = TargetMode::Assign) {
    const Token& t = cur();
    if (accept_op("*")) {
      auto s = node(EK::Starred, t);
      s->a = parse_target(mode);
      s = fin(std::move(s));
      if (mode == TargetMode::Del) fail_node(*s, "cannot delete starred");
      return s;
    }
    ExprP e = parse_bitor();
    check_target(*e, mode);
    return e;
  }

  // ---------------- expressions ----------------
  ExprP parse_testlist_star_raw() {
    const Token& t = cur();
    ExprP first = parse_star_or_namedexpr();
    if (!is_op(",")) return first;
    auto tup = node(EK::Tuple, t);
    tup->elts.push_back(std::move(first));
    while (accept_op(",")) {
      if (at_stmt_end() || is_op("=") || is_op(")") || (cur().kind == Tok::Op && cur().text.size() >= 2 && cur().text.back() == '=' && cur().text != "==")) break;
      if (is_op(":")) break;
      tup->elts.push_back(parse_star_or_namedexpr());
    }
    return tup;
  }
  ExprP parse_star_or_namedexpr_raw() {
    const Token& t = cur();
    if (accept_op("*")) {
      auto s = node(EK::Starred, t);
      s->a = parse_bitor();
      return s;
    }
    return parse_namedexpr_test();
  }
  ExprP parse_namedexpr_test_raw() {
    const Token& t = cur();
    ExprP e = parse_test();
    if (is_op(":=")) {
      if (e->kind != EK::Name) fail("cannot use assignment expressions with " + describe(*e));
      ++p;
      auto n = node(EK::NamedExpr, t);
      n->name = e->name;
      n->a = parse_test();
      return n;
    }
    return e;
  }

  ExprP parse_test() { return fin(parse_test_raw()); }
  ExprP parse_testlist_star() { return fin(parse_testlist_star_raw()); }
  ExprP parse_star_or_namedexpr() { return fin(parse_star_or_namedexpr_raw()); }
  ExprP parse_namedexpr_test() { return fin(parse_namedexpr_test_raw()); }
  ExprP parse_or() { return fin(parse_or_raw()); }
  ExprP parse_and() { return fin(parse_and_raw()); }
  ExprP parse_not() { return fin(parse_not_raw()); }
  ExprP parse_comparison() { return fin(parse_comparison_raw()); }
  ExprP parse_factor() { return fin(parse_factor_raw()); }
  ExprP parse_power() { return fin(parse_power_raw()); }
  ExprP parse_primary() { return fin(parse_primary_raw()); }
  ExprP parse_atom() { return fin(parse_atom_raw()); }
  ExprP parse_test_raw() {
    DepthGuard g(*this);
    const Token& t = cur();
    if (is_kw("lambda")) {
      ++p;
      auto f = std::make_shared<FuncDef>();
      f->name = "<lambda>";
      f->line = t.line;
      parse_params(*f, ":");
      expect_op(":");
      auto ret = std::make_unique<Stmt>(SK::Return, t.line, t.col);
      ++func_depth_;
      std::string saved_qual = enter_function(*f);
      ret->value = parse_test();
      qual_prefix_ = saved_qual;
      --func_depth_;
      f->body.push_back(std::move(ret));
      analyze_scope(*f);
      mark_generator(*f);
      auto e = node(EK::Lambda, t);
      e->func = f;
      return e;
    }
    size_t body_start = p;
    ExprP body = parse_or();
    expr_start_ = body_start;
    expr_end_ = p;
    if (is_kw("if") ) {
      ++p;
      auto e = node(EK::IfExp, t);
      e->a = parse_or();
      if (!accept_kw("else")) fail("expected 'else' after 'if' expression");
      e->b = std::move(body);
      e->c = parse_test();
      return e;
    }
    return body;
  }
  ExprP parse_test_nocond() { return parse_or(); }

  ExprP parse_or_raw() {
    const Token& t = cur();
    ExprP a = parse_and();
    if (!is_kw("or")) return a;
    auto e = node(EK::BoolOp, t);
    e->boolop = BoolOp::Or;
    e->elts.push_back(std::move(a));
    while (accept_kw("or")) e->elts.push_back(parse_and());
    return e;
  }
  ExprP parse_and_raw() {
    const Token& t = cur();
    ExprP a = parse_not();
    if (!is_kw("and")) return a;
    auto e = node(EK::BoolOp, t);
    e->boolop = BoolOp::And;
    e->elts.push_back(std::move(a));
    while (accept_kw("and")) e->elts.push_back(parse_not());
    return e;
  }
  ExprP parse_not_raw() {
    const Token& t = cur();
    if (accept_kw("not")) {
      DepthGuard g(*this);
      auto e = node(EK::UnaryOp, t);
      e->unop = UnaryOp::Not;
      e->a = parse_not();
      return e;
    }
    return parse_comparison();
  }
  ExprP parse_comparison_raw() {
    const Token& t = cur();
    ExprP a = parse_bitor();
    ExprP cmp;
    for (;;) {
      CmpOp op;
      if (cur().kind == Tok::Op && (cur().text == "<" || cur().text == ">" || cur().text == "==" ||
                                    cur().text == ">=" || cur().text == "<=" || cur().text == "!=")) {
        parse_cmpop(toks[p++].text, op);
      } else if (is_kw("in")) {
        ++p;
        op = CmpOp::In;
      } else if (is_kw("not") && ahead().kind == Tok::Name && ahead().text == "in") {
        p += 2;
        op = CmpOp::NotIn;
      } else if (is_kw("is")) {
        ++p;
        op = accept_kw("not") ? CmpOp::IsNot : CmpOp::Is;
      } else {
        break;
      }
      if (!cmp) {
        cmp = node(EK::Compare, t);
        cmp->a = std::move(a);
      }
      cmp->cmp_ops.push_back(op);
      cmp->elts.push_back(parse_bitor());
    }
    return cmp ? std::move(cmp) : std::move(a);
  }

  ExprP binop_chain(ExprP (Parser::*sub)(), std::initializer_list<BinOp> ops) {
    const Token& t = cur();
    ExprP a = (this->*sub)();
    for (;;) {
      const BinOp* hit = nullptr;
      if (cur().kind == Tok::Op)
        for (const BinOp& o : ops)
          if (cur().text == op_symbol(o)) hit = &o;
      if (!hit) return a;
      ++p;
      auto e = std::make_unique<Expr>(EK::BinOp, t.line, t.col);
      e->binop = *hit;
      e->a = std::move(a);
      e->b = (this->*sub)();
      a = fin(std::move(e));
    }
  }
  ExprP parse_bitor() { return binop_chain(&Parser::parse_xor, {BinOp::BitOr}); }
  ExprP parse_xor() { return binop_chain(&Parser::parse_bitand, {BinOp::BitXor}); }
  ExprP parse_bitand() { return binop_chain(&Parser::parse_shift, {BinOp::BitAnd}); }
  ExprP parse_shift() { return binop_chain(&Parser::parse_arith, {BinOp::LShift, BinOp::RShift}); }
  ExprP parse_arith() { return binop_chain(&Parser::parse_term, {BinOp::Add, BinOp::Sub}); }
  ExprP parse_term() {
    return binop_chain(&Parser::parse_factor, {BinOp::Mul, BinOp::TrueDiv, BinOp::FloorDiv, BinOp::Mod, BinOp::MatMul});
  }
  ExprP parse_factor_raw() {
    const Token& t = cur();
    if (cur().kind == Tok::Op && (cur().text == "-" || cur().text == "+" || cur().text == "~")) {
      DepthGuard g(*this);
      ++p;
      auto e = node(EK::UnaryOp, t);
      parse_unaryop(t.text, e->unop);
      e->a = parse_factor();
      return e;
    }
    return parse_power();
  }
  ExprP parse_power_raw() {
    const Token& t = cur();
    ExprP a = parse_primary();
    if (accept_op("**")) {
      DepthGuard g(*this);
      auto e = node(EK::BinOp, t);
      e->binop = BinOp::Pow;
      e->a = std::move(a);
      e->b = parse_factor();
      return e;
    }
    return a;
  }

  ExprP parse_primary_raw() {
    ExprP e = parse_atom();
    for (;;) {
      const Token& t = cur();
      if (accept_op("(")) {
        DepthGuard g(*this);
        auto c = std::make_unique<Expr>(EK::Call, e->line, e->col);
        c->a = std::move(e);
        parse_call_args(*c);
        expect_op(")");
        e = fin(std::move(c));
      } else if (accept_op("[")) {
        DepthGuard g(*this);
        auto s = std::make_unique<Expr>(EK::Subscript, e->line, e->col);
        s->a = std::move(e);
        s->b = fold_constant_key(parse_subscript_list());
        expect_op("]");
        e = fin(std::move(s));
      } else if (accept_op(".")) {
        auto a = std::make_unique<Expr>(EK::Attribute, e->line, e->col);
        a->a = std::move(e);
        if (cur().kind != Tok::Name) fail("invalid syntax");
        a->name = toks[p++].text;
        e = fin(std::move(a));
      } else {
        (void)t;
        return e;
      }
    }
  }

  // The argument-order errors mirror _PyPegen_arguments_parsing_error and
  // the invalid_arguments / invalid_kwarg / invalid_starred_expression rules.
  void parse_call_args(Expr& c) {
    bool seen_kw = false, seen_kw_unpack = false;
    while (!is_op(")")) {
      const Token& t = cur();
      if (accept_op("**")) {
        Keyword k;
        k.value = parse_test();
        c.keywords.push_back(std::move(k));
        seen_kw = seen_kw_unpack = true;
      } else if (accept_op("*")) {
        if (is_op(")") || is_op(",")) fail_tok(cur(), "Invalid star expression");
        auto s = node(EK::Starred, t);
        s->a = parse_test();
        if (is_op("=")) {
          ++p;
          parse_test();
          syntax_error("cannot assign to iterable argument unpacking", t.line, t.col, toks[p - 1].end_line, toks[p - 1].end_col);
        }
        if (seen_kw_unpack) {  // the range CPython reports starts at the comma before the star
          const Token& comma = toks[&t - toks.data() - 1];
          syntax_error("iterable argument unpacking follows keyword argument unpacking", comma.line, comma.col,
                       toks[p - 1].end_line, toks[p - 1].end_col);
        }
        c.elts.push_back(std::move(s));
      } else if (cur().kind == Tok::Name && ahead().kind == Tok::Op && ahead().text == "=" && !kKeywords.count(cur().text)) {
        Keyword k;
        k.name = toks[p].text;
        p += 2;
        if (is_op(")") || is_op(","))
          syntax_error("expected argument value expression", t.line, t.col, toks[p - 1].end_line, toks[p - 1].end_col);
        k.value = parse_test();
        for (auto& o : c.keywords)
          if (o.name == k.name)
            syntax_error("keyword argument repeated: " + k.name, t.line, t.col, toks[p - 1].end_line, toks[p - 1].end_col);
        c.keywords.push_back(std::move(k));
        seen_kw = true;
      } else {
        ExprP a = parse_namedexpr_test();
        if (is_kw("for")) {
          auto g = node(EK::GenExp, t);
          g->a = std::move(a);
          parse_comp_for(*g);
          a = fin(make_genexp(std::move(g)));
          bool alone = c.elts.empty() && c.keywords.empty() && (is_op(")") || (is_op(",") && ahead().kind == Tok::Op && ahead().text == ")"));
          if (!alone) fail_node(*a, "Generator expression must be parenthesized");
        }
        if (seen_kw)
          fail_tok(cur(), seen_kw_unpack ? "positional argument follows keyword argument unpacking"
                                         : "positional argument follows keyword argument");
        c.elts.push_back(std::move(a));
      }
      if (!accept_op(",")) break;
    }
  }

  // Note [Constant subscript keys]
  // A subscript whose key is made of literals only -- ints, None, ..., and
  // slices of those (x[:, ::2], m[1, 2], a[::-1]) -- has the same key every
  // time, and tuples and slices are immutable: the key is built here, once,
  // and the node becomes a constant, so evaluating the subscript allocates no
  // slice or tuple objects. CPython folds the same keys into constants
  // (tuples of constants always; slices since 3.14). Anything else (a name, a
  // call, a starred item, a walrus) leaves the node as it was. The node is
  // marked (conversion 'k', a field only f-string nodes use otherwise): only
  // an array receives the shared key; any other receiver gets a fresh copy of
  // a key holding a slice, as Python 3.13 builds one per evaluation
  // (subscript_key in ceval.cpp).
  static bool literal_index(const Expr* e, Value& out) {
    if (!e) return out = Value(), true;
    if (e->kind == EK::Const && (e->constant.is_int() || e->constant.is_none() || e->constant.as<EllipsisObj>()))
      return out = e->constant, true;
    if (e->kind == EK::UnaryOp && e->unop == UnaryOp::Neg && e->a->kind == EK::Const && e->a->constant.is_int() &&
        e->a->constant.as_int() != INT64_MIN)
      return out = Value::integer(-e->a->constant.as_int()), true;
    return false;
  }
  static bool literal_key_item(const Expr* e, Value& out) {
    if (e->kind != EK::Slice) return literal_index(e, out);
    Value a, b, c;
    if (!literal_index(e->a.get(), a) || !literal_index(e->b.get(), b) || !literal_index(e->c.get(), c)) return false;
    out = Value(std::static_pointer_cast<Obj>(std::make_shared<SliceObj>(a, b, c)));
    return true;
  }
  static ExprP fold_constant_key(ExprP key) {
    Value v;
    if (key->kind == EK::Tuple) {
      std::vector<Value> items(key->elts.size());
      for (size_t k = 0; k < items.size(); ++k)
        if (!literal_key_item(key->elts[k].get(), items[k])) return key;
      v = make_tuple(std::move(items));
    } else if (key->kind != EK::Slice || !literal_key_item(key.get(), v)) {
      return key;
    }
    auto c = std::make_unique<Expr>(EK::Const, key->line, key->col);
    c->constant = v;
    c->conversion = 'k';  // a folded key: the evaluator copies it for receivers that are not arrays
    return c;
  }

  ExprP parse_subscript_list() {
    const Token& t = cur();
    ExprP first = parse_subscript();
    if (!is_op(",")) return first;
    auto tup = node(EK::Tuple, t);
    tup->elts.push_back(std::move(first));
    while (accept_op(",")) {
      if (is_op("]")) break;
      tup->elts.push_back(parse_subscript());
    }
    return tup;
  }
  ExprP parse_subscript() {
    const Token& t = cur();
    ExprP lo;
    if (!is_op(":")) {
      if (accept_op("*")) {
        auto s = node(EK::Starred, t);
        s->a = parse_bitor();
        return s;
      }
      lo = parse_namedexpr_test();
      if (!is_op(":")) return lo;
    }
    auto s = node(EK::Slice, t);
    s->a = std::move(lo);
    expect_op(":");
    if (!is_op(":") && !is_op(",") && !is_op("]")) s->b = parse_test();
    if (accept_op(":")) {
      if (!is_op(",") && !is_op("]")) s->c = parse_test();
    }
    return s;
  }

  void parse_comp_for(Expr& e) {
    while (is_kw("for")) {
      ++p;
      Comprehension c;
      c.target = parse_target_list();
      if (!accept_kw("in")) fail("invalid syntax");
      c.iter = parse_or();
      while (is_kw("if")) {
        ++p;
        c.ifs.push_back(parse_test_nocond());
      }
      e.generators.push_back(std::move(c));
    }
  }

  ExprP parse_atom_raw() {
    DepthGuard g(*this);
    const Token& t = cur();
    switch (t.kind) {
      case Tok::Name: {
        if (t.text == "None" || t.text == "True" || t.text == "False") {
          ++p;
          auto e = node(EK::Const, t);
          if (t.text != "None") e->constant = Value::boolean(t.text == "True");
          return e;
        }
        if (kKeywords.count(t.text)) fail("invalid syntax");
        ++p;
        auto e = node(EK::Name, t);
        e->name = t.text;
        return e;
      }
      case Tok::Int: {
        ++p;
        auto e = node(EK::Const, t);
        e->constant = parse_int_literal(t);
        return e;
      }
      case Tok::Float: {
        ++p;
        auto e = node(EK::Const, t);
        e->constant = Value::floating(std::strtod(t.text.c_str(), nullptr));
        return e;
      }
      case Tok::Imag: {
        ++p;
        auto e = node(EK::Imag, t);
        e->constant = Value::floating(std::strtod(t.text.c_str(), nullptr));
        return e;
      }
      case Tok::String: return parse_strings();
      case Tok::Op: break;
      default: fail(t.kind == Tok::Indent ? "unexpected indent" : "invalid syntax");
    }
    if (accept_op("...")) {
      auto e = node(EK::Const, t);
      e->constant = ellipsis_value();
      return e;
    }
    if (accept_op("(")) {
      if (accept_op(")")) return node(EK::Tuple, t);
      if (is_kw("yield")) {
        ExprP y = parse_yield();
        expect_op(")");
        return y;
      }
      ExprP first = parse_star_or_namedexpr();
      if (is_kw("for")) {
        no_unpacking_in_comprehension(*first);
        auto gen = node(EK::GenExp, t);
        gen->a = std::move(first);
        parse_comp_for(*gen);
        expect_op(")");
        return make_genexp(std::move(gen));
      }
      if (accept_op(")")) {
        if (first->kind == EK::Starred) fail_at(t, "cannot use starred expression here");
        return first;  // parenthesised expression
      }
      auto tup = node(EK::Tuple, t);
      tup->elts.push_back(std::move(first));
      while (accept_op(",")) {
        if (is_op(")")) break;
        tup->elts.push_back(parse_star_or_namedexpr());
      }
      expect_op(")");
      return tup;
    }
    if (accept_op("[")) {
      auto lst = node(EK::List, t);
      if (accept_op("]")) return lst;
      ExprP first = parse_star_or_namedexpr();
      if (is_kw("for")) {
        no_unpacking_in_comprehension(*first);
        auto comp = node(EK::ListComp, t);
        comp->a = std::move(first);
        parse_comp_for(*comp);
        expect_op("]");
        return comp;
      }
      lst->elts.push_back(std::move(first));
      while (accept_op(",")) {
        if (is_op("]")) break;
        lst->elts.push_back(parse_star_or_namedexpr());
      }
      expect_op("]");
      return lst;
    }
    if (accept_op("{")) {
      if (accept_op("}")) return node(EK::Dict, t);
      if (accept_op("**")) {
        const Token& stars = toks[p - 1];
        auto d = node(EK::Dict, t);
        d->keys.push_back(nullptr);
        d->elts.push_back(parse_bitor());
        if (is_kw("for")) fail_tok(stars, "dict unpacking cannot be used in dict comprehension");  // invalid_dict_comprehension
        parse_dict_rest(*d);
        return d;
      }
      ExprP first = parse_star_or_namedexpr();
      if (accept_op(":")) {
        if (is_op("}") || is_op(",")) fail_tok(toks[p - 1], "expression expected after dictionary key and ':'");
        ExprP val = parse_test();
        if (is_kw("for")) {
          auto comp = node(EK::DictComp, t);
          comp->a = std::move(first);
          comp->b = std::move(val);
          parse_comp_for(*comp);
          expect_op("}");
          return comp;
        }
        auto d = node(EK::Dict, t);
        d->keys.push_back(std::move(first));
        d->elts.push_back(std::move(val));
        parse_dict_rest(*d);
        return d;
      }
      if (is_kw("for")) {
        no_unpacking_in_comprehension(*first);
        auto comp = node(EK::SetComp, t);
        comp->a = std::move(first);
        parse_comp_for(*comp);
        expect_op("}");
        return comp;
      }
      auto st = node(EK::Set, t);
      st->elts.push_back(std::move(first));
      while (accept_op(",")) {
        if (is_op("}")) break;
        st->elts.push_back(parse_star_or_namedexpr());
      }
      expect_op("}");
      return st;
    }
    fail("invalid syntax");
  }

  void parse_dict_rest(Expr& d) {
    while (accept_op(",")) {
      if (is_op("}")) break;
      if (accept_op("**")) {
        d.keys.push_back(nullptr);
        d.elts.push_back(parse_bitor());
        continue;
      }
      d.keys.push_back(parse_test());
      expect_op(":");
      if (is_op("}") || is_op(",")) fail_tok(toks[p - 1], "expression expected after dictionary key and ':'");
      d.elts.push_back(parse_test());
    }
    expect_op("}");
  }

  static Value parse_int_literal(const Token& t) {
    const std::string& s = t.text;
    int base = 10;
    size_t st = 0;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, st = 2;
    else if (s.size() > 2 && s[0] == '0' && (s[1] == 'o' || s[1] == 'O')) base = 8, st = 2;
    else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) base = 2, st = 2;
    std::string digits;
    for (size_t k = st; k < s.size(); ++k)
      if (s[k] != '_') digits += s[k];
    BigInt v;
    BigInt::parse(digits, base, v);  // the lexer admitted only digits of `base`
    return make_int(std::move(v));
  }

  // Adjacent string literals concatenate; any f-string makes the whole an FString.
  ExprP parse_strings() {
    const Token& first = cur();
    bool any_f = false;
    size_t q = p;
    while (toks[q].kind == Tok::String) any_f |= toks[q++].fstring;
    if (!any_f) {
      std::string s;
      const bool bytes = first.bytes;  // b'..' literals are bytes values (objects/bytes.hpp)
      while (cur().kind == Tok::String) {
        if (toks[p].bytes != bytes) syntax_error("cannot mix bytes and nonbytes literals", first.line, first.col);
        s += toks[p++].text;
      }
      auto e = node(EK::Const, first);
      e->constant = bytes ? make_bytes(std::move(s)) : make_str(std::move(s));
      return e;
    }
    auto e = node(EK::FString, first);
    while (cur().kind == Tok::String) {
      const Token& t = toks[p++];
      if (!t.fstring) {
        add_literal(*e, t.text, t);
      } else {
        parse_fstring_body(*e, t.text, t, t.raw);
      }
    }
    return e;
  }

  void add_literal(Expr& f, const std::string& s, const Token& t) {
    if (s.empty()) return;
    if (!f.elts.empty() && f.elts.back()->kind == EK::Const) {
      f.elts.back()->constant.as<StrObj>()->s += s;
      return;
    }
    auto c = node(EK::Const, t);
    c->constant = make_str(s);
    f.elts.push_back(std::move(c));
  }

  // The source position (line, 0-based col) of t.text[at] in an f-string token
  // t, whose text is the source between its quotes: an error inside an
  // f-string points into it, as CPython 3.12's f-string tokens do (PEP 701).
  // A single-line token's prefix and quote length follow from its width; a
  // multi-line one's from its last line.
  std::pair<int, int> fstring_pos(const Token& t, size_t at) const {
    const std::string& body = t.text;
    at = std::min(at, body.size());
    const int prefix = t.raw ? 2 : 1;  // f or rf/fr
    int quote;
    size_t last_nl = body.rfind('\n');
    if (t.end_line == t.line || last_nl == std::string::npos)
      quote = (t.end_col - t.col - int(body.size()) - prefix) / 2;
    else
      quote = t.end_col - int(body.size() - last_nl - 1);
    size_t nl = at == 0 ? std::string::npos : body.rfind('\n', at - 1);
    if (nl == std::string::npos) return {t.line, t.col + prefix + quote + int(at)};
    int line = t.line + int(std::count(body.begin(), body.begin() + long(at), '\n'));
    return {line, int(at - nl - 1)};
  }
  [[noreturn]] void fstring_error(const std::string& msg, const Token& t, size_t at) {
    auto [line, col] = fstring_pos(t, at);
    syntax_error(msg, line, col);
  }

  // Splits an f-string body into literal text and {expr!conv:spec} fields.
  // `base`: where body starts in t.text (a format spec's nested fields).
  void parse_fstring_body(Expr& f, const std::string& body, const Token& t, bool raw, size_t base = 0) {
    size_t i = 0;
    std::string lit;
    auto flush = [&]() {
      add_literal(f, raw ? lit : unescape_python(lit), t);
      lit.clear();
    };
    while (i < body.size()) {
      char c = body[i];
      if (c == '{') {
        if (i + 1 < body.size() && body[i + 1] == '{') {
          lit += '{';
          i += 2;
          continue;
        }
        flush();
        i = parse_field(f, body, i + 1, t, base);
        continue;
      }
      if (c == '\\' && !raw && i + 1 < body.size()) {  // an escape stays whole: \N{EURO SIGN} is no field
        const size_t end = body[i + 1] == 'N' && i + 2 < body.size() && body[i + 2] == '{' ? body.find('}', i) : i + 1;
        const size_t stop = end == std::string::npos ? i + 1 : end;
        lit += body.substr(i, stop - i + 1);
        i = stop + 1;
        continue;
      }
      if (c == '}') {
        if (i + 1 < body.size() && body[i + 1] == '}') {
          lit += '}';
          i += 2;
          continue;
        }
        fstring_error("f-string: single '}' is not allowed", t, base + i);
      }
      lit += c;
      ++i;
    }
    flush();
  }

  // Parses a replacement field starting after '{'; returns the index after '}'.
  size_t parse_field(Expr& f, const std::string& body, size_t i, const Token& t, size_t base) {
    // find the end of the expression: first top-level '!', ':', '=' (not part of ==, !=, <=, >=) or '}'
    int depth = 0;
    size_t j = i;
    char quote = 0;
    for (; j < body.size(); ++j) {
      char c = body[j];
      if (quote) {
        if (c == quote) quote = 0;
        continue;
      }
      if (c == '\'' || c == '"') { quote = c; continue; }
      if (c == '(' || c == '[' || c == '{') { ++depth; continue; }
      if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) break;
        --depth;
        continue;
      }
      if (depth == 0) {
        if (c == '!' && j + 1 < body.size() && body[j + 1] != '=') break;
        if (c == ':') break;
        if (c == '=' && j + 1 < body.size() && body[j + 1] != '=' &&
            body[j - 1] != '=' && body[j - 1] != '!' && body[j - 1] != '<' && body[j - 1] != '>')
          break;
      }
    }
    if (j >= body.size()) fstring_error("f-string: expecting '}'", t, t.text.size());
    std::string expr_text = body.substr(i, j - i);
    bool blank = expr_text.find_first_not_of(" \t\n") == std::string::npos;
    if (blank) fstring_error(std::string("f-string: valid expression required before '") + body[j] + "'", t, base + j);
    auto fv = node(EK::Formatted, t);
    const auto [eline, ecol] = fstring_pos(t, base + i);  // the field's place in the source, for error positions
    fv->a = parse_expression(expr_text, eline, ecol);
    bool debug = false;
    if (body[j] == '=') {
      debug = true;
      add_literal(f, expr_text + "=", t);
      ++j;
      // whitespace after '=' is part of the literal
      size_t k = j;
      while (k < body.size() && body[k] == ' ') ++k;
      if (k > j) {
        f.elts.back()->constant.as<StrObj>()->s += body.substr(j, k - j);
        j = k;
      }
    }
    if (j < body.size() && body[j] == '!') {
      if (j + 1 >= body.size()) fstring_error("f-string: expecting '}'", t, t.text.size());
      char conv = body[j + 1];
      if (conv == '}' || conv == ':') fstring_error("f-string: missing conversion character", t, base + j + 1);
      if (conv != 'r' && conv != 's' && conv != 'a')
        fstring_error(std::string("f-string: invalid conversion character '") + conv + "': expected 's', 'r', or 'a'", t,
                      base + j + 1);
      fv->conversion = conv;
      j += 2;
    }
    if (j < body.size() && body[j] == ':') {
      // format spec up to the matching '}', may contain nested fields
      size_t k = j + 1;
      int d = 0;
      for (; k < body.size(); ++k) {
        if (body[k] == '{') ++d;
        else if (body[k] == '}') {
          if (d == 0) break;
          --d;
        }
      }
      if (k >= body.size()) fstring_error("f-string: expecting '}'", t, t.text.size());
      auto spec = node(EK::FString, t);
      parse_fstring_body(*spec, body.substr(j + 1, k - j - 1), t, true, base + j + 1);
      fv->b = std::move(spec);
      j = k;
    }
    if (j >= body.size() || body[j] != '}') fstring_error("f-string: expecting '}'", t, j >= body.size() ? t.text.size() : base + j);
    if (debug && fv->conversion == 0 && !fv->b) fv->conversion = 'r';
    f.elts.push_back(std::move(fv));
    return j + 1;
  }

  // ---------------- generators ----------------
  // yield_expr: 'yield' 'from' test | 'yield' [testlist_star_expr]
  ExprP parse_yield() {
    const Token& t = toks[p++];  // 'yield' outside a function: the symbol table's check
    if (accept_kw("from")) {
      auto e = node(EK::YieldFrom, t);
      e->a = parse_test();
      return fin(std::move(e));
    }
    auto e = node(EK::Yield, t);
    if (!at_stmt_end() && !is_op(")") && !is_op("=")) e->a = parse_testlist_star();
    return fin(std::move(e));
  }
  ExprP parse_yield_or_testlist() { return is_kw("yield") ? parse_yield() : parse_testlist_star(); }

  // A generator expression becomes what CPython compiles it to: a generator
  // function "<genexpr>" of one parameter ".0" (the first iterable, evaluated
  // eagerly in the enclosing scope and kept in g->a), whose body is the nested
  // for/if statements around `yield elt`.
  ExprP make_genexp(ExprP g) {
    auto f = std::make_shared<FuncDef>();
    f->name = "<genexpr>";
    f->line = g->line;
    f->is_genexp = true;
    f->qualname = qual_prefix_ + f->name;
    Param src;
    src.name = ".0";
    f->params.push_back(std::move(src));
    auto ys = std::make_unique<Stmt>(SK::Expr, g->a->line, g->a->col);
    ys->value = std::make_unique<Expr>(EK::Yield, g->a->line, g->a->col);
    ys->value->a = std::move(g->a);
    StmtP inner = std::move(ys);
    for (size_t k = g->generators.size(); k-- > 0;) {
      Comprehension& c = g->generators[k];
      for (size_t i = c.ifs.size(); i-- > 0;) {
        auto st = std::make_unique<Stmt>(SK::If, c.ifs[i]->line, c.ifs[i]->col);
        st->value = std::move(c.ifs[i]);
        st->body.push_back(std::move(inner));
        inner = std::move(st);
      }
      auto loop = std::make_unique<Stmt>(SK::For, c.target->line, c.target->col);
      loop->targets.push_back(std::move(c.target));
      if (k == 0) {
        loop->value = std::make_unique<Expr>(EK::Name, g->line, g->col);
        loop->value->name = ".0";
        g->a = std::move(c.iter);
      } else {
        loop->value = std::move(c.iter);
      }
      loop->body.push_back(std::move(inner));
      inner = std::move(loop);
    }
    f->body.push_back(std::move(inner));
    g->generators.clear();
    analyze_scope(*f);
    mark_generator(*f);
    g->func = f;
    return g;
  }

  // The children of e that its own scope evaluates (a lambda's or a
  // comprehension's body belongs to another scope).
  template <class Fn>
  static void scope_children(Expr& e, Fn&& fn) {
    switch (e.kind) {
      case EK::Lambda:
        for (auto& prm : e.func->params) fn(prm.dflt.get());
        return;
      case EK::ListComp: case EK::SetComp: case EK::DictComp:
        if (!e.generators.empty()) fn(e.generators[0].iter.get());
        return;
      default: break;
    }
    fn(e.a.get());
    fn(e.b.get());
    fn(e.c.get());
    for (auto& x : e.elts) fn(x.get());
    for (auto& x : e.keys) fn(x.get());
    for (auto& k : e.keywords) fn(k.value.get());
  }
  // Note [Generator frames] (generator.hpp): marks every node that contains a
  // yield, and the operands such a node evaluates, as resumable.
  static bool mark_yields(Expr* e) {
    if (!e) return false;
    bool y = e->kind == EK::Yield || e->kind == EK::YieldFrom;
    scope_children(*e, [&](Expr* c) { y = mark_yields(c) || y; });
    if (!y) return false;
    e->resumable = true;
    scope_children(*e, [](Expr* c) {
      if (!c) return;
      c->resumable = true;
      // operands evaluated through a Starred or Formatted wrapper, not through it
      if (c->kind == EK::Starred || c->kind == EK::Formatted)
        scope_children(*c, [](Expr* cc) { if (cc) cc->resumable = true; });
    });
    return true;
  }
  static bool mark_body(Body& body) {
    bool y = false;
    for (auto& s : body) {
      for (auto& x : s->targets) y = mark_yields(x.get()) || y;
      for (auto& x : s->items) y = mark_yields(x.get()) || y;
      y = mark_yields(s->value.get()) || y;
      y = mark_yields(s->extra.get()) || y;
      if (s->kind == SK::FunctionDef) {
        for (auto& prm : s->func->params) y = mark_yields(prm.dflt.get()) || y;
        continue;
      }
      y = mark_body(s->body) || y;
      y = mark_body(s->orelse) || y;
      y = mark_body(s->finalbody) || y;
      for (auto& h : s->handlers) {
        y = mark_yields(h.type.get()) || y;
        y = mark_body(h.body) || y;
      }
    }
    return y;
  }
  static void mark_generator(FuncDef& f) {
    f.is_generator = mark_body(f.body);
    if (f.is_generator) f.leaf = false;  // its scope lives in the generator object
  }

  // ---------------- scope analysis ----------------
  static void collect_targets(const Expr& e, std::vector<std::string>& out) {
    switch (e.kind) {
      case EK::Name: out.push_back(e.name); break;
      case EK::Tuple: case EK::List:
        for (auto& x : e.elts) collect_targets(*x, out);
        break;
      case EK::Starred: collect_targets(*e.a, out); break;
      default: break;
    }
  }
  static void collect_walrus(const Expr* e, std::vector<std::string>& out) {
    if (!e) return;
    if (e->kind == EK::NamedExpr) out.push_back(e->name);
    if (e->kind == EK::Lambda) return;
    if (e->kind == EK::GenExp) {  // its walrus targets bind here, in the enclosing scope
      collect_walrus(e->a.get(), out);
      collect_walrus_body(e->func->body, out);
      return;
    }
    collect_walrus(e->a.get(), out);
    collect_walrus(e->b.get(), out);
    collect_walrus(e->c.get(), out);
    for (auto& x : e->elts) collect_walrus(x.get(), out);
    for (auto& x : e->keys) collect_walrus(x.get(), out);
    for (auto& k : e->keywords) collect_walrus(k.value.get(), out);
  }
  static void collect_walrus_body(const Body& body, std::vector<std::string>& out) {
    for (auto& s : body) {
      collect_walrus(s->value.get(), out);
      collect_walrus_body(s->body, out);
    }
  }
  static void collect_body(const Body& body, FuncDef& f, std::vector<std::string>& assigned) {
    for (auto& s : body) {
      switch (s->kind) {
        case SK::ClassDef: assigned.push_back(s->name); continue;  // its body is a scope of its own
        case SK::Assign: case SK::AugAssign: case SK::AnnAssign: case SK::For: case SK::Del:
          for (auto& t : s->targets)
            if (t) collect_targets(*t, assigned);
          break;
        case SK::With:
          for (auto& t : s->targets)
            if (t) collect_targets(*t, assigned);
          break;
        case SK::FunctionDef: assigned.push_back(s->func->name); break;
        case SK::Import:
          for (auto& a : s->names) {
            std::string n = a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname;
            assigned.push_back(n);
          }
          break;
        case SK::ImportFrom:
          for (auto& a : s->names) assigned.push_back(a.asname.empty() ? a.name : a.asname);
          break;
        case SK::Global:
          for (auto& a : s->names) f.globals.push_back(a.name);
          break;
        case SK::Nonlocal:
          for (auto& a : s->names) f.nonlocals.push_back(a.name);
          break;
        case SK::Try:
          for (auto& h : s->handlers) {
            if (!h.name.empty()) assigned.push_back(h.name);
            collect_body(h.body, f, assigned);
          }
          break;
        default: break;
      }
      collect_walrus(s->value.get(), assigned);
      collect_body(s->body, f, assigned);
      collect_body(s->orelse, f, assigned);
      collect_body(s->finalbody, f, assigned);
    }
  }
  static void analyze_scope(FuncDef& f) {
    f.plain_params = std::all_of(f.params.begin(), f.params.end(),
                                 [](const Param& p) { return p.kind == Param::Normal || p.kind == Param::PosOnly; });
    std::vector<std::string> assigned;
    for (auto& prm : f.params) assigned.push_back(prm.name);
    if (f.is_genexp) {  // only the loop targets are the generator expression's own
      std::function<void(const Body&)> targets = [&](const Body& b) {
        for (auto& s : b) {
          if (s->kind == SK::For) collect_targets(*s->targets[0], assigned);
          targets(s->body);
        }
      };
      targets(f.body);
    } else {
      collect_body(f.body, f, assigned);
    }
    std::sort(assigned.begin(), assigned.end());
    assigned.erase(std::unique(assigned.begin(), assigned.end()), assigned.end());
    for (auto& n : assigned) {
      if (std::find(f.globals.begin(), f.globals.end(), n) != f.globals.end()) continue;
      if (std::find(f.nonlocals.begin(), f.nonlocals.end(), n) != f.nonlocals.end()) continue;
      f.locals.push_back(n);
    }
    for (auto& prm : f.params) f.param_slots.push_back(f.slot_of(prm.name));
    f.leaf = true;
    resolve_body(f.body, f);
  }

  // Note [Name caches] (ceval.cpp): each Name (and walrus) node that names a
  // local of f, and that f's own scope evaluates, gets that local's slot. The
  // bodies of nested scopes (def, lambda, class, a comprehension past its
  // first iterable) are evaluated in scopes of their own and are left alone;
  // finding one makes f a non-leaf.
  static void resolve_expr(Expr* e, FuncDef& f) {
    if (!e) return;
    if (e->kind == EK::Name || e->kind == EK::NamedExpr) {
      int k = f.slot_of(e->name);
      if (k >= 0) {
        e->slot = k;
        e->slot_fn = &f;
      }
    }
    switch (e->kind) {
      case EK::Lambda: case EK::ListComp: case EK::SetComp: case EK::DictComp: case EK::GenExp: f.leaf = false; break;
      default: break;
    }
    scope_children(*e, [&](Expr* c) { resolve_expr(c, f); });
  }
  static void resolve_body(Body& body, FuncDef& f) {
    for (auto& s : body) {
      for (auto& x : s->targets) resolve_expr(x.get(), f);
      for (auto& x : s->items) resolve_expr(x.get(), f);
      for (auto& x : s->decorators) resolve_expr(x.get(), f);
      for (auto& k : s->keywords) resolve_expr(k.value.get(), f);
      resolve_expr(s->value.get(), f);
      resolve_expr(s->extra.get(), f);
      if (s->kind == SK::FunctionDef || s->kind == SK::ClassDef) {
        f.leaf = false;
        if (s->func)
          for (auto& prm : s->func->params) resolve_expr(prm.dflt.get(), f);
        continue;
      }
      resolve_body(s->body, f);
      resolve_body(s->orelse, f);
      resolve_body(s->finalbody, f);
      for (auto& h : s->handlers) {
        resolve_expr(h.type.get(), f);
        resolve_body(h.body, f);
      }
    }
  }
};

}  // namespace

std::unique_ptr<Module> parse_module(const std::string& src) {
  Parser ps;
  ps.toks = tokenize(src);
  auto m = std::make_unique<Module>();
  m->body = ps.parse_file();
  check_symbols(*m, ps.ends_);  // Note [Symbol table checks]
  size_t st = 0;
  for (;;) {
    size_t nl = src.find('\n', st);
    m->source_lines.push_back(src.substr(st, nl == std::string::npos ? std::string::npos : nl - st));
    if (nl == std::string::npos) break;
    st = nl + 1;
  }
  return m;
}

ExprP parse_expression(const std::string& src, int line, int col) {
  Parser ps;
  std::string text = src;
  // f-string fields may span lines; parenthesise to allow implicit joining,
  // and pad so that the text's tokens sit at its columns in the source (`col`)
  ps.toks = tokenize(std::string(size_t(std::max(0, col - 1)), ' ') + "(" + text + ")", line, true);
  ExprP e = ps.parse_testlist_star();
  if (ps.cur().kind != Tok::End) syntax_error("f-string: invalid syntax", line, col);
  return e;
}

}  // namespace sl::lang

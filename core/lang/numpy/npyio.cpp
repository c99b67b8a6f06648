// npyio: the native half of numpy.lib.format -- the reader of an .npy
// header's literal. The rest of the .npy and .npz formats (np.save, np.load,
// np.savez, NpzFile, the zip container) is Python, as NumPy's is:
// core/lang/frozen/numpy.lib.format.py and numpy.lib.npyio.py.
//
// A header is the text of a Python dict literal ({'descr': '<f8',
// 'fortran_order': False, 'shape': (3,), }), which NumPy reads with
// ast.literal_eval. _literal_eval here is that function over this
// interpreter's own parser (mirrors Lib/ast.py: literal_eval): the
// expression is parsed, and only constants (str, bytes, numbers, True,
// False, None), tuples, lists, sets, dicts, a unary +/- on a number and a
// real +/- imaginary sum are turned into values; any other node is
// "malformed". A text that does not parse raises SyntaxError, which
// read_array turns into "Cannot parse header".
#include <cstdio>

#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/lang/parse/ast.hpp"
#include "core/lang/parse/parser.hpp"

namespace sl::lang {

namespace {

[[noreturn]] void malformed(Interp& in, const Expr& e) {
  static const char* const kinds[] = {"Name", "Constant", "Constant", "JoinedStr", "FormattedValue", "List", "Tuple",
                                      "Set", "Dict", "BinOp", "UnaryOp", "BoolOp", "Compare", "Call"};
  const size_t k = size_t(e.kind);
  const char* kind = k < sizeof kinds / sizeof kinds[0] ? kinds[k] : "expr";
  char addr[32];
  std::snprintf(addr, sizeof addr, "%p", static_cast<const void*>(&e));
  in.raise_exc("ValueError", "malformed node or string on line " + std::to_string(e.line) + ": <ast." + kind +
                                 " object at " + addr + ">");
}

bool is_number(const Value& v) { return !v.is_bool() && (is_pyint(v) || v.is_float() || v.as<ComplexObj>()); }

Value literal(Interp& in, const Expr& e) {
  switch (e.kind) {
    case EK::Const:
      return e.constant;
    case EK::Imag:
      return make_complex(0.0, e.constant.as_float());
    case EK::Tuple:
    case EK::List:
    case EK::Set: {
      std::vector<Value> items;
      for (const auto& x : e.elts) items.push_back(literal(in, *x));
      if (e.kind == EK::Tuple) return make_tuple(std::move(items));
      Value list = make_list(std::move(items));
      return e.kind == EK::List ? list : in.call(in.builtins["set"], std::vector<Value>{list});
    }
    case EK::Dict: {
      Value d = in.call(in.builtins["dict"], std::vector<Value>{});
      for (size_t i = 0; i < e.elts.size(); ++i) {
        if (i >= e.keys.size() || !e.keys[i]) malformed(in, e);
        in.setitem(d, literal(in, *e.keys[i]), literal(in, *e.elts[i]));
      }
      return d;
    }
    case EK::UnaryOp:
      if ((e.unop == UnaryOp::Neg || e.unop == UnaryOp::Pos) && e.a) {
        Value x = literal(in, *e.a);
        if (is_number(x)) return in.call(in.getattr(x, e.unop == UnaryOp::Neg ? "__neg__" : "__pos__"), std::vector<Value>{});
      }
      malformed(in, e);
    case EK::BinOp:
      if ((e.binop == BinOp::Add || e.binop == BinOp::Sub) && e.a && e.b && e.b->kind == EK::Imag) {
        Value l = literal(in, *e.a), r = literal(in, *e.b);
        if (is_number(l) && !l.as<ComplexObj>())
          return in.call(in.getattr(l, e.binop == BinOp::Add ? "__add__" : "__sub__"), std::vector<Value>{r});
      }
      malformed(in, e);
    default:
      malformed(in, e);
  }
}

Value np_literal_eval(Interp& in, Args& a) {
  a.fname = "_literal_eval";
  Value text = a.required(0, "node_or_string");
  a.finish(1);
  if (!text.as<StrObj>()) in.raise_exc("ValueError", "malformed node or string: " + in.repr(text));
  std::string s = text.as<StrObj>()->s;
  // literal_eval strips leading spaces and tabs (ast.parse in 'eval' mode)
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  ExprP e = parse_expression(s.substr(i), 1, 0);
  return literal(in, *e);
}

const FnEntry kFormatFns[] = {
    {"_literal_eval", np_literal_eval, {"_literal_eval(node_or_string)"}},
};

}  // namespace

void install_numpy_npyio(Interp& in, ModuleObj& np) {
  ModuleObj& fmt = submodule(in, "numpy.lib.format");  // attached to numpy.lib
  def_fns(in, fmt, kFormatFns);
}

}  // namespace sl::lang

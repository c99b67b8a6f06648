// codecs_module: `_codecs` -- encode(obj, encoding='utf-8', errors='strict')
// and decode(obj, encoding='utf-8', errors='strict'), CPython's
// Modules/_codecsmodule.c entry points over the str and bytes codecs
// (builtins/codecs.cpp). A protocol 0-2 pickle names _codecs.encode to
// rebuild bytes (Python 2 had no bytes type), so the unpickler needs it.
#include "core/lang/builtins/builtins.hpp"
#include "core/lang/modules/modules.hpp"
#include "core/lang/objects/bytes.hpp"

namespace sl::lang {

namespace {

Value codec_call(Interp& in, Args& a, const char* method) {
  Value obj = a.required(0, "obj");
  Value enc = a.optional(1, "encoding", make_str("utf-8"));
  Value err = a.optional(2, "errors", make_str("strict"));
  a.finish(3);
  if (!in.hasattr(obj, method))
    in.raise_exc("TypeError", std::string("'") + in.type_name(obj) + "' object has no attribute '" + method + "'");
  return in.call(in.getattr(obj, method), std::vector<Value>{enc, err});
}

Value codecs_encode(Interp& in, Args& a) {
  a.fname = "encode";
  return codec_call(in, a, "encode");
}

Value codecs_decode(Interp& in, Args& a) {
  a.fname = "decode";
  return codec_call(in, a, "decode");
}

const ModuleFnDef kCodecs[] = {{"encode", codecs_encode}, {"decode", codecs_decode}};

}  // namespace

void install_codecs_module(Interp& in) {
  ModuleObj& m = new_module(in, "_codecs");
  def_functions(in, m, kCodecs);
}

}  // namespace sl::lang

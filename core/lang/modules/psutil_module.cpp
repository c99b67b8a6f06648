// psutil_module: the subset of psutil seed 001 uses --
// Process().memory_info().rss reports a fixed interpreter baseline plus the
// engine's live array bytes, which is what its memory demonstrations measure.
#include "core/lang/modules/modules.hpp"
#include "core/model/storage.hpp"

namespace sl::lang {

void install_psutil_module(Interp& in) {
  ModuleObj& psutil = new_module(in, "psutil");
  TypeObj* proc_t = in.new_type("Process", "psutil", {in.t.object});
  TypeObj* meminfo_t = in.new_type("pmem", "psutil", {in.t.object});
  proc_t->call = [meminfo_t, proc_t](Interp& in, Args& a) -> Value {
    auto p = std::make_shared<GenericObj>(proc_t);
    p->attrs["memory_info"] = in.builtin("memory_info", [meminfo_t](Interp& in, Args&) -> Value {
      auto m = std::make_shared<GenericObj>(meminfo_t);
      // A fixed interpreter baseline plus the bytes every live array storage holds.
      int64_t rss = 12 * 1024 * 1024 + Storage::live_bytes();
      m->attrs["rss"] = Value::integer(rss);
      m->attrs["vms"] = Value::integer(rss);
      m->attrs["__repr__"] = in.builtin("__repr__", [rss](Interp&, Args&) -> Value {
        return make_str("pmem(rss=" + std::to_string(rss) + ", vms=" + std::to_string(rss) + ")");
      });
      return Value(std::static_pointer_cast<Obj>(m));
    });
    return Value(std::static_pointer_cast<Obj>(p));
  };
  psutil.attrs["Process"] = Value(std::shared_ptr<Obj>(std::shared_ptr<Obj>(), proc_t));
}

}  // namespace sl::lang

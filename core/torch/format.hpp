// format_torch: tensors, torch.Size and torch dtypes as text, exactly as
// PyTorch 2.6's torch/_tensor_str.py prints them (repr(t) == str(t)).
//
// Owns: torch's print options (torch.set_printoptions state, one per
// session: Note [Session state]) and the text of tensors, sizes and dtypes. Invariant: formatting reads a tensor only
// through its layout, never writes it, and its output depends only on the
// values shown and the print options.
//
// The rules, from _tensor_str.py:
//   * One _Formatter per tensor (per real/imaginary part for complex), built
//     from every element -- or, when numel > threshold, only from the elements
//     the summary shows (get_summarized_data). Integers and bools print with
//     "{}" and are right-aligned to the widest. Floats (float16 printed as
//     float32) look at the nonzero finite values: all integral -> "int mode"
//     ("3." with a trailing dot) unless max/min > 1000 or max > 1e8 (then sci);
//     otherwise sci mode when max/min > 1000, max > 1e8 or min < 1e-4, else
//     fixed "{:.4f}". Sci mode is "{:.4e}". Every element is right-aligned to
//     the formatter's max width.
//   * Rows wrap at linewidth (80) counting "tensor(" as indent; dims >= 2 are
//     separated by "," plus dim-1 newlines; summaries keep edgeitems (3) at
//     each end of every dimension longer than 2*edgeitems with "..."/" ...".
//   * Suffixes: ", dtype=torch.X" unless the dtype is float32 (the default),
//     complex64, int64 or bool; empty tensors print "[]" with ", size=(2, 0)"
//     when not 1-D and ", dtype=" whenever the dtype is not float32. A suffix
//     that would pass the line width goes on its own line.
// Python's float formatting ("{:.4f}", "{:.4e}", "{:.0f}") is correctly
// rounded, as is printf; non-finite values print as "nan", "inf", "-inf".
#pragma once
#include <optional>
#include <string>

#include "core/model/array.hpp"

namespace sl {

struct TorchPrintOptions {
  int precision = 4;
  double threshold = 1000;  // may be inf (profile="full")
  int edgeitems = 3;
  int linewidth = 80;
  std::optional<bool> sci_mode;  // None: chosen per tensor by the formatter
};
TorchPrintOptions& torch_print_options();  // torch.set_printoptions: the running session's

// repr(t) / str(t) for a tensor: "tensor([[1., 3.],\n        [5., 7.]])".
// default_float is torch.get_default_dtype(): that dtype, its complex
// counterpart, int64 and bool print without a dtype= suffix.
std::string format_tensor(const Array& t, DType default_float = DType::F32);
// "torch.Size([3, 4])"
std::string format_torch_size(const Shape& s);
// "torch.float32"
std::string format_torch_dtype(DType dt);

}  // namespace sl

// strings: the ufuncs NumPy defines on text ('U' and 'S' arrays) and the
// element access the np.char / np.strings front end builds on.
//
// Owns: which ufuncs have a text loop (comparisons, add), their result widths
// (add: the sum of the operand widths), and NumPy's answers when there is no
// loop: == / != give all-False / all-True (NumPy 2), every other ufunc raises
// UFuncTypeError "did not contain a loop with signature matching types".
// Invariant: nothing here reads a text element outside its itemsize; results
// are new arrays (copies), never views.
#pragma once
#include <string>
#include <vector>

#include "core/model/descr.hpp"
#include "core/kernels/elementwise.hpp"
#include "core/ops/ufunc_types.hpp"

namespace sl {

// True when some operand has a flexible dtype: the ufunc is text_ufunc's.
bool any_flexible(const std::vector<UfuncOperand>& ops);
ArrayPtr text_ufunc(Ufunc op, const std::vector<UfuncOperand>& ops, const UfuncOptions& opt);

// A reduction (np.sum, np.max, ...) of a flexible array: NumPy's error for
// ufunc `name` ("add", "maximum"), as its reduce raises it.
[[noreturn]] void raise_flexible_reduce(const char* name, const Array& a);

// The text of every element of a text array in C order (UTF-8 for 'U').
std::vector<std::string> texts_of(const Array& a);
// A new text array of `kind` (Str or Bytes) holding `texts` (C order) with the
// given width, or the longest text's width (at least 1) when width < 0.
ArrayPtr text_array(DType kind, const Shape& shape, const std::vector<std::string>& texts, int64_t width = -1);
// Characters in UTF-8 text (code points).
int64_t text_length(const std::string& s);

}  // namespace sl

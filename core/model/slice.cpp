// slice: see slice.hpp (mirrors PySlice_Unpack + PySlice_AdjustIndices,
// Objects/sliceobject.c).
#include "core/model/slice.hpp"

#include "core/model/error.hpp"

namespace sl {

SliceRange slice_range(const IndexItem& s, int64_t n) {
  int64_t step = s.step.value_or(1);
  if (step == 0) value_error("slice step cannot be zero");
  int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? n - 1 : n;
  auto norm = [&](const std::optional<int64_t>& x, int64_t dflt) {
    if (!x) return dflt;
    int64_t i = *x;
    if (i < 0) {
      i += n;
      if (i < lower) i = lower;
    } else if (i > upper) {
      i = upper;
    }
    return i;
  };
  int64_t start = norm(s.start, step < 0 ? upper : lower);
  int64_t stop = norm(s.stop, step < 0 ? lower : upper);
  int64_t count = step < 0 ? (stop < start ? (start - stop - 1) / (-step) + 1 : 0)
                           : (start < stop ? (stop - start - 1) / step + 1 : 0);
  return {start, step, count, stop};
}

}  // namespace sl

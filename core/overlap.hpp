// overlap: do two arrays (or one array with itself) touch the same bytes?
// Mirrors NumPy's mem_overlap.c (solve_may_share_memory,
// solve_may_have_internal_overlap); see the algorithm notes in overlap.cpp.
#pragma once
#include <cstdint>

#include "core/array.hpp"

namespace sl {

enum class MemOverlap { No, Yes, TooHard, Overflow };

// max_work: 0 = extents only (may_share_memory), -1 = unbounded (shares_memory's
// default), otherwise the solver's work budget.
MemOverlap solve_may_share_memory(const Array& a, const Array& b, int64_t max_work);
MemOverlap solve_may_have_internal_overlap(const Array& a, int64_t max_work);

}  // namespace sl

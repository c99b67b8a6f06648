// jsonvalue: JSON text <-> interpreter values, for the JS API's set()/get().
//
// JSON -> Python: null -> None, true/false -> bool, numbers -> int when written
// without '.', 'e' or 'E' and within int64, else float; strings -> str; arrays ->
// list; objects -> dict (string keys). Python -> JSON: None, bool, int, float
// (non-finite floats as {"$float":"nan"|"inf"|"-inf"}), str, list/tuple ->
// array, dict with str keys -> object, complex -> {"$complex":[re,im]},
// NumPy scalars as their Python value, arrays/tensors -> {"$array": layout},
// anything else -> {"$repr":"..."}.
#pragma once
#include <string>

#include "core/lang/objects/value.hpp"

namespace sl {

namespace lang {
class Interp;
}

// Throws PyError("ValueError", "invalid JSON: ...") on malformed input.
lang::Value json_to_value(lang::Interp& in, const std::string& json);
std::string value_to_json(lang::Interp& in, const lang::Value& v);
class JsonWriter;
// The members "kind","dtype","shape","strides","offset","nbytes","contiguous"
// of an array's layout, written into the caller's open object.
void array_layout_fields(JsonWriter& w, const Array& a);

}  // namespace sl

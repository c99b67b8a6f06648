// ndarray: numpy.ndarray (and NumPy scalars) as Python objects -- attributes,
// methods, indexing and printing: the NumPy row of the front-end table
// (array_hooks.hpp; Note [Front-end table]). Tensors have their own row
// (torch/tensor.cpp), which starts as a copy of this one: what a tensor does
// not override it finds here, hence the Torch flavour's messages below.
#include "core/lang/objects/bytes.hpp"
#include "core/lang/objects/pyint.hpp"
#include "core/lang/objects/array_hooks.hpp"
#include "core/lang/objects/classes.hpp"

#include <cmath>
#include <cstring>

#include "core/model/element.hpp"
#include "core/text/format.hpp"
#include "core/ops/copy.hpp"
#include "core/kernels/elementwise.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/index.hpp"
#include "core/lang/frontend/registry.hpp"
#include "core/text/numfmt.hpp"
#include "core/model/strides.hpp"
#include "core/ops/strings.hpp"
#include "core/ops/views.hpp"
#include "core/text/flexible.hpp"

namespace sl::lang {

Value buffer_base(const Array& a);  // numpy/buffers.cpp: np.frombuffer's base

bool record_getattr(Interp& in, const ArrayPtr& a, const std::string& name, Value& out);  // numpy/strings.cpp


// The attributes of numpy.dtype objects (numpy/module.cpp).
Value numpy_dtype_getattr(Interp& in, const Value& d, const std::string& attr, bool& found);
// Implemented by the ufunc front end (numpy/ufuncs.cpp); found=false when not applicable.
Value ufunc_binop(Interp& in, Ufunc u, const Value& a, const Value& b, bool inplace, bool& found);
Value ufunc_unary(Interp& in, UnaryOp op, const Value& a);
Ufunc operator_ufunc(BinOp op);
Ufunc operator_ufunc(CmpOp op);
// Implemented by the linalg front end (numpy/linalg.cpp): the `@` operator.
Value matmul_operator(Interp& in, const Value& a, const Value& b);
// Implemented by the views front end (numpy/views.cpp): ndarray.flat.
Value make_flatiter(Interp& in, const ArrayPtr& a);
void flat_assign(Interp& in, const ArrayPtr& a, const Value& x);
// Implemented with the NumPy 2 surface (numpy/numpy2.cpp).
Value array_interface(Interp& in, const Array& a);
Value ctypes_object(Interp& in, const Array& a);

namespace {

// The session's numpy.flagsobj type, made at its first a.flags: a slot, as a
// type object belongs to the interpreter that made it (Note [Session state]).
struct FlagsType {
  TypeObj* t = nullptr;
};

Value flags_object(Interp& in, const ArrayPtr& a) {
  TypeObj*& flags_type = in.state().get<FlagsType>().t;
  if (!flags_type) flags_type = in.new_type("flagsobj", "numpy", {in.t.object});
  auto g = std::make_shared<GenericObj>(flags_type);
  std::weak_ptr<Array> w = a;
  ArrayPtr keep = a;
  auto get = [keep](const std::string& k) -> int {
    const Array& x = *keep;
    if (k == "C_CONTIGUOUS" || k == "C" || k == "CONTIGUOUS" || k == "c_contiguous") return x.c_contiguous();
    if (k == "F_CONTIGUOUS" || k == "F" || k == "FORTRAN" || k == "f_contiguous") return x.f_contiguous();
    if (k == "OWNDATA" || k == "O" || k == "owndata") return x.owndata;
    if (k == "WRITEABLE" || k == "W" || k == "writeable") return x.writeable;
    if (k == "ALIGNED" || k == "A" || k == "aligned") return x.aligned();
    if (k == "WRITEBACKIFCOPY" || k == "X" || k == "writebackifcopy") return 0;
    if (k == "FNC" || k == "fnc") return x.f_contiguous() && !x.c_contiguous();
    if (k == "FORC" || k == "forc") return x.f_contiguous() || x.c_contiguous();
    if (k == "BEHAVED" || k == "B" || k == "behaved") return x.aligned() && x.writeable;
    if (k == "CARRAY" || k == "CA" || k == "carray") return x.aligned() && x.writeable && x.c_contiguous();
    if (k == "FARRAY" || k == "FA" || k == "farray") return x.aligned() && x.writeable && x.f_contiguous() && !x.c_contiguous();
    return -1;
  };
  g->attrs["__getitem__"] = in.builtin("__getitem__", [get](Interp& in, Args& a) -> Value {
    Value k = a.required(0, "key");
    auto* s = k.as<StrObj>();
    int r = s ? get(s->s) : -1;
    if (r < 0 || (s && islower((unsigned char)s->s[0]))) {
      Value exc = in.make_exception(in.exception_type("KeyError"), {make_str("Unknown flag")});
      throw PyException("KeyError", "'Unknown flag'", exc);
    }
    return Value::boolean(r != 0);
  });
  for (const char* attr : {"c_contiguous", "f_contiguous", "owndata", "writeable", "aligned", "writebackifcopy", "fnc", "forc", "behaved", "carray", "farray"})
    g->attrs[attr] = Value::boolean(get(attr) != 0);
  g->attrs["__repr__"] = in.builtin("__repr__", [get](Interp&, Args&) -> Value {
    auto tf = [&](const char* k) { return get(k) ? std::string("True") : std::string("False"); };
    return make_str("  C_CONTIGUOUS : " + tf("C_CONTIGUOUS") + "\n  F_CONTIGUOUS : " + tf("F_CONTIGUOUS") +
                    "\n  OWNDATA : " + tf("OWNDATA") + "\n  WRITEABLE : " + tf("WRITEABLE") + "\n  ALIGNED : " +
                    tf("ALIGNED") + "\n  WRITEBACKIFCOPY : " + tf("WRITEBACKIFCOPY") + "\n");
  });
  g->attrs["__setitem__"] = in.builtin("__setitem__", [keep](Interp& in, Args& a) -> Value {
    Value k = a.required(0, "key");
    bool v = in.truthy(a.required(1, "value"));
    auto* s = k.as<StrObj>();
    std::string key = s ? s->s : "";
    if (key == "WRITEABLE" || key == "W") {
      if (v && !keep->writeable) {
        // NumPy allows re-enabling only when the base chain is writeable and owns memory.
        const Array* b = keep->base.get();
        while (b && !b->owndata && b->base) b = b->base.get();
        if (keep->flavor == Flavor::Scalar || (b && !b->writeable) || (!b && !keep->owndata))
          in.raise_exc("ValueError", "cannot set WRITEABLE flag to True of this array");
      }
      keep->writeable = v;
      return Value();
    }
    in.raise_exc("KeyError", "'Unknown flag'");
  });
  g->attrs["__setattr__"] = in.builtin("__setattr__", [g = g.get()](Interp& in, Args& a) -> Value {
    std::string n = a.pos[0].as<StrObj>()->s;
    for (auto& c : n) c = char(toupper((unsigned char)c));
    return in.call(g->attrs["__setitem__"], std::vector<Value>{make_str(n), a.pos[1]});
  });
  return Value(std::static_pointer_cast<Obj>(g));
}

}  // namespace

namespace {


Value ndarray_getattr(Interp& in, const Value& v, const std::string& name, bool& found) {
  found = true;
  ArrayPtr a = v.array();
  if (a->flavor == Flavor::DummyBase) {
    if (name == "base") return a->base ? Value(a->base) : Value();
    if (name == "__array_interface__") return Value();
    found = false;
    return Value();
  }
  if (name == "__array_interface__") return array_interface(in, *a);
  if (name == "ctypes") return ctypes_object(in, *a);
  if (name == "shape") return tuple_of(a->shape);
  if (name == "strides") return tuple_of(a->strides);
  if (name == "ndim") return Value::integer(a->ndim());
  if (name == "size") return Value::integer(a->size());
  if (name == "itemsize") return Value::integer(a->itemsize());
  if (name == "nbytes") return Value::integer(a->nbytes());
  if (name == "dtype") return a->descr ? dtype_value(in, array_dtype(*a)) : dtype_value(in, a->dtype);
  if (name == "base") {
    if (a->flavor == Flavor::Scalar) return Value();
    return a->base ? Value(a->base) : buffer_base(*a);  // np.frombuffer's array: the buffer (numpy/buffers.cpp)
  }
  if (name == "flags") return flags_object(in, a);
  if (name == "T") return wrap(transpose(a, {}));
  if (name == "mT" && !a->is_torch()) {  // the array API's matrix transpose: the last two axes swapped
    if (a->ndim() < 2) in.raise_exc("ValueError", "matrix transpose with ndim < 2 is undefined");
    return wrap(swapaxes(a, -1, -2));
  }
  if (name == "device" && !a->is_torch()) return make_str("cpu");
  if (name == "flat" && a->flavor != Flavor::Scalar) return make_flatiter(in, a);
  if (name == "real" || name == "imag") {
    // Complex: views of one part (getset.c: array_real_get / array_imag_get).
    // Real: .real is the array itself, .imag a new read-only array of zeros.
    bool imag = name == "imag";
    ArrayPtr r;
    if (is_complex(a->dtype)) {
      r = complex_part(a, imag);
    } else if (!imag) {
      return v;
    } else {
      r = empty_like_keep_order(*a, a->dtype);
      r->writeable = false;
    }
    if (a->flavor == Flavor::Scalar) return element_value(in, *r, r->data());
    return wrap(r);
  }
  if (name == "data") return Value::integer(int64_t(uintptr_t(a->data())));
  Value out;
  if (record_getattr(in, a, name, out)) return out;
  if (a->flavor == Flavor::Scalar && a->dtype == DType::Str) {
    // np.str_ is a str: the str methods act on its text (the scalar itself is an array here).
    if (!bind_array_method(in, a, name, out)) return in.getattr(make_str(read_str(*a->descr, a->data())), name);
    return out;
  }
  if (bind_array_method(in, a, name, out)) return out;
  // the methods NumPy 2.0 removed from ndarray, with its own advice
  if (!a->is_torch() && a->flavor != Flavor::Scalar) {
    static const std::pair<const char*, const char*> removed[] = {
        {"ptp", "Use np.ptp(arr, ...) instead."},
        {"itemset", "Use `arr[index] = value` instead."},
        {"newbyteorder", "Use `arr.view(arr.dtype.newbyteorder(order))` instead."},
    };
    for (auto& [n, advice] : removed)
      if (name == n)
        in.raise_exc("AttributeError", std::string("`") + n + "` was removed from the ndarray class in NumPy 2.0. " + advice);
  }
  found = false;
  return Value();
}

void ndarray_setattr(Interp& in, const Value& v, const std::string& name, const Value& x) {
  ArrayPtr a = v.array();
  if (a->flavor == Flavor::Scalar)
    in.raise_exc("AttributeError", "'" + in.type_name(v) + "' object attribute '" + name + "' is read-only");
  if (name == "shape" && !a->is_torch()) {
    ArrayPtr r = reshape_nocopy_or_throw(a, to_shape(in, x));
    a->shape = r->shape;
    a->strides = r->strides;
    return;
  }
  if (name == "flat" && !a->is_torch()) return flat_assign(in, a, x);
  if ((name == "real" || name == "imag") && !a->is_torch()) {
    // array_real_set / array_imag_set: assignment into the part's view.
    ArrayPtr dst;
    if (is_complex(a->dtype)) dst = complex_part(a, name == "imag");
    else if (name == "real") dst = a;
    else in.raise_exc("TypeError", "array does not have imaginary part to set");
    array_setitem(in, Value(dst), ellipsis_value(), x);
    return;
  }
  if (name == "dtype" || name == "strides" || name == "data" || name == "T" || name == "base" || name == "ndim" ||
      name == "size" || name == "flags" || name == "itemsize" || name == "nbytes") {
    if (name == "base" || name == "ndim" || name == "size" || name == "itemsize" || name == "nbytes" || name == "T")
      in.raise_exc("AttributeError", "attribute '" + name + "' of 'numpy.ndarray' objects is not writable");
    in.raise_exc("AttributeError", "stridelab does not support assigning ndarray." + name + "; use .view() or as_strided");
  }
  in.raise_exc("AttributeError", "'" + in.type_name(v) + "' object has no attribute '" + name + "'");
}

// a['x'] and a[['x', 'y']] on a record array (or a record scalar): field views.
bool field_key(Interp& in, const ArrayPtr& a, const Value& key, ArrayPtr& out) {
  if (a->is_torch()) return false;
  if (auto* s = key.as<StrObj>()) {
    if (!a->descr || !a->descr->structured())
      in.raise_exc("IndexError", "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices");
    out = field_view(a, s->s);
    return true;
  }
  auto* l = key.as<ListObj>();
  if (!l || l->items.empty() || !a->descr || !a->descr->structured()) return false;
  std::vector<std::string> names;
  for (auto& x : l->items) {
    auto* s = x.as<StrObj>();
    if (!s) return false;
    names.push_back(s->s);
  }
  out = fields_view(a, names);
  return true;
}

Value ndarray_getitem(Interp& in, const Value& v, const Value& key) {
  ArrayPtr a = v.array();
  if (a->flavor == Flavor::Scalar && a->dtype == DType::Str && !key.as<TupleObj>() && !key.as<EllipsisObj>())
    return in.getitem(make_str(read_str(*a->descr, a->data())), key);  // np.str_('abc')[1] indexes the text
  if (ArrayPtr f; field_key(in, a, key, f)) {
    if (a->flavor == Flavor::Scalar && f->ndim() == 0) return element_value(in, *f, f->data());
    if (a->flavor == Flavor::Scalar) f->writeable = false;
    return wrap(f);
  }
  if (a->flavor == Flavor::Scalar) {
    if (auto* t = key.as<TupleObj>(); t && t->items.empty()) return v;
    if (key.as<EllipsisObj>()) {
      ArrayPtr c = copy_array(*a);
      return wrap(c);
    }
    in.raise_exc("IndexError", "invalid index to scalar variable.");
  }
  std::vector<IndexItem> idx;
  if (parse_basic_index(in, key, idx)) {
    bool all_int = true;
    int nint = 0;
    for (auto& it : idx) {
      if (it.kind != IndexItem::Int) all_int = false;
      else ++nint;
    }
    ArrayPtr r = basic_index(a, idx);
    // a[i, j] with every axis indexed by an integer gives an element (NumPy
    // scalar); torch always gives a 0-d tensor view.
    if (all_int && nint == a->ndim() && !a->is_torch()) return element_value(in, *r, r->data());
    if (!a->is_torch() && a->ndim() == 0 && idx.empty()) return element_value(in, *a, a->data());
    // NumPy's HAS_SCALAR_ARRAY (mapping.c): a 0-d integer *array* (not a NumPy
    // scalar) in an otherwise basic index makes the result a copy, in the
    // view's memory order, as if it were an advanced index.
    const TupleObj* tup = key.as<TupleObj>();
    const Value* first = tup ? tup->items.data() : &key;
    for (size_t j = 0, n = tup ? tup->items.size() : 1; j < n; ++j) {
      const Value& k = first[j];
      if (k.is_array() && k.arr().flavor == Flavor::NumPy && k.arr().ndim() == 0) {
        ArrayPtr c = empty_like_keep_order(*r, r->dtype);
        copy_into(*c, *r);
        return wrap(c);
      }
    }
    return wrap(r);
  }
  return advanced_getitem(in, a, key);
}

void ndarray_setitem(Interp& in, const Value& v, const Value& key, const Value& x) {
  ArrayPtr a = v.array();
  if (a->flavor == Flavor::Scalar) in.raise_exc("TypeError", "'" + in.type_name(v) + "' object does not support item assignment");
  std::vector<IndexItem> idx;
  ArrayPtr dst;
  if (field_key(in, a, key, dst)) {
    // a['x'] = ...: assignment into the field's view
  } else if (!parse_basic_index(in, key, idx)) {
    return advanced_setitem(in, a, key, x);
  } else {
    dst = basic_index(a, idx);
  }
  if (!dst->writeable) {
    if (a->is_torch()) in.raise_exc("RuntimeError", "a view of a leaf Variable that requires grad is being used in an in-place operation.");
    in.raise_exc("ValueError", "assignment destination is read-only");
  }
  // a[i, j] = x with every axis indexed by an integer stores one element
  // (PyArray_Pack): x must be a scalar or an array of size 1.
  bool element = int(idx.size()) == a->ndim();
  for (auto& it : idx) element &= it.kind == IndexItem::Int;
  if (dst->descr) {  // text and records: one converted element broadcast, or an array of dst's dtype
    const bool record_value = dst->descr->structured() && x.as<TupleObj>();
    ArrayPtr src;
    if (record_value || (!x.is_array() && !x.as<ListObj>() && !x.as<TupleObj>())) {
      src = make_array(dst->dtype, dst->descr, {});
      store_element(in, x, *src, src->data());
    } else {
      src = to_array_full(in, x, dst->descr->structured() ? std::optional<DTypeFull>(array_dtype(*dst)) : std::nullopt);
    }
    Shape b;
    if (!try_broadcast_shapes({src->shape, dst->shape}, b) || b != dst->shape)
      in.raise_exc("ValueError", "could not broadcast input array from shape " + shape_compact(src->shape) +
                                     " into shape " + shape_compact(dst->shape));
    Array view = broadcast_layout(*src, dst->shape);
    copy_into(*dst, view);
    return;
  }
  if (element) {
    alignas(16) char buf[16];
    value_to_bytes(in, x, dst->dtype, buf);
    fill(*dst, dst->dtype, buf);
    return;
  }
  // Scalars are converted once and broadcast; arrays broadcast by shape.
  if (!x.is_array() && !x.as<ListObj>() && !x.as<TupleObj>()) {
    alignas(16) char buf[16];
    value_to_bytes(in, x, dst->dtype, buf);
    fill(*dst, dst->dtype, buf);
    return;
  }
  ArrayPtr src = to_array(in, x);
  // A nested sequence is discovered with at most dst.ndim dimensions
  // (PyArray_CopyObject); arrays may carry extra leading length-1 axes.
  if (!x.is_array() && src->ndim() > dst->ndim())
    in.raise_exc("ValueError", "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of " +
                                   std::to_string(dst->ndim()) + ".");
  Shape target = dst->shape;
  Shape b;
  if (!try_broadcast_shapes({src->shape, target}, b) || b != target) {
    // NumPy drops leading size-1 axes of the value first
    Shape s = src->shape;
    while (!s.empty() && s.size() > target.size() && s[0] == 1) s.erase(s.begin());
    if (!try_broadcast_shapes({s, target}, b) || b != target)
      in.raise_exc("ValueError", "could not broadcast input array from shape " + shape_compact(s) +
                                     " into shape " + shape_compact(target));  // the stripped shape, as NumPy reports it
    Strides st(src->strides.end() - long(s.size()), src->strides.end());
    src = make_view(src, src->dtype, s, st, src->offset);
  }
  Array view = broadcast_layout(*src, target);
  copy_into(*dst, view);
}

Value array_binop_untracked(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace);

// Note [Text scalars are str]: np.str_ and np.bytes_ subclass Python's str and
// bytes, so next to anything that is not an ndarray (a Python value, another
// scalar) their operators are str's and bytes' own: np.str_('ab') * 2 is the
// str 'abab', np.str_('a') + 'b' the str 'ab', np.str_('a') < 'b' a bool.
// Beside an ndarray the array's operator answers (str's returns NotImplemented).
bool is_text_scalar(const Value& v) {
  return v.is_array() && v.arr().flavor == Flavor::Scalar && v.arr().descr &&
         (v.arr().dtype == DType::Str || v.arr().dtype == DType::Bytes);
}
bool python_text_operands(const Value& a, const Value& b, Value& pa, Value& pb) {
  if (!is_text_scalar(a) && !is_text_scalar(b)) return false;
  for (const Value* v : {&a, &b})
    if (v->is_array() && v->arr().flavor != Flavor::Scalar) return false;
  auto py = [](const Value& v) {
    if (!is_text_scalar(v)) return v;
    return v.arr().dtype == DType::Bytes ? make_bytes(texts_of(v.arr())[0]) : make_str(texts_of(v.arr())[0]);
  };
  pa = py(a);
  pb = py(b);
  return true;
}

Value ndarray_binop(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace) {
  if (Value pa, pb; (op == BinOp::Add || op == BinOp::Mul) && python_text_operands(a, b, pa, pb)) return in.binop(op, pa, pb);
  return array_binop_untracked(in, op, a, b, inplace);
}

Value array_binop_untracked(Interp& in, BinOp op, const Value& a, const Value& b, bool inplace) {
  if (op == BinOp::MatMul) {
    if (inplace)
      in.raise_exc("TypeError", "In-place matrix multiplication is not (yet) supported. Use 'a = a @ b' instead of 'a @= b'.");
    return matmul_operator(in, a, b);
  }
  // A Python int past int64 with a NumPy array is a weak int (NEP 50): an
  // integer or bool array cannot take it (NumPy's OverflowError), an inexact
  // one takes its nearest float, as NumPy's conversion to the loop dtype does.
  const Value& arr = a.is_array() ? a : b;
  const Value& other = a.is_array() ? b : a;
  if (is_bigint(other) && !arr.arr().is_torch()) {
    if (!is_float(arr.arr().dtype) && !is_complex(arr.arr().dtype))
      in.raise_exc("OverflowError", "Python int too large to convert to C long");
    Value f = Value::floating(int_to_double(in, other));
    return a.is_array() ? array_binop_untracked(in, op, a, f, inplace) : array_binop_untracked(in, op, f, b, inplace);
  }
  bool found = false;
  Value r = ufunc_binop(in, operator_ufunc(op), a, b, inplace, found);
  return found ? r : Value();
}

Value ndarray_compare(Interp& in, CmpOp op, const Value& a, const Value& b) {
  if (Value pa, pb; python_text_operands(a, b, pa, pb)) return in.compare(op, pa, pb);  // Note [Text scalars are str]
  bool found = false;
  Value r = ufunc_binop(in, operator_ufunc(op), a, b, false, found);
  return found ? r : Value();
}

Value ndarray_unaryop(Interp& in, UnaryOp op, const Value& a) { return ufunc_unary(in, op, a); }

std::string ndarray_repr(Interp& in, const Value& v) {
  const Array& a = v.arr();
  if (a.flavor == Flavor::Scalar) return scalar_str(a);
  if (a.flavor == Flavor::DummyBase) return "<numpy.lib.stride_tricks.DummyArray object>";
  return sl::array_repr(a);
}

std::string ndarray_str(Interp& in, const Value& v) {
  const Array& a = v.arr();
  if (a.flavor == Flavor::Scalar) return scalar_str(a);
  if (a.flavor == Flavor::DummyBase) return array_repr(in, v);
  return sl::array_str(a);
}

std::string ndarray_format(Interp& in, const Value& v, const std::string& spec) {
  const Array& a = v.arr();
  if (spec.empty() && a.flavor == Flavor::Scalar) {
    // gentype_format: a NumPy scalar formats as the Python bool/int/float it converts to
    if (a.dtype == DType::Bool) return load_as<bool>(a.dtype, a.data()) ? "True" : "False";
    if (is_unsigned_int(a.dtype)) return std::to_string(load_as<uint64_t>(a.dtype, a.data()));
    if (is_integer(a.dtype)) return std::to_string(load_as<int64_t>(a.dtype, a.data()));
    if (is_float(a.dtype)) return py_float_repr(load_as<double>(a.dtype, a.data()));
  }
  if (spec.empty()) return array_str(in, v);
  if (a.ndim() == 0 || a.flavor == Flavor::Scalar) {
    if (is_integer(a.dtype) || a.dtype == DType::Bool) {
      if (is_unsigned_int(a.dtype)) return format_int_spec(int64_t(load_as<uint64_t>(a.dtype, a.data())), spec);
      return format_int_spec(load_as<int64_t>(a.dtype, a.data()), spec);
    }
    if (is_float(a.dtype)) return format_float_spec(load_as<double>(a.dtype, a.data()), spec);
  }
  if (a.is_torch()) in.raise_exc("TypeError", "unsupported format string passed to Tensor.__format__");
  in.raise_exc("TypeError", "unsupported format string passed to numpy.ndarray.__format__");
}

bool ndarray_truthy(Interp& in, const Value& v) {
  const Array& a = v.arr();
  if (a.size() != 1) {
    if (a.is_torch())
      in.raise_exc("RuntimeError", a.size() == 0 ? "Boolean value of Tensor with no values is ambiguous"
                                                 : "Boolean value of Tensor with more than one value is ambiguous");
    if (a.size() == 0)  // NumPy 2.2: an error (1.x: a DeprecationWarning and False)
      in.raise_exc("ValueError", "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.");
    in.raise_exc("ValueError", "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
  }
  std::vector<int64_t> zero(a.ndim(), 0);
  return load_as<bool>(a.dtype, a.storage->data() + flat_offset(a, zero));
}

int64_t ndarray_len(Interp& in, const Value& v) {
  const Array& a = v.arr();
  if (a.ndim() == 0) {
    if (a.is_torch()) in.raise_exc("TypeError", "len() of a 0-d tensor");
    // np.str_ / np.bytes_ are str / bytes: their length is the text's
    if (a.flavor == Flavor::Scalar && a.descr && a.dtype != DType::Void) return in.len(make_str(read_str(*a.descr, a.data())));
    if (a.flavor == Flavor::Scalar) in.raise_exc("TypeError", "object of type '" + in.type_of(v)->name + "' has no len()");
    in.raise_exc("TypeError", "len() of unsized object");
  }
  return a.shape[0];
}

Value ndarray_iter(Interp& in, const Value& v) {
  ArrayPtr a = v.array();
  if (a->ndim() == 0) {
    if (a->is_torch()) in.raise_exc("TypeError", "iteration over a 0-d tensor");
    in.raise_exc("TypeError", "iteration over a 0-d array");
  }
  auto i = std::make_shared<int64_t>(0);
  Interp* ip = &in;
  return Value(std::static_pointer_cast<Obj>(std::make_shared<IteratorObj>("iterator", [ip, a, i](Value& out) {
    if (*i >= a->shape[0]) return false;
    out = ip->getitem(Value(a), Value::integer((*i)++));
    return true;
  })));
}

uint64_t ndarray_hash(Interp& in, const Value& v) {
  const Array& a = v.arr();
  if (a.flavor == Flavor::Scalar) {
    if (is_integer(a.dtype) || a.dtype == DType::Bool) return in.hash(Value::integer(load_as<int64_t>(a.dtype, a.data())));
    if (is_float(a.dtype)) return in.hash(Value::floating(load_as<double>(a.dtype, a.data())));
  }
  if (a.is_torch()) return uint64_t(uintptr_t(&a)) * 0x9e3779b97f4a7c15ull;
  in.raise_exc("TypeError", "unhashable type: 'numpy.ndarray'");
}

bool ndarray_to_int(Interp& in, const Value& v, int64_t& out, bool index_only) {
  const Array& a = v.arr();
  if (index_only) {  // __index__: a NumPy scalar of another kind has none
    if (a.is_torch()) {  // THPVariable_index: any one-element integral tensor, bool included
      if (!(is_integer(a.dtype) || a.dtype == DType::Bool) || a.size() != 1)
        in.raise_exc("TypeError", "only integer tensors of a single element can be converted to an index");
    } else if (a.ndim() != 0 || !is_integer(a.dtype)) {
      if (a.flavor == Flavor::Scalar) return false;
      in.raise_exc("TypeError", "only integer scalar arrays can be converted to a scalar index");
    }
  }
  if (a.size() != 1) {
    if (a.is_torch()) in.raise_exc("ValueError", "only one element tensors can be converted to Python scalars");
    in.raise_exc("TypeError", "only length-1 arrays can be converted to Python scalars");
  }
  std::vector<int64_t> zero(a.ndim(), 0);
  const char* p = a.storage->data() + flat_offset(a, zero);
  if (is_float(a.dtype)) {
    double d = load_as<double>(a.dtype, p);
    if (std::isnan(d)) in.raise_exc("ValueError", "cannot convert float NaN to integer");
    if (std::isinf(d)) in.raise_exc("OverflowError", "cannot convert float infinity to integer");
    out = int64_t(d);
    return true;
  }
  if (is_complex(a.dtype)) in.raise_exc("TypeError", "int() argument must be a string, a bytes-like object or a real number, not 'complex'");
  out = load_as<int64_t>(a.dtype, p);
  return true;
}

double ndarray_to_float(Interp& in, const Value& v) {
  const Array& a = v.arr();
  if (a.size() != 1) {
    if (a.is_torch()) in.raise_exc("ValueError", "only one element tensors can be converted to Python scalars");
    in.raise_exc("TypeError", "only length-1 arrays can be converted to Python scalars");
  }
  std::vector<int64_t> zero(a.ndim(), 0);
  return load_as<double>(a.dtype, a.storage->data() + flat_offset(a, zero));
}

bool ndarray_dtype_equal(Interp& in, const Value& a, const Value& b) {
  const Value& d = a.as<DTypeObj>() ? a : b;
  const Value& o = a.as<DTypeObj>() ? b : a;
  auto* dd = d.as<DTypeObj>();
  if (auto* od = o.as<DTypeObj>()) return sl::dtype_equal(DTypeFull{od->dt, od->descr}, DTypeFull{dd->dt, dd->descr});
  if (dd->torch) return false;
  if (!is_dtype_like(in, o)) return false;
  try {
    return sl::dtype_equal(to_dtype_full(in, o), DTypeFull{dd->dt, dd->descr});
  } catch (const PyError&) {
    return false;
  }
}

// mirrors binop_should_defer (numpy/_core/src/common/binop_override.h): an
// ndarray's operator returns NotImplemented, letting the other operand's
// reflected method run, when that operand's class sets __array_ufunc__ = None,
// or defines no __array_ufunc__ and a higher __array_priority__ than
// ndarray's 0.0; otherwise NumPy would apply the operator elementwise.
void ndarray_user_operand(Interp& in, const BinOpInfo& op, const Value&, const Value& b) {
  TypeObj* t = in.type_of(b);
  Value f;
  bool defers = false;
  if (type_lookup(in, t, "__array_ufunc__", f)) defers = f.is_none();
  else if (type_lookup(in, t, "__array_priority__", f)) defers = in.float_value(f) > 0.0;
  if (defers) return;
  type_error(std::string("unsupported operand type(s) for ") + op.symbol + ": 'numpy.ndarray' and '" + t->name +
             "' (NumPy would apply it elementwise into an object array, which stridelab does not have; set " +
             t->name + ".__array_ufunc__ = None to have " + t->name + "." + op.rdunder + " called)");
}

TypeObj* ndarray_type(Interp& in, const Value& v) {
  const Array& a = v.arr();
  const Types& t = in.t;
  switch (a.flavor) {
    case Flavor::Scalar: return a.descr && a.descr->record && t.np_record ? t.np_record : t.np_scalar[int(a.dtype)];
    case Flavor::DummyBase: return t.dummy_array;
    default: return a.descr && a.descr->record && t.np_recarray ? t.np_recarray : t.ndarray;
  }
}

std::vector<std::string> ndarray_attribute_names(Interp&, const Value&) {
  std::vector<std::string> out = array_method_names(false);
  for (const char* n : {"shape", "strides", "ndim", "size", "itemsize", "nbytes", "dtype", "base", "flags", "T", "flat",
                        "real", "imag", "data", "mT", "device"})
    out.push_back(n);
  return out;
}

TypeObj* numpy_dtype_type(Interp& in, const Value&) { return in.t.np_dtype; }
std::string numpy_dtype_repr(Interp&, const Value& v) {
  auto* d = v.as<DTypeObj>();
  return dtype_repr(DTypeFull{d->dt, d->descr});
}
std::string numpy_dtype_str(Interp&, const Value& v) {
  auto* d = v.as<DTypeObj>();
  return dtype_text(DTypeFull{d->dt, d->descr});
}

}  // namespace

// The NumPy row, for ndarrays, NumPy scalars and as_strided's DummyArray base
// (Note [Front-end table]); install_numpy fills it.
void install_ndarray_hooks() {
  const ArrayHooks row{
      .priority = 0,
      .type_of = ndarray_type,
      .attribute_names = ndarray_attribute_names,
      .getattr = ndarray_getattr,
      .setattr = ndarray_setattr,
      .getitem = ndarray_getitem,
      .setitem = ndarray_setitem,
      .binop = ndarray_binop,
      .compare = ndarray_compare,
      .unaryop = ndarray_unaryop,
      .user_operand = ndarray_user_operand,
      .repr = ndarray_repr,
      .str = ndarray_str,
      .format = ndarray_format,
      .truthy = ndarray_truthy,
      .len = ndarray_len,
      .iter = ndarray_iter,
      .hash = ndarray_hash,
      .to_int = ndarray_to_int,
      .to_float = ndarray_to_float,
      .dtype_type = numpy_dtype_type,
      .dtype_repr = numpy_dtype_repr,
      .dtype_str = numpy_dtype_str,
      .dtype_equal = ndarray_dtype_equal,
      .dtype_getattr = numpy_dtype_getattr,
  };
  for (Flavor f : {Flavor::NumPy, Flavor::Scalar, Flavor::DummyBase}) set_array_hooks(f, row);
}

}  // namespace sl::lang

// torch/convert: argument conversions shared by the torch front-end files
// (torch/module.cpp: the module; torch/tensor.cpp: torch.Tensor's attributes,
// methods and indexing; torch/reduce.cpp: reductions and elementwise methods).
//
// Owns: turning Python values into the engine's arguments (tensors, dims,
// sizes, Scalars, dtypes) with PyTorch's TypeError/RuntimeError wording.
// Invariant: a conversion either returns a valid engine argument or raises
// the reference's exception; it holds no layout rule (those are core/).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/model/array.hpp"
#include "core/lang/eval/interp.hpp"
#include "core/lang/frontend/convert.hpp"
#include "core/lang/frontend/registry.hpp"

namespace sl::lang {

// torch.get_default_dtype(): float32 unless torch.set_default_dtype changed it.
DType& torch_default_dtype();

// A torch.Size (a tuple subclass) holding `s`.
Value torch_size_value(Interp& in, const Shape& s);
// A tuple of tensors (split, chunk, unbind).
Value tensor_tuple(const std::vector<ArrayPtr>& ts);

// The tensor behind a Value; TypeError in PyTorch's words otherwise:
// "fname(): argument 'argname' (position k) must be Tensor, not list".
ArrayPtr tensor_arg(Interp& in, const Value& v, const std::string& fname, const std::string& argname, int position);
// The input of a function PyTorch writes in Python (F.softmax, torch.norm): a
// non-tensor fails on the first attribute its body reads (AttributeError:
// 'list' object has no attribute 'dim'), not in an argument parser.
ArrayPtr python_tensor_arg(Interp& in, const Value& v, const char* first_attr, const std::string& fname);

// An integer argument (ints, bools and integer 0-d tensors).
// `SymInt` parameters (sizes, k, n) and int lists take any value with __index__,
// an ndarray included; plain `int` parameters (dims) refuse an ndarray, even a
// 0-d one: "argmax(): argument 'dim' must be int, not numpy.ndarray".
enum class IntParam { Int, SymInt };
// The dim of an op that also has a Dimname overload (sum, max, softmax,
// squeeze, size, ...): a str is looked up as a dimension name, and so is a
// None given where the int dim is not optional; the tensor has no names:
// RuntimeError "Name 'x' not found in Tensor[None, None]." / "Please look up
// dimensions by name, got: name = None.". Anything else passes.
// Call it once the other arguments are bound and typed (a wrong keepdim is a
// TypeError first, as the parser matches no overload).
void check_dim_name(Interp& in, const Value& v, int64_t ndim, bool none_is_name = true);
// A method whose one parameter takes varargs or a sequence (t.permute(*dims),
// t.repeat(*repeats), t.new_zeros(*size)) called with none: PyTorch's
// 'permute() missing 1 required positional arguments: "dims"'.
void require_sizes(Interp& in, const Args& a, const std::string& fname, const std::string& argname);
// A `bool` parameter: a Python bool only (not 1, not np.True_).
bool bool_arg(Interp& in, const Value& v, const std::string& fname, const std::string& argname);
int64_t int_arg(Interp& in, const Value& v, const std::string& fname, const std::string& argname,
                IntParam kind = IntParam::Int);
// Sizes given as varargs or one sequence: f(2, 3), f((2, 3)), f([2, 3]), f(torch.Size(...)).
// Checks a device argument (a string or torch.device) the way c10::Device
// parses it: an unknown type is PyTorch's RuntimeError, a known device other
// than the CPU is what a CPU-only build raises.
void check_device(Interp& in, const Value& v);
// A `torch.device device` parameter of a method (Tensor.cuda, pin_memory, is_pinned):
// None, a str or a torch.device, parsed; its type, nullopt for None. An int is an
// accelerator index (RuntimeError, there is none); anything else is the parser's TypeError.
std::optional<std::string> device_arg(Interp& in, const Value& v, const std::string& fname, int position);
// A factory's device= (None: the default device, torch.set_default_device's), checked.
void check_factory_device(Interp& in, const Value& v);
// torch.device, torch.set_default_device/get_default_device, torch.*_num_threads (torch/device.cpp).
void install_torch_device(Interp& in, ModuleObj& tm);
Shape size_args(Interp& in, Args& a, size_t first, const std::string& fname, const std::string& argname = "size");

// A Python number or a one-element tensor, converted to dtype dt with
// c10::checked_convert: RuntimeError "value cannot be converted to type
// uint8_t without overflow" when it does not fit (bool never overflows;
// floats accept inf and nan; complex with a nonzero imaginary part does not
// fit a real type) -- the Scalar conversions of fill_, masked_fill, full and
// setitem. tensor_data: torch.tensor's element conversion instead (only
// integer dtypes are range-checked, the message names the dtype: "uint8").
void torch_scalar_to_bytes(Interp& in, const Value& v, DType dt, char* out16, bool tensor_data = false);
// The dtype a Python scalar gets in torch.tensor / torch.full.
DType torch_scalar_dtype(Interp& in, const Value& v);

// torch.tensor(data, dtype): a new tensor from nested sequences, numbers,
// tensors and NumPy arrays (a copy; PyTorch's dtype inference).
ArrayPtr torch_tensor_from_data(Interp& in, const Value& data, std::optional<DType> dt);

// The ndarray <-> tensor bridges: share the storage, no copy.
ArrayPtr tensor_from_numpy(Interp& in, const Value& v);
ArrayPtr numpy_from_tensor(const ArrayPtr& t);

// A torch function / Tensor method computed by its NumPy namesake (torch.exp
// -> numpy.exp, torch.clamp -> numpy.clip), keywords renamed (dim -> axis,
// keepdim -> keepdims). False when there is none.
bool numpy_namesake(Interp& in, const std::string& torch_name, Value& out);
// The namesakes PyTorch has only as torch.X, not as a Tensor method (isin,
// atleast_1d, column_stack, ...): hasattr(t, 'isin') is False there.
bool function_only_namesake(const std::string& torch_name);

// torch.return_types.<name>(values, indices) (torch/reduce.cpp).
Value return_pair(Interp& in, const std::string& name, const ArrayPtr& values, const ArrayPtr& indices);
// torch.<name>(*pos) (torch/gather.cpp).
Value torch_fn_call(Interp& in, const char* name, std::vector<Value> pos);

// torch.Tensor methods that also exist as torch.X(tensor, ...) functions:
// the module forwards them through the tensor's bound method.
const std::vector<std::string>& torch_function_methods();
// Raises the error a tensor's printing meets with an unusable torch.set_printoptions
// value (Note [Unchecked torch print options], module.cpp).
void check_torch_print_options(Interp& in, const Array& t);
// Raises the RuntimeError of an op's Dimname overload when its dim argument is a
// name (Note [Dimname overloads], module.cpp); called before every Tensor method.
// Raises the parser's "invalid combination of arguments" TypeError for a
// torch factory call that none of its overloads binds (Note [Overload lists]).
void check_factory_call(Interp& in, const Args& a, const std::string& fname);
// The parser's TypeError when no overload binds: "<fname>() received an invalid
// combination of arguments - got (...), but expected one of:" and each
// signature, with the reason it did not match when `why` gives one.
[[noreturn]] void invalid_combination(Interp& in, const std::string& fname, const Args& a,
                                      const std::vector<std::string>& signatures, const std::vector<std::string>& why = {});
// `bind` makes the call (with the dim as an index) to find the parser's own errors first.
// The parser's TypeError for an op whose dim is required (cumsum, softmax, ...)
// called without one: `function_form` for torch.op(t) (the input counts), else t.op().
void check_dim_given(Interp& in, const std::string& name, const Args& a, bool function_form);
// torch.nn.functional._get_softmax_dim: F.softmax/softmin/log_softmax's dim=None
// is 0 for 0-, 1- and 3-d inputs, else 1, with PyTorch's deprecation warning at the
// caller's line (`_stacklevel` counts two Python frames that are native here).
int64_t implicit_softmax_dim(Interp& in, const char* name, int ndim, const Value& stacklevel);
void check_dimname_overload(Interp& in, const std::string& method, const Array& self, const Args& a,
                            const std::function<void(Args&)>& bind);

}  // namespace sl::lang

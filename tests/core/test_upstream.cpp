// Ports of upstream tests, run as programs through the interpreter. Each
// program restates an upstream test (named in its TEST_CASE) with prints in
// place of asserts; the expected text is what CPython with NumPy 1.24 /
// PyTorch 1.13 printed for the same program. Element-level view checks and
// the x += x.T port live in test_views.cpp, test_torch.cpp and test_ufunc.cpp.
#include <catch2/catch.hpp>

#include "core/lang/interp.hpp"

namespace {
std::string run_program(const std::string& code) {
  sl::lang::Interp in;
  auto r = in.run(code);
  if (!r.ok) return r.out + "!" + r.error_type + ": " + r.error_msg;
  return r.out;
}
}  // namespace

TEST_CASE("PyTorch test_view_ops.py: test_contiguous_self / test_contiguous_nonview", "[torch][views][upstream]") {
  CHECK(run_program(R"PY(import torch
t = torch.ones(5, 5)
s = t.contiguous()
print(s is t)
nv = t.t().contiguous()
print(nv._base is None, nv.data_ptr() != t.data_ptr(), nv.is_contiguous(), nv.stride())
u = torch.ones(4, 1).expand(4, 3)
print(u.contiguous() is u, u.is_contiguous(), u.contiguous().stride())
z = torch.ones(2, 0, 3).transpose(0, 2)
print(z.is_contiguous(), z.contiguous() is z)
one = torch.ones(3, 1).t()
print(one.is_contiguous(), one.contiguous() is one)
)PY") ==
        R"OUT(True
True True True (5, 1)
False False (3, 1)
True True
True True
)OUT");
}

TEST_CASE("PyTorch test_view_ops.py: test_expand_view (writes through stride-0 views)", "[torch][views][upstream]") {
  CHECK(run_program(R"PY(import torch
t = torch.ones((5, 1))
v = t.expand(5, 5)
print(v._base is t, v.stride())
v[2, 2] = 3
print(t[2, 0].item(), v[2].tolist())
t[3, 0] = 9
print(v[3].tolist())
r = torch.arange(6.).view(2, 3)
print(r.expand(2, 2, 3).stride(), r.expand(-1, 3).stride() if False else r.expand(2, -1).stride())
)PY") ==
        R"OUT(True (1, 0)
3.0 [3.0, 3.0, 3.0, 3.0, 3.0]
[9.0, 9.0, 9.0, 9.0, 9.0]
(0, 3, 1) (3, 1)
)OUT");
}

TEST_CASE("PyTorch test_view_ops.py: test_flatten_view (0-d, transposed, three stride chunks)", "[torch][views][upstream]") {
  CHECK(run_program(R"PY(import torch
def is_view_of(base, other):
    return other._base is base and other.storage().data_ptr() == base.storage().data_ptr()
def is_view_of_same_base(v1, v2):
    return v1._base is not None and v1._base is v2._base and v1.data_ptr() != 0 or (v1._base is None and v2._base is v1) or v1._base is v2._base
def writes_propagate(t, v):
    idx_t = (0,) * t.ndim
    idx_v = (0,) * v.ndim
    v[idx_v] = 0
    return bool(t[idx_t] == v[idx_v])
t = torch.ones(1, 2, 3, 4)
v = t.flatten()
print(is_view_of(t, v), writes_propagate(t, v), v.shape, v.stride())
t = torch.tensor(1)
v = t.flatten()
print(is_view_of(t, v), writes_propagate(t, v), v.shape, v.stride())
t = torch.ones(1, 2, 3, 4).transpose(2, 3)
v = t.flatten(0, 1)
print(v._base is t._base, writes_propagate(t, v), v.shape, v.stride())
t = torch.ones(720).as_strided((2, 3, 2, 3, 5, 4), (6, 2, 15, 5, 1, 0))
v1 = t.flatten(0, 1)
v2 = v1.flatten(1, 3)
v3 = v2.flatten(2, 2)
for v in (v1, v2, v3):
    print(v._base is t._base, writes_propagate(t, v), v.shape, v.stride(), v.storage_offset())
n = torch.ones(2, 3, 4).transpose(0, 1)
c = n.flatten()
print(c._base is None, c.is_contiguous(), c.stride())
)PY") ==
        R"OUT(True True torch.Size([24]) (1,)
True True torch.Size([1]) (1,)
True True torch.Size([2, 4, 3]) (12, 1, 4)
True True torch.Size([6, 2, 3, 5, 4]) (2, 15, 5, 1, 0) 0
True True torch.Size([6, 30, 4]) (2, 1, 0) 0
True True torch.Size([6, 30, 4]) (2, 1, 0) 0
True True (1,)
)OUT");
}

TEST_CASE("PyTorch test_view_ops.py: test_reshape_view_semantics (view when computeStride allows, copy otherwise)", "[torch][views][upstream]") {
  CHECK(run_program(R"PY(import torch
tensor = torch.arange(60.).view(15, 4)
view_tensor = tensor.reshape(20, 3)
print(view_tensor.shape, view_tensor._base is tensor, tensor.data_ptr() == view_tensor.data_ptr())
nv = torch.ones(5, 5).t()
r = nv.reshape(25)
print(r._base is None, r.data_ptr() != nv.data_ptr())
w = nv.reshape(5, 5)
print(w._base is nv._base, w.stride())
x = torch.arange(24.).view(2, 3, 4).transpose(1, 2)
for shape in [(2, 12), (8, 3), (2, 4, 3), (4, 2, 3), (-1,)]:
    y = x.reshape(shape)
    print(shape, y._base is x._base, y.stride())
)PY") ==
        R"OUT(torch.Size([20, 3]) False True
True True
True (1, 5)
(2, 12) False (12, 1)
(8, 3) False (3, 1)
(2, 4, 3) True (12, 1, 4)
(4, 2, 3) False (6, 3, 1)
(-1,) False (1,)
)OUT");
}

TEST_CASE("NumPy test_stride_tricks.py: test_writeable (broadcast_to, broadcast_arrays, as_strided, sliding_window_view)", "[views][stride_tricks][upstream]") {
  CHECK(run_program(R"PY(import numpy as np
from numpy.lib.stride_tricks import as_strided, broadcast_to, sliding_window_view
original = np.array([1, 2, 3])
result = np.broadcast_to(original, (2, 3))
print(result.flags.writeable)
try:
    result[:] = 0
except ValueError as e:
    print("ValueError:", e)
for results in [np.broadcast_arrays(original), np.broadcast_arrays(0, original)]:
    for r in results:
        r.flags.writeable = True
        print(r.flags.writeable, r.strides)
        r[:] = 0
print(original)
original = np.array([1, 2, 3])
original.flags.writeable = False
_, r = np.broadcast_arrays(0, original)
print(r.flags.writeable)
tricky = as_strided(np.array(0), (2,), [0])
other = np.zeros((1,))
first, second = np.broadcast_arrays(tricky, other)
print(first.shape == second.shape, first.shape)
x = np.arange(10)
w = sliding_window_view(x, 3)
print(w.flags.writeable, w.strides)
w2 = sliding_window_view(x, 3, writeable=True)
w2[0, 0] = 42
print(x[0], w2.flags.writeable)
s = as_strided(x, (3,), (16,), writeable=False)
print(s.flags.writeable)
try:
    s[0] = 1
except ValueError as e:
    print("ValueError:", e)
ro = np.arange(4)
ro.flags.writeable = False
print(as_strided(ro).flags.writeable)
try:
    ro.flags.writeable = True
    print("reset ok", ro.flags.writeable)
except ValueError as e:
    print("ValueError:", e)
v = x[::2]
v.flags.writeable = False
try:
    v.flags.writeable = True
    print("view reset ok")
except ValueError as e:
    print("ValueError:", e)
)PY") ==
        R"OUT(False
ValueError: assignment destination is read-only
True (8,)
True (0,)
True (8,)
[0 0 0]
False
True (2,)
False (8, 8)
42 True
False
ValueError: assignment destination is read-only
False
reset ok True
view reset ok
)OUT");
}

// `import torch` end to end: programs in, printed text out. Expected output
// is what PyTorch 1.13 printed for the same program.
#include <catch2/catch.hpp>

#include "core/lang/interp.hpp"

using sl::lang::Interp;

namespace {
std::string run(const std::string& code) {
  Interp in;
  auto r = in.run("import torch\nimport numpy as np\n" + code);
  if (!r.ok) return r.out + "!" + r.error_type + ": " + r.error_msg;
  return r.out;
}
}  // namespace

TEST_CASE("torch.Size is a tuple that prints as torch.Size", "[torch][lang]") {
  CHECK(run("s = torch.zeros(3, 4).shape\nprint(s, s[1:], s + (5,), (5,) + s, s == (3, 4), s == [3, 4], isinstance(s, tuple))") ==
        "torch.Size([3, 4]) torch.Size([4]) torch.Size([3, 4, 5]) (5, 3, 4) True False True\n");
  CHECK(run("s = torch.Size([2, 3])\na, b = s\nprint(a * b, s.numel(), len(s), tuple(s), type(s), f'{s}')") ==
        "6 6 2 (2, 3) <class 'torch.Size'> torch.Size([2, 3])\n");
}

TEST_CASE("tensor metadata in element units", "[torch][lang]") {
  CHECK(run("t = torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], dtype=torch.float32)\n"
            "print(t.shape, t.dtype, t.device, t.stride(), t.storage_offset(), t.size(1), t.dim(), t.numel(), t.element_size())\n"
            "s = t[1:, 2::2]\nprint(s.storage_offset(), s.stride(), s.data_ptr() - t.data_ptr(), s._base is t, t._base)") ==
        "torch.Size([3, 4]) torch.float32 cpu (4, 1) 0 4 2 12 4\n6 (4, 2) 24 True None\n");
  CHECK(run("torch.zeros(2, 3).size(2)") == "!IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK(run("torch.tensor(3).stride(0)") == "!IndexError: Dimension specified as 0 but tensor has no dimensions");
  CHECK(run("torch.ones(2).strides") == "!AttributeError: 'Tensor' object has no attribute 'strides'");
}

TEST_CASE("torch.tensor infers PyTorch's dtypes and copies", "[torch][lang]") {
  CHECK(run("print(torch.tensor([1, 2]).dtype, torch.tensor([1, 2.5]), torch.tensor([True, 1]), torch.tensor([[]]))") ==
        "torch.int64 tensor([1.0000, 2.5000]) tensor([1, 1]) tensor([], size=(1, 0))\n");
  CHECK(run("a = np.arange(3)\nt = torch.tensor(a)\nt[0] = 100\nprint(a, t)") == "[0 1 2] tensor([100,   1,   2])\n");
  CHECK(run("torch.tensor([[1], [2, 3]])") == "!ValueError: expected sequence of length 1 at dim 1 (got 2)");
  CHECK(run("torch.tensor([300], dtype=torch.uint8)") == "!RuntimeError: value cannot be converted to type uint8 without overflow");
}

TEST_CASE("from_numpy and numpy() share one storage", "[torch][lang]") {
  CHECK(run("a = np.ones((2, 3))\nt = torch.from_numpy(a)\nt[0, 0] = 5\nn = t.numpy()\nn[1, 2] = -1\n"
            "print(a)\nprint(t.dtype, t._base, np.shares_memory(n, a))") ==
        "[[ 5.  1.  1.]\n [ 1.  1. -1.]]\ntorch.float64 None True\n");
  CHECK(run("torch.from_numpy(np.arange(6)[::-1])").find("!ValueError: At least one stride in the given numpy array is negative") == 0);
}

TEST_CASE("writes: setitem, masked_fill, copy_ and PyTorch's overlap refusal", "[torch][lang]") {
  CHECK(run("x = torch.zeros(2, 3)\nv = x.view(3, 2)\nv[0, 0] = 7\nprint(x)\nprint(v._base is x, x._base is None)") ==
        "tensor([[7., 0., 0.],\n        [0., 0., 0.]])\nTrue True\n");
  CHECK(run("s = torch.zeros(2, 3, 3)\nm = torch.triu(torch.ones(3, 3), diagonal=1).bool()\n"
            "a = s.masked_fill(m, -torch.inf)\nprint(torch.equal(a, s.masked_fill(m.unsqueeze(0), -torch.inf)))\nprint(a[0])") ==
        "True\ntensor([[0., -inf, -inf],\n        [0., 0., -inf],\n        [0., 0., 0.]])\n");
  CHECK(run("a = torch.arange(4.)\na[:2].copy_(a[2:])\nprint(a)") == "tensor([2., 3., 2., 3.])\n");
  CHECK(run("a = torch.arange(4.)\na[1:] = a[:-1]") ==
        "!RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
        "single memory location. Please clone() the tensor before performing the operation.");
  CHECK(run("a = torch.arange(4.)\na.expand(2, 4).copy_(torch.ones(2, 4))") ==
        "!RuntimeError: unsupported operation: more than one element of the written-to tensor refers to a single memory "
        "location. Please clone() the tensor before performing the operation.");
  CHECK(run("torch.zeros(3, dtype=torch.int64).masked_fill(torch.tensor([True, False, True]), -torch.inf)") ==
        "!RuntimeError: value cannot be converted to type int64_t without overflow");
  CHECK(run("a = torch.zeros(3)\na[:] = [1, 2, 3]") == "!TypeError: can't assign a list to a torch.FloatTensor");
  CHECK(run("torch.arange(12).reshape(3, 4)[::-1]") == "!ValueError: step must be greater than zero");
  CHECK(run("torch.arange(12).reshape(3, 4)[:, 5]") == "!IndexError: index 5 is out of bounds for dimension 1 with size 4");
}

TEST_CASE("copies and conversions", "[torch][lang]") {
  CHECK(run("x = torch.arange(6).reshape(2, 3)\nprint(x.long() is x, x.float() is x, x.t().float().stride(), x.t().clone().stride())\n"
            "print(x.contiguous() is x, x.t().contiguous().stride(), x.t().reshape(6)._base, x.reshape(3, 2)._base is x)") ==
        "True False (1, 3) (1, 3)\nTrue (2, 1) None False\n");
  CHECK(run("x = torch.arange(6).reshape(2, 3)\nprint(x.type(), x.tolist(), x[1, 2].item(), x.to(torch.float64).dtype, x.chunk(2, 1))") ==
        "torch.LongTensor [[0, 1, 2], [3, 4, 5]] 5 torch.float64 (tensor([[0, 1],\n        [3, 4]]), tensor([[2],\n        [5]]))\n");
  CHECK(run("print(torch.tensor([1.5, 2.25]).storage())") ==
        " 1.5\n 2.25\n[torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 2]\n");
  CHECK(run("print(torch.cat([torch.tensor([1, 2], dtype=torch.uint8), torch.tensor([1], dtype=torch.int8)]))") ==
        "tensor([1, 2, 1], dtype=torch.int16)\n");
  CHECK(run("print(torch.arange(0, 1, 0.3).tolist(), torch.linspace(0, 10, 7, dtype=torch.int64))") ==
        "[0.0, 0.30000001192092896, 0.6000000238418579, 0.8999999761581421] tensor([ 0,  1,  3,  5,  6,  8, 10])\n");
}

TEST_CASE("reductions keep PyTorch's dtypes, dims and return types", "[torch][lang]") {
  CHECK(run("x = torch.arange(6).reshape(2, 3)\nprint(x.sum(), x.sum(1), x.bool().sum(), x.float().mean(1, keepdim=True), x.argmax(1))") ==
        "tensor(15) tensor([ 3, 12]) tensor(5) tensor([[1.],\n        [4.]]) tensor([2, 2])\n");
  CHECK(run("x = torch.arange(6).reshape(2, 3)\nprint(x.max(dim=1))\nv, i = x.min(0)\nprint(v, i)") ==
        "torch.return_types.max(\nvalues=tensor([2, 5]),\nindices=tensor([2, 2]))\ntensor([0, 1, 2]) tensor([0, 0, 0])\n");
  CHECK(run("torch.arange(6).mean()") ==
        "!RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
        "dtype. Got: Long");
  CHECK(run("torch.arange(6).reshape(2, 3).sum((0, 0))") == "!RuntimeError: dim 0 appears multiple times in the list of dims");
}

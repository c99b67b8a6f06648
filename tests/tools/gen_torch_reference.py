#!/usr/bin/env python3
"""Writes tests/data/torch_reference.jsonl (run by tests/core/torch/test_torch_reference.cpp):
probe programs over the torch front end (printing in every dtype, summarization and
set_printoptions, views and strides, creation functions, reductions, indexing, and the
error messages) with the text PyTorch 2.6 prints for each, taken from
../shared/oracle/refpy (Python 3.13, NumPy 2.2, PyTorch 2.6). The probes are the data
below (edit them here, then rerun):

    cmake --build build/native --target stridelab_py
    python3 tests/tools/gen_torch_reference.py [build/native/stridelab_py]

Every probe runs in one refpy process (torch imports once), each with fresh globals and
the default print options, its stdout captured; mode 1 of tests/core/program_cases.hpp:
stdout, then '!' and the last traceback line on error. Probes whose engine output differs
are listed in tests/data/torch_reference_pending.txt ("issue<TAB>name"; entries already
there keep their issue, new ones get 13).
"""
import json, pathlib, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFPY = ROOT.parent / "shared" / "oracle" / "refpy"
DATA = ROOT / "tests" / "data"

H = "import torch\n"
PROBES = [
    # --- module facts
    ("module/version", H + "print(torch.__version__[:4])\n"),
    ("module/aliases", H + "print(torch.concat is torch.cat, torch.concatenate is torch.cat, torch.concat is torch.concatenate)\n"
     "print(torch.concat([torch.ones(1), torch.zeros(2)]))\nprint(torch.concatenate([torch.ones(1), torch.zeros(2)]))\n"),
    # --- printing, every dtype
    ("print/float32", H + "print(torch.tensor([1.0, 2.5, -3.25]))\nprint(torch.tensor([1.0, 2.0]))\nprint(torch.tensor([1e-5, 1.0]))\n"
     "print(torch.tensor([1e10, 1.0]))\nprint(torch.tensor([0.1, 123456.0]))\nprint(torch.tensor([float('nan'), float('inf'), -float('inf'), 1.5]))\n"),
    ("print/float64", H + "print(torch.tensor([1.0, 2.5], dtype=torch.float64))\nprint(torch.arange(3, dtype=torch.double))\n"
     "print(torch.tensor([1/3, 2/3], dtype=torch.float64))\n"),
    ("print/float16", H + "print(torch.tensor([1.0, 2.5, 65504.0], dtype=torch.float16))\nprint(torch.ones(2, dtype=torch.half))\n"),
    ("print/ints", H + "for dt in (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8):\n"
     "    print(torch.tensor([1, -2, 3], dtype=dt) if dt != torch.uint8 else torch.tensor([1, 2, 255], dtype=dt))\n"),
    ("print/bool", H + "print(torch.tensor([True, False]))\nprint(torch.tensor(True))\nprint(torch.zeros(2, 2, dtype=torch.bool))\n"),
    ("print/complex", H + "print(torch.tensor([1+2j, 3-4j]))\nprint(torch.tensor([1.5+0j], dtype=torch.complex128))\nprint(torch.tensor(2j))\n"),
    ("print/zero_dim", H + "print(torch.tensor(3))\nprint(torch.tensor(3.5))\nprint(repr(torch.tensor(2.0, dtype=torch.float64)))\n"
     "print(torch.tensor(7, dtype=torch.int32))\nprint(torch.tensor(1.0).item(), type(torch.tensor(1).item()).__name__)\n"),
    ("print/empty", H + "print(torch.tensor([]))\nprint(torch.zeros(0, 3))\nprint(torch.zeros(2, 0, dtype=torch.int64))\n"
     "print(torch.empty(0, dtype=torch.float64))\nprint(torch.zeros(0, dtype=torch.int32))\n"),
    ("print/2d3d", H + "print(torch.arange(6).reshape(2, 3))\nprint(torch.arange(24.).reshape(2, 3, 4))\n"
     "print(torch.ones(2, 1, 1))\n"),
    ("print/summarize", H + "print(torch.arange(2000))\nprint(torch.arange(1200.).reshape(40, 30))\n"
     "print(torch.arange(1001.))\n"),
    ("print/set_printoptions", H + "torch.set_printoptions(precision=2)\nprint(torch.tensor([1.23456, 2.0]))\n"
     "torch.set_printoptions(threshold=5, edgeitems=1)\nprint(torch.arange(10))\n"
     "torch.set_printoptions(sci_mode=True)\nprint(torch.tensor([1.5, 2.0]))\n"
     "torch.set_printoptions(profile='default')\nprint(torch.tensor([1.23456, 2.0]))\n"
     "torch.set_printoptions(linewidth=20)\nprint(torch.arange(12.))\n"),
    ("print/set_printoptions_profiles", H + "torch.set_printoptions(profile='short')\nprint(torch.tensor([1.23456, 2.0]))\nprint(torch.arange(1200))\n"
     "torch.set_printoptions(profile='full')\nprint(torch.arange(1100).sum())\n"),
    ("print/grad_and_dtype_suffix", H + "print(torch.ones(2, requires_grad=True))\nprint(torch.ones(2, dtype=torch.float64, requires_grad=True))\n"
     "print(torch.tensor([1, 2], dtype=torch.int32) * 2)\n"),
    ("print/large_small", H + "print(torch.tensor([1e-10, 1e10]))\nprint(torch.tensor([123456789.0]))\nprint(torch.tensor([0.0001, 0.001]))\n"
     "print(torch.tensor([-0.0, 0.0]))\nprint(torch.tensor([1e20], dtype=torch.float64))\nprint(torch.tensor([100000000.0, 1.0]))\n"),
    ("print/str_repr_format", H + "t = torch.tensor([1., 2.])\nprint(str(t) == repr(t))\nprint(f'{t}')\nprint([torch.tensor(1), torch.tensor(2.)])\n"
     "print(format(torch.tensor(2.5), '.2f'))\nprint(torch.tensor(2.5).__format__(''))\n"),
    ("print/uint16_32_64", H + "print(torch.uint16, torch.uint32, torch.uint64)\nprint(torch.tensor([1, 2], dtype=torch.uint16), torch.zeros(2, dtype=torch.uint64))\n"),
    ("print/dtype_size_device", H + "print(torch.float32, torch.int64, torch.bool, torch.complex64, torch.float16)\nprint(torch.ones(2, 3).size(), torch.ones(2,3).shape)\n"
     "print(torch.Size([2, 3]), torch.Size([]), torch.ones(2).device, repr(torch.device('cpu')))\nprint(torch.ones(2, 3).dtype, torch.ones(2, 3).size(1))\n"),
    # --- creation
    ("create/linspace", H + "x = torch.linspace(-3, 11, 53)\nprint([x[i].item() for i in range(53)])\n"
     "print(torch.linspace(0, 1, 7).tolist())\nprint(torch.linspace(0, 1, 5, dtype=torch.float64).tolist())\n"
     "print(torch.linspace(-1.5, 2.7, 33).tolist())\nprint(torch.linspace(0, 10, 1), torch.linspace(0, 10, 0))\nprint(torch.linspace(0, 10, 4, dtype=torch.int64))\n"),
    ("create/linspace_more", H + "for a, b, n in [(0, 1, 100), (1, 7, 41), (-10, 3.3, 77), (5, -5, 31), (0.1, 0.9, 19)]:\n"
     "    print(torch.linspace(a, b, n).tolist())\n    print(torch.linspace(a, b, n, dtype=torch.float64).tolist())\n"),
    ("create/arange", H + "print(torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.25))\nprint(torch.arange(5.).dtype, torch.arange(5).dtype, torch.arange(0, 1, 0.1).tolist())\n"
     "print(torch.arange(-1, 1, 0.3).tolist())\nprint(torch.arange(10, 0, -3))\n"),
    ("create/tensor_infer", H + "print(torch.tensor([1, 2]).dtype, torch.tensor([1., 2]).dtype, torch.tensor([True]).dtype, torch.tensor([1j]).dtype)\n"
     "print(torch.tensor([[1, 2], [3, 4]]).shape, torch.tensor(5).shape, torch.tensor([]).dtype)\n"),
    ("create/filled", H + "print(torch.zeros(2, 3), torch.ones((2,)), torch.full((2, 2), 7), torch.full((2,), 1.5))\n"
     "print(torch.eye(3), torch.eye(2, 3))\nprint(torch.zeros_like(torch.ones(2, dtype=torch.int32)), torch.full_like(torch.ones(2), 3))\n"),
    ("create/default_dtype", H + "torch.set_default_dtype(torch.float64)\nprint(torch.tensor([1.5]), torch.ones(2).dtype, torch.arange(2.).dtype)\n"
     "print(torch.get_default_dtype())\ntorch.set_default_dtype(torch.float32)\n"),
    ("create/numpy_bridge", H + "import numpy as np\na = np.arange(4.)\nt = torch.from_numpy(a)\nt[0] = 9\nprint(a, t)\nprint(t.numpy() is a, type(t.numpy()).__name__)\n"
     "print(torch.as_tensor(a).data_ptr() == t.data_ptr())\nprint(torch.tensor(a).data_ptr() == t.data_ptr())\n"),
    # --- views
    ("views/basics", H + "t = torch.arange(12).reshape(3, 4)\nv = t[1:, ::2]\nprint(v.stride(), v.storage_offset(), v.is_contiguous(), v._base is t)\n"
     "print(t.t().stride(), t.t().is_contiguous(), t.view(4, 3).shape, t.view(-1).shape)\nprint(t._base is None, t.view(12)._base is t, t.view(12).view(2, 6)._base is t)\n"
     "print(v.data_ptr() - t.data_ptr(), t.element_size(), t.numel(), t.dim(), t.ndim)\n"),
    ("views/transpose_permute", H + "t = torch.arange(24).reshape(2, 3, 4)\nprint(t.permute(2, 0, 1).stride(), t.transpose(0, 2).shape, t.mT.shape, t.swapaxes(0, 1).stride())\n"
     "print(t.unsqueeze(1).stride(), t[:, :1].squeeze(1).shape, t.flatten().is_contiguous(), t.movedim(0, 2).shape)\n"),
    ("views/expand", H + "t = torch.tensor([[1], [2]])\ne = t.expand(2, 3)\nprint(e, e.stride(), e.is_contiguous())\nprint(t.expand(-1, 4).shape, torch.ones(3).expand(2, 3).stride())\n"
     "print(t.expand_as(torch.zeros(2, 5)).shape, torch.broadcast_to(torch.ones(3), (2, 3)).stride())\n"),
    ("views/reshape_copy", H + "t = torch.arange(6).reshape(2, 3)\nr = t.t().reshape(6)\nprint(r._base is None, r.is_contiguous(), r)\nprint(t.reshape(3, 2)._base is t, t.contiguous() is t)\n"),
    ("views/unfold_split", H + "t = torch.arange(10.)\nprint(t.unfold(0, 3, 2), t.unfold(0, 3, 2).stride())\nprint(t.split(4), t.chunk(3))\nprint([c.storage_offset() for c in t.split(3)])\n"),
    ("views/diagonal_narrow_select", H + "t = torch.arange(9).reshape(3, 3)\nprint(t.diagonal(), t.diagonal().stride(), t.narrow(1, 1, 2), t.select(0, 1), t.unbind(1))\n"),
    ("views/mT_broadcast_to", H + "t = torch.arange(24).reshape(2, 3, 4)\nprint(t.mT.stride(), t.mT._base is t, torch.arange(6).reshape(2, 3).mT)\n"
     "print(torch.broadcast_to(torch.arange(3), (2, 3)), torch.arange(3).broadcast_to(2, 3).stride(), torch.tensor([[1], [2]]).broadcast_to((2, 2)))\n"
     "for f in (lambda: torch.arange(3).mT, lambda: torch.tensor(1).mT, lambda: torch.arange(3).broadcast_to((2, 4))):\n"
     "    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, e)\n"),
    ("views/as_strided", H + "t = torch.arange(9)\nprint(t.as_strided((2, 2), (3, 1), 1))\nprint(torch.as_strided(t, (3,), (2,)))\n"),
    # --- reductions
    ("reduce/dtypes", H + "i = torch.tensor([1, 2, 3])\nb = torch.tensor([True, False, True])\n"
     "print(i.sum(), i.sum().dtype, b.sum(), b.sum().dtype, i.prod(), torch.tensor([1, 2], dtype=torch.int8).sum().dtype)\n"
     "print(i.float().mean(), torch.arange(4.).reshape(2, 2).sum(0), torch.arange(4.).reshape(2, 2).sum(1, keepdim=True))\n"
     "print(torch.tensor([1., 4.]).std(), torch.tensor([1., 4.]).var(), torch.tensor([3, 1, 2]).max(), torch.tensor([3, 1, 2]).argmax())\n"),
    ("reduce/return_types", H + "t = torch.tensor([[1, 5], [4, 2]])\nr = t.max(1)\nprint(r)\nprint(type(r).__name__, r.values, r.indices)\nv, i = t.min(0)\nprint(v, i)\n"
     "print(t.sort(1))\nprint(t.median(), torch.tensor([1., 2, 3, 4]).median())\n"),
    ("reduce/mean_int_error", H + "torch.tensor([1, 2]).mean()\n"),
    ("reduce/cumsum_softmax", H + "t = torch.tensor([1., 2., 3.])\nprint(t.cumsum(0), torch.tensor([1, 2, 3]).cumsum(0).dtype, t.softmax(0), torch.softmax(t, dim=0).sum())\n"
     "print(torch.relu(torch.tensor([-1., 2.])), torch.sigmoid(torch.tensor([0., 1.])), torch.tanh(torch.tensor([0.5])))\n"),
    # --- indexing
    ("index/basic", H + "t = torch.arange(12).reshape(3, 4)\nprint(t[1], t[:, 1], t[1, 2], t[..., -1], t[None].shape, t[1:2, None, ::3].shape)\n"
     "print(t[torch.tensor([0, 2])], t[t > 5], t[[0, 1], [1, 2]], t[torch.tensor([True, False, True])])\n"),
    ("index/assign", H + "t = torch.zeros(3, 4)\nt[1] = 5\nt[:, 0] = torch.tensor([1., 2., 3.])\nt[t > 4] = -1\nt[0, 1:3] = 7\nprint(t)\n"
     "u = torch.zeros(5, dtype=torch.int64)\nu[torch.tensor([1, 3])] = 2\nu[0] = 3.7\nprint(u)\n"),
    ("index/item", H + "print(torch.tensor([5]).item(), torch.tensor(2.5).item(), int(torch.tensor(3)), float(torch.tensor(2)), bool(torch.tensor(1)))\n"),
    # --- arithmetic promotion
    ("promote/ops", H + "i = torch.tensor([1, 2])\nf = torch.tensor([1., 2.])\nprint((i + 1.5).dtype, (i / 2).dtype, (i // 2), (i * True).dtype, (f + 1).dtype)\n"
     "print((torch.tensor([1], dtype=torch.int8) + 200).dtype, (torch.tensor([1], dtype=torch.uint8) + torch.tensor([1], dtype=torch.int8)).dtype)\n"
     "print((f.double() + f).dtype, (torch.tensor(1.) + torch.tensor([1], dtype=torch.int32)).dtype, i ** 2, f ** 0.5)\n"),
    # --- errors
    ("error/view_incompatible", H + "torch.arange(6).reshape(2, 3).t().view(6)\n"),
    ("error/view_bad_size", H + "torch.arange(6).view(4, 2)\n"),
    ("error/reshape_bad", H + "torch.arange(6).reshape(4, -1)\n"),
    ("error/reshape_two_minus", H + "torch.arange(6).reshape(-1, -1)\n"),
    ("error/expand_bad", H + "torch.ones(2, 3).expand(3, 3)\n"),
    ("error/expand_fewer", H + "torch.ones(2, 3).expand(3)\n"),
    ("error/index_out_of_range", H + "torch.arange(5)[7]\n"),
    ("error/index_too_many", H + "torch.arange(5)[1, 2]\n"),
    ("error/index_tensor_oob", H + "torch.arange(5)[torch.tensor([0, 9])]\n"),
    ("error/bool_mask_shape", H + "torch.arange(5)[torch.tensor([True, False])]\n"),
    ("error/dim_out_of_range", H + "torch.ones(2, 3).sum(2)\n"),
    ("error/transpose_dim", H + "torch.ones(2, 3).transpose(0, 3)\n"),
    ("error/permute_bad", H + "torch.ones(2, 3).permute(0, 0)\n"),
    ("error/permute_count", H + "torch.ones(2, 3).permute(0)\n"),
    ("error/item_multi", H + "torch.ones(2).item()\n"),
    ("error/bool_ambiguous", H + "bool(torch.ones(2))\n"),
    ("error/add_shape", H + "torch.ones(2) + torch.ones(3)\n"),
    ("error/cat_shape", H + "torch.cat([torch.ones(2, 3), torch.ones(2, 4)])\n"),
    ("error/cat_empty", H + "torch.cat([])\n"),
    ("error/stack_shape", H + "torch.stack([torch.ones(2), torch.ones(3)])\n"),
    ("error/overlap_inplace", H + "t = torch.ones(3)\ne = t.expand(2, 3)\ne.add_(1)\n"),
    ("error/device", H + "torch.ones(2, device='cuda')\n"),
    ("error/device_bad", H + "torch.device('gpu')\n"),
    ("error/dtype_arg", H + "torch.ones(2, dtype='float')\n"),
    ("error/zeros_arg", H + "torch.zeros('a')\n"),
    ("error/tensor_ragged", H + "torch.tensor([[1, 2], [3]])\n"),
    ("error/numpy_grad", H + "torch.ones(2, requires_grad=True).numpy()\n"),
    ("error/int_grad", H + "torch.ones(2, dtype=torch.int64, requires_grad=True)\n"),
    ("error/item_empty", H + "torch.tensor([]).item()\n"),
    ("error/cast_inplace", H + "t = torch.ones(2, dtype=torch.int64)\nt += 1.5\n"),
    ("error/bool_sub", H + "torch.tensor([True]) - torch.tensor([False])\n"),
    ("error/matmul_shape", H + "torch.ones(2, 3) @ torch.ones(2, 3)\n"),
    ("error/squeeze_dim", H + "torch.ones(2, 3).squeeze(5)\n"),
    ("error/unknown_attr", H + "torch.ones(2).foo\n"),
    ("error/unknown_module_attr", H + "torch.foo\n"),
    ("error/linspace_neg", H + "torch.linspace(0, 1, -1)\n"),
    ("error/arange_step_zero", H + "torch.arange(0, 1, 0)\n"),
    ("error/arange_bad_bound", H + "torch.arange(0, 5, -1)\n"),
    ("error/narrow_bad", H + "torch.arange(5).narrow(0, 3, 4)\n"),
    ("error/unfold_bad", H + "torch.arange(5).unfold(0, 7, 1)\n"),
    ("error/as_strided_bad", H + "torch.arange(4).as_strided((3,), (2,))\n"),
    ("error/set_printoptions_profile", H + "torch.set_printoptions(profile='huge')\n"),
    ("error/view_dtype_arg", H + "torch.ones(2).view('a')\n"),
    ("error/sum_kw", H + "torch.ones(2).sum(foo=1)\n"),
    ("error/split_zero", H + "torch.arange(4).split(0)\n"),
    ("error/max_empty", H + "torch.tensor([]).max()\n"),
    ("error/float_multi", H + "float(torch.ones(2))\n"),
    ("error/softmax_int", H + "torch.tensor([1, 2]).softmax(0)\n"),
    ("error/eye_neg", H + "torch.eye(-1)\n"),
    ("error/full_missing", H + "torch.full((2,))\n"),
    ("error/from_numpy_list", H + "torch.from_numpy([1, 2])\n"),
    ("error/int_multi", H + "int(torch.ones(2))\n"),
    ("error/index_multi", H + "[1, 2][torch.ones(2, dtype=torch.int64)]\n"),
    ("create/linspace_half_int", H + "print(torch.linspace(-3, 11, 53, dtype=torch.float16).tolist())\nprint(torch.linspace(0, 1, 9, dtype=torch.float16).tolist())\n"
     "print(torch.linspace(-7, 12, 13, dtype=torch.int64).tolist())\nprint(torch.linspace(0, 255, 10, dtype=torch.uint8).tolist())\n"),
    ("create/linspace_sweep", H + "state = 12345\ndef rnd():\n    global state\n    state = (state * 1103515245 + 12345) % 2147483648\n    return state / 2147483648\n"
     "for t in range(30):\n    a = round(rnd() * 40 - 20, int(rnd() * 4)); b = round(rnd() * 40 - 20, int(rnd() * 3)); n = 1 + int(rnd() * 60)\n"
     "    for dt in (torch.float32, torch.float64, torch.float16, torch.int64):\n        print(torch.linspace(a, b, n, dtype=dt).tolist())\n"
     "    print(torch.linspace(complex(a, b / 3), complex(b, -a / 7), n).tolist())\n"),
    ("create/linspace_complex", H + "print(torch.linspace(0, 1+2j, 5))\nprint(torch.linspace(1j, 5+3j, 7, dtype=torch.complex128).tolist())\n"
     "print(torch.linspace(-1.5+2j, 2, 11).tolist())\nprint(torch.linspace(2j, 3, 1))\n"),
    ("create/linspace_long", H + "x = torch.linspace(-1.7, 3.1, 1000)\nprint(x[::37].tolist())\nprint(torch.linspace(0, 1, 333, dtype=torch.float64)[::11].tolist())\n"),
    ("error/size_args", H + "for f in (lambda: torch.zeros(2, 'a'), lambda: torch.ones(2).reshape('a'), lambda: torch.ones(2).reshape(2, 1.5),\n"
     "          lambda: torch.full(('a',), 1), lambda: torch.ones(4).expand('a'), lambda: torch.empty([2, None])):\n"
     "    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, e)\n"),
    ("error/devices", H + "for d in ('cuda', 'cuda:0', 'meta', 'cpu:0', 'tpu', 'cpu'):\n    try:\n        print(torch.zeros(1, device=d).device)\n"
     "    except Exception as e:\n        print(type(e).__name__, str(e)[:60])\n"),
    ("error/index_messages", H + "t = torch.arange(12).reshape(3, 4)\nfor f in (lambda: t[:, torch.tensor([5])], lambda: t[torch.tensor([True, False])],\n"
     "          lambda: t[torch.zeros(3, 2, dtype=torch.bool)], lambda: t[5, 1], lambda: t[1, -9], lambda: t[torch.tensor([[0, 7]])]):\n"
     "    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, e)\n"),
    ("error/index_mask_after_slice", H + "t = torch.arange(12).reshape(3, 4)\nt[1:, torch.tensor([True, False, True])]\n"),
    # --- second batch: conversions, storage, more printing and messages
    ("convert/to_type", H + "t = torch.tensor([1.7, -2.2])\nprint(t.int(), t.long(), t.to(torch.uint8), t.type(torch.int16), t.type(), t.to(torch.float64).dtype)\n"
     "print(t.bool(), t.half(), t.double(), t.to('cpu') is t, t.to(torch.float32) is t, t.float() is t)\n"),
    ("convert/overflow", H + "for f in (lambda: torch.tensor([300], dtype=torch.uint8), lambda: torch.tensor([-1], dtype=torch.uint8), lambda: torch.full((2,), 300, dtype=torch.uint8),\n"
     "          lambda: torch.tensor([2**63]), lambda: torch.zeros(2, dtype=torch.int8).fill_(200)):\n    try:\n        print(f())\n    except Exception as e:\n        print(type(e).__name__, e)\n"),
    ("storage/basics", H + "t = torch.arange(4.)\nprint(t.storage_offset(), t[1:].storage_offset())\n"
     "print(t.is_contiguous(memory_format=torch.contiguous_format), t.data_ptr() == t[0:].data_ptr())\n"),
    ("storage/untyped", H + "t = torch.arange(4.)\nprint(t.untyped_storage().nbytes(), t[1:].untyped_storage().data_ptr() == t.untyped_storage().data_ptr())\n"),
    ("storage/typed_print", H + "print(torch.tensor([1., 2.]).storage())\n"),
    ("print/wide_ranges", H + "print(torch.tensor([1e-4, 1e4]))\nprint(torch.tensor([0.5, 1000.25]))\nprint(torch.tensor([1e8, 1e-8], dtype=torch.float64))\n"
     "print(torch.tensor([12345678, -3]))\nprint(torch.tensor([[1.5, -2.0], [3e5, 4.0]]))\nprint(torch.tensor([2**40, 1], dtype=torch.int64))\n"),
    ("print/linewidth_wrap", H + "print(torch.arange(30.) / 7)\nprint(torch.arange(40) * 1000)\nprint(torch.arange(3)[None, None])\n"),
    ("print/complex_more", H + "print(torch.tensor([1e5+1j, -2-0.5j]))\nprint(torch.tensor([[1j, 2], [3, 4+4j]], dtype=torch.complex128))\nprint(torch.tensor([float('nan')+1j]))\n"),
    ("print/half_more", H + "print(torch.tensor([0.1, 1000.5, -3], dtype=torch.float16))\nprint(torch.arange(5, dtype=torch.float16) / 3)\n"),
    ("ops/sort_topk_where", H + "t = torch.tensor([3., 1., 2., 5.])\nprint(t.sort(descending=True).indices, torch.where(t > 2, t, torch.zeros(4)), t.clamp(1.5, 3))\n"
     "print(torch.argmax(t), t.argmax())\n"),
    ("ops/topk_kthvalue_eq_rand", H + "t = torch.tensor([3., 1., 2., 5.])\nprint(t.topk(2), t.kthvalue(2), t.argsort(), t.is_shared(), t.eq(2), t.ne(2), torch.rand(0).shape)\n"),
    ("ops/compare_logic", H + "a = torch.tensor([1, 2, 3])\nprint(a == 2, a >= 2, a > 1.5, (a > 1) & (a < 3), ~(a > 1), (a != 2).dtype, torch.equal(a, a.clone()))\n"),
    ("ops/inplace_views", H + "t = torch.zeros(2, 3)\nv = t[0]\nv.add_(1)\nv.mul_(3)\nt[1].fill_(2)\nprint(t, v._base is t)\nt.t()[0].zero_()\nprint(t)\n"),
    ("ops/mixed_scalar", H + "print(torch.tensor([1, 2], dtype=torch.int32) + 2**40)\nprint(torch.tensor([1.], dtype=torch.float16) + 1.0)\nprint(torch.tensor(3) / torch.tensor(2), torch.tensor(-7) // 2, torch.tensor(-7) % 3)\n"),
    ("ops/clone_detach_copy", H + "t = torch.arange(4.)\nc = t.clone()\nd = t.detach()\nprint(c.data_ptr() != t.data_ptr(), d.data_ptr() == t.data_ptr(), d._base is None)\nc.copy_(torch.ones(4))\nprint(c)\n"),
    ("error/copy_shape", H + "torch.zeros(3).copy_(torch.ones(2))\n"),
    ("error/view_dtype_size", H + "torch.zeros(3, dtype=torch.int8).view(torch.int32)\n"),
    ("error/flatten_range", H + "torch.zeros(2, 3).flatten(1, 0)\n"),
    ("error/unsqueeze_dim", H + "torch.zeros(2).unsqueeze(3)\n"),
    ("error/select_dim", H + "torch.zeros(2).select(0, 5)\n"),
    ("error/reshape_numel", H + "torch.zeros(2, 3).reshape(5)\n"),
    ("error/view_numel", H + "torch.zeros(2, 3).view(7)\n"),
    ("error/cat_dtype_dim", H + "torch.cat([torch.zeros(2), torch.zeros(2)], dim=1)\n"),
    ("error/stack_empty", H + "torch.stack([])\n"),
    ("error/inplace_dtype", H + "t = torch.zeros(2, dtype=torch.int64)\nt.add_(torch.tensor([1.5, 2.5]))\n"),
    ("error/index_float", H + "torch.zeros(3)[torch.tensor([1.0])]\n"),
    ("error/index_str", H + "torch.zeros(3)['a']\n"),
    ("error/setitem_broadcast", H + "t = torch.zeros(2, 3)\nt[0] = torch.ones(4)\n"),
    ("error/sum_dim_type", H + "torch.zeros(3).sum('a')\n"),
    ("error/tensor_from_str", H + "torch.tensor('abc')\n"),
    ("error/tensor_mixed", H + "torch.tensor([1, 'a'])\n"),
    ("error/arange_float_int_dtype", H + "print(torch.arange(0, 2.5, 0.5, dtype=torch.int64))\nprint(torch.arange(3, dtype=torch.bool))\n"),
    ("error/split_bad", H + "torch.arange(6).split([2, 2])\n"),
    ("error/chunk_zero", H + "torch.arange(6).chunk(0)\n"),
    ("error/expand_neg", H + "torch.zeros(2).expand(-1, -1)\n"),
    ("error/movedim_repeat", H + "torch.zeros(2, 3).movedim((0, 0), (1, 0))\n"),
    ("error/diagonal_same", H + "torch.zeros(2, 3).diagonal(0, 0, 0)\n"),
    ("error/bitwise_float", H + "torch.tensor([1.5]) & torch.tensor([1.0])\n"),
    ("error/neg_bool", H + "-torch.tensor([True])\n"),
    ("error/matmul_messages", H + "for a, b in [((3,), (2,)), ((2, 3), (2,)), ((3,), (2, 3)), ((2, 3), (4, 2)), ((5, 2, 3), (5, 4, 2)), ((5, 2, 3), (2,)),\n"
     "             ((3,), (5, 2, 3)), ((4, 2, 3), (5, 3, 2)), ((2, 3), (5, 4, 2)), ((), (3,))]:\n"
     "    try:\n        print((torch.ones(a) @ torch.ones(b)).shape)\n    except Exception as e:\n        print(type(e).__name__, e)\n"),
    ("error/setitem_shape", H + "t = torch.zeros(3)\nt[:] = torch.ones(2)\n"),
]

DRIVER = r'''
import contextlib, io, json, sys, traceback
import torch
probes = json.load(open(sys.argv[1]))
out = []
for name, code in probes:
    buf = io.StringIO()
    err = None
    with contextlib.redirect_stdout(buf):
        try:
            exec(compile(code, "prog.py", "exec"), {"__name__": "__main__"})
        except BaseException as e:
            err = [l for l in "".join(traceback.format_exception_only(e)).split("\n") if l.strip()][-1]
    torch.set_printoptions(profile="default")
    torch.set_printoptions(sci_mode=None)
    torch.set_default_dtype(torch.float32)
    out.append(buf.getvalue() + ("" if err is None else "!" + err))
json.dump(out, open(sys.argv[2], "w"))
'''


def as_case_text(stdout, stderr, rc):
    if rc == 0:
        return stdout
    return stdout + "!" + [l for l in stderr.split("\n") if l.strip()][-1]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build/native/stridelab_py")
    names = [n for n, _ in PROBES]
    assert len(set(names)) == len(names), "probe names must be unique"
    pending_file = DATA / "torch_reference_pending.txt"
    old = {}
    if pending_file.exists():
        for line in pending_file.read_text().splitlines():
            if line and not line.startswith("#"):
                issue, name = line.split("\t")[:2]
                old[name] = issue
    (ROOT / "build").mkdir(exist_ok=True)
    work = pathlib.Path(tempfile.mkdtemp(dir=ROOT / "build"))
    (work / "driver.py").write_text(DRIVER)
    (work / "probes.json").write_text(json.dumps(PROBES))
    subprocess.run([str(REFPY), "driver.py", "probes.json", "expected.json"], cwd=work, check=True)
    expected = json.loads((work / "expected.json").read_text())
    pending = []
    with open(DATA / "torch_reference.jsonl", "w") as f:
        for (name, code), exp in zip(PROBES, expected):
            f.write(json.dumps({"name": name, "mode": 1, "code": code, "expected": exp}, ensure_ascii=False) + "\n")
            (work / "prog.py").write_text(code)
            ours = subprocess.run([binary, "prog.py"], capture_output=True, text=True, cwd=work)
            if as_case_text(ours.stdout, ours.stderr, ours.returncode) != exp:
                pending.append((old.get(name, "13"), name))
    with open(pending_file, "w") as f:
        f.write("# torch probes whose engine output differs from PyTorch 2.6's (tests/data/torch_reference.jsonl):\n"
                "# issue<TAB>name. Written by tests/tools/gen_torch_reference.py.\n")
        for issue, name in sorted(pending, key=lambda p: p[1]):
            f.write(issue + "\t" + name + "\n")
    print(f"{len(PROBES)} probes; {len(pending)} pending")


if __name__ == "__main__":
    main()

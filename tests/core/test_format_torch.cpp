// PyTorch tensor printing edge cases beyond the oracle.
// Generated from a differential corpus: every expected text below is what
// CPython 3.11 (NumPy 1.24, PyTorch 1.13) printed for the same program. Errors
// end the text with '!' and either the last traceback line (mode 1) or the
// whole traceback with CPython's ^~ position lines dropped (mode 2), file "prog.py".
#include "tests/core/program_cases.hpp"

using program_cases::Case;
using program_cases::check_all;
using program_cases::run_case;

const Case k_torch_print[] = {
    {"float tensors basic", 0,
     R"~(import torch
print(torch.tensor([1.0, 2.5, -3.0]))
print(torch.tensor([1.0, 2.0]), torch.tensor([0.1, 0.2, 0.3]), torch.tensor([1.123456, 2.0]))
print(torch.tensor([[1.5, 2.0], [3.0, 4.25]]))
)~",
     R"~(tensor([ 1.0000,  2.5000, -3.0000])
tensor([1., 2.]) tensor([0.1000, 0.2000, 0.3000]) tensor([1.1235, 2.0000])
tensor([[1.5000, 2.0000],
        [3.0000, 4.2500]])
)~"},
    {"int tensors", 0,
     R"~(import torch
print(torch.tensor([1, 2, 3]), torch.tensor([-1, 100, 1000]), torch.arange(10))
print(torch.tensor([1, 2], dtype=torch.int32), torch.tensor([1, 2], dtype=torch.int8), torch.tensor([1, 2], dtype=torch.uint8), torch.tensor([1, 2], dtype=torch.int16))
print(torch.tensor([[1, -22], [333, 4]]))
)~",
     R"~(tensor([1, 2, 3]) tensor([  -1,  100, 1000]) tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
tensor([1, 2], dtype=torch.int32) tensor([1, 2], dtype=torch.int8) tensor([1, 2], dtype=torch.uint8) tensor([1, 2], dtype=torch.int16)
tensor([[  1, -22],
        [333,   4]])
)~"},
    {"bool tensors", 0,
     R"~(import torch
print(torch.tensor([True, False]), torch.tensor([[True], [False]]), torch.zeros(2, dtype=torch.bool))
)~",
     R"~(tensor([ True, False]) tensor([[ True],
        [False]]) tensor([False, False])
)~"},
    {"sci mode", 0,
     R"~(import torch
print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([1e10, 1.0]))
print(torch.tensor([1e8, 1.0]))
print(torch.tensor([1e-4, 1.0]))
print(torch.tensor([123456789.0]))
print(torch.tensor([1e-10, 1e10]))
print(torch.tensor([0.001, 1000.0]))
)~",
     R"~(tensor([1.0000e-05, 1.0000e+00])
tensor([1.0000e+10, 1.0000e+00])
tensor([1.0000e+08, 1.0000e+00])
tensor([1.0000e-04, 1.0000e+00])
tensor([1.2346e+08])
tensor([1.0000e-10, 1.0000e+10])
tensor([1.0000e-03, 1.0000e+03])
)~"},
    {"empty tensors", 0,
     R"~(import torch
print(torch.tensor([]), torch.zeros(0, 3), torch.zeros(2, 0), torch.zeros(0, dtype=torch.int64), torch.zeros(0, dtype=torch.int32), torch.zeros(3, 0, 2))
)~",
     R"~(tensor([]) tensor([], size=(0, 3)) tensor([], size=(2, 0)) tensor([], dtype=torch.int64) tensor([], dtype=torch.int32) tensor([], size=(3, 0, 2))
)~"},
    {"zero d tensors", 0,
     R"~(import torch
print(torch.tensor(3), torch.tensor(2.5), torch.tensor(True), torch.tensor(1e-8), torch.tensor(1e20), torch.tensor(-0.0), torch.tensor(3, dtype=torch.int32), torch.tensor(2.5, dtype=torch.float64))
)~",
     R"~(tensor(3) tensor(2.5000) tensor(True) tensor(1.0000e-08) tensor(1.0000e+20) tensor(-0.) tensor(3, dtype=torch.int32) tensor(2.5000, dtype=torch.float64)
)~"},
    {"large summarised tensors", 0,
     R"~(import torch
print(torch.arange(2000))
print(torch.arange(2000.).reshape(40, 50))
print(torch.arange(5000).reshape(10, 10, 50))
)~",
     R"~(tensor([   0,    1,    2,  ..., 1997, 1998, 1999])
tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 4.7000e+01, 4.8000e+01,
         4.9000e+01],
        [5.0000e+01, 5.1000e+01, 5.2000e+01,  ..., 9.7000e+01, 9.8000e+01,
         9.9000e+01],
        [1.0000e+02, 1.0100e+02, 1.0200e+02,  ..., 1.4700e+02, 1.4800e+02,
         1.4900e+02],
        ...,
        [1.8500e+03, 1.8510e+03, 1.8520e+03,  ..., 1.8970e+03, 1.8980e+03,
         1.8990e+03],
        [1.9000e+03, 1.9010e+03, 1.9020e+03,  ..., 1.9470e+03, 1.9480e+03,
         1.9490e+03],
        [1.9500e+03, 1.9510e+03, 1.9520e+03,  ..., 1.9970e+03, 1.9980e+03,
         1.9990e+03]])
tensor([[[   0,    1,    2,  ...,   47,   48,   49],
         [  50,   51,   52,  ...,   97,   98,   99],
         [ 100,  101,  102,  ...,  147,  148,  149],
         ...,
         [ 350,  351,  352,  ...,  397,  398,  399],
         [ 400,  401,  402,  ...,  447,  448,  449],
         [ 450,  451,  452,  ...,  497,  498,  499]],

        [[ 500,  501,  502,  ...,  547,  548,  549],
         [ 550,  551,  552,  ...,  597,  598,  599],
         [ 600,  601,  602,  ...,  647,  648,  649],
         ...,
         [ 850,  851,  852,  ...,  897,  898,  899],
         [ 900,  901,  902,  ...,  947,  948,  949],
         [ 950,  951,  952,  ...,  997,  998,  999]],

        [[1000, 1001, 1002,  ..., 1047, 1048, 1049],
         [1050, 1051, 1052,  ..., 1097, 1098, 1099],
         [1100, 1101, 1102,  ..., 1147, 1148, 1149],
         ...,
         [1350, 1351, 1352,  ..., 1397, 1398, 1399],
         [1400, 1401, 1402,  ..., 1447, 1448, 1449],
         [1450, 1451, 1452,  ..., 1497, 1498, 1499]],

        ...,

        [[3500, 3501, 3502,  ..., 3547, 3548, 3549],
         [3550, 3551, 3552,  ..., 3597, 3598, 3599],
         [3600, 3601, 3602,  ..., 3647, 3648, 3649],
         ...,
         [3850, 3851, 3852,  ..., 3897, 3898, 3899],
         [3900, 3901, 3902,  ..., 3947, 3948, 3949],
         [3950, 3951, 3952,  ..., 3997, 3998, 3999]],

        [[4000, 4001, 4002,  ..., 4047, 4048, 4049],
         [4050, 4051, 4052,  ..., 4097, 4098, 4099],
         [4100, 4101, 4102,  ..., 4147, 4148, 4149],
         ...,
         [4350, 4351, 4352,  ..., 4397, 4398, 4399],
         [4400, 4401, 4402,  ..., 4447, 4448, 4449],
         [4450, 4451, 4452,  ..., 4497, 4498, 4499]],

        [[4500, 4501, 4502,  ..., 4547, 4548, 4549],
         [4550, 4551, 4552,  ..., 4597, 4598, 4599],
         [4600, 4601, 4602,  ..., 4647, 4648, 4649],
         ...,
         [4850, 4851, 4852,  ..., 4897, 4898, 4899],
         [4900, 4901, 4902,  ..., 4947, 4948, 4949],
         [4950, 4951, 4952,  ..., 4997, 4998, 4999]]])
)~"},
    {"dtype suffix", 0,
     R"~(import torch
print(torch.tensor([1.5], dtype=torch.float64), torch.tensor([1.5], dtype=torch.float16), torch.tensor([1], dtype=torch.int32), torch.tensor([1.0, 2.0], dtype=torch.float64))
print(torch.tensor(2.0, dtype=torch.float64), torch.zeros(0, dtype=torch.float64), torch.tensor([1.5], dtype=torch.bfloat16) if hasattr(torch, 'bfloat16') and False else '')
)~",
     R"~(tensor([1.5000], dtype=torch.float64) tensor([1.5000], dtype=torch.float16) tensor([1], dtype=torch.int32) tensor([1., 2.], dtype=torch.float64)
tensor(2., dtype=torch.float64) tensor([], dtype=torch.float64) 
)~"},
    {"inf nan tensors", 0,
     R"~(import torch
print(torch.tensor([float('inf'), float('-inf'), float('nan'), 1.0]))
print(torch.tensor([float('nan')]), torch.tensor([1.0, float('inf')]), torch.tensor([1e-5, float('nan')]))
)~",
     R"~(tensor([inf, -inf, nan, 1.])
tensor([nan]) tensor([1., inf]) tensor([1.0000e-05,        nan])
)~"},
    {"int valued floats", 0,
     R"~(import torch
print(torch.tensor([1.0, 2.0, 100.0]), torch.tensor([[1.0, -2.0]]), torch.tensor([1000000.0, 1.0]), torch.ones(2, 3))
)~",
     R"~(tensor([  1.,   2., 100.]) tensor([[ 1., -2.]]) tensor([1.0000e+06, 1.0000e+00]) tensor([[1., 1., 1.],
        [1., 1., 1.]])
)~"},
    {"tensor linewidth wrapping", 0,
     R"~(import torch
print(torch.arange(40))
print(torch.arange(30.) / 7)
)~",
     R"~(tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,
        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
        36, 37, 38, 39])
tensor([0.0000, 0.1429, 0.2857, 0.4286, 0.5714, 0.7143, 0.8571, 1.0000, 1.1429,
        1.2857, 1.4286, 1.5714, 1.7143, 1.8571, 2.0000, 2.1429, 2.2857, 2.4286,
        2.5714, 2.7143, 2.8571, 3.0000, 3.1429, 3.2857, 3.4286, 3.5714, 3.7143,
        3.8571, 4.0000, 4.1429])
)~"},
    {"tensor repr in containers", 0,
     R"~(import torch
t = torch.tensor([1.5, 2.5])
print([t, t * 2], (t,), {'k': t})
)~",
     R"~([tensor([1.5000, 2.5000]), tensor([3., 5.])] (tensor([1.5000, 2.5000]),) {'k': tensor([1.5000, 2.5000])}
)~"},
    {"set_printoptions torch", 0,
     R"~(import torch
torch.set_printoptions(precision=2)
print(torch.tensor([1.23456, 2.0]))
torch.set_printoptions(sci_mode=True)
print(torch.tensor([1.5, 2.0]))
torch.set_printoptions(sci_mode=False)
print(torch.tensor([1e-8, 1.0]))
torch.set_printoptions(precision=4, sci_mode=None)
print(torch.tensor([1e-8, 1.0]))
)~",
     R"~(tensor([1.23, 2.00])
tensor([1.50e+00, 2.00e+00])
tensor([    0.00,     1.00])
tensor([1.0000e-08, 1.0000e+00])
)~"},
    {"tensor with requires grad free ops", 0,
     R"~(import torch
x = torch.linspace(0, 1, 5)
print(x, x.sum(), x.mean(), x * 10, x.max())
)~",
     R"~(tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000]) tensor(2.5000) tensor(0.5000) tensor([ 0.0000,  2.5000,  5.0000,  7.5000, 10.0000]) tensor(1.)
)~"},
    {"3d tensor print", 0,
     R"~(import torch
print(torch.arange(24).reshape(2, 3, 4))
print(torch.zeros(2, 1, 2))
)~",
     R"~(tensor([[[ 0,  1,  2,  3],
         [ 4,  5,  6,  7],
         [ 8,  9, 10, 11]],

        [[12, 13, 14, 15],
         [16, 17, 18, 19],
         [20, 21, 22, 23]]])
tensor([[[0., 0.]],

        [[0., 0.]]])
)~"},
};

TEST_CASE("PyTorch printing (15 programs)", "[format][torch]") { check_all(k_torch_print, sizeof(k_torch_print) / sizeof(Case)); }

# Reads the files write_files.py wrote (the reference's, in test_file_interop.cpp); prints what it found.
import numpy as np, zlib, pickle
a = np.arange(12, dtype=np.int32).reshape(3, 4)
b = np.linspace(-1, 1, 5)
x = np.load('ref.npy')
print(x.dtype, x.shape, x.flags.f_contiguous, np.array_equal(x, a))
with np.load('ref.npz') as f:
    print(f.files, np.array_equal(f['arr_0'], a), np.array_equal(f['weights'], b), f['flags'])
with np.load('ref_compressed.npz') as f:
    print(f.files, np.array_equal(f['a'], np.tile(a, (20, 1))), f['b'], f['s'])
raw = open('ref.zlib', 'rb').read()
d = zlib.decompressobj()
print(d.decompress(raw) == bytes(range(256)) * 40, zlib.decompress(d.unused_data, -15))
with open('ref.pkl', 'rb') as f:
    rec = pickle.load(f)
    more = pickle.load(f)
    arrays = pickle.load(f)
    five = pickle.load(f)
print(rec, more[0], len(more[1]), f.closed)
print(arrays, arrays[1].flags.f_contiguous, five, five.dtype)
import torch
sd = torch.load('ref.pth', weights_only=True)
print(list(sd), sd['weight'], sd['bias'], sd['steps'], sd['steps'].dtype)
print(sd['row'], sd['row'].storage_offset(), sd['row'].untyped_storage().data_ptr() == sd['weight'].untyped_storage().data_ptr())

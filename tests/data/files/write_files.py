# The files both sides write (tests/core/api/test_file_interop.cpp, tests/tools/gen_file_interop.py):
# the reference's are committed next to this program, and stridelab's must be byte for byte the same.
import numpy as np, zlib, pickle
a = np.arange(12, dtype=np.int32).reshape(3, 4)
b = np.linspace(-1, 1, 5)
np.save('ref.npy', np.asfortranarray(a))
np.savez('ref.npz', a, weights=b, flags=np.array([True, False]))
np.savez_compressed('ref_compressed.npz', a=np.tile(a, (20, 1)), b=b.astype(np.float32), s=np.array(['npz', 'zip']))
with open('ref.zlib', 'wb') as f:
    f.write(zlib.compress(bytes(range(256)) * 40, 9) + zlib.compress(b'stridelab ' * 30, 1, -15))
record = {'weights': [0.5, -1.25], 'name': 'net', 'shape': (3, 4), 'ids': {1, 2}, 'blob': b'\x00\xff' * 3,
          'big': 2 ** 70, 'nested': [[], {}, None, True, frozenset({'a'})], 'kinds': [int, complex(1, -2), range(2)]}
with open('ref.pkl', 'wb') as f:
    pickle.dump(record, f)
    pickle.dump([record['weights'], 'y' * 70000], f, protocol=5)
    pickle.dump([np.arange(6).reshape(2, 3), np.asfortranarray(b), np.float32(2.5), np.dtype('u2')], f)
    pickle.dump(np.linspace(0, 1, 4), f, protocol=5)
import torch, collections
w = torch.arange(6, dtype=torch.float32).reshape(2, 3) / 4
state = collections.OrderedDict([('weight', w), ('bias', torch.tensor([0.5, -1.0])), ('row', w[1]), ('steps', torch.tensor(7))])
torch.save(state, 'ref.pth')

# numpy._core.multiarray: the two functions NumPy's pickles name to rebuild
# arrays and scalars (protocols 2-4): _reconstruct(ndarray, (0,), b'b') makes
# the empty array whose state BUILD then sets (the unpickler,
# core/lang/modules/pickle_module.cpp, rebuilds it whole from that state), and
# scalar(dtype, bytes) is the scalar those bytes hold.
import numpy

__all__ = ['_reconstruct', 'scalar']


def _reconstruct(subtype, shape, dtype):
    if isinstance(dtype, bytes):
        dtype = dtype.decode('latin1')
    return numpy.empty(shape, dtype=dtype)


def scalar(dtype, obj=None):
    if obj is None:
        return numpy.zeros((), dtype=dtype)[()]
    return numpy.frombuffer(obj, dtype=dtype, count=1)[0]

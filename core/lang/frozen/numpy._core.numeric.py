# numpy._core.numeric: _frombuffer(buf, dtype, shape, order), what a protocol 5
# pickle of an array names: the array over the pickled buffer's bytes.
import numpy

__all__ = ['_frombuffer']


def _frombuffer(buf, dtype, shape, order):
    return numpy.frombuffer(buf, dtype=dtype).reshape(shape, order=order)

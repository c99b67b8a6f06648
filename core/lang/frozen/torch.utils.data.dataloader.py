# torch.utils.data.dataloader: DataLoader, the default collation, and the iterator
# that fetches batches.
#
# A DataLoader turns a dataset into batches: a sampler yields indices (sequential,
# or a RandomSampler when shuffle=True), a BatchSampler groups them, the fetcher
# reads dataset[i] for each (or next() of an IterableDataset) and collate_fn stacks
# the samples (default_collate: tensors by torch.stack, Python floats as float64
# tensors, ints as int64, NumPy arrays through torch.as_tensor, recursing through
# dicts, named tuples and sequences; default_convert without automatic batching).
# Each iter() first draws the loader's base seed from its generator (the default
# one unless generator=), torch.empty((), dtype=torch.int64).random_(), as
# PyTorch's _BaseDataLoaderIter does, so the default generator advances as it does
# there and a later torch.rand draws what it draws there.
#
# Note [Workers in process]: stridelab has no processes; num_workers > 0 loads in
# the session itself. A map-style dataset's batches come in the sampler's order, as
# PyTorch's in_order loading delivers them; an IterableDataset is replicated once
# per worker, each replica iterated in turn (round robin, batch by batch, as the
# workers' results arrive in order) with get_worker_info() describing the replica's
# worker, so a dataset that shards itself by worker id yields what it yields there.
# What differs: each PyTorch worker reseeds its own default generator (base_seed +
# worker id); here a dataset that draws random numbers draws from the session's.
import copy
import math
import torch
from torch.utils.data.dataset import Dataset, IterableDataset
from torch.utils.data.sampler import BatchSampler, RandomSampler, Sampler, SequentialSampler



def _str_or_object_dtype(array):
    """NumPy's bytes, str and object dtypes (dtype.str has S, a, U or O), which do not collate."""
    return any(c in array.dtype.str for c in "SaUO")


# stridelab has no collections.abc yet: the ABCs collation asks about, by the
# builtin types registered with them (and, for Mapping, the protocol's methods).
def _is_mapping(value):
    return isinstance(value, dict) or (hasattr(type(value), "keys") and hasattr(type(value), "__getitem__")
                                       and not isinstance(value, (list, tuple, torch.Tensor)) and not _is_text(value))


def _is_text(value):
    return isinstance(value, str) or type(value).__name__ == "bytes"


def _is_sequence(value):
    return isinstance(value, (list, tuple, range)) or _is_text(value)

default_collate_err_msg_format = (
    "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}"
)


def _is_numpy(value):
    t = type(value)
    return t.__module__ == "numpy" and t.__name__ not in ("str_", "string_")


def _rebuild_mapping(elem, pairs):
    try:
        if isinstance(elem, dict):
            clone = copy.copy(elem)
            clone.update(pairs)
            return clone
        return type(elem)(pairs)
    except TypeError:
        return pairs


def _rebuild_sequence(elem, items):
    try:
        if isinstance(elem, list):
            clone = copy.copy(elem)
            for i, item in enumerate(items):
                clone[i] = item
            return clone
        return type(elem)(items)
    except TypeError:
        return items


def default_convert(data):
    if isinstance(data, torch.Tensor):
        return data
    if _is_numpy(data):
        if type(data).__name__ == "ndarray" and _str_or_object_dtype(data):
            return data
        return torch.as_tensor(data)
    if _is_mapping(data):
        return _rebuild_mapping(data, {key: default_convert(data[key]) for key in data})
    if isinstance(data, tuple) and hasattr(data, "_fields"):  # a named tuple
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if _is_sequence(data) and not _is_text(data):
        return _rebuild_sequence(data, [default_convert(d) for d in data])
    return data


def _collate_leaf(batch):
    """The batch of a leaf type (default_collate_fn_map), or NotImplemented."""
    elem = batch[0]
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if _is_numpy(elem):
        if type(elem).__name__ == "ndarray":
            if _str_or_object_dtype(elem):
                raise TypeError(default_collate_err_msg_format.format(elem.dtype))
            return default_collate([torch.as_tensor(b) for b in batch])
        return torch.as_tensor(batch)  # NumPy scalars
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if _is_text(elem):
        return batch
    return NotImplemented


def default_collate(batch):
    leaf = _collate_leaf(batch)
    if leaf is not NotImplemented:
        return leaf
    elem = batch[0]
    if _is_mapping(elem):
        return _rebuild_mapping(elem, {key: default_collate([d[key] for d in batch]) for key in elem})
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if _is_sequence(elem):
        size = len(elem)
        if not all(len(e) == size for e in batch[1:]):
            raise RuntimeError("each element in list of batch should be of equal size")
        transposed = list(zip(*batch))
        if isinstance(elem, tuple):
            return [default_collate(samples) for samples in transposed]
        return _rebuild_sequence(elem, [default_collate(samples) for samples in transposed])
    raise TypeError(default_collate_err_msg_format.format(type(elem)))


class WorkerInfo:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)
        self.__keys = tuple(kwargs.keys())

    def __repr__(self):
        items = [f"{k}={getattr(self, k)}" for k in self.__keys]
        return f"{self.__class__.__name__}({', '.join(items)})"


_worker_info = None


def get_worker_info():
    return _worker_info


class _InfiniteConstantSampler(Sampler):
    def __iter__(self):
        while True:
            yield None


class _MapFetcher:
    def __init__(self, dataset, auto_collation, collate_fn, drop_last):
        self.dataset = dataset
        self.auto_collation = auto_collation
        self.collate_fn = collate_fn

    def fetch(self, index):
        if self.auto_collation:
            getitems = getattr(self.dataset, "__getitems__", None)
            if getitems:
                data = getitems(index)
            else:
                data = [self.dataset[i] for i in index]
        else:
            data = self.dataset[index]
        return self.collate_fn(data)


class _IterableFetcher:
    def __init__(self, dataset, auto_collation, collate_fn, drop_last):
        self.dataset_iter = iter(dataset)
        self.auto_collation = auto_collation
        self.collate_fn = collate_fn
        self.drop_last = drop_last
        self.ended = False

    def fetch(self, index):
        if self.ended:
            raise StopIteration
        if self.auto_collation:
            data = []
            for _ in index:
                try:
                    data.append(next(self.dataset_iter))
                except StopIteration:
                    self.ended = True
                    break
            if len(data) == 0 or (self.drop_last and len(data) < len(index)):
                raise StopIteration
        else:
            data = next(self.dataset_iter)
        return self.collate_fn(data)


class _DataLoaderIter:
    """One pass over a DataLoader (PyTorch's _SingleProcessDataLoaderIter; Note [Workers in process])."""

    def __init__(self, loader):
        self._loader = loader
        self._index_sampler = loader._index_sampler
        self._sampler_iter = iter(self._index_sampler)
        self._base_seed = torch.empty((), dtype=torch.int64).random_(generator=loader.generator).item()
        self._num_yielded = 0
        make = _IterableFetcher if loader._is_iterable else _MapFetcher
        replicas = max(loader.num_workers, 1) if loader._is_iterable else 1
        self._fetchers = []
        for worker_id in range(replicas):
            with _as_worker(loader, worker_id, self._base_seed):
                self._fetchers.append(make(loader.dataset, loader._auto_collation, loader.collate_fn,
                                           loader.drop_last))
        self._next_worker = 0

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._index_sampler)

    def __next__(self):
        loader = self._loader
        while self._fetchers:
            worker_id = self._next_worker % len(self._fetchers)
            index = next(self._sampler_iter)
            try:
                with _as_worker(loader, worker_id, self._base_seed):
                    data = self._fetchers[worker_id].fetch(index)
            except StopIteration:
                if len(self._fetchers) == 1:
                    self._fetchers = []
                    raise
                del self._fetchers[worker_id]
                continue
            self._next_worker = worker_id + 1
            self._num_yielded += 1
            return data
        raise StopIteration


class _as_worker:
    """While loading for an in-process worker (num_workers > 0), get_worker_info() describes it."""

    def __init__(self, loader, worker_id, base_seed):
        self.info = None
        if loader.num_workers > 0:
            self.info = WorkerInfo(id=worker_id, num_workers=loader.num_workers, seed=base_seed + worker_id,
                                   dataset=loader.dataset)

    def __enter__(self):
        global _worker_info
        self.saved = _worker_info
        _worker_info = self.info

    def __exit__(self, exc_type, exc_value, traceback):
        global _worker_info
        _worker_info = self.saved
        return False


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor is not None:
            raise ValueError("prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 "
                             "to enable multiprocessing, otherwise set prefetch_factor to None.")
        elif num_workers > 0 and prefetch_factor is None:
            prefetch_factor = 2
        elif prefetch_factor is not None and prefetch_factor < 0:
            raise ValueError("prefetch_factor option should be non-negative")
        if persistent_workers and num_workers == 0:
            raise ValueError("persistent_workers option needs num_workers > 0")
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = multiprocessing_context
        self.persistent_workers = persistent_workers
        self.in_order = in_order
        self._is_iterable = isinstance(dataset, IterableDataset)
        if self._is_iterable:
            if isinstance(shuffle, bool) and shuffle:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified shuffle option, "
                                 f"but got shuffle={shuffle}")
            if sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified sampler option, "
                                 f"but got sampler={sampler}")
            if batch_sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified batch_sampler option, "
                                 f"but got batch_sampler={batch_sampler}")
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, "
                                 "and drop_last")
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive with drop_last")
        if sampler is None:
            if self._is_iterable:
                sampler = _InfiniteConstantSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        if collate_fn is None:
            collate_fn = default_collate if self._auto_collation else default_convert
        self.collate_fn = collate_fn
        self._IterableDataset_len_called = None

    @property
    def _auto_collation(self):
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        return self.batch_sampler if self._auto_collation else self.sampler

    def __iter__(self):
        return _DataLoaderIter(self)

    def __len__(self):
        if self._is_iterable:
            length = self._IterableDataset_len_called = len(self.dataset)
            if self.batch_size is not None:
                length = length // self.batch_size if self.drop_last else math.ceil(length / self.batch_size)
            return length
        return len(self._index_sampler)


__all__ = ["DataLoader", "default_collate", "default_convert", "get_worker_info", "WorkerInfo"]

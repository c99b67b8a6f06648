# heapq: the binary min-heap algorithms on a list (CPython 3.13's heapq
# interface, written here in Python; CPython's own is the C accelerator
# Modules/_heapqmodule.c). Invariant: for every k, a[k] <= a[2k+1] and
# a[k] <= a[2k+2] after each public function returns, comparing with < only.
__all__ = ["heappush", "heappop", "heapify", "heapreplace", "merge", "nlargest", "nsmallest", "heappushpop"]


def _need_list(name, heap):
    if not isinstance(heap, list):
        raise TypeError("%s() argument 1 must be list, not %s" % (name, type(heap).__name__))


def _check_size(heap, size):
    # A comparison is Python code and may change the list; the C accelerator checks the
    # size after each one and raises this (the items stay where they were moved so far).
    if len(heap) != size:
        raise RuntimeError("list changed size during iteration")


def _sift_up(heap, start, pos):
    # Move heap[pos] toward the root while it is smaller than its parent.
    size = len(heap)
    while pos > start:
        parent = (pos - 1) >> 1
        less = heap[pos] < heap[parent]
        _check_size(heap, size)
        if not less:
            break
        heap[pos], heap[parent] = heap[parent], heap[pos]  # swaps: the list stays a permutation
        pos = parent


def _sift_down(heap, pos):
    # Move the item at pos to a leaf along the smaller children, then sift it up
    # (the "bottom-up" order CPython's _siftup uses, so ties land where CPython puts them).
    end = len(heap)
    start = pos
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end:
            less = heap[child] < heap[right]
            _check_size(heap, end)
            if not less:
                child = right
        heap[pos], heap[child] = heap[child], heap[pos]
        pos = child
        child = 2 * pos + 1
    _sift_up(heap, start, pos)


def heappush(heap, item):
    _need_list("heappush", heap)
    heap.append(item)
    _sift_up(heap, 0, len(heap) - 1)


def heappop(heap):
    _need_list("heappop", heap)
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _sift_down(heap, 0)
        return top
    return last


def heapreplace(heap, item):
    _need_list("heapreplace", heap)
    if not heap:
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    _sift_down(heap, 0)
    return top


def heappushpop(heap, item):
    _need_list("heappushpop", heap)
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _sift_down(heap, 0)
    return item


def heapify(x):
    _need_list("heapify", x)
    for i in reversed(range(len(x) // 2)):
        _sift_down(x, i)


def nsmallest(n, iterable, key=None):
    if n <= 0:
        return []
    return sorted(iterable, key=key)[:n]


def nlargest(n, iterable, key=None):
    if n <= 0:
        return []
    return sorted(iterable, key=key, reverse=True)[:n]


def merge(*iterables, key=None, reverse=False):
    # Lazy k-way merge of sorted inputs: each step yields the smallest head (the
    # largest when reverse), the earliest input winning ties, as CPython's does.
    its = [iter(x) for x in iterables]
    heads = []
    for i, it in enumerate(its):
        for v in it:
            heads.append([v, i])
            break
    while heads:
        best = 0
        for j in range(1, len(heads)):
            a = heads[j][0] if key is None else key(heads[j][0])
            b = heads[best][0] if key is None else key(heads[best][0])
            if (b < a) if reverse else (a < b):
                best = j
        v, i = heads[best]
        yield v
        for nv in its[i]:
            heads[best][0] = nv
            break
        else:
            del heads[best]

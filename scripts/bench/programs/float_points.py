# Float: make 100,000 points from sin/cos of their index, normalise each, and
# fold them into the componentwise maximum, the object-heavy float workload of
# pyperformance's bm_float (attribute reads and writes, method calls, one
# allocation per point). Written here.
from math import sin, cos, sqrt


class Point:
    __slots__ = ('x', 'y', 'z')

    def __init__(self, i):
        self.x = x = sin(i)
        self.y = cos(i) * 3
        self.z = (x * x) / 2

    def normalize(self):
        n = sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        self.x /= n
        self.y /= n
        self.z /= n

    def maximize(self, other):
        self.x = self.x if self.x > other.x else other.x
        self.y = self.y if self.y > other.y else other.y
        self.z = self.z if self.z > other.z else other.z
        return self


def bench(n=100000):
    points = [Point(i) for i in range(n)]
    for p in points:
        p.normalize()
    best = points[0]
    for p in points[1:]:
        best = best.maximize(p)
    return '%.12f %.12f %.12f' % (best.x, best.y, best.z)

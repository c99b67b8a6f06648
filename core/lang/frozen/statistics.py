# statistics: mathematical statistics of numeric data (CPython 3.13's statistics interface,
# written here in Python as CPython's Lib/statistics.py is; learnt from its behaviour).
#
# mean, variance and their kin are computed exactly: every value is read as a fraction
# n/d (int, float, Fraction, Decimal-like via as_integer_ratio) and summed as a Fraction,
# so the result is the correctly rounded value of the exact one, converted back to the
# data's type (ints give an int when the exact mean is whole, else a float).
# variance = SS / (n - 1) with SS = sum((x - xbar)^2) exactly; stdev = sqrt(variance)
# rounded once: the integer square root of the fraction rounded to odd with 2*53+3 bits
# to spare, then one float division (so the float is the correctly rounded sqrt).
# median sorts; mode counts (first of the most common); quantiles use the 'exclusive'
# method by default (positions m*(n+1)/n). NormalDist is the normal distribution with
# cdf via erf, inv_cdf by Wichura's AS241 rational approximations (the published
# coefficients of the algorithm, as CPython uses them).
import math
import numbers
import random
import sys
from fractions import Fraction
from bisect import bisect_left, bisect_right
from collections import Counter, namedtuple
from itertools import groupby, repeat, count
from math import hypot, sqrt, fabs, exp, erf, tau, log, fsum, sumprod
from math import isfinite, isinf, pi, cos, sin, tan, cosh, asin, acos, atan
from collections import defaultdict
from functools import reduce
from decimal import Decimal, _isqrt
from operator import itemgetter


class StatisticsError(ValueError):
    pass


def _exact_ratio(x):
    try:
        return x.as_integer_ratio()
    except AttributeError:
        pass
    except (OverflowError, ValueError):
        return (x, None)
    try:
        return (x.numerator, x.denominator)
    except AttributeError:
        raise TypeError(f"can't convert type '{type(x).__name__}' to numerator/denominator") from None


def _coerce(T, S):
    if T is S:
        return T
    if S is int or S is bool:
        return T
    if T is int:
        return S
    if issubclass(S, T):
        return S
    if issubclass(T, S):
        return T
    if issubclass(T, int):
        return S
    if issubclass(S, int):
        return T
    if issubclass(T, Fraction) and issubclass(S, float):
        return S
    if issubclass(T, float) and issubclass(S, Fraction):
        return T
    raise TypeError("don't know how to coerce %s and %s" % (T.__name__, S.__name__))


def _sum(data):
    # (type, exact Fraction total, count); a NaN or infinity makes the total that float
    count = 0
    types = set()
    partials = {}
    T = int
    for x in data:
        typ = type(x)
        T = _coerce(T, typ)
        n, d = _exact_ratio(x)
        if d is None:
            return T, n, count + 1
        partials[d] = partials.get(d, 0) + n
        count += 1
    if None in partials:
        total = partials[None]
    else:
        total = sum(Fraction(n, d) for d, n in partials.items())
    return T, total, count


def _ss(data, c=None):
    # (type, exact sum of squared deviations from the mean (or c), mean, count)
    if c is not None:
        T, ssd, n = _sum((d := x - c) * d for x in data)
        return T, ssd, c, n
    data = list(data)
    T, total, n = _sum(data)
    if n == 0:
        return T, Fraction(0), Fraction(0), 0
    if not isinstance(total, Fraction):
        return T, total, total, n
    mean = total / n
    ssd = sum((Fraction(*_exact_ratio(x)) - mean) ** 2 for x in data)
    return T, ssd, mean, n


def _convert(value, T):
    if type(value) is T:
        return value
    if issubclass(T, int) and value.denominator != 1:
        T = float
    try:
        return T(value)
    except TypeError:
        if issubclass(T, float) or T is int:
            return float(value)
        return T(value.numerator) / T(value.denominator)


def _isqrt_frac_rto(n, m):
    # floor(sqrt(n/m)), with its lowest bit set when the root is inexact (round to odd)
    a = _isqrt(n // m)
    return a | (a * a * m != n)


_sqrt_bit_width = 2 * sys.float_info.mant_dig + 3


def _float_sqrt_of_frac(n, m):
    q = (n.bit_length() - m.bit_length() - _sqrt_bit_width) // 2
    if q >= 0:
        numerator = _isqrt_frac_rto(n, m << 2 * q) << q
        denominator = 1
    else:
        numerator = _isqrt_frac_rto(n << -2 * q, m)
        denominator = 1 << -q
    return numerator / denominator


def mean(data):
    """Return the sample arithmetic mean of data."""
    T, total, n = _sum(data)
    if n < 1:
        raise StatisticsError("mean requires at least one data point")
    if not isinstance(total, Fraction) and not isinstance(total, int):
        return _convert(total, T) if T is not int else float(total)
    return _convert(Fraction(total) / n, T)


def fmean(data, weights=None):
    """Convert data to floats and compute the arithmetic mean."""
    if weights is None:
        try:
            n = len(data)
        except TypeError:
            data = list(data)
            n = len(data)
        if not n:
            raise StatisticsError("fmean requires at least one data point")
        return fsum(data) / n
    if not isinstance(weights, (list, tuple)):
        weights = list(weights)
    data = list(data)
    if len(data) != len(weights):
        raise StatisticsError("data and weights must be the same length")
    num = sumprod(data, weights)
    den = fsum(weights)
    if not den:
        raise StatisticsError("sum of weights must be non-zero")
    return num / den


def geometric_mean(data):
    """Convert data to floats and compute the geometric mean."""
    n = 0
    found_zero = False
    total = 0.0
    for x in data:
        n += 1
        if x > 0:
            total += log(x)
        elif x == 0:
            found_zero = True
        else:
            raise StatisticsError("geometric mean requires a non-empty dataset containing positive numbers")
    if not n:
        raise StatisticsError("Must have a non-empty dataset")
    if found_zero:
        return math.nan if total == math.inf else 0.0
    return exp(total / n)


def harmonic_mean(data, weights=None):
    """Return the harmonic mean of data."""
    data = list(data)
    errmsg = "harmonic mean does not support negative values"
    n = len(data)
    if n < 1:
        raise StatisticsError("harmonic_mean requires at least one data point")
    elif n == 1 and weights is None:
        x = data[0]
        if isinstance(x, (numbers.Real,)):
            if x < 0:
                raise StatisticsError(errmsg)
            return x
        raise TypeError("unsupported type")
    if weights is None:
        weights = repeat(1, n)
        sum_weights = n
    else:
        weights = list(weights)
        if len(weights) != n:
            raise StatisticsError("Number of weights does not match data size")
        _, sum_weights, _ = _sum(w for w in weights)
    try:
        pairs = list(zip(weights, data))
        for w, x in pairs:
            if x < 0:
                raise StatisticsError(errmsg)
        if any(x == 0 for _, x in pairs):
            return 0
        T, total, count = _sum(w / x if w else 0 for w, x in pairs)
    except ZeroDivisionError:
        return 0
    if total <= 0:
        raise StatisticsError("Weighted sum must be positive")
    return _convert(sum_weights / total, T)


def median(data):
    """Return the median (middle value) of numeric data."""
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    i = n // 2
    return (data[i - 1] + data[i]) / 2


def median_low(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    if n % 2 == 1:
        return data[n // 2]
    return data[n // 2 - 1]


def median_high(data):
    data = sorted(data)
    n = len(data)
    if n == 0:
        raise StatisticsError("no median for empty data")
    return data[n // 2]


def median_grouped(data, interval=1.0):
    """Estimates the median for numeric data binned around the midpoints of consecutive,
    fixed-width intervals."""
    data = sorted(data)
    n = len(data)
    if not n:
        raise StatisticsError("no median for empty data")
    x = data[n // 2]
    i = bisect_left(data, x)
    j = bisect_right(data, x, lo=i)
    try:
        interval = float(interval)
        x = float(x)
    except ValueError:
        raise TypeError("Value cannot be converted to a float")
    L = x - interval / 2.0
    cf = i
    f = j - i
    return L + interval * (n / 2 - cf) / f


def mode(data):
    """Return the most common data point from discrete or nominal data."""
    pairs = Counter(iter(data)).most_common(1)
    try:
        return pairs[0][0]
    except IndexError:
        raise StatisticsError("no mode for empty data") from None


def multimode(data):
    """Return a list of the most frequently occurring values."""
    counts = Counter(iter(data))
    if not counts:
        return []
    maxfreq = max(counts.values())
    return [value for value, freq in counts.items() if freq == maxfreq]


def quantiles(data, *, n=4, method="exclusive"):
    """Divide data into n continuous intervals with equal probability."""
    if n < 1:
        raise StatisticsError("n must be at least 1")
    data = sorted(data)
    ld = len(data)
    if ld < 2:
        if ld == 1:
            return data * (n - 1)
        raise StatisticsError("must have at least one data point")
    if method == "inclusive":
        m = ld - 1
        result = []
        for i in range(1, n):
            j, delta = divmod(i * m, n)
            interpolated = (data[j] * (n - delta) + data[j + 1] * delta) / n
            result.append(interpolated)
        return result
    if method == "exclusive":
        m = ld + 1
        result = []
        for i in range(1, n):
            j = i * m // n
            j = 1 if j < 1 else ld - 1 if j > ld - 1 else j
            delta = i * m - j * n
            interpolated = (data[j - 1] * (n - delta) + data[j] * delta) / n
            result.append(interpolated)
        return result
    raise ValueError(f"Unknown method: {method!r}")


def variance(data, xbar=None):
    """Return the sample variance of data."""
    T, ss, c, n = _ss(data, xbar)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    return _convert(ss / (n - 1), T)


def pvariance(data, mu=None):
    """Return the population variance of data."""
    T, ss, c, n = _ss(data, mu)
    if n < 1:
        raise StatisticsError("pvariance requires at least one data point")
    return _convert(ss / n, T)


def _sqrt_of(mss, T):
    if not isinstance(mss, Fraction):
        return math.sqrt(mss)
    if issubclass(T, float) or issubclass(T, int) or T is Fraction:
        return _float_sqrt_of_frac(mss.numerator, mss.denominator)
    return T(math.sqrt(mss))


def stdev(data, xbar=None):
    """Return the square root of the sample variance."""
    T, ss, c, n = _ss(data, xbar)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    return _sqrt_of(ss / (n - 1), T)


def pstdev(data, mu=None):
    """Return the square root of the population variance."""
    T, ss, c, n = _ss(data, mu)
    if n < 1:
        raise StatisticsError("pstdev requires at least one data point")
    return _sqrt_of(ss / n, T)


def covariance(x, y, /):
    """Covariance of two inputs."""
    n = len(x)
    if len(y) != n:
        raise StatisticsError("covariance requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("covariance requires at least two data points")
    xbar = fsum(x) / n
    ybar = fsum(y) / n
    sxy = sumprod((xi - xbar for xi in x), (yi - ybar for yi in y))
    return sxy / (n - 1)


def correlation(x, y, /, *, method="linear"):
    """Pearson's correlation coefficient (or Spearman's for method='ranked')."""
    n = len(x)
    if len(y) != n:
        raise StatisticsError("correlation requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("correlation requires at least two data points")
    if method not in {"linear", "ranked"}:
        raise ValueError(f"Unknown method: {method!r}")
    if method == "ranked":
        start = (n - 1) / -2
        x = _rank(x, start=start)
        y = _rank(y, start=start)
    else:
        xbar = fsum(x) / n
        ybar = fsum(y) / n
        x = [xi - xbar for xi in x]
        y = [yi - ybar for yi in y]
    sxy = sumprod(x, y)
    sxx = sumprod(x, x)
    syy = sumprod(y, y)
    try:
        return sxy / _sqrtprod(sxx, syy)
    except ZeroDivisionError:
        raise StatisticsError("at least one of the inputs is constant")


def _sqrtprod(x, y):
    # sqrt(x*y) with one Newton correction from the exact residual x*y - h*h
    h = sqrt(x * y)
    if not math.isfinite(h) or not h:
        return sqrt(x) * sqrt(y)
    return h + sumprod((x, h), (y, -h)) / (2.0 * h)


def _rank(data, /, *, key=None, reverse=False, ties="average", start=1):
    val_pos = sorted(zip(data, count()), reverse=reverse)
    i = start - 1
    result = [0] * len(val_pos)
    for _, g in groupby(val_pos, key=itemgetter(0)):
        group = list(g)
        size = len(group)
        rank = i + (size + 1) / 2
        for value, orig_pos in group:
            result[orig_pos] = rank
        i += size
    return result


LinearRegression = namedtuple("LinearRegression", ("slope", "intercept"))


def linear_regression(x, y, /, *, proportional=False):
    """Slope and intercept for simple linear regression (ordinary least squares)."""
    n = len(x)
    if len(y) != n:
        raise StatisticsError("linear regression requires that both inputs have same number of data points")
    if n < 2:
        raise StatisticsError("linear regression requires at least two data points")
    if not proportional:
        xbar = fsum(x) / n
        ybar = fsum(y) / n
        x = [xi - xbar for xi in x]
        y = (yi - ybar for yi in y)
    sxy = sumprod(x, y) + 0.0
    sxx = sumprod(x, x)
    try:
        slope = sxy / sxx
    except ZeroDivisionError:
        raise StatisticsError("x is constant")
    intercept = 0.0 if proportional else ybar - slope * xbar
    return LinearRegression(slope=slope, intercept=intercept)


def _normal_dist_inv_cdf(p, mu, sigma):
    # Wichura, Algorithm AS241 (Applied Statistics 37, 1988), the PPND16 coefficients
    q = p - 0.5
    if fabs(q) <= 0.425:
        r = 0.180625 - q * q
        num = (((((((2.5090809287301226727e+3 * r + 3.3430575583588128105e+4) * r + 6.7265770927008700853e+4) * r
                    + 4.5921953931549871457e+4) * r + 1.3731693765509461125e+4) * r
                  + 1.9715909503065514427e+3) * r + 1.3314166789178437745e+2) * r + 3.3871328727963666080e+0) * q
        den = (((((((5.2264952788528545610e+3 * r + 2.8729085735721942674e+4) * r + 3.9307895800092710610e+4) * r
                   + 2.1213794301586595867e+4) * r + 5.3941960214247511077e+3) * r
                 + 6.8718700749205790830e+2) * r + 4.2313330701600911252e+1) * r + 1.0)
        return mu + (num / den) * sigma
    r = p if q <= 0.0 else 1.0 - p
    r = sqrt(-log(r))
    if r <= 5.0:
        r = r - 1.6
        num = (((((((7.74545014278341407640e-4 * r + 2.27238449892691845833e-2) * r + 2.41780725177450611770e-1) * r
                   + 1.27045825245236838258e+0) * r + 3.64784832476320460504e+0) * r
                 + 5.76949722146069140550e+0) * r + 4.63033784615654529590e+0) * r + 1.42343711074968357734e+0)
        den = (((((((1.05075007164441684324e-9 * r + 5.47593808499534494600e-4) * r + 1.51986665636164571966e-2) * r
                   + 1.48103976427480074590e-1) * r + 6.89767334985100004550e-1) * r
                 + 1.67638483018380384940e+0) * r + 2.05319162663775882187e+0) * r + 1.0)
    else:
        r = r - 5.0
        num = (((((((2.01033439929228813265e-7 * r + 2.71155556874348757815e-5) * r + 1.24266094738807843860e-3) * r
                   + 2.65321895265761230930e-2) * r + 2.96560571828504891230e-1) * r
                 + 1.78482653991729133580e+0) * r + 5.46378491116411436990e+0) * r + 6.65790464350110377720e+0)
        den = (((((((2.04426310338993978564e-15 * r + 1.42151175831644588870e-7) * r + 1.84631831751005468180e-5) * r
                   + 7.86869131145613259100e-4) * r + 1.48753612908506148525e-2) * r
                 + 1.36929880922735805310e-1) * r + 5.99832206555887937690e-1) * r + 1.0)
    x = num / den
    if q < 0.0:
        x = -x
    return mu + (x * sigma)


class NormalDist:
    """Normal distribution of a random variable."""
    __slots__ = {"_mu": "Arithmetic mean of a normal distribution",
                 "_sigma": "Standard deviation of a normal distribution"}

    def __init__(self, mu=0.0, sigma=1.0):
        if sigma < 0.0:
            raise StatisticsError("sigma must be non-negative")
        self._mu = float(mu)
        self._sigma = float(sigma)

    @classmethod
    def from_samples(cls, data):
        return cls(*_mean_stdev(data))

    def samples(self, n, *, seed=None):
        rnd = random.random if seed is None else random.Random(seed).random
        mu, sigma = self._mu, self._sigma
        return [_normal_dist_inv_cdf(rnd(), mu, sigma) for _ in repeat(None, n)]

    def pdf(self, x):
        variance = self._sigma * self._sigma
        if not variance:
            raise StatisticsError("pdf() not defined when sigma is zero")
        diff = x - self._mu
        return exp(diff * diff / (-2.0 * variance)) / sqrt(tau * variance)

    def cdf(self, x):
        if not self._sigma:
            raise StatisticsError("cdf() not defined when sigma is zero")
        return 0.5 * (1.0 + erf((x - self._mu) / (self._sigma * sqrt(2.0))))

    def inv_cdf(self, p):
        if p <= 0.0 or p >= 1.0:
            raise StatisticsError("p must be in the range 0.0 < p < 1.0")
        return _normal_dist_inv_cdf(p, self._mu, self._sigma)

    def quantiles(self, n=4):
        return [self.inv_cdf(i / n) for i in range(1, n)]

    def overlap(self, other):
        if not isinstance(other, NormalDist):
            raise TypeError("Expected another NormalDist instance")
        X, Y = self, other
        if (Y._sigma, Y._mu) < (X._sigma, X._mu):
            X, Y = Y, X
        X_var, Y_var = X.variance, Y.variance
        if not X_var or not Y_var:
            raise StatisticsError("overlap() not defined when sigma is zero")
        dv = Y_var - X_var
        dm = fabs(Y._mu - X._mu)
        if not dv:
            return 2.0 * NormalDist(dm, 2.0 * X._sigma).cdf(0)
        a = X._mu * Y_var - Y._mu * X_var
        b = X._sigma * Y._sigma * sqrt(dm * dm + dv * log(Y_var / X_var))
        x1 = (a + b) / dv
        x2 = (a - b) / dv
        return 1.0 - (fabs(Y.cdf(x1) - X.cdf(x1)) + fabs(Y.cdf(x2) - X.cdf(x2)))

    def zscore(self, x):
        if not self._sigma:
            raise StatisticsError("zscore() not defined when sigma is zero")
        return (x - self._mu) / self._sigma

    @property
    def mean(self):
        return self._mu

    @property
    def median(self):
        return self._mu

    @property
    def mode(self):
        return self._mu

    @property
    def stdev(self):
        return self._sigma

    @property
    def variance(self):
        return self._sigma * self._sigma

    def __add__(x1, x2):
        if isinstance(x2, NormalDist):
            return NormalDist(x1._mu + x2._mu, hypot(x1._sigma, x2._sigma))
        return NormalDist(x1._mu + x2, x1._sigma)

    def __sub__(x1, x2):
        if isinstance(x2, NormalDist):
            return NormalDist(x1._mu - x2._mu, hypot(x1._sigma, x2._sigma))
        return NormalDist(x1._mu - x2, x1._sigma)

    def __mul__(x1, x2):
        return NormalDist(x1._mu * x2, x1._sigma * fabs(x2))

    def __truediv__(x1, x2):
        return NormalDist(x1._mu / x2, x1._sigma / fabs(x2))

    def __pos__(x1):
        return NormalDist(x1._mu, x1._sigma)

    def __neg__(x1):
        return NormalDist(-x1._mu, x1._sigma)

    __radd__ = __add__

    def __rsub__(x1, x2):
        return -(x1 - x2)

    __rmul__ = __mul__

    def __eq__(x1, x2):
        if not isinstance(x2, NormalDist):
            return NotImplemented
        return x1._mu == x2._mu and x1._sigma == x2._sigma

    def __hash__(self):
        return hash((self._mu, self._sigma))

    def __repr__(self):
        return f"{type(self).__name__}(mu={self._mu!r}, sigma={self._sigma!r})"


def _mean_stdev(data):
    T, ss, xbar, n = _ss(data)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    mss = ss / (n - 1)
    try:
        return float(xbar), _float_sqrt_of_frac(mss.numerator, mss.denominator)
    except AttributeError:
        return float(xbar), float(xbar) / float(ss)

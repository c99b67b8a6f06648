// lapack: see lapack.hpp. The general eigenproblem as dgeev computes it:
//   dgebal (permute, then scale by powers of 2) -> dgehd2 (Householder
//   Hessenberg) -> dorghr (accumulate Q) -> dlahqr (Francis double-shift QR,
//   Schur form T = Z^T H Z, 2x2 blocks standardised by dlanv2) -> dtrevc3
//   (eigenvectors of T by back substitution, x_k = 1, then V = Z X) ->
//   dgebak (undo balancing) -> unit 2-norm columns, complex pairs rotated so
//   that their largest component is real.
// Written with Fortran's 1-based indices (M(i, j) below) so that each loop
// can be read against the reference source.
#include "core/linalg/lapack.hpp"


namespace sl::lapack {

namespace {

constexpr double kSafmin = std::numeric_limits<double>::min();        // dlamch('S')
constexpr double kUlp = std::numeric_limits<double>::epsilon();       // dlamch('P') = eps * base

// A row-major matrix seen with Fortran's A(i, j), 1-based.
struct M {
  double* p;
  int64_t ld;
  double& operator()(int64_t i, int64_t j) const { return p[(i - 1) * ld + (j - 1)]; }
};

double sign(double a, double b) { return std::copysign(std::abs(a), b); }

// idamax over A(i0.., j) stepping rows (col = true) or A(i, j0..) stepping columns.
int64_t idamax_col(const M& A, int64_t n, int64_t i0, int64_t j) {
  int64_t best = 1;
  double bv = -1;
  for (int64_t k = 1; k <= n; ++k)
    if (std::abs(A(i0 + k - 1, j)) > bv) bv = std::abs(A(i0 + k - 1, j)), best = k;
  return best;
}
int64_t idamax_row(const M& A, int64_t n, int64_t i, int64_t j0) {
  int64_t best = 1;
  double bv = -1;
  for (int64_t k = 1; k <= n; ++k)
    if (std::abs(A(i, j0 + k - 1)) > bv) bv = std::abs(A(i, j0 + k - 1)), best = k;
  return best;
}

// dgebal('B'): isolate eigenvalues by row/column permutations (rows with all
// off-diagonal zeros pushed down, then columns pushed left, restarting after
// every exchange), then balance rows K..L by powers of 2 (2-norms, as in
// LAPACK 3.5-3.11).
void gebal(const M& A, int64_t n, int64_t& ilo, int64_t& ihi, std::vector<double>& scale) {
  scale.assign(static_cast<size_t>(n + 1), 1.0);
  int64_t k = 1, l = n;
  if (n == 0) {
    ilo = 1, ihi = 0;
    return;
  }
  auto exchange = [&](int64_t j, int64_t m) {
    scale[size_t(m)] = double(j);
    if (j == m) return;
    for (int64_t i = 1; i <= l; ++i) std::swap(A(i, j), A(i, m));
    for (int64_t i = k; i <= n; ++i) std::swap(A(j, i), A(m, i));
  };
  // rows isolating an eigenvalue, pushed down
  for (bool again = true; again;) {
    again = false;
    for (int64_t j = l; j >= 1; --j) {
      bool zero = true;
      for (int64_t i = 1; i <= l && zero; ++i)
        if (i != j && A(j, i) != 0) zero = false;
      if (!zero) continue;
      exchange(j, l);
      if (l == 1) {
        ilo = k, ihi = l;
        return;
      }
      --l;
      again = true;
      break;
    }
  }
  // columns isolating an eigenvalue, pushed left
  for (bool again = true; again;) {
    again = false;
    for (int64_t j = k; j <= l; ++j) {
      bool zero = true;
      for (int64_t i = k; i <= l && zero; ++i)
        if (i != j && A(i, j) != 0) zero = false;
      if (!zero) continue;
      exchange(j, k);
      ++k;
      again = true;
      break;
    }
  }
  for (int64_t i = k; i <= l; ++i) scale[size_t(i)] = 1.0;
  constexpr double sclfac = 2.0, factor = 0.95;
  const double sfmin1 = kSafmin / kUlp, sfmax1 = 1.0 / sfmin1, sfmin2 = sfmin1 * sclfac, sfmax2 = 1.0 / sfmin2;
  for (bool noconv = true; noconv;) {
    noconv = false;
    for (int64_t i = k; i <= l; ++i) {
      double c = nrm2(l - k + 1, &A(k, i), A.ld), r = nrm2(l - k + 1, &A(i, k), 1);
      int64_t ica = idamax_col(A, l, 1, i);
      double ca = std::abs(A(ica, i));
      int64_t ira = idamax_row(A, n - k + 1, i, k);
      double ra = std::abs(A(i, ira + k - 1));
      if (c == 0 || r == 0) continue;
      double g = r / sclfac, f = 1, s = c + r;
      while (!(c >= g || std::max({f, c, ca}) >= sfmax2 || std::min({r, g, ra}) <= sfmin2)) {
        if (std::isnan(c + f + ca + r + g + ra)) return;
        f *= sclfac, c *= sclfac, ca *= sclfac, r /= sclfac, g /= sclfac, ra /= sclfac;
      }
      g = c / sclfac;
      while (!(g < r || std::max(r, ra) >= sfmax2 || std::min({f, c, g, ca}) <= sfmin2)) {
        f /= sclfac, c /= sclfac, g /= sclfac, ca /= sclfac, r *= sclfac, ra *= sclfac;
      }
      if (c + r >= factor * s) continue;
      if (f < 1 && scale[size_t(i)] < 1 && f * scale[size_t(i)] <= sfmin1) continue;
      if (f > 1 && scale[size_t(i)] > 1 && scale[size_t(i)] >= sfmax1 / f) continue;
      g = 1 / f;
      scale[size_t(i)] *= f;
      noconv = true;
      for (int64_t j = k; j <= n; ++j) A(i, j) = g * A(i, j);
      for (int64_t j = 1; j <= l; ++j) A(j, i) = f * A(j, i);
    }
  }
  ilo = k, ihi = l;
}

// dlarf('Right'): C(1:m, 1:n) := C (I - tau v v^T), v(j) = V(j) with stride incv.
void larf_right(int64_t m, int64_t n, const double* v, int64_t incv, double tau, const M& C, int64_t r0, int64_t c0) {
  if (tau == 0) return;
  int64_t lastv = n;
  while (lastv > 0 && v[(lastv - 1) * incv] == 0) --lastv;
  // iladlr: the last row of C(:, 1:lastv) with a nonzero
  int64_t lastc = 0;
  if (m > 0 && lastv > 0) {
    if (C(r0 + m - 1, c0) != 0 || C(r0 + m - 1, c0 + lastv - 1) != 0) {
      lastc = m;
    } else {
      for (int64_t j = 1; j <= lastv; ++j) {
        int64_t i = m;
        while (i >= 1 && C(r0 + std::max<int64_t>(i, 1) - 1, c0 + j - 1) == 0) --i;
        lastc = std::max(lastc, i);
      }
    }
  }
  if (lastv == 0 || lastc == 0) return;
  std::vector<double> w(static_cast<size_t>(lastc), 0.0);  // dgemv('N'): w = C v, j ascending
  for (int64_t j = 1; j <= lastv; ++j) {
    const double temp = v[(j - 1) * incv];
    for (int64_t i = 1; i <= lastc; ++i) w[size_t(i - 1)] += temp * C(r0 + i - 1, c0 + j - 1);
  }
  for (int64_t j = 1; j <= lastv; ++j) {  // dger: C += w (-tau v)^T
    const double vj = v[(j - 1) * incv];
    if (vj == 0) continue;
    const double temp = -tau * vj;
    for (int64_t i = 1; i <= lastc; ++i) C(r0 + i - 1, c0 + j - 1) += w[size_t(i - 1)] * temp;
  }
}

// dgehd2: reduce rows/columns ilo..ihi to upper Hessenberg form by
// reflectors H(i) = I - tau v v^T; v is stored below the subdiagonal.
void gehd2(const M& A, int64_t n, int64_t ilo, int64_t ihi, std::vector<double>& tau) {
  tau.assign(static_cast<size_t>(std::max<int64_t>(n, 1)), 0.0);
  for (int64_t i = ilo; i <= ihi - 1; ++i) {
    larfg(ihi - i, A(i + 1, i), &A(std::min(i + 2, n), i), A.ld, tau[size_t(i)]);
    const double aii = A(i + 1, i);
    A(i + 1, i) = 1;
    larf_right(ihi, ihi - i, &A(i + 1, i), A.ld, tau[size_t(i)], A, 1, i + 1);
    larf_left(ihi - i, n - i, &A(i + 1, i), A.ld, tau[size_t(i)], &A(i + 1, i + 1), A.ld);
    A(i + 1, i) = aii;
  }
}

// dorghr: Q from dgehd2's reflectors, in place over A (which holds them).
void orghr(const M& A, int64_t n, int64_t ilo, int64_t ihi, const std::vector<double>& tau) {
  const int64_t nh = ihi - ilo;
  for (int64_t j = ihi; j >= ilo + 1; --j) {  // shift the reflectors one column right
    for (int64_t i = 1; i <= j - 1; ++i) A(i, j) = 0;
    for (int64_t i = j + 1; i <= ihi; ++i) A(i, j) = A(i, j - 1);
    for (int64_t i = ihi + 1; i <= n; ++i) A(i, j) = 0;
  }
  for (int64_t j = 1; j <= ilo; ++j) {
    for (int64_t i = 1; i <= n; ++i) A(i, j) = 0;
    A(j, j) = 1;
  }
  for (int64_t j = ihi + 1; j <= n; ++j) {
    for (int64_t i = 1; i <= n; ++i) A(i, j) = 0;
    A(j, j) = 1;
  }
  if (nh > 0) org2r(nh, nh, nh, &A(ilo + 1, ilo + 1), A.ld, tau.data() + ilo);
}

// dlanv2: the Schur factorisation of a real 2x2 block in standardised form
// (either upper triangular, or equal diagonal with b*c < 0).
void lanv2(double& a, double& b, double& c, double& d, double& rt1r, double& rt1i, double& rt2r, double& rt2i, double& cs,
           double& sn) {
  constexpr double multpl = 4;
  const double eps = kUlp;
  if (c == 0) {
    cs = 1, sn = 0;
  } else if (b == 0) {
    cs = 0, sn = 1;
    std::swap(a, d);
    b = -c;
    c = 0;
  } else if ((a - d) == 0 && sign(1, b) != sign(1, c)) {
    cs = 1, sn = 0;
  } else {
    double temp = a - d, p = 0.5 * temp;
    double bcmax = std::max(std::abs(b), std::abs(c));
    double bcmis = std::min(std::abs(b), std::abs(c)) * sign(1, b) * sign(1, c);
    double scale = std::max(std::abs(p), bcmax);
    double z = (p / scale) * p + (bcmax / scale) * bcmis;
    if (z >= multpl * eps) {
      z = p + sign(std::sqrt(scale) * std::sqrt(z), p);
      a = d + z;
      d = d - (bcmax / z) * bcmis;
      double tau = lapy2(c, z);
      cs = z / tau;
      sn = c / tau;
      b = b - c;
      c = 0;
    } else {
      double sigma = b + c;
      double tau = lapy2(sigma, temp);
      cs = std::sqrt(0.5 * (1 + std::abs(sigma) / tau));
      sn = -(p / (tau * cs)) * sign(1, sigma);
      double aa = a * cs + b * sn, bb = -a * sn + b * cs, cc = c * cs + d * sn, dd = -c * sn + d * cs;
      a = aa * cs + cc * sn;
      b = bb * cs + dd * sn;
      c = -aa * sn + cc * cs;
      d = -bb * sn + dd * cs;
      temp = 0.5 * (a + d);
      a = temp, d = temp;
      if (c != 0) {
        if (b != 0) {
          if (sign(1, b) == sign(1, c)) {
            double sab = std::sqrt(std::abs(b)), sac = std::sqrt(std::abs(c));
            p = sign(sab * sac, c);
            tau = 1 / std::sqrt(std::abs(b + c));
            a = temp + p;
            d = temp - p;
            b = b - c;
            c = 0;
            double cs1 = sab * tau, sn1 = sac * tau;
            temp = cs * cs1 - sn * sn1;
            sn = cs * sn1 + sn * cs1;
            cs = temp;
          }
        } else {
          b = -c;
          c = 0;
          temp = cs;
          cs = -sn;
          sn = temp;
        }
      }
    }
  }
  rt1r = a, rt2r = d;
  if (c == 0) {
    rt1i = rt2i = 0;
  } else {
    rt1i = std::sqrt(std::abs(b)) * std::sqrt(std::abs(c));
    rt2i = -rt1i;
  }
}

// drot on two strided vectors: x' = c x + s y, y' = c y - s x.
void rot(int64_t n, double* x, int64_t incx, double* y, int64_t incy, double c, double s) {
  for (int64_t i = 0; i < n; ++i) {
    double t = c * x[i * incx] + s * y[i * incy];
    y[i * incy] = c * y[i * incy] - s * x[i * incx];
    x[i * incx] = t;
  }
}

// dlahqr (wantt, wantz; Z rows iloz..ihiz = ilo..ihi): the double-shift QR
// algorithm on the Hessenberg H, with LAPACK 3.11's deflation test
// (Ahues & Tisseur) and exceptional shifts every 10 iterations without a
// deflation. Returns false when it does not converge.
bool lahqr(const M& H, const M& Z, int64_t n, int64_t ilo, int64_t ihi, std::vector<double>& wr, std::vector<double>& wi) {
  constexpr double dat1 = 3.0 / 4.0, dat2 = -0.4375;
  constexpr int kexsh = 10;
  if (n == 0) return true;
  if (ilo == ihi) {
    wr[size_t(ilo)] = H(ilo, ilo), wi[size_t(ilo)] = 0;
    return true;
  }
  for (int64_t j = ilo; j <= ihi - 3; ++j) H(j + 2, j) = 0, H(j + 3, j) = 0;
  if (ilo <= ihi - 2) H(ihi, ihi - 2) = 0;
  const int64_t nh = ihi - ilo + 1, iloz = ilo, ihiz = ihi, nz = ihiz - iloz + 1;
  const double safmin = kSafmin, ulp = kUlp, smlnum = safmin * (double(nh) / ulp);
  const int64_t i1 = 1, i2 = n;
  const int64_t itmax = 30 * std::max<int64_t>(10, nh);
  int64_t kdefl = 0;
  int64_t i = ihi;
  while (i >= ilo) {
    int64_t l = ilo;
    bool converged = false;
    for (int64_t its = 0; its <= itmax; ++its) {
      int64_t k;
      for (k = i; k >= l + 1; --k) {  // a single small subdiagonal element
        if (std::abs(H(k, k - 1)) <= smlnum) break;
        double tst = std::abs(H(k - 1, k - 1)) + std::abs(H(k, k));
        if (tst == 0) {
          if (k - 2 >= ilo) tst += std::abs(H(k - 1, k - 2));
          if (k + 1 <= ihi) tst += std::abs(H(k + 1, k));
        }
        if (std::abs(H(k, k - 1)) <= ulp * tst) {
          double ab = std::max(std::abs(H(k, k - 1)), std::abs(H(k - 1, k)));
          double ba = std::min(std::abs(H(k, k - 1)), std::abs(H(k - 1, k)));
          double aa = std::max(std::abs(H(k, k)), std::abs(H(k - 1, k - 1) - H(k, k)));
          double bb = std::min(std::abs(H(k, k)), std::abs(H(k - 1, k - 1) - H(k, k)));
          double s = aa + ab;
          if (ba * (ab / s) <= std::max(smlnum, ulp * (bb * (aa / s)))) break;
        }
      }
      l = k;
      if (l > ilo) H(l, l - 1) = 0;
      if (l >= i - 1) {
        converged = true;
        break;
      }
      ++kdefl;
      double h11, h12, h21, h22;
      if (kdefl % (2 * kexsh) == 0) {
        double s = std::abs(H(i, i - 1)) + std::abs(H(i - 1, i - 2));
        h11 = dat1 * s + H(i, i), h12 = dat2 * s, h21 = s, h22 = h11;
      } else if (kdefl % kexsh == 0) {
        double s = std::abs(H(l + 1, l)) + std::abs(H(l + 2, l + 1));
        h11 = dat1 * s + H(l, l), h12 = dat2 * s, h21 = s, h22 = h11;
      } else {
        h11 = H(i - 1, i - 1), h21 = H(i, i - 1), h12 = H(i - 1, i), h22 = H(i, i);
      }
      double s = std::abs(h11) + std::abs(h12) + std::abs(h21) + std::abs(h22);
      double rt1r, rt1i, rt2r, rt2i;
      if (s == 0) {
        rt1r = rt1i = rt2r = rt2i = 0;
      } else {
        h11 /= s, h21 /= s, h12 /= s, h22 /= s;
        double tr = (h11 + h22) / 2;
        double det = (h11 - tr) * (h22 - tr) - h12 * h21;
        double rtdisc = std::sqrt(std::abs(det));
        if (det >= 0) {
          rt1r = tr * s, rt2r = rt1r, rt1i = rtdisc * s, rt2i = -rt1i;
        } else {
          rt1r = tr + rtdisc, rt2r = tr - rtdisc;
          if (std::abs(rt1r - h22) <= std::abs(rt2r - h22)) rt1r = rt1r * s, rt2r = rt1r;
          else rt2r = rt2r * s, rt1r = rt2r;
          rt1i = rt2i = 0;
        }
      }
      int64_t m;
      double v[3];
      for (m = i - 2; m >= l; --m) {  // two consecutive small subdiagonal elements
        double h21s = H(m + 1, m);
        s = std::abs(H(m, m) - rt2r) + std::abs(rt2i) + std::abs(h21s);
        h21s = H(m + 1, m) / s;
        v[0] = h21s * H(m, m + 1) + (H(m, m) - rt1r) * ((H(m, m) - rt2r) / s) - rt1i * (rt2i / s);
        v[1] = h21s * (H(m, m) + H(m + 1, m + 1) - rt1r - rt2r);
        v[2] = h21s * H(m + 2, m + 1);
        s = std::abs(v[0]) + std::abs(v[1]) + std::abs(v[2]);
        v[0] /= s, v[1] /= s, v[2] /= s;
        if (m == l) break;
        double h00 = std::abs(H(m, m - 1)) * (std::abs(v[1]) + std::abs(v[2]));
        double h01 = ulp * std::abs(v[0]) * (std::abs(H(m - 1, m - 1)) + std::abs(H(m, m)) + std::abs(H(m + 1, m + 1)));
        if (h00 <= h01) break;
      }
      for (int64_t kk = m; kk <= i - 1; ++kk) {  // the double-shift QR sweep (bulge chase)
        const int64_t nr = std::min<int64_t>(3, i - kk + 1);
        if (kk > m)
          for (int64_t q = 0; q < nr; ++q) v[q] = H(kk + q, kk - 1);
        double t1;
        larfg(nr, v[0], v + 1, 1, t1);
        if (kk > m) {
          H(kk, kk - 1) = v[0];
          H(kk + 1, kk - 1) = 0;
          if (kk < i - 1) H(kk + 2, kk - 1) = 0;
        } else if (m > l) {
          H(kk, kk - 1) = H(kk, kk - 1) * (1 - t1);
        }
        const double v2 = v[1], t2 = t1 * v2;
        if (nr == 3) {
          const double v3 = v[2], t3 = t1 * v3;
          for (int64_t j = kk; j <= i2; ++j) {
            double sum = H(kk, j) + v2 * H(kk + 1, j) + v3 * H(kk + 2, j);
            H(kk, j) = H(kk, j) - sum * t1;
            H(kk + 1, j) = H(kk + 1, j) - sum * t2;
            H(kk + 2, j) = H(kk + 2, j) - sum * t3;
          }
          for (int64_t j = i1; j <= std::min(kk + 3, i); ++j) {
            double sum = H(j, kk) + v2 * H(j, kk + 1) + v3 * H(j, kk + 2);
            H(j, kk) = H(j, kk) - sum * t1;
            H(j, kk + 1) = H(j, kk + 1) - sum * t2;
            H(j, kk + 2) = H(j, kk + 2) - sum * t3;
          }
          for (int64_t j = iloz; j <= ihiz; ++j) {
            double sum = Z(j, kk) + v2 * Z(j, kk + 1) + v3 * Z(j, kk + 2);
            Z(j, kk) = Z(j, kk) - sum * t1;
            Z(j, kk + 1) = Z(j, kk + 1) - sum * t2;
            Z(j, kk + 2) = Z(j, kk + 2) - sum * t3;
          }
        } else if (nr == 2) {
          for (int64_t j = kk; j <= i2; ++j) {
            double sum = H(kk, j) + v2 * H(kk + 1, j);
            H(kk, j) = H(kk, j) - sum * t1;
            H(kk + 1, j) = H(kk + 1, j) - sum * t2;
          }
          for (int64_t j = i1; j <= i; ++j) {
            double sum = H(j, kk) + v2 * H(j, kk + 1);
            H(j, kk) = H(j, kk) - sum * t1;
            H(j, kk + 1) = H(j, kk + 1) - sum * t2;
          }
          for (int64_t j = iloz; j <= ihiz; ++j) {
            double sum = Z(j, kk) + v2 * Z(j, kk + 1);
            Z(j, kk) = Z(j, kk) - sum * t1;
            Z(j, kk + 1) = Z(j, kk + 1) - sum * t2;
          }
        }
      }
    }
    if (!converged) return false;
    if (l == i) {
      wr[size_t(i)] = H(i, i), wi[size_t(i)] = 0;
    } else if (l == i - 1) {
      double cs, sn;
      lanv2(H(i - 1, i - 1), H(i - 1, i), H(i, i - 1), H(i, i), wr[size_t(i - 1)], wi[size_t(i - 1)], wr[size_t(i)],
            wi[size_t(i)], cs, sn);
      if (i2 > i) rot(i2 - i, &H(i - 1, i + 1), 1, &H(i, i + 1), 1, cs, sn);
      rot(i - i1 - 1, &H(i1, i - 1), H.ld, &H(i1, i), H.ld, cs, sn);
      rot(nz, &Z(iloz, i - 1), Z.ld, &Z(iloz, i), Z.ld, cs, sn);
    }
    kdefl = 0;
    i = l - 1;
  }
  return true;
}

// dlartg (LAPACK 3.10+): c, s, r with [c s; -s c] (f, g) = (r, 0).
void lartg(double f, double g, double& c, double& s, double& r) {
  const double safmin = kSafmin, safmax = 1 / safmin;
  const double rtmin = std::sqrt(safmin), rtmax = std::sqrt(safmax / 2);
  const double f1 = std::abs(f), g1 = std::abs(g);
  if (g == 0) {
    c = 1, s = 0, r = f;
  } else if (f == 0) {
    c = 0, s = sign(1, g), r = g1;
  } else if (f1 > rtmin && f1 < rtmax && g1 > rtmin && g1 < rtmax) {
    double d = std::sqrt(f * f + g * g);
    c = f1 / d;
    r = sign(d, f);
    s = g / r;
  } else {
    double u = std::min(safmax, std::max({safmin, f1, g1}));
    double fs = f / u, gs = g / u, d = std::sqrt(fs * fs + gs * gs);
    c = std::abs(fs) / d;
    r = sign(d, f);
    s = gs / r;
    r *= u;
  }
}

// dladiv (LAPACK 3.7+, Baudin & Smith): p + iq = (a + ib) / (c + id), with scaling.
double ladiv2(double a, double b, double c, double d, double r, double t) {
  if (r != 0) {
    const double br = b * r;
    if (br != 0) return (a + br) * t;
    return a * t + (b * t) * r;
  }
  return (a + d * (b / c)) * t;
}
void ladiv1(double a, double b, double c, double d, double& p, double& q) {
  const double r = d / c, t = 1 / (c + d * r);
  p = ladiv2(a, b, c, d, r, t);
  a = -a;
  q = ladiv2(b, a, c, d, r, t);
}
void ladiv(double a, double b, double c, double d, double& p, double& q) {
  double aa = a, bb = b, cc = c, dd = d;
  const double ab = std::max(std::abs(a), std::abs(b)), cd = std::max(std::abs(c), std::abs(d));
  double s = 1;
  const double ov = std::numeric_limits<double>::max(), un = kSafmin, eps = kUlp / 2, bs = 2, be = bs / (eps * eps);
  if (ab >= 0.5 * ov) aa *= 0.5, bb *= 0.5, s *= 2;
  if (cd >= 0.5 * ov) cc *= 0.5, dd *= 0.5, s *= 0.5;
  if (ab <= un * bs / eps) aa *= be, bb *= be, s /= be;
  if (cd <= un * bs / eps) cc *= be, dd *= be, s *= be;
  if (std::abs(d) <= std::abs(c)) {
    ladiv1(aa, bb, cc, dd, p, q);
  } else {
    ladiv1(bb, aa, dd, cc, p, q);
    q = -q;
  }
  p *= s;
  q *= s;
}

// dlaln2 with ltrans = false, ca = d1 = d2 = 1: solve (A - (wr + i wi)) X =
// scale * B for a 1x1 or 2x2 block A (na) and a real (nw = 1) or complex
// (nw = 2: columns re, im) right-hand side, by complete pivoting, perturbing
// tiny pivots to smin and scaling against overflow. B and X are 2x2,
// column-major (X[r + 2c]).
void laln2(int na, int nw, double smin, const double* A11, int64_t lda, const double* B, double wr, double wi, double* X,
           double& scale, double& xnorm) {
  static const bool zswap[4] = {false, false, true, true};
  static const bool rswap[4] = {false, true, false, true};
  static const int ipivot[4][4] = {{1, 2, 3, 4}, {2, 1, 4, 3}, {3, 4, 1, 2}, {4, 3, 2, 1}};  // ipivot[icmax-1][k-1]
  const double smlnum = 2 * kSafmin, bignum = 1 / smlnum, smini = std::max(smin, smlnum);
  auto a = [&](int i, int j) { return A11[(i - 1) * lda + (j - 1)]; };
  auto b = [&](int i, int j) { return B[(i - 1) + 2 * (j - 1)]; };
  auto x = [&](int i, int j) -> double& { return X[(i - 1) + 2 * (j - 1)]; };
  scale = 1;
  if (na == 1) {
    if (nw == 1) {
      double csr = a(1, 1) - wr, cnorm = std::abs(csr);
      if (cnorm < smini) csr = smini, cnorm = smini;
      const double bnorm = std::abs(b(1, 1));
      if (cnorm < 1 && bnorm > 1 && bnorm > bignum * cnorm) scale = 1 / bnorm;
      x(1, 1) = (b(1, 1) * scale) / csr;
      xnorm = std::abs(x(1, 1));
    } else {
      double csr = a(1, 1) - wr, csi = -wi, cnorm = std::abs(csr) + std::abs(csi);
      if (cnorm < smini) csr = smini, csi = 0, cnorm = smini;
      const double bnorm = std::abs(b(1, 1)) + std::abs(b(1, 2));
      if (cnorm < 1 && bnorm > 1 && bnorm > bignum * cnorm) scale = 1 / bnorm;
      ladiv(scale * b(1, 1), scale * b(1, 2), csr, csi, x(1, 1), x(1, 2));
      xnorm = std::abs(x(1, 1)) + std::abs(x(1, 2));
    }
    return;
  }
  double crv[4] = {a(1, 1) - wr, a(2, 1), a(1, 2), a(2, 2) - wr};  // CR column-major
  if (nw == 1) {
    double cmax = 0;
    int icmax = 0;
    for (int j = 1; j <= 4; ++j)
      if (std::abs(crv[j - 1]) > cmax) cmax = std::abs(crv[j - 1]), icmax = j;
    if (cmax < smini) {
      const double bnorm = std::max(std::abs(b(1, 1)), std::abs(b(2, 1)));
      if (smini < 1 && bnorm > 1 && bnorm > bignum * smini) scale = 1 / bnorm;
      const double temp = scale / smini;
      x(1, 1) = temp * b(1, 1), x(2, 1) = temp * b(2, 1);
      xnorm = temp * bnorm;
      return;
    }
    const int* piv = ipivot[icmax - 1];
    const double ur11 = crv[icmax - 1], cr21 = crv[piv[1] - 1], ur12 = crv[piv[2] - 1], cr22 = crv[piv[3] - 1];
    const double ur11r = 1 / ur11, lr21 = ur11r * cr21;
    double ur22 = cr22 - ur12 * lr21;
    if (std::abs(ur22) < smini) ur22 = smini;
    double br1, br2;
    if (rswap[icmax - 1]) br1 = b(2, 1), br2 = b(1, 1);
    else br1 = b(1, 1), br2 = b(2, 1);
    br2 = br2 - lr21 * br1;
    const double bbnd = std::max(std::abs(br1 * (ur22 * ur11r)), std::abs(br2));
    if (bbnd > 1 && std::abs(ur22) < 1 && bbnd >= bignum * std::abs(ur22)) scale = 1 / bbnd;
    const double xr2 = (br2 * scale) / ur22, xr1 = (scale * br1) * ur11r - xr2 * (ur11r * ur12);
    if (zswap[icmax - 1]) x(1, 1) = xr2, x(2, 1) = xr1;
    else x(1, 1) = xr1, x(2, 1) = xr2;
    xnorm = std::max(std::abs(xr1), std::abs(xr2));
    if (xnorm > 1 && cmax > 1 && xnorm > bignum / cmax) {
      const double temp = cmax / bignum;
      x(1, 1) = temp * x(1, 1), x(2, 1) = temp * x(2, 1);
      xnorm = temp * xnorm;
      scale = temp * scale;
    }
    return;
  }
  double civ[4] = {-wi, 0, 0, -wi};
  double cmax = 0;
  int icmax = 0;
  for (int j = 1; j <= 4; ++j)
    if (std::abs(crv[j - 1]) + std::abs(civ[j - 1]) > cmax) cmax = std::abs(crv[j - 1]) + std::abs(civ[j - 1]), icmax = j;
  if (cmax < smini) {
    const double bnorm = std::max(std::abs(b(1, 1)) + std::abs(b(1, 2)), std::abs(b(2, 1)) + std::abs(b(2, 2)));
    if (smini < 1 && bnorm > 1 && bnorm > bignum * smini) scale = 1 / bnorm;
    const double temp = scale / smini;
    x(1, 1) = temp * b(1, 1), x(2, 1) = temp * b(2, 1), x(1, 2) = temp * b(1, 2), x(2, 2) = temp * b(2, 2);
    xnorm = temp * bnorm;
    return;
  }
  const int* piv = ipivot[icmax - 1];
  const double ur11 = crv[icmax - 1], ui11 = civ[icmax - 1];
  const double cr21 = crv[piv[1] - 1], ci21 = civ[piv[1] - 1];
  const double ur12 = crv[piv[2] - 1], ui12 = civ[piv[2] - 1];
  const double cr22 = crv[piv[3] - 1], ci22 = civ[piv[3] - 1];
  double ur11r, ui11r, lr21, li21, ur12s, ui12s, ur22, ui22;
  if (icmax == 1 || icmax == 4) {
    if (std::abs(ur11) > std::abs(ui11)) {
      const double temp = ui11 / ur11;
      ur11r = 1 / (ur11 * (1 + temp * temp));
      ui11r = -temp * ur11r;
    } else {
      const double temp = ur11 / ui11;
      ui11r = -1 / (ui11 * (1 + temp * temp));
      ur11r = -temp * ui11r;
    }
    lr21 = cr21 * ur11r;
    li21 = cr21 * ui11r;
    ur12s = ur12 * ur11r;
    ui12s = ur12 * ui11r;
    ur22 = cr22 - ur12 * lr21;
    ui22 = ci22 - ur12 * li21;
  } else {
    ur11r = 1 / ur11;
    ui11r = 0;
    lr21 = cr21 * ur11r;
    li21 = ci21 * ur11r;
    ur12s = ur12 * ur11r;
    ui12s = ui12 * ur11r;
    ur22 = cr22 - ur12 * lr21 + ui12 * li21;
    ui22 = -ur12 * li21 - ui12 * lr21;
  }
  double u22abs = std::abs(ur22) + std::abs(ui22);
  if (u22abs < smini) ur22 = smini, ui22 = 0;
  double br1, br2, bi1, bi2;
  if (rswap[icmax - 1]) br2 = b(1, 1), br1 = b(2, 1), bi2 = b(1, 2), bi1 = b(2, 2);
  else br1 = b(1, 1), br2 = b(2, 1), bi1 = b(1, 2), bi2 = b(2, 2);
  br2 = br2 - lr21 * br1 + li21 * bi1;
  bi2 = bi2 - li21 * br1 - lr21 * bi1;
  const double bbnd = std::max((std::abs(br1) + std::abs(bi1)) * (u22abs * (std::abs(ur11r) + std::abs(ui11r))),
                               std::abs(br2) + std::abs(bi2));
  if (bbnd > 1 && u22abs < 1 && bbnd >= bignum * u22abs) {
    scale = 1 / bbnd;
    br1 = scale * br1, bi1 = scale * bi1, br2 = scale * br2, bi2 = scale * bi2;
  }
  double xr2, xi2;
  ladiv(br2, bi2, ur22, ui22, xr2, xi2);
  const double xr1 = ur11r * br1 - ui11r * bi1 - ur12s * xr2 + ui12s * xi2;
  const double xi1 = ui11r * br1 + ur11r * bi1 - ui12s * xr2 - ur12s * xi2;
  if (zswap[icmax - 1]) x(1, 1) = xr2, x(2, 1) = xr1, x(1, 2) = xi2, x(2, 2) = xi1;
  else x(1, 1) = xr1, x(2, 1) = xr2, x(1, 2) = xi1, x(2, 2) = xi2;
  xnorm = std::max(std::abs(xr1) + std::abs(xi1), std::abs(xr2) + std::abs(xi2));
  if (xnorm > 1 && cmax > 1 && xnorm > bignum / cmax) {
    const double temp = cmax / bignum;
    for (int k = 0; k < 4; ++k) X[k] = temp * X[k];
    xnorm = temp * xnorm;
    scale = temp * scale;
  }
}

// dtrevc3('R', 'B') with its blocked back-transform (NumPy's dgeev gives it
// the workspace): for each eigenvalue of the quasi-triangular T (from the
// last), solve (T - lambda) x = 0 by back substitution with x(ki) = 1
// (complex pairs: dtrevc3's starting pair), solving the 1x1 / 2x2 diagonal
// blocks with dlaln2 and updating the right-hand side with daxpy; then
// V = Z X (each element one running sum from zero), each vector (pair)
// scaled so that its largest |component| (|re| + |im|) is 1.
void trevc_right(const M& T, const M& Z, int64_t n, std::vector<double>& vr_out) {
  const double unfl = kSafmin, ulp = kUlp, smlnum = unfl * (double(n) / ulp), bignum = (1 - ulp) / smlnum;
  std::vector<double> cnorm(static_cast<size_t>(n + 1), 0.0);  // 1-norms of T's strictly upper columns
  for (int64_t j = 2; j <= n; ++j)
    for (int64_t i = 1; i <= j - 1; ++i) cnorm[size_t(j)] += std::abs(T(i, j));
  std::vector<double> X(static_cast<size_t>(n * n), 0.0);
  M x{X.data(), n};
  std::vector<int> iscomplex(static_cast<size_t>(n + 1), 0);
  std::vector<double> w1(static_cast<size_t>(n + 1)), w2(static_cast<size_t>(n + 1));
  double xb[4], bb[4], scale, xnorm;
  int ip = 0;
  for (int64_t ki = n; ki >= 1; --ki) {
    if (ip == -1) {
      ip = 1;
      continue;
    }
    if (ki == 1 || T(ki, ki - 1) == 0) ip = 0;
    else ip = -1;
    const double wr = T(ki, ki);
    const double wi = ip != 0 ? std::sqrt(std::abs(T(ki, ki - 1))) * std::sqrt(std::abs(T(ki - 1, ki))) : 0.0;
    const double smin = std::max(ulp * (std::abs(wr) + std::abs(wi)), smlnum);
    if (ip == 0) {
      std::fill(w1.begin(), w1.end(), 0.0);
      w1[size_t(ki)] = 1;
      for (int64_t k = 1; k <= ki - 1; ++k) w1[size_t(k)] = -T(k, ki);
      int64_t jnxt = ki - 1;
      for (int64_t j = ki - 1; j >= 1; --j) {
        if (j > jnxt) continue;
        int64_t j1 = j;
        jnxt = j - 1;
        if (j > 1 && T(j, j - 1) != 0) j1 = j - 1, jnxt = j - 2;
        if (j1 == j) {
          bb[0] = w1[size_t(j)];
          laln2(1, 1, smin, &T(j, j), T.ld, bb, wr, 0, xb, scale, xnorm);
          if (xnorm > 1 && cnorm[size_t(j)] > bignum / xnorm) xb[0] /= xnorm, scale /= xnorm;
          if (scale != 1)
            for (int64_t k = 1; k <= ki; ++k) w1[size_t(k)] = scale * w1[size_t(k)];
          w1[size_t(j)] = xb[0];
          for (int64_t k = 1; k <= j - 1; ++k) w1[size_t(k)] += -xb[0] * T(k, j);
        } else {
          bb[0] = w1[size_t(j - 1)], bb[1] = w1[size_t(j)];
          laln2(2, 1, smin, &T(j - 1, j - 1), T.ld, bb, wr, 0, xb, scale, xnorm);
          if (xnorm > 1) {
            const double beta = std::max(cnorm[size_t(j - 1)], cnorm[size_t(j)]);
            if (beta > bignum / xnorm) xb[0] /= xnorm, xb[1] /= xnorm, scale /= xnorm;
          }
          if (scale != 1)
            for (int64_t k = 1; k <= ki; ++k) w1[size_t(k)] = scale * w1[size_t(k)];
          w1[size_t(j - 1)] = xb[0], w1[size_t(j)] = xb[1];
          for (int64_t k = 1; k <= j - 2; ++k) w1[size_t(k)] += -xb[0] * T(k, j - 1);
          for (int64_t k = 1; k <= j - 2; ++k) w1[size_t(k)] += -xb[1] * T(k, j);
        }
      }
      for (int64_t k = 1; k <= ki; ++k) x(k, ki) = w1[size_t(k)];
      iscomplex[size_t(ki)] = 0;
    } else {
      // w1: real parts (column ki-1), w2: imaginary parts (column ki)
      std::fill(w1.begin(), w1.end(), 0.0);
      std::fill(w2.begin(), w2.end(), 0.0);
      if (std::abs(T(ki - 1, ki)) >= std::abs(T(ki, ki - 1))) {
        w1[size_t(ki - 1)] = 1;
        w2[size_t(ki)] = wi / T(ki - 1, ki);
      } else {
        w1[size_t(ki - 1)] = -wi / T(ki, ki - 1);
        w2[size_t(ki)] = 1;
      }
      w1[size_t(ki)] = 0;
      w2[size_t(ki - 1)] = 0;
      for (int64_t k = 1; k <= ki - 2; ++k) {
        w1[size_t(k)] = -w1[size_t(ki - 1)] * T(k, ki - 1);
        w2[size_t(k)] = -w2[size_t(ki)] * T(k, ki);
      }
      int64_t jnxt = ki - 2;
      for (int64_t j = ki - 2; j >= 1; --j) {
        if (j > jnxt) continue;
        int64_t j1 = j;
        jnxt = j - 1;
        if (j > 1 && T(j, j - 1) != 0) j1 = j - 1, jnxt = j - 2;
        if (j1 == j) {
          bb[0] = w1[size_t(j)], bb[2] = w2[size_t(j)];
          laln2(1, 2, smin, &T(j, j), T.ld, bb, wr, wi, xb, scale, xnorm);
          if (xnorm > 1 && cnorm[size_t(j)] > bignum / xnorm) xb[0] /= xnorm, xb[2] /= xnorm, scale /= xnorm;
          if (scale != 1)
            for (int64_t k = 1; k <= ki; ++k) w1[size_t(k)] = scale * w1[size_t(k)], w2[size_t(k)] = scale * w2[size_t(k)];
          w1[size_t(j)] = xb[0], w2[size_t(j)] = xb[2];
          for (int64_t k = 1; k <= j - 1; ++k) w1[size_t(k)] += -xb[0] * T(k, j);
          for (int64_t k = 1; k <= j - 1; ++k) w2[size_t(k)] += -xb[2] * T(k, j);
        } else {
          bb[0] = w1[size_t(j - 1)], bb[1] = w1[size_t(j)], bb[2] = w2[size_t(j - 1)], bb[3] = w2[size_t(j)];
          laln2(2, 2, smin, &T(j - 1, j - 1), T.ld, bb, wr, wi, xb, scale, xnorm);
          if (xnorm > 1) {
            const double beta = std::max(cnorm[size_t(j - 1)], cnorm[size_t(j)]);
            if (beta > bignum / xnorm) {
              const double rec = 1 / xnorm;
              for (double& v : xb) v = v * rec;
              scale = scale * rec;
            }
          }
          if (scale != 1)
            for (int64_t k = 1; k <= ki; ++k) w1[size_t(k)] = scale * w1[size_t(k)], w2[size_t(k)] = scale * w2[size_t(k)];
          w1[size_t(j - 1)] = xb[0], w1[size_t(j)] = xb[1], w2[size_t(j - 1)] = xb[2], w2[size_t(j)] = xb[3];
          for (int64_t k = 1; k <= j - 2; ++k) w1[size_t(k)] += -xb[0] * T(k, j - 1);
          for (int64_t k = 1; k <= j - 2; ++k) w1[size_t(k)] += -xb[1] * T(k, j);
          for (int64_t k = 1; k <= j - 2; ++k) w2[size_t(k)] += -xb[2] * T(k, j - 1);
          for (int64_t k = 1; k <= j - 2; ++k) w2[size_t(k)] += -xb[3] * T(k, j);
        }
      }
      for (int64_t k = 1; k <= ki; ++k) x(k, ki - 1) = w1[size_t(k)], x(k, ki) = w2[size_t(k)];
      iscomplex[size_t(ki - 1)] = 1;
      iscomplex[size_t(ki)] = -1;
    }
  }
  vr_out.assign(static_cast<size_t>(n * n), 0.0);
  M V{vr_out.data(), n};
  for (int64_t j = 1; j <= n; ++j)
    for (int64_t i = 1; i <= n; ++i) {
      double s = 0;
      for (int64_t l = 1; l <= n; ++l) s += Z(i, l) * x(l, j);
      V(i, j) = s;
    }
  double remax = 1;
  for (int64_t k = 1; k <= n; ++k) {
    if (iscomplex[size_t(k)] == 0) {
      int64_t ii = 1;
      double big = -1;
      for (int64_t i = 1; i <= n; ++i)
        if (std::abs(V(i, k)) > big) big = std::abs(V(i, k)), ii = i;
      remax = 1 / std::abs(V(ii, k));
    } else if (iscomplex[size_t(k)] == 1) {
      double emax = 0;
      for (int64_t i = 1; i <= n; ++i) emax = std::max(emax, std::abs(V(i, k)) + std::abs(V(i, k + 1)));
      remax = 1 / emax;
    }  // -1: the second column of a pair reuses the pair's remax
    for (int64_t i = 1; i <= n; ++i) V(i, k) = remax * V(i, k);
  }
}

}  // namespace

bool geev(int64_t n, double* Ap, double* wr_out, double* wi_out, double* vr_out) {
  const M A{Ap, n};
  // dgeev: scale A when its largest element is outside [smlnum, bignum]
  const double smlnum = std::sqrt(kSafmin) / kUlp, bignum = 1 / smlnum;
  double anrm = 0;
  for (int64_t i = 0; i < n * n; ++i) anrm = std::isnan(Ap[i]) ? Ap[i] : std::max(anrm, std::abs(Ap[i]));
  double cscale = 1;
  bool scalea = false;
  if (anrm > 0 && anrm < smlnum) scalea = true, cscale = smlnum;
  else if (anrm > bignum) scalea = true, cscale = bignum;
  if (scalea)
    for (int64_t i = 0; i < n * n; ++i) Ap[i] = Ap[i] * (cscale / anrm);
  int64_t ilo, ihi;
  std::vector<double> scale, tau;
  gebal(A, n, ilo, ihi, scale);
  gehd2(A, n, ilo, ihi, tau);
  std::vector<double> zbuf(Ap, Ap + n * n);
  const M Z{zbuf.data(), n};
  orghr(Z, n, ilo, ihi, tau);
  std::vector<double> wr(static_cast<size_t>(n + 1), 0.0), wi(static_cast<size_t>(n + 1), 0.0);
  for (int64_t i = 1; i <= ilo - 1; ++i) wr[size_t(i)] = A(i, i);  // dhseqr: eigenvalues isolated by dgebal
  for (int64_t i = ihi + 1; i <= n; ++i) wr[size_t(i)] = A(i, i);
  if (!lahqr(A, Z, n, ilo, ihi, wr, wi)) return false;
  if (n > 2)
    for (int64_t j = 1; j <= n - 2; ++j)
      for (int64_t i = j + 2; i <= n; ++i) A(i, j) = 0;
  if (vr_out) {
    std::vector<double> vr;
    trevc_right(A, Z, n, vr);
    const M V{vr.data(), n};
    // dgebak('B', 'R'): undo the scaling, then the permutations
    if (ilo != ihi)
      for (int64_t i = ilo; i <= ihi; ++i)
        for (int64_t j = 1; j <= n; ++j) V(i, j) = scale[size_t(i)] * V(i, j);
    for (int64_t ii = 1; ii <= n; ++ii) {
      int64_t i = ii;
      if (i >= ilo && i <= ihi) continue;
      if (i < ilo) i = ilo - ii;
      const int64_t k = int64_t(scale[size_t(i)]);
      if (k == i) continue;
      for (int64_t j = 1; j <= n; ++j) std::swap(V(i, j), V(k, j));
    }
    // dgeev: unit 2-norm columns; complex pairs rotated so that the largest
    // component is real
    for (int64_t i = 1; i <= n; ++i) {
      if (wi[size_t(i)] == 0) {
        const double scl = 1 / nrm2(n, &V(1, i), n);
        for (int64_t r = 1; r <= n; ++r) V(r, i) = scl * V(r, i);
      } else if (wi[size_t(i)] > 0) {
        const double scl = 1 / lapy2(nrm2(n, &V(1, i), n), nrm2(n, &V(1, i + 1), n));
        for (int64_t r = 1; r <= n; ++r) V(r, i) = scl * V(r, i);
        for (int64_t r = 1; r <= n; ++r) V(r, i + 1) = scl * V(r, i + 1);
        int64_t k = 1;
        double best = -1;
        for (int64_t r = 1; r <= n; ++r) {
          double w = V(r, i) * V(r, i) + V(r, i + 1) * V(r, i + 1);
          if (w > best) best = w, k = r;
        }
        double cs, sn, rr;
        lartg(V(k, i), V(k, i + 1), cs, sn, rr);
        rot(n, &V(1, i), n, &V(1, i + 1), n, cs, sn);
        V(k, i + 1) = 0;
      }
    }
    std::copy(vr.begin(), vr.end(), vr_out);
  }
  for (int64_t i = 1; i <= n; ++i) {
    wr_out[i - 1] = scalea ? wr[size_t(i)] * (anrm / cscale) : wr[size_t(i)];
    wi_out[i - 1] = scalea ? wi[size_t(i)] * (anrm / cscale) : wi[size_t(i)];
  }
  return true;
}

}  // namespace sl::lapack

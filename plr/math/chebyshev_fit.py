"""The Chebyshev interpolant both table generators use (generate_erfcx_table.py,
generate_piecewise_tables.py): `function` on [a, b] at `degree` + 1 Chebyshev nodes,
written as monomial coefficients in t, which runs over [-1, 1] on [a, b]. Computed at
the caller's mpmath precision (mp.dps)."""
from mpmath import mpf, cos, pi


def monomial_coefficients(function, degree, a, b):
    n = degree + 1
    nodes = [cos(pi * (k + mpf(1) / 2) / n) for k in range(n)]
    values = [function((b - a) / 2 * t + (a + b) / 2) for t in nodes]
    cheb = [2 * sum(values[k] * cos(pi * j * (k + mpf(1) / 2) / n) for k in range(n)) / n
            for j in range(n)]
    cheb[0] /= 2
    polys = [[mpf(1)], [mpf(0), mpf(1)]]  # Chebyshev polynomials as monomials
    for j in range(2, n):
        nxt = [mpf(0)] * (j + 1)
        for i, v in enumerate(polys[-1]):
            nxt[i + 1] += 2 * v
        for i, v in enumerate(polys[-2]):
            nxt[i] -= v
        polys.append(nxt)
    mono = [mpf(0)] * n
    for j in range(n):
        for i, v in enumerate(polys[j]):
            mono[i] += cheb[j] * v
    return [float(m) for m in mono]

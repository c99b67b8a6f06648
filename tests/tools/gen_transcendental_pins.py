"""Writes tests/core/transcendental_pins.inc: inputs and the reference's outputs
for the transcendental ufunc kernels, bit for bit (float.hex()).

The reference is NumPy 2.2 on an AVX2+FMA CPU (AVX-512 dispatch off), run by
the shared oracle's refpy; from the repository root:

    ../shared/oracle/refpy tests/tools/gen_transcendental_pins.py

(`/work/shared/oracle/refpy` on the project machines.) Inputs are listed
below by purpose: values where NumPy's SIMD loops or glibc differ from a
correctly rounded or a musl result, thresholds and callout edges, specials;
plus a seeded random sample per function. float64 exp/exp2/log/log2/power/sin/cos
are glibc's libm on that CPU (kernels/libm); the "fma" inputs are ones where
glibc's FMA build differs from the same algorithm without fused
multiply-adds (what musl computes), found by tests/tools/transcendental_diff.
"""
import sys
import numpy as np

assert np.__version__.startswith("2.2"), np.__version__
OUT = sys.argv[1] if len(sys.argv) > 1 else "tests/core/transcendental_pins.inc"
inf, nan = float("inf"), float("nan")
H = float.fromhex

F32 = {
    "exp": ["0x1.9ab972p+5", "0x1.9f2498p+5", "-0x1.72279cp+5", "0x1.6a5388p+4", "-0x1.bf4bf2p+5", "-0x1.23ad82p+4",
            "0x1.d5b936p+5", "0x1.b37b48p+4", "0x1.057f68p+6", "0x0p+0", "-0x0p+0", "0x1p+0", "0x1.62e43p+6",
            "0x1.62e42ep+6", "-0x1.9fe36ap+6", "-0x1.9fe368p+6", "-0x1.5ep+6", "inf", "-inf",
            # near-ties: x*log2e rounds to float onto a half-integer, which NumPy's
            # AVX2 loop then rounds to even (the fused product would round the other way)
            "-0x1.0a2b24p+0", "0x1.0a2b24p+0", "-0x1.686fc2p+4", "0x1.45c778p+6", "-0x1.dfa86ap+5",
            "0x1.c6b45ep+3", "0x1.a834c2p+5", "-0x1.69d2a6p+6", "-0x1.9bbabcp+6", "0x1.a2a930p+5"],
    "log": ["0x1.22c44ep+124", "0x1.0c4c4ap+52", "0x1.9c88p-136", "0x1.507cd0p+2", "0x1.36d98p-132", "0x1.93e748p-82",
            "0x1.7c7618p+122", "0x1.0dbb84p-89", "0x1.b43c9ap-70", "0x1p+0", "0x1p+1", "0x1.6a09e6p-1", "0x1p-149",
            "0x1.fffffcp-127", "0x1.fffffep+127", "0x0p+0", "-0x0p+0", "-0x1p+0", "inf"],
    "tanh": ["-0x1.1a5d8p+2", "-0x1.2bb6f6p+3", "-0x1.1cf80cp+2", "-0x1.2deabap+3", "-0x1.b847ccp+1", "-0x1.2bf286p+1",
             "-0x1.d2f614p+1", "0x1.b29dd6p+2", "-0x1.205d9p+3", "0x0p+0", "-0x0p+0", "0x1p-149", "0x1.2p+3",
             "0x1.20a3d8p+3", "0x1.c363ccp+127", "-inf", "inf"],
    "sin": ["0x1.f417dcp+8", "0x1.baf9e2p+9", "-0x1.fa23p+8", "0x1.dec05ap+8", "-0x1.3f2588p+9", "-0x1.0a7d88p+6",
            "-0x1.b4d768p+9", "-0x1.e954fap+7", "0x1.ca3ce4p+8", "0x0p+0", "-0x0p+0", "0x1.921fb6p-1",
            "0x1.cabbfep+16", "0x1.93e594p+99", "inf"],
    "cos": ["-0x1.0fc72ep+8", "0x1.805396p+8", "-0x1.d44212p+9", "0x1.765396p+7", "-0x1.945cacp+9", "-0x1.90a2bap+8",
            "0x1.e85c4ep+7", "0x1.ea94fcp+9", "-0x1.a83104p+7", "0x0p+0", "0x1.921fb6p-1", "0x1.17341p+16",
            "0x1.93e594p+99", "-inf"],
}
F64 = {
    "tanh": ["0x1.7dc1eb2c0a6c0p-2", "-0x1.99692b09716e1p+3", "0x1.c490817bb0d58p+1", "-0x1.53526f2f193bap+3",
             "-0x1.1d4a9adb21a80p-2", "0x1.7287484d9303ep+3", "0x1.11e0e40e4d3bap+3", "-0x1.308e2be0defabp+4",
             "0x1.3016d2db9fb14p+4", "0x0p+0", "-0x0p+0", "0x1.6d601ad376ab9p-150", "0x1.2p+3",
             "0x1.20a3d70a3d70ap+3", "0x1.c363cbf21f28ap+127", "-inf", "inf", "0x1.30f5c28f5c28fp+4",
             "0x1.7e43c8800759cp+996", "0x1.3333333333333p+1023", "0x0.0000000000001p-1022"],
    "exp": [  # fma
            "0x1.13bb1687985ap+6", "-0x1.1029ad2d30142p+7", "0x1.b0106924644bp+4", "-0x1.d77c576aa2466p+0",
            "0x1.1a18d071ddba4p+8", "-0x1.45295a67d77ecp+6",
            # SVML differed here; overflow / subnormal edges; specials
            "0x1.848c371f1e874p+8", "-0x1.26f21e44c00d2p+9", "0x0p+0", "-0x0p+0", "0x1p+0",
            "0x1.56e1fc2f8f359p-997", "-0x0.0000000000001p-1022", "0x1.5ep+9", "-0x1.618p+9",
            "0x1.61d999999999ap+9", "-0x1.61ccccccccccdp+9", "0x1.62e42fefa39efp+9", "0x1.62e42fefa39fp+9",
            "-0x1.74385446d71c3p+9", "-0x1.74910d52d3051p+9", "-0x1.6232bdd7abcd2p+9", "0x1p-1", "inf", "-inf",
            "0x1.63p+9", "-0x1.75p+9", "nan"],
    "exp2": ["0x1.535c24db9f0cp-7", "0x1.eec80f9296824p-1", "-0x1.59db975763b8cp-5", "0x1.ffp+9", "0x1p+10",
             "-0x1.ff8p+9", "-0x1.0c8p+10", "-0x1.0c6p+10", "-0x1.0ccp+10", "0x0p+0", "0x1.8p+0", "inf", "-inf"],
    "log": [  # fma
            "0x1.8d1e1bcaa159bp-1", "0x1.03fe5f2c36ec8p+8", "0x1.4c8038765ea18p+36", "0x1.d1499b6211234p+3",
            "0x1.645df926533fcp+1", "0x1.57017324a8a6dp-1",
            # near 1 (the polynomial path), subnormals, edges, specials
            "0x1.0000000000001p+0", "0x1.fffffffffffffp-1", "0x1.07p+0", "0x1.f1p-1", "0x1.7ffffffffffffp-1",
            "0x0.00cd862de3f89p-1022", "0x0.0008a4d44864fp-1022", "0x1.bb03710126cf1p+589", "0x1p+0", "0x1p+1",
            "0x0.0000000000001p-1022", "0x1p-1022", "0x1.fffffffffffffp+1023", "0x0p+0", "-0x0p+0", "-0x1p+0",
            "inf", "nan"],
    "log2": ["0x1.f05be8b80e983p-1", "0x1.00aed3406a52ep+0", "0x1.e6a29ecba68a6p-1", "0x1.e4b3d17b4a7b6p-1",
             "0x1.0000000000001p+0", "0x1.fffffffffffffp-1", "0x1p+0", "0x1p+10", "0x1.8p+1", "0x0.0000000000001p-1022",
             "0x1.fffffffffffffp+1023", "0x0p+0", "-0x1p+0", "inf"],
    "sin": ["0x1p-27", "0x1.0p-26", "0x1.020c49ba5e354p-3", "0x1.0624dd2f1a9fcp-3", "0x1.b5fffffffffffp-1",
            "0x1.b6p-1", "0x1.368fcffffffffp+1", "0x1.368fdp+1", "0x1.921fb54442d18p+0", "0x1.921fb54442d18p+1",
            "-0x1.921fb54442d18p+2", "0x1.6ac5b262ca1ffp+849", "0x1.9220354442d18p+26", "0x1.921fb54442d18p+26",
            "0x1.3579bdf13579cp+40", "0x1.fffffffffffffp+1023", "0x1p+0", "-0x1.8p+1", "0x0p+0", "-0x0p+0", "inf",
            "nan"],
    "cos": ["0x1p-28", "0x1.0p-27", "0x1.b5fffffffffffp-1", "0x1.b6p-1", "0x1.368fcffffffffp+1", "0x1.368fdp+1",
            "0x1.921fb54442d18p+0", "0x1.921fb54442d18p+1", "0x1.6ac5b262ca1ffp+849", "0x1.9220354442d18p+26",
            "0x1.921fb54442d18p+26", "0x1.3579bdf13579cp+40", "0x1.fffffffffffffp+1023", "0x1p+0", "-0x1.8p+1",
            "0x0p+0", "-inf", "nan"],
}
POW = [  # fma
       ("0x1.704e9246c4916p+24", "-0x1.a4b470c58e124p-1"), ("0x1.a864a09d7d5d1p+13", "-0x1.123f7e1d7f1b8p+4"),
       ("0x1.e4e57f887f622p-76", "-0x1.c036f0be601e8p+0"), ("0x1.e6a29ecba68a6p-1", "0x1.da9a6b318016p+3"),
       ("0x1.ee3beb6ba4612p+43", "-0x1.2651a692bee86p+0"), ("0x1.728f11e4d3ba8p+38", "-0x1.5ac4e22f6d9ap+1"),
       # SVML differed here; results near the overflow / subnormal limits; negative bases; specials
       ("0x1.f8b098779f05p-2", "0x1.ee07e772a86p-7"), ("0x1.ffffe1f49c34ap-1", "0x1.c83eabaf4bb43p+10"),
       ("0x1.4p+1", "0x1.5555555555555p-2"), ("0x1.0624dd2f1a9fcp-10", "-0x1.4p+1"),
       ("0x1.1a3d2d1ef62a4p+996", "0x1.8p-1"), ("0x1.8p+1", "-0x1.2c4p+9"), ("0x1.51081b4d849dp-3", "0x1.7fcd49f6fc716p+8"),
       ("0x1.3b733b722b2a5p+211", "-0x1.d6073434c94p+1"), ("0x1.f99ef927a42e8p-4", "0x1.24746a99c4fe4p+8"),
       ("0x1.8p+1", "-0x1.0ccp+10"), ("0x1p+1", "0x1.ffcp+9"), ("-0x1.8p+1", "0x1.5p+4"), ("-0x1p+1", "0x1.8p+1"),
       ("-0x1p+1", "0x1p-1"), ("0x1p+0", "0x1.7e43c8800759cp+996"), ("0x0p+0", "0x1.8p+1"), ("-0x0p+0", "-0x1p+0"),
       ("0x1p+1", "-0x1.8p+1"), ("nan", "0x0p+0"), ("0x1p-1", "inf"), ("0x1p+1", "inf"), ("0x1.4p+3", "0x1.9p+8"),
       ("0x1.4p+3", "-0x1.9p+8")]


def f(s):
    return {"inf": inf, "-inf": -inf, "nan": nan}.get(s) if s in ("inf", "-inf", "nan") else H(s)


def lit(v, t):
    v = float(v)
    if v != v:
        return "NAN"
    if v in (inf, -inf):
        return ("-" if v < 0 else "") + "INFINITY"
    s = v.hex()
    return s + ("f" if t == "f32" else "")


# float32 functions NumPy leaves to the C library: glibc 2.41 rounds these
# correctly (kernels/ops.hpp, Note [float32 via double]). Random samples in
# each function's domain, plus 0 and 1.
LIBM32 = {"log10": ("exp2", -40, 40), "expm1": ("u", -20, 20), "log1p": ("u", -0.99, 50), "cbrt": ("u", -1e6, 1e6),
          "tan": ("u", -100, 100), "arcsin": ("u", -1, 1), "arccos": ("u", -1, 1), "arctan": ("u", -50, 50),
          "sinh": ("u", -80, 80), "cosh": ("u", -80, 80), "arcsinh": ("u", -1e4, 1e4), "arccosh": ("u", 1, 1e4),
          "arctanh": ("u", -1, 1)}

rng = np.random.default_rng(20261124)


def sample32(name, n=24):
    lo, hi = {"exp": (-100, 88), "log": (-40, 40), "tanh": (-10, 10), "sin": (-1e4, 1e4), "cos": (-1e4, 1e4)}[name]
    if name == "log":
        return list(np.float32(2.0) ** rng.uniform(lo, hi, n).astype(np.float32))
    return list(rng.uniform(lo, hi, n).astype(np.float32))


def sample64(name, n=24):
    if name in ("log", "log2"):
        return list(2.0 ** rng.uniform(-1000, 1000, n))
    if name in ("sin", "cos"):
        return list(rng.uniform(-1, 1, n) * 2.0 ** rng.integers(-4, 60, n))
    lo, hi = {"exp": (-745, 709), "exp2": (-1075, 1023), "tanh": (-20, 20)}[name]
    return list(rng.uniform(lo, hi, n))


out = ["// Generated by tests/tools/gen_transcendental_pins.py from NumPy %s on the reference" % np.__version__,
       "// (AVX2+FMA, refpy); rerun it there, do not edit. {x, NumPy's result}.", ""]
with np.errstate(all="ignore"):
    for name, xs in F32.items():
        x = np.array([f(s) for s in xs] + sample32(name), dtype=np.float32)
        y = getattr(np, name)(x)
        out.append("const Pin<float> k%sF32[] = {" % name.capitalize())
        out += ["    {%s, %s}," % (lit(a, "f32"), lit(b, "f32")) for a, b in zip(x, y)]
        out.append("};")
    for name, (kind, lo, hi) in LIBM32.items():
        v = rng.uniform(lo, hi, 32)
        x = np.array([0.0, 1.0] + list(2.0 ** v if kind == "exp2" else v), dtype=np.float32)
        y = getattr(np, name)(x)
        out.append("const Pin<float> k%sF32[] = {" % name.capitalize())
        out += ["    {%s, %s}," % (lit(a, "f32"), lit(b, "f32")) for a, b in zip(x, y)]
        out.append("};")
    for name, xs in F64.items():
        x = np.array([f(s) for s in xs] + sample64(name), dtype=np.float64)
        y = getattr(np, name)(x)
        out.append("const Pin<double> k%sF64[] = {" % name.capitalize())
        out += ["    {%s, %s}," % (lit(a, "f64"), lit(b, "f64")) for a, b in zip(x, y)]
        out.append("};")
    xs = np.array([f(a) for a, _ in POW] + list(2.0 ** rng.uniform(-60, 60, 24)))
    ys = np.array([f(b) for _, b in POW] + list(rng.uniform(-40, 40, 24)))
    r = np.power(xs, ys)
    out.append("const PowPin kPowF64[] = {")
    out += ["    {%s, %s, %s}," % (lit(a, "f64"), lit(b, "f64"), lit(c, "f64")) for a, b, c in zip(xs, ys, r)]
    out.append("};")
    # np.arange(12.) ** 1.5 (math/std_var_percentile) and the scalar form.
    a = np.arange(12, dtype=np.float64) ** 1.5
    out.append("const double kArange15[12] = {%s};" % ", ".join(lit(v, "f64") for v in a))
    out.append("const double kScalar5Pow15 = %s;  // np.float64(5) ** 1.5" % lit(np.float64(5) ** 1.5, "f64"))
open(OUT, "w").write("\n".join(out) + "\n")
print("wrote", OUT)

// kernels/npy_umath: NumPy 2.2's own SIMD algorithms for float32 exp, log,
// tanh, sin, cos and float64 tanh, reproduced bit for bit.
//
// What NumPy 2.2 runs on the reference CPU (AVX2+FMA, AVX-512 dispatch off;
// NumPy's dispatch sources, and the results compared with refpy over every
// float32 input, docs/numerics.md):
//   float32 exp, log  loops_exponent_log: a rational minimax approximation
//                     after Cody-Waite / exponent reduction. The AVX2 build
//                     emulates the AVX-512 primitives (getexp/getmant,
//                     scalef) the AVX-512 build uses, with the same bits.
//                     Every stride takes it (strided outputs element by
//                     element through the same code).
//   float32 sin, cos  loops_trigonometric: Cody-Waite reduction by pi/2 and
//                     two polynomials; |x| > 117435.992 (sin) / 71476.0625
//                     (cos), inf and NaN go to the C library's sinf/cosf.
//   float32/64 tanh   loops_hyperbolic: per-interval polynomials (a table
//                     converted from SVML); |x| >= ~2^127 (f32) / ~2^1023
//                     (f64), inf and NaN go to the C library's tanhf/tanh.
//   float64 exp, log, sin, cos, and float16 (widened to float32): the C
//                     library (glibc's bits: kernels/libm), not this file.
// Overlap and odd strides make NumPy run the same SIMD code one element at a
// time, so one algorithm serves every loop, and NumPy's masked tails are the
// same algorithm too: the scalar form here (tails, strided runs) and the
// batch form give identical bits.
//
// Every multiply-add NumPy's SIMD code fuses is fused here, exactly: the
// hardware instruction when the target has one (and SL_FMA_EMULATED is 0),
// otherwise float32 FMA is computed in double -- the product of two floats is
// exact in double, the sum is rounded to odd (TwoSum + sticky bit, Boldo and
// Melquiond), and rounding that to float is then the correctly rounded fused
// result -- and float64 FMA comes from kernels/fp_exact.hpp.
//
// The algorithms are written once, as templates over a "value" type that is
// either a scalar (float / double) or an xsimd batch, with the few primitive
// operations they need overloaded for both below.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/kernels/fp_exact.hpp"
#include "core/kernels/simd.hpp"

namespace sl::npyk {

// ============================================================ constants
// BEGIN MINIMAX COEFFICIENTS (NumPy: npy_simd_data.h, the
// loops_trigonometric polynomials, the loops_hyperbolic tables). These are
// fitted values with no closed form; everything else is derived in code.
namespace coef {
// exp f32: exp(r) ~ P(r)/Q(r) on |r| <= ln2/2.
inline constexpr float kExpP[6] = {9.999999999980870924916e-01f, 7.257664613233124478488e-01f,
                                   2.473615434895520810817e-01f, 5.114512081637298353406e-02f,
                                   6.757896990527504603057e-03f, 5.082762527590693718096e-04f};
inline constexpr float kExpQ[3] = {1.0f, -2.742335390411667452936e-01f, 2.159509375685829852307e-02f};
// Cody-Waite split of -ln2 (a 16-bit head and a float tail, as NumPy rounds them).
inline constexpr float kExpLn2Hi = -6.93145752e-1f, kExpLn2Lo = -1.42860677e-6f;
// log f32: log(1+x) ~ P(x)/Q(x) for 1+x in (sqrt(1/2), sqrt(2)].
inline constexpr float kLogP[6] = {0.0f, 9.999999999999998702752e-01f, 2.112677543073053063722e+00f,
                                   1.480000633576506585156e+00f, 3.808837741388407920751e-01f,
                                   2.589979117907922693523e-02f};
inline constexpr float kLogQ[6] = {1.0f, 2.612677543073109236779e+00f, 2.453006071784736363091e+00f,
                                   9.864942958519418960339e-01f, 1.546476374983906719538e-01f,
                                   5.875095403124574342950e-03f};
// sin/cos f32 on [-pi/4, pi/4]: cos in x^2 (1/0!, -1/2!, ...), sin odd.
inline constexpr float kCos[5] = {0x1.000000p+00f, -0x1.000000p-01f, 0x1.55553cp-05f, -0x1.6c06dcp-10f,
                                  0x1.98e616p-16f};
inline constexpr float kSin[4] = {-0x1.555556p-03f, 0x1.11119ap-07f, -0x1.a06bbap-13f, 0x1.7d3bbcp-19f};
// Cody-Waite split of -pi/2 into three floats (NumPy's choice of head widths).
inline constexpr float kPio2Hi = -0x1.921fb0p+00f, kPio2Med = -0x1.5110b4p-22f, kPio2Lo = -0x1.846988p-48f;

// tanh f32: 32 intervals of |x| (index from the exponent and 2 mantissa
// bits), tanh(|x|) ~ sum c_k (|x| - b)^k, k = 0..6. Rows c0..c6 (bits).
inline constexpr uint32_t kTanhF32[7][32] = {
    {0x0, 0x3d6fb9c9, 0x3d8fc35f, 0x3daf9169, 0x3dcf49ab, 0x3deee849, 0x3e0f0ee8, 0x3e2e4984,
     0x3e4d2f8e, 0x3e6bb32e, 0x3e8c51cd, 0x3ea96163, 0x3ec543f1, 0x3edfd735, 0x3f028438, 0x3f18abf0,
     0x3f2bc480, 0x3f3bec1c, 0x3f4f2e5b, 0x3f613c53, 0x3f6ce37d, 0x3f743c4f, 0x3f7a5feb, 0x3f7dea85,
     0x3f7f3b3d, 0x3f7fb78c, 0x3f7fefd4, 0x3f7ffdd0, 0x3f7fffb4, 0x3f7ffff6, 0x3f7fffff, 0x3f800000},
    {0x3f800000, 0x3f7f1f84, 0x3f7ebd11, 0x3f7e1e5f, 0x3f7d609f, 0x3f7c842d, 0x3f7b00e5, 0x3f789580,
     0x3f75b8ad, 0x3f726fd9, 0x3f6cc59b, 0x3f63fb92, 0x3f59ff97, 0x3f4f11d7, 0x3f3d7573, 0x3f24f360,
     0x3f0cbfe7, 0x3eec1a69, 0x3eb0a801, 0x3e6753a2, 0x3e132f1a, 0x3db7e7d3, 0x3d320845, 0x3c84d3d4,
     0x3bc477b7, 0x3b10d3da, 0x3a01601e, 0x388c1a3b, 0x3717b0da, 0x35a43bce, 0x338306c6, 0x0},
    {0xb0343c7b, 0xbd6ee69d, 0xbd8f0da7, 0xbdae477d, 0xbdcd2a1f, 0xbdeba80d, 0xbe0c443b, 0xbe293cf3,
     0xbe44f282, 0xbe5f3651, 0xbe81c7c0, 0xbe96d7ca, 0xbea7fb8e, 0xbeb50e9e, 0xbec12efe, 0xbec4be92,
     0xbebce070, 0xbead510e, 0xbe8ef7d6, 0xbe4b8704, 0xbe083237, 0xbdaf7449, 0xbd2e1ec4, 0xbc83bf06,
     0xbbc3e0b5, 0xbb10aadc, 0xba0157db, 0xb88c18f2, 0xb717b096, 0xb5a43bae, 0xb383012c, 0x0},
    {0xbeaaaaa5, 0xbeab0612, 0xbea7f01f, 0xbea4e120, 0xbea387b7, 0xbea15962, 0xbe9d57f7, 0xbe976b5a,
     0xbe90230d, 0xbe880dff, 0xbe7479b3, 0xbe4c3d88, 0xbe212482, 0xbdeb8cba, 0xbd5e78ad, 0x3c6b5e6e,
     0x3d839143, 0x3dc21ee1, 0x3de347af, 0x3dcbec96, 0x3d99ef2d, 0x3d542ea1, 0x3cdde701, 0x3c2cca67,
     0x3b81cb27, 0x3ac073a1, 0x39ac3032, 0x383a94d9, 0x36ca081d, 0x355abd4c, 0x332b3cb6, 0x0},
    {0xb76dd6b9, 0xbe1c276d, 0x3c1dcf2f, 0x3dc1a78d, 0x3d96f985, 0x3da2b61b, 0x3dc13397, 0x3dd2f670,
     0x3df48a0a, 0x3e06c5a8, 0x3e1a3aba, 0x3e27c405, 0x3e2e78d0, 0x3e2c3e44, 0x3e1d3097, 0x3df4a8f4,
     0x3da38508, 0x3d31416a, 0x3b562657, 0xbcaeeac9, 0xbcce9419, 0xbcaaeac4, 0xbc49e7d0, 0xbba71ddd,
     0xbb003b0e, 0xba3f9a05, 0xb92c08a7, 0xb7ba9232, 0xb64a0b0f, 0xb4dac169, 0xb2ab78ac, 0x0},
    {0x3e0910e9, 0x43761143, 0x4165ecdc, 0xc190f756, 0xc08c097d, 0xc02ba813, 0xbf7f6bda, 0x3f2b1dc0,
     0x3ece105d, 0x3f426a94, 0xbadb0dc4, 0x3da43b17, 0xbd51ab88, 0xbcaea23d, 0xbd3b6d8d, 0xbd6caaad,
     0xbd795bed, 0xbd5fddda, 0xbd038f3b, 0xbc1cad63, 0x3abb4766, 0x3b95f10b, 0x3b825873, 0x3afaea66,
     0x3a49f878, 0x39996bf3, 0x388f3e6c, 0x371bb0e3, 0x35a8a5e6, 0x34369b17, 0x322487b0, 0x0},
    {0xbc0e2f66, 0x460bda12, 0x43d638ef, 0xc3e11c3e, 0xc2baa4e9, 0xc249da2d, 0xc1859b82, 0x40dd5b57,
     0x40494640, 0x40c730a8, 0xbf0f160e, 0x3e30e76f, 0xbea81387, 0xbdb26a1c, 0xbd351e57, 0xbb4c01a0,
     0x3c1d7bfb, 0x3c722cd1, 0x3c973f1c, 0x3c33a31b, 0x3b862ef4, 0x3a27b3d0, 0xba3b5907, 0xba0efc22,
     0xb97f9f0f, 0xb8c8af50, 0xb7bdddfb, 0xb64f2950, 0xb4e085b1, 0xb3731dfa, 0xb15a1f04, 0x0}};

// tanh f64: 16 intervals, degree 16, rows c0..c16 (bits).
inline constexpr uint64_t kTanhF64[17][16] = {
    {0x0ull, 0x3fcb8fd0416a7c92ull, 0x3fd35f98a0ea650eull, 0x3fda5729ee488037ull, 0x3fe1bf47eabb8f95ull,
     0x3fe686650b8c2015ull, 0x3feb2523bb6b2deeull, 0x3fee1fbf97e33527ull, 0x3fef9258260a71c2ull,
     0x3feff112c63a9077ull, 0x3fefff419668df11ull, 0x3feffffc832750f2ull, 0x3feffffffdc96f35ull,
     0x3fefffffffffcf58ull, 0x3ff0000000000000ull, 0x3ff0000000000000ull},
    {0x3ff0000000000000ull, 0x3fee842ca3f08532ull, 0x3fed11574af58f1bull, 0x3fea945b9c24e4f9ull,
     0x3fe6284c3374f815ull, 0x3fe02500a09f8d6eull, 0x3fd1f25131e3a8c0ull, 0x3fbd22ca1c24a139ull,
     0x3f9b3afe1fba5c76ull, 0x3f6dd37d19b22b21ull, 0x3f27ccec13a9ef96ull, 0x3ecbe6c3f33250aeull,
     0x3e41b4865394f75full, 0x3d8853f01bda5f28ull, 0x3c73953c0197ef58ull, 0x0ull},
    {0xbbf0b3ea3fdfaa19ull, 0xbfca48aaeb53bc21ull, 0xbfd19921f4329916ull, 0xbfd5e0f09bef8011ull,
     0xbfd893b59c35c882ull, 0xbfd6ba7cb7576538ull, 0xbfce7291743d7555ull, 0xbfbb6d85a01efb80ull,
     0xbf9addae58c7141aull, 0xbf6dc59376c7aa19ull, 0xbf27cc5e74677410ull, 0xbecbe6c0e8b4cc87ull,
     0xbe41b486526b0565ull, 0xbd8853f01bef63a4ull, 0xbc73955be519be31ull, 0x0ull},
    {0xbfd5555555555555ull, 0xbfd183afc292ba11ull, 0xbfcc1a4b039c9bfaull, 0xbfc16e1e6d8d0be6ull,
     0xbf92426c751e48a2ull, 0x3fb4f152b2bad124ull, 0x3fbbba40cbef72beull, 0x3fb01ba038be6a3dull,
     0x3f916df44871efc8ull, 0x3f63c6869dfc8870ull, 0x3f1fb9aef915d828ull, 0x3ec299d1e27c6e11ull,
     0x3e379b5ddcca334cull, 0x3d8037f57bc62c9aull, 0x3c6a2d4b50a2cff7ull, 0x0ull},
    {0xbce6863ee44ed636ull, 0x3fc04dcd0476c75eull, 0x3fc43d3449a80f08ull, 0x3fc5c26f3699b7e7ull,
     0x3fc1a686f6ab2533ull, 0x3faf203c316ce730ull, 0xbf89c7a02788557cull, 0xbf98157e26e0d541ull,
     0xbf807b55c1c7d278ull, 0xbf53a18d5843190full, 0xbf0fb6bbc89b1a5bull, 0xbeb299c9c684a963ull,
     0xbe279b5dd4fb3d01ull, 0xbd7037f57ae72aa6ull, 0xbc5a2ca2bba78e86ull, 0x0ull},
    {0x3fc1111111112ab5ull, 0x3fb5c19efdfc08adull, 0x3fa74c98dc34fbacull, 0xbf790d6a8eff0a77ull,
     0xbfac3c021789a786ull, 0xbfae2196b7326859ull, 0xbf93a7a011ff8c2aull, 0x3f6e4709c7e8430eull,
     0x3f67682afa611151ull, 0x3f3ef2ee77717cbfull, 0x3ef95a4482f180b7ull, 0x3e9dc2c27da3b603ull,
     0x3e12e2afd9f7433eull, 0x3d59f320348679baull, 0x3c44b61d9bbcc940ull, 0x0ull},
    {0xbda1ea19ddddb3b4ull, 0xbfb0b8df995ce4dfull, 0xbfb2955cf41e8164ull, 0xbfaf9d05c309f7c6ull,
     0xbf987d27ccff4291ull, 0x3f8b2ca62572b098ull, 0x3f8f1cf6c7f5b00aull, 0x3f60379811e43dd5ull,
     0xbf4793826f78537eull, 0xbf2405695e36240full, 0xbee0e08de39ce756ull, 0xbe83d709ba5f714eull,
     0xbdf92e3fc5ee63e0ull, 0xbd414cc030f2110eull, 0xbc2ba022e8d82a87ull, 0x0ull},
    {0xbfaba1ba1990520bull, 0xbf96e37bba52f6fcull, 0x3ecff7df18455399ull, 0x3f97362834d33a4eull,
     0x3f9e7f8380184b45ull, 0x3f869543e7c420d4ull, 0xbf7326bd4914222aull, 0xbf5fc15b0a9d98faull,
     0x3f14cffcfa69fbb6ull, 0x3f057e48e5b79d10ull, 0x3ec33b66d7d77264ull, 0x3e66ac4e578b9b10ull,
     0x3ddcc74b8d3d5c42ull, 0x3d23c589137f92b4ull, 0x3c107f8e2c8707a1ull, 0x0ull},
    {0xbe351ca7f096011full, 0x3f9eaaf3320c3851ull, 0x3f9cf823fe761fc1ull, 0x3f9022271754ff1full,
     0xbf731fe77c9c60afull, 0xbf84a6046865ec7dull, 0xbf4ca3f1f2b9192bull, 0x3f4c77dee0afd227ull,
     0x3f04055bce68597aull, 0xbee2bf0cb4a71647ull, 0xbea31eaafe73efd5ull, 0xbe46abb02c4368edull,
     0xbdbcc749ca8079ddull, 0xbd03c5883836b9d2ull, 0xbbf07a5416264aecull, 0x0ull},
    {0x3f9664f94e6ac14eull, 0xbf94d3343bae39ddull, 0xbf7bc748e60df843ull, 0xbf8c89372b43ba85ull,
     0xbf8129a092de747aull, 0x3f60c85b4d538746ull, 0x3f5be9392199ec18ull, 0xbf2a0c68a4489f10ull,
     0xbf00462601dc2faaull, 0x3eb7b6a219dea9f4ull, 0x3e80cbcc8d4c5c8aull, 0x3e2425bb231a5e29ull,
     0x3d9992a4beac8662ull, 0x3ce191ba5ed3fb67ull, 0x3bc892450bad44c4ull, 0x0ull},
    {0xbea8c4c1fd7852feull, 0xbfccce16b1046f13ull, 0xbf81a16f224bb7b6ull, 0xbf62cbf00406bc09ull,
     0x3f75b29bb02cf69bull, 0x3f607df0f9f90c17ull, 0xbf4b852a6e0758d5ull, 0xbf0078c63d1b8445ull,
     0x3eec12eadd55be7aull, 0xbe6fa600f593181bull, 0xbe5a3c935dce3f7dull, 0xbe001c6d95e3ae96ull,
     0xbd74755a00ea1fd3ull, 0xbcbc1c6c063bb7acull, 0xbba3be9a4460fe00ull, 0x0ull},
    {0xbf822404577aa9ddull, 0x403d8b07f7a82aa3ull, 0xbf9f44ab92fbab0aull, 0x3fb2eac604473d6aull,
     0x3f45f87d903aaac8ull, 0xbf5e104671036300ull, 0x3f19bc98ddf0f340ull, 0x3f0d4304bc9246e8ull,
     0xbed13c415f7b9d41ull, 0xbe722b8d9720cdb0ull, 0x3e322666d739bec0ull, 0x3dd76a553d7e7918ull,
     0x3d4de0fa59416a39ull, 0x3c948716cf3681b4ull, 0x3b873f9f2d2fda99ull, 0x0ull},
    {0xbefdd99a221ed573ull, 0x4070593a3735bab4ull, 0xbfccab654e44835eull, 0x3fd13ed80037dbacull,
     0xbf6045b9076cc487ull, 0x3f2085ee7e8ac170ull, 0x3f23524622610430ull, 0xbeff12a6626911b4ull,
     0x3eab9008bca408afull, 0x3e634df71865f620ull, 0xbe05bb1bcf83ca73ull, 0xbdaf2ac143fb6762ull,
     0xbd23eae52a3dbf57ull, 0xbc6b5e3e9ca0955eull, 0xbb5eca68e2c1ba2eull, 0x0ull},
    {0x3f6e3be689423841ull, 0xc0d263511f5baac1ull, 0x40169f73b15ebe5cull, 0xc025c1dd41cd6cb5ull,
     0xbf58fd89fe05e0d1ull, 0x3f73f7af01d5af7aull, 0xbf1e40bdead17e6bull, 0x3ee224cd6c4513e5ull,
     0xbe24b645e68eeaa3ull, 0xbe4abfebfb72bc83ull, 0x3dd51c38f8695ed3ull, 0x3d8313ac38c6832bull,
     0x3cf7787935626685ull, 0x3c401ffc49c6bc29ull, 0xbabf0b21acfa52abull, 0x0ull},
    {0xbf2a1306713a4f3aull, 0xc1045e509116b066ull, 0x4041fab9250984ceull, 0xc0458d090ec3de95ull,
     0xbf74949d60113d63ull, 0x3f7c9fd6200d0adeull, 0x3f02cd40e0ad0a9full, 0xbe858ab8e019f311ull,
     0xbe792fa6323b7cf8ull, 0x3e2df04d67876402ull, 0xbd95c72be95e4d2cull, 0xbd55a89c30203106ull,
     0xbccad6b3bb9eff65ull, 0xbc12705ccd3dd884ull, 0xba8e0a4c47ae75f5ull, 0x0ull},
    {0xbf55d7e76dc56871ull, 0x41528c38809c90c7ull, 0xc076d57fb5190b02ull, 0x4085f09f888f8adaull,
     0x3fa246332a2fcba5ull, 0xbfb29d851a896fcdull, 0x3ed9065ae369b212ull, 0xbeb8e1ba4c98a030ull,
     0x3e6ffd0766ad4016ull, 0xbe0c63c29f505f5bull, 0xbd7fab216b9e0e49ull, 0x3d2826b62056aa27ull,
     0x3ca313e31762f523ull, 0x3bea37aa21895319ull, 0x3ae5c7f1fd871496ull, 0x0ull},
    {0x3f35e67ab76a26e7ull, 0x41848ee0627d8206ull, 0xc0a216d618b489ecull, 0x40a5b89107c8af4full,
     0x3fb69d8374520edaull, 0xbfbded519f981716ull, 0xbef02d288b5b3371ull, 0x3eb290981209c1a6ull,
     0xbe567e924bf5ff6eull, 0x3de3f7f7de6b0eb6ull, 0x3d69ed18bae3ebbcull, 0xbcf7534c4f3dfa71ull,
     0xbc730b73f1eaff20ull, 0xbbba2cff8135d462ull, 0xbab5a71b5f7d9035ull, 0x0ull}};

}  // namespace coef
// END MINIMAX COEFFICIENTS

// Derived constants.
inline constexpr float kExpXmax = 88.72283935546875f;     // >= this: +inf (NumPy's threshold)
inline constexpr float kExpXmin = -103.97208404541015625f;  // <= this: +0
inline constexpr float kRintMagic = 0x1.8p23f;            // x + 1.5*2^23 - 1.5*2^23 rounds to an integer
inline constexpr float kLog2e = 1.442695040888963407359924681001892137f;
inline constexpr float kLn2 = 0.693147180559945309417232121458176568f;
inline constexpr float kSqrtHalf = 0.707106781186547524400844362104849039f;
inline constexpr float kTwoOverPi = 0.636619772367581343075535053490057448f;
inline constexpr float kSinMaxCody = 117435.992f, kCosMaxCody = 71476.0625f;

// tanh interval offsets b: 0 for the first and last interval, otherwise the
// middle of the interval (exponent field and two mantissa bits + 1/2).
inline float tanh_b_f32(int i) {
  if (i == 0 || i == 31) return 0.0f;
  const uint32_t b = 0x3d500000u + uint32_t(i) * 0x200000u;
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
inline double tanh_b_f64(int i) {
  if (i == 0 || i == 15) return 0.0;
  return fpx::from_bits(0x3fc4000000000000ull + uint64_t(i) * 0x0008000000000000ull);
}

// Tables as values (row 0 = b, rows 1.. = c0..), built once.
struct TanhTables {
  alignas(64) float f32[8][32];
  alignas(64) double f64[18][16];
  TanhTables() {
    for (int i = 0; i < 32; ++i) {
      f32[0][i] = tanh_b_f32(i);
      for (int k = 0; k < 7; ++k) std::memcpy(&f32[k + 1][i], &coef::kTanhF32[k][i], 4);
    }
    for (int i = 0; i < 16; ++i) {
      f64[0][i] = tanh_b_f64(i);
      for (int k = 0; k < 17; ++k) f64[k + 1][i] = fpx::from_bits(coef::kTanhF64[k][i]);
    }
  }
};
inline const TanhTables& tanh_tables() {
  static const TanhTables t;
  return t;
}

// ============================================================ primitives
namespace prim {

inline uint32_t as_u(float x) { uint32_t b; std::memcpy(&b, &x, 4); return b; }
inline int32_t as_i(float x) { int32_t b; std::memcpy(&b, &x, 4); return b; }
inline float as_f(int32_t b) { float x; std::memcpy(&x, &b, 4); return x; }
inline int64_t as_i(double x) { int64_t b; std::memcpy(&b, &x, 8); return b; }
inline double as_f(int64_t b) { double x; std::memcpy(&x, &b, 8); return x; }

// Exact single-precision fused multiply-add.
inline float fma(float a, float b, float c) {
#if SL_FMA_EMULATED
  return float(fpx::sum_round_to_odd(double(a) * double(b), double(c)));
#else
  return std::fma(a, b, c);
#endif
}
inline double fma(double a, double b, double c) { return fpx::fma_rn(a, b, c); }

inline float sel(bool m, float a, float b) { return m ? a : b; }
inline double sel(bool m, double a, double b) { return m ? a : b; }
inline int32_t sel(bool m, int32_t a, int32_t b) { return m ? a : b; }
inline bool fmask(bool m) { return m; }
inline float vabs(float x) { return std::fabs(x); }
inline double vabs(double x) { return std::fabs(x); }
inline int32_t to_i(float x) { return int32_t(x); }  // x integral here
inline float to_f(int32_t i) { return float(i); }
inline int32_t imax(int32_t a, int32_t b) { return a > b ? a : b; }
inline int32_t imin(int32_t a, int32_t b) { return a < b ? a : b; }
inline float lut(const float* t, int32_t i) { return t[i]; }
inline bool all(bool m) { return m; }

#if SL_SIMD
using bf = xsimd::batch<float>;
using bd = xsimd::batch<double>;
using bi = xsimd::batch<int32_t>;
using bfm = xsimd::batch_bool<float>;

inline bi as_i(const bf& x) { return xsimd::bitwise_cast<int32_t>(x); }
inline bf as_f(const bi& b) { return xsimd::bitwise_cast<float>(b); }
inline bf sel(const bfm& m, const bf& a, const bf& b) { return xsimd::select(m, a, b); }
inline bd sel(const xsimd::batch_bool<double>& m, const bd& a, const bd& b) { return xsimd::select(m, a, b); }
inline bi sel(const xsimd::batch_bool<int32_t>& m, const bi& a, const bi& b) { return xsimd::select(m, a, b); }
inline bfm fmask(const xsimd::batch_bool<int32_t>& m) { return xsimd::batch_bool_cast<float>(m); }
inline bf vabs(const bf& x) { return xsimd::abs(x); }
inline bd vabs(const bd& x) { return xsimd::abs(x); }
inline bi to_i(const bf& x) { return xsimd::to_int(x); }
inline bf to_f(const bi& i) { return xsimd::to_float(i); }
inline bi imax(const bi& a, const bi& b) { return xsimd::select(a > b, a, b); }
inline bi imin(const bi& a, const bi& b) { return xsimd::select(a < b, a, b); }
inline bf lut(const float* t, const bi& i) { return bf::gather(t, i); }
template <class T> inline bool all(const xsimd::batch_bool<T>& m) { return xsimd::all(m); }

// Exact float32 FMA on a batch. With a hardware FMA (x86 FMA3 / AVX-512 built
// in) xsimd's fma is the instruction; otherwise each half of the batch is
// widened to double, the exact product is added with the sum rounded to odd,
// and the result narrowed once.
#if !SL_FMA_EMULATED && (defined(__FMA__) || defined(__AVX512F__))
inline bf fma(const bf& a, const bf& b, const bf& c) { return xsimd::fma(a, b, c); }
#else
inline bd fma_odd_d(const bd& a, const bd& b, const bd& c) {
  const bd p = a * b;  // exact: 24 + 24 bits
  const bd s = p + c;
  // Rounding s to float is already the fused result unless s sits exactly on
  // a midpoint between two floats (the 29 bits below float precision are
  // 1000...0) or in float's subnormal range (fewer bits kept): only then can
  // the first rounding have decided the second. Rare, so the exact fix below
  // runs only for batches that have such a lane.
  using bu = xsimd::batch<uint64_t>;
  const bu sb = xsimd::bitwise_cast<uint64_t>(s);
  const auto mid = (sb & bu(0x1fffffffull)) == bu(0x10000000ull);
  const auto tiny = (xsimd::abs(s) < bd(0x1p-126)) && (s != bd(0.0));
  if (!xsimd::any(mid || xsimd::batch_bool_cast<uint64_t>(tiny))) return s;
  const bd bb = s - p;
  const bd e = (p - (s - bb)) + (c - bb);  // TwoSum: p + c = s + e exactly
  const bu one(1), zero(0);
  const bu down = xsimd::select(xsimd::batch_bool_cast<uint64_t>((e * s) < bd(0.0)), one, zero);
  const bu sticky = xsimd::select(xsimd::batch_bool_cast<uint64_t>(e != bd(0.0)), one, zero);
  // Truncate toward zero (one step down in magnitude when the exact sum is
  // below |s|), then set the sticky bit: the sum rounded to odd.
  return xsimd::bitwise_cast<double>((sb - down) | sticky);
}
#if defined(__wasm_simd128__) || (defined(__SSE2__) && !defined(__AVX__))
#define SL_NPYK_HALVES 1
// A float batch as two double batches (float values, exact), and back.
struct Halves {
  bd lo, hi;
};
#if defined(__wasm_simd128__)
inline Halves split(const bf& v) {
  const v128_t r = v;
  return {bd(wasm_f64x2_promote_low_f32x4(r)), bd(wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(r, r, 2, 3, 2, 3)))};
}
inline bf join(const bd& lo, const bd& hi) {
  return bf(wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo), wasm_f32x4_demote_f64x2_zero(hi), 0, 1, 4, 5));
}
// Round double lanes to float precision (RN), kept as doubles.
// (The empty asm: see wide::rf in npy_wide.hpp; without it LLVM 14 lowers the
// pair lane by lane.)
inline bd round_f(const bd& v) {
  v128_t t = wasm_f32x4_demote_f64x2_zero(v);
  __asm__("" : "+r"(t));
  return bd(wasm_f64x2_promote_low_f32x4(t));
}
#else
inline Halves split(const bf& v) {
  const __m128 r = v;
  return {bd(_mm_cvtps_pd(r)), bd(_mm_cvtps_pd(_mm_movehl_ps(r, r)))};
}
inline bf join(const bd& lo, const bd& hi) { return bf(_mm_movelh_ps(_mm_cvtpd_ps(lo), _mm_cvtpd_ps(hi))); }
inline bd round_f(const bd& v) { return bd(_mm_cvtps_pd(_mm_cvtpd_ps(v))); }
#endif
inline bf fma(const bf& a, const bf& b, const bf& c) {
  const Halves x = split(a), y = split(b), z = split(c);
  return join(fma_odd_d(x.lo, y.lo, z.lo), fma_odd_d(x.hi, y.hi, z.hi));
}
#else
inline bf fma(const bf& a, const bf& b, const bf& c) {
  alignas(64) float x[bf::size], y[bf::size], z[bf::size];
  a.store_aligned(x);
  b.store_aligned(y);
  c.store_aligned(z);
  for (std::size_t i = 0; i < bf::size; ++i) x[i] = prim::fma(x[i], y[i], z[i]);
  return bf::load_aligned(x);
}
#endif
#endif
// float64 FMA on a batch: fp_exact's scalar emulation lane by lane (only
// float64 tanh uses it).
inline bd fma(const bd& a, const bd& b, const bd& c) {
#if !SL_FMA_EMULATED && (defined(__FMA__) || defined(__AVX512F__))
  return xsimd::fma(a, b, c);
#else
  alignas(64) double x[bd::size], y[bd::size], z[bd::size];
  a.store_aligned(x);
  b.store_aligned(y);
  c.store_aligned(z);
  for (std::size_t i = 0; i < bd::size; ++i) x[i] = fpx::fma_rn(x[i], y[i], z[i]);
  return bd::load_aligned(x);
#endif
}
// Horner's rule with a fused multiply-add per step, c[0] the leading
// coefficient: r = c[0]; r = fma(r, x, c[k]) for k = 1..N-1. With the double
// emulation the chain stays in double lanes (each step rounded to float
// there) instead of converting in and out at every step.
template <std::size_t N>
inline bf horner(const bf& x, const float (&c)[N]) {
#if defined(SL_NPYK_HALVES)
  const Halves h = split(x);
  bd lo{double(c[0])}, hi{double(c[0])};
  for (std::size_t k = 1; k < N; ++k) {
    lo = round_f(fma_odd_d(lo, h.lo, bd(double(c[k]))));
    hi = round_f(fma_odd_d(hi, h.hi, bd(double(c[k]))));
  }
  return join(lo, hi);
#else
  bf r(c[0]);
  for (std::size_t k = 1; k < N; ++k) r = fma(r, x, bf(c[k]));
  return r;
#endif
}
template <std::size_t N>
inline bf horner(const bf& x, const bf (&c)[N]) {
#if defined(SL_NPYK_HALVES)
  const Halves h = split(x);
  Halves r = split(c[0]);
  for (std::size_t k = 1; k < N; ++k) {
    const Halves ck = split(c[k]);
    r.lo = round_f(fma_odd_d(r.lo, h.lo, ck.lo));
    r.hi = round_f(fma_odd_d(r.hi, h.hi, ck.hi));
  }
  return join(r.lo, r.hi);
#else
  bf r(c[0]);
  for (std::size_t k = 1; k < N; ++k) r = fma(r, x, c[k]);
  return r;
#endif
}
#endif  // SL_SIMD

template <std::size_t N>
inline float horner(float x, const float (&c)[N]) {
  float r = c[0];
  for (std::size_t k = 1; k < N; ++k) r = fma(r, x, c[k]);
  return r;
}

}  // namespace prim

// ============================================================ algorithms
// V is float or xsimd::batch<float>; results are bit-identical for both.

// x * 2^q for integral q in [-150, 128] with one rounding (AVX-512 vscalefps):
// the first factor 2^(q/2) keeps the product exact and normal, the second
// rounds once (to a subnormal, or to infinity, as the instruction does).
template <class V>
inline V scalef_f32(const V& x, const V& q) {
  using namespace prim;
  const auto qi = to_i(q);
  const auto q1 = qi >> 1;
  const auto q2 = qi - q1;
  return (x * as_f((q1 + 127) << 23)) * as_f((q2 + 127) << 23);
}

template <class V>
inline V exp_f32(const V& x_in) {
  using namespace prim;
  const auto nan_m = x_in != x_in;
  V x = sel(nan_m, V(0.0f), x_in);
  const auto xmax_m = x >= V(kExpXmax);
  const auto xmin_m = x <= V(kExpXmin);
  x = sel(nan_m || xmax_m || xmin_m, V(0.0f), x);
  // NumPy writes x*log2e, + magic, - magic, and its AVX2 build rounds the
  // product to float first: not fused (the reference's bits at near-ties,
  // where x*log2e rounds onto a half-integer; docs/numerics.md).
  // fma(a, b, -0) is a*b rounded once, whatever the compiler contracts.
  const V q = (fma(x, V(kLog2e), V(-0.0f)) + V(kRintMagic)) - V(kRintMagic);
  x = fma(q, V(coef::kExpLn2Hi), x);
  x = fma(q, V(coef::kExpLn2Lo), x);
  x = x + q * V(0.0f);  // NumPy's third Cody-Waite step, fma(q, 0, x): exact either way
  constexpr float P[] = {coef::kExpP[5], coef::kExpP[4], coef::kExpP[3], coef::kExpP[2], coef::kExpP[1], coef::kExpP[0]};
  constexpr float Q[] = {coef::kExpQ[2], coef::kExpQ[1], coef::kExpQ[0]};
  V r = scalef_f32(horner(x, P) / horner(x, Q), q);
  r = sel(nan_m, V(std::numeric_limits<float>::quiet_NaN()), r);
  r = sel(xmax_m, V(std::numeric_limits<float>::infinity()), r);
  return sel(xmin_m, V(0.0f), r);
}

template <class V>
inline V log_f32(const V& x_in) {
  using namespace prim;
  const V inf(std::numeric_limits<float>::infinity());
  const auto neg_m = x_in < V(0.0f);
  const auto zero_m = x_in == V(0.0f);
  const auto inf_m = x_in == inf;
  const auto nan_m = x_in != x_in;
  V x = sel(neg_m, V(0.0f), x_in);
  // vgetexpps + 1 and vgetmantps to [0.5, 1): subnormals are scaled by 2^23
  // first; zero, inf and NaN lanes get finite junk that is replaced below.
  const auto sub_m = x < V(1.17549435e-38f);
  x = sel(sub_m, x * V(0x1p23f), x);
  const auto b = as_i(x);
  V e = to_f(((b >> 23) & 0xff) - 126) - sel(sub_m, V(23.0f), V(0.0f));
  V m = as_f((b & 0x7fffff) | 0x3f000000);
  const auto small_m = m <= V(kSqrtHalf);
  m = sel(small_m, m + m, m);
  e = sel(small_m, e - V(1.0f), e);
  m = m - V(1.0f);
  constexpr float P[] = {coef::kLogP[5], coef::kLogP[4], coef::kLogP[3], coef::kLogP[2], coef::kLogP[1], coef::kLogP[0]};
  constexpr float Q[] = {coef::kLogQ[5], coef::kLogQ[4], coef::kLogQ[3], coef::kLogQ[2], coef::kLogQ[1], coef::kLogQ[0]};
  V r = fma(e, V(kLn2), horner(m, P) / horner(m, Q));
  r = sel(nan_m, V(std::numeric_limits<float>::quiet_NaN()), r);
  r = sel(neg_m, V(-std::numeric_limits<float>::quiet_NaN()), r);
  r = sel(zero_m, -inf, r);
  return sel(inf_m, inf, r);
}

// tanh f32 main path; `ok` is false where NumPy calls the C library instead
// (|x| >= 1.25 * 2^127, inf, NaN).
template <class V, class M>
inline V tanh_f32_main(const V& x, M& ok) {
  using namespace prim;
  const auto& T = tanh_tables().f32;
  const auto d = as_i(x) & 0x7fe00000;
  ok = fmask(d <= decltype(d)(0x7f000000));
  const auto idx = imin(imax(d - 0x3d400000, decltype(d)(0)), decltype(d)(0x3e00000)) >> 21;
  const V y = vabs(x) - lut(T[0], idx);
  const V c[] = {lut(T[7], idx), lut(T[6], idx), lut(T[5], idx), lut(T[4], idx),
                 lut(T[3], idx), lut(T[2], idx), lut(T[1], idx)};
  const V r = horner(y, c);
  return as_f(as_i(r) | (as_i(x) & int32_t(0x80000000u)));
}

// sin/cos f32 main path; `ok` is false where NumPy calls the C library.
template <bool kCos, class V, class M>
inline V sincos_f32_main(const V& x_in, M& ok) {
  using namespace prim;
  ok = vabs(x_in) <= V(kCos ? kCosMaxCody : kSinMaxCody);
  const auto nnan = x_in == x_in;
  const V x = sel(nnan && ok, x_in, V(0.0f));
  const V q = fma(x, V(kTwoOverPi), V(kRintMagic)) - V(kRintMagic);  // fused by GCC, as in exp_f32
  V r = fma(q, V(coef::kPio2Hi), x);
  r = fma(q, V(coef::kPio2Med), r);
  r = fma(q, V(coef::kPio2Lo), r);
  const V r2 = r * r;
  constexpr float C[] = {coef::kCos[4], coef::kCos[3], coef::kCos[2], coef::kCos[1], coef::kCos[0]};
  constexpr float S[] = {coef::kSin[3], coef::kSin[2], coef::kSin[1], coef::kSin[0], 0.0f};
  const V c = horner(r2, C);
  const V s = fma(horner(r2, S), r, r);
  auto iq = to_i(q);
  if (kCos) iq = iq + 1;
  const auto sin_m = fmask((iq & 1) == decltype(iq)(0));
  V v = sel(sin_m, s, c);
  const auto neg_m = fmask((iq & 2) == decltype(iq)(2));
  v = sel(neg_m, V(0.0f) - v, v);
  return sel(nnan, v, V(std::numeric_limits<float>::quiet_NaN()));
}

// tanh f64 main path (scalar; the batch form goes lane by lane through it,
// which is what a 2-lane wasm gather would do anyway).
inline double tanh_f64_main(double x, bool& ok) {
  const auto& T = tanh_tables().f64;
  const int64_t d = prim::as_i(x) & 0x7ff8000000000000ll;
  ok = d <= 0x7fe0000000000000ll;
  int64_t i = (d >> 51) - 0x7f8;
  i = i < 0 ? 0 : (i > 15 ? 15 : i);
  const double y = std::fabs(x) - T[0][i];
  double r = fpx::fma_rn(T[17][i], y, T[16][i]);
  for (int k = 15; k >= 1; --k) r = fpx::fma_rn(r, y, T[k][i]);
  return prim::as_f(prim::as_i(r) | (prim::as_i(x) & int64_t(0x8000000000000000ull)));
}

}  // namespace sl::npyk

#include "core/kernels/npy_wide.hpp"

namespace sl::npyk {

// ---------------------------------------------------------------- entry points
inline float exp(float x) { return exp_f32(x); }
inline float log(float x) { return log_f32(x); }
inline float tanh(float x) {
  bool ok;
  const float r = tanh_f32_main(x, ok);
  return ok ? r : std::tanh(x);
}
inline float sin(float x) {
  bool ok;
  const float r = sincos_f32_main<false>(x, ok);
  return ok ? r : std::sin(x);
}
inline float cos(float x) {
  bool ok;
  const float r = sincos_f32_main<true>(x, ok);
  return ok ? r : std::cos(x);
}
inline double tanh(double x) {
  bool ok;
  const double r = tanh_f64_main(x, ok);
  return ok ? r : std::tanh(x);
}

#if SL_SIMD && defined(SL_NPYK_HALVES)
// No hardware FMA (wasm, SSE2): whole kernels in float64 lanes (npy_wide.hpp).
inline prim::bf exp(const prim::bf& x) { return prim::bf(wide::exp(x)); }
inline prim::bf log(const prim::bf& x) { return prim::bf(wide::log(x)); }
inline prim::bf tanh(const prim::bf& x) { return prim::bf(wide::tanh(x)); }
inline prim::bf sin(const prim::bf& x) { return prim::bf(wide::sin(x)); }
inline prim::bf cos(const prim::bf& x) { return prim::bf(wide::cos(x)); }
#elif SL_SIMD
inline prim::bf exp(const prim::bf& x) { return exp_f32(x); }
inline prim::bf log(const prim::bf& x) { return log_f32(x); }

namespace detail {
// Lanes NumPy sends to the C library.
template <class F>
inline prim::bf callout(const prim::bf& x, const prim::bf& r, const prim::bfm& ok, F libm) {
  if (prim::all(ok)) return r;
  alignas(64) float xs[prim::bf::size], rs[prim::bf::size];
  x.store_aligned(xs);
  r.store_aligned(rs);
  const uint64_t m = ok.mask();
  for (std::size_t i = 0; i < prim::bf::size; ++i)
    if (!((m >> i) & 1)) rs[i] = libm(xs[i]);
  return prim::bf::load_aligned(rs);
}
}  // namespace detail

inline prim::bf tanh(const prim::bf& x) {
  prim::bfm ok;
  const prim::bf r = tanh_f32_main(x, ok);
  return detail::callout(x, r, ok, [](float v) { return std::tanh(v); });
}
inline prim::bf sin(const prim::bf& x) {
  prim::bfm ok;
  const prim::bf r = sincos_f32_main<false>(x, ok);
  return detail::callout(x, r, ok, [](float v) { return std::sin(v); });
}
inline prim::bf cos(const prim::bf& x) {
  prim::bfm ok;
  const prim::bf r = sincos_f32_main<true>(x, ok);
  return detail::callout(x, r, ok, [](float v) { return std::cos(v); });
}
#endif
#if SL_SIMD
inline prim::bd tanh(const prim::bd& x) {
  alignas(64) double xs[prim::bd::size];
  x.store_aligned(xs);
  for (std::size_t i = 0; i < prim::bd::size; ++i) xs[i] = tanh(xs[i]);
  return prim::bd::load_aligned(xs);
}
#endif

}  // namespace sl::npyk

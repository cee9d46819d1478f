// Complex numbers as the toolkit spells them: cuComplex.h's functions, which
// scale before dividing and taking the absolute value (no overflow where the
// result fits), libcu++'s cuda::std::complex, and the other toolkit headers
// a program may include by name. Every value printed is exact or rounds to
// the digits shown, whatever the order of the arithmetic.
#include <cstdio>

#include <cuComplex.h>
#include <cuda/std/bit>
#include <cuda/std/complex>
#include <channel_descriptor.h>
#include <device_atomic_functions.h>
#include <driver_types.h>
#include <library_types.h>
#include <vector_functions.h>
#include <vector_types.h>

__global__ void complex_ops(float* f, double* d, unsigned* bits) {
    const cuFloatComplex a = make_cuFloatComplex(1.5f, -2.0f), b = make_cuFloatComplex(0.25f, 4.0f);
    const cuFloatComplex p = cuCmulf(a, b), s = cuCaddf(a, b), q = cuCdivf(p, b);
    f[0] = cuCrealf(p), f[1] = cuCimagf(p);
    f[2] = cuCrealf(s), f[3] = cuCimagf(cuConjf(s));
    f[4] = cuCrealf(q), f[5] = cuCimagf(q);
    f[6] = cuCabsf(make_cuFloatComplex(3.0f, -4.0f));
    f[7] = cuCabsf(make_cuFloatComplex(3e37f, 4e37f));  // the squares overflow: scaled first
    const cuFloatComplex tiny = cuCdivf(make_cuFloatComplex(1.0f, 1.0f), make_cuFloatComplex(1e30f, 1e30f));
    f[8] = cuCrealf(tiny), f[9] = cuCimagf(tiny);
    const cuda::std::complex<float> x(1.5f, -2.0f), y(0.25f, 4.0f);
    f[10] = (x * y).real(), f[11] = (x * y).imag();
    const cuDoubleComplex r = cuCdiv(make_cuDoubleComplex(1, 2), make_cuDoubleComplex(3, -4));
    d[0] = cuCreal(r), d[1] = cuCimag(r);
    d[2] = cuCabs(cuComplexFloatToDouble(make_cuComplex(5.0f, 12.0f)));
    const cuDoubleComplex fma = cuCfma(make_cuDoubleComplex(1, 2), make_cuDoubleComplex(3, 4), make_cuDoubleComplex(0.5, -0.5));
    d[3] = cuCreal(fma), d[4] = cuCimag(fma);
    bits[0] = unsigned(cuda::std::popcount(0xF0F0u));
    bits[1] = unsigned(cuda::std::countl_zero(1u));
    bits[2] = cuda::std::bit_ceil(17u);
    bits[3] = cuda::std::rotl(0x80000001u, 4);
}

int main() {
    float* f;
    double* d;
    unsigned* bits;
    cudaMallocManaged(&f, 12 * sizeof(float));
    cudaMallocManaged(&d, 5 * sizeof(double));
    cudaMallocManaged(&bits, 4 * sizeof(unsigned));
    complex_ops<<<1, 1>>>(f, d, bits);
    cudaDeviceSynchronize();
    printf("cuCmulf (%g,%g) cuCaddf/cuConjf (%g,%g) cuCdivf (%g,%g)\n", f[0], f[1], f[2], f[3], f[4], f[5]);
    printf("cuCabsf %g %.4g, cuCdivf by 1e30 (%.4g,%.4g)\n", f[6], f[7], f[8], f[9]);
    printf("cuda::std::complex (%g,%g)\n", f[10], f[11]);
    printf("cuCdiv (%g,%g) cuCabs %g cuCfma (%g,%g)\n", d[0], d[1], d[2], d[3], d[4]);
    printf("popcount %u countl_zero %u bit_ceil %u rotl %#x\n", bits[0], bits[1], bits[2], bits[3]);
    const cudaChannelFormatDesc desc = cudaCreateChannelDesc<float4>();
    const float2 v = make_float2(1.0f, 2.0f);
    printf("channel %d %d %d %d, make_float2 %g %g, CUDA_R_32F %d\n", desc.x, desc.y, desc.z, desc.w, v.x, v.y,
           int(CUDA_R_32F));
    cudaFree(f);
    cudaFree(d);
    cudaFree(bits);
    return 0;
}

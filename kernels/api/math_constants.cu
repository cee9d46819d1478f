// math_constants.h: every CUDART_ constant the CUDA toolkit's header
// defines, printed bit for bit: the literals from host code (%a), the
// special values CUDA writes with __int_as_float/__longlong_as_double (device
// functions there) from a kernel, as bits. The toolkit's header and simt's
// print the same lines (tests/test_cli_toolkit.cpp).
#include <cstdio>
#include <cuda_runtime.h>
#include <math_constants.h>

#define SHOW(name) std::printf("%-24s %a\n", #name, double(name))

constexpr int kFloats = 5, kDoubles = 4;
const char* const kFloatNames[kFloats] = {"CUDART_INF_F", "CUDART_NAN_F", "CUDART_MIN_DENORM_F", "CUDART_MAX_NORMAL_F", "CUDART_NEG_ZERO_F"};
const char* const kDoubleNames[kDoubles] = {"CUDART_INF", "CUDART_NAN", "CUDART_NEG_ZERO", "CUDART_MIN_DENORM"};

__global__ void special_values(unsigned* f, unsigned long long* d) {
    f[0] = __float_as_uint(CUDART_INF_F);
    f[1] = __float_as_uint(CUDART_NAN_F);
    f[2] = __float_as_uint(CUDART_MIN_DENORM_F);
    f[3] = __float_as_uint(CUDART_MAX_NORMAL_F);
    f[4] = __float_as_uint(CUDART_NEG_ZERO_F);
    d[0] = (unsigned long long)__double_as_longlong(CUDART_INF);
    d[1] = (unsigned long long)__double_as_longlong(CUDART_NAN);
    d[2] = (unsigned long long)__double_as_longlong(CUDART_NEG_ZERO);
    d[3] = (unsigned long long)__double_as_longlong(CUDART_MIN_DENORM);
}

int main() {
    SHOW(CUDART_2_OVER_PI);
    SHOW(CUDART_2_OVER_PI_F);
    SHOW(CUDART_3PIO4);
    SHOW(CUDART_3PIO4_F);
    SHOW(CUDART_DBL2INT_CVT);
    SHOW(CUDART_L2E);
    SHOW(CUDART_L2E_F);
    SHOW(CUDART_L2E_HI);
    SHOW(CUDART_L2E_LO);
    SHOW(CUDART_L2T);
    SHOW(CUDART_L2T_F);
    SHOW(CUDART_LG2);
    SHOW(CUDART_LG2_F);
    SHOW(CUDART_LG2_HI);
    SHOW(CUDART_LG2_LO);
    SHOW(CUDART_LG2_X_1024);
    SHOW(CUDART_LG2_X_1075);
    SHOW(CUDART_LGE);
    SHOW(CUDART_LGE_F);
    SHOW(CUDART_LGE_HI);
    SHOW(CUDART_LGE_LO);
    SHOW(CUDART_LN2);
    SHOW(CUDART_LN2_F);
    SHOW(CUDART_LN2_HI);
    SHOW(CUDART_LN2_LO);
    SHOW(CUDART_LN2_X_1024);
    SHOW(CUDART_LN2_X_1025);
    SHOW(CUDART_LN2_X_1075);
    SHOW(CUDART_LNPI);
    SHOW(CUDART_LNPI_F);
    SHOW(CUDART_LNT);
    SHOW(CUDART_LNT_F);
    SHOW(CUDART_LNT_HI);
    SHOW(CUDART_LNT_LO);
    SHOW(CUDART_NORM_HUGE_F);
    SHOW(CUDART_ONE);
    SHOW(CUDART_ONE_F);
    SHOW(CUDART_PI);
    SHOW(CUDART_PIO2);
    SHOW(CUDART_PIO2_F);
    SHOW(CUDART_PIO2_HI);
    SHOW(CUDART_PIO2_LO);
    SHOW(CUDART_PIO4);
    SHOW(CUDART_PIO4_F);
    SHOW(CUDART_PIO4_HI);
    SHOW(CUDART_PIO4_LO);
    SHOW(CUDART_PI_F);
    SHOW(CUDART_PI_HI);
    SHOW(CUDART_PI_LO);
    SHOW(CUDART_REMQUO_BITS_F);
    SHOW(CUDART_REMQUO_MASK_F);
    SHOW(CUDART_SQRT_2OPI);
    SHOW(CUDART_SQRT_2PI);
    SHOW(CUDART_SQRT_2PI_HI);
    SHOW(CUDART_SQRT_2PI_LO);
    SHOW(CUDART_SQRT_2_OVER_PI_F);
    SHOW(CUDART_SQRT_HALF);
    SHOW(CUDART_SQRT_HALF_F);
    SHOW(CUDART_SQRT_HALF_HI);
    SHOW(CUDART_SQRT_HALF_HI_F);
    SHOW(CUDART_SQRT_HALF_LO);
    SHOW(CUDART_SQRT_HALF_LO_F);
    SHOW(CUDART_SQRT_PIO2);
    SHOW(CUDART_SQRT_PIO2_HI);
    SHOW(CUDART_SQRT_PIO2_LO);
    SHOW(CUDART_SQRT_TWO);
    SHOW(CUDART_SQRT_TWO_F);
    SHOW(CUDART_THIRD);
    SHOW(CUDART_THIRD_F);
    SHOW(CUDART_TRIG_PLOSS);
    SHOW(CUDART_TRIG_PLOSS_F);
    SHOW(CUDART_TWOTHIRD);
    SHOW(CUDART_TWO_TO_126_F);
    SHOW(CUDART_TWO_TO_23);
    SHOW(CUDART_TWO_TO_23_F);
    SHOW(CUDART_TWO_TO_24_F);
    SHOW(CUDART_TWO_TO_31_F);
    SHOW(CUDART_TWO_TO_32_F);
    SHOW(CUDART_TWO_TO_52);
    SHOW(CUDART_TWO_TO_53);
    SHOW(CUDART_TWO_TO_54);
    SHOW(CUDART_TWO_TO_M1022);
    SHOW(CUDART_TWO_TO_M126_F);
    SHOW(CUDART_TWO_TO_M54);
    SHOW(CUDART_ZERO);
    SHOW(CUDART_ZERO_F);
    unsigned* f = nullptr;
    unsigned long long* d = nullptr;
    cudaMalloc(&f, kFloats * sizeof(unsigned));
    cudaMalloc(&d, kDoubles * sizeof(unsigned long long));
    special_values<<<1, 1>>>(f, d);
    unsigned hf[kFloats] = {};
    unsigned long long hd[kDoubles] = {};
    cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
    for (int i = 0; i < kFloats; ++i) std::printf("%-24s bits %08x\n", kFloatNames[i], hf[i]);
    for (int i = 0; i < kDoubles; ++i) std::printf("%-24s bits %016llx\n", kDoubleNames[i], hd[i]);
    cudaFree(f);
    cudaFree(d);
    return 0;
}

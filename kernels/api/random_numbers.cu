// cuRAND's device API (curand_kernel.h): the first draws of the XORWOW,
// Philox4_32_10 and MRG32k3a generators for several (seed, subsequence,
// offset) triples, large ones included, in each distribution, printed so
// that a GPU's output and simt's can be diffed line by line (nvcc
// -arch=sm_90 builds it unchanged).
//
// Exact lines (hex: raw 32-bit draws, the bit patterns of floats and
// doubles, Poisson counts): curand, curand4, the uniforms, the Poisson
// draws, the integer draws around cached normals (they show how many raw
// draws each normal took), explicit skips, and per-thread states initialised
// in a kernel with curand_init(seed, tid, 0, &states[tid]).
//
// Checked lines: the normals and log-normals go through logf, expf and the
// GPU's approximate __sincosf, so no two implementations agree bit for bit;
// each is compared on the host with a reference computed in long double from
// the same raw draws (taken from a copy of the state), within a bound far
// above the GPU's approximation error and far below the gap a wrong draw or
// transform would leave. One line per generator and function says how many
// passed; a failure prints its own line. Run with --hex to print them too.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <curand_kernel.h>

typedef unsigned long long u64;

struct Case {
    u64 seed, subsequence, offset;
};

const Case cases[] = {
    {0ull, 0ull, 0ull},
    {1234ull, 0ull, 0ull},
    {1234ull, 1ull, 0ull},
    {1234ull, 1000ull, 0ull},
    {1234ull, 123456ull, 0ull},
    {1234ull, 0ull, 123456789ull},
    {0xdeadbeefcafef00dull, 7ull, 3ull},
    {42ull, (1ull << 51) + 5ull, (1ull << 40) + 1ull},
    {42ull, 0xfedcba9876543210ull, 0xffffffff00000005ull},
    {0xffffffffffffffffull, 0xffffffffffffffffull, 0xffffffffffffffffull},
};
const int case_count = int(sizeof cases / sizeof cases[0]);

const float log_mean = 0.5f, log_stddev = 1.5f;
const double log_mean_double = -1.0, log_stddev_double = 0.25;

// What one thread draws for one case; each group from a fresh state.
struct Draws {
    unsigned int raw[16];  // curand (MRG32k3a: its output r) from a copy, for the references
    unsigned int bits[8];
    unsigned int uniform[8];
    u64 uniform_double[4];
    unsigned int poisson_small[8], poisson_middle[4], poisson_large[4];
    unsigned int around_normals[6];  // curand between cached normals
    unsigned int skips[4];
    float normal[8];
    float normal2[4];
    double normal_double[4];
    double normal2_double[2];
    float log_normal[4];
    float log_normal2[2];
    double log_normal_double[2];
    // Philox only
    unsigned int quad[8];
    unsigned int uniform4[8];
    u64 uniform2_double[4];
    unsigned int poisson4[4];
    float normal4[4];
    float log_normal4[4];
};

__device__ unsigned int raw_draw(curandStateXORWOW_t* s) { return curand(s); }
__device__ unsigned int raw_draw(curandStatePhilox4_32_10_t* s) { return curand(s); }
__device__ unsigned int raw_draw(curandStateMRG32k3a_t* s) { return (unsigned int)curand_MRG32k3a(s); }

template <class State>
__device__ void draw_common(const Case& c, Draws& d) {
    State s;
    curand_init(c.seed, c.subsequence, c.offset, &s);
    State t = s;
    for (int i = 0; i < 16; ++i) d.raw[i] = raw_draw(&t);
    t = s;
    for (int i = 0; i < 8; ++i) d.bits[i] = curand(&t);
    t = s;
    for (int i = 0; i < 8; ++i) d.uniform[i] = __float_as_uint(curand_uniform(&t));
    t = s;
    for (int i = 0; i < 4; ++i) d.uniform_double[i] = (u64)__double_as_longlong(curand_uniform_double(&t));
    t = s;
    for (int i = 0; i < 8; ++i) d.poisson_small[i] = curand_poisson(&t, 3.5);
    t = s;
    for (int i = 0; i < 4; ++i) d.poisson_middle[i] = curand_poisson(&t, 100.0);
    t = s;
    for (int i = 0; i < 4; ++i) d.poisson_large[i] = curand_poisson(&t, 5000.0);
    t = s;
    for (int i = 0; i < 8; ++i) d.normal[i] = curand_normal(&t);
    t = s;
    for (int i = 0; i < 2; ++i) {
        const float2 v = curand_normal2(&t);
        d.normal2[2 * i] = v.x;
        d.normal2[2 * i + 1] = v.y;
    }
    t = s;
    for (int i = 0; i < 4; ++i) d.normal_double[i] = curand_normal_double(&t);
    t = s;
    const double2 nd = curand_normal2_double(&t);
    d.normal2_double[0] = nd.x;
    d.normal2_double[1] = nd.y;
    t = s;
    for (int i = 0; i < 4; ++i) d.log_normal[i] = curand_log_normal(&t, log_mean, log_stddev);
    t = s;
    const float2 ln = curand_log_normal2(&t, log_mean, log_stddev);
    d.log_normal2[0] = ln.x;
    d.log_normal2[1] = ln.y;
    t = s;
    for (int i = 0; i < 2; ++i)
        d.log_normal_double[i] = curand_log_normal_double(&t, log_mean_double, log_stddev_double);
    // The cache: a normal computes a pair, the next normal returns its
    // second half without drawing; a log-normal discards a cached normal.
    t = s;
    curand_normal(&t);
    d.around_normals[0] = curand(&t);
    curand_normal(&t);
    d.around_normals[1] = curand(&t);
    curand_normal(&t);
    curand_log_normal(&t, 0.0f, 1.0f);
    d.around_normals[2] = curand(&t);
    curand_normal_double(&t);
    d.around_normals[3] = curand(&t);
    curand_normal_double(&t);
    curand_normal(&t);
    d.around_normals[4] = curand(&t);
    curand_log_normal_double(&t, 0.0, 1.0);
    curand_normal_double(&t);
    d.around_normals[5] = curand(&t);
}

__device__ void draw_skips(curandStateXORWOW_t* s, Draws& d) {
    skipahead(5ull, s);
    skipahead_sequence(3ull, s);
    skipahead((1ull << 40) + 7ull, s);
    for (int i = 0; i < 4; ++i) d.skips[i] = curand(s);
}
__device__ void draw_skips(curandStatePhilox4_32_10_t* s, Draws& d) {
    skipahead(5ull, s);
    skipahead_sequence(3ull, s);
    skipahead((1ull << 40) + 7ull, s);
    for (int i = 0; i < 4; ++i) d.skips[i] = curand(s);
}
__device__ void draw_skips(curandStateMRG32k3a_t* s, Draws& d) {
    skipahead(5ull, s);
    skipahead_subsequence(3ull, s);
    skipahead_sequence(2ull, s);
    skipahead((1ull << 40) + 7ull, s);
    for (int i = 0; i < 4; ++i) d.skips[i] = curand(s);
}

template <class State>
__device__ void draw_case(const Case& c, Draws& d) {
    draw_common<State>(c, d);
    State s;
    curand_init(77ull, 0ull, 0ull, &s);
    draw_skips(&s, d);
}

__global__ void xorwow_kernel(const Case* cs, Draws* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) draw_case<curandStateXORWOW_t>(cs[i], out[i]);
}
// MRG32k3a's subsequences are valid up to 2^51 (cuRAND's documentation);
// from 2^56 on, the GPU reads past the end of cuRAND's table of jump
// matrices (the run of this program with the unmasked cases never ended).
__global__ void mrg_kernel(const Case* cs, Draws* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Case c = cs[i];
    c.subsequence &= (1ull << 51) - 1;
    draw_case<curandStateMRG32k3a_t>(c, out[i]);
}
__global__ void philox_kernel(const Case* cs, Draws* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Draws& d = out[i];
    draw_case<curandStatePhilox4_32_10_t>(cs[i], d);
    curandStatePhilox4_32_10_t s;
    curand_init(cs[i].seed, cs[i].subsequence, cs[i].offset, &s);
    curandStatePhilox4_32_10_t t = s;
    // curand4 from position 0, then from position 1 (spanning two blocks).
    uint4 q = curand4(&t);
    d.quad[0] = q.x, d.quad[1] = q.y, d.quad[2] = q.z, d.quad[3] = q.w;
    t = s;
    curand(&t);
    q = curand4(&t);
    d.quad[4] = q.x, d.quad[5] = q.y, d.quad[6] = q.z, d.quad[7] = q.w;
    t = s;
    for (int k = 0; k < 2; ++k) {
        const float4 u = curand_uniform4(&t);
        d.uniform4[4 * k] = __float_as_uint(u.x);
        d.uniform4[4 * k + 1] = __float_as_uint(u.y);
        d.uniform4[4 * k + 2] = __float_as_uint(u.z);
        d.uniform4[4 * k + 3] = __float_as_uint(u.w);
    }
    t = s;
    for (int k = 0; k < 2; ++k) {
        const double2 u = curand_uniform2_double(&t);
        d.uniform2_double[2 * k] = (u64)__double_as_longlong(u.x);
        d.uniform2_double[2 * k + 1] = (u64)__double_as_longlong(u.y);
    }
    t = s;
    const uint4 p = curand_poisson4(&t, 20.0);
    d.poisson4[0] = p.x, d.poisson4[1] = p.y, d.poisson4[2] = p.z, d.poisson4[3] = p.w;
    t = s;
    const float4 n4 = curand_normal4(&t);
    d.normal4[0] = n4.x, d.normal4[1] = n4.y, d.normal4[2] = n4.z, d.normal4[3] = n4.w;
    t = s;
    const float4 l4 = curand_log_normal4(&t, log_mean, log_stddev);
    d.log_normal4[0] = l4.x, d.log_normal4[1] = l4.y, d.log_normal4[2] = l4.z, d.log_normal4[3] = l4.w;
}

// ------------------------------------------------- per-thread states
// The common pattern: one state per thread in global memory, initialised in
// one kernel, loaded, used and stored back in the next.
const int threads = 256;
const int values_per_thread = 4;

template <class State>
__device__ void init_one(State* states, u64 seed) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, tid, 0, &states[tid]);
}
template <class State>
__device__ void use_one(State* states, unsigned int* out) {
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    State local = states[tid];
    out[values_per_thread * tid] = curand(&local);
    out[values_per_thread * tid + 1] = __float_as_uint(curand_uniform(&local));
    const u64 u = (u64)__double_as_longlong(curand_uniform_double(&local));
    out[values_per_thread * tid + 2] = (unsigned int)u;
    out[values_per_thread * tid + 3] = (unsigned int)(u >> 32);
    states[tid] = local;
}
__global__ void init_xorwow(curandState* s, u64 seed) { init_one(s, seed); }
__global__ void init_philox(curandStatePhilox4_32_10_t* s, u64 seed) { init_one(s, seed); }
__global__ void init_mrg(curandStateMRG32k3a_t* s, u64 seed) { init_one(s, seed); }
__global__ void use_xorwow(curandState* s, unsigned int* out) { use_one(s, out); }
__global__ void use_philox(curandStatePhilox4_32_10_t* s, unsigned int* out) { use_one(s, out); }
__global__ void use_mrg(curandStateMRG32k3a_t* s, unsigned int* out) { use_one(s, out); }

// ------------------------------------------------------------- printing
bool print_hex = false;

void print_u32(const char* gen, int c, const char* what, const unsigned int* v, int n) {
    std::printf("%s case %d %s:", gen, c, what);
    for (int i = 0; i < n; ++i) std::printf(" %08x", v[i]);
    std::printf("\n");
}
void print_u64(const char* gen, int c, const char* what, const u64* v, int n) {
    std::printf("%s case %d %s:", gen, c, what);
    for (int i = 0; i < n; ++i) std::printf(" %016llx", v[i]);
    std::printf("\n");
}

// ------------------------------------------------------------ references
// The Box-Muller pairs the draws should be, from the raw draws, in long
// double: (r sin t, r cos t), r = sqrt(-2 ln u).
typedef long double real;
const real pi = 3.141592653589793238462643383279502884L;
const float two_pi_float = 6.2831855f;
const double mrg_norm = 2.3283065498378288e-10;

struct Pair {
    real x, y;
};
Pair polar(real u, real angle) {
    const real r = std::sqrt(-2 * std::log(u));
    return Pair{r * std::sin(angle), r * std::cos(angle)};
}
u64 bits53(unsigned int lo, unsigned int hi) { return (u64)lo ^ ((u64)hi << 21); }

// gen: 0 XORWOW, 1 Philox (Box-Muller on two 32-bit draws), 2 MRG32k3a (on
// two float uniforms); k counts pairs from the start of the raw draws.
Pair float_pair(int gen, const unsigned int* raw, int k) {
    const unsigned int a = raw[2 * k], b = raw[2 * k + 1];
    if (gen == 2) {
        const float u = (float)(a * mrg_norm);
        const float angle = (float)(b * mrg_norm) * two_pi_float;
        return polar(u, angle);
    }
    // As cuRAND computes u and the angle, in float (the fma nvcc makes).
    const float u = (float)a * 2.3283064e-10f + 1.1641532e-10f;
    const float step = 2.3283064e-10f * two_pi_float;
    const float angle = std::fmaf((float)b, step, step / 2);
    return polar(u, angle);
}
// Doubles: XORWOW and Philox take four draws (53 bits each for u and v),
// MRG32k3a two of its double uniforms.
Pair double_pair(int gen, const unsigned int* raw, int k) {
    if (gen == 2) return polar(raw[2 * k] * (real)mrg_norm, pi * (real)(raw[2 * k + 1] * mrg_norm * 2.0));
    const unsigned int* r = raw + 4 * k;
    const real u = (real)bits53(r[0], r[1]) * 0x1p-53L + 0x1p-54L;
    const real v = (real)bits53(r[2], r[3]) * 0x1p-52L + 0x1p-53L;
    return polar(u, pi * v);
}
real first_or_second(const Pair& p, int i) { return i % 2 == 0 ? p.x : p.y; }

struct Tally {
    const char* gen;
    int passed = 0, total = 0;
    // |got - want| <= bound * max(1, |want|)
    void check(const char* what, int c, int i, double got, real want, real bound) {
        ++total;
        const real scale = std::fabs(want) > 1 ? std::fabs(want) : 1;
        if (std::fabs((real)got - want) <= bound * scale) {
            ++passed;
            return;
        }
        std::printf("%s case %d %s[%d]: %.9g, the reference is %.9Lg\n", gen, c, what, i, got, want);
    }
};

void print_case(int gen, const char* name, int c, const Draws& d, Tally& t) {
    print_u32(name, c, "curand", d.bits, 8);
    print_u32(name, c, "curand_uniform", d.uniform, 8);
    print_u64(name, c, "curand_uniform_double", d.uniform_double, 4);
    print_u32(name, c, "curand_poisson(3.5)", d.poisson_small, 8);
    print_u32(name, c, "curand_poisson(100)", d.poisson_middle, 4);
    print_u32(name, c, "curand_poisson(5000)", d.poisson_large, 4);
    print_u32(name, c, "curand between normals", d.around_normals, 6);
    if (gen == 1) {
        print_u32(name, c, "curand4", d.quad, 8);
        print_u32(name, c, "curand_uniform4", d.uniform4, 8);
        print_u64(name, c, "curand_uniform2_double", d.uniform2_double, 4);
        print_u32(name, c, "curand_poisson4(20)", d.poisson4, 4);
    }
    // Bounds: floats 2^-16 (the GPU's __sincosf is within about 2^-21 of
    // the sine, times r < 7), log-normals 2^-14 relative; doubles 2^-40.
    const real fb = 0x1p-16L, lb = 0x1p-14L, db = 0x1p-40L;
    for (int i = 0; i < 8; ++i)
        t.check("curand_normal", c, i, d.normal[i], first_or_second(float_pair(gen, d.raw, i / 2), i), fb);
    for (int i = 0; i < 4; ++i)
        t.check("curand_normal2", c, i, d.normal2[i], first_or_second(float_pair(gen, d.raw, i / 2), i), fb);
    for (int i = 0; i < 4; ++i) {
        const real want = first_or_second(double_pair(gen, d.raw, i / 2), i);
        t.check("curand_normal_double", c, i, d.normal_double[i], want, db);
    }
    for (int i = 0; i < 2; ++i)
        t.check("curand_normal2_double", c, i, d.normal2_double[i], first_or_second(double_pair(gen, d.raw, 0), i), db);
    for (int i = 0; i < 4; ++i) {
        const real n = first_or_second(float_pair(gen, d.raw, i / 2), i);
        t.check("curand_log_normal", c, i, d.log_normal[i], std::exp(log_mean + log_stddev * n), lb);
        if (i < 2) t.check("curand_log_normal2", c, i, d.log_normal2[i], std::exp(log_mean + log_stddev * n), lb);
    }
    for (int i = 0; i < 2; ++i) {
        const real n = first_or_second(double_pair(gen, d.raw, 0), i);
        t.check("curand_log_normal_double", c, i, d.log_normal_double[i],
                std::exp(log_mean_double + log_stddev_double * n), db);
    }
    if (gen == 1)
        for (int i = 0; i < 4; ++i) {
            const real n = first_or_second(float_pair(gen, d.raw, i / 2), i);
            t.check("curand_normal4", c, i, d.normal4[i], n, fb);
            t.check("curand_log_normal4", c, i, d.log_normal4[i], std::exp(log_mean + log_stddev * n), lb);
        }
    if (print_hex) {
        unsigned int f[8];
        u64 g[4];
        for (int i = 0; i < 8; ++i) std::memcpy(&f[i], &d.normal[i], 4);
        print_u32(name, c, "hex curand_normal", f, 8);
        for (int i = 0; i < 4; ++i) std::memcpy(&g[i], &d.normal_double[i], 8);
        print_u64(name, c, "hex curand_normal_double", g, 4);
        for (int i = 0; i < 4; ++i) std::memcpy(&f[i], &d.log_normal[i], 4);
        print_u32(name, c, "hex curand_log_normal", f, 4);
        for (int i = 0; i < 2; ++i) std::memcpy(&g[i], &d.log_normal_double[i], 8);
        print_u64(name, c, "hex curand_log_normal_double", g, 2);
        for (int i = 0; i < 2; ++i) std::memcpy(&g[i], &d.normal2_double[i], 8);
        print_u64(name, c, "hex curand_normal2_double", g, 2);
        print_u32(name, c, "hex raw", d.raw, 16);
    }
}

template <class State>
void run_per_thread(const char* name, void (*init)(State*, u64), void (*use)(State*, unsigned int*)) {
    State* states = nullptr;
    unsigned int* out = nullptr;
    cudaMalloc(&states, threads * sizeof(State));
    cudaMalloc(&out, threads * values_per_thread * sizeof(unsigned int));
    init<<<threads / 128, 128>>>(states, 2026ull);
    use<<<threads / 128, 128>>>(states, out);
    use<<<threads / 128, 128>>>(states, out);  // the second draws: states were stored back
    unsigned int host[threads * values_per_thread];
    cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
    u64 hash = 0xcbf29ce484222325ull;  // FNV-1a over every value
    for (int i = 0; i < threads * values_per_thread; ++i) hash = (hash ^ host[i]) * 0x100000001b3ull;
    const int shown[] = {0, 1, 2, 31, 32, 127, 128, 255};
    std::printf("%s per-thread states (seed 2026, subsequence = thread), second draws:", name);
    for (int tid : shown)
        std::printf(" %d:%08x,%08x,%08x%08x", tid, host[values_per_thread * tid], host[values_per_thread * tid + 1],
                    host[values_per_thread * tid + 3], host[values_per_thread * tid + 2]);
    std::printf(" all:%016llx\n", hash);
    cudaFree(states);
    cudaFree(out);
}

int main(int argc, char** argv) {
    print_hex = argc > 1 && std::strcmp(argv[1], "--hex") == 0;
    for (int i = 0; i < case_count; ++i)
        std::printf("case %d: seed %016llx subsequence %016llx offset %016llx\n", i, cases[i].seed,
                    cases[i].subsequence, cases[i].offset);
    std::printf("(mrg32k3a takes the subsequence mod 2^51)\n");
    Case* cs = nullptr;
    Draws* out = nullptr;
    cudaMalloc(&cs, sizeof cases);
    cudaMalloc(&out, case_count * sizeof(Draws));
    cudaMemcpy(cs, cases, sizeof cases, cudaMemcpyHostToDevice);
    static Draws host[case_count];
    const char* names[] = {"xorwow", "philox", "mrg32k3a"};
    int failed = 0;
    for (int gen = 0; gen < 3; ++gen) {
        cudaMemset(out, 0, case_count * sizeof(Draws));
        if (gen == 0) xorwow_kernel<<<1, case_count>>>(cs, out, case_count);
        if (gen == 1) philox_kernel<<<1, case_count>>>(cs, out, case_count);
        if (gen == 2) mrg_kernel<<<1, case_count>>>(cs, out, case_count);
        cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
        Tally t;
        t.gen = names[gen];
        for (int c = 0; c < case_count; ++c) print_case(gen, names[gen], c, host[c], t);
        std::printf("%s skips from seed 77:", names[gen]);
        for (int i = 0; i < 4; ++i) std::printf(" %08x", host[0].skips[i]);
        std::printf("\n%s normals and log-normals: %d of %d within bounds of the reference\n", names[gen], t.passed,
                    t.total);
        failed += t.total - t.passed;
    }
    run_per_thread<curandStateXORWOW_t>("xorwow", init_xorwow, use_xorwow);
    run_per_thread<curandStatePhilox4_32_10_t>("philox", init_philox, use_philox);
    run_per_thread<curandStateMRG32k3a_t>("mrg32k3a", init_mrg, use_mrg);
    cudaFree(cs);
    cudaFree(out);
    const cudaError_t err = cudaGetLastError();
    std::printf("errors: %s, reference failures: %d\n", cudaGetErrorName(err), failed);
    return err == cudaSuccess && failed == 0 ? 0 : 1;
}

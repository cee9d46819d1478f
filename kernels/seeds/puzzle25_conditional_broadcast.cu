// Seed 001 "Warp Communication" (Puzzle 25), broadcast example 2: conditional
// broadcast. Lane 0 finds the maximum of the first 8 elements of its block and
// broadcasts it with __shfl_sync(..., 0); each lane doubles its element when it
// is >= max/2 and halves it otherwise. Input repeats [3, 1, 7, 2, 9, 4, 6, 8].
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        cudaError_t err_ = (call);                                              \
        if (err_ != cudaSuccess) {                                              \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,            \
                         cudaGetErrorString(err_));                             \
            std::exit(1);                                                       \
        }                                                                       \
    } while (0)

constexpr int WARP_SIZE = 32;
constexpr unsigned FULL_MASK = 0xffffffffu;

// Formats a float32 like Mojo/Python print it: the shortest decimal that
// reads back as the same float32, in positional notation, with ".0" on
// integral values.
static std::string format_float32(float value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    char buf[64];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*e", digits - 1, value);
        if (std::strtof(buf, nullptr) == value) break;
    }
    // buf holds [-]d[.ddd]e[+-]XX; split into sign, digits and exponent.
    std::string text(buf);
    std::string sign;
    if (text[0] == '-') { sign = "-"; text.erase(0, 1); }
    const size_t e = text.find('e');
    const int exponent = std::atoi(text.c_str() + e + 1);
    std::string mantissa;
    for (size_t i = 0; i < e; ++i)
        if (text[i] != '.') mantissa += text[i];
    while (mantissa.size() > 1 && mantissa.back() == '0') mantissa.pop_back();
    if (exponent < -4 || exponent >= 16) {
        std::string out = sign + mantissa.substr(0, 1);
        if (mantissa.size() > 1) out += "." + mantissa.substr(1);
        char exp_text[16];
        std::snprintf(exp_text, sizeof exp_text, "e%+03d", exponent);
        return out + exp_text;
    }
    std::string int_part, frac_part;
    if (exponent < 0) {
        int_part = "0";
        frac_part = std::string(-exponent - 1, '0') + mantissa;
    } else if (static_cast<int>(mantissa.size()) <= exponent + 1) {
        int_part = mantissa + std::string(exponent + 1 - mantissa.size(), '0');
        frac_part = "0";
    } else {
        int_part = mantissa.substr(0, exponent + 1);
        frac_part = mantissa.substr(exponent + 1);
    }
    return sign + int_part + "." + frac_part;
}

static void print_output(const float* values, int n) {
    std::string line = "output: [";
    for (int i = 0; i < n; ++i) {
        if (i > 0) line += ", ";
        line += format_float32(values[i]);
    }
    line += "]";
    std::printf("%s\n", line.c_str());
}

constexpr int SIZE = WARP_SIZE;

__global__ void conditional_broadcast(const float* input, float* output, int size) {
    const int global_i = blockDim.x * blockIdx.x + threadIdx.x;
    const int lane = threadIdx.x % WARP_SIZE;
    float decision_value = 0.0f;
    if (lane == 0) {
        const int block_start = blockIdx.x * blockDim.x;
        if (block_start < size) {
            decision_value = input[block_start];
            int limit = size - block_start;
            if (limit > WARP_SIZE) limit = WARP_SIZE;
            if (limit > 8) limit = 8;
            for (int i = 1; i < limit; ++i) {
                const float v = input[block_start + i];
                if (v > decision_value) decision_value = v;
            }
        }
    }
    decision_value = __shfl_sync(FULL_MASK, decision_value, 0);
    if (global_i < size) {
        const float current = input[global_i];
        const float threshold = decision_value / 2.0f;
        if (current >= threshold)
            output[global_i] = current * 2.0f;
        else
            output[global_i] = current / 2.0f;
    }
}

int main() {
    const float pattern[8] = {3.0f, 1.0f, 7.0f, 2.0f, 9.0f, 4.0f, 6.0f, 8.0f};
    float host_in[SIZE], host_out[SIZE];
    for (int i = 0; i < SIZE; ++i) host_in[i] = pattern[i % 8];
    float *d_in = nullptr, *d_out = nullptr;
    CUDA_CHECK(cudaMalloc(&d_in, sizeof host_in));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof host_out));
    CUDA_CHECK(cudaMemcpy(d_in, host_in, sizeof host_in, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0, sizeof host_out));
    conditional_broadcast<<<1, WARP_SIZE>>>(d_in, d_out, SIZE);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(host_out, d_out, sizeof host_out, cudaMemcpyDeviceToHost));
    print_output(host_out, SIZE);
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return 0;
}

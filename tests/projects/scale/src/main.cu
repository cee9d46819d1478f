// Scales 0, 1, ..., N-1 on the device and sums them in another file.
#include <vector>

#include <scale.cuh>
#include "reduce.h"
#include "report.h"

struct Problem {
    Problem() = default;  // C++20 makes this no aggregate: `Problem p{N, 2.0f}` needs C++17, nvcc's default
    int n;
    float factor;
};

int main() {
    const Problem p{N, 2.0f};
    std::vector<float> host(p.n);
    for (int i = 0; i < p.n; ++i) host[i] = float(i);
    float *x = nullptr;
    cudaMalloc(&x, p.n * sizeof(float));
    cudaMemcpy(x, host.data(), p.n * sizeof(float), cudaMemcpyHostToDevice);
    launch_scale(x, p.factor, p.n);
    report(sum_on_device(x, p.n));
    cudaFree(x);
    return 0;
}

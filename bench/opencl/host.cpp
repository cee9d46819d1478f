// Generic OpenCL host for the benchmark workloads, run under Oclgrind by
// bench/run-suite.sh:   oclgrind [--data-races] ./host <workload> <size> <reps> [cl_dir]
// <workload> is the stem of a kernel file in cl_dir (default bench/opencl), e.g.
// w1_tree_reduction. It builds the kernel (not timed), runs it reps times timing
// each clEnqueueNDRangeKernel + clFinish, times the same serial C++ loop as the
// CUDA version (median of reps), checks the result and prints one line:
//   name=W1 size=262144 kernel_ms=<median> serial_ms=<median> ok=1
// Build: g++ -O2 -std=c++17 host.cpp -o host -lOpenCL
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

void check(cl_int err, const char* what) {
    if (err != CL_SUCCESS) {
        std::fprintf(stderr, "host: %s failed: OpenCL error %d\n", what, err);
        std::exit(3);
    }
}

struct Cl {
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    cl_program program = nullptr;

    cl_mem buffer(size_t bytes, const void* init = nullptr) {
        cl_int err;
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                                  const_cast<void*>(init), &err);
        check(err, "clCreateBuffer");
        return m;
    }
    void write(cl_mem m, size_t bytes, const void* data) {
        check(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, bytes, data, 0, nullptr, nullptr), "clEnqueueWriteBuffer");
    }
    void read(cl_mem m, size_t bytes, void* out) {
        check(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, bytes, out, 0, nullptr, nullptr), "clEnqueueReadBuffer");
    }
    cl_kernel kernel(const char* name) {
        cl_int err;
        cl_kernel k = clCreateKernel(program, name, &err);
        check(err, "clCreateKernel");
        return k;
    }
    // Median over reps of clEnqueueNDRangeKernel + clFinish; `before` (not timed)
    // runs ahead of each repetition.
    double budget_ms = 0;  // 0: no budget
    int runs = 0;
    double time_kernel(cl_kernel k, cl_uint dims, const size_t* global, const size_t* local, int reps,
                       const std::function<void()>& before = {}) {
        std::vector<double> t;
        double spent = 0;
        for (int r = 0; r < reps && !(budget_ms > 0 && spent >= budget_ms); ++r) {
            if (before) before();
            check(clFinish(queue), "clFinish");
            const auto start = Clock::now();
            check(clEnqueueNDRangeKernel(queue, k, dims, nullptr, global, local, 0, nullptr, nullptr),
                  "clEnqueueNDRangeKernel");
            check(clFinish(queue), "clFinish");
            t.push_back(ms_since(start));
            spent += t.back();
        }
        runs = int(t.size());
        return median(t);
    }
};

template <class T>
void arg(cl_kernel k, cl_uint index, const T& value) {
    check(clSetKernelArg(k, index, sizeof(T), &value), "clSetKernelArg");
}

double time_serial(int reps, const std::function<void()>& body) {
    std::vector<double> t;
    for (int r = 0; r < reps; ++r) {
        const auto start = Clock::now();
        body();
        t.push_back(ms_since(start));
    }
    return median(t);
}

struct Result {
    double kernel_ms = 0, serial_ms = 0;
    bool ok = false;
};

// ---- serial loops: the same as in bench/workloads/*.cu ----
constexpr int BLOCK = 256, TILE = 16, BINS = 256, PER_THREAD = 16;

__attribute__((noinline)) void serial_block_sums(const float* in, float* out, int blocks) {
    for (int b = 0; b < blocks; ++b) {
        float s = 0.0f;
        for (int i = 0; i < BLOCK; ++i) s += in[b * BLOCK + i];
        out[b] = s;
    }
}
__attribute__((noinline)) void serial_matmul(const float* a, const float* b, float* c, int n) {
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            float acc = 0.0f;
            for (int k = 0; k < n; ++k) acc += a[i * n + k] * b[k * n + j];
            c[i * n + j] = acc;
        }
}
__attribute__((noinline)) void serial_block_scans(const float* in, float* out, int blocks) {
    for (int b = 0; b < blocks; ++b) {
        float s = 0.0f;
        for (int i = 0; i < BLOCK; ++i) {
            s += in[b * BLOCK + i];
            out[b * BLOCK + i] = s;
        }
    }
}
__attribute__((noinline)) void serial_histogram(const unsigned* in, int n, unsigned* bins) {
    for (int b = 0; b < BINS; ++b) bins[b] = 0;
    for (int i = 0; i < n; ++i) ++bins[in[i] % BINS];
}
__attribute__((noinline)) void serial_axpy(float a, const float* x, float* y, int n) {
    for (int i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}

// ---- workloads ----
bool multiple_of(int n, int m) {
    if (n > 0 && n % m == 0) return true;
    std::fprintf(stderr, "host: size must be a positive multiple of %d\n", m);
    std::exit(2);
}

// W1 and W3: block sums of 256 floats (kernel names differ).
Result block_sums(Cl& cl, const char* kernel_name, int n, int reps) {
    multiple_of(n, BLOCK);
    const int blocks = n / BLOCK;
    std::vector<float> in(n), expected(blocks), got(blocks);
    for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 17);
    cl_mem d_in = cl.buffer(n * sizeof(float), in.data()), d_out = cl.buffer(blocks * sizeof(float));
    cl_kernel k = cl.kernel(kernel_name);
    arg(k, 0, d_in);
    arg(k, 1, d_out);
    const size_t global = n, local = BLOCK;
    Result r;
    r.kernel_ms = cl.time_kernel(k, 1, &global, &local, reps);
    r.serial_ms = time_serial(reps, [&] { serial_block_sums(in.data(), expected.data(), blocks); });
    cl.read(d_out, blocks * sizeof(float), got.data());
    r.ok = got == expected;
    return r;
}

Result w2(Cl& cl, int n, int reps) {
    multiple_of(n, TILE);
    const size_t elems = size_t(n) * n, bytes = elems * sizeof(float);
    std::vector<float> a(elems), b(elems), expected(elems), got(elems);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            a[i * n + j] = static_cast<float>((i + 2 * j) % 9) - 4.0f;
            b[i * n + j] = static_cast<float>((3 * i + j) % 7) - 3.0f;
        }
    cl_mem d_a = cl.buffer(bytes, a.data()), d_b = cl.buffer(bytes, b.data()), d_c = cl.buffer(bytes);
    cl_kernel k = cl.kernel("tiled_matmul");
    arg(k, 0, d_a);
    arg(k, 1, d_b);
    arg(k, 2, d_c);
    arg(k, 3, cl_int(n));
    const size_t global[2] = {size_t(n), size_t(n)}, local[2] = {TILE, TILE};
    Result r;
    r.kernel_ms = cl.time_kernel(k, 2, global, local, reps);
    r.serial_ms = time_serial(reps, [&] { serial_matmul(a.data(), b.data(), expected.data(), n); });
    cl.read(d_c, bytes, got.data());
    r.ok = got == expected;
    return r;
}

Result w4(Cl& cl, int n, int reps) {
    multiple_of(n, BLOCK);
    const int blocks = n / BLOCK;
    std::vector<float> in(n), expected(n), got(n);
    for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 13);
    cl_mem d_in = cl.buffer(n * sizeof(float), in.data()), d_out = cl.buffer(n * sizeof(float));
    cl_kernel k = cl.kernel("block_scan");
    arg(k, 0, d_in);
    arg(k, 1, d_out);
    const size_t global = n, local = BLOCK;
    Result r;
    r.kernel_ms = cl.time_kernel(k, 1, &global, &local, reps);
    r.serial_ms = time_serial(reps, [&] { serial_block_scans(in.data(), expected.data(), blocks); });
    cl.read(d_out, n * sizeof(float), got.data());
    r.ok = got == expected;
    return r;
}

Result w5(Cl& cl, int n, int reps) {
    multiple_of(n, BLOCK * PER_THREAD);
    std::vector<unsigned> in(n), expected(BINS), got(BINS), zeros(BINS, 0);
    for (int i = 0; i < n; ++i) in[i] = (static_cast<unsigned>(i) * 2654435761u) >> 20;
    cl_mem d_in = cl.buffer(n * sizeof(unsigned), in.data()), d_bins = cl.buffer(BINS * sizeof(unsigned));
    cl_kernel k = cl.kernel("histogram");
    arg(k, 0, d_in);
    arg(k, 1, cl_int(n));
    arg(k, 2, d_bins);
    const size_t global = n / PER_THREAD, local = BLOCK;
    Result r;
    r.kernel_ms = cl.time_kernel(k, 1, &global, &local, reps,
                                 [&] { cl.write(d_bins, BINS * sizeof(unsigned), zeros.data()); });
    r.serial_ms = time_serial(reps, [&] { serial_histogram(in.data(), n, expected.data()); });
    cl.read(d_bins, BINS * sizeof(unsigned), got.data());
    r.ok = got == expected;
    return r;
}

Result w6(Cl& cl, int n, int reps) {
    multiple_of(n, BLOCK * PER_THREAD);
    const float a = 2.0f;
    std::vector<float> x(n), y(n), got(n);
    for (int i = 0; i < n; ++i) {
        x[i] = static_cast<float>(i % 13) - 6.0f;
        y[i] = static_cast<float>(i % 7);
    }
    std::vector<float> expected = y;
    cl_mem d_x = cl.buffer(n * sizeof(float), x.data()), d_y = cl.buffer(n * sizeof(float), y.data());
    cl_kernel k = cl.kernel("axpy");
    arg(k, 0, a);
    arg(k, 1, d_x);
    arg(k, 2, d_y);
    arg(k, 3, cl_int(n));
    const size_t global = n / PER_THREAD, local = BLOCK;
    Result r;
    r.kernel_ms = cl.time_kernel(k, 1, &global, &local, reps);
    // The kernel ran cl.runs times (fewer than reps when the budget ran out), so
    // the expected result applies the serial loop that many times; the serial
    // loop is timed reps times on a scratch copy.
    std::vector<float> scratch = y;
    r.serial_ms = time_serial(reps, [&] { serial_axpy(a, x.data(), scratch.data(), n); });
    for (int k = 0; k < cl.runs; ++k) serial_axpy(a, x.data(), expected.data(), n);
    cl.read(d_y, n * sizeof(float), got.data());
    r.ok = got == expected;
    return r;
}

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "host: cannot read %s\n", path.c_str());
        std::exit(2);
    }
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s <workload> <size> <reps> [cl_dir]\n", argv[0]);
        return 2;
    }
    const std::string name = argv[1];
    const int size = std::atoi(argv[2]);
    const int reps = std::max(1, std::atoi(argv[3]));
    const std::string dir = argc > 4 ? argv[4] : "bench/opencl";

    Cl cl;
    cl.budget_ms = argc > 5 ? std::atof(argv[5]) : 0;
    cl_platform_id platform;
    check(clGetPlatformIDs(1, &platform, nullptr), "clGetPlatformIDs");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &cl.device, nullptr), "clGetDeviceIDs");
    cl_int err;
    cl.context = clCreateContext(nullptr, 1, &cl.device, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    cl.queue = clCreateCommandQueue(cl.context, cl.device, 0, &err);
    check(err, "clCreateCommandQueue");
    const std::string source = read_text(dir + "/" + name + ".cl");
    const char* text = source.c_str();
    cl.program = clCreateProgramWithSource(cl.context, 1, &text, nullptr, &err);
    check(err, "clCreateProgramWithSource");
    if (clBuildProgram(cl.program, 1, &cl.device, "", nullptr, nullptr) != CL_SUCCESS) {
        size_t len = 0;
        clGetProgramBuildInfo(cl.program, cl.device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &len);
        std::string log(len, '\0');
        clGetProgramBuildInfo(cl.program, cl.device, CL_PROGRAM_BUILD_LOG, len, log.data(), nullptr);
        std::fprintf(stderr, "host: %s.cl did not build:\n%s\n", name.c_str(), log.c_str());
        return 3;
    }

    Result r;
    if (name == "w1_tree_reduction") r = block_sums(cl, "tree_reduce", size, reps);
    else if (name == "w2_tiled_matmul") r = w2(cl, size, reps);
    else if (name == "w3_warp_shuffle_reduction") r = block_sums(cl, "shuffle_reduce", size, reps);
    else if (name == "w4_block_scan") r = w4(cl, size, reps);
    else if (name == "w5_histogram") r = w5(cl, size, reps);
    else if (name == "w6_axpy") r = w6(cl, size, reps);
    else {
        std::fprintf(stderr, "host: unknown workload %s\n", name.c_str());
        return 2;
    }
    std::string label = name.substr(0, name.find('_'));
    for (char& c : label) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::printf("name=%s size=%d kernel_ms=%.3f serial_ms=%.3f ok=%d runs=%d\n", label.c_str(), size, r.kernel_ms,
                r.serial_ms, r.ok ? 1 : 0, cl.runs);
    return r.ok ? 0 : 1;
}

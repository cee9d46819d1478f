// Thrust as programs use it: device_vector and device_ptr memory handed to
// kernels, the common algorithms on it, device_malloc, and cudaMalloc'd
// memory first written by a Thrust algorithm, then read by a kernel. It
// prints integers only, so that simt's output (Thrust's algorithms on the
// host, README "Thrust") can equal a GPU's (nvcc's Thrust, CUB kernels) line
// for line.
#include <cstdio>
#include <cuda_runtime.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_free.h>
#include <thrust/device_malloc.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/random.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/unique.h>

__global__ void scale(int* v, int n, int by) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] *= by;
}

__global__ void add(const int* a, const int* b, int* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}

struct square {
    __host__ __device__ int operator()(int x) const { return x * x; }
};
struct is_odd {
    __host__ __device__ bool operator()(int x) const { return (x & 1) != 0; }
};
struct mod_ten {
    __host__ __device__ int operator()(int x) const { return ((x % 10) + 10) % 10; }
};
struct weighted {
    __host__ __device__ int operator()(const thrust::tuple<int, int>& t) const {
        return thrust::get<0>(t) * 3 + thrust::get<1>(t);
    }
};
// The i-th draw of a fixed generator: the same numbers whichever element
// runs first.
struct draw {
    __host__ __device__ int operator()(unsigned i) const {
        thrust::default_random_engine rng(1234);
        rng.discard(i);
        thrust::uniform_int_distribution<int> dist(0, 999);
        return dist(rng);
    }
};

static void print(const char* what, const thrust::device_vector<int>& d) {
    const thrust::host_vector<int> h = d;
    const int n = int(h.size());
    long long sum = 0;
    for (int i = 0; i < n; ++i) sum += h[i];
    std::printf("%s: n=%d first=%d,%d,%d last=%d sum=%lld\n", what, n, h[0], h[1], h[2], h[n - 1], sum);
}

int main() {
    const int n = 1000;
    const int threads = 128, blocks = (n + threads - 1) / threads;
    thrust::host_vector<int> h(n);
    for (int i = 0; i < n; ++i) h[i] = (i * 7919 + 13) % 1000 - 500;

    thrust::device_vector<int> d = h;
    scale<<<blocks, threads>>>(thrust::raw_pointer_cast(d.data()), n, 3);
    std::printf("kernel on a device_vector: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    print("scaled", d);

    thrust::sort(d.begin(), d.end());
    print("sorted", d);
    std::printf("is_sorted %d\n", int(thrust::is_sorted(d.begin(), d.end())));

    thrust::device_vector<int> s(n);
    thrust::inclusive_scan(d.begin(), d.end(), s.begin());
    print("inclusive_scan", s);
    thrust::exclusive_scan(d.begin(), d.end(), s.begin(), 100);
    print("exclusive_scan", s);

    std::printf("reduce %d max %d\n", thrust::reduce(d.begin(), d.end()),
                thrust::reduce(d.begin(), d.end(), -1000000, thrust::maximum<int>()));
    std::printf("transform_reduce %d\n", thrust::transform_reduce(d.begin(), d.end(), square(), 0, thrust::plus<int>()));
    std::printf("count_if odd %d\n", int(thrust::count_if(d.begin(), d.end(), is_odd())));
    std::printf("min_element at %d, max_element at %d\n", int(thrust::min_element(d.begin(), d.end()) - d.begin()),
                int(thrust::max_element(d.begin(), d.end()) - d.begin()));
    std::printf("inner_product %d\n", thrust::inner_product(d.begin(), d.end(), d.begin(), 0));

    thrust::device_vector<int> squared(n);
    thrust::transform(d.begin(), d.end(), squared.begin(), square());
    print("transform", squared);

    // Keys with many ties: a GPU's sort of primitive keys is stable, as is simt's.
    thrust::device_vector<int> keys(n), values(n);
    thrust::transform(d.begin(), d.end(), keys.begin(), mod_ten());
    thrust::sequence(values.begin(), values.end());
    thrust::sort_by_key(keys.begin(), keys.end(), values.begin());
    print("sort_by_key keys", keys);
    print("sort_by_key values", values);

    thrust::device_vector<int> odd(n);
    const int odds = int(thrust::copy_if(d.begin(), d.end(), odd.begin(), is_odd()) - odd.begin());
    odd.resize(odds);
    print("copy_if", odd);

    thrust::device_vector<int> distinct = d;
    distinct.erase(thrust::unique(distinct.begin(), distinct.end()), distinct.end());
    print("unique", distinct);

    thrust::device_vector<int> zipped(n);
    thrust::transform(thrust::make_zip_iterator(thrust::make_tuple(d.begin(), values.begin())),
                      thrust::make_zip_iterator(thrust::make_tuple(d.end(), values.end())), zipped.begin(), weighted());
    print("zip", zipped);

    thrust::device_vector<int> random(n);
    thrust::transform(thrust::counting_iterator<unsigned>(0), thrust::counting_iterator<unsigned>(n), random.begin(),
                      draw());
    print("random", random);

    thrust::device_ptr<int> p = thrust::device_malloc<int>(n);
    thrust::sequence(p, p + n, 5);
    scale<<<blocks, threads>>>(thrust::raw_pointer_cast(p), n, 2);
    std::printf("device_malloc: %s, reduce %d\n", cudaGetErrorString(cudaDeviceSynchronize()), thrust::reduce(p, p + n));
    thrust::device_free(p);

    // cudaMalloc'd memory that a Thrust algorithm writes first: a kernel
    // then reads written memory, not uninitialised memory.
    int *a = nullptr, *out = nullptr;
    cudaMalloc(&a, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    thrust::fill(thrust::device_pointer_cast(a), thrust::device_pointer_cast(a) + n, 7);
    add<<<blocks, threads>>>(a, thrust::raw_pointer_cast(d.data()), out, n);
    int back[3] = {};
    cudaMemcpy(back, out + n - 3, sizeof(back), cudaMemcpyDeviceToHost);
    std::printf("fill then kernel: %d %d %d\n", back[0], back[1], back[2]);
    cudaFree(a);
    cudaFree(out);

    d.resize(2 * n, 1);
    print("resized", d);
    std::printf("done: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}

// Copies and fills CUDA 12 programs use beside cudaMemcpy: 2-D copies and
// fills on a stream, a 3-D fill of pitched memory, peer copies on the one
// device, and device initialisation; then the errors misuse gets (a peer
// device that does not exist, a 3-D fill past the end of the allocation).
#include <cstdio>

__global__ void total(const unsigned char* p, std::size_t pitch, int width, int rows, int* sum) {
    int s = 0;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < width; ++c) s += p[r * pitch + c];
    *sum = s;
}

int main() {
    printf("init %s, valid devices %s\n", cudaGetErrorName(cudaInitDevice(0, 0, 0)),
           cudaGetErrorName(cudaSetValidDevices(nullptr, 0)));
    cudaStream_t s;
    cudaStreamCreate(&s);
    unsigned char* pitched;
    std::size_t pitch = 0;
    cudaMallocPitch(reinterpret_cast<void**>(&pitched), &pitch, 16, 8);
    int* sum;
    cudaMallocManaged(&sum, sizeof(int));
    cudaMemset2DAsync(pitched, pitch, 1, 16, 8, s);  // 128 ones
    unsigned char host[4][16];
    for (auto& row : host)
        for (unsigned char& b : row) b = 2;
    cudaMemcpy2DAsync(pitched, pitch, host, 16, 16, 4, cudaMemcpyHostToDevice, s);  // rows 0-3 become twos
    cudaStreamSynchronize(s);
    total<<<1, 1>>>(pitched, pitch, 16, 8, sum);
    cudaDeviceSynchronize();
    printf("2-D async: pitch %zu, sum %d\n", pitch, *sum);

    // Three slices of 4 rows: fill 10 bytes of 3 rows in each slice.
    cudaPitchedPtr volume = make_cudaPitchedPtr(pitched, pitch, 16, 4);
    cudaMemset(pitched, 0, pitch * 8);
    cudaMemset3D(volume, 3, make_cudaExtent(10, 3, 2));
    total<<<1, 1>>>(pitched, pitch, 16, 8, sum);
    cudaDeviceSynchronize();
    printf("3-D fill: sum %d\n", *sum);

    int *a, *b;
    cudaMalloc(&a, 64);
    cudaMalloc(&b, 64);
    cudaMemset(a, 7, 64);
    printf("peer copy %s", cudaGetErrorName(cudaMemcpyPeer(b, 0, a, 0, 64)));
    printf(", async %s", cudaGetErrorName(cudaMemcpyPeerAsync(a, 0, b, 0, 64, s)));
    cudaStreamSynchronize(s);
    int back[16];
    cudaMemcpy(back, a, 64, cudaMemcpyDeviceToHost);
    printf(", a[15] = %#x\n", back[15]);

    // Misuse: a second device; three slices of four rows where the
    // allocation holds eight rows.
    printf("peer to device 1: %s\n", cudaGetErrorName(cudaMemcpyPeer(b, 1, a, 0, 64)));
    cudaGetLastError();
    printf("3-D fill of 3 slices: %s\n", cudaGetErrorName(cudaMemset3D(volume, 0, make_cudaExtent(16, 4, 3))));
    cudaGetLastError();
    cudaFree(pitched);
    cudaFree(sum);
    cudaFree(a);
    cudaFree(b);
    cudaStreamDestroy(s);
    return 0;
}

// Two processes share device memory through a CUDA IPC handle, as
// cuda-samples' simpleIPC does: the parent fills an allocation, starts itself
// again with the handle, the child adds 1000 to every element in a kernel
// through the opened handle and closes it, and the parent reads the result.
// Then the parent frees the memory and a third process opens the stale
// handle, which fails. Plain CUDA: it runs the same on a GPU.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

constexpr int kCount = 64;

__global__ void fill(int* p, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = i;
}
__global__ void add(int* p, int n, int v) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] += v;
}

std::string to_hex(const cudaIpcMemHandle_t& h) {
    std::string s;
    char byte[3];
    for (unsigned char c : h.reserved) {
        std::snprintf(byte, sizeof byte, "%02x", c);
        s += byte;
    }
    return s;
}
cudaIpcMemHandle_t from_hex(const char* s) {
    cudaIpcMemHandle_t h;
    for (int i = 0; i < CUDA_IPC_HANDLE_SIZE; ++i) {
        unsigned v = 0;
        std::sscanf(s + 2 * i, "%2x", &v);
        h.reserved[i] = char(v);
    }
    return h;
}

// This program again, as another process, with the handle; its exit status.
int run_child(const char* role, const cudaIpcMemHandle_t& h) {
    std::fflush(stdout);
    const std::string hex = to_hex(h);
    const pid_t pid = fork();
    if (pid == 0) {
        execl("/proc/self/exe", "ipc_processes", role, hex.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int child(const char* role, const char* hex) {
    int* p = nullptr;
    const cudaError_t opened = cudaIpcOpenMemHandle(reinterpret_cast<void**>(&p), from_hex(hex),
                                                    cudaIpcMemLazyEnablePeerAccess);
    std::printf("%s child: open %s\n", role, cudaGetErrorName(opened));
    if (opened != cudaSuccess) return 1;
    add<<<1, kCount>>>(p, kCount, 1000);
    std::printf("%s child: kernel %s\n", role, cudaGetErrorName(cudaDeviceSynchronize()));
    std::printf("%s child: close %s\n", role, cudaGetErrorName(cudaIpcCloseMemHandle(p)));
    return 0;
}

int main(int argc, char** argv) {
    if (argc == 3) return child(argv[1], argv[2]);
    int* data = nullptr;
    cudaMalloc(&data, kCount * sizeof(int));
    fill<<<1, kCount>>>(data, kCount);
    cudaIpcMemHandle_t handle;
    std::printf("parent: handle %s\n", cudaGetErrorName(cudaIpcGetMemHandle(&handle, data)));
    const int first = run_child("first", handle);
    int back[kCount] = {};
    cudaMemcpy(back, data, sizeof back, cudaMemcpyDeviceToHost);
    std::printf("parent: first child exited %d; data[0] %d, data[63] %d\n", first, back[0], back[kCount - 1]);
    cudaFree(data);
    const int second = run_child("stale", handle);
    std::printf("parent: stale child exited %d\n", second);
    return 0;
}

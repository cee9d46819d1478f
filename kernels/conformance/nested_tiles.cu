// A tile of a tile: meta_group_rank/size count the tiles of the parent tile.
// H100 (feature audit, sm_90): thread 37 of tiled_partition<4>(tile32) gives
// meta_group_rank()*100 + meta_group_size()*1000 = 8100.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void nested(unsigned* out) {
    auto tile32 = cg::tiled_partition<32>(cg::this_thread_block());
    auto tile4 = cg::tiled_partition<4>(tile32);
    out[threadIdx.x] = tile4.meta_group_rank() * 100 + tile4.meta_group_size() * 1000;
}

int main() {
    unsigned* out;
    cudaMallocManaged(&out, 64 * sizeof(unsigned));
    nested<<<1, 64>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    int wrong = 0;
    for (unsigned t = 0; t < 64; ++t) wrong += out[t] != t % 32 / 4 * 100 + 8000;
    printf("nested_tiles: %s, thread 37 -> %u, %d wrong\n", cudaGetErrorString(e), out[37], wrong);
    return wrong == 0 ? 0 : 1;
}

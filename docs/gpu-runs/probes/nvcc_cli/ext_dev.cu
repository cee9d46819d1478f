extern __device__ int helper(int);
__global__ void k(int *o) { o[0] = helper(1); }
int main() { return 0; }

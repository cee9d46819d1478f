// CUDA

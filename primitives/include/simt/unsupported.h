// CUDA features simt does not emulate yet: each name exists so that a
// program using it gets one clear message at its line instead of g++'s
// "not declared in this scope". The functions are templates whose body
// fails only when called. (Texture references, texture<T, dim, mode>, are
// not declared at all: CUDA 12 removed them, and a program may use the
// name `texture` for its own function, as nvcc allows.)
#pragma once

namespace simt::cuda::detail {
template <class...>
inline constexpr bool unsupported = false;
}  // namespace simt::cuda::detail

struct simt_graph;
struct simt_graph_exec;
typedef simt_graph* cudaGraph_t;
typedef simt_graph_exec* cudaGraphExec_t;

#define SIMT_UNSUPPORTED(name, what)                                                                       \
    template <class... A>                                                                                  \
    cudaError_t name(A...) {                                                                               \
        static_assert(::simt::cuda::detail::unsupported<A...>, "simt does not support " what " yet (" #name \
                                                               "): see README, What works");              \
        return cudaErrorUnknown;                                                                           \
    }
SIMT_UNSUPPORTED(cudaStreamBeginCapture, "CUDA graphs")
SIMT_UNSUPPORTED(cudaStreamEndCapture, "CUDA graphs")
SIMT_UNSUPPORTED(cudaGraphCreate, "CUDA graphs")
SIMT_UNSUPPORTED(cudaGraphInstantiate, "CUDA graphs")
SIMT_UNSUPPORTED(cudaGraphLaunch, "CUDA graphs")
SIMT_UNSUPPORTED(cudaGraphDestroy, "CUDA graphs")
SIMT_UNSUPPORTED(cudaGraphExecDestroy, "CUDA graphs")
#undef SIMT_UNSUPPORTED

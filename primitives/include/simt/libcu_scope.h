// What libcu++'s headers share: thread scopes and memory orders, in the
// namespaces CUDA code names them by (cuda::, cuda::std::).
//
// Scope: simt runs one device, so a scope never weakens an operation; every
// atomic is at least as strong as asked. What scope changes here is the
// fence a release carries (see libcu_atomic.h): a block-scoped release
// orders nothing for other blocks, so the race checker still reports data a
// thread_scope_block flag hands from one block to another.
#pragma once

#include <atomic>

namespace cuda {

// libcu++'s values (the PTX scopes, widest first).
enum thread_scope {
    thread_scope_system = 0,
    thread_scope_device = 1,
    thread_scope_block = 2,
    thread_scope_thread = 3,
};

namespace std {
using memory_order = ::std::memory_order;
inline constexpr memory_order memory_order_relaxed = ::std::memory_order_relaxed;
inline constexpr memory_order memory_order_consume = ::std::memory_order_consume;
inline constexpr memory_order memory_order_acquire = ::std::memory_order_acquire;
inline constexpr memory_order memory_order_release = ::std::memory_order_release;
inline constexpr memory_order memory_order_acq_rel = ::std::memory_order_acq_rel;
inline constexpr memory_order memory_order_seq_cst = ::std::memory_order_seq_cst;
}  // namespace std

using std::memory_order;
using std::memory_order_acq_rel;
using std::memory_order_acquire;
using std::memory_order_consume;
using std::memory_order_relaxed;
using std::memory_order_release;
using std::memory_order_seq_cst;

}  // namespace cuda

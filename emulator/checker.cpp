#include "emulator/checker.h"

#include <sstream>

namespace simt {

std::string describe(const ThreadId& i) {
    std::ostringstream s;
    s << "thread (" << i.thread.x << "," << i.thread.y << "," << i.thread.z << ") of block ("
      << i.block.x << "," << i.block.y << "," << i.block.z << ") (warp " << i.warp << ", lane "
      << i.lane << ")";
    return s.str();
}

// The defaults of the per-access hooks are out of line: seen where the
// engine calls them through the vtable, the compiler would test for them
// first and inline them (an event built, a frame) on every access.
void Checker::on_shared_access(const ThreadId& who, SharedAccess access, const void* pc, std::uintptr_t address) {
    on_access(shared_access_event(who, access, pc, address));
}

bool Checker::judged_global_access(const ThreadId&, GlobalAccess, const void*, std::uintptr_t) { return false; }

}  // namespace simt

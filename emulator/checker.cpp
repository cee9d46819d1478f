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

// Out of line: the entry points call it through the vtable in a tail call;
// seen there, the compiler would test for it and build its event inline,
// which needs a frame on every access.
void Checker::on_shared_access(const ThreadId& who, SharedAccess access, const void* pc, std::uintptr_t address) {
    on_access(AccessEvent{who, MemorySpace::Shared, access.kind, false, address, access.size, pc, access.offset});
}

}  // namespace simt

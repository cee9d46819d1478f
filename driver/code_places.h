// What the trace calls a code address: "kernel.cu:14", and for a place where
// a thread waited, the CUDA primitive written on that source line
// ("__syncthreads kernel.cu:14"). The emulator only knows it waited at "a
// barrier" or "a warp collective"; the source line says which call it was.
// Each address is symbolised once, after its launch, never on a fiber.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "emulator/checker.h"

namespace simt::driver {

class CodePlaces {
public:
    // "kernel.cu:14", or "0x..." without line information.
    const std::string& where(const void* pc);
    // "__syncthreads kernel.cu:14" for a thread that stopped there for `why`
    // (each asked once, then remembered);
    // the primitive falls back to "barrier", "warp collective" or
    // "convergence point" when the line names none (e.g. cooperative groups).
    std::string wait_name(StopReason why, const void* pc);

private:
    struct Place {
        std::string where;
        std::string line_text;  // the source line, "" when unreadable
    };
    const Place& place(const void* pc);
    const std::vector<std::string>& file_lines(const std::string& path);

    std::map<const void*, Place> places_;
    std::map<std::pair<StopReason, const void*>, std::string> wait_names_;
    std::map<std::string, std::vector<std::string>> files_;
};

// The first `__name(` call on a line that fits the reason a thread stopped
// there: a name containing "syncthreads" for a barrier, "__activemask" for a
// convergence point, "__syncwarp" or a "__..._sync" call for a warp
// collective; "" when there is none.
std::string primitive_on_line(const std::string& line, StopReason why);

}  // namespace simt::driver

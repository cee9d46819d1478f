#include "driver/code_places.h"

#include <cctype>
#include <fstream>

#include "emulator/symbolizer.h"

namespace simt::driver {
namespace {

bool fits(const std::string& name, StopReason why) {
    switch (why) {
        case StopReason::Barrier: return name.find("syncthreads") != std::string::npos;
        case StopReason::Convergence: return name == "__activemask";
        case StopReason::WarpCollective:
            return name == "__syncwarp" ||
                   (name.size() > 5 && name.compare(name.size() - 5, 5, "_sync") == 0);
        default: return false;
    }
}

const char* fallback(StopReason why) {
    switch (why) {
        case StopReason::Barrier: return "barrier";
        case StopReason::WarpCollective: return "warp collective";
        case StopReason::Convergence: return "convergence point";
        default: return "";
    }
}

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

}  // namespace

std::string primitive_on_line(const std::string& line, StopReason why) {
    for (std::size_t at = line.find("__"); at != std::string::npos; at = line.find("__", at + 1)) {
        if (at > 0 && identifier_char(line[at - 1])) continue;  // inside another name
        std::size_t end = at;
        while (end < line.size() && identifier_char(line[end])) ++end;
        std::size_t paren = end;
        while (paren < line.size() && line[paren] == ' ') ++paren;
        if (paren >= line.size() || line[paren] != '(') continue;
        const std::string name = line.substr(at, end - at);
        if (fits(name, why)) return name;
        at = end;
    }
    return "";
}

const std::vector<std::string>& CodePlaces::file_lines(const std::string& path) {
    auto [it, fresh] = files_.try_emplace(path);
    if (fresh) {
        std::ifstream in(path);
        for (std::string line; std::getline(in, line);) it->second.push_back(line);
    }
    return it->second;
}

const CodePlaces::Place& CodePlaces::place(const void* pc) {
    auto [it, fresh] = places_.try_emplace(pc);
    if (fresh) {
        it->second.where = describe(pc);
        const SourceLocation at = locate(pc);
        if (!at.file.empty() && at.line > 0) {
            const std::vector<std::string>& lines = file_lines(at.file);
            if (std::size_t(at.line) <= lines.size()) it->second.line_text = lines[std::size_t(at.line) - 1];
        }
    }
    return it->second;
}

const std::string& CodePlaces::where(const void* pc) { return place(pc).where; }

std::string CodePlaces::wait_name(StopReason why, const void* pc) {
    auto [it, fresh] = wait_names_.try_emplace({why, pc});
    if (fresh) {
        const Place& p = place(pc);
        std::string name = primitive_on_line(p.line_text, why);
        it->second = (name.empty() ? fallback(why) : name) + " " + p.where;
    }
    return it->second;
}

}  // namespace simt::driver

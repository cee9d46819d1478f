#include "tools/explore.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

namespace simt::tool {
namespace fs = std::filesystem;

namespace {

// A scratch file that standard output or error is pointed at while a seed's
// run writes to it (the child inherits the descriptor).
class Capture {
public:
    Capture() {
        std::string pattern = (fs::temp_directory_path() / "simt-explore-XXXXXX").string();
        fd_ = mkstemp(pattern.data());
        if (fd_ < 0) throw std::system_error(errno, std::generic_category(), "cannot create a file for --explore");
        path_ = pattern;
    }
    ~Capture() {
        close(fd_);
        std::error_code ignored;
        fs::remove(path_, ignored);
    }
    Capture(const Capture&) = delete;
    Capture& operator=(const Capture&) = delete;
    void rewind() const {
        if (ftruncate(fd_, 0) != 0 || lseek(fd_, 0, SEEK_SET) != 0)
            throw std::system_error(errno, std::generic_category(), "cannot reuse " + path_.string());
    }
    int fd() const { return fd_; }
    std::string text() const {
        std::ifstream in(path_, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }

private:
    int fd_ = -1;
    fs::path path_;
};

// Points `target` (1 or 2) at `file` until destroyed.
class Redirect {
public:
    Redirect(int target, int file) : target_(target), saved_(dup(target)) {
        if (saved_ < 0 || dup2(file, target) < 0)
            throw std::system_error(errno, std::generic_category(), "cannot redirect output for --explore");
    }
    ~Redirect() {
        dup2(saved_, target_);
        close(saved_);
    }
    Redirect(const Redirect&) = delete;
    Redirect& operator=(const Redirect&) = delete;

private:
    int target_, saved_;
};

// "0, 2-5, 9"
std::string seed_list(const std::vector<std::uint64_t>& seeds) {
    std::ostringstream s;
    for (std::size_t i = 0; i < seeds.size();) {
        std::size_t j = i;
        while (j + 1 < seeds.size() && seeds[j + 1] == seeds[j] + 1) ++j;
        s << (i == 0 ? "" : ", ") << seeds[i];
        if (j > i) s << "-" << seeds[j];
        i = j + 1;
    }
    return s.str();
}

// The first `lines` lines of `text`, each indented.
std::string excerpt(const std::string& text, unsigned lines) {
    std::istringstream in(text);
    std::string line, out;
    unsigned n = 0;
    while (std::getline(in, line)) {
        if (n++ == lines) {
            out += "    ...\n";
            break;
        }
        out += "    " + line + "\n";
    }
    return out.empty() ? "    (nothing)\n" : out;
}

constexpr unsigned kGroupsShown = 4;   // distinct outputs printed in full (the rest are counted)
constexpr unsigned kLinesShown = 12;   // lines of each

}  // namespace

std::string report_headlines(const std::string& err) {
    std::istringstream in(err);
    std::string line;
    std::set<std::string> found;  // a set: the order of groups may follow the schedule
    while (std::getline(in, line)) {
        if (line.rfind("simt: ", 0) != 0) continue;
        // Counts that follow the schedule, not findings: the summary line, a
        // group's recurrences, what the print limit or suppressions held back.
        if (line.rfind("simt: ERROR SUMMARY: ", 0) == 0 || line.find(" recurred: found in ") != std::string::npos ||
            line.find(" not shown (--print-limit ") != std::string::npos ||
            line.find(" suppressed (--suppressions ") != std::string::npos)
            continue;
        const std::size_t digits = line.find_first_not_of("0123456789", 6);
        if (digits != 6 && digits != std::string::npos) continue;  // "simt: 6 hazards (...) in 1 launch"
        found.insert(line);
    }
    std::string out;
    for (const std::string& f : found) out += f + "\n";
    return out;
}

std::vector<OutputGroup> group_outputs(const std::vector<SeedRun>& runs, std::string SeedRun::*field) {
    std::vector<OutputGroup> groups;
    std::map<std::string, std::size_t> index;
    for (const SeedRun& r : runs) {
        const auto [it, added] = index.emplace(r.*field, groups.size());
        if (added) groups.push_back(OutputGroup{r.*field, {}});
        groups[it->second].seeds.push_back(r.seed);
    }
    return groups;
}

int explore_program(const fs::path& executable, const std::vector<std::string>& args, const driver::RunOptions& options,
                    unsigned seeds) {
    std::vector<SeedRun> runs;
    const Capture out, err;
    for (unsigned k = 0; k < seeds; ++k) {
        driver::RunOptions o = options;
        o.seed = options.seed + k;
        out.rewind();
        err.rewind();
        std::cout.flush();
        std::cerr.flush();
        std::fflush(nullptr);
        int status;
        {
            const Redirect to_out(STDOUT_FILENO, out.fd()), to_err(STDERR_FILENO, err.fd());
            status = run_program(executable, args, o);
        }
        const std::string reports = err.text();
        runs.push_back(SeedRun{o.seed, status, out.text(), reports, report_headlines(reports)});
    }
    const std::vector<OutputGroup> outputs = group_outputs(runs, &SeedRun::out);
    const std::vector<OutputGroup> reports = group_outputs(runs, &SeedRun::report);
    std::ostringstream s;
    s << "simt explore: " << seeds << " seed" << (seeds == 1 ? "" : "s") << " (" << runs.front().seed
      << (seeds > 1 ? "-" + std::to_string(runs.back().seed) : "") << ", " << options.mode << " mode): "
      << outputs.size() << " distinct output" << (outputs.size() == 1 ? "" : "s") << ", " << reports.size()
      << " distinct set" << (reports.size() == 1 ? "" : "s") << " of findings\n";
    const bool depends = outputs.size() > 1;
    if (depends)
        s << "the output depends on the schedule: seeds " << outputs[0].seeds.front() << " and "
          << outputs[1].seeds.front() << " differ (replay one with --seed)\n";
    else
        s << "the output does not depend on the schedule: every seed printed the same\n";
    for (std::size_t g = 0; g < outputs.size() && g < kGroupsShown; ++g)
        s << "output " << g + 1 << " (seed" << (outputs[g].seeds.size() == 1 ? " " : "s ")
          << seed_list(outputs[g].seeds) << "):\n"
          << excerpt(outputs[g].text, kLinesShown);
    if (outputs.size() > kGroupsShown)
        s << "(" << outputs.size() - kGroupsShown << " more output" << (outputs.size() == kGroupsShown + 1 ? "" : "s")
          << ")\n";
    for (std::size_t g = 0; g < reports.size() && g < kGroupsShown; ++g)
        s << "findings " << g + 1 << " (seed" << (reports[g].seeds.size() == 1 ? " " : "s ")
          << seed_list(reports[g].seeds) << "):\n"
          << excerpt(reports[g].text, kLinesShown);
    if (reports.size() > kGroupsShown)
        s << "(" << reports.size() - kGroupsShown << " more set" << (reports.size() == kGroupsShown + 1 ? "" : "s")
          << " of findings)\n";
    std::cout << s.str() << std::flush;
    return depends ? int(options.error_exitcode) : runs.front().status;
}

}  // namespace simt::tool

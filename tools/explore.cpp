#include "tools/explore.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>

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
constexpr unsigned kStepsShown = 12;   // steps of the shrunk schedule printed

// One run of the program with standard output and error captured.
struct Captured {
    int status = 0;
    std::string out, err;
};

Captured run_captured(const fs::path& executable, const std::vector<std::string>& args,
                      const driver::RunOptions& options) {
    const Capture out, err;
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    int status;
    {
        const Redirect to_out(STDOUT_FILENO, out.fd()), to_err(STDERR_FILENO, err.fd());
        status = run_program(executable, args, options);
    }
    return Captured{status, out.text(), err.text()};
}

// The seeds' runs, up to one per core at once, each in a child of simt's
// that runs it as `simt run` would; results in seed order.
std::vector<SeedRun> run_seeds(const fs::path& executable, const std::vector<std::string>& args,
                               const driver::RunOptions& options, unsigned seeds) {
    struct Running {
        std::size_t index;
        std::unique_ptr<Capture> out, err;
    };
    const unsigned jobs = std::max(1u, std::min(seeds, std::thread::hardware_concurrency()));
    std::vector<SeedRun> runs(seeds);
    std::map<pid_t, Running> running;
    const auto reap_one = [&] {
        int wait_status = 0;
        const pid_t pid = waitpid(-1, &wait_status, 0);
        if (pid < 0) throw std::system_error(errno, std::generic_category(), "waiting for a seed's run");
        const auto it = running.find(pid);
        if (it == running.end()) return;
        SeedRun& r = runs[it->second.index];
        r.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
        r.out = it->second.out->text();
        r.err = it->second.err->text();
        r.report = report_headlines(r.err);
        running.erase(it);
    };
    for (unsigned k = 0; k < seeds; ++k) {
        while (running.size() >= jobs) reap_one();
        runs[k].seed = options.seed + k;
        Running job{k, std::make_unique<Capture>(), std::make_unique<Capture>()};
        std::cout.flush();
        std::cerr.flush();
        std::fflush(nullptr);
        const pid_t pid = fork();
        if (pid < 0) throw std::system_error(errno, std::generic_category(), "cannot start a seed's run");
        if (pid == 0) {
            prctl(PR_SET_PDEATHSIG, SIGTERM);  // never outlive simt
            int status = 2;
            try {
                driver::RunOptions o = options;
                o.seed = runs[k].seed;
                const Redirect to_out(STDOUT_FILENO, job.out->fd()), to_err(STDERR_FILENO, job.err->fd());
                status = run_program(executable, args, o);
                std::fflush(nullptr);
            } catch (...) {
            }
            _exit(status);
        }
        running.emplace(pid, std::move(job));
    }
    while (!running.empty()) reap_one();
    return runs;
}

// The steps of a recorded schedule file: its lines that are not comments.
std::vector<std::string> step_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

std::string join(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines) text += l + "\n";
    return text;
}

// Delta debugging (Zeller's ddmin) over a recorded schedule's steps, whose
// replay prints another output than `reference` (the plain order's): the
// smallest set found that still does, with that output. First whole blocks'
// steps go (a grid's schedule is mostly blocks that do not matter), then
// single steps, until none can go.
struct Shrunk {
    std::vector<std::string> steps;
    std::string out;
    unsigned replays = 0;
    unsigned limit = 0;
    bool minimal = true;  // false: stopped after `limit` replays
};

using Units = std::vector<std::vector<std::string>>;

std::vector<std::string> flatten(const Units& units) {
    std::vector<std::string> all;
    for (const auto& u : units) all.insert(all.end(), u.begin(), u.end());
    return all;
}

// ddmin over `units`; `differs` replays a set of steps.
template <class Replay>
Units ddmin(Units units, Replay& differs, Shrunk& result) {
    std::size_t n = 2;
    while (units.size() >= 2) {
        if (result.replays >= result.limit) {
            result.minimal = false;
            break;
        }
        const std::size_t chunk = (units.size() + n - 1) / n;
        bool reduced = false;
        for (std::size_t start = 0; start < units.size() && !reduced; start += chunk) {
            const Units part(units.begin() + long(start), units.begin() + long(std::min(units.size(), start + chunk)));
            if (differs(flatten(part))) {
                units = part;
                n = 2;
                reduced = true;
            }
        }
        for (std::size_t start = 0; start < units.size() && !reduced && n > 2; start += chunk) {
            Units rest(units.begin(), units.begin() + long(start));
            rest.insert(rest.end(), units.begin() + long(std::min(units.size(), start + chunk)), units.end());
            if (differs(flatten(rest))) {
                units = rest;
                n = std::max<std::size_t>(n - 1, 2);
                reduced = true;
            }
        }
        if (!reduced) {
            if (n >= units.size()) break;
            n = std::min(n * 2, units.size());
        }
    }
    return units;
}

// "yield 0 3 ..." -> "0 3": the launch and block a step line belongs to.
std::string block_of(const std::string& step) {
    std::istringstream words(step);
    std::string kind, launch, block;
    words >> kind >> launch >> block;
    return launch + " " + block;
}

// `recorded_out`: what the whole recorded schedule printed (a replay of it
// prints the same).
Shrunk shrink(const fs::path& executable, const std::vector<std::string>& args, driver::RunOptions options,
              const std::vector<std::string>& steps, const std::string& reference, const std::string& recorded_out,
              const fs::path& scratch, unsigned replays) {
    Shrunk result;
    result.limit = replays;
    result.out = recorded_out;
    options.schedule = scratch.string();
    options.record_schedule.clear();
    // ddmin keeps every set whose replay differs, so the last such output is the kept set's.
    auto differs = [&](const std::vector<std::string>& subset) {
        std::ofstream(scratch, std::ios::binary) << join(subset);
        ++result.replays;
        const Captured c = run_captured(executable, args, options);
        if (c.out == reference) return false;
        result.out = c.out;
        return true;
    };
    Units blocks;
    std::string current;
    for (const std::string& step : steps) {
        const std::string b = block_of(step);
        if (blocks.empty() || b != current) blocks.emplace_back();
        current = b;
        blocks.back().push_back(step);
    }
    Units single;
    for (const std::string& step : flatten(ddmin(blocks, differs, result))) single.push_back({step});
    result.steps = flatten(ddmin(single, differs, result));
    return result;
}

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
                    unsigned seeds, unsigned shrink_replays) {
    // Each seed draws its own schedule; --record-schedule names where the shrunk one goes.
    driver::RunOptions drawn = options;
    drawn.schedule.clear();
    drawn.record_schedule.clear();
    // Seeds that switch at accesses too, with --check none as well: the
    // interleavings the shrinking then replays.
    if (drawn.switch_at == "auto") drawn.switch_at = "accesses";
    const std::vector<SeedRun> runs = run_seeds(executable, args, drawn, seeds);
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
    if (depends && options.mode == "its" && shrink_replays > 0)
        shrink_schedule(executable, args, options, outputs, shrink_replays);
    return depends ? int(options.error_exitcode) : runs.front().status;
}

void shrink_schedule(const fs::path& executable, const std::vector<std::string>& args,
                     const driver::RunOptions& options, const std::vector<OutputGroup>& outputs, unsigned replays) {
    const fs::path file = options.record_schedule.empty() ? fs::path("simt-schedule.txt") : fs::path(options.record_schedule);
    const fs::path scratch = fs::temp_directory_path() / ("simt-explore-" + std::to_string(getpid()) + ".schedule");
    struct Scratch {
        fs::path path;
        ~Scratch() {
            std::error_code ignored;
            fs::remove(path, ignored);
        }
    } const remove_scratch{scratch};
    // The plain order (no step): each thread runs until it waits.
    driver::RunOptions plain = options;
    plain.record_schedule.clear();
    plain.schedule = scratch.string();
    std::ofstream(scratch, std::ios::binary).flush();
    const std::string reference = run_captured(executable, args, plain).out;
    // The smallest seed that printed something else, recorded.
    const OutputGroup* other = nullptr;
    for (const OutputGroup& g : outputs)
        if (g.text != reference && (other == nullptr || g.seeds.front() < other->seeds.front())) other = &g;
    std::ostringstream s;
    s << "the plain order (each thread runs until it waits, then the next ready one in index order) prints:\n"
      << excerpt(reference, kLinesShown);
    driver::RunOptions record = options;
    record.seed = other->seeds.front();
    record.schedule.clear();
    record.record_schedule = scratch.string();
    const Captured recorded = run_captured(executable, args, record);
    std::ifstream in(scratch, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (recorded.out != other->text) {
        s << "seed " << record.seed << " printed another output when recorded: no schedule written\n";
        std::cout << s.str() << std::flush;
        return;
    }
    const std::vector<std::string> steps = step_lines(text);
    const Shrunk shrunk = shrink(executable, args, options, steps, reference, recorded.out, scratch, replays);
    std::ofstream out(file, std::ios::binary);
    out << "# simt schedule (independent thread scheduling), shrunk by simt run --explore from seed " << record.seed
        << "'s " << steps.size() << " steps: replay with --schedule " << file.string() << "\n"
        << "# steps away from the plain order (each thread runs until it waits, then the next ready one in index "
           "order)\n"
        << join(shrunk.steps);
    if (!out) {
        s << "cannot write the shrunk schedule to " << file.string() << "\n";
        std::cout << s.str() << std::flush;
        return;
    }
    s << "shrunk: " << shrunk.steps.size() << " of seed " << record.seed << "'s " << steps.size()
      << " schedule steps away from the plain order print another output (" << shrunk.replays << " replays"
      << (shrunk.minimal ? "" : ", stopped by --shrink-replays before the smallest set") << "):\n";
    for (std::size_t i = 0; i < shrunk.steps.size() && i < kStepsShown; ++i) {
        const std::string& step = shrunk.steps[i];
        const std::size_t hash = step.find("# ");
        s << "    " << (hash == std::string::npos ? step : step.substr(hash + 2)) << "\n";
    }
    if (shrunk.steps.size() > kStepsShown)
        s << "    (" << shrunk.steps.size() - kStepsShown << " more in " << file.string() << ")\n";
    s << "it prints:\n" << excerpt(shrunk.out, kLinesShown) << "replay it: simt run --schedule " << file.string()
      << " (the same program, arguments and options)\n";
    std::cout << s.str() << std::flush;
}

}  // namespace simt::tool

#include "tools/build_cache.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

#include "tools/cache_hold.h"
#include "tools/cache_stats.h"
#include "tools/diagnostics.h"

namespace simt::tool::cache {
namespace fs = std::filesystem;
namespace {

constexpr std::uint64_t fnv_offset = 0xcbf29ce484222325ull, fnv_prime = 0x100000001b3ull;

std::vector<fs::path> read_manifest(const fs::path& file) {
    std::vector<fs::path> paths;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) paths.emplace_back(line);
    return paths;
}

// Atomic: a reader sees the old list or the new one.
void write_atomically(const fs::path& file, const std::string& text) {
    const fs::path partial = file.string() + "." + std::to_string(getpid());
    std::ofstream(partial, std::ios::binary) << text;
    fs::rename(partial, file);
}

// Path and contents of each file, in the depfile's order; a file gone since
// hashes as missing, so the entry no longer matches.
std::string entry_key(const std::vector<fs::path>& dependencies) {
    std::string text;
    for (const fs::path& file : dependencies) {
        std::error_code ec;
        text += file.string() + '\0' + (fs::is_regular_file(file, ec) ? hex(hash_file(file)) : "missing") + '\n';
    }
    return hex(hash_text(text));
}

std::string stamp_of(const fs::path& executable) {
    return std::to_string(fs::file_size(executable)) + " " + hex(hash_file(executable)) + "\n";
}

// Why the entry's executable cannot be trusted, or "" when it can.
std::string damage(const fs::path& entry, const std::string& name) {
    const fs::path executable = entry / name;
    std::error_code ec;
    if (!fs::is_regular_file(executable, ec)) return "its executable is missing or not a file";
    if (access(executable.c_str(), X_OK) != 0) return "its executable is not executable";
    std::ifstream in(entry / (name + ".stamp"));
    std::ostringstream recorded;
    recorded << in.rdbuf();
    if (!in) return "its stamp is missing";
    if (recorded.str() != stamp_of(executable)) return "its executable's size or hash differs from when it was built";
    return "";
}

constexpr const char* kFilesStamp = "files.stamp";

// One line per file under `dir`: its size, hash and path relative to `dir`.
std::string files_stamp(const fs::path& dir) {
    std::vector<std::string> lines;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().filename() != kFilesStamp) {
            std::string stamp = stamp_of(e.path());
            stamp.back() = ' ';  // its newline
            lines.push_back(stamp + e.path().lexically_relative(dir).string() + "\n");
        }
    std::sort(lines.begin(), lines.end());
    std::string text;
    for (const std::string& line : lines) text += line;
    return text;
}

// The slots simt writes: 16 hex digits, "cuda-" before them for nvcc builds.
bool is_slot(const fs::directory_entry& e) {
    std::string name = e.path().filename().string();
    if (name.rfind("cuda-", 0) == 0) name.erase(0, 5);
    std::error_code ec;
    return e.is_directory(ec) && name.size() == 16 &&
           name.find_first_not_of("0123456789abcdef") == std::string::npos;
}

std::uintmax_t bytes_under(const fs::path& dir) {
    std::uintmax_t total = 0;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec)) total += it->file_size(ec);
    return total;
}

constexpr const char* kLinkPrefix = "link-";

// A build's or link's own directory under `parent`. A driver killed with
// SIGKILL could not remove its own: no compile takes an hour, and a pid says
// nothing across containers sharing a cache.
fs::path work_dir(const fs::path& parent, const std::string& prefix) {
    std::error_code ec;
    const auto stale = fs::file_time_type::clock::now() - std::chrono::hours(1);
    for (const fs::directory_entry& e : fs::directory_iterator(parent, ec))
        if (e.path().filename().string().rfind(prefix, 0) == 0 && e.last_write_time(ec) < stale)
            fs::remove_all(e.path(), ec);
    const fs::path dir = parent / (prefix + std::to_string(getpid()));
    fs::remove_all(dir);  // an earlier driver's with this pid
    fs::create_directories(dir);
    return dir;
}

}  // namespace

void mark_used(const fs::path& slot) {
    std::error_code ignored;
    fs::last_write_time(slot, fs::file_time_type::clock::now(), ignored);
}

namespace {

// What the cache's limit and `simt cache clean` weigh: the programs' slots
// and the precompiled headers (cache/pch/<key>, precompiled_header.h).
struct Removable {
    fs::path path;
    fs::file_time_type used;
    std::uintmax_t bytes;
    bool program;
};

std::vector<Removable> removables(const fs::path& cache_dir) {
    std::vector<Removable> found;
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(cache_dir, ec))
        if (is_slot(e)) found.push_back({e.path(), e.last_write_time(ec), bytes_under(e.path()), true});
    for (const fs::directory_entry& e : fs::directory_iterator(cache_dir / "pch", ec))
        if (e.is_directory(ec) && e.path().filename().string().front() != '.')  // not one being made
            found.push_back({e.path(), e.last_write_time(ec), bytes_under(e.path()), false});
    return found;
}

}  // namespace

void trim(const fs::path& cache_dir, std::uintmax_t limit_bytes, const fs::path& keep) {
    remove_leftovers(cache_dir);
    std::vector<Removable> found = removables(cache_dir);
    std::uintmax_t total = 0;
    for (const Removable& r : found) total += r.bytes;
    if (total <= limit_bytes) return;
    std::sort(found.begin(), found.end(), [](const Removable& a, const Removable& b) { return a.used < b.used; });
    for (const Removable& r : found) {
        if (total <= limit_bytes) break;
        if (r.path == keep) continue;
        // One in use by another run stays: the cache is over its limit until that run ends.
        if (!remove_unless_held(r.path, cache_dir)) continue;
        count(cache_dir, Counter::removed);
        diagnostics::debug("cache over " + std::to_string(limit_bytes) + " bytes: removed " + r.path.string());
        total -= r.bytes;
    }
}

Removed clean(const fs::path& cache_dir) {
    Removed removed;
    remove_leftovers(cache_dir);
    for (const Removable& r : removables(cache_dir)) {
        if (!remove_unless_held(r.path, cache_dir)) {
            removed.in_use += r.program;
            continue;
        }
        removed.slots += r.program;
        removed.bytes += r.bytes;
    }
    std::error_code ignored;
    fs::remove(cache_dir / "pch", ignored);  // if nothing is left in it
    return removed;
}

Contents contents(const fs::path& cache_dir) {
    Contents held;
    for (const Removable& r : removables(cache_dir)) {
        (r.program ? held.programs : held.headers) += 1;
        (r.program ? held.program_bytes : held.header_bytes) += r.bytes;
        held.in_use += is_held(r.path);
    }
    return held;
}

std::uint64_t hash_text(std::string_view text) {
    std::uint64_t h = fnv_offset;
    for (const unsigned char c : text) h = (h ^ c) * fnv_prime;
    return h;
}

std::uint64_t hash_file(const fs::path& path) {
    std::uint64_t h = fnv_offset;
    std::ifstream in(path, std::ios::binary);
    std::vector<std::uint64_t> chunk(8192);
    while (in.read(reinterpret_cast<char*>(chunk.data()), std::streamsize(chunk.size() * 8)) || in.gcount() > 0) {
        const std::size_t bytes = std::size_t(in.gcount()), words = (bytes + 7) / 8;
        if (bytes % 8 != 0) chunk[words - 1] &= ~std::uint64_t(0) >> (64 - 8 * (bytes % 8));
        for (std::size_t i = 0; i < words; ++i) h = (h ^ chunk[i]) * fnv_prime;
    }
    return h;
}

std::string hex(std::uint64_t value) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

std::optional<fs::path> find_entry(const fs::path& slot) {
    const fs::path manifest = slot / "deps";
    std::error_code ec;
    if (!fs::exists(manifest, ec)) return std::nullopt;
    const fs::path entry = slot / entry_key(read_manifest(manifest));
    if (!fs::is_directory(entry, ec)) return std::nullopt;
    return entry;
}

std::string entry_damage(const fs::path& entry) {
    std::ifstream in(entry / kFilesStamp);
    if (!in) return "its stamp is missing";
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string size, hash, name;
        fields >> size >> hash;
        std::getline(fields >> std::ws, name);
        const fs::path file = entry / name;
        std::error_code ec;
        if (!fs::is_regular_file(file, ec)) return name + " is missing";
        if (stamp_of(file) != size + " " + hash + "\n") return name + "'s size or hash differs from when it was built";
    }
    return "";
}

std::optional<fs::path> find_executable(const fs::path& entry, const std::string& link_key, const std::string& name) {
    const fs::path link = entry / (kLinkPrefix + link_key);
    std::error_code ec;
    if (!fs::exists(link, ec)) return std::nullopt;
    if (const std::string why = damage(link, name); !why.empty()) {
        diagnostics::warn("the cache entry " + link.string() + " is damaged (" + why + "): rebuilding it");
        fs::remove_all(link);
        return std::nullopt;
    }
    mark_used(link);
    return link / name;
}

std::vector<fs::path> read_depfile(const fs::path& depfile, const fs::path& skip) {
    std::ifstream in(depfile, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    // GCC's make syntax: "target: dep dep \<newline> dep", with `\ ` for a
    // space and `\#` for '#' in a name, `$$` for '$'.
    std::vector<std::string> words(1);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        if (c == '\\' && (next == '\n' || next == '\r')) {
            ++i;
        } else if (c == '\\' && (next == ' ' || next == '#')) {
            words.back() += next;
            ++i;
        } else if (c == '$' && next == '$') {
            words.back() += '$';
            ++i;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!words.back().empty()) words.emplace_back();
        } else {
            words.back() += c;
        }
    }
    std::vector<fs::path> files;
    const std::string skip_prefix = fs::absolute(skip).string() + "/";
    for (const std::string& word : words) {
        if (word.empty() || word.back() == ':') continue;  // the target
        const fs::path file = fs::absolute(word).lexically_normal();
        if (file.string().rfind(skip_prefix, 0) == 0) continue;
        if (std::find(files.begin(), files.end(), file) == files.end()) files.push_back(file);
    }
    return files;
}

PendingBuild::PendingBuild(const fs::path& slot) : slot_(slot), dir_(work_dir(slot, ".build-")) {}

PendingBuild::~PendingBuild() {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
}

fs::path PendingBuild::publish(const std::vector<fs::path>& dependencies) {
    std::ofstream(dir_ / kFilesStamp, std::ios::binary) << files_stamp(dir_);
    const fs::path entry = slot_ / entry_key(dependencies);
    std::error_code ec;
    fs::rename(dir_, entry, ec);
    if (ec) fs::remove_all(dir_);  // a build of the same program beside this one got there first
    std::string list;
    for (const fs::path& file : dependencies) list += file.string() + "\n";
    write_atomically(slot_ / "deps", list);
    return entry;
}

PendingLink::PendingLink(const fs::path& entry, const std::string& link_key)
    : entry_(entry), link_(entry / (kLinkPrefix + link_key)), dir_(work_dir(entry, ".link-")) {}

PendingLink::~PendingLink() {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
}

fs::path PendingLink::publish(const std::string& name) {
    std::ofstream(dir_ / (name + ".stamp"), std::ios::binary) << stamp_of(dir_ / name);
    std::error_code ec;
    fs::rename(dir_, link_, ec);
    if (ec && damage(link_, name).empty()) {
        fs::remove_all(dir_);  // a link beside this one got there first
    } else if (ec) {
        fs::remove_all(link_);
        fs::rename(dir_, link_);
    }
    mark_used(link_);
    // A running program keeps its executable's inode; one about to start
    // found its link within the last moments, which marked it used.
    const auto stale = fs::file_time_type::clock::now() - std::chrono::minutes(10);
    for (const fs::directory_entry& e : fs::directory_iterator(entry_, ec))
        if (e.path() != link_ && e.path().filename().string().rfind(kLinkPrefix, 0) == 0 && e.last_write_time(ec) < stale)
            fs::remove_all(e.path(), ec);
    return link_ / name;
}

}  // namespace simt::tool::cache

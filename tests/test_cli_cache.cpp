// The compile cache: keyed on every file the compiler read, never trusting a
// damaged entry, never showing a half-written one.
#include "cli_support.h"

#include <fcntl.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <string>

namespace {

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at; (at = text.find(from)) != std::string::npos;) text.replace(at, from.size(), to);
    return text;
}

fs::path fresh_dir(const std::string& what) {
    const fs::path dir = fs::temp_directory_path() / ("simt-" + what + "-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// A program printing VALUE + QVALUE from a header it includes as <params.h>.
fs::path params_program(const fs::path& dir) {
    std::ofstream(dir / "prog.cu") << "#include <cstdio>\n#include <params.h>\n"
                                      "int main() { std::printf(\"%d\\n\", VALUE + QVALUE); return 0; }\n";
    return dir / "prog.cu";
}

void write_params(const fs::path& dir, int value) {
    std::ofstream(dir / "params.h") << "#define VALUE " << value << "\n#define QVALUE 6\n";
}

}  // namespace

TEST_CASE("editing a header included with <...> from beside the program rebuilds it") {
    const fs::path dir = fresh_dir("angle-header");
    const fs::path source = params_program(dir);
    write_params(dir, 5);
    CHECK(simt("run " + source.string()).out == "11\n");
    write_params(dir, 6);
    CHECK(simt("run " + source.string()).out == "12\n");
    const Result again = simt("run -v " + source.string());  // unchanged since: from the cache
    CHECK(again.out == "12\n");
    CHECK_THAT(again.err, Catch::Contains("cache hit"));
    fs::remove_all(dir);
}

TEST_CASE("a program whose link changes (simt's runtime, the link flags) is linked again from its cached objects") {
    const fs::path dir = fresh_dir("relink");
    const fs::path cache = dir / "cache";
    fs::create_directories(dir / "libs");
    std::ofstream(dir / "hello.cu") << "#include <cstdio>\nint main() { std::printf(\"hello\\n\"); return 0; }\n";
    const auto run = [&](const std::string& flags) {
        return shell(std::string(SIMT_EXE) + " -v run --cache-dir " + cache.string() + " " + flags + " " +
                     (dir / "hello.cu").string());
    };
    const Result first = run("");
    CHECK(first.out == "hello\n");
    CHECK_THAT(first.err, Catch::Contains("compile:"));
    const Result relinked = run("-L" + (dir / "libs").string());
    CHECK(relinked.out == "hello\n");
    CHECK_THAT(relinked.err, Catch::Contains("relinking the objects of"));
    CHECK_THAT(relinked.err, !Catch::Contains("compile:"));
    // Both links stay: either is a hit.
    CHECK_THAT(run("-L" + (dir / "libs").string()).err, Catch::Contains("cache hit"));
    CHECK_THAT(run("").err, Catch::Contains("cache hit"));
    // An entry whose object went is compiled again, with a warning.
    std::size_t removed = 0;
    for (const auto& e : fs::recursive_directory_iterator(cache))
        if (e.path().extension() == ".o") removed += fs::remove(e.path());
    REQUIRE(removed == 1);
    const Result rebuilt = run("-L" + dir.string());
    CHECK(rebuilt.out == "hello\n");
    CHECK_THAT(rebuilt.err, Catch::Contains("0/hello.o is missing): rebuilding it"));
    CHECK_THAT(rebuilt.err, Catch::Contains("compile:"));
    fs::remove_all(dir);
}

TEST_CASE("a damaged cached object is compiled again with a warning naming the cache, never blamed on the program") {
    const fs::path dir = fresh_dir("damaged-object");
    const fs::path cache = dir / "cache";
    std::ofstream(dir / "hello.cu") << "#include <cstdio>\nint main() { std::printf(\"hello\\n\"); return 0; }\n";
    const std::string run = std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " " + (dir / "hello.cu").string();
    const auto object = [&] {
        for (const auto& e : fs::recursive_directory_iterator(cache))
            if (e.path().filename() == "hello.o") return e.path();
        return fs::path();
    };
    const auto executables = [&] {
        std::vector<fs::path> found;
        for (const auto& e : fs::recursive_directory_iterator(cache))
            if (e.path().filename() == "hello" && e.is_regular_file()) found.push_back(e.path());
        return found;
    };
    // Cut short (a full disk) or overwritten in place: either way the link
    // must not be tried with it.
    for (const std::string damage : {"truncate -s 5000 OBJ", "dd if=/dev/zero of=OBJ bs=1 seek=200 count=64 conv=notrunc"}) {
        CAPTURE(damage);
        REQUIRE(shell(run).out == "hello\n");
        const fs::path o = object();
        REQUIRE(!o.empty());
        REQUIRE(std::system((replace_all(damage, "OBJ", o.string()) + " 2>/dev/null").c_str()) == 0);
        for (const fs::path& exe : executables()) fs::remove(exe);  // so the next run relinks
        const Result rebuilt = shell(run);
        CHECK(rebuilt.status == 0);
        CHECK(rebuilt.out == "hello\n");
        CHECK_THAT(rebuilt.err, Catch::Contains("simt: warning: the cache entry " + o.parent_path().parent_path().string() +
                                                " is damaged (0/hello.o"));
        CHECK_THAT(rebuilt.err, !Catch::Contains("did not link"));
        const Result next = shell(run);
        CHECK(next.out == "hello\n");
        CHECK(next.err == kCleanRun);
    }
    fs::remove_all(dir);
}

TEST_CASE("a header created where the compiler looks before the one it found rebuilds the program") {
    const fs::path dir = fresh_dir("shadowing-header");
    for (const char* sub : {"src", "inc", "late", "src/sub"}) fs::create_directories(dir / sub);
    const fs::path source = dir / "src" / "prog.cu";
    std::ofstream(source) << "#include <cstdio>\n#include \"params.h\"\n#include \"sub/more.h\"\n"
                             "int main() { std::printf(\"%d %d\\n\", VALUE + QVALUE, MORE); return 0; }\n";
    write_params(dir / "inc", 1);
    fs::create_directories(dir / "late" / "sub");
    std::ofstream(dir / "late" / "sub" / "more.h") << "#define MORE 2\n";
    const std::string run = "run " + source.string() + " -I " + (dir / "inc").string() + " -I " + (dir / "late").string();
    CHECK(simt(run).out == "7 2\n");
    CHECK(simt(run).out == "7 2\n");  // from the cache
    write_params(dir / "src", 5);  // beside the program: found before -I inc
    CHECK(simt(run).out == "11 2\n");
    std::ofstream(dir / "src" / "sub" / "more.h") << "#define MORE 4\n";  // "sub/more.h" beside the program comes first too
    CHECK(simt(run).out == "11 4\n");
    fs::remove_all(dir);
}

TEST_CASE("a header found through CPATH is part of the key too: editing it or changing CPATH rebuilds") {
    const fs::path dir = fresh_dir("cpath-header");
    for (const char* sub : {"src", "a", "b"}) fs::create_directories(dir / sub);
    const std::string program = params_program(dir / "src").string();  // beside no params.h: only CPATH finds it
    write_params(dir / "a", 1);
    write_params(dir / "b", 2);
    setenv("CPATH", (dir / "a").c_str(), 1);
    CHECK(simt("run " + program).out == "7\n");
    write_params(dir / "a", 3);
    CHECK(simt("run " + program).out == "9\n");
    setenv("CPATH", (dir / "b").c_str(), 1);
    CHECK(simt("run " + program).out == "8\n");
    unsetenv("CPATH");
    fs::remove_all(dir);
}

TEST_CASE("a damaged cached executable is rebuilt with a warning and never run") {
    const fs::path dir = fresh_dir("damaged-entry");
    const fs::path cache = dir / "cache";
    std::ofstream(dir / "hello.cu") << "#include <cstdio>\nint main() { std::printf(\"hello\\n\"); return 0; }\n";
    const std::string run = std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " " + (dir / "hello.cu").string();
    const auto damages = {
        "truncate -s 100000 EXE",
        "head -c 4096 /dev/urandom > EXE",
        ": > EXE",
        "chmod -x EXE",
        "rm EXE && mkdir EXE",
        "rm DIR/hello.stamp",
    };
    for (const std::string damage : damages) {
        CAPTURE(damage);
        const Result built = shell(std::string(SIMT_EXE) + " build --cache-dir " + cache.string() + " " + (dir / "hello.cu").string());
        REQUIRE(built.status == 0);
        const fs::path exe = built.out.substr(0, built.out.size() - 1);
        const std::string command = replace_all(replace_all(damage, "EXE", exe.string()), "DIR", exe.parent_path().string());
        REQUIRE(std::system(command.c_str()) == 0);
        const Result rebuilt = shell(run);
        CHECK(rebuilt.status == 0);
        CHECK(rebuilt.out == "hello\n");
        CHECK_THAT(rebuilt.err, Catch::Contains("simt: warning: the cache entry " + exe.parent_path().string() +
                                                " is damaged"));
        CHECK_THAT(rebuilt.err, Catch::Contains("rebuilding it"));
        const Result next = shell(run);  // the rebuilt entry is trusted again
        CHECK(next.out == "hello\n");
        CHECK(next.err == kCleanRun);
    }
    fs::remove_all(dir);
}

TEST_CASE("two runs of a new program at once with one cache both build or reuse it and print its output") {
    const fs::path dir = fresh_dir("concurrent-builds");
    const fs::path cache = dir / "cache";
    std::ofstream(dir / "twice.cu") << "#include <cstdio>\nint main() { std::printf(\"twice\\n\"); return 0; }\n";
    const std::string run = std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " " + (dir / "twice.cu").string();
    const fs::path one = dir / "one", two = dir / "two";
    const Result both = shell("(" + run + " >" + one.string() + " 2>&1 & " + run + " >" + two.string() + " 2>&1; s=$?; wait $! && exit $s)");
    CHECK(both.status == 0);
    CHECK(slurp(one) == "twice\n" + kCleanRun);
    CHECK(slurp(two) == "twice\n" + kCleanRun);
    for (const auto& entry : fs::recursive_directory_iterator(cache))  // no build directory left behind
        CHECK(entry.path().filename().string().rfind(".build-", 0) != 0);
    fs::remove_all(dir);
}

TEST_CASE("a cached program that cannot be started is reported with the reason and the entry to delete") {
    const fs::path dir = fresh_dir("unstartable-entry");
    const fs::path cache = dir / "cache";
    std::ofstream(dir / "busy.cu") << "#include <cstdio>\nint main() { std::printf(\"busy\\n\"); return 0; }\n";
    const std::string source = (dir / "busy.cu").string();
    const Result built = shell(std::string(SIMT_EXE) + " build --cache-dir " + cache.string() + " " + source);
    REQUIRE(built.status == 0);
    const fs::path exe = built.out.substr(0, built.out.size() - 1);
    // Intact, but open for writing: exec fails with ETXTBSY.
    const int writer = open(exe.c_str(), O_WRONLY | O_CLOEXEC);
    REQUIRE(writer >= 0);
    const Result r = shell(std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " " + source);
    close(writer);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("simt: error: cannot start " + exe.string() + ": Text file busy; delete " +
                                      exe.parent_path().string()));
    fs::remove_all(dir);
}

TEST_CASE("the cache holds at most --cache-limit MiB, dropping the programs used least recently") {
    const fs::path dir = fresh_dir("cache-limit");
    const fs::path cache = dir / "cache";
    const auto run = [&](const std::string& value, const std::string& limit) {
        std::ofstream(dir / ("p" + value + ".cu")) << "#include <cstdio>\nint main() { std::printf(\"" << value
                                                   << "\\n\"); return 0; }\n";
        return shell(std::string(SIMT_EXE) + " -v run --cache-dir " + cache.string() + " --cache-limit " + limit + " " +
                     (dir / ("p" + value + ".cu")).string());
    };
    // The programs and the precompiled simt/cuda.h (cache/pch/<key>): the
    // limit counts both.
    const auto slots = [&] {
        std::size_t n = 0;
        for (const auto& e : fs::directory_iterator(cache)) n += e.is_directory() && e.path().filename() != "pch";
        return n;
    };
    const auto bytes = [&](bool programs) {
        std::uintmax_t total = 0;
        for (const auto& e : fs::recursive_directory_iterator(cache))
            if (e.is_regular_file() && e.path().filename() != "stats" &&
                (e.path().string().find("/pch/") == std::string::npos) == programs)
                total += e.file_size();
        return total;
    };
    for (const char* value : {"1", "2", "3"}) CHECK(run(value, "1024").out == std::string(value) + "\n");
    REQUIRE(slots() == 3);
    CHECK_THAT(run("1", "1024").err, Catch::Contains("cache hit"));  // 1 is now the most recently used
    // Room for the header and two and a half programs: building a fourth
    // drops 2 and 3, the least recently used (the header was used by the fourth's compile).
    const double program_mib = double(bytes(true)) / 3 / (1 << 20);
    const double header_mib = double(bytes(false)) / (1 << 20);
    const long room_mib = std::lround(program_mib * 2.5 + header_mib);
    REQUIRE(room_mib > header_mib + program_mib * 2);  // whole MiB: programs of at least 1 MiB leave room for two, not three
    REQUIRE(room_mib < header_mib + program_mib * 3);
    const std::string room = std::to_string(room_mib);
    CHECK(run("4", room).out == "4\n");
    CHECK(slots() == 2);
    CHECK_THAT(run("1", room).err, Catch::Contains("cache hit"));
    CHECK_THAT(run("4", room).err, Catch::Contains("cache hit"));
    CHECK_THAT(run("2", room).err, !Catch::Contains("cache hit"));
    // A limit below one program keeps only the one just built; the header goes too.
    CHECK(run("3", "1").out == "3\n");
    CHECK(slots() == 1);
    CHECK(bytes(false) == 0);
    const Result small = shell(std::string(SIMT_EXE) + " run --cache-limit 0 " + (dir / "p1.cu").string());
    CHECK(small.status != 0);
    CHECK_THAT(small.err, Catch::Contains("--cache-limit"));
    fs::remove_all(dir);
}

TEST_CASE("simt cache clean empties the cache, says how much it removed and leaves other files") {
    const fs::path dir = fresh_dir("cache-clean");
    const fs::path cache = dir / "cache";
    std::ofstream(dir / "p.cu") << "int main() { return 0; }\n";
    REQUIRE(shell(std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " " + (dir / "p.cu").string()).status == 0);
    std::ofstream(cache / "notes.txt") << "not simt's\n";
    const std::uintmax_t counters = fs::file_size(cache / "stats");  // `simt cache stats`' counts stay
    const Result cleaned = shell(std::string(SIMT_EXE) + " cache clean --cache-dir " + cache.string());
    CHECK(cleaned.status == 0);
    CHECK_THAT(cleaned.out, Catch::StartsWith("removed 1 program ("));
    CHECK_THAT(cleaned.out, Catch::EndsWith(" MiB) from " + cache.string() + "\n"));
    CHECK(fs::exists(cache / "notes.txt"));
    CHECK(fs::file_size(cache / "stats") == counters);
    std::size_t left = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(cache)) ++left;
    CHECK(left == 2);
    CHECK(shell(std::string(SIMT_EXE) + " cache clean --cache-dir " + cache.string()).out ==
          "removed 0 programs (0 MiB) from " + cache.string() + "\n");
    fs::remove_all(dir);
}

TEST_CASE("simt/cuda.h is precompiled once per set of compile flags and serves later programs, a damaged one is made again") {
    const fs::path dir = fresh_dir("precompiled");
    const fs::path cache = dir / "cache";
    const auto run = [&](const std::string& name, const std::string& flags) {
        std::ofstream(dir / (name + ".cu")) << "#include <cstdio>\n__global__ void k(int* p) { p[threadIdx.x] = 1; }\n"
                                               "int main() { int* p; cudaMallocManaged(&p, 128); k<<<1, 32>>>(p);\n"
                                               "  cudaDeviceSynchronize(); std::printf(\"" << name << " %d\\n\", p[31]); }\n";
        return shell(std::string(SIMT_EXE) + " -v run --cache-dir " + cache.string() + " " + flags + " " +
                     (dir / (name + ".cu")).string());
    };
    const auto headers = [&] {
        std::vector<fs::path> made;
        for (const auto& e : fs::directory_iterator(cache / "pch")) made.push_back(e.path() / "simt" / "cuda.h.gch");
        return made;
    };
    const Result first = run("one", "");
    CHECK(first.out == "one 1\n");
    REQUIRE(headers().size() == 1);
    const std::string used = "-I " + headers()[0].parent_path().parent_path().string() + " ";
    CHECK_THAT(first.err, Catch::Contains(used));
    const Result second = run("two", "");  // another program, the same flags: the same header
    CHECK(second.out == "two 1\n");
    CHECK_THAT(second.err, Catch::Contains(used));
    CHECK_THAT(second.err, !Catch::Contains("precompile: "));
    CHECK(headers().size() == 1);
    CHECK(run("three", "-DSIMT_TEST_MACRO=3").out == "three 1\n");  // other macros: a header of their own
    CHECK(headers().size() == 2);
    // Truncated, as by a full disk: made again, and the program still builds.
    for (const fs::path& header : headers()) fs::resize_file(header, 1000);
    const Result damaged = run("four", "");
    CHECK(damaged.status == 0);
    CHECK(damaged.out == "four 1\n");
    CHECK_THAT(damaged.err, Catch::Contains("precompile: "));
    // Overwritten in place, its size unchanged: made again too.
    for (const fs::path& header : headers()) {
        std::fstream bytes(header, std::ios::in | std::ios::out | std::ios::binary);
        bytes.seekp(512);
        bytes << std::string(64, '\0');
    }
    const Result overwritten = run("five", "");
    CHECK(overwritten.status == 0);
    CHECK(overwritten.out == "five 1\n");
    CHECK_THAT(overwritten.err, Catch::Contains("precompile: "));
    const Result cleaned = shell(std::string(SIMT_EXE) + " cache clean --cache-dir " + cache.string());
    CHECK_FALSE(fs::exists(cache / "pch"));
    fs::remove_all(dir);
}

namespace {

// Program `i` of the stress test: prints 496 * i, exits with i % 3.
void stress_program(const fs::path& dir, int i) {
    std::ofstream(dir / ("p" + std::to_string(i) + ".cu"))
        << "#include <cstdio>\n__global__ void k(int* p) { p[threadIdx.x] = threadIdx.x * " << i << "; }\n"
        << "int main() {\n  int* p;\n  cudaMallocManaged(&p, 32 * sizeof(int));\n  k<<<1, 32>>>(p);\n"
        << "  cudaDeviceSynchronize();\n  int s = 0;\n  for (int i = 0; i < 32; ++i) s += p[i];\n"
        << "  std::printf(\"%d\\n\", s);\n  return " << i % 3 << ";\n}\n";
}

}  // namespace

// Issue 44 asked for 16 runs of 8 programs (they all failed before the
// cache held its entries, and all passed after); CI runs half of each, ~15
// CPU-s on 2 cores, where evictions and cleans still meet every run.
TEST_CASE("8 runs of 4 programs at once on one cache at a small limit, cleaned while they build, each print and exit as alone") {
    // CI runners share a cache between jobs: eviction for the limit and
    // `simt cache clean` pass over what another run holds (tools/cache_hold.h).
    const fs::path dir = fresh_dir("cache-stress");
    const fs::path cache = dir / "cache";
    constexpr int kPrograms = 4;
    for (int i = 1; i <= kPrograms; ++i) stress_program(dir, i);
    // Room for the precompiled header (~45 MiB) and a few programs, so
    // runs evict each other's programs; the cleans take the header too.
    const std::string run = std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " --cache-limit 50 " + dir.string();
    std::string script = "pids=; ";
    for (const char* round : {"a", "b"})
        for (int i = 1; i <= kPrograms; ++i) {
            const std::string name = (dir / (round + std::to_string(i))).string();
            script += "(" + run + "/p" + std::to_string(i) + ".cu >" + name + ".out 2>" + name + ".err; echo $? >" + name +
                      ".status) & pids=\"$pids $!\"; ";
        }
    script += "cleans=0; while kill -0 $pids 2>/dev/null; do " + std::string(SIMT_EXE) + " cache clean --cache-dir " +
              cache.string() + " >/dev/null || exit 9; cleans=$((cleans + 1)); sleep 0.2; done; wait; echo $cleans";
    const Result all = shell("bash -c '" + script + "'");
    REQUIRE(all.status == 0);
    INFO("cleans during the runs: " << all.out);
    for (const char* round : {"a", "b"})
        for (int i = 1; i <= kPrograms; ++i) {
            const fs::path name = dir / (round + std::to_string(i));
            CAPTURE(name.string(), slurp(name.string() + ".err"));
            CHECK(slurp(name.string() + ".out") == std::to_string(496 * i) + "\n");
            CHECK(slurp(name.string() + ".status") == std::to_string(i % 3) + "\n");
            CHECK(slurp(name.string() + ".err") == kCleanRun);
        }
    for (const auto& e : fs::recursive_directory_iterator(cache)) {  // nothing half-made left behind
        const std::string file = e.path().filename().string();
        CHECK(file.rfind(".build-", 0) != 0);
        CHECK(file.rfind(".link-", 0) != 0);
        CHECK(file.rfind(".removing-", 0) != 0);
    }
    fs::remove_all(dir);
}

TEST_CASE("simt cache clean keeps a program another run is running, and says so") {
    const fs::path dir = fresh_dir("cache-clean-held");
    const fs::path cache = dir / "cache";
    std::ofstream(dir / "slow.cu") << "#include <cstdio>\n#include <unistd.h>\n"
                                      "int main() { std::printf(\"slept\\n\"); std::fflush(stdout); sleep(2); return 0; }\n";
    std::ofstream(dir / "quick.cu") << "int main() { return 0; }\n";
    const std::string simt_dir = std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " ";
    REQUIRE(shell(simt_dir + (dir / "quick.cu").string()).status == 0);
    // Built, so the next run starts at once.
    REQUIRE(shell(std::string(SIMT_EXE) + " build --cache-dir " + cache.string() + " " + (dir / "slow.cu").string()).status == 0);
    const Result both = shell("bash -c '" + simt_dir + (dir / "slow.cu").string() + " > " + (dir / "slow.out").string() +
                              " 2>&1 & sleep 1; " + SIMT_EXE + " cache clean --cache-dir " + cache.string() + "; wait $!'");
    CHECK(both.status == 0);
    CHECK_THAT(both.out, Catch::StartsWith("removed 1 program ("));
    CHECK_THAT(both.out, Catch::EndsWith("; kept 1 in use by running simt processes\n"));
    CHECK(slurp(dir / "slow.out") == "slept\n" + kCleanRun);
    const Result later = shell(std::string(SIMT_EXE) + " cache clean --cache-dir " + cache.string());
    CHECK_THAT(later.out, Catch::StartsWith("removed 1 program ("));  // no longer in use
    fs::remove_all(dir);
}

TEST_CASE("simt cache stats says what the cache holds and how often it served a run") {
    const fs::path dir = fresh_dir("cache-stats");
    const fs::path cache = dir / "cache";
    std::ofstream(dir / "p.cu") << "int main() { return 0; }\n";
    const std::string run = std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " " + (dir / "p.cu").string();
    for (int i = 0; i < 3; ++i) REQUIRE(shell(run).status == 0);
    REQUIRE(shell(std::string(SIMT_EXE) + " run --cache-dir " + cache.string() + " -O3 " + (dir / "p.cu").string()).status == 0);
    const Result stats = shell(std::string(SIMT_EXE) + " cache stats --cache-dir " + cache.string());
    CHECK(stats.status == 0);
    CHECK_THAT(stats.out, Catch::StartsWith("cache: " + cache.string() + "\nprograms: 2 ("));
    CHECK_THAT(stats.out, Catch::Contains("\nin use by running simt processes: 0\n"
                                          "runs served from the cache: 2\n"
                                          "programs compiled: 2\n"
                                          "programs linked again from cached objects: 0\n"
                                          "removed to stay under --cache-limit: 0\n"));
    // A cache nobody used yet: all zero, no error.
    const Result empty = shell(std::string(SIMT_EXE) + " cache stats --cache-dir " + (dir / "none").string());
    CHECK(empty.status == 0);
    CHECK_THAT(empty.out, Catch::Contains("programs: 0 (0 MiB)\n"));
    fs::remove_all(dir);
}

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
    CHECK_THAT(rebuilt.err, Catch::Contains("hello.o is missing): rebuilding it"));
    CHECK_THAT(rebuilt.err, Catch::Contains("compile:"));
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
    // The programs; the precompiled simt/cuda.h (cache/pch/) is kept apart
    // from the limit.
    const auto slots = [&] {
        std::size_t n = 0;
        for (const auto& e : fs::directory_iterator(cache)) n += e.path().filename() != "pch";
        return n;
    };
    const auto bytes = [&] {
        std::uintmax_t total = 0;
        for (const auto& e : fs::recursive_directory_iterator(cache))
            if (e.is_regular_file() && e.path().string().find("/pch/") == std::string::npos) total += e.file_size();
        return total;
    };
    for (const char* value : {"1", "2", "3"}) CHECK(run(value, "1024").out == std::string(value) + "\n");
    REQUIRE(slots() == 3);
    CHECK_THAT(run("1", "1024").err, Catch::Contains("cache hit"));  // 1 is now the most recently used
    // Room for two and a half programs: building a fourth drops 2 and 3, the least recently used.
    const double program_mib = double(bytes()) / 3 / (1 << 20);
    const long room_mib = std::lround(program_mib * 2.5);
    REQUIRE(room_mib > program_mib * 2);  // whole MiB: programs of at least 1 MiB leave room for two, not three
    REQUIRE(room_mib < program_mib * 3);
    const std::string room = std::to_string(room_mib);
    CHECK(run("4", room).out == "4\n");
    CHECK(slots() == 2);
    CHECK_THAT(run("1", room).err, Catch::Contains("cache hit"));
    CHECK_THAT(run("4", room).err, Catch::Contains("cache hit"));
    CHECK_THAT(run("2", room).err, !Catch::Contains("cache hit"));
    // A limit below one program keeps only the one just built.
    CHECK(run("3", "1").out == "3\n");
    CHECK(slots() == 1);
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
    const Result cleaned = shell(std::string(SIMT_EXE) + " cache clean --cache-dir " + cache.string());
    CHECK(cleaned.status == 0);
    CHECK_THAT(cleaned.out, Catch::StartsWith("removed 1 program ("));
    CHECK_THAT(cleaned.out, Catch::EndsWith(" MiB) from " + cache.string() + "\n"));
    CHECK(fs::exists(cache / "notes.txt"));
    std::size_t left = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(cache)) ++left;
    CHECK(left == 1);
    CHECK(shell(std::string(SIMT_EXE) + " cache clean --cache-dir " + cache.string()).out ==
          "removed 0 programs (0 MiB) from " + cache.string() + "\n");
    fs::remove_all(dir);
}

TEST_CASE("simt/cuda.h is precompiled once per set of compile flags and serves later programs; a damaged one is made again") {
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
    const Result cleaned = shell(std::string(SIMT_EXE) + " cache clean --cache-dir " + cache.string());
    CHECK_FALSE(fs::exists(cache / "pch"));
    fs::remove_all(dir);
}

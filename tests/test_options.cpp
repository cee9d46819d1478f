// The options table (driver/options.inc): what SIMT_OPTIONS carries and how
// strictly the program reads it back.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "driver/options.h"
#include "simt/embedding.h"

using simt::driver::decode;
using simt::driver::encode;
using simt::driver::OptionsError;
using simt::driver::RunOptions;

TEST_CASE("every option set on the command line reaches the program unchanged through SIMT_OPTIONS") {
    RunOptions set;
    set.mode = "lockstep";
    set.warp_size = 64;
    set.seed = ~std::uint64_t(0);
    set.threads = 2;
    set.check = "race,init";
    set.report = "sarif";
    set.report_file = "odd;name=x\\y.sarif";
    set.leak_check = true;
    set.trace_blocks = 7;
    set.kernel_name = "kns=red,kne=reduce";
    const RunOptions back = decode(encode(set));
    CHECK(encode(back) == encode(set));
    CHECK(back.report_file == "odd;name=x\\y.sarif");
    CHECK(back.kernel_name == "kns=red,kne=reduce");
    CHECK(back.seed == ~std::uint64_t(0));
    CHECK(encode(decode("")) == encode(RunOptions{}));
}

TEST_CASE("an unknown SIMT_OPTIONS key is an error that lists the known ones") {
    CHECK_THROWS_WITH(decode("mode=its;chek=race"), Catch::StartsWith("unknown option 'chek' (known: mode, warp-size, seed"));
}

TEST_CASE("a part of SIMT_OPTIONS that is not key=value is an error, not dropped") {
    // Command-line syntax where the program expects SIMT_OPTIONS' own ran every check.
    CHECK_THROWS_WITH(decode("--check none --threads 1"),
                      "'--check none --threads 1' is not key=value (e.g. check=none;threads=1)");
    CHECK_THROWS_WITH(decode("check=none;threads"), Catch::StartsWith("'threads' is not key=value"));
    CHECK(decode("check=none;;threads=1;").threads == 1);
}

TEST_CASE("a checker name is matched whole: a name that merely contains a known one is refused") {
    for (const char* list : {"racecheck", "rac", "race,initial", "race;check=none,memoryx"}) {
        CAPTURE(list);
        CHECK_THROWS_AS(decode(std::string("check=") + list), OptionsError);
    }
    CHECK(decode("check=race,none").check == "race,none");
    CHECK_THROWS_WITH(decode("check=race,rcae"),
                      "check=rcae is not one of: race, barrier, warp-sync, shuffle, memory, init, none");
}

TEST_CASE("a kernel filter is read strictly: known keys with a value, no empty components") {
    CHECK(decode("kernel-name=kns\\=red,kernel_name\\=reduce").kernel_name == "kns=red,kernel_name=reduce");
    CHECK(decode("kernel-name-exclude=warmup").kernel_name_exclude == "warmup");
    CHECK_THROWS_WITH(decode("kernel-name=kre\\=red"),
                      Catch::StartsWith("kernel-name=kre=red: 'kre' is not a key simt knows (kernel_name or kne"));
    CHECK_THROWS_WITH(decode("kernel-name=kns\\="), "kernel-name=kns=: kns= names no kernel");
    CHECK_THROWS_WITH(decode("kernel-name-exclude=a,,b"),
                      Catch::StartsWith("kernel-name-exclude=a,,b: an empty component"));
}

TEST_CASE("a count in SIMT_OPTIONS is plain decimal within its range, and the old keys warp and stack still read") {
    CHECK(decode("seed=010").seed == 10);
    CHECK_THROWS_WITH(decode("threads=1025"), "Value 1025 not in range 0 to 1024");
    CHECK_THROWS_WITH(decode("seed=-5"), "seed=-5 is not a whole number of 0 or more");
    CHECK_THROWS_WITH(decode("seed=0x10"), "seed=0x10 is not a whole number of 0 or more");
    CHECK_THROWS_WITH(decode("warp-size=48"), "warp-size=48 is not one of: 32, 64");
    CHECK_THROWS_WITH(decode("leak-check=yes"), "leak-check=yes is not one of: 1, 0");
    CHECK(decode("warp=64;stack=131072").warp_size == 64);
    CHECK(decode("warp=64;stack=131072").stack_size == 131072);
}

TEST_CASE("docs/options.md lists every option of the table with its default") {
    std::ifstream in(std::string(SIMT_SOURCE_DIR) + "/docs/options.md");
    std::ostringstream text;
    text << in.rdbuf();
    const RunOptions defaults;
    simt::driver::visit_options(defaults, [&](const simt::driver::OptionSpec& spec, const auto& member) {
        CAPTURE(spec.name);
        CHECK_THAT(text.str(), Catch::Contains("`--" + std::string(spec.name) + "`"));
        std::ostringstream shown;
        shown << member;
        if (spec.kind != simt::driver::OptionKind::Flag && !shown.str().empty())
            CHECK_THAT(text.str(), Catch::Contains("`--" + std::string(spec.name) + "` | `" + shown.str() + "`"));
    });
}

TEST_CASE("the --check names the options table accepts are exactly the checkers the runtime registers") {
    std::set<std::string> accepted;
    for (const simt::driver::OptionSpec& spec : simt::driver::option_specs()) {
        if (spec.name != "check") continue;
        std::string domain(spec.domain);
        for (std::size_t at = 0; at <= domain.size();) {
            const std::size_t bar = std::min(domain.find('|', at), domain.size());
            accepted.insert(domain.substr(at, bar - at));
            at = bar + 1;
        }
    }
    accepted.erase("none");
    const std::vector<std::string> names = simt::cuda::checker_names();
    CHECK(std::set<std::string>(names.begin(), names.end()) == accepted);
    CHECK(names.size() == accepted.size());
}

// Golden output of the text and JSON printers for one deterministic launch
// (lockstep mode), with the source directory masked.
#include "support.h"

#include <set>

#include "driver/rule.h"
#include "driver/structured_report.h"
#include "driver/text_report.h"

namespace {

__global__ void neighbours(int* out) {
    __shared__ int cell[64];
    cell[threadIdx.x] = int(threadIdx.x);
    out[threadIdx.x] = cell[(threadIdx.x + 1) % 64];
}

std::string masked(std::string text) {
    const std::string dir = std::string(__FILE__).substr(0, std::string(__FILE__).rfind('/') + 1);
    for (std::size_t at; (at = text.find(dir)) != std::string::npos;) text.replace(at, dir.size(), "<dir>/");
    return text;
}

}  // namespace

TEST_CASE("the text printer's output for a launch, golden") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Lockstep, 32, 0, 1), simt::test::race_only());
    simt::test::Managed<int> out(64);
    neighbours<<<1, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    std::string text;
    for (const auto& g : simt::cuda::last_launch_hazards()) text += simt::driver::format_text(g);
    CHECK(masked(text) ==
          "simt: warning: race hazard (RAW, warp-synchronous) on shared memory in kernel neighbours\n"
          "  Read of size 4 at __shared__ neighbours::cell[1] (byte offset 4 of 256) by thread (0,0,0) of block (0,0,0) (warp 0, lane 0) at test_reports.cu:16\n"
          "  Previous write of size 4 by thread (1,0,0) of block (0,0,0) (warp 0, lane 1) at test_reports.cu:15\n"
          "  Why: lanes of one warp access the same bytes without __syncwarp; this is correct only where warps run in lockstep (pre-Volta, AMD) and races on Volta and later\n"
          "  Fix: add __syncwarp() between line 15 and line 16\n"
          "  (62 instances of this hazard in this launch)\n"
          "simt: error: race hazard (WAR) on shared memory in kernel neighbours\n"
          "  Write of size 4 at __shared__ neighbours::cell[32] (byte offset 128 of 256) by thread (32,0,0) of block (0,0,0) (warp 1, lane 0) at test_reports.cu:15\n"
          "  Previous read of size 4 by thread (31,0,0) of block (0,0,0) (warp 0, lane 31) at test_reports.cu:16\n"
          "  Why: threads of different warps access the same bytes with no barrier between, so the write may change the value before the other thread has read it\n"
          "  Fix: add __syncthreads() between line 15 and line 16\n"
          "simt: error: race hazard (RAW) on shared memory in kernel neighbours\n"
          "  Read of size 4 at __shared__ neighbours::cell[0] (byte offset 0 of 256) by thread (63,0,0) of block (0,0,0) (warp 1, lane 31) at test_reports.cu:16\n"
          "  Previous write of size 4 by thread (0,0,0) of block (0,0,0) (warp 0, lane 0) at test_reports.cu:15\n"
          "  Why: threads of different warps access the same bytes with no barrier between, so the read may see the value from before or after the write\n"
          "  Fix: add __syncthreads() between line 15 and line 16\n");
}

TEST_CASE("the JSON printer's output for a launch, golden") {
    simt::cuda::reset_device(simt::test::options(simt::ScheduleMode::Lockstep, 32, 0, 1), simt::test::race_only());
    simt::test::Managed<int> out(64);
    neighbours<<<1, 64>>>(out);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    std::vector<simt::driver::HazardGroup> groups = simt::cuda::last_launch_hazards();
    groups.resize(1);
    const std::string json = simt::driver::format_json({simt::driver::LaunchHazards{"neighbours", 0, groups}});
    CHECK(masked(json) ==
          "{\n"
          "  \"tool\": \"simt\",\n"
          "  \"schema_version\": 1,\n"
          "  \"version\": \"0.1.0\",\n"
          "  \"execution\": {\"successful\": true},\n"
          "  \"launches\": [\n"
          "    {\"kernel\": \"neighbours\", \"launch\": 0, \"hazards\": [\n"
          "      {\"checker\": \"race\", \"kind\": \"RAW, warp-synchronous\", \"severity\": \"warning\", \"space\": \"shared\", "
          "\"location\": \"__shared__ neighbours::cell[1] (byte offset 4 of 256)\", \"instances\": 62,\n"
          "       \"launches\": [{\"launch\": 0, \"instances\": 62}],\n"
          "       \"access\": {\"kind\": \"read\", \"size\": 4, \"thread\": [0, 0, 0], \"block\": [0, 0, 0], \"warp\": 0, \"lane\": 0, "
          "\"file\": \"<dir>/test_reports.cu\", \"line\": 16, \"function\": \"neighbours\"},\n"
          "       \"previous\": {\"kind\": \"write\", \"size\": 4, \"thread\": [1, 0, 0], \"block\": [0, 0, 0], \"warp\": 0, \"lane\": 1, "
          "\"file\": \"<dir>/test_reports.cu\", \"line\": 15, \"function\": \"neighbours\"},\n"
          "       \"why\": \"lanes of one warp access the same bytes without __syncwarp; this is correct only where warps run in lockstep (pre-Volta, AMD) and races on Volta and later\",\n"
          "       \"fix\": \"add __syncwarp() between line 15 and line 16\"}\n"
          "    ]}\n"
          "  ],\n"
          "  \"summary\": {\"hazards\": 1, \"errors\": 0, \"warnings\": 1, \"notes\": 0, \"launches_with_hazards\": 1}\n"
          "}\n");
}

TEST_CASE("every rule has its own SARIF id, of its family and kind, and a why and fix true of every instance") {
    std::set<std::string> ids;
    std::size_t rules = 0;
#define SIMT_RULE(id, family, kind, why, fix)                                                           \
    ++rules;                                                                                            \
    CHECK(std::string(simt::driver::rule_why(simt::driver::Rule::id)) == why);                            \
    CHECK(std::string(simt::driver::rule_fix(simt::driver::Rule::id)).size() > 20);                       \
    CHECK_THAT(std::string(why) + fix, !Catch::Matches(".*line [0-9].*"));                               \
    ids.insert(simt::driver::rule_id(simt::driver::Rule::id, "cudaErrorInvalidValue"));                   \
    CHECK(simt::driver::family_of(simt::driver::Rule::id) == simt::driver::Family::family);                \
    CHECK_THAT(simt::driver::rule_id(simt::driver::Rule::id, "cudaErrorInvalidValue"),                    \
               Catch::StartsWith(std::string(simt::driver::family_name(simt::driver::Family::family)) + "/"));
#include "driver/rules.inc"
#undef SIMT_RULE
    CHECK(ids.size() == rules);
    CHECK(simt::driver::rule_id(simt::driver::race_rule(simt::driver::RaceOrder::ReadAfterWrite,
                                                      simt::driver::RaceScope::WarpSynchronous)) ==
          "race/RAW-warp-synchronous");
    CHECK(simt::driver::rule_id(simt::driver::Rule::ApiError, "cudaErrorInvalidValue") == "api/cudaErrorInvalidValue");
    CHECK(simt::driver::kind_text(simt::driver::Rule::WarpSyncSpinWait) == "intra-warp spin-wait");
}

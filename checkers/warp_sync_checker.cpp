#include "checkers/warp_sync_checker.h"

#include <cstdio>
#include <string>

#include "checkers/per_block_state.h"
#include "emulator/symbolizer.h"

namespace simt::check {

using driver::HazardAccess;
using driver::HazardKey;
using driver::HazardReport;
using driver::Rule;
using driver::Severity;
namespace {

std::string hex(std::uint64_t mask) {
    char text[32];
    std::snprintf(text, sizeof text, "%#llx", static_cast<unsigned long long>(mask));
    return text;
}

Rule rule_for(WarpMisuse misuse) {
    switch (misuse) {
        case WarpMisuse::CallerNotInMask: return Rule::WarpSyncMaskWithoutCaller;
        case WarpMisuse::MixedCollectives: return Rule::WarpSyncDifferentCollectives;
        case WarpMisuse::DifferentMasks: return Rule::WarpSyncDifferentMasks;
        case WarpMisuse::TruncatedMask: return Rule::WarpSyncMaskTruncated;
        case WarpMisuse::IntraWarpSpin: return Rule::WarpSyncSpinWait;
        case WarpMisuse::PartialMatrixCall: return Rule::WarpSyncPartialMatrix;
        case WarpMisuse::DivergentMatrixCall: return Rule::WarpSyncDivergentMatrix;
    }
    return Rule::WarpSyncDifferentMasks;
}

}  // namespace

void WarpSyncChecker::on_warp_sync(const WarpSyncEvent& e) {
    if (!launch_.lockstep || e.lane_sites == nullptr) return;
    int same = -1, other = -1;
    for (std::uint64_t lanes = e.participants; lanes != 0; lanes &= lanes - 1) {
        const int lane = __builtin_ctzll(lanes);
        if (e.lane_sites[lane] == e.pc) {
            if (same < 0) same = lane;
        } else if (other < 0) {
            other = lane;
        }
    }
    if (same < 0 || other < 0) return;
    ThreadId who;
    who.block = e.block;
    who.warp = e.warp;
    who.lane = std::uint32_t(same);
    who.linear = e.warp * launch_.warp_size + who.lane;
    who.thread = launch_.block.unlinearize(who.linear);
    report(Rule::WarpSyncDivergent, Misuse{who, e.mask, e.pc, e.lane_sites[other], std::uint32_t(other)});
}

void WarpSyncChecker::on_warp_misuse(const WarpMisuseEvent& e) {
    report(rule_for(e.kind), Misuse{e.who, e.mask, e.pc, e.other_pc, e.lane});
}


void WarpSyncChecker::report(Rule rule, const Misuse& e) {
    const HazardKey key{rule, e.pc, e.other_pc != nullptr ? e.other_pc : e.pc};
    const Severity severity = rule == Rule::WarpSyncMaskTruncated ? Severity::Warning : Severity::Error;
    log_.record(linear_block(launch_, e.who.block), key, severity, [&] {
        HazardReport r;
        r.rule = rule;
        r.kernel = launch_.kernel;
        r.severity = severity;
        r.current = HazardAccess{e.who, AccessKind::Read, 0, e.pc};
        const std::string lane = "lane " + std::to_string(e.lane);
        const std::uint64_t lanes = launch_.warp_size == 64 ? ~0ull : 0xffffffffull;
        r.location = rule == Rule::WarpSyncSpinWait ? "warp " + std::to_string(e.who.warp)
                                                          : "mask " + hex(e.mask & lanes) + " of warp " + std::to_string(e.who.warp);
        switch (rule) {
            case Rule::WarpSyncMaskWithoutCaller:
                r.why = "the mask does not name the calling " + lane +
                        "; CUDA requires every lane that calls a *_sync collective to be in its mask, "
                        "otherwise the result is undefined";
                r.fix = "pass a mask that includes the calling lane: compute it from warpSize rather than a constant "
                        "such as 0xffffffff, or take __ballot_sync of the lanes that reach this call";
                break;
            case Rule::WarpSyncDifferentCollectives:
                r.previous = HazardAccess{e.who, AccessKind::Read, 0, e.other_pc};
                r.why = "lanes named in one mask wait at different kinds of warp collective, which can never meet; "
                        "on a GPU the warp hangs or exchanges wrong values (the launch was stopped)";
                r.fix = "make every lane of the mask execute the same collective, or give each branch a mask of "
                        "only the lanes that take it";
                break;
            case Rule::WarpSyncDifferentMasks:
                r.previous = HazardAccess{e.who, AccessKind::Read, 0, e.other_pc};
                r.why = "the mask names " + lane +
                        ", which waits at a collective with another mask; lanes meet only those that pass the same "
                        "mask, so neither can complete (the launch was stopped; on a GPU this hangs or exchanges "
                        "wrong values)";
                r.fix = "give every lane that meets at a collective the same mask: compute it once (e.g. from "
                        "__ballot_sync before the branch) and pass that value everywhere";
                break;
            case Rule::WarpSyncMaskTruncated:
                r.why = "the result names lanes of a 64-lane warp (" + lane +
                        " and up), but CUDA returns it as a 32-bit unsigned, so lanes 32-63 are lost";
                r.fix = "under --warp-size 64 use the 64-bit forms: simt_ballot64, simt_activemask64, "
                        "simt_match_any64, simt_match_all64 (HIP returns 64-bit masks the same way)";
                break;
            case Rule::WarpSyncSpinWait:
                r.previous = HazardAccess{e.who, AccessKind::Write, 0, e.other_pc};
                r.why = "the lane spins until " + lane +
                        " of its own warp writes what it polls; before Volta (sm_6x, and on AMD) a diverged warp "
                        "runs one path at a time and does not leave the spinning loop, so the writing lane never "
                        "runs and the warp hangs (Volta and later schedule the lanes independently)";
                r.fix = "do not make lanes of one warp wait for each other in a loop: exchange the value with a "
                        "shuffle or __syncwarp, or let a lane of another warp do the waiting";
                break;
            case Rule::WarpSyncDivergent:
                r.previous = HazardAccess{e.who, AccessKind::Read, 0, e.other_pc};
                r.why = "lanes of one mask reach this collective from different calls (" + lane +
                        " is at another one); before Volta (sm_6x, and on AMD) all lanes of the mask must execute the "
                        "same call converged, so this hangs or mismatches there";
                r.fix = "move the collective out of the divergent branches so every lane executes the same call, or "
                        "rely on it only on Volta and later (--mode its)";
                r.complete = [](HazardReport& report) {
                    return describe(report.current.pc) != describe(report.previous.pc);  // one line, two addresses
                };
                break;
            case Rule::WarpSyncPartialMatrix:
                r.why = "warp matrix functions (mma.h) need all 32 lanes of the warp, but " + lane +
                        " did not take part (it had exited or lies past the block's last thread); an H200 then "
                        "computes garbage (measured), and simt counts the missing lanes' elements as zero";
                r.fix = "let every lane of the warp reach the call: give the block a multiple of 32 threads and "
                        "return only after the warp's last wmma call";
                break;
            case Rule::WarpSyncDivergentMatrix:
                r.previous = HazardAccess{e.who, AccessKind::Read, 0, e.other_pc};
                r.why = "lanes of the warp reach this warp matrix function from different calls (" + lane +
                        " is at another one); wmma instructions are .aligned, every lane must execute the same "
                        "call, and an H200 hangs here (measured)";
                r.fix = "move the call out of the divergent branches so that every lane of the warp executes it";
                r.complete = [](HazardReport& report) {
                    return describe(report.current.pc) != describe(report.previous.pc);
                };
                break;
            default: break;  // not a warp-sync rule
        }
        if (r.previous.pc != nullptr) {  // the other lane, of the same warp
            r.previous.who.lane = e.lane;
            r.previous.who.linear = e.who.linear - e.who.lane + e.lane;
            r.previous.who.thread = launch_.block.unlinearize(r.previous.who.linear);
        }
        return r;
    });
}

}  // namespace simt::check

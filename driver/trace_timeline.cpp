#include "driver/trace_timeline.h"

#include <algorithm>
#include <map>
#include <utility>

#include "driver/json_text.h"

namespace simt::driver {

using driver::json_string;

namespace {

// What a slice's colour means, the same in every trace (the viewer's
// reserved colour names: catapult's `cname`).
enum class Colour { Running, Barrier, Collective, Convergence, Divergent, Error, Warning, Note, Fault };

const char* colour_name(Colour c) {
    switch (c) {
        case Colour::Running: return "thread_state_running";      // green
        case Colour::Barrier: return "thread_state_iowait";       // orange
        case Colour::Collective: return "thread_state_runnable";  // blue
        case Colour::Convergence: return "thread_state_sleeping"; // grey
        case Colour::Divergent: return "yellow";
        case Colour::Error: return "terrible";                    // red
        case Colour::Warning: return "bad";                       // amber
        case Colour::Note: return "grey";
        case Colour::Fault: return "black";
    }
    return "grey";
}

// Half steps as microseconds: "12" or "12.5".
std::string micros(std::uint64_t half_steps) {
    return std::to_string(half_steps / 2) + (half_steps % 2 != 0 ? ".5" : "");
}

// An event's args object, built field by field.
class Args {
public:
    Args& text(const char* key, const std::string& value) { return add(key, json_string(value)); }
    Args& number(const char* key, std::uint64_t value) { return add(key, std::to_string(value)); }
    Args& object(const char* key, const Args& value) { return add(key, value.str()); }
    bool empty() const { return body_.empty(); }
    std::string str() const { return "{" + body_ + "}"; }

private:
    Args& add(const char* key, const std::string& json) {
        if (!body_.empty()) body_ += ", ";
        body_ += json_string(key) + ": " + json;
        return *this;
    }
    std::string body_;
};

// A stop or a wait: why a thread stopped and where.
using Place = std::pair<StopReason, const void*>;

bool is_wait(StopReason why) {
    return why == StopReason::Barrier || why == StopReason::WarpCollective || why == StopReason::Convergence;
}

class BlockTimeline {
public:
    BlockTimeline(const BlockTrace& trace, const TimelineScope& scope, const std::vector<HazardGroup>& hazards,
                  CodePlaces& places)
        : trace_(trace), scope_(scope), places_(places) {
        const std::uint32_t threads = std::uint32_t(scope.block_dim.volume());
        const unsigned ws = scope.warp_size;
        lanes_.resize(threads);
        warps_.resize((threads + ws - 1) / ws);
        for (std::uint32_t t = 0; t < threads; ++t) warps_[t / ws].present |= std::uint64_t(1) << (t % ws);
        warp_text_.resize(warps_.size());
        if (scope.lanes) lane_text_.resize(threads);
        for (const HazardKey& key : trace.hazard_keys) {
            const HazardGroup* found = nullptr;
            for (const HazardGroup& g : hazards)
                if (g.key == key) found = &g;
            hazard_groups_.push_back(found);
        }
    }

    std::string build() {
        const std::vector<TraceStep>& steps = trace_.steps;
        const std::vector<TraceMark>& marks = trace_.marks;
        std::size_t m = 0;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            begin_step(i, steps[i].thread);
            while (m < marks.size() && marks[m].step == i) m = mark(m);
            end_step(i, steps[i]);
        }
        finish(2 * std::uint64_t(steps.size()));
        return text();
    }

private:
    struct LaneState {
        bool waiting = false;
        Place at{StopReason::Preempted, nullptr};
        std::uint64_t since = 0;
    };
    struct WarpState {
        std::uint64_t present = 0, exited = 0, waiting = 0;
        bool all_waiting = false;  // every live lane waits: a wait slice is open
        std::uint64_t wait_since = 0;
        bool diverged = false;     // since the last time all its lanes met at one place
        std::uint64_t live() const { return present & ~exited; }
    };

    unsigned ws() const { return scope_.warp_size; }
    std::uint64_t bit(std::uint32_t thread) const { return std::uint64_t(1) << (thread % ws()); }
    std::uint64_t at(std::uint64_t half_steps) const { return scope_.start + half_steps; }
    // Track ids are unique in the whole file, not only within a block's
    // process: some viewers name tracks by tid alone.
    std::uint64_t base_tid() const { return std::uint64_t(scope_.pid) * 100000; }
    std::uint64_t warp_tid(std::uint32_t warp) const { return base_tid() + 1 + warp * 100; }
    std::uint64_t hazard_tid() const { return base_tid() + 99999; }
    std::uint64_t lane_tid(std::uint32_t thread) const { return warp_tid(thread / ws()) + 1 + thread % ws(); }

    std::string stop_name(const Place& p) {
        switch (p.first) {
            case StopReason::Preempted: return places_.where(p.second);
            case StopReason::Exited: return "exit";
            case StopReason::Faulted: return "fault";
            default: return "to " + places_.wait_name(p.first, p.second);
        }
    }

    // ---- events ----
    void complete(std::string& out, std::uint64_t tid, const std::string& name, const char* cat,
                  std::uint64_t from, std::uint64_t to, const Args& args, Colour colour) {
        out += "{\"ph\": \"X\", \"pid\": " + std::to_string(scope_.pid) + ", \"tid\": " + std::to_string(tid) +
               ", \"ts\": " + micros(at(from)) + ", \"dur\": " + micros(to - from) + ", \"name\": " +
               json_string(name) + ", \"cat\": \"" + cat + "\", \"cname\": \"" + colour_name(colour) +
               "\", \"args\": " + args.str() + "},\n";
    }
    void instant(std::string& out, std::uint64_t tid, const std::string& name, const char* cat,
                 std::uint64_t when, bool process_wide, const Args& args, Colour colour) {
        out += "{\"ph\": \"i\", \"s\": \"" + std::string(process_wide ? "p" : "t") + "\", \"pid\": " +
               std::to_string(scope_.pid) + ", \"tid\": " + std::to_string(tid) + ", \"ts\": " +
               micros(at(when)) + ", \"name\": " + json_string(name) + ", \"cat\": \"" + cat +
               "\", \"cname\": \"" + colour_name(colour) + "\", \"args\": " + args.str() + "},\n";
    }
    static Colour lane_wait_colour(StopReason why) {
        return why == StopReason::WarpCollective ? Colour::Collective
               : why == StopReason::Convergence  ? Colour::Convergence
                                                 : Colour::Barrier;
    }
    void metadata(std::string& out, const char* name, const Args& args, std::int64_t tid = -1) {
        out += "{\"ph\": \"M\", \"pid\": " + std::to_string(scope_.pid) +
               (tid >= 0 ? ", \"tid\": " + std::to_string(tid) : std::string()) + ", \"name\": \"" + name +
               "\", \"args\": " + args.str() + "},\n";
    }

    // ---- steps ----
    void begin_step(std::size_t i, std::uint32_t thread) {
        const std::uint32_t warp = thread / ws();
        if (run_warp_ != std::int64_t(warp)) {
            close_run();
            open_run(warp, 2 * i);
        }
        if (scope_.lanes && lane_run_ != std::int64_t(thread)) {
            close_lane_run();
            lane_run_ = thread;
            lane_from_ = 2 * i;
        }
    }

    void end_step(std::size_t i, const TraceStep& s) {
        const Place p{s.why, s.pc};
        const std::uint64_t end = 2 * i + 2;
        ++run_steps_;
        run_lanes_ |= bit(s.thread);
        run_stops_[p] |= bit(s.thread);
        run_last_ = p;
        run_to_ = end;
        lane_last_ = p;
        lane_to_ = end;
        WarpState& w = warps_[s.thread / ws()];
        if (is_wait(s.why)) {
            lanes_[s.thread] = LaneState{true, p, end};
            w.waiting |= bit(s.thread);
        } else if (s.why == StopReason::Exited || s.why == StopReason::Faulted) {
            w.exited |= bit(s.thread);
            w.waiting &= ~bit(s.thread);
            if (s.why == StopReason::Faulted) {
                faulted_ = true;
                instant(warp_text_[s.thread / ws()], warp_tid(s.thread / ws()), "fault", "fault", end, false,
                        Args().text("thread", thread_name(s.thread)).number("lane", s.thread % ws()), Colour::Fault);
            }
        }
        if (!w.all_waiting && w.live() != 0 && (w.waiting & w.live()) == w.live()) start_warp_wait(s.thread / ws(), end);
    }

    std::string thread_name(std::uint32_t thread) const {
        const Dim3 t = scope_.block_dim.unlinearize(thread);
        return "(" + std::to_string(t.x) + "," + std::to_string(t.y) + "," + std::to_string(t.z) + ")";
    }

    // Where the waiting lanes of a warp wait, by name ("__syncthreads k.cu:14"):
    // two code addresses of one source line are one place.
    std::map<std::string, std::uint64_t> wait_places(std::uint32_t warp) {
        std::map<std::string, std::uint64_t> at;
        const std::uint32_t first = warp * ws();
        for (std::uint64_t l = warps_[warp].waiting; l != 0; l &= l - 1) {
            const unsigned lane = unsigned(__builtin_ctzll(l));
            const Place& p = lanes_[first + lane].at;
            at[places_.wait_name(p.first, p.second)] |= std::uint64_t(1) << lane;
        }
        return at;
    }

    static Args lanes_args(const std::map<std::string, std::uint64_t>& groups) {
        Args a;
        for (const auto& [name, lanes] : groups) a.text(name.c_str(), lane_list(lanes));
        return a;
    }
    // "lanes 0-15 at __syncthreads k.cu:12 | 16-31 at __syncwarp k.cu:14": a
    // divergence labelled with where each group is.
    static std::string groups_label(const std::map<std::string, std::uint64_t>& groups) {
        std::string s = "lanes ";
        for (const auto& [name, lanes] : groups) s += (s.size() == 6 ? "" : " | ") + lane_list(lanes) + " at " + name;
        return s;
    }
    // What the warp's waiting lanes wait for, when they all wait at one place.
    Colour wait_colour(std::uint32_t warp, std::size_t places) const {
        if (places != 1) return Colour::Divergent;
        const std::uint64_t waiting = warps_[warp].waiting;
        if (waiting == 0) return Colour::Barrier;
        switch (lanes_[warp * ws() + unsigned(__builtin_ctzll(waiting))].at.first) {
            case StopReason::WarpCollective: return Colour::Collective;
            case StopReason::Convergence: return Colour::Convergence;
            default: return Colour::Barrier;
        }
    }

    void start_warp_wait(std::uint32_t warp, std::uint64_t when) {
        WarpState& w = warps_[warp];
        w.all_waiting = true;
        w.wait_since = when;
        const auto groups = wait_places(warp);
        if (groups.size() > 1) {
            w.diverged = true;
            instant(warp_text_[warp], warp_tid(warp), "diverged: " + groups_label(groups), "divergence", when, false,
                    Args().object("lanes at", lanes_args(groups)).number("places", double(groups.size())),
                    Colour::Divergent);
        }
    }

    void close_warp_wait(std::uint32_t warp, std::uint64_t when, const char* released) {
        WarpState& w = warps_[warp];
        if (!w.all_waiting) return;
        w.all_waiting = false;
        const auto groups = wait_places(warp);
        const std::string name = groups.size() == 1 ? "wait " + groups.begin()->first
                                                    : "wait at " + std::to_string(groups.size()) + " places";
        Args args;
        args.object("lanes at", lanes_args(groups));
        if (released != nullptr) args.text("released", released);
        complete(warp_text_[warp], warp_tid(warp), name, "wait", w.wait_since, when, args,
                 wait_colour(warp, groups.size()));
    }

    // Lanes of one warp met at `meet` (the running one among them did not
    // wait); the waiting ones leave their waits at `when`. All of the warp's
    // live lanes meeting at one place ends a divergence.
    void release(std::uint32_t warp, std::uint64_t met, std::uint64_t when, const std::string& meet) {
        WarpState& w = warps_[warp];
        const std::uint64_t lanes = met & w.waiting;
        if (lanes == 0) return;
        split_run(warp, when, meet);
        close_warp_wait(warp, when, nullptr);
        if (w.diverged && (met & w.live()) == w.live() && wait_places(warp).size() == 1) {
            w.diverged = false;
            instant(warp_text_[warp], warp_tid(warp), "reconverged at " + meet, "divergence", when, false,
                    Args().text("at", meet).text("lanes", lane_list(met)), Colour::Running);
        }
        for (std::uint64_t l = lanes; l != 0; l &= l - 1) {
            const std::uint32_t thread = warp * ws() + unsigned(__builtin_ctzll(l));
            LaneState& s = lanes_[thread];
            s.waiting = false;
            if (scope_.lanes)
                complete(lane_text_[thread], lane_tid(thread), "wait " + places_.wait_name(s.at.first, s.at.second),
                         "wait", s.since, when, Args(), lane_wait_colour(s.at.first));
        }
        w.waiting &= ~lanes;
    }

    // Lanes of `warp` that wait for this reason.
    std::uint64_t waiting_for(std::uint32_t warp, StopReason why) const {
        std::uint64_t lanes = 0;
        for (std::uint64_t l = warps_[warp].waiting; l != 0; l &= l - 1) {
            const unsigned lane = unsigned(__builtin_ctzll(l));
            if (lanes_[warp * ws() + lane].at.first == why) lanes |= std::uint64_t(1) << lane;
        }
        return lanes;
    }

    // Handles the mark at `m` (and the convergence marks of the same
    // resolution); returns the index of the next.
    std::size_t mark(std::size_t m) {
        const TraceMark& k = trace_.marks[m];
        const std::uint64_t when = 2 * k.step + 1;
        switch (k.kind) {
            case TraceMark::Kind::Hazard: hazard(k, when); break;
            case TraceMark::Kind::BarrierRelease: {
                const std::string meet = places_.wait_name(StopReason::Barrier, k.pc);
                for (std::uint32_t warp = 0; warp < warps_.size(); ++warp) {
                    // The thread that arrived last (or exited) did not wait.
                    const std::uint64_t running = k.who / ws() == warp ? bit(k.who) : 0;
                    release(warp, waiting_for(warp, StopReason::Barrier) | running, when, meet);
                }
                instant(block_text_, warp_tid(0), "release " + meet, "barrier",
                        when, true, Args().number("threads", k.value), Colour::Barrier);
                break;
            }
            case TraceMark::Kind::WarpSync:
                release(k.who, k.value, when, places_.wait_name(StopReason::WarpCollective, k.pc));
                break;
            case TraceMark::Kind::Convergence: return convergence(m, when);
        }
        return m + 1;
    }

    std::size_t convergence(std::size_t m, std::uint64_t when) {
        const TraceMark& first = trace_.marks[m];
        const std::uint32_t warp = first.who;
        std::map<std::string, std::uint64_t> groups;
        std::uint64_t placed = 0;
        std::size_t next = m;
        for (; next < trace_.marks.size(); ++next) {
            const TraceMark& k = trace_.marks[next];
            if (k.kind != TraceMark::Kind::Convergence || k.step != first.step || k.who != warp) break;
            groups[places_.wait_name(StopReason::Convergence, k.pc)] |= k.value;
            placed |= k.value;
        }
        const std::string meet = groups.size() == 1 ? groups.begin()->first
                                                    : "convergence at " + std::to_string(groups.size()) + " places";
        WarpState& w = warps_[warp];
        const std::uint64_t live = w.live();
        if (groups.size() > 1 || (placed & live) != live) {
            w.diverged = true;
            Args args;
            args.object("lanes at", lanes_args(groups));
            if ((live & ~placed) != 0) args.text("lanes elsewhere", lane_list(live & ~placed));
            args.number("places", double(groups.size()));
            std::string label = groups_label(groups);
            if ((live & ~placed) != 0) label += " | " + lane_list(live & ~placed) + " elsewhere";
            instant(warp_text_[warp], warp_tid(warp), "diverged: " + label, "divergence", when, false, args,
                    Colour::Divergent);
        } else if (w.diverged) {
            w.diverged = false;
            instant(warp_text_[warp], warp_tid(warp), "reconverged at " + groups.begin()->first, "divergence", when,
                    false, Args().text("at", groups.begin()->first).text("lanes", lane_list(placed)), Colour::Running);
        }
        release(warp, placed, when, meet);
        return next;
    }

    void hazard(const TraceMark& k, std::uint64_t when) {
        const HazardGroup* g = k.value < hazard_groups_.size() ? hazard_groups_[k.value] : nullptr;
        if (g == nullptr) return;
        const HazardReport& r = g->example;
        const char* severity = r.severity == Severity::Error     ? "error"
                               : r.severity == Severity::Warning ? "warning"
                                                                 : "note";
        Args args;
        args.text("checker", family_name(r)).text("kind", kind_text(r)).text("severity", severity);
        args.text("location", r.location).text("line", places_.where(r.current.pc));
        if (r.previous.pc != nullptr) args.text("other line", places_.where(r.previous.pc));
        args.text("thread", thread_name(k.who)).number("warp", k.who / ws()).number("lane", k.who % ws());
        // A slice of half a step on the block's hazard track, in the step
        // that found it: visible at any zoom, unlike an instant.
        const Colour colour = r.severity == Severity::Error     ? Colour::Error
                              : r.severity == Severity::Warning ? Colour::Warning
                                                                : Colour::Note;
        const std::string name =
            std::string(family_name(r)) + " " + kind_text(r) + " (warp " + std::to_string(k.who / ws()) + ")";
        complete(hazard_text_, hazard_tid(), name, "hazard", when, when + 1, args, colour);
    }

    void open_run(std::uint32_t warp, std::uint64_t from) {
        run_warp_ = warp;
        run_from_ = from;
        run_lanes_ = 0;
        run_steps_ = 0;
        run_stops_.clear();
    }

    // The warp's lanes met at `meet` while one of them runs: its run slice
    // ends there, so in lockstep mode (where a warp may run for long) each
    // slice is the code between two synchronisation points.
    void split_run(std::uint32_t warp, std::uint64_t when, const std::string& meet) {
        if (run_warp_ != std::int64_t(warp) || run_steps_ == 0) return;
        run_to_ = when;
        close_run("to " + meet);
        open_run(warp, when);
    }

    // ---- closing ----
    // Named by where its last step stopped, unless `name` is given.
    void close_run(const std::string& name = "") {
        if (run_warp_ < 0) return;
        std::map<std::string, std::uint64_t> by_name;
        for (const auto& [p, lanes] : run_stops_) by_name[stop_name(p)] |= lanes;
        const std::uint32_t warp = std::uint32_t(run_warp_);
        complete(warp_text_[warp], warp_tid(warp), name.empty() ? stop_name(run_last_) : name, "run", run_from_, run_to_,
                 Args().text("lanes", lane_list(run_lanes_)).number("steps", run_steps_).object("stops", lanes_args(by_name)),
                 Colour::Running);
        run_warp_ = -1;
    }

    void close_lane_run() {
        if (lane_run_ < 0) return;
        const std::uint32_t thread = std::uint32_t(lane_run_);
        complete(lane_text_[thread], lane_tid(thread), stop_name(lane_last_), "run", lane_from_, lane_to_, Args(),
                 Colour::Running);
        lane_run_ = -1;
    }

    void finish(std::uint64_t end) {
        close_run();
        if (scope_.lanes) close_lane_run();
        const char* why = trace_.truncated ? "not in the trace (truncated)" : "never: the block ended here";
        std::uint32_t stuck = 0;
        for (std::uint32_t warp = 0; warp < warps_.size(); ++warp) {
            close_warp_wait(warp, end, why);
            for (std::uint64_t l = warps_[warp].waiting; l != 0; l &= l - 1) {
                const std::uint32_t thread = warp * ws() + unsigned(__builtin_ctzll(l));
                const LaneState& s = lanes_[thread];
                ++stuck;
                if (scope_.lanes)
                    complete(lane_text_[thread], lane_tid(thread), "wait " + places_.wait_name(s.at.first, s.at.second),
                             "wait", s.since, end, Args().text("released", why), lane_wait_colour(s.at.first));
            }
        }
        if (trace_.truncated)
            instant(block_text_, warp_tid(0), "trace truncated", "fault", end, true,
                    Args().number("records", BlockTrace::kMaxRecords), Colour::Fault);
        else if (stuck != 0 && !faulted_)
            instant(block_text_, warp_tid(0), "deadlock", "fault", end, true, Args().number("threads waiting", stuck),
                    Colour::Fault);
    }

    std::string text() {
        std::string out;
        metadata(out, "process_name", Args().text("name", scope_.process_name));
        metadata(out, "process_sort_index", Args().number("sort_index", scope_.pid));
        for (std::uint32_t warp = 0; warp < warps_.size(); ++warp) {
            metadata(out, "thread_name", Args().text("name", "warp " + std::to_string(warp)), warp_tid(warp));
            metadata(out, "thread_sort_index", Args().number("sort_index", warp_tid(warp)), warp_tid(warp));
            out += warp_text_[warp];
            if (!scope_.lanes) continue;
            for (std::uint64_t l = warps_[warp].present; l != 0; l &= l - 1) {
                const std::uint32_t thread = warp * ws() + unsigned(__builtin_ctzll(l));
                const std::string name = "warp " + std::to_string(warp) + " lane " + std::to_string(thread % ws());
                metadata(out, "thread_name", Args().text("name", name), lane_tid(thread));
                metadata(out, "thread_sort_index", Args().number("sort_index", lane_tid(thread)), lane_tid(thread));
                out += lane_text_[thread];
            }
        }
        if (!hazard_text_.empty()) {
            metadata(out, "thread_name", Args().text("name", "hazards"), hazard_tid());
            metadata(out, "thread_sort_index", Args().number("sort_index", hazard_tid()), hazard_tid());
            out += hazard_text_;
        }
        return out + block_text_;
    }

    const BlockTrace& trace_;
    const TimelineScope& scope_;
    CodePlaces& places_;
    std::vector<const HazardGroup*> hazard_groups_;  // by index in trace_.hazard_keys
    std::vector<LaneState> lanes_;
    std::vector<WarpState> warps_;
    std::vector<std::string> warp_text_, lane_text_;
    std::string block_text_;   // process-wide instants
    std::string hazard_text_;  // the block's hazard track
    bool faulted_ = false;
    // The warp run slice being built (one at a time: a block runs one thread at a time).
    std::int64_t run_warp_ = -1;
    std::uint64_t run_from_ = 0, run_to_ = 0, run_lanes_ = 0, run_steps_ = 0;
    std::map<Place, std::uint64_t> run_stops_;
    Place run_last_{StopReason::Preempted, nullptr};
    // The lane run slice being built (--trace-lanes).
    std::int64_t lane_run_ = -1;
    std::uint64_t lane_from_ = 0, lane_to_ = 0;
    Place lane_last_{StopReason::Preempted, nullptr};
};

}  // namespace

std::string block_timeline(const BlockTrace& trace, const TimelineScope& scope,
                           const std::vector<HazardGroup>& hazards, CodePlaces& places) {
    return BlockTimeline(trace, scope, hazards, places).build();
}

}  // namespace simt::driver

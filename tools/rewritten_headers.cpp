#include "tools/rewritten_headers.h"

#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "tools/program_build.h"
#include "tools/source_rewriter.h"
#include "tools/source_text.h"

namespace simt::tool {
namespace fs = std::filesystem;
namespace {

// One `#include "name"` or `#include <name>`: where the name sits in the text.
struct Include {
    std::size_t name_begin, name_end;  // the name without its quotes or brackets
    bool quoted;
};

std::vector<Include> includes_of(const std::string& text) {
    std::vector<Include> found;
    const frontend::SourceText source(text);
    for (const auto& d : source.directives()) {
        std::size_t i = text.find('#', d.start);
        if (i >= d.end) continue;
        i = text.find_first_not_of(" \t", i + 1);
        if (i >= d.end || text.compare(i, 7, "include") != 0 || frontend::is_ident(text[i + 7])) continue;
        i = text.find_first_not_of(" \t", i + 7);
        if (i >= d.end || (text[i] != '"' && text[i] != '<')) continue;  // a macro names it: left alone
        const char close = text[i] == '"' ? '"' : '>';
        const std::size_t end = text.find(close, i + 1);
        if (end >= d.end) continue;
        found.push_back(Include{i + 1, end, close == '"'});
    }
    return found;
}

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A file name as a string literal in an #include or #line.
std::string quoted(const fs::path& path) {
    std::string out = "\"";
    for (const char c : path.string()) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

class HeaderRewrite {
public:
    HeaderRewrite(const std::vector<fs::path>& include_dirs, const fs::path& dir) : include_dirs_(include_dirs), dir_(dir) {}

    // The copy of `header` to include instead, if it needs one (fills copies_).
    std::optional<fs::path> copy_of(const fs::path& header) {
        if (const auto known = state_.find(header); known != state_.end()) return known->second;
        state_[header] = std::nullopt;  // a cycle ends here (#pragma once or guards break it in the compiler)
        const std::string text = read_text(header);
        const std::string rewritten = rewrite_source(text, header);
        // The rewriter only adds its #line when it changes nothing.
        bool needed = rewritten != "#line 1 " + quoted(header) + "\n" + text;
        std::string pointed = point_includes(rewritten, header.parent_path(), needed);
        if (!needed) return std::nullopt;
        const fs::path copy = dir_ / header.relative_path();
        fs::create_directories(copy.parent_path());
        std::ofstream(copy, std::ios::binary) << pointed;
        originals_.push_back(header);
        state_[header] = copy;
        return copy;
    }

    // `text` (from a file in `dir`) with each include that resolves to a
    // user header spelled as an absolute path: the copy's if it has one.
    // `needed` becomes true when some include reaches a copy.
    std::string point_includes(const std::string& text, const fs::path& dir, bool& needed) {
        std::string out;
        std::size_t done = 0;
        for (const Include& inc : includes_of(text)) {
            const std::optional<fs::path> header = resolve(text.substr(inc.name_begin, inc.name_end - inc.name_begin),
                                                           inc.quoted ? &dir : nullptr);
            if (!header) continue;
            const std::optional<fs::path> copy = copy_of(*header);
            if (copy) needed = true;
            out.append(text, done, inc.name_begin - 1 - done);
            out += quoted(copy ? *copy : *header);
            done = inc.name_end + 1;
        }
        return out.append(text, done);
    }

    std::vector<fs::path> originals_;

private:
    // Where g++ finds `name`: beside the includer (quoted names), then the
    // user's include directories. nullopt: elsewhere (a system header).
    std::optional<fs::path> resolve(const std::string& name, const fs::path* beside) const {
        std::error_code ec;
        if (fs::path(name).is_absolute())
            return fs::is_regular_file(name, ec) ? std::optional<fs::path>(fs::path(name).lexically_normal()) : std::nullopt;
        if (beside != nullptr && fs::is_regular_file(*beside / name, ec)) return (*beside / name).lexically_normal();
        for (const fs::path& d : include_dirs_)
            if (fs::is_regular_file(d / name, ec)) return fs::absolute(d / name).lexically_normal();
        return std::nullopt;
    }

    const std::vector<fs::path>& include_dirs_;
    fs::path dir_;
    std::map<fs::path, std::optional<fs::path>> state_;
};

}  // namespace

std::string rewrite_source(const std::string& text, const fs::path& path) {
    try {
        return frontend::rewrite_cuda_source(text, path.string());
    } catch (const frontend::RewriteError& e) {
        throw BuildFailure(path.string() + ":" + std::to_string(e.line) + ": error: " + e.what());
    }
}

RewrittenSource rewrite_with_headers(const std::string& source, const fs::path& path,
                                     const std::vector<fs::path>& include_dirs, const fs::path& dir) {
    HeaderRewrite headers(include_dirs, dir);
    std::string rewritten = rewrite_source(source, path);
    bool any = false;
    std::string pointed = headers.point_includes(rewritten, path.parent_path(), any);
    // Includes that reach no copy keep their own spelling: the main file is
    // compiled elsewhere, but `-I <its directory>` finds what it names.
    return RewrittenSource{any ? std::move(pointed) : std::move(rewritten), std::move(headers.originals_)};
}

}  // namespace simt::tool

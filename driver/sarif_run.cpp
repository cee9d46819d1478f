#include "driver/sarif_run.h"

#include <unistd.h>

#include <climits>
#include <filesystem>
#include <system_error>

#include "driver/json_text.h"

namespace simt::driver {

std::string percent_encoded(std::string_view path) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const unsigned char c : path) {
        // RFC 3986 path characters stay; everything else (space, '#', '%',
        // '?', bytes past ASCII) is escaped.
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          std::string_view("-._~/!$&'()*+,;=:@").find(char(c)) != std::string_view::npos;
        if (keep) {
            out += char(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

std::string absolute_directory(const std::string& directory) {
    std::string dir = directory;
    if (dir.empty() || dir[0] != '/') {
        char cwd[PATH_MAX];
        const std::string here = getcwd(cwd, sizeof cwd) != nullptr ? cwd : "/";
        dir = dir.empty() ? here : here + "/" + dir;
    }
    dir = std::filesystem::path(dir).lexically_normal().string();
    if (dir.back() != '/') dir += '/';
    return dir;
}

std::string source_root_for(const std::string& given, const std::string& file) {
    if (!given.empty() || file.empty() || file[0] != '/') return absolute_directory(given);
    std::error_code ec;
    for (std::filesystem::path dir = std::filesystem::path(file).lexically_normal().parent_path();
         !dir.empty(); dir = dir.parent_path()) {
        if (std::filesystem::exists(dir / ".git", ec)) return absolute_directory(dir.string());
        if (dir == dir.root_path()) break;
    }
    return absolute_directory("");
}

std::string sarif_artifact_location(const std::string& given, const std::string& source_root) {
    if (given.empty()) return "{\"uri\": \"\"}";
    const std::string path = given[0] == '/' ? std::filesystem::path(given).lexically_normal().string() : given;
    if (!source_root.empty() && path.rfind(source_root, 0) == 0)
        return "{\"uri\": " + json_string(percent_encoded(path.substr(source_root.size()))) +
               ", \"uriBaseId\": \"%SRCROOT%\"}";
    if (path[0] == '/') return "{\"uri\": " + json_string("file://" + percent_encoded(path)) + "}";
    return "{\"uri\": " + json_string(percent_encoded(path)) + "}";
}

std::string default_category(std::string_view program) { return "simt/" + std::string(program); }

std::string format_sarif_run(const SarifRun& run) {
    std::string s = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n";
    s += "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"simt\", \"version\": \"" SIMT_VERSION "\"";
    if (std::string_view(SIMT_HOMEPAGE_URL).size() != 0) s += ", \"informationUri\": \"" SIMT_HOMEPAGE_URL "\"";
    s += ", \"rules\": [" + (run.rules.empty() ? std::string() : "\n" + run.rules + "\n    ") + "]}},\n";
    s += "    \"automationDetails\": {\"id\": " + json_string(run.category + "/") + "},\n";
    if (!run.source_root.empty())
        s += "    \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": " +
             json_string("file://" + percent_encoded(run.source_root)) + "}},\n";
    s += "    \"invocations\": [{\"executionSuccessful\": " + std::string(run.success ? "true" : "false");
    if (!run.errors.empty()) {
        s += ", \"toolExecutionNotifications\": [";
        for (std::size_t i = 0; i < run.errors.size(); ++i)
            s += (i == 0 ? "" : ", ") + std::string("{\"level\": \"error\", \"message\": {\"text\": ") +
                 json_string(run.errors[i]) + "}}";
        s += "]";
    }
    s += "}],\n    \"results\": [" + (run.results.empty() ? std::string() : "\n" + run.results + "\n    ") +
         "]\n  }]\n}\n";
    return s;
}

}  // namespace simt::driver

// The way back to libc for a program linked without simt's --wrap options:
// `gcc main.o kernels.o -lcudart`, where libcudart is a linker script
// (tools/CMakeLists.txt) that points printf and friends at the runtime's
// wrappers but cannot rename their calls of the originals. The linker pulls
// this object in only then: with --wrap, __real_X already means libc's X.
// The originals are the next definitions after the program's own, found
// once at run time.
#include <dlfcn.h>
#include <sys/types.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace {
template <class F>
F next_definition(const char* name) {
    void* f = dlsym(RTLD_NEXT, name);
    if (f == nullptr) {
        std::fprintf(stderr, "simt: cannot find libc's %s behind the runtime's wrapper\n", name);
        std::_Exit(127);
    }
    return reinterpret_cast<F>(f);
}
}  // namespace

extern "C" {
std::clock_t __real_clock() {
    static const auto real = next_definition<std::clock_t (*)()>("clock");
    return real();
}
[[noreturn]] void __real___assert_fail(const char* expression, const char* file, unsigned line, const char* function) {
    static const auto real = next_definition<void (*)(const char*, const char*, unsigned, const char*)>("__assert_fail");
    real(expression, file, line, function);
    std::_Exit(134);
}
[[noreturn]] void __real_exit(int status) {
    static const auto real = next_definition<void (*)(int)>("exit");
    real(status);
    std::_Exit(status);
}
[[noreturn]] void __real_abort() {
    static const auto real = next_definition<void (*)()>("abort");
    real();
    std::_Exit(134);
}
pid_t __real_fork() {
    static const auto real = next_definition<pid_t (*)()>("fork");
    return real();
}
int __real_vprintf(const char* format, va_list args) {
    static const auto real = next_definition<int (*)(const char*, va_list)>("vprintf");
    return real(format, args);
}
int __real_puts(const char* text) {
    static const auto real = next_definition<int (*)(const char*)>("puts");
    return real(text);
}
int __real_putchar(int c) {
    static const auto real = next_definition<int (*)(int)>("putchar");
    return real(c);
}
}

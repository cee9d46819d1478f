#include "emulator/integer_division.h"

#include <cstdint>
#include <cstring>

namespace simt {

#if defined(__x86_64__)
namespace {

// ModRM's register numbers (with REX's high bit) as the context's slots.
constexpr int kRegister[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                               REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

struct Division {
    unsigned bytes = 4;    // operand size: 1, 2, 4 or 8
    bool is_signed = false;
    std::uint64_t divisor = 0;
    unsigned length = 0;   // of the instruction
};

std::uint64_t mask_of(unsigned bytes) { return bytes == 8 ? ~0ull : (1ull << (8 * bytes)) - 1; }

// Decodes div/idiv (F6 /6, F6 /7, F7 /6, F7 /7) at `pc` and reads its
// divisor from a register or memory.
bool decode(const unsigned char* pc, const gregset_t& r, Division& d) {
    const unsigned char* p = pc;
    bool operand16 = false;
    for (;; ++p) {  // legacy prefixes
        if (*p == 0x66) operand16 = true;
        else if (*p != 0x67 && *p != 0x2e && *p != 0x3e && *p != 0x26 && *p != 0x36 && *p != 0x64 && *p != 0x65 &&
                 *p != 0xf0 && *p != 0xf2 && *p != 0xf3)
            break;
    }
    unsigned rex = 0;
    if ((*p & 0xf0) == 0x40) rex = *p++;
    const unsigned char opcode = *p++;
    if (opcode != 0xf6 && opcode != 0xf7) return false;
    const unsigned modrm = *p++;
    const unsigned mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
    if (reg != 6 && reg != 7) return false;
    d.is_signed = reg == 7;
    d.bytes = opcode == 0xf6 ? 1 : (rex & 8) ? 8 : operand16 ? 2 : 4;
    if (mod == 3) {
        const unsigned n = rm | ((rex & 1) << 3);
        std::uint64_t v = std::uint64_t(r[kRegister[n]]);
        if (d.bytes == 1 && rex == 0 && n >= 4) v = std::uint64_t(r[kRegister[n - 4]]) >> 8;  // AH, CH, DH, BH
        d.divisor = v & mask_of(d.bytes);
        d.length = unsigned(p - pc);
        return true;
    }
    std::uint64_t address = 0;
    if (rm == 4) {  // SIB
        const unsigned sib = *p++;
        const unsigned scale = sib >> 6, index = ((sib >> 3) & 7) | ((rex & 2) << 2), base = (sib & 7) | ((rex & 1) << 3);
        if (index != 4) address += std::uint64_t(r[kRegister[index]]) << scale;
        if ((base & 7) == 5 && mod == 0) {
            std::int32_t disp;
            std::memcpy(&disp, p, 4);
            p += 4;
            address += std::uint64_t(std::int64_t(disp));
        } else {
            address += std::uint64_t(r[kRegister[base]]);
        }
    } else if (rm == 5 && mod == 0) {  // RIP-relative: from the next instruction
        std::int32_t disp;
        std::memcpy(&disp, p, 4);
        p += 4;
        d.length = unsigned(p - pc);
        address = std::uint64_t(reinterpret_cast<std::uintptr_t>(pc)) + d.length + std::uint64_t(std::int64_t(disp));
    } else {
        address = std::uint64_t(r[kRegister[rm | ((rex & 1) << 3)]]);
    }
    if (mod == 1) {
        address += std::uint64_t(std::int64_t(std::int8_t(*p++)));
    } else if (mod == 2) {
        std::int32_t disp;
        std::memcpy(&disp, p, 4);
        p += 4;
        address += std::uint64_t(std::int64_t(disp));
    }
    std::uint64_t v = 0;
    std::memcpy(&v, reinterpret_cast<const void*>(address), d.bytes);  // the CPU read it just now
    d.divisor = v;
    d.length = unsigned(p - pc);
    return true;
}

std::int64_t sign_extend(std::uint64_t v, unsigned bytes) {
    const unsigned shift = 64 - 8 * bytes;
    return std::int64_t(v << shift) >> shift;
}

}  // namespace

bool complete_trapped_division(ucontext_t& context) {
    gregset_t& r = context.uc_mcontext.gregs;
    const auto* pc = reinterpret_cast<const unsigned char*>(r[REG_RIP]);
    Division d;
    if (!decode(pc, r, d)) return false;
    const std::uint64_t m = mask_of(d.bytes);
    // The dividend: AX for bytes, else DX:AX's low half (the compiler
    // widened it there with cwd/cdq/cqo or a zeroed DX).
    const std::uint64_t dividend = (d.bytes == 1 ? std::uint64_t(r[REG_RAX]) & 0xffff : std::uint64_t(r[REG_RAX])) & m;
    std::uint64_t quotient, remainder;
    if (d.divisor == 0) {
        // What an H100 gives for 32-bit values (docs/gpu-runs/int-division.md):
        // all ones for the quotient but 0 for 0 / 0, the dividend for the
        // remainder. (PTX leaves it unspecified: its 64-bit division and a
        // constant dividend give other values there.)
        quotient = dividend == 0 ? 0 : m;
        remainder = dividend;
    } else {
        // The most negative value divided by -1: the quotient wraps to
        // itself, the remainder is 0.
        quotient = dividend;
        remainder = 0;
        if (!d.is_signed || sign_extend(d.divisor, d.bytes) != -1) return false;
    }
    const auto put = [&](int slot, std::uint64_t value, unsigned bytes, unsigned shift) {
        std::uint64_t v = std::uint64_t(r[slot]);
        if (bytes == 4) {
            v = value & 0xffffffffull;  // a 32-bit write clears the upper half
        } else {
            const std::uint64_t field = mask_of(bytes) << shift;
            v = (v & ~field) | ((value << shift) & field);
        }
        r[slot] = greg_t(v);
    };
    if (d.bytes == 1) {
        put(REG_RAX, quotient, 1, 0);
        put(REG_RAX, remainder, 1, 8);
    } else {
        put(REG_RAX, quotient, d.bytes, 0);
        put(REG_RDX, remainder, d.bytes, 0);
    }
    r[REG_RIP] = greg_t(reinterpret_cast<std::uintptr_t>(pc) + d.length);
    return true;
}
#else
bool complete_trapped_division(ucontext_t&) { return false; }
#endif

}  // namespace simt

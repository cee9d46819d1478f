#!/usr/bin/env python3
"""List the names that a CUDA 12.x toolkit's public headers declare.

Usage:
    tools/cuda-surface/generate-names.py CUDA_INCLUDE_DIR > tests/surface/cuda12-names.txt

CUDA_INCLUDE_DIR is the `include` directory of a CUDA 12.x toolkit (the one
holding cuda_runtime_api.h).  The headers themselves are NVIDIA's and are not
kept in this repository; only the list of names this script prints is.

For each header in HEADERS below (a `.hpp` companion is read with its `.h`
and reported under the `.h` name) the script reads that file only -- it does
not follow #include -- and prints one line per declared name:

    header<TAB>kind<TAB>name<TAB>value

kind is one of
    function    a function declared at file scope (or in extern "C" or
                namespace std); operator overloads, class members and
                anything in another namespace are left out
    enumerator  an enumerator; value is its integer value (decimal) when it
                can be worked out from the header, else empty
    type        a struct/union/enum/class tag or a typedef name
    macro       an object-like #define; value is the number it stands for
                when it is a plain integer or floating constant expression,
                the identifier when it only renames one (cudaStreamAttrID ->
                cudaLaunchAttributeID), else empty

The output is sorted and has no duplicate lines.  Left out on purpose:
  * code under `#if defined(__CUDA_API_VERSION_INTERNAL)` and under
    `defined(__CUDART_API_PER_THREAD_DEFAULT_STREAM)` (the runtime's own
    _ptds/_ptsz plumbing), and under `#if 0`;
  * include guards, macros the same header #undefs again, function-like
    macros, and macros that only rename a declared function
    (`#define cudaGetDeviceProperties cudaGetDeviceProperties_v2`); the
    target of such a rename is listed as a function, since the public
    declaration declares it (cudaGetDeviceProperties_v2,
    cudaStreamGetCaptureInfo_v2, ...);
  * names starting with `_`, except `__`-prefixed functions in the device
    function headers and in cuda_fp16/cuda_bf16 (the documented intrinsics
    such as __shfl_sync, __popc, __float2half), and the `__`-prefixed public
    types of cuda_fp16/cuda_bf16 (__half, __half2, __nv_bfloat16, ...).
    Even there `__cuda*`, `__internal*` and `___*` names stay out, and so
    do crt/math_functions.h's `__` functions (glibc look-alikes such as
    __isnan, __signbitf);
  * for the device, fp16/bf16 and math headers, functions that only the
    `.hpp` declares: those are undocumented builtins behind the public
    functions (__iAtomicAdd, __nv_cvta_generic_to_shared_impl, ...);
  * from cuda.h (the driver API), everything except the enumerators of
    CUresult (enum cudaError_enum), CUDA_SUCCESS among them.

Conditional branches other than the internal ones above are all read, so a
name that exists only on some platform (_WIN32, an old compiler) is listed.
Python 3 standard library only.  Diagnostics go to stderr.
"""

import os
import re
import sys

# header -> role.  "runtime": host API header; "device": device function
# header (keeps __-prefixed functions); "fp": cuda_fp16/cuda_bf16 (keeps
# __-prefixed functions and types); "math": device math header (its
# __-prefixed functions are glibc look-alikes, dropped); "types":
# type/enum/macro header; "driver": cuda.h, CUresult enumerators only.
# For device, fp and math headers the functions come from the .h alone: the
# .hpp companion defines those and adds undocumented builtins
# (__iAtomicAdd, __nv_cvta_*_impl, __internal_*).
HEADERS = {
    "cuda_runtime_api.h": "runtime",
    "driver_types.h": "types",
    "vector_types.h": "types",
    "vector_functions.h": "device",
    "surface_types.h": "types",
    "texture_types.h": "types",
    "library_types.h": "types",
    "cuda_fp16.h": "fp",
    "cuda_bf16.h": "fp",
    "cuda.h": "driver",
    "crt/device_functions.h": "device",
    "crt/math_functions.h": "math",
    "device_atomic_functions.h": "device",
    "sm_20_atomic_functions.h": "device",
    "sm_20_intrinsics.h": "device",
    "sm_30_intrinsics.h": "device",
    "sm_32_atomic_functions.h": "device",
    "sm_32_intrinsics.h": "device",
    "sm_35_intrinsics.h": "device",
    "sm_60_atomic_functions.h": "device",
    "sm_61_intrinsics.h": "device",
}

# Preprocessor conditions whose true branch is the toolkit's own plumbing.
INTERNAL_CONDITION = re.compile(
    r"(?<![!\w])\s*defined\s*\(?\s*"
    r"(__CUDA_API_VERSION_INTERNAL|__CUDART_API_PER_THREAD_DEFAULT_STREAM)\b")

# Identifiers that take a parenthesised argument but are not the declared name.
ATTRIBUTE_CALLS = {
    "__attribute__", "__declspec", "alignas", "decltype", "throw", "noexcept",
    "__align__", "__builtin_align__", "_Pragma", "__pragma", "static_assert",
    "sizeof", "__launch_bounds__", "__asm__", "asm",
}

C_KEYWORDS = {
    "auto", "bool", "char", "const", "constexpr", "double", "enum", "extern",
    "float", "inline", "int", "long", "register", "restrict", "short",
    "signed", "static", "struct", "union", "unsigned", "void", "volatile",
    "class", "typename", "template", "virtual", "explicit", "friend",
    "public", "private", "protected", "return", "using", "namespace",
    "typedef", "operator", "final", "override", "mutable", "__inline__",
    "__forceinline__", "__noinline__", "__host__", "__device__", "__global__",
    "wchar_t", "size_t",
}

INTERNAL_FUNCTION_PREFIXES = ("__cuda", "__internal", "__nv_internal", "___")


def warn(msg):
    print("generate-names: " + msg, file=sys.stderr)


# ---------------------------------------------------------------- lexing --

def strip_comments(text):
    """Remove /* */ and // comments, keeping strings and line breaks."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j) or " ")
            i = j
        elif c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


TOKEN = re.compile(r"""
    (?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)
  | (?P<id>[A-Za-z_]\w*)
  | (?P<str>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')
  | (?P<op>::|->|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||\+\+|--|\.\.\.|[-+*/%&|^~!=<>?:;,.(){}\[\]#])
  | (?P<ws>\s+)
""", re.X)


def tokenize(text):
    toks = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            pos += 1  # stray character (backslash, @, ...): ignore
            continue
        pos = m.end()
        if m.lastgroup != "ws":
            toks.append(m.group())
    return toks


def is_ident(tok):
    return bool(re.match(r"[A-Za-z_]\w*$", tok))


# --------------------------------------------------------- preprocessing --

def logical_lines(text):
    text = strip_comments(text.replace("\\\r\n", "").replace("\\\n", ""))
    return text.split("\n")


class Preprocessed:
    def __init__(self):
        self.code_lines = []      # lines outside internal / #if 0 regions
        self.defines = []         # (order, name, value) object-like macros
        self.undefs = {}          # name -> last order #undef'd
        self.function_macros = set()
        self.guards = set()


def preprocess(text):
    """Split directives from code; drop the regions we never want."""
    pp = Preprocessed()
    stack = []  # [parent_active, branch_active, any_taken_internal]
    active = True
    last_ifndef = None
    order = 0
    for line in logical_lines(text):
        m = re.match(r"\s*#\s*(\w+)\s*(.*)$", line)
        if not m:
            if active:
                pp.code_lines.append(line)
            if line.strip():
                last_ifndef = None
            continue
        directive, rest = m.group(1), m.group(2).strip()
        order += 1
        if directive in ("if", "ifdef", "ifndef"):
            if directive == "ifdef":
                cond = "defined(%s)" % rest
            elif directive == "ifndef":
                cond = "!defined(%s)" % rest
            else:
                cond = rest
            skip = bool(INTERNAL_CONDITION.search(cond)) or \
                re.match(r"0\s*$", cond) is not None
            stack.append([active, not skip])
            active = active and not skip
            g = re.match(r"!\s*defined\s*\(?\s*(\w+)\s*\)?\s*$", cond)
            last_ifndef = g.group(1) if g else None
            continue
        if directive == "elif":
            if not stack:
                continue
            skip = bool(INTERNAL_CONDITION.search(rest)) or \
                re.match(r"0\s*$", rest) is not None
            stack[-1][1] = not skip
            active = stack[-1][0] and not skip
            last_ifndef = None
            continue
        if directive == "else":
            if stack:
                # an #else of an internal (or #if 0) branch is ordinary code;
                # an #else of an ordinary branch is read as well.
                stack[-1][1] = True
                active = stack[-1][0]
            last_ifndef = None
            continue
        if directive == "endif":
            if stack:
                active = stack.pop()[0]
            last_ifndef = None
            continue
        if directive == "define":
            d = re.match(r"(\w+)(\()?\s*(.*)$", rest)
            if d:
                name, paren, value = d.group(1), d.group(2), d.group(3).strip()
                if paren:
                    pp.function_macros.add(name)
                elif name == last_ifndef and value == "":
                    pp.guards.add(name)
                elif active:
                    pp.defines.append((order, name, value))
            last_ifndef = None
            continue
        if directive == "undef":
            if active:
                pp.undefs[rest.split()[0] if rest else ""] = order
            last_ifndef = None
            continue
        last_ifndef = None
    if stack:
        warn("unbalanced #if/#endif (%d open)" % len(stack))
    return pp


# --------------------------------------------------------------- parsing --

class Declarations:
    def __init__(self):
        self.functions = set()
        self.types = set()
        self.enums = []           # {"tag", "typedefs", "items": [(name, expr tokens)], "namespaced"}
        self.namespaced = set()   # names seen only inside a namespace


def skip_group(toks, i, open_, close):
    """toks[i] == open_; return index just after the matching close."""
    depth = 0
    while i < len(toks):
        if toks[i] == open_:
            depth += 1
        elif toks[i] == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def strip_templates(stmt):
    out = []
    i = 0
    while i < len(stmt):
        if stmt[i] == "template" and i + 1 < len(stmt) and stmt[i + 1] == "<":
            depth = 0
            j = i + 1
            while j < len(stmt):
                if stmt[j] == "<":
                    depth += 1
                elif stmt[j] == ">":
                    depth -= 1
                elif stmt[j] == ">>":
                    depth -= 2
                if depth <= 0:
                    break
                j += 1
            i = j + 1
            continue
        out.append(stmt[i])
        i += 1
    return out


class Parser:
    def __init__(self, toks, call_macros):
        self.toks = toks
        self.call_macros = call_macros
        self.decl = Declarations()
        self._open_enum = None

    def is_call_macro(self, name):
        return name in ATTRIBUTE_CALLS or name in self.call_macros

    def run(self):
        toks = self.toks
        scopes = []          # "extern", "std" (both read as global), "ns"
        stmt = []
        i = 0
        while i < len(toks):
            t = toks[i]
            if t == ";":
                self.statement(stmt, scopes)
                stmt = []
                i += 1
                continue
            if t == "}":
                if scopes:
                    scopes.pop()
                else:
                    warn("unbalanced '}'")
                stmt = []
                i += 1
                continue
            if t != "{":
                stmt.append(t)
                i += 1
                continue
            # An opening brace at declaration level.
            if stmt[-2:] == ["extern", '"C"'] or stmt[-2:] == ["extern", '"C++"'] \
                    or stmt == ["extern", '"C"']:
                scopes.append("extern")
                stmt = []
                i += 1
                continue
            if stmt == ["namespace", "std"]:
                scopes.append("std")     # read as if global
                stmt = []
                i += 1
                continue
            if "namespace" in stmt:
                scopes.append("ns")
                stmt = []
                i += 1
                continue
            end = skip_group(toks, i, "{", "}")
            body = toks[i + 1:end - 1]
            kind = self.aggregate_kind(stmt)
            if kind == "enum":
                self.enum_body(stmt, body, scopes)
                stmt = stmt + ["{}"]
                i = end
                continue
            if kind in ("struct", "union", "class"):
                self.record_tag(stmt, scopes)
                stmt = stmt + ["{}"]
                i = end
                continue
            if "=" in stmt:               # initializer list
                stmt = stmt + ["{}"]
                i = end
                continue
            # function body (or something unknown): a definition
            self.statement(stmt, scopes)
            stmt = []
            i = end
            if i < len(toks) and toks[i] == ";":
                i += 1
        if scopes:
            warn("unbalanced '{' (%d open)" % len(scopes))
        return self.decl

    # -- helpers --------------------------------------------------------
    def aggregate_kind(self, stmt):
        """struct/union/class/enum if stmt opens such a body, else None."""
        s = strip_templates(stmt)
        depth = 0
        kind = None
        for t in s:
            if t == "(":
                depth += 1
            elif t == ")":
                depth -= 1
            elif depth == 0 and t in ("struct", "union", "class", "enum") \
                    and kind is None:
                kind = t
            elif depth == 0 and t == "=":
                return None
        if kind is None:
            return None
        # A '(' at depth 0 that is not an attribute call means a function
        # returning a struct, e.g. `struct X f(...) {`.
        for j, t in enumerate(s[:-1]):
            if is_ident(t) and s[j + 1] == "(" and not self.is_call_macro(t):
                return None
        return kind

    def tag_name(self, stmt):
        """Name before '{' (or before ':' base list) of struct/enum head."""
        s = strip_templates(stmt)
        kw = None
        for j, t in enumerate(s):
            if t in ("struct", "union", "class", "enum"):
                kw = j
                break
        if kw is None:
            return None
        name = None
        j = kw + 1
        while j < len(s):
            t = s[j]
            if t == ":" or t == "{}":
                break
            if t == "(":
                j = skip_group(s, j, "(", ")")
                continue
            if is_ident(t) and j + 1 < len(s) and s[j + 1] == "(":
                j += 1
                continue
            if is_ident(t) and t not in C_KEYWORDS:
                name = t
            j += 1
        return name

    def record_tag(self, stmt, scopes):
        name = self.tag_name(stmt)
        if name:
            self.add_type(name, scopes)

    def add_type(self, name, scopes):
        if scopes and any(s == "ns" for s in scopes):
            self.decl.namespaced.add(name)
        else:
            self.decl.types.add(name)

    def enum_body(self, stmt, body, scopes):
        tag = self.tag_name(stmt)
        if tag:
            self.add_type(tag, scopes)
        items = []
        cur = []
        depth = 0
        for t in body + [","]:
            if t in "([{":
                depth += 1
            elif t in ")]}":
                depth -= 1
            if t == "," and depth == 0:
                if cur:
                    name = cur[0]
                    expr = []
                    if "=" in cur:
                        expr = cur[cur.index("=") + 1:]
                    if is_ident(name):
                        items.append((name, expr))
                cur = []
            else:
                cur.append(t)
        entry = {"tag": tag, "typedefs": [], "items": items,
                 "namespaced": any(s == "ns" for s in scopes)}
        self.decl.enums.append(entry)
        self._open_enum = entry

    def statement(self, stmt, scopes):
        try:
            self._statement(stmt, scopes)
        finally:
            self._open_enum = None

    def _statement(self, stmt, scopes):
        s = strip_templates(stmt)
        while s and s[0] in (";",):
            s = s[1:]
        if not s:
            return
        if s[0] == "using" or s[0] == "static_assert" or s[0] == "#":
            return
        if "typedef" in s:
            names = self.typedef(s[s.index("typedef") + 1:], scopes)
            if self._open_enum is not None and "{}" in s:
                self._open_enum["typedefs"].extend(names)
            return
        # `struct X;` / `enum X;` forward declarations and `struct X {...};`
        if s[0] in ("struct", "union", "class", "enum") or \
                (len(s) > 1 and s[1] in ("struct", "union", "class", "enum")
                 and s[0] not in C_KEYWORDS):
            depth0_paren = any(
                is_ident(s[j]) and s[j + 1] == "(" and not self.is_call_macro(s[j])
                for j in range(len(s) - 1))
            if not depth0_paren:
                if "{}" not in s and len(s) >= 2:
                    # forward declaration or a variable of struct type;
                    # only `struct [attrs] NAME` counts.
                    name = self.tag_name(s + ["{}"])
                    rest = s[s.index(name) + 1:] if name in s else ["x"]
                    if name and not rest:
                        self.add_type(name, scopes)
                return
        self.function(s, scopes)

    def typedef(self, s, scopes):
        """Record the tag and the declarator names of a typedef; return
        the declarator names."""
        for kw in ("struct", "union", "enum", "class"):
            if kw in s:
                if "{}" in s:
                    name = self.tag_name(s[:s.index("{}") + 1])
                else:
                    # `typedef [attrs] struct [attrs] TAG declarator`: the tag
                    # is the first identifier after the keyword that is not
                    # an attribute-like __x__ macro or a call macro.
                    rest = s[s.index(kw) + 1:]
                    cands = []
                    j = 0
                    while j < len(rest):
                        t = rest[j]
                        if t == "(":
                            j = skip_group(rest, j, "(", ")")
                            continue
                        if is_ident(t) and not (j + 1 < len(rest) and rest[j + 1] == "("
                                                and self.is_call_macro(t)) \
                                and t not in C_KEYWORDS \
                                and not re.match(r"__\w+__$", t):
                            cands.append(t)
                        j += 1
                    name = cands[0] if len(cands) >= 2 else None
                if name:
                    self.add_type(name, scopes)
                break
        decl_part = s[s.index("{}") + 1:] if "{}" in s else s
        parts, cur, depth = [], [], 0
        for t in decl_part:
            if t in ("(", "["):
                depth += 1
            elif t in (")", "]"):
                depth -= 1
            if t == "," and depth == 0:
                parts.append(cur)
                cur = []
            else:
                cur.append(t)
        parts.append(cur)
        names = []
        for p in parts:
            name = self.declarator_name(p)
            if name:
                names.append(name)
                self.add_type(name, scopes)
        return names

    def declarator_name(self, p):
        # function pointer / array pointer: R (ATTR *name)(args)
        for j, t in enumerate(p):
            if t == "(" and not (j > 0 and is_ident(p[j - 1])
                                 and self.is_call_macro(p[j - 1])):
                end = skip_group(p, j, "(", ")")
                inner = p[j + 1:end - 1]
                if "*" in inner or "&" in inner or "^" in inner:
                    ids = [x for x in inner if is_ident(x) and x not in C_KEYWORDS]
                    return ids[-1] if ids else None
                break
        name = None
        j = 0
        while j < len(p):
            t = p[j]
            if t == "[":
                break
            if is_ident(t) and j + 1 < len(p) and p[j + 1] == "(" \
                    and self.is_call_macro(t):
                j = skip_group(p, j + 1, "(", ")")
                continue
            if t == "(":
                j = skip_group(p, j, "(", ")")
                continue
            if is_ident(t) and t not in C_KEYWORDS:
                name = t
            j += 1
        return name

    def function(self, s, scopes):
        j = 0
        while j < len(s) - 1:
            t = s[j]
            if t == "operator":
                return
            if t == "=":
                return            # a variable with an initializer
            if is_ident(t) and s[j + 1] == "(":
                if self.is_call_macro(t):
                    j = skip_group(s, j + 1, "(", ")")
                    continue
                if j > 0 and s[j - 1] in ("::", "~", ".", "->"):
                    return        # qualified member definition
                if t in C_KEYWORDS:
                    return
                before = [x for x in s[:j] if is_ident(x)]
                if not before:
                    return        # a bare macro call, not a declaration
                if any(s == "ns" for s in scopes):
                    self.decl.namespaced.add(t)
                else:
                    self.decl.functions.add(t)
                return
            if t == "(":
                return            # `R (*f)(...)`-style variables
            j += 1


# ------------------------------------------------------------ evaluation --

NUM = re.compile(r"(0[xX][0-9a-fA-F]+|\d+)([uUlL]*)$")
FLOAT = re.compile(r"((?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?)[fFlL]?$")
CAST_WORDS = {"int", "unsigned", "signed", "long", "short", "char", "size_t",
              "const", "uint32_t", "int32_t", "uint64_t", "int64_t",
              "float", "double"}


def evaluate(tokens, env):
    """Integer (or float) value of a C constant expression, or None."""
    if not tokens:
        return None
    out = []
    is_float = False
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t == "(":
            # a cast: (unsigned int) etc.
            j = skip_group(tokens, i, "(", ")")
            inner = tokens[i + 1:j - 1]
            if inner and all(x in CAST_WORDS or x == "*" for x in inner) \
                    and "*" not in inner:
                i = j
                continue
            out.append("(")
            i += 1
            continue
        m = NUM.match(t)
        if m:
            digits = m.group(1)
            if len(digits) > 1 and digits[0] == "0" and digits[1] not in "xX":
                out.append(str(int(digits, 8)))
            else:
                out.append(str(int(digits, 0)))
            i += 1
            continue
        m = FLOAT.match(t)
        if m and re.search(r"[.eE]", t):
            out.append(repr(float(m.group(1))))
            is_float = True
            i += 1
            continue
        if is_ident(t):
            if t in env and env[t] is not None:
                out.append("(%s)" % env[t])
                i += 1
                continue
            return None
        if t in ("|", "&", "^", "~", "<<", ">>", "+", "-", "*", "/", "%", ")"):
            out.append(t)
            i += 1
            continue
        return None
    expr = " ".join(out)
    if "/" in out and not is_float:
        expr = expr.replace("/", "//")
    try:
        value = eval(expr, {"__builtins__": {}}, {})
    except Exception:
        return None
    if isinstance(value, float):
        return repr(value)
    return str(value)


# ----------------------------------------------------------------- main --

def collect_call_macros(include_dir):
    names = set()
    for root, _dirs, files in os.walk(include_dir):
        for f in files:
            if not f.endswith((".h", ".hpp")):
                continue
            try:
                with open(os.path.join(root, f), encoding="latin-1") as fh:
                    text = fh.read()
            except OSError:
                continue
            for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(", text, re.M):
                n = m.group(1)
                if n.startswith("_") or not re.search(r"[a-z]", n):
                    names.add(n)
    return names


def semicolon_macros(include_dir, files):
    """Object-like macros defined as `;` somewhere (e.g. __DEF_IF_HOST)."""
    names = set()
    for f in files:
        with open(os.path.join(include_dir, f), encoding="latin-1") as fh:
            for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+;[ \t]*$",
                                 fh.read(), re.M):
                names.add(m.group(1))
    return names


def keep_name(name, kind, role):
    if not name.startswith("_"):
        return True
    if not name.startswith("__") or name.startswith(INTERNAL_FUNCTION_PREFIXES):
        return False
    if kind == "function" and role in ("device", "fp"):
        return True
    if kind == "type" and role == "fp":
        return not name.endswith("__")   # __half, __nv_bfloat16, ...
    return False


def main(argv):
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    inc = argv[1]
    if not os.path.isfile(os.path.join(inc, "cuda_runtime_api.h")):
        warn("%s has no cuda_runtime_api.h" % inc)
        return 2
    with open(os.path.join(inc, "cuda_runtime_api.h"), encoding="latin-1") as fh:
        m = re.search(r"#define\s+CUDART_VERSION\s+(\d+)", fh.read())
    version = m.group(1) if m else "?"
    if not version.startswith("12"):
        warn("CUDART_VERSION is %s, not 12xxx" % version)
    call_macros = collect_call_macros(inc)
    rows = set()
    for header, role in sorted(HEADERS.items()):
        files = [header]
        hpp = header[:-2] + ".hpp"
        if os.path.isfile(os.path.join(inc, hpp)):
            files.append(hpp)
        if not os.path.isfile(os.path.join(inc, header)):
            warn("missing %s" % header)
            continue
        semis = semicolon_macros(inc, files)
        functions, types, enumerators, macros = set(), set(), {}, {}
        undefined = set()
        env = {}
        for f in files:
            with open(os.path.join(inc, f), encoding="latin-1") as fh:
                pp = preprocess(fh.read())
            toks = [";" if t in semis else t
                    for t in tokenize("\n".join(pp.code_lines))]
            decl = Parser(toks, call_macros).run()
            # macros first (enumerator values may refer to them)
            for order, name, value in pp.defines:
                if name in pp.guards:
                    continue
                if pp.undefs.get(name, -1) > order:
                    undefined.add(name)
                macros.setdefault(name, []).append(value)
            for name, values in macros.items():
                vals = {evaluate(tokenize(v), env) for v in values}
                env[name] = vals.pop() if len(vals) == 1 else None
            for e in decl.enums:
                prev = None
                for name, expr in e["items"]:
                    if expr:
                        val = evaluate(expr, env)
                    elif prev is None and e["items"][0][0] == name:
                        val = "0"
                    elif prev is not None and re.match(r"-?\d+$", prev):
                        val = str(int(prev) + 1)
                    else:
                        val = None
                    prev = val
                    env[name] = val
                    if e["namespaced"]:
                        continue
                    if role == "driver" and not (
                            e["tag"] == "cudaError_enum" or "CUresult" in e["typedefs"]):
                        continue
                    old = enumerators.get(name)
                    if old is not None and old != val:
                        warn("%s: %s has values %s and %s" % (header, name, old, val))
                        val = ""
                    enumerators[name] = val or ""
            if f == header or role not in ("device", "fp", "math"):
                functions |= decl.functions
            types |= decl.types
        if role == "driver":
            types, functions, macros = set(), set(), {}
        for name in functions:
            if keep_name(name, "function", role):
                rows.add((header, "function", name, ""))
        for name, val in enumerators.items():
            if keep_name(name, "enumerator", role):
                rows.add((header, "enumerator", name, val))
        for name in types:
            if keep_name(name, "type", role):
                rows.add((header, "type", name, ""))
        for name, values in macros.items():
            if name in undefined or not keep_name(name, "macro", role):
                continue
            if name in functions:
                # `#define cudaGetDeviceProperties cudaGetDeviceProperties_v2`
                # or `... __CUDART_API_PTSZ(cudaStreamGetCaptureInfo_v2)`:
                # the declaration under the public name really declares the
                # target, so both names can be called.
                for v in values:
                    m = re.match(r"(?:__CUDART_API_PT(?:SZ|DS)\(\s*)?(\w+)\s*\)?$", v)
                    if m and keep_name(m.group(1), "function", role):
                        rows.add((header, "function", m.group(1), ""))
                continue
            val = env.get(name)
            if val is None and len(values) == 1:
                m = re.match(r"\(?\s*([A-Za-z_]\w*)\s*\)?$", values[0])
                val = m.group(1) if m else None
            rows.add((header, "macro", name, val if val is not None else ""))
    seen = set()
    for header, kind, name, value in sorted(rows):
        if (header, kind, name) in seen:
            warn("%s %s %s listed twice" % (header, kind, name))
        seen.add((header, kind, name))
        sys.stdout.write("%s\t%s\t%s\t%s\n" % (header, kind, name, value))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

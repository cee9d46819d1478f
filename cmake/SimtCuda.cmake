# simt_add_cuda_executable(<target> <source.cu>... [LINK libs...])
#
# Builds .cu files for the CPU backend: each is rewritten by `simt rewrite`
# (launch syntax, extern __shared__), compiled as C++20 with GCC's
# ThreadSanitizer instrumentation (observed by simt's runtime, not libtsan),
# and linked against simt_runtime.
set(SIMT_KERNEL_COMPILE_FLAGS
  -fsanitize=thread --param=tsan-instrument-func-entry-exit=0 --param=tsan-distinguish-volatile=1
  -fno-builtin-printf -fno-builtin-puts -fno-builtin-putchar -fstack-clash-protection -fno-optimize-sibling-calls -fno-omit-frame-pointer -Wno-volatile -U_FORTIFY_SOURCE
  -include simt/cuda.h)

function(simt_cuda_sources out_var)
  set(generated)
  file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/simt_generated")
  foreach(src IN LISTS ARGN)
    get_filename_component(abs "${src}" ABSOLUTE)
    file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${abs}")
    string(REGEX REPLACE "[/.]" "_" stem "${rel}")
    set(cpp "${CMAKE_CURRENT_BINARY_DIR}/simt_generated/${stem}.cpp")
    add_custom_command(OUTPUT "${cpp}"
      COMMAND simt rewrite "${abs}" -o "${cpp}"
      DEPENDS "${abs}" simt
      COMMENT "simt rewrite ${rel}" VERBATIM)
    set_source_files_properties("${cpp}" PROPERTIES COMPILE_OPTIONS "${SIMT_KERNEL_COMPILE_FLAGS}")
    list(APPEND generated "${cpp}")
  endforeach()
  set(${out_var} ${generated} PARENT_SCOPE)
endfunction()

function(simt_add_cuda_executable target)
  cmake_parse_arguments(ARG "" "" "LINK" ${ARGN})
  simt_cuda_sources(generated ${ARG_UNPARSED_ARGUMENTS})
  add_executable(${target} ${generated})
  target_link_libraries(${target} PRIVATE simt_runtime ${ARG_LINK})
  # Run on its own, the program exits with a failing status when simt
  # reports an error (primitives/src/process_runtime.cpp), as `simt run` does.
  target_link_options(${target} PRIVATE ${SIMT_SANITIZER_FLAGS} -Wl,--defsym=simt_exit_status_on_error=1)
endfunction()

# simt_add_cuda_executable(<target> <source.cu>... [LINK libs...])
#
# Builds .cu files for the CPU backend: each is rewritten by `simt rewrite`
# (launch syntax, extern __shared__), compiled with GCC's ThreadSanitizer
# instrumentation (observed by simt's runtime, not libtsan; the flags are
# SIMT_KERNEL_COMPILE_FLAGS, a global property, so this works from any
# directory), with -g for report lines and the source's own directory on the
# quote include path, and linked against simt_runtime.
# (A CMake project with LANGUAGES CUDA needs none of this: see README,
# "Use simt on your CUDA project".)
function(simt_cuda_sources out_var)
  set(generated)
  file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/simt_generated")
  foreach(src IN LISTS ARGN)
    get_filename_component(abs "${src}" ABSOLUTE)
    file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${abs}")
    string(REGEX REPLACE "[/.]" "_" stem "${rel}")
    set(cpp "${CMAKE_CURRENT_BINARY_DIR}/simt_generated/${stem}.cpp")
    add_custom_command(OUTPUT "${cpp}"
      COMMAND simt::simt rewrite "${abs}" -o "${cpp}"
      DEPENDS "${abs}" simt::simt
      COMMENT "simt rewrite ${rel}" VERBATIM)
    get_property(flags GLOBAL PROPERTY SIMT_KERNEL_COMPILE_FLAGS)
    get_filename_component(dir "${abs}" DIRECTORY)
    set_source_files_properties("${cpp}" PROPERTIES COMPILE_OPTIONS "${flags};-g;-iquote;${dir};-include;simt/cuda.h")
    list(APPEND generated "${cpp}")
  endforeach()
  set(${out_var} ${generated} PARENT_SCOPE)
endfunction()

function(simt_add_cuda_executable target)
  cmake_parse_arguments(ARG "" "" "LINK" ${ARGN})
  simt_cuda_sources(generated ${ARG_UNPARSED_ARGUMENTS})
  add_executable(${target} ${generated})
  target_link_libraries(${target} PRIVATE simt::runtime ${ARG_LINK})
  # Run on its own, the program exits with a failing status when simt
  # reports an error (primitives/src/process_runtime.cpp), as `simt run` does.
  target_link_options(${target} PRIVATE ${SIMT_SANITIZER_FLAGS} -Wl,--defsym=simt_exit_status_on_error=1)
endfunction()

# `cmake --install`: a relocatable simt (it finds its headers and runtime
# relative to itself: tools/install_layout.h) and `find_package(simt)`.
#
#   bin/simt, bin/simt-nvcc              the driver (simt-nvcc: nvcc's command line)
#   include/simt-cuda, include/simt-portable   the CPU backend's CUDA headers, portable headers
#   lib/simt/libsimt_*.a                 the runtime
#   lib/cmake/simt/simtConfig.cmake      find_package(simt): simt::simt, simt::runtime,
#                                        simt_add_cuda_executable(), SIMT_CUDA_TOOLCHAIN_FILE
#   share/simt/simt-cuda-toolchain.cmake, share/simt/toolkit/   for CMake CUDA projects
install(TARGETS simt RUNTIME DESTINATION bin)
install(TARGETS simt_runtime simt_checkers simt_driver simt_emulator ARCHIVE DESTINATION lib/simt)
# simt/embedding.h is for simt's own tests and tools, built in its tree: it
# names the engine's options and the checkers' reports, whose headers are not
# installed, so an installed copy could not compile.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/primitives/include/ DESTINATION include/simt-cuda
        PATTERN embedding.h EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/primitives/portable/ DESTINATION include/simt-portable)
install(CODE "set(archives \"${SIMT_TOOLKIT_ARCHIVES}\")")
install(CODE [[
  set(prefix "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")
  file(CREATE_LINK simt "${prefix}/bin/simt-nvcc" SYMBOLIC)
  file(MAKE_DIRECTORY "${prefix}/share/simt/toolkit/bin" "${prefix}/share/simt/toolkit/lib64"
       "${prefix}/share/simt/toolkit/nvvm/lib64")
  file(CREATE_LINK ../../../../bin/simt "${prefix}/share/simt/toolkit/bin/nvcc" SYMBOLIC)
  file(CREATE_LINK ../../../include/simt-cuda "${prefix}/share/simt/toolkit/include" SYMBOLIC)
  foreach(archive IN LISTS archives)
    file(WRITE "${prefix}/share/simt/toolkit/${archive}" "!<arch>\n")
  endforeach()
]])
# libcudart: the linker script, naming the installed runtime.
set(_simt_installed_archives)
foreach(room runtime checkers driver emulator)
  list(APPEND _simt_installed_archives "${CMAKE_INSTALL_PREFIX}/lib/simt/libsimt_${room}.a")
endforeach()
simt_cudart_script(${PROJECT_BINARY_DIR}/install/libcudart.ld "${_simt_installed_archives}"
                   "$<TARGET_LINKER_FILE:Boost::context>;${SIMT_BACKTRACE_LIB}")
foreach(name IN LISTS SIMT_CUDART_NAMES)
  install(FILES ${PROJECT_BINARY_DIR}/install/libcudart.ld DESTINATION share/simt/toolkit/lib64 RENAME ${name})
endforeach()
# The toolchain file, its toolkit found beside it wherever the prefix goes.
set(SIMT_TOOLKIT [[${CMAKE_CURRENT_LIST_DIR}/toolkit]])
set(SIMT_RUNTIME_ARCHIVES)
foreach(room runtime checkers driver emulator)
  list(APPEND SIMT_RUNTIME_ARCHIVES "\${CMAKE_CURRENT_LIST_DIR}/../../lib/simt/libsimt_${room}.a")
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/cmake/simt-cuda-toolchain.cmake.in
               ${PROJECT_BINARY_DIR}/install/simt-cuda-toolchain.cmake @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/install/simt-cuda-toolchain.cmake DESTINATION share/simt)
configure_file(${PROJECT_SOURCE_DIR}/cmake/simtConfig.cmake.in ${PROJECT_BINARY_DIR}/install/simtConfig.cmake @ONLY)
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/install/simtConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/install/simtConfig.cmake ${PROJECT_BINARY_DIR}/install/simtConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/SimtCuda.cmake
        DESTINATION lib/cmake/simt)

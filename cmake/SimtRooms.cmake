# The rooms (cmake/rooms.txt) as the build sees them. Each room's library
# exports one include root, ${SIMT_INCLUDE_ROOTS}/<room>, holding only a link
# named for the room to its directory: `#include "driver/hazard.h"` then
# compiles only in a target that links simt_checkers, and a room may link
# only the rooms the table names (simt_check_room_links). tests/rooms/ checks
# the sources against the same table, for what the build cannot see (an
# include in a file no target compiles, a relative path).
set(SIMT_INCLUDE_ROOTS ${PROJECT_BINARY_DIR}/include-roots)

set(SIMT_ROOMS)
file(STRINGS ${PROJECT_SOURCE_DIR}/cmake/rooms.txt _simt_room_lines)
foreach(_line IN LISTS _simt_room_lines)
  string(REGEX REPLACE "#.*" "" _line "${_line}")
  if(_line MATCHES "^([a-z_]+):(.*)$")
    set(_room ${CMAKE_MATCH_1})
    separate_arguments(_uses UNIX_COMMAND "${CMAKE_MATCH_2}")
    list(APPEND SIMT_ROOMS ${_room})
    foreach(_use IN LISTS _uses)
      if(_use MATCHES "/")
        list(APPEND SIMT_ROOM_${_room}_HEADERS ${_use})
      else()
        list(APPEND SIMT_ROOM_${_room}_USES ${_use})
      endif()
    endforeach()
  endif()
endforeach()
list(REMOVE_DUPLICATES SIMT_ROOMS)

# The roots, made at configure time. A header the table allows on its own
# gets a root of its own (<room>-headers), seen only by the room's sources.
foreach(_room IN LISTS SIMT_ROOMS)
  file(MAKE_DIRECTORY ${SIMT_INCLUDE_ROOTS}/${_room})
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${_room} ${SIMT_INCLUDE_ROOTS}/${_room}/${_room} SYMBOLIC)
  foreach(_header IN LISTS SIMT_ROOM_${_room}_HEADERS)
    set(_link ${SIMT_INCLUDE_ROOTS}/${_room}-headers/${_header})
    get_filename_component(_dir ${_link} DIRECTORY)
    file(MAKE_DIRECTORY ${_dir})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${_header} ${_link} SYMBOLIC)
  endforeach()
endforeach()

# simt_room(<target> <room>): <target> is compiled from <room>'s sources and
# exports its root. Debug info and __FILE__ name the sources, not the links
# (-ffile-prefix-map), so reports and the watchdog's "is this simt's own
# frame" test see the paths they always did.
function(simt_room target room)
  if(NOT room IN_LIST SIMT_ROOMS)
    message(FATAL_ERROR "simt_room(${target} ${room}): no room ${room} in cmake/rooms.txt")
  endif()
  set_property(TARGET ${target} PROPERTY SIMT_ROOM ${room})
  set_property(GLOBAL APPEND PROPERTY SIMT_ROOM_TARGETS ${target})
  target_include_directories(${target} PUBLIC ${SIMT_INCLUDE_ROOTS}/${room})
  target_compile_options(${target} PUBLIC "-ffile-prefix-map=${SIMT_INCLUDE_ROOTS}/${room}/=${PROJECT_SOURCE_DIR}/")
  # PUBLIC: the room's own headers may include a header it was granted
  # (emulator/block.h writes the running thread's coordinates inline); the
  # directory holds only the granted headers, and simt_rooms still checks
  # every other room's includes against the table.
  if(SIMT_ROOM_${room}_HEADERS)
    target_include_directories(${target} PUBLIC ${SIMT_INCLUDE_ROOTS}/${room}-headers)
    target_compile_options(${target} PUBLIC
      "-ffile-prefix-map=${SIMT_INCLUDE_ROOTS}/${room}-headers/=${PROJECT_SOURCE_DIR}/")
  endif()
endfunction()

# Every room target links only its own room and the rooms the table lets it
# use: otherwise the link would hand it their include roots.
function(simt_check_room_links)
  get_property(targets GLOBAL PROPERTY SIMT_ROOM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(room ${target} SIMT_ROOM)
    get_target_property(links ${target} LINK_LIBRARIES)
    get_target_property(interface_links ${target} INTERFACE_LINK_LIBRARIES)
    foreach(link IN LISTS links interface_links)
      if(NOT TARGET "${link}")
        continue()
      endif()
      get_target_property(used ${link} SIMT_ROOM)
      if(used AND NOT used STREQUAL room AND NOT used IN_LIST SIMT_ROOM_${room}_USES)
        message(FATAL_ERROR "${target} (room ${room}) links ${link} (room ${used}), "
                            "which cmake/rooms.txt does not let ${room} use")
      endif()
    endforeach()
  endforeach()
endfunction()

# trex_search_pkg_modules(PREFIX MODULE...): pkg_check_modules(PREFIX REQUIRED IMPORTED_TARGET
# MODULE...) whose flags are the same on every configure of a build directory.
#
# CMake 3.25's FindPkgConfig moves a module's "-isystem DIR" (libzmq's pkg-config file gives
# "-isystem /usr/include/mit-krb5") into PREFIX_INCLUDE_DIRS on the configure that runs
# pkg-config, but caches PREFIX_CFLAGS_OTHER with the flag still in it, and every later
# configure reads the cache: DIR goes from the include directories to the compile options of
# every target linking PkgConfig::PREFIX. Ninja sees changed command lines and rebuilds them,
# so demo.sh's build (the directory's first configure) and test.sh's (its second) compiled the
# same objects twice. This keeps in the cache what the first configure uses, before the call
# (a directory configured before this existed) and after it (a new one); later calls of
# pkg_check_modules with the same arguments (the subdirectories') read it.
macro(trex_search_pkg_modules prefix)
  _trex_search_pkg_isystem_to_dirs(${prefix})
  pkg_check_modules(${prefix} REQUIRED IMPORTED_TARGET ${ARGN})
  _trex_search_pkg_isystem_to_dirs(${prefix})
endmacro()

# Moves "-isystem DIR" from the cached PREFIX_CFLAGS_OTHER to the cached PREFIX_INCLUDE_DIRS,
# as FindPkgConfig does on the configure that runs pkg-config.
function(_trex_search_pkg_isystem_to_dirs prefix)
  set(flags "$CACHE{${prefix}_CFLAGS_OTHER}")
  if(NOT flags MATCHES "-isystem")
    return()
  endif()
  set(dirs "$CACHE{${prefix}_INCLUDE_DIRS}")
  set(other "")
  set(next_is_dir FALSE)
  foreach(flag IN LISTS flags)
    if(next_is_dir)
      list(APPEND dirs "${flag}")
      set(next_is_dir FALSE)
    elseif(flag STREQUAL "-isystem")
      set(next_is_dir TRUE)
    elseif(flag MATCHES "^-isystem(.+)$")
      list(APPEND dirs "${CMAKE_MATCH_1}")
    else()
      list(APPEND other "${flag}")
    endif()
  endforeach()
  set(${prefix}_INCLUDE_DIRS "${dirs}" CACHE INTERNAL "")
  set(${prefix}_CFLAGS_OTHER "${other}" CACHE INTERNAL "")
endfunction()

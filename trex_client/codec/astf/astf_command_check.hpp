#pragma once

// Codec-internal: one command of an ASTF program as TRex reads it (trex-astf.md §2.2).

#include "trex_client/codec/field_reader.hpp"

namespace trexsearch::trex::codec {

/// Where a command sits: its index, its program's length and stream mode, the buffers.
struct CommandPlace {
  Json::ArrayIndex position = 0;
  Json::ArrayIndex commands = 0;
  Json::ArrayIndex buffers = 0;
  bool udp = false;
};

/// Checks a command as TRex's schema (scripts/astf_schema.json) and validate_program do:
/// a known name with its required fields of the right type, a buffer index inside
/// buf_list, a jump inside the program, and (as Python's ASTFProgram refuses otherwise)
/// UDP message commands only in UDP programs, TCP stream commands only in TCP ones.
void check_astf_command(const FieldReader& command, const CommandPlace& place);

}  // namespace trexsearch::trex::codec

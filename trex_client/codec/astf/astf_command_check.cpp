#include "trex_client/codec/astf/astf_command_check.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace trexsearch::trex::codec {
namespace {

enum class Kind { integer, count, positive, duration, flag, buffer, jump, compare };
enum class Mode { any, tcp, udp };

struct Arg {
  std::string_view key;
  Kind kind;
  bool required = true;
};

struct Shape {
  std::string_view name;
  Mode mode;
  std::vector<Arg> args;
};

// scripts/astf_schema.json's program_command_*_t, with the stream mode Python's
// ASTFCmd* classes give each command.
const std::vector<Shape>& shapes() {
  static const std::vector<Shape> kShapes{
      {"tx", Mode::tcp, {{"buf_index", Kind::buffer}}},
      {"rx", Mode::tcp, {{"min_bytes", Kind::count}, {"clear", Kind::flag, false}}},
      {"keepalive", Mode::udp, {{"msec", Kind::count}, {"rx_mode", Kind::flag, false}}},
      {"rx_msg", Mode::udp, {{"min_pkts", Kind::positive}, {"clear", Kind::flag, false}}},
      {"tx_msg", Mode::udp, {{"buf_index", Kind::buffer}}},
      {"close_msg", Mode::udp, {}},
      {"connect", Mode::tcp, {}},
      {"reset", Mode::tcp, {}},
      {"nc", Mode::tcp, {}},
      {"delay", Mode::any, {{"usec", Kind::positive}}},
      {"delay_rnd", Mode::any, {{"min_usec", Kind::count}, {"max_usec", Kind::positive}}},
      {"set_var", Mode::any, {{"id", Kind::integer}, {"val", Kind::count}}},
      {"set_tick_var", Mode::any, {{"id", Kind::integer}}},
      {"add_var", Mode::any, {{"id", Kind::integer}, {"val", Kind::integer}}},
      {"add_tick_var", Mode::any, {{"id", Kind::integer}, {"duration", Kind::duration}}},
      {"add_stats", Mode::any, {{"stats_id", Kind::integer}, {"val", Kind::count}}},
      {"add_tick_stats", Mode::any, {{"stats_id", Kind::integer}, {"var_id", Kind::integer}}},
      {"jmp_nz", Mode::any, {{"id", Kind::integer}, {"offset", Kind::jump}}},
      {"jmp_dp",
       Mode::any,
       {{"id", Kind::integer}, {"offset", Kind::jump}, {"duration", Kind::duration}}},
      {"jmp_cmp",
       Mode::any,
       {{"offset", Kind::jump},
        {"id", Kind::integer, false},
        {"cmp_op", Kind::compare, false},
        {"cmp_val", Kind::integer, false}}},
      {"tx_mode", Mode::tcp, {{"flags", Kind::count}}},
      {"set_template", Mode::any, {{"tg_id", Kind::positive}}},
      {"exec_template", Mode::any, {}},
  };
  return kShapes;
}

std::string known_names() {
  std::string list;
  for (const Shape& shape : shapes()) {
    if (!list.empty()) list += ", ";
    list += shape.name;
  }
  return list;
}

void check_buffer(const FieldReader& field, const CommandPlace& place) {
  const std::int64_t index = field.as_i64();
  if (index < 0 || index >= static_cast<std::int64_t>(place.buffers)) {
    field.fail("buffer index out of range: buf_list has " + std::to_string(place.buffers) +
               " entries");
  }
}

void check_jump(const FieldReader& field, const CommandPlace& place) {
  const std::int64_t target = static_cast<std::int64_t>(place.position) + field.as_i64();
  if (target < 0 || target > static_cast<std::int64_t>(place.commands)) {
    field.fail("jumps to command " + std::to_string(target) + ", outside the program's " +
               std::to_string(place.commands) + " commands");
  }
}

void check_arg(const FieldReader& field, Kind kind, const CommandPlace& place) {
  switch (kind) {
    case Kind::integer:
      field.as_i64();
      return;
    case Kind::count:
      field.as_i64(0);
      return;
    case Kind::positive:
      field.as_i64(1);
      return;
    case Kind::duration:
      if (!(field.as_double() >= 0.0) || !std::isfinite(field.as_double())) {
        field.fail("must be a number >= 0");
      }
      return;
    case Kind::flag:
      field.as_bool();
      return;
    case Kind::buffer:
      check_buffer(field, place);
      return;
    case Kind::jump:
      check_jump(field, place);
      return;
    case Kind::compare:
      static constexpr std::string_view kOps[] = {"gt", "lt", "eq", "ge", "le", "ne"};
      if (std::find(std::begin(kOps), std::end(kOps), field.as_string()) == std::end(kOps)) {
        field.fail("must be one of gt, lt, eq, ge, le, ne");
      }
      return;
  }
}

}  // namespace

void check_astf_command(const FieldReader& command, const CommandPlace& place) {
  command.expect_object();
  const FieldReader name = command.at("name");
  const std::string text = name.as_string();
  const auto& all = shapes();
  const auto shape =
      std::find_if(all.begin(), all.end(), [&text](const Shape& s) { return s.name == text; });
  if (shape == all.end()) name.fail("unknown command (known: " + known_names() + ")");
  if (shape->mode == Mode::udp && !place.udp) {
    name.fail("is a UDP command in a TCP program (\"stream\" is not false)");
  }
  if (shape->mode == Mode::tcp && place.udp) {
    name.fail("is a TCP command in a UDP program (\"stream\": false)");
  }
  for (const Arg& arg : shape->args) {
    if (arg.required || command.has(arg.key)) check_arg(command.at(arg.key), arg.kind, place);
  }
}

}  // namespace trexsearch::trex::codec

// The emulator-only method emulator_control: fault injection and, in ASTF mode, the SUT
// session flush, for tests that drive the trex-emulator executable over its socket.
#include "trex_emulator/rpc/method_table.hpp"
#include "trex_emulator/rpc/param_reader.hpp"

namespace trexsearch::trex::emu::handlers {
namespace {

using P = ParamReader;

}  // namespace

Json::Value emulator_control(MethodContext& context, const Json::Value& params) {
  // Fault injection for tests that drive the trex-emulator executable over its
  // socket; these faults apply to the replies after this one.
  if (!P::absent(params, "drop_replies")) {
    context.faults.drop_next_replies(static_cast<int>(P::uint32(params, "drop_replies")));
  }
  if (!P::absent(params, "slow_replies")) {
    const double delay_ms = P::unsigned_number(params, "slow_reply_ms");
    context.faults.delay_next_replies(static_cast<int>(P::uint32(params, "slow_replies")),
                                      measure::Seconds{delay_ms / 1000.0});
  }
  if (!P::absent(params, "malformed_replies")) {
    context.faults.corrupt_next_replies(static_cast<int>(P::uint32(params, "malformed_replies")));
  }
  if (!P::absent(params, "busy_commands")) {
    context.faults.busy_next_commands(static_cast<int>(P::uint32(params, "busy_commands")));
  }
  // A port's link down or up again (a cable pulled, a SUT rebooting).
  if (!P::absent(params, "link_down"))
    context.state.set_link_up(P::byte(params, "link_down"), false);
  if (!P::absent(params, "link_up")) context.state.set_link_up(P::byte(params, "link_up"), true);
  if (!P::absent(params, "restart") && P::boolean(params, "restart")) {
    context.faults.request_restart();
  }
  if (!P::absent(params, "flush_sessions") && P::boolean(params, "flush_sessions") &&
      context.astf != nullptr) {
    // What SIGUSR1 does: every ASTF SUT forgets its sessions, at once.
    context.astf->flush_sut_sessions();
  }
  Json::Value result(Json::objectValue);
  result["completed_runs"] = Json::UInt64(context.state.completed_runs());
  return result;
}

}  // namespace trexsearch::trex::emu::handlers

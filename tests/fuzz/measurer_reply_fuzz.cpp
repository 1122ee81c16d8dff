// Fuzz body: the external-measurer line protocol (docs/external-measurer.md). The
// measurer is another process, possibly buggy: its replies must fail as
// MeasurementError, never crash the daemon.

#include "daemon/measurers/measurer_protocol_codec.hpp"
#include "measure/errors.hpp"
#include "tests/fuzz/fuzz_bodies.hpp"

namespace trexsearch::fuzz {
namespace {

void reply_round_trip(std::string_view data) {
  measure::TrialOutcome outcome;
  try {
    outcome = codec::decode_measurer_reply(data);
  } catch (const measure::MeasurementError&) {
    return;
  }
  const measure::TrialOutcome again =
      codec::decode_measurer_reply(codec::encode_measurer_reply(outcome));
  require_round_trip(again.offered_count == outcome.offered_count, "offered_count");
  require_round_trip(again.loss_count == outcome.loss_count, "loss_count");
  require_round_trip(again.intended_count == outcome.intended_count, "intended_count");
  require_round_trip(again.effective_duration == outcome.effective_duration, "effective_duration");
  require_round_trip(again.notes == outcome.notes, "notes");
}

void request_round_trip(std::string_view data) {
  codec::MeasurerRequest request;
  try {
    request = codec::decode_measurer_request(data);
  } catch (const measure::ConfigError&) {
    return;
  }
  const codec::MeasurerRequest again =
      codec::decode_measurer_request(codec::encode_measurer_request(request));
  require_round_trip(again.duration == request.duration, "request duration");
  require_round_trip(again.load_pps == request.load_pps, "request load");
}

}  // namespace

void fuzz_measurer_reply(std::string_view data) {
  reply_round_trip(data);
  request_round_trip(data);
}

}  // namespace trexsearch::fuzz

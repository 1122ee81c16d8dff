#include "trex_client/session/retries_exhausted.hpp"

#include <utility>

#include "trex_client/session/outage_deadline.hpp"

namespace trexsearch::trex {
namespace {

std::string describe(int attempts, const std::optional<measure::Seconds>& unreachable_for,
                     const std::string& last_error) {
  const std::string unreachable =
      unreachable_for ? ", unreachable for " + format_outage(*unreachable_for) : "";
  return "gave up on TRex after " + std::to_string(attempts) + " attempts" + unreachable + ": " +
         last_error;
}

}  // namespace

RetriesExhausted::RetriesExhausted(int attempts, std::optional<measure::Seconds> unreachable_for,
                                   std::string last_error)
    : std::runtime_error(describe(attempts, unreachable_for, last_error)),
      attempts_(attempts),
      unreachable_for_(unreachable_for),
      last_error_(std::move(last_error)) {}

}  // namespace trexsearch::trex

#include "daemon/cli/command/command_errors.hpp"

#include <boost/program_options/errors.hpp>
#include <ostream>

#include "daemon/cli/command/exit_codes.hpp"
#include "daemon/codec/strict_json.hpp"
#include "measure/errors.hpp"

namespace trexsearch::cli {
namespace {

int report(std::ostream& err, const std::function<void(const CommandFailure&)>& on_failure,
           const CommandFailure& failure) {
  err << "trex-search: error: " << failure.message << std::endl;
  if (on_failure) on_failure(failure);
  return failure.exit_code;
}

}  // namespace

int run_reporting_errors(const std::function<int()>& body, std::ostream& err,
                         const std::function<void(const CommandFailure&)>& on_failure) {
  try {
    return body();
  } catch (const UsageError& error) {
    return report(err, on_failure,
                  {"bad_usage", std::string(error.what()) + " (see --help)", kExitBadInput});
  } catch (const boost::program_options::error& error) {
    return report(err, on_failure,
                  {"bad_usage", std::string(error.what()) + " (see --help)", kExitBadInput});
  } catch (const BadInputError& error) {
    return report(err, on_failure, {"bad_input", error.what(), kExitBadInput});
  } catch (const codec::JsonSyntaxError& error) {
    return report(err, on_failure,
                  {"bad_input", std::string("invalid JSON: ") + error.what(), kExitBadInput});
  } catch (const measure::ConfigError& error) {
    return report(err, on_failure, {"bad_input", error.what(), kExitBadInput});
  } catch (const std::exception& error) {
    return report(err, on_failure, {"failure", error.what(), kExitFailure});
  }
}

}  // namespace trexsearch::cli

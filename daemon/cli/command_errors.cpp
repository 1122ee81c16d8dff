#include "daemon/cli/command_errors.hpp"

#include <boost/program_options/errors.hpp>
#include <ostream>

#include "daemon/cli/exit_codes.hpp"
#include "daemon/codec/strict_json.hpp"
#include "search/errors.hpp"

namespace trexsearch::cli {
namespace {

int report(std::ostream& err, const std::string& message, int code) {
  err << "trex-search: error: " << message << std::endl;
  return code;
}

}  // namespace

int run_reporting_errors(const std::function<int()>& body, std::ostream& err) {
  try {
    return body();
  } catch (const UsageError& error) {
    return report(err, std::string(error.what()) + " (see --help)", kExitBadInput);
  } catch (const boost::program_options::error& error) {
    return report(err, std::string(error.what()) + " (see --help)", kExitBadInput);
  } catch (const BadInputError& error) {
    return report(err, error.what(), kExitBadInput);
  } catch (const codec::JsonSyntaxError& error) {
    return report(err, std::string("invalid JSON: ") + error.what(), kExitBadInput);
  } catch (const ConfigError& error) {
    return report(err, error.what(), kExitBadInput);
  } catch (const std::exception& error) {
    return report(err, error.what(), kExitFailure);
  }
}

}  // namespace trexsearch::cli

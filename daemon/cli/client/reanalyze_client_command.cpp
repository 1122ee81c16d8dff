// `trex-search reanalyze JOB [--goals F]`: a stored job's trials, other goals.
#include <ostream>
#include <sstream>

#include "daemon/cli/analysis/goals_file_codec.hpp"
#include "daemon/cli/command/command_entries.hpp"
#include "daemon/cli/command/input_file.hpp"
#include "daemon/cli/replies/client_format.hpp"
#include "daemon/cli/text/tester_limit_text.hpp"
#include "daemon/protocol/replies/job_replies_codec.hpp"

namespace trexsearch::cli {
namespace {

namespace po = boost::program_options;

po::options_description reanalyze_options() {
  po::options_description options("Options");
  options.add_options()("goals", po::value<std::string>()->value_name("GOALS.json"),
                        "the goals to analyse with: an array of goals or {\"goals\": [...]}; "
                        "default: the job's own");
  return options;
}

// The daemon returns goal results as `trex-search analyze` does: one line per goal.
std::string format_analysis(const protocol::AnalyzeReply& reply) {
  std::ostringstream out;
  out << "job " << reply.job << ": " << reply.trial_count << " trials\n";
  for (const mlr::GoalResult& goal : reply.goals) {
    out << "  " << goal.label << ": lower " << format_load(goal.relevant_lower_bound_pps)
        << " upper " << format_load(goal.relevant_upper_bound_pps) << " conditional throughput "
        << format_load(goal.conditional_throughput_pps)
        << (goal.regular()
                ? ""
                : "  (irregular: " + std::string(mlr::to_string(goal.irregularity)) + ")")
        << (goal.tester_limit ? "  " + tester_limited_verdict(goal.tester_limit->reached_pps)
                              : std::string())
        << "\n";
  }
  return out.str();
}

ClientRequest analyze_request(const po::variables_map& options) {
  protocol::AnalyzeRequest request{job_argument(options), std::nullopt};
  if (options.count("goals") != 0) {
    // Read and checked here, so a bad goal is named in the user's file.
    const std::string path = options["goals"].as<std::string>();
    request.goals = decode_goals_file(read_input_file(path), input_name(path));
  }
  return client_request(request);
}

int print_analysis(const ClientRequest&, const protocol::Response& reply, const ClientCall& call) {
  print_reply(call.out, call.settings, reply.arguments, format_analysis);
  return 0;
}

}  // namespace

constinit const CommandEntry kReanalyzeCommand{
    .name = "reanalyze",
    .summary = "re-analyse a stored MLR job's trials with other goals",
    .usage = "trex-search reanalyze JOB [--goals GOALS.json] [--json]",
    .description =
        "Re-analyses a stored MLR job's trials on trex-searchd with other goals\n"
        "(draft-06 goals; nothing is measured again) and prints each goal's\n"
        "relevant bounds.",
    .options = reanalyze_options,
    .client = {.operand_count = 1, .request = analyze_request, .print = print_analysis},
};

}  // namespace trexsearch::cli

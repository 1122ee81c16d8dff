#include "daemon/service/dispatcher.hpp"

#include "daemon/service/load_units.hpp"

#include <chrono>

#include "daemon/codec/goal_codec.hpp"
#include "daemon/codec/goal_result_codec.hpp"
#include "daemon/codec/object_reader.hpp"
#include "daemon/codec/plr_result_codec.hpp"
#include "daemon/codec/strict_json.hpp"
#include "daemon/service/fixed_load_codec.hpp"
#include "daemon/service/job_names.hpp"
#include "daemon/service/job_spec_codec.hpp"
#include "daemon/service/reply_codec.hpp"
#include "daemon/service/suite_codec.hpp"
#include "daemon/service/suite_reply_codec.hpp"
#include "search/errors.hpp"
#include "search/trial_analysis.hpp"

namespace trexsearch::service {
namespace {

constexpr std::size_t kDefaultListLimit = 100;
constexpr std::size_t kMaxListLimit = 10000;

// `limit` of `list` and `list_suites`: 1..kMaxListLimit, default kDefaultListLimit.
std::size_t read_list_limit(codec::ObjectReader& reader) {
  const auto value = reader.optional_int64("limit");
  if (!value) return kDefaultListLimit;
  if (*value < 1 || *value > static_cast<std::int64_t>(kMaxListLimit)) {
    throw ConfigError(reader.field_path("limit"), std::to_string(*value),
                      "must be from 1 to " + std::to_string(kMaxListLimit));
  }
  return static_cast<std::size_t>(*value);
}

Response success(const Request& request, std::string text, Json::Value arguments) {
  Response response;
  response.id = request.id;
  response.text = std::move(text);
  response.arguments = std::move(arguments);
  return response;
}

JobId read_job_id(codec::ObjectReader& reader) {
  const std::int64_t id = reader.int64("job");
  if (id <= 0) {
    throw ConfigError(reader.field_path("job"), std::to_string(id), "must be a job id (>= 1)");
  }
  return id;
}

std::string job_text(JobId id) { return "job " + std::to_string(id); }

JobSpec stored_spec(const JobRecord& record) {
  return decode_job_spec(codec::parse_strict_json(record.spec_json, "stored spec"));
}

std::vector<TrialResult> counted_trials(const std::vector<StoredTrial>& trials) {
  std::vector<TrialResult> results;
  for (const StoredTrial& trial : trials) {
    // Warmup and latency-phase trials count for no goal (docs/latency.md).
    if (trial.phase == mlr::TrialPhase::warmup || trial.phase == mlr::TrialPhase::latency) continue;
    results.push_back(TrialResult::from_outcome(
        trial.trial.intended_load_pps, trial.trial.intended_duration, trial.trial.outcome));
  }
  return results;
}

}  // namespace

Dispatcher::Dispatcher(JobControl& jobs, AccessPolicy policy, DaemonInfo info,
                       std::function<ServerStats()> stats,
                       std::function<TrexLinkSnapshot()> trex)
    : jobs_(jobs),
      policy_(policy),
      info_(std::move(info)),
      stats_(std::move(stats)),
      trex_(std::move(trex)) {}

Dispatched Dispatcher::dispatch_line(std::string_view line, const DispatchContext& context) {
  try {
    return dispatch(parse_request(line), context);
  } catch (const MalformedRequest& error) {
    return Dispatched{error_response(error.id(), error.code(), error.what()), std::nullopt,
                      nullptr};
  }
}

Dispatched Dispatcher::dispatch(const Request& request, const DispatchContext& context) {
  try {
    return run(request, context);
  } catch (const RequestError& error) {
    return {error_response(request.id, error.code(), error.what()), std::nullopt, nullptr};
  } catch (const ConfigError& error) {
    return {error_response(request.id, ResultCode::bad_request, error.what()), std::nullopt,
            nullptr};
  } catch (const std::exception& error) {
    return {
        error_response(request.id, ResultCode::error, request.command + " failed: " + error.what()),
        std::nullopt, nullptr};
  }
}

// The registry. Privileged commands check the peer themselves, after their
// arguments (a malformed request says so first); `help` lists this table.
const Dispatcher::Command Dispatcher::kCommands[] = {
    {"version", "daemon and protocol version", false, false, &Dispatcher::reply<&Dispatcher::version>},
    {"status", "daemon, TRex connection, queue and clients", false, false,
     &Dispatcher::reply<&Dispatcher::status>},
    // submit may ask TRex for its port speed (up to 1 s when TRex does not answer,
    // docs/loads.md); the store commands' cost grows with the store.
    {"submit", "queue a job: {method, spec, measurer, name?, profile?}", true, true,
     &Dispatcher::reply<&Dispatcher::submit>},
    {"list", "jobs, newest first: {state?, limit?}", false, true, &Dispatcher::reply<&Dispatcher::list>},
    {"show", "one job: state, progress, bounds, trials: {job, trials?}", false, true,
     &Dispatcher::reply<&Dispatcher::show>},
    {"cancel", "cancel a queued or running job: {job}", true, false,
     &Dispatcher::reply<&Dispatcher::cancel>},
    {"delete", "delete an ended job with its trials and result: {job}", true, true,
     &Dispatcher::reply<&Dispatcher::remove>},
    {"result", "the full result of a job, every trial included: {job}", false, true,
     &Dispatcher::reply<&Dispatcher::result>},
    {"watch", "stream a job's progress events until it ends: {job}", false, false, &Dispatcher::watch},
    {"analyze", "re-analyse a job's stored trials with other goals: {job, goals?}", false, true,
     &Dispatcher::reply<&Dispatcher::analyze>},
    {"submit_suite",
     "queue a suite's jobs together: {name, job, frame_sizes?, profiles?, methods?, repeats?}", true,
     true, &Dispatcher::reply<&Dispatcher::submit_suite>},
    {"show_suite", "one suite: its jobs with their states and results: {suite}", false, true,
     &Dispatcher::reply<&Dispatcher::show_suite>},
    {"list_suites", "suites, newest first: {limit?}", false, true,
     &Dispatcher::reply<&Dispatcher::list_suites>},
    {"help", "this list", false, false, &Dispatcher::reply<&Dispatcher::help>},
};

const Dispatcher::Command* Dispatcher::find_command(std::string_view name) {
  for (const Command& command : kCommands) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

Dispatched Dispatcher::run(const Request& request, const DispatchContext& context) {
  const Command* command = find_command(request.command);
  if (command == nullptr) {
    std::string known;
    for (const Command& entry : kCommands) {
      known += (known.empty() ? "" : ", ") + std::string(entry.name);
    }
    throw RequestError(ResultCode::unsupported,
                       "unknown command \"" + request.command.substr(0, 40) + "\"; known: " + known);
  }
  return (this->*command->handler)(request, context);
}

bool Dispatcher::runs_on_pool(std::string_view command) {
  const Command* found = find_command(command);
  return found != nullptr && found->on_pool;
}

JobStoreAccess& Dispatcher::store_access(const DispatchContext& context) const {
  return context.store != nullptr ? *context.store : jobs_;
}

void Dispatcher::require_modify(const DispatchContext& context, std::string_view command) const {
  if (context.peer && policy_.may_modify(*context.peer)) return;
  const std::string who = context.peer ? context.peer->describe() : "a peer without credentials";
  throw RequestError(ResultCode::permission_denied, who + " may not " + std::string(command) +
                                                        ": only " + policy_.describe() +
                                                        " may submit or cancel jobs");
}

Response Dispatcher::version(const Request& request, const DispatchContext& /*context*/) {
  codec::ObjectReader(request.arguments, "arguments").reject_unknown_keys();
  Json::Value arguments(Json::objectValue);
  arguments["daemon"] = "trex-searchd";
  arguments["version"] = info_.version;
  arguments["protocol"] = kProtocolVersion;
  return success(request, "trex-searchd " + info_.version, arguments);
}

Response Dispatcher::status(const Request& request, const DispatchContext& /*context*/) {
  codec::ObjectReader(request.arguments, "arguments").reject_unknown_keys();
  const QueueStatus queue = jobs_.queue_status();
  Json::Value arguments(Json::objectValue);
  Json::Value daemon(Json::objectValue);
  daemon["version"] = info_.version;
  daemon["pid"] = static_cast<Json::Int64>(info_.pid);
  daemon["started_at"] = format_utc(info_.started_at);
  daemon["uptime"] =
      std::chrono::duration<double>(std::chrono::system_clock::now() - info_.started_at).count();
  daemon["socket"] = info_.socket_path;
  daemon["state_dir"] = info_.state_dir;
  arguments["daemon"] = daemon;
  arguments["trex"] = trex_ ? encode_trex_link(trex_()) : encode_trex_not_configured();
  arguments["queue"] = encode_queue_status(queue);
  const auto store = jobs_.store_health();
  if (store) arguments["store"] = encode_store_health(*store);
  if (stats_) {
    const ServerStats stats = stats_();
    Json::Value clients(Json::objectValue);
    clients["connected"] = Json::UInt64{stats.clients};
    clients["max"] = Json::UInt64{stats.max_clients};
    clients["max_per_user"] = Json::UInt64{stats.max_clients_per_user};
    clients["output_bytes"] = Json::UInt64{stats.output_bytes};
    clients["max_output_bytes"] = Json::UInt64{stats.max_output_bytes};
    clients["blocked"] = Json::UInt64{stats.blocked};
    arguments["clients"] = clients;
  }
  std::string text = queue.running ? job_text(queue.running->id) + " running" : "idle";
  text += ", " + std::to_string(queue.queued.size()) + " queued";
  if (store && !store->writable) text += "; the job store cannot be written: " + store->last_error;
  return success(request, text, arguments);
}

Response Dispatcher::submit(const Request& request, const DispatchContext& context) {
  require_modify(context, "submit");
  const JobSpec spec = decode_job_spec(request.arguments, port_speed_probe_);
  check_job_names(spec);
  const SubmitReceipt receipt = jobs_.submit(spec, context.peer->describe());
  Json::Value arguments(Json::objectValue);
  arguments["job"] = Json::Int64{receipt.id};
  arguments["state"] = "queued";
  arguments["queue_position"] = Json::UInt64{receipt.queue_position};
  return success(
      request,
      job_text(receipt.id) + " queued at position " + std::to_string(receipt.queue_position),
      arguments);
}

Response Dispatcher::submit_suite(const Request& request, const DispatchContext& context) {
  require_modify(context, "submit_suite");
  const SuiteSpec suite = decode_suite(request.arguments, port_speed_probe_);
  for (const SuiteEntry& entry : suite.entries) check_job_names(entry.job);
  const SuiteReceipt receipt = jobs_.submit_suite(suite, context.peer->describe());
  const auto& jobs = receipt.suite.jobs;
  return success(request,
                 "suite " + std::to_string(receipt.suite.id) + " (" + suite.name + "): " +
                     std::to_string(jobs.size()) + " jobs queued, " + job_text(jobs.front().job) +
                     (jobs.size() > 1 ? " to " + std::to_string(jobs.back().job) : "") +
                     " from position " + std::to_string(receipt.queue_position),
                 encode_suite_receipt(receipt));
}

Response Dispatcher::show_suite(const Request& request, const DispatchContext& context) {
  const SuiteRef ref = decode_suite_ref(request.arguments);
  const SuiteDetails details = store_access(context).suite(ref);
  std::size_t ended = 0;
  for (const SuiteJobDetails& job : details.jobs) ended += is_final(job.record.state) ? 1 : 0;
  return success(request,
                 "suite " + std::to_string(details.suite.id) + " (" + details.suite.name + "): " +
                     std::to_string(ended) + " of " + std::to_string(details.jobs.size()) +
                     " jobs ended",
                 encode_suite_details(details));
}

Response Dispatcher::list_suites(const Request& request, const DispatchContext& context) {
  codec::ObjectReader reader(request.arguments, "arguments");
  const std::size_t limit = read_list_limit(reader);
  reader.reject_unknown_keys();
  const auto suites = store_access(context).suites(limit);
  Json::Value arguments(Json::objectValue);
  arguments["suites"] = encode_suite_list(suites);
  return success(request, std::to_string(suites.size()) + " suites", arguments);
}

Response Dispatcher::list(const Request& request, const DispatchContext& context) {
  codec::ObjectReader reader(request.arguments, "arguments");
  std::optional<JobState> state;
  if (const auto text = reader.optional_string("state")) {
    state = job_state_from_string(*text);
    if (!state) {
      throw ConfigError(reader.field_path("state"), "\"" + *text + "\"",
                        "must be queued, running, interrupted, finished, failed or cancelled");
    }
  }
  const std::size_t limit = read_list_limit(reader);
  reader.reject_unknown_keys();
  Json::Value jobs(Json::arrayValue);
  for (const JobRecord& record : store_access(context).list(state, limit)) jobs.append(encode_job_record(record));
  Json::Value arguments(Json::objectValue);
  const auto count = jobs.size();
  arguments["jobs"] = std::move(jobs);
  return success(request, std::to_string(count) + " jobs", arguments);
}

Response Dispatcher::show(const Request& request, const DispatchContext& context) {
  codec::ObjectReader reader(request.arguments, "arguments");
  const JobId id = read_job_id(reader);
  const bool with_trials = reader.optional_bool("trials").value_or(true);
  reader.reject_unknown_keys();
  JobDetails details = store_access(context).details(id, true);
  Json::Value arguments(Json::objectValue);
  arguments["job"] = encode_job_record(details.record);
  arguments["spec"] = codec::parse_strict_json(details.record.spec_json, "stored spec");
  arguments["queue_position"] = details.queue_position
                                    ? Json::Value(Json::UInt64{*details.queue_position})
                                    : Json::Value(Json::nullValue);
  arguments["progress"] =
      details.progress ? encode_progress(*details.progress) : Json::Value(Json::nullValue);
  // Not running: the bounds its stored trials support, per goal.
  // PLR jobs have no goals: their stored trials carry the estimate instead.
  arguments["bounds"] = Json::nullValue;
  if (!details.progress && details.record.method == to_string(SearchMethod::mlr)) {
    const JobSpec spec = stored_spec(details.record);
    const auto trials = counted_trials(details.trials);
    arguments["bounds"] = encode_bounds(mlr::analyze_trials(
        spec.mlr.goals, trials, mlr::LoadLimits{spec.mlr.min_load_pps, spec.mlr.max_load_pps}));
  }
  if (!details.progress && !details.trials.empty() && details.trials.back().plr) {
    const auto& estimate = details.trials.back().plr->estimate;
    arguments["estimate"] =
        estimate ? codec::encode_plr_estimate(*estimate) : Json::Value(Json::nullValue);
  }
  if (!details.trials.empty() && details.trials.back().plr) {
    // As `result` judges it, against the latest estimate: a running soak whose
    // estimate is the tester's says so before it ends.
    std::vector<plr::PlrTrial> trials;
    for (const StoredTrial& trial : details.trials) {
      if (trial.plr) trials.push_back(*trial.plr);
    }
    const plr::PlrTesterLimit limit = plr::tester_limit_of(trials, trials.back().estimate);
    arguments["tester_limited"] = limit.limited();
    arguments["tester_limit"] = codec::encode_plr_tester_limit(limit);
  }
  if (details.record.method == to_string(SearchMethod::mrr) ||
      details.record.method == to_string(SearchMethod::soak)) {
    // MRR and soaks: the result's numbers from the trials stored so far, running
    // or not (the trials themselves are below).
    const JobSpec spec = stored_spec(details.record);
    Json::Value summary = encode_fixed_load_result(summarize_fixed_load(
        fixed_load_plan(spec), details.trials, FixedLoadStop::completed, ""));
    for (const char* key : {"trials", "stop_reason", "stop_detail"}) summary.removeMember(key);
    arguments["fixed_load"] = summary;
    arguments["line_rate"] = encode_line_rate(job_line_rate(spec.measurer));
  }
  if (with_trials) {
    Json::Value trials(Json::arrayValue);
    for (const StoredTrial& trial : details.trials) trials.append(encode_stored_trial(trial));
    arguments["trials"] = trials;
  }
  return success(request,
                 job_text(id) + " is " + std::string(to_string(details.record.state)) + " with " +
                     std::to_string(details.trials.size()) + " trials",
                 arguments);
}

Response Dispatcher::cancel(const Request& request, const DispatchContext& context) {
  codec::ObjectReader reader(request.arguments, "arguments");
  const JobId id = read_job_id(reader);
  reader.reject_unknown_keys();
  require_modify(context, "cancel");
  const CancelOutcome outcome = jobs_.cancel(id, context.peer->describe());
  Json::Value arguments(Json::objectValue);
  arguments["job"] = Json::Int64{id};
  arguments["state"] = outcome == CancelOutcome::cancelled ? "cancelled" : "running";
  return success(request,
                 outcome == CancelOutcome::cancelled
                     ? job_text(id) + " cancelled"
                     : job_text(id) + " is stopping (its running trial is stopped)",
                 arguments);
}

Response Dispatcher::remove(const Request& request, const DispatchContext& context) {
  codec::ObjectReader reader(request.arguments, "arguments");
  const JobId id = read_job_id(reader);
  reader.reject_unknown_keys();
  require_modify(context, "delete");
  const std::size_t trials = store_access(context).remove(id, context.peer->describe());
  Json::Value arguments(Json::objectValue);
  arguments["job"] = Json::Int64{id};
  arguments["trials"] = Json::UInt64{trials};
  return success(request,
                 job_text(id) + " deleted with its " + std::to_string(trials) + " trials",
                 arguments);
}

Response Dispatcher::result(const Request& request, const DispatchContext& context) {
  codec::ObjectReader reader(request.arguments, "arguments");
  const JobId id = read_job_id(reader);
  reader.reject_unknown_keys();
  const std::string stored = store_access(context).result_json(id);
  const JobDetails details = store_access(context).details(id, false);
  Json::Value arguments(Json::objectValue);
  arguments["job"] = encode_job_record(details.record);
  arguments["result"] = codec::parse_strict_json(stored, "stored result");
  // What the loads mean in % of line rate and Gbit/s (docs/loads.md).
  arguments["line_rate"] = encode_line_rate(job_line_rate(stored_spec(details.record).measurer));
  return success(request,
                 job_text(id) + " result (" + std::string(to_string(details.record.state)) + ")",
                 arguments);
}

Dispatched Dispatcher::watch(const Request& request, const DispatchContext& context) {
  codec::ObjectReader reader(request.arguments, "arguments");
  const JobId id = read_job_id(reader);
  reader.reject_unknown_keys();
  if (!context.make_watcher) {
    throw RequestError(ResultCode::unsupported, "watch needs a streaming connection");
  }
  std::shared_ptr<JobWatcher> watcher = context.make_watcher(request.id);
  const WatchStart start = jobs_.watch(id, watcher);
  Json::Value arguments(Json::objectValue);
  arguments["job"] = encode_job_record(start.record);
  arguments["progress"] =
      start.progress ? encode_progress(*start.progress) : Json::Value(Json::nullValue);
  arguments["ended"] = start.ended;
  Dispatched dispatched;
  if (start.ended) {
    dispatched.response = success(
        request,
        job_text(id) + " is " + std::string(to_string(start.record.state)) + "; no events follow",
        arguments);
    return dispatched;
  }
  dispatched.response =
      success(request, "watching " + job_text(id) + "; events follow until it ends", arguments);
  dispatched.watched_job = id;
  dispatched.watcher = std::move(watcher);
  return dispatched;
}

Response Dispatcher::analyze(const Request& request, const DispatchContext& context) {
  codec::ObjectReader reader(request.arguments, "arguments");
  const JobId id = read_job_id(reader);
  std::optional<std::vector<mlr::SearchGoal>> goals;
  if (reader.has("goals")) {
    goals = codec::decode_goals(reader.array("goals"), reader.field_path("goals"));
  }
  reader.reject_unknown_keys();
  const JobDetails details = store_access(context).details(id, true);
  const JobSpec spec = stored_spec(details.record);
  if (spec.method != SearchMethod::mlr) {
    throw RequestError(ResultCode::conflict,
                       job_text(id) + " is a " + std::string(to_string(spec.method)) +
                           " job: only MLR jobs' trials can be analysed with MLRsearch goals");
  }
  const auto trials = counted_trials(details.trials);
  const auto results =
      mlr::analyze_trials(goals ? *goals : spec.mlr.goals, trials,
                          mlr::LoadLimits{spec.mlr.min_load_pps, spec.mlr.max_load_pps});
  Json::Value arguments(Json::objectValue);
  arguments["job"] = Json::Int64{id};
  arguments["trial_count"] = Json::UInt64{trials.size()};
  arguments["goals"] = codec::encode_goal_results(results);
  return success(request, job_text(id) + ": " + std::to_string(trials.size()) + " trials analysed",
                 arguments);
}

Response Dispatcher::help(const Request& request, const DispatchContext& /*context*/) {
  Json::Value commands(Json::arrayValue);
  for (const Command& info : kCommands) {
    Json::Value entry(Json::objectValue);
    entry["command"] = std::string(info.name);
    entry["summary"] = std::string(info.summary);
    entry["privileged"] = info.privileged;
    commands.append(entry);
  }
  Json::Value arguments(Json::objectValue);
  arguments["commands"] = commands;
  return success(request, "commands of trex-searchd", arguments);
}

}  // namespace trexsearch::service

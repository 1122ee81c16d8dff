#include "bench/trex_client/control_overhead.hpp"

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace trexsearch::trex::bench {

namespace {

double ms(measure::Seconds seconds) { return seconds.count() * 1e3; }

// One trial's parts [ms]; each direction's TX begin is its judged begin less the
// first direction's start request's server time ("+x.xxx"), and its evidence read
// from that begin.
std::string trial_row(int number, const TrialTrace& record, measure::Seconds duration) {
  const TrialPhases& phases = record.phases;
  char line[256];
  std::snprintf(line, sizeof line, "| %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %llu |",
                number, ms(record.wall_time - duration), ms(phases.before_start),
                ms(phases.tx_end_wait), ms(phases.settle), ms(phases.start_exchange),
                ms(record.start_skew), static_cast<unsigned long long>(record.rpc_exchanges));
  std::string row = line;
  const double first_begin_s =
      record.tx_judgements.empty() ? 0.0 : record.tx_judgements.front().tx_begin_s;
  for (const TxEndJudge::Judgement& judgement : record.tx_judgements) {
    std::snprintf(line, sizeof line, " +%.3f / %.3f |",
                  (judgement.tx_begin_s - first_begin_s) * 1e3, judgement.evidence_s * 1e3);
    row += line;
  }
  return row;
}

}  // namespace

void run_control_overhead(const BenchTarget& target, const OverheadRun& run, std::ostream& out) {
  BenchRig rig(target, 1.0, 1e7);
  // One part per row, in the order a trial goes through them (TrialPhases).
  const std::vector<std::string> parts = {"before start (baseline read)", "waiting for TX end",
                                          "stop + final read (settle)", "release", "other"};
  std::map<std::string, std::vector<double>> part_ms;
  std::vector<double> overhead_ms;
  std::vector<double> exchanges;
  std::vector<double> start_ms;
  int reused = 0;
  // Trials that lost frames, and of them those the stop's read settled (no read after
  // it: docs/trials.md, step 4).
  int lossy = 0;
  int lossy_settled_at_stop = 0;
  std::map<std::string, int> notes;
  int trials_with_notes = 0;
  std::vector<std::string> noted;
  std::vector<std::string> rows;
  const measure::Seconds duration{run.duration_s};
  for (int i = 0; i < run.trials; ++i) {
    const double load_pps =
        run.alternate_load_pps && i % 2 == 1 ? *run.alternate_load_pps : run.load_pps;
    const measure::TrialOutcome outcome = rig.measurer->measure(duration, load_pps, {});
    const TrialTrace& record = rig.measurer->last_trial();
    const TrialPhases& phases = record.phases;
    overhead_ms.push_back(ms(record.wall_time - duration));
    part_ms["before start (baseline read)"].push_back(ms(phases.before_start));
    part_ms["waiting for TX end"].push_back(ms(phases.tx_end_wait));
    part_ms["stop + final read (settle)"].push_back(ms(phases.settle));
    start_ms.push_back(ms(phases.start_exchange));
    if (record.baseline_reused) ++reused;
    if (outcome.loss_count != 0) {
      ++lossy;
      if (record.settle_reads == 0) ++lossy_settled_at_stop;
    }
    part_ms["release"].push_back(ms(phases.release));
    part_ms["other"].push_back(ms(phases.other));
    exchanges.push_back(static_cast<double>(record.rpc_exchanges));
    if (!outcome.notes.empty()) ++trials_with_notes;
    // Every note of every trial is shown (up to 10 trials), so a flagged trial can be
    // told from a healthy one: which trial, which direction, how short.
    if (!outcome.notes.empty() && trials_with_notes <= 10 &&
        target.counters == CounterSource::flow_stats) {
      for (const measure::TrialNote& note : outcome.notes) {
        noted.push_back("trial " + std::to_string(i + 1) + ": " + note.text());
      }
    }
    for (const measure::TrialNote& note : outcome.notes) ++notes[note.key + ":"];
    if (run.per_trial) rows.push_back(trial_row(i + 1, record, duration));
  }
  char line[256];
  out << "## Control overhead per trial (real time)\n\n" << target.describe() << "\n\n";
  std::snprintf(line, sizeof line, "%d trials of %.0f ms at %.0f pps per direction\n\n", run.trials,
                run.duration_s * 1e3, run.load_pps);
  out << line;
  if (run.alternate_load_pps) {
    std::snprintf(line, sizeof line, "every second trial (2, 4, ...) at %.0f pps instead\n\n",
                  *run.alternate_load_pps);
    out << line;
  }
  out << "| part | median | p90 | max |\n|---|---|---|---|\n";
  auto row = [&](const std::string& name, const std::vector<double>& values, const char* unit) {
    std::snprintf(line, sizeof line, "| %s | %.3f %s | %.3f %s | %.3f %s |\n", name.c_str(),
                  quantile(values, 0.5), unit, quantile(values, 0.9), unit, quantile(values, 1.0),
                  unit);
    out << line;
  };
  row("**overhead (wall - duration, settle included)**", overhead_ms, "ms");
  for (const std::string& part : parts) row(part, part_ms[part], "ms");
  row("RPC exchanges", exchanges, "");
  row("start exchange (overlaps the traffic, not in the sum)", start_ms, "ms");
  std::snprintf(line, sizeof line, "\nBaseline reused from the previous final read: %d of %d",
                reused, run.trials);
  out << line;
  std::snprintf(line, sizeof line,
                "\nTrials that lost frames: %d, of which settled by the stop's read (no read "
                "after it): %d",
                lossy, lossy_settled_at_stop);
  out << line;
  std::snprintf(line, sizeof line, "\nTrials with notes: %d of %d", trials_with_notes, run.trials);
  out << line;
  for (const auto& [note, count] : notes) out << "; " << note << " " << count;
  out << "\n\n";
  for (const std::string& note : noted) out << "- " << note << "\n";
  if (!noted.empty()) out << "\n";
  if (rows.empty()) return;
  out << "| trial | overhead | before start | waiting for TX end | stop + final read | start "
         "exchange | start skew | exchanges | per direction: TX begin from the first's / "
         "evidence read [ms] |\n|---|---|---|---|---|---|---|---|---|\n";
  for (const std::string& trial : rows) out << trial << "\n";
  out << "\n";
}

}  // namespace trexsearch::trex::bench

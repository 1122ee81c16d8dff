// The trials table of the job store: one row per trial, inserted as it is measured
// (each insert is its own durable commit, synchronous=FULL: store.cpp) and read back in order.
#include <algorithm>
#include <limits>

#include "daemon/store/plr_trial_state_codec.hpp"
#include "daemon/store/store.hpp"
#include "daemon/store/store_codec.hpp"

namespace trexsearch::service {
namespace {

mlr::TrialPhase phase_from_string(const std::string& text, JobId id) {
  for (const auto phase : {mlr::TrialPhase::warmup, mlr::TrialPhase::initial, mlr::TrialPhase::main,
                           mlr::TrialPhase::latency}) {
    if (mlr::to_string(phase) == text) return phase;
  }
  throw SqliteError(
      0, "job " + std::to_string(id) + ": stored trial has unknown phase '" + text + "'");
}

}  // namespace

void Store::add_trial(JobId id, const StoredTrial& stored) {
  const measure::RecordedTrial& trial = stored.trial;
  const measure::TrialOutcome& outcome = trial.outcome;
  SqliteStatement& insert = db_.cached(
      "INSERT INTO trials(job_id, number, phase, load_pps, intended_duration, offered_count, "
      "loss_count, intended_count, effective_duration, notes, loss_ratio, started_at, "
      "recorded_at, plr, detail, latency) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
      "?12, ?13, ?14, ?15, ?16)");
  std::optional<double> effective;
  if (outcome.effective_duration) effective = outcome.effective_duration->count();
  insert.bind(1, id)
      .bind(2, static_cast<std::int64_t>(stored.number))
      .bind(3, mlr::to_string(stored.phase))
      .bind(4, trial.intended_load_pps)
      .bind(5, trial.intended_duration.count())
      .bind(6, outcome.offered_count)
      .bind(7, outcome.loss_count)
      .bind(8, outcome.intended_count)
      .bind(9, effective)
      .bind(10, encode_notes_column(outcome.notes))
      .bind(11, stored.loss_ratio)
      .bind(12, stored.started_at.count())
      .bind(13, to_unix_seconds(stored.recorded_at));
  if (stored.plr) {
    insert.bind(14, encode_plr_trial_state(*stored.plr));
  } else {
    insert.bind_null(14);
  }
  // The latency goes to its own column, histograms included, so that percentiles
  // can be recomputed from the store later; detail keeps the rest.
  insert.bind(15, encode_detail_column(outcome));
  if (const auto latency = encode_latency_column(outcome)) {
    insert.bind(16, *latency);
  } else {
    insert.bind_null(16);
  }
  insert.run();
}

std::vector<StoredTrial> Store::trials(JobId id) {
  return trials(id, 0, std::numeric_limits<std::int64_t>::max());
}

std::vector<StoredTrial> Store::trials(JobId id, std::uint64_t after, std::size_t limit) {
  auto select = db_.prepare(
      "SELECT number, phase, load_pps, intended_duration, offered_count, loss_count, "
      "intended_count, effective_duration, notes, loss_ratio, started_at, recorded_at, plr, "
      "detail, latency FROM trials WHERE job_id = ?1 AND number > ?2 ORDER BY number LIMIT ?3");
  select.bind(1, id)
      .bind(2, static_cast<std::int64_t>(after))
      .bind(3, static_cast<std::int64_t>(
                   std::min<std::size_t>(limit, std::numeric_limits<std::int64_t>::max())));
  std::vector<StoredTrial> trials;
  while (select.step()) {
    StoredTrial stored;
    stored.number = static_cast<std::size_t>(select.column_int64(0));
    stored.phase = phase_from_string(select.column_text(1), id);
    stored.trial.intended_load_pps = select.column_double(2);
    stored.trial.intended_duration = measure::Seconds{select.column_double(3)};
    measure::TrialOutcome& outcome = stored.trial.outcome;
    outcome.offered_count = select.column_int64(4);
    outcome.loss_count = select.column_int64(5);
    outcome.intended_count = select.column_optional_int64(6);
    if (const auto effective = select.column_optional_double(7)) {
      outcome.effective_duration = measure::Seconds{*effective};
    }
    outcome.notes = decode_notes_column(select.column_text(8));
    if (!select.is_null(13)) {
      decode_detail_column(select.column_text(13), outcome,
                           "trial " + std::to_string(stored.number) + ".detail");
    }
    if (!select.is_null(14)) {
      decode_latency_column(select.column_text(14), outcome,
                            "trial " + std::to_string(stored.number) + ".latency");
    }
    stored.loss_ratio = select.column_double(9);
    stored.started_at = measure::Seconds{select.column_double(10)};
    stored.recorded_at = from_unix_seconds(select.column_double(11));
    if (!select.is_null(12)) {
      try {
        plr::PlrTrial trial{
            stored.number,
            measure::TrialResult::from_outcome(stored.trial.intended_load_pps,
                                               stored.trial.intended_duration, outcome),
            measure::Seconds{0.0},
            measure::Seconds{0.0},
            0,
            false,
            {},
            std::nullopt};
        decode_plr_trial_state(select.column_text(12), trial);
        stored.plr = std::move(trial);
      } catch (const std::exception& error) {
        throw SqliteError(0, "job " + std::to_string(id) + " trial " +
                                 std::to_string(stored.number) + ": " + error.what());
      }
    }
    trials.push_back(std::move(stored));
  }
  return trials;
}

std::size_t Store::trial_count(JobId id) {
  auto select = db_.prepare("SELECT COUNT(*) FROM trials WHERE job_id = ?1");
  select.bind(1, id);
  select.step();
  return static_cast<std::size_t>(select.column_int64(0));
}

}  // namespace trexsearch::service

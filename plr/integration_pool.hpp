#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

#include "plr/estimate.hpp"
#include "plr/focus_tracker.hpp"
#include "plr/likelihood.hpp"
#include "plr/plr_config.hpp"
#include "plr/stored_trial.hpp"
#include "plr/work_gate.hpp"

namespace trexsearch::plr {

/// What stays the same for every computation of a search.
struct IntegrationSettings {
  double min_load_pps = 0.0;
  double max_load_pps = 0.0;
  double log_target_loss_ratio = 0.0;
  LikelihoodKind likelihood = LikelihoodKind::geometric;
  double proposal_scale = 5.0;
  std::uint64_t seed = 0;
  unsigned threads_per_fit = 1;
  /// Deterministic mode when present.
  std::optional<std::uint64_t> samples_per_trial;
  std::uint64_t samples_per_chunk = 10000;
  std::uint64_t min_samples_per_trial = 1000;
  /// Run first on each worker thread, on that thread (the daemon lowers their priority or
  /// moves them off TRex's cores there; plr itself makes no OS calls). Must not throw.
  std::function<void()> on_thread_start;
  /// The CPU budget shared with other searches' workers (WorkGate); null: none.
  WorkGate* gate = nullptr;

  static IntegrationSettings from(const PlrConfig& config);
};

/// One computation: both fits' posteriors over a snapshot of the trials.
struct IntegrationJob {
  /// Seeds derive from it, so each trial's computation draws different numbers.
  std::size_t trial_number = 0;
  /// Immutable while the workers read it.
  std::shared_ptr<const std::vector<StoredTrial>> trials;
  /// Where each fit (stretch, erf) starts looking.
  std::array<FocusState, 2> focus;
};

/// The integration workers of one search: 2 * threads_per_fit threads, created once and
/// joined on destruction, each computation handed over under a mutex and its results handed
/// back by value (draft-02 section 4.2: "the required numerical computations are done in
/// parallel with the trial measurements").
///
/// Work is split into chains: in deterministic mode a fixed sample budget per fit is cut into
/// chunks of samples_per_chunk, each an independent chain seeded from (seed, trial, fit,
/// chunk), taken by whichever worker is free and merged in chunk order, so results are
/// bit-identical for any thread count. Otherwise each worker runs one chain of its fit until
/// the trial ends.
class IntegrationPool {
 public:
  explicit IntegrationPool(IntegrationSettings settings);
  /// Aborts any computation and joins the workers.
  ~IntegrationPool();
  IntegrationPool(const IntegrationPool&) = delete;
  IntegrationPool& operator=(const IntegrationPool&) = delete;

  /// Starts a computation on the workers and returns at once. The previous one must be
  /// finished.
  void start(IntegrationJob job);

  /// Ends the current computation: tells the workers the trial is over (they stop once they
  /// have their minimum samples), or in deterministic mode waits for the budget. Returns both
  /// fits' estimates (stretch, erf); absent after abort(). Rethrows a worker's exception.
  std::optional<std::array<FitEstimate, 2>> finish();

  /// Stops the current and every later computation as soon as possible; callable from any
  /// thread (a stop callback).
  void abort() { aborted_.store(true, std::memory_order_relaxed); }

  std::size_t thread_count() const { return threads_.size(); }

 private:
  struct Computation;

  void worker_loop(std::stop_token stop, unsigned index);
  void work(Computation& computation, unsigned index);

  IntegrationSettings settings_;
  std::atomic<bool> aborted_{false};
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::condition_variable done_;
  std::uint64_t generation_ = 0;
  std::shared_ptr<Computation> current_;
  // Last, so the threads are joined before anything they use is destroyed.
  std::vector<std::jthread> threads_;
};

}  // namespace trexsearch::plr

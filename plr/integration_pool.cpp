#include "plr/integration_pool.hpp"

#include <cmath>
#include <exception>
#include <utility>

#include "plr/integration_chain.hpp"
#include "plr/random.hpp"

namespace trexsearch::plr {

IntegrationSettings IntegrationSettings::from(const PlrConfig& config) {
  IntegrationSettings settings;
  settings.min_load_pps = config.min_load_pps;
  settings.max_load_pps = config.max_load_pps;
  settings.log_target_loss_ratio = std::log(config.target_loss_ratio);
  settings.likelihood = config.likelihood;
  settings.proposal_scale = config.proposal_scale;
  settings.seed = config.seed;
  settings.threads_per_fit = config.threads_per_fit;
  settings.samples_per_trial = config.samples_per_trial;
  settings.samples_per_chunk = config.samples_per_chunk;
  settings.min_samples_per_trial = config.min_samples_per_trial;
  return settings;
}

struct IntegrationPool::Computation {
  IntegrationJob job;
  std::array<IntegrationProblem, 2> problems;
  /// Set when the trial has ended (real-time mode).
  std::atomic<bool> stop{false};
  /// Next unit of deterministic work: fit = unit % 2, chunk = unit / 2.
  std::atomic<std::uint64_t> next_unit{0};
  std::uint64_t chunks_per_fit = 0;
  /// Chain results per fit, by chunk (deterministic) or by worker (real-time); each slot is
  /// written by one worker before it reports done.
  std::array<std::vector<std::optional<ChainResult>>, 2> chains;
  /// Guarded by the pool's mutex.
  unsigned workers_done = 0;
  std::exception_ptr error;
};

IntegrationPool::IntegrationPool(IntegrationSettings settings) : settings_(std::move(settings)) {
  const unsigned count = 2 * settings_.threads_per_fit;
  threads_.reserve(count);
  for (unsigned index = 0; index < count; ++index) {
    threads_.emplace_back([this, index](std::stop_token stop) { worker_loop(stop, index); });
  }
}

IntegrationPool::~IntegrationPool() {
  abort();
  threads_.clear();  // request_stop and join each worker
}

void IntegrationPool::start(IntegrationJob job) {
  auto computation = std::make_shared<Computation>();
  for (FitShape shape : kFitShapes) {
    IntegrationProblem& problem = computation->problems[index_of(shape)];
    problem.shape = shape;
    problem.trials = job.trials;
    problem.min_load_pps = settings_.min_load_pps;
    problem.max_load_pps = settings_.max_load_pps;
    problem.log_target_loss_ratio = settings_.log_target_loss_ratio;
    problem.likelihood = settings_.likelihood;
    problem.proposal_scale = settings_.proposal_scale;
  }
  std::size_t slots = settings_.threads_per_fit;
  if (settings_.samples_per_trial) {
    computation->chunks_per_fit = (*settings_.samples_per_trial + settings_.samples_per_chunk - 1) /
                                  settings_.samples_per_chunk;
    slots = static_cast<std::size_t>(computation->chunks_per_fit);
  }
  for (auto& chains : computation->chains) chains.resize(slots);
  computation->job = std::move(job);
  {
    std::lock_guard lock(mutex_);
    current_ = std::move(computation);
    ++generation_;
  }
  wake_.notify_all();
}

std::optional<std::array<FitEstimate, 2>> IntegrationPool::finish() {
  std::shared_ptr<Computation> computation;
  {
    std::unique_lock lock(mutex_);
    computation = current_;
    computation->stop.store(true, std::memory_order_relaxed);
    done_.wait(lock, [&] { return computation->workers_done == threads_.size(); });
    current_.reset();
  }
  if (computation->error) std::rethrow_exception(computation->error);
  if (aborted_.load(std::memory_order_relaxed)) return std::nullopt;
  std::array<FitEstimate, 2> estimates;
  for (FitShape shape : kFitShapes) {
    const std::size_t fit = index_of(shape);
    DualTracker value;
    // Starts with no weight, so a computation without any weighted sample keeps its focus.
    FocusTracker focus(computation->job.focus[fit]);
    std::uint64_t samples = 0;
    for (const std::optional<ChainResult>& chain : computation->chains[fit]) {
      if (!chain) continue;
      value = DualTracker::merged(value, chain->value);
      focus = FocusTracker::merged(focus, chain->focus);
      samples += chain->samples;
    }
    estimates[fit] = FitEstimate::from(value, focus, samples);
  }
  return estimates;
}

void IntegrationPool::worker_loop(std::stop_token stop, unsigned index) {
  if (settings_.on_thread_start) settings_.on_thread_start();
  std::uint64_t seen = 0;
  for (;;) {
    std::shared_ptr<Computation> computation;
    {
      std::unique_lock lock(mutex_);
      if (!wake_.wait(lock, stop, [&] { return generation_ != seen; })) return;
      seen = generation_;
      computation = current_;
    }
    std::exception_ptr error;
    try {
      if (computation) work(*computation, index);
    } catch (...) {
      error = std::current_exception();
      abort();
    }
    {
      std::lock_guard lock(mutex_);
      if (computation) {
        if (error && !computation->error) computation->error = error;
        ++computation->workers_done;
      }
    }
    done_.notify_all();
  }
}

void IntegrationPool::work(Computation& computation, unsigned index) {
  const std::uint64_t trial = computation.job.trial_number;
  ChainLimits limits;
  limits.abort = &aborted_;
  limits.gate = settings_.gate;
  if (settings_.samples_per_trial) {
    const std::uint64_t total = *settings_.samples_per_trial;
    const std::uint64_t chunks = computation.chunks_per_fit;
    for (;;) {
      const std::uint64_t unit = computation.next_unit.fetch_add(1, std::memory_order_relaxed);
      if (unit >= 2 * chunks || aborted_.load(std::memory_order_relaxed)) return;
      const std::size_t fit = static_cast<std::size_t>(unit % 2);
      const std::uint64_t chunk = unit / 2;
      limits.max_samples = chunk + 1 < chunks ? settings_.samples_per_chunk
                                              : total - settings_.samples_per_chunk * chunk;
      computation.chains[fit][static_cast<std::size_t>(chunk)] =
          run_chain(computation.problems[fit], computation.job.focus[fit],
                    derive_seed(settings_.seed, trial, fit, chunk), limits);
    }
  }
  const std::size_t fit = index % 2;
  const std::size_t chain = index / 2;
  limits.stop = &computation.stop;
  limits.min_samples =
      (settings_.min_samples_per_trial + settings_.threads_per_fit - 1) / settings_.threads_per_fit;
  computation.chains[fit][chain] =
      run_chain(computation.problems[fit], computation.job.focus[fit],
                derive_seed(settings_.seed, trial, fit, chain), limits);
}

}  // namespace trexsearch::plr

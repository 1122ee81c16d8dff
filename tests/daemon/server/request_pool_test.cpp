#include "daemon/server/request_pool.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "daemon/model/service_errors.hpp"
#include "daemon/protocol/envelope_codec.hpp"

namespace trexsearch::service {
namespace {

/// JobControl that the pool's commands never reach (they use the worker's store).
class NoJobs final : public JobControl {
 public:
  SubmitReceipt submit(const JobSpec&, const std::string&) override {
    throw std::logic_error("no");
  }
  CancelOutcome cancel(JobId, const std::string&) override { throw std::logic_error("no"); }
  QueueStatus queue_status() override { return {}; }
  std::vector<JobRecord> list(std::optional<JobState>, std::size_t,
                              const std::optional<std::string>&) override {
    return {};
  }
  JobDetails details(JobId, bool) override { throw std::logic_error("no"); }
  std::size_t remove(JobId, const std::string&) override { throw std::logic_error("no"); }
  std::string result_json(JobId) override { throw std::logic_error("no"); }
  WatchStart watch(JobId, std::shared_ptr<JobWatcher>) override { throw std::logic_error("no"); }
  void unwatch(JobId, const JobWatcher*) override {}
  std::optional<StoreHealth> store_health() override { return std::nullopt; }
};

/// A worker's store whose `list` waits at a gate the test opens: a request that
/// takes as long as the test wants, without sleeping.
class GatedStore final : public JobStoreAccess {
 public:
  std::vector<JobRecord> list(std::optional<JobState>, std::size_t,
                              const std::optional<std::string>&) override {
    std::unique_lock lock(mutex_);
    ++entered_;
    changed_.notify_all();
    changed_.wait(lock, [this] { return open_; });
    return {};
  }
  JobDetails details(JobId id, bool) override {
    throw RequestError(ResultCode::not_found, "no job " + std::to_string(id));
  }
  std::size_t remove(JobId id, const std::string&) override {
    throw RequestError(ResultCode::not_found, "no job " + std::to_string(id));
  }
  std::string result_json(JobId id) override {
    throw RequestError(ResultCode::not_found, "no job " + std::to_string(id));
  }

  bool wait_entered(int count) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(30), [&] { return entered_ >= count; });
  }
  void open() {
    std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int entered_ = 0;
  bool open_ = false;
};

/// Counts the replies the pool hands back.
struct Replies {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<protocol::Response> responses;

  RequestPool::Done sink() {
    return [this](Dispatched dispatched) {
      std::lock_guard lock(mutex);
      responses.push_back(std::move(dispatched.response));
      changed.notify_all();
    };
  }
  bool wait_for(std::size_t count) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(30),
                            [&] { return responses.size() >= count; });
  }
};

}  // namespace

TEST_CASE(
    "the request pool answers busy beyond max_pending and takes requests again once drained") {
  NoJobs jobs;
  Dispatcher dispatcher(jobs, AccessPolicy(0, 0), DaemonInfo{"9.9", 1, {}, "", "", {}});
  auto gated = std::make_unique<GatedStore>();
  GatedStore& gate = *gated;
  std::vector<std::unique_ptr<JobStoreAccess>> stores;
  stores.push_back(std::move(gated));
  RequestPool pool(dispatcher, std::move(stores), 2);
  Replies replies;
  const protocol::Request list =
      protocol::parse_request(R"({"id": 1, "command": "list", "arguments": {}})");
  const Dispatcher::Command& list_command = *Dispatcher::find_command(list.command);
  DispatchContext context;
  context.peer = PeerCredentials{1, 0, 0, {}};

  // One request runs (held at the gate), one waits: the pool is full.
  REQUIRE(pool.submit(list_command, list, context, replies.sink()));
  REQUIRE(gate.wait_entered(1));
  REQUIRE(pool.submit(list_command, list, context, replies.sink()));
  CHECK(pool.pending() == 2);
  CHECK_FALSE(pool.submit(list_command, list, context, replies.sink()));  // the caller answers busy
  CHECK(pool.pending() == 2);

  gate.open();
  REQUIRE(replies.wait_for(2));
  for (const protocol::Response& response : replies.responses)
    CHECK(response.result == ResultCode::success);
  // Drained: it takes requests again.
  REQUIRE(pool.submit(list_command, list, context, replies.sink()));
  REQUIRE(replies.wait_for(3));
  pool.stop();
  CHECK(pool.pending() == 0);
  CHECK_FALSE(pool.submit(list_command, list, context, replies.sink()));  // stopped
}

}  // namespace trexsearch::service

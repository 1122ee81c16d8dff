#include "daemon/cli/command/signal_stop_source.hpp"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <system_error>

namespace trexsearch::cli {
namespace {

sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

SignalStopSource::SignalStopSource(std::ostream& notice) {
  const sigset_t set = stop_signals();
  if (const int error = pthread_sigmask(SIG_BLOCK, &set, nullptr); error != 0) {
    throw std::system_error(error, std::generic_category(), "blocking SIGINT/SIGTERM");
  }
  signal_fd_ = ::signalfd(-1, &set, SFD_CLOEXEC);
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC);
  if (signal_fd_ < 0 || wake_fd_ < 0) {
    const int error = errno;
    if (signal_fd_ >= 0) ::close(signal_fd_);
    if (wake_fd_ >= 0) ::close(wake_fd_);
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    throw std::system_error(error, std::generic_category(), "signalfd/eventfd for SIGINT");
  }
  watcher_ = std::jthread([this, &notice] { watch(notice); });
}

SignalStopSource::~SignalStopSource() {
  const std::uint64_t one = 1;
  if (::write(wake_fd_, &one, sizeof one) < 0) {
    // Cannot happen for an eventfd below its maximum; the join below would hang,
    // so make the watcher's poll fail instead.
    ::close(wake_fd_);
    wake_fd_ = -1;
  }
  if (watcher_.joinable()) watcher_.join();
  ::close(signal_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
  const sigset_t set = stop_signals();
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

void SignalStopSource::watch(std::ostream& notice) {
  std::array<pollfd, 2> fds{{{signal_fd_, POLLIN, 0}, {wake_fd_, POLLIN, 0}}};
  while (true) {
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) return;
    if ((fds[0].revents & POLLIN) == 0) continue;
    signalfd_siginfo info{};
    if (::read(signal_fd_, &info, sizeof info) != static_cast<ssize_t>(sizeof info)) continue;
    const int signal = static_cast<int>(info.ssi_signo);
    received_.store(signal);
    notice << "trex-search: " << ::strsignal(signal)
           << " received: stopping the search (again to abort)" << std::endl;
    source_.request_stop();
    // Let the next one through with its default action: delivered to this thread,
    // the only one not blocking it.
    const sigset_t set = stop_signals();
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
    // Wait for the owner to finish (the wake fd); a second signal ends the process.
    while (::poll(&fds[1], 1, -1) < 0 && errno == EINTR) {
    }
    return;
  }
}

}  // namespace trexsearch::cli

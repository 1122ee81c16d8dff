// Log events as journald fields, and how the daemon knows stderr is the journal.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "daemon/log/journal_fields.hpp"

using namespace trexsearch::service;

TEST_CASE(
    "an event becomes MESSAGE, PRIORITY, its name, a TREXSEARCH_ field per key and JOB_ID, METHOD, "
    "TRIAL") {
  const std::vector<std::string> fields = journal_fields(
      LogPriority::warning, "job.failed",
      {{"job", 3}, {"method", "mlr"}, {"trial", 12}, {"reason", "TRex said \"no\""}});
  const std::vector<std::string> expected = {
      "MESSAGE=job.failed job=3 method=mlr trial=12 reason=\"TRex said \\\"no\\\"\"",
      "PRIORITY=4",
      "SYSLOG_IDENTIFIER=trex-searchd",
      "TREXSEARCH_EVENT=job.failed",
      "TREXSEARCH_JOB=3",
      "JOB_ID=3",
      "TREXSEARCH_METHOD=mlr",
      "METHOD=mlr",
      "TREXSEARCH_TRIAL=12",
      "TRIAL=12",
      "TREXSEARCH_REASON=TRex said \"no\""};
  CHECK(fields == expected);
}

TEST_CASE("field names are upper case letters, digits and underscores, at most 64 bytes") {
  CHECK(journal_field_name("trex_cpus") == "TREXSEARCH_TREX_CPUS");
  CHECK(journal_field_name("skipped-trial.events") == "TREXSEARCH_SKIPPED_TRIAL_EVENTS");
  CHECK(journal_field_name(std::string(100, 'a')).size() == 64);
}

TEST_CASE("stderr is the journal only when JOURNAL_STREAM names its device and inode") {
  char path[] = "/tmp/trex-search-journal-XXXXXX";
  const int fd = ::mkstemp(path);
  REQUIRE(fd >= 0);
  struct stat info {};
  REQUIRE(::fstat(fd, &info) == 0);
  const std::string mine = std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino);
  const std::string other = std::to_string(info.st_dev) + ":" + std::to_string(info.st_ino + 1);
  CHECK(is_journal_stream(fd, mine.c_str()));
  CHECK_FALSE(is_journal_stream(fd, other.c_str()));
  CHECK_FALSE(is_journal_stream(fd, nullptr));
  CHECK_FALSE(is_journal_stream(fd, "garbage"));
  CHECK_FALSE(is_journal_stream(fd, (mine + "x").c_str()));
  ::close(fd);
  ::unlink(path);
  CHECK_FALSE(is_journal_stream(fd, mine.c_str()));  // closed: fstat fails
}

// The suite tables of the job store (docs/suites.md): a suite row and one link per
// job. The jobs themselves are ordinary rows of `jobs`.
#include <sqlite3.h>

#include "daemon/store/store.hpp"

namespace trexsearch::service {

SuiteRecord Store::add_suite(const SuiteRecord& suite, const std::vector<NewJob>& jobs) {
  if (jobs.size() != suite.jobs.size()) {
    throw SqliteError(0, "suite \"" + suite.name + "\": " + std::to_string(jobs.size()) +
                             " jobs for " + std::to_string(suite.jobs.size()) + " links");
  }
  SqliteTransaction transaction(db_);
  auto insert = db_.prepare(
      "INSERT INTO suites(name, created_at, submitted_by, document) VALUES(?1, ?2, ?3, ?4)");
  insert.bind(1, suite.name)
      .bind(2, to_unix_seconds(suite.created_at))
      .bind(3, suite.submitted_by)
      .bind(4, suite.document_json);
  insert.run();
  SuiteRecord stored = suite;
  stored.id = db_.last_insert_rowid();
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    SuiteJobLink& link = stored.jobs[i];
    link.job = add_job(jobs[i]);
    link.position = i;
    auto add_link = db_.prepare(
        "INSERT INTO suite_jobs(job_id, suite_id, position, label, frame_size, repeat) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
    add_link.bind(1, link.job)
        .bind(2, stored.id)
        .bind(3, static_cast<std::int64_t>(i))
        .bind(4, link.label)
        .bind(5, link.frame_size)
        .bind(6, static_cast<std::int64_t>(link.repeat));
    add_link.run();
  }
  transaction.commit();
  return stored;
}

std::vector<SuiteJobLink> Store::suite_jobs(SuiteId id) {
  auto select = db_.prepare(
      "SELECT job_id, position, label, frame_size, repeat FROM suite_jobs WHERE suite_id = ?1 "
      "ORDER BY position");
  select.bind(1, id);
  std::vector<SuiteJobLink> links;
  while (select.step()) {
    SuiteJobLink link;
    link.job = select.column_int64(0);
    link.position = static_cast<std::size_t>(select.column_int64(1));
    link.label = select.column_text(2);
    link.frame_size = select.column_text(3);
    link.repeat = static_cast<int>(select.column_int64(4));
    links.push_back(std::move(link));
  }
  return links;
}

std::optional<SuiteRecord> Store::suite(const SuiteRef& ref) {
  auto select = db_.prepare(
      ref.id ? "SELECT id, name, created_at, submitted_by, document FROM suites WHERE id = ?1"
             : "SELECT id, name, created_at, submitted_by, document FROM suites WHERE name = ?1 "
               "ORDER BY id DESC LIMIT 1");
  if (ref.id) {
    select.bind(1, *ref.id);
  } else {
    select.bind(1, ref.name);
  }
  if (!select.step()) return std::nullopt;
  SuiteRecord suite;
  suite.id = select.column_int64(0);
  suite.name = select.column_text(1);
  suite.created_at = from_unix_seconds(select.column_double(2));
  suite.submitted_by = select.column_text(3);
  suite.document_json = select.column_text(4);
  suite.jobs = suite_jobs(suite.id);
  return suite;
}

std::vector<SuiteRecord> Store::suites(std::size_t limit) {
  auto select = db_.prepare(
      "SELECT id, name, created_at, submitted_by FROM suites ORDER BY id DESC LIMIT ?1");
  select.bind(1, static_cast<std::int64_t>(limit));
  std::vector<SuiteRecord> suites;
  while (select.step()) {
    SuiteRecord suite;
    suite.id = select.column_int64(0);
    suite.name = select.column_text(1);
    suite.created_at = from_unix_seconds(select.column_double(2));
    suite.submitted_by = select.column_text(3);
    suites.push_back(std::move(suite));
  }
  for (SuiteRecord& suite : suites) suite.jobs = suite_jobs(suite.id);
  return suites;
}

}  // namespace trexsearch::service

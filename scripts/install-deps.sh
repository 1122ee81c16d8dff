#!/usr/bin/env bash
# Installs the Debian 12 packages trex-search builds and tests with.
# Idempotent: when every package is already installed it changes nothing and
# does not touch the network.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libjsoncpp-dev      # JSON codecs at the edges (CLI, daemon protocol, store)
  doctest-dev         # unit and end-to-end tests
  libboost-dev        # Asio for the daemon's control socket
  libboost-program-options-dev
  libzmq3-dev cppzmq-dev  # TRex JSON-RPC transport
  zlib1g-dev          # TRex's compressed replies
  libmd-dev           # MD5 of an uploaded ASTF profile (profile_fragment's md5)
  libsqlite3-dev      # durable trial store
  libsystemd-dev      # sd_notify for Type=notify
  libpq-dev           # PostgreSQL's client: the fleet database (results-db, trend --db; docs/fleet.md)
  postgresql-15       # the fleet tests start their own servers from its binaries (tests/support/postgres_server.hpp)
                      # (no cluster of its own is created or started, see below)
  clang libclang-rt-14-dev  # libFuzzer targets (scripts/ci/fuzz.sh, CI's ASan build)
  chromium            # headless screenshots of the HTML report (daemon_report_screenshot_tests)
  prometheus          # promtool: the metrics endpoint's page is checked in e2e_metrics_test
                      # (its Prometheus server is neither started nor enabled, see below)
  pmccabe             # function size and complexity limits (scripts/ci/check-complexity.sh, ctest style_complexity)
  clang-format        # source layout (.clang-format; scripts/ci/check-format.sh, ctest style_format)
  clang-tidy          # static checks (.clang-tidy; scripts/ci/check-tidy.sh, run by .ci/run)
  libpcap-dev         # capture files: trex-search profile pcap writes them, its test reads them back
  ccache              # compiler cache shared by every build script and every checkout (scripts/configure.sh)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
# Only promtool is wanted from the prometheus package: a tester machine must not
# gain a Prometheus server on :9090. policy-rc.d (Debian's standard switch) keeps
# the maintainer scripts from starting it; it is disabled afterwards.
installing_prometheus=0
if printf '%s\n' "${missing[@]}" | grep -qx prometheus; then installing_prometheus=1; fi
policy=/usr/sbin/policy-rc.d
added_policy=0
if [ "$installing_prometheus" = 1 ] && [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod 755 "$policy"
  added_policy=1
fi
# Only the binaries are wanted from postgresql-15: the tests run their own servers in
# temporary directories, and a tester machine must not gain a PostgreSQL server on :5432.
# A drop-in of postgresql-common's createcluster.d keeps the package from creating (and so
# from starting) its "15/main" cluster; it is removed afterwards, so that a cluster someone
# creates later on this machine is created as usual.
installing_postgresql=0
if printf '%s\n' "${missing[@]}" | grep -qx postgresql-15; then installing_postgresql=1; fi
no_cluster=/etc/postgresql-common/createcluster.d/trex-search-install-deps.conf
added_no_cluster=0
if [ "$installing_postgresql" = 1 ] && [ ! -e "$no_cluster" ]; then
  $sudo mkdir -p "$(dirname "$no_cluster")"
  echo 'create_main_cluster = false' | $sudo tee "$no_cluster" >/dev/null
  added_no_cluster=1
fi
cleanup_policy() {
  if [ "$added_policy" = 1 ]; then $sudo rm -f "$policy"; fi
  if [ "$added_no_cluster" = 1 ]; then $sudo rm -f "$no_cluster"; fi
}
trap cleanup_policy EXIT
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
if [ "$installing_prometheus" = 1 ] && command -v systemctl >/dev/null 2>&1; then
  $sudo systemctl disable --now prometheus.service >/dev/null 2>&1 || true
fi

#!/usr/bin/env bash
# What this machine offers the test suite, decided once per `npm test` (scripts/test.sh sources
# this file). Three things some suites need beyond Node:
#
#   postgres        a PostgreSQL server: TEST_POSTGRES_URL when set, else 127.0.0.1:5432 when it
#                   answers, else (as root on Debian) the Debian cluster, started here
#   postgres-tools  the PostgreSQL programs initdb, pg_ctl, pg_dump and pg_restore (a resilience
#                   test runs a private server; the backup test dumps and restores)
#   browser         a Chromium: CHROMIUM_PATH when set, else Debian's headless shell
#                   (/usr/bin/chromium-headless-shell), else /usr/bin/chromium, else Playwright's
#                   own installed browser. As root on Debian, the headless shell is installed here
#                   when no Chromium is found, and always in CI: it runs the browser suite on about
#                   a quarter less CPU than the full browser (docs/decisions/161-browser-suite-cpu.md)
#
# Exports TEST_POSTGRES_URL and CHROMIUM_PATH for what was found, and TEST_MISSING (the names
# above that were not) for the suites, which skip the tests that need them. NOT_RUN holds one
# line per missing thing: what did not run and how to enable it. With CI set, anything missing
# is a failure: this file stops the run.

DEFAULT_POSTGRES_URL="postgresql://postgres@127.0.0.1:5432/test"
TEST_MISSING=""
NOT_RUN=()

is_root_on_debian() {
  [ "$(id -u)" = 0 ] && [ -f /etc/debian_version ] && command -v apt-get >/dev/null
}

# Exit status 0 when a PostgreSQL server accepts a connection at the URL (the pg driver the app
# uses, so no client program is needed).
postgres_answers() {
  node -e '
    const pg = require("pg");
    const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    client.connect().then(() => client.end()).then(() => process.exit(0), () => process.exit(1));
  ' "$1" 2>/dev/null
}

missing() { # name, what did not run, how to enable it
  TEST_MISSING="${TEST_MISSING:+$TEST_MISSING }$1"
  NOT_RUN+=("$2: $3")
}

# --- PostgreSQL server ------------------------------------------------------
postgres_url="${TEST_POSTGRES_URL:-$DEFAULT_POSTGRES_URL}"
if ! postgres_answers "$postgres_url" && [[ "$postgres_url" =~ @(127\.0\.0\.1|localhost):5432/ ]] \
  && is_root_on_debian && command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  echo "Starting the Debian PostgreSQL cluster..."
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n 1)" main start || true
  for _ in $(seq 1 30); do postgres_answers "$postgres_url" && break; sleep 1; done
fi
if postgres_answers "$postgres_url"; then
  export TEST_POSTGRES_URL="$postgres_url"
else
  missing postgres \
    "integration tests on PostgreSQL, and the resilience tests of two instances on one database and of a PostgreSQL backup" \
    "no PostgreSQL server answered at $postgres_url. Start one, or set TEST_POSTGRES_URL to a database URL of one whose user may create databases"
fi

# --- PostgreSQL programs ----------------------------------------------------
# Debian keeps them out of PATH; elsewhere (Homebrew, Postgres.app) pg_config or PATH finds them.
postgres_bin=""
if [ -d /usr/lib/postgresql ]; then
  postgres_bin="/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -V | tail -n 1)/bin"
elif command -v pg_config >/dev/null; then
  postgres_bin="$(pg_config --bindir)"
fi
tools_missing=""
for tool in initdb pg_ctl pg_dump pg_restore; do
  [ -x "$postgres_bin/$tool" ] || command -v "$tool" >/dev/null || tools_missing="$tools_missing $tool"
done
# As root the private server runs as the postgres user (PostgreSQL refuses to run as root).
if [ "$(id -u)" = 0 ] && ! { command -v runuser >/dev/null && id postgres >/dev/null 2>&1; }; then
  tools_missing="$tools_missing runuser-and-a-postgres-user"
fi
if [ -n "$tools_missing" ]; then
  missing postgres-tools \
    "the resilience tests of a PostgreSQL outage and of a PostgreSQL backup" \
    "not found:$tools_missing. Install PostgreSQL's server and client programs (Debian: postgresql; macOS: brew install postgresql)"
fi

# --- Chromium ---------------------------------------------------------------
find_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    [ -x "$CHROMIUM_PATH" ] && echo "$CHROMIUM_PATH"
    return 0 # a path set on purpose is the one to use, or nothing
  fi
  if [ -x /usr/bin/chromium-headless-shell ]; then echo /usr/bin/chromium-headless-shell; return 0; fi
  if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; return 0; fi
  local own
  own="$(node -e 'console.log(require("playwright-core").chromium.executablePath())' 2>/dev/null || true)"
  if [ -n "$own" ] && [ -x "$own" ]; then echo "$own"; fi
}
chromium="$(find_chromium)"
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] && is_root_on_debian \
  && { [ -z "$chromium" ] || [ -n "${CI:-}" ]; }; then
  echo "Installing Debian's chromium-headless-shell for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y chromium-headless-shell >/dev/null 2>&1 \
    || { apt-get update >/dev/null && apt-get install -y chromium-headless-shell >/dev/null; } || true
  chromium="$(find_chromium)"
fi
if [ -n "$chromium" ]; then
  export CHROMIUM_PATH="$chromium"
elif [ -n "${CHROMIUM_PATH:-}" ]; then
  missing browser "browser tests (tests/e2e)" "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file. Point it at a Chromium or Chrome, or unset it"
else
  missing browser "browser tests (tests/e2e)" \
    "no Chromium found. Set CHROMIUM_PATH to a Chromium or Chrome, install your system's chromium-headless-shell or chromium (/usr/bin), or run: npx playwright install chromium"
fi

export TEST_MISSING
if [ -n "$TEST_MISSING" ] && [ -n "${CI:-}" ]; then
  echo "CI is set, so the test suite needs everything; missing on this machine:" >&2
  for line in "${NOT_RUN[@]}"; do echo "  - $line" >&2; done
  exit 1
fi

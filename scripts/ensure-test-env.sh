#!/usr/bin/env bash
# Makes sure the machine has what the test suite talks to: Debian's Chromium for Playwright
# and the PostgreSQL server on 127.0.0.1:5432. Installs or starts them when it can (as root).
set -euo pipefail

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y chromium >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "Starting PostgreSQL..."
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432

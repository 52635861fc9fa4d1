#!/bin/sh
# Makes sure Debian's chromium is on PATH for the hosted-page browser test (playwright-core ships
# no browser). Installs it only when missing and only as root; otherwise says what to do.
set -eu

if command -v chromium >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: chromium not found; install it (e.g. sudo apt-get install chromium)" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: chromium not found and apt-get is unavailable; install chromium by hand" >&2
  exit 1
fi

echo "ensure-chromium: installing chromium with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
# apt's chatter (debconf notices included) is kept out of test output unless something fails.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "ensure-chromium: apt-get failed" >&2
  exit 1
fi

command -v chromium >/dev/null 2>&1

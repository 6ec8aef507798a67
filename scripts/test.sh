#!/usr/bin/env bash
# The whole test suite from a fresh clone: dependencies, Chromium, typecheck,
# lint, unit tests, production build, the image dry run, the process tests and
# the browser tests (JS on and off).
set -euo pipefail
cd "$(dirname "$0")/.."
export npm_config_nodedir="${npm_config_nodedir:-/usr}"

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# Playwright cannot download its own browser here: use Debian's Chromium, and its
# headless shell, which runs the browser suite in about 60 % of the full browser's
# time (tests/chromium-launch.mjs). The bench and the screenshots use the full one.
if [ -z "${CHROMIUM_PATH:-}" ] && { ! command -v chromium >/dev/null 2>&1 ||
  ! command -v chromium-headless-shell >/dev/null 2>&1; }; then
  echo "installing Debian's chromium and chromium-headless-shell for the browser tests"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  # An older Debian without the package still has the full browser, which the suite falls back to.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell >/dev/null ||
    echo "chromium-headless-shell is not available: the browser suite uses chromium"
fi

# The image dry run copies the build context with rsync.
if ! command -v rsync >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq rsync >/dev/null
fi

# The storage tests also run on PostgreSQL (127.0.0.1:5432 on these machines): start it if it is down.
if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

# Each phase is timed; the times are printed at the end, where the suite's 30 minutes go.
timings=""
phase() {
  local name="$1"
  shift
  echo "== $name"
  local started=$SECONDS
  "$@"
  timings+="$(printf '%6ss  %s' "$((SECONDS - started))" "$name")"$'\n'
}
image_dry_run() {
  # The Dockerfile's steps replayed without Docker: the image the build would ship
  # must start, so a dependency change cannot ship a server that dies at start.
  local scratch
  scratch=$(mktemp -d /tmp/mc-image-XXXXXX)
  bash scripts/image-dry-run.sh "$scratch"
  rm -rf "$scratch"
}
suite_started=$SECONDS

phase typecheck npm run typecheck
phase lint npm run lint
phase format npm run format:check
phase "unit tests" npx vitest run
phase build npm run build
phase "image dry run" image_dry_run
phase "process tests" npx vitest run --config vitest.process.config.ts
phase "browser tests" npx playwright test

printf '\nWhere the time went (%ss from typecheck to the last browser test):\n%s' \
  "$((SECONDS - suite_started))" "$timings"

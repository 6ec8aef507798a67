#!/usr/bin/env bash
# One command from a fresh clone to a running site on its embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec node server.js

#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit and integration tests (Vitest), then the browser end-to-end
# tests (Playwright with Debian's Chromium) against the server as `npm start` starts it.
# Exits non-zero on any failure and ends with one line: "Summary: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/system-deps.sh
ensure_system_deps
# The project's own Node 24 (the pinned registry package "node"), also when run as `bash
# scripts/test.sh` rather than through npm, which puts it first on the PATH itself.
export PATH="$PWD/node_modules/.bin:$PATH"

reports=.reports
rm -rf "$reports"
mkdir -p "$reports"
failed_steps=()

step() {
  local name=$1
  shift
  echo
  echo "==> $name"
  if ! "$@"; then failed_steps+=("$name"); fi
}

step typecheck npm run typecheck --silent
step lint npm run lint --silent
step "migrations match the schema" npm run check:migrations --silent
step "no breaking API changes since the last release" npm run check:api --silent
step "unit and integration tests" npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$reports/vitest.json"
step "build the web app" npm run build --silent
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$reports/e2e.json" \
  step "browser end-to-end tests" npm test --silent -w @assay/e2e -- --reporter=line,json

echo "Browser tests ran against: $(browser_version)"
node scripts/summary.mjs Summary "${#failed_steps[@]}" "$reports/vitest.json" "$reports/e2e.json"
if [ ${#failed_steps[@]} -gt 0 ]; then
  echo "Failed: ${failed_steps[*]}" >&2
  exit 1
fi

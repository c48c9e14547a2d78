#!/usr/bin/env bash
# npm audit for high and critical advisories in what ships (dev tools left out). Fails on any;
# when the registry's audit endpoint cannot be reached (mirrors often lack it), says so and
# passes, since there is nothing to judge.
set -uo pipefail
cd "$(dirname "$0")/.."
output=$(npm audit --omit=dev --audit-level=high 2>&1)
status=$?
if [ $status -eq 0 ]; then
  echo "npm audit: no high or critical advisories"
  exit 0
fi
if grep -q "audit endpoint returned an error\|ENOAUDIT\|Method Not Allowed" <<<"$output"; then
  echo "npm audit: the registry's audit endpoint is not available here; skipped"
  exit 0
fi
echo "$output"
exit 1

#!/usr/bin/env bash
# Debian's chromium (browser tests), postgresql (server tests on a real server), nginx (the
# scale-out test's load balancer) and pgbouncer (its connection pooler), kept at the newest version
# the package source offers: a newcomer installing today gets today's browser, so the tests run
# against that one too.
# As root it installs what is missing and upgrades what is older than the source's candidate with
# apt-get; otherwise it says what to install or upgrade. Never downloads a browser from anywhere else.

# The Debian packages to keep current: the named ones plus the PostgreSQL server packages in use.
system_packages() {
  local packages=(chromium chromium-common postgresql nginx-light pgbouncer)
  local installed
  installed=$(dpkg-query -W -f='${Package} ${Status}\n' 'postgresql-[0-9]*' 2>/dev/null |
    awk '$NF == "installed" && $1 ~ /^postgresql-[0-9]+$/ { print $1 }')
  for pkg in $installed; do packages+=("$pkg"); done
  echo "${packages[@]}"
}

# "name" for each package that is missing or older than the package source's candidate.
outdated_packages() {
  local pkg have want
  for pkg in "$@"; do
    have=$(dpkg-query -W -f='${Status} ${Version}' "$pkg" 2>/dev/null | awk '$3 == "installed" { print $4 }')
    want=$(apt-cache policy "$pkg" 2>/dev/null | awk '/Candidate:/ { print $2 }')
    if [ -z "$have" ]; then
      echo "$pkg"
    elif [ -n "$want" ] && [ "$want" != "(none)" ] && dpkg --compare-versions "$have" lt "$want"; then
      echo "$pkg"
    fi
  done
}

ensure_system_deps() {
  local packages todo
  read -r -a packages <<<"$(system_packages)"
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    # The package lists first, so "newest" means the source's newest today.
    apt-get update -qq || echo "apt-get update failed: checking against the lists on this machine" >&2
    todo=$(outdated_packages "${packages[@]}" | tr '\n' ' ')
    if [ -n "${todo// /}" ]; then
      echo "Installing or upgrading Debian packages: $todo"
      # shellcheck disable=SC2086
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $todo >/dev/null
    fi
  else
    local missing=()
    if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then missing+=(chromium); fi
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing+=(postgresql); fi
    if [ ! -x /usr/sbin/nginx ]; then missing+=(nginx-light); fi
    if [ ! -x /usr/sbin/pgbouncer ]; then missing+=(pgbouncer); fi
    if [ ${#missing[@]} -gt 0 ]; then
      echo "Missing system packages: ${missing[*]}." >&2
      echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
      return 1
    fi
    todo=$(outdated_packages "${packages[@]}" | tr '\n' ' ')
    if [ -n "${todo// /}" ]; then
      echo "Older than the package source offers: $todo" >&2
      echo "Upgrade with: sudo apt-get update && sudo apt-get install -y $todo" >&2
    fi
  fi
  echo "Browser: $(browser_version)"
}

# The browser the tests drive, as it names itself, with its Debian package version.
browser_version() {
  local binary="${CHROMIUM_PATH:-/usr/bin/chromium}" package
  package=$(dpkg-query -W -f='${Version}' chromium 2>/dev/null || true)
  echo "$("$binary" --version 2>/dev/null | head -n 1)${package:+ (Debian package $package)}"
}

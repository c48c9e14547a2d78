#!/usr/bin/env bash
# Makes sure Debian's chromium (browser tests), postgresql (server tests on a real server) and
# nginx (the scale-out test's load balancer) are installed. As root it installs what is missing with apt-get; otherwise it says what to install.
# Never downloads a browser from anywhere else.
ensure_system_deps() {
  local missing=()
  if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then missing+=(chromium); fi
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then missing+=(postgresql); fi
  if [ ! -x /usr/sbin/nginx ]; then missing+=(nginx-light); fi
  if [ ${#missing[@]} -eq 0 ]; then return 0; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing system packages: ${missing[*]}." >&2
    echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
}

#!/usr/bin/env bash
# The one place that installs the OS packages the suite runs: the origin (Tomcat and its examples),
# the native proxies, the second injector, the JDK, what deploys to real hosts, and the headless
# browser the report test renders report.html with; and the fixed-rate injector, Vegeta, which has no
# Debian package: built from its Go module at the version below (injector/README.md says why it).
# Idempotent: installs only what is missing.
set -euo pipefail

VEGETA_MODULE=github.com/tsenart/vegeta/v12
VEGETA_VERSION=v12.13.0

# A Go toolchain of 1.22 or later, which Vegeta needs: the one on PATH, or Debian's golang-1.23-go from
# bookworm-backports (Debian 12's own Go is 1.19). Prints its go command; fails where there is none.
BACKPORTS_GO=/usr/lib/go-1.23/bin/go
go_for_vegeta() {
  if command -v go >/dev/null && go version | grep -Eq 'go1\.(2[2-9]|[3-9][0-9])'; then
    echo go
  elif [ -x "$BACKPORTS_GO" ]; then
    echo "$BACKPORTS_GO"
  else
    return 1
  fi
}

# On Debian 12 without such a Go, as root: golang-1.23-go from bookworm-backports, from the same Debian archive the
# machine's own sources name (a sources file of its own where backports are not enabled yet). Before anything else is
# installed: two package installs cannot run at once.
backports_go() {
  go_for_vegeta >/dev/null && return 0
  [ "$(id -u)" -eq 0 ] && grep -qs '^VERSION_CODENAME=bookworm$' /etc/os-release || return 0
  if ! grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    local archive
    archive=$(grep -hs -A3 '^Types: deb' /etc/apt/sources.list.d/*.sources | awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}')
    [ -n "$archive" ] || archive=$(awk '$1 == "deb" && $3 == "bookworm" {print $2; exit}' /etc/apt/sources.list 2>/dev/null)
    if [ -z "$archive" ]; then
      echo "infra/packages.sh: note: no Debian archive named in /etc/apt/sources*, so no Go from bookworm-backports" >&2
      return 0
    fi
    printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: %s\n' "$archive" \
      /usr/share/keyrings/debian-archive-keyring.gpg > /etc/apt/sources.list.d/gateway-bench-backports.sources
  fi
  echo "infra/packages.sh: installing golang-1.23-go from bookworm-backports (Vegeta needs Go 1.22 or later)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -t bookworm-backports golang-1.23-go \
    >/dev/null
}

# Vegeta at exactly that version in /usr/local/bin, built by that Go toolchain. It sends ./bench run's fixed-rate
# ladder; without such a Go it is left out, with a note, everything else is installed, and ./bench run then needs
# --ladder-injector=gatling (it says so).
install_vegeta() {
  local go
  if ! go=$(go_for_vegeta); then
    echo "infra/packages.sh: note: Vegeta $VEGETA_VERSION (injector/README.md) is built from its Go module and needs Go 1.22" \
      "or later, which is not on PATH ($(go version 2>/dev/null || echo 'no go')) nor at $BACKPORTS_GO (Debian 12:" \
      "run this script as root, which installs it from bookworm-backports); left out: ./bench run then needs" \
      "--ladder-injector=gatling" >&2
    return 0
  fi
  if [ -x /usr/local/bin/vegeta ] \
      && "$go" version -m /usr/local/bin/vegeta | grep -Eq "^\s+mod\s+$VEGETA_MODULE\s+$VEGETA_VERSION\s"; then
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "infra/packages.sh: Vegeta $VEGETA_VERSION goes to /usr/local/bin; run this script as root (sudo infra/packages.sh)" >&2
    exit 1
  fi
  echo "infra/packages.sh: building Vegeta $VEGETA_VERSION into /usr/local/bin with $("$go" version)"
  GOBIN=/usr/local/bin "$go" install "$VEGETA_MODULE@$VEGETA_VERSION"
}
backports_go
# Built beside the Debian packages' download and install (each waits mostly on the network or the disk, not on both CPUs):
# on a fresh machine one after the other took about 2 minutes. The script waits for it before it ends, with its status.
install_vegeta &
vegeta=$!
trap 'wait "$vegeta"' EXIT

PACKAGES=(
  tomcat10            # the origin, run as a plain process from its own CATALINA_BASE (never as a service)
  tomcat10-examples   # serves /examples/jsp/jsp2/simpletag/book.jsp
  nginx               # target: NGINX 1.22 reverse proxy
  libnginx-mod-http-js  # njs for NGINX: the jwt scenario's token check (infra/nginx/jwt.js)
  haproxy             # target: HAProxy 2.6 reverse proxy
  wrk                 # independent injector for cross-checks
  openjdk-17-jdk-headless
  maven
  ansible             # deploys the suite to three real hosts (infra/ansible/)
  openssh-server      # the test suite's three local hosts run sshd, so the playbooks are tested (infra/ansible/test/)
  chromium            # headless browser: the report test (ReportBrowserIT) renders report.html and reads its DOM
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  wait "$vegeta"
  exit
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "infra/packages.sh: missing packages: ${missing[*]}; run this script as root (sudo infra/packages.sh)" >&2
  exit 1
fi
echo "infra/packages.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Installing the packages must not start system services (sshd listening on every address, NGINX on
# port 80): the suite starts its own processes. Debian's policy-rc.d forbids the starts, where no
# policy is in place already.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\n# gateway-bench infra/packages.sh: no service starts while installing\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  trap 'rm -f /usr/sbin/policy-rc.d; wait "$vegeta"' EXIT
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Where a service started anyway (a policy that allows it), stop and disable it.
for svc in nginx haproxy tomcat10 ssh; do
  if command -v systemctl >/dev/null && systemctl is-active --quiet "$svc" 2>/dev/null; then
    systemctl stop "$svc" && systemctl disable --quiet "$svc" || true
  fi
done
wait "$vegeta"

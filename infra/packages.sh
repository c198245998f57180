#!/usr/bin/env bash
# The one place that installs the OS packages the suite runs: the origin (Tomcat and its examples),
# the native proxies, the second injector, and the JDK. Idempotent: installs only what is missing.
set -euo pipefail

PACKAGES=(
  tomcat10            # the origin, run as a plain process from its own CATALINA_BASE (never as a service)
  tomcat10-examples   # serves /examples/jsp/jsp2/simpletag/book.jsp
  nginx               # target: NGINX 1.22 reverse proxy
  haproxy             # target: HAProxy 2.6 reverse proxy
  wrk                 # independent injector for cross-checks
  openjdk-17-jdk-headless
  maven
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "infra/packages.sh: missing packages: ${missing[*]}; run this script as root (sudo infra/packages.sh)" >&2
  exit 1
fi
echo "infra/packages.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
# Installing the packages must not leave system services running: the suite starts its own processes.
for svc in nginx haproxy tomcat10; do
  if command -v systemctl >/dev/null && systemctl is-active --quiet "$svc" 2>/dev/null; then
    systemctl stop "$svc" && systemctl disable --quiet "$svc" || true
  fi
done

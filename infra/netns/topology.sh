#!/usr/bin/env bash
# topology.sh up [INJECTORS]|down|status: the study's three hosts emulated on this machine (see README.md here).
#   up     (re)creates them: namespaces gb-injector, gb-gateway, gb-backend joined by veth pairs
#          to a bridge in gb-lan, private addresses, no route out; one cgroup per host (cpuset and
#          memory) that run-in puts processes into. Tears down a previous set first. With INJECTORS
#          above 1, more injector hosts too: gb-injector2 ... (topology.conf describes them).
#   down   stops every process still in those namespaces or cgroups (by PID, SIGTERM, then
#          SIGKILL), deletes the namespaces (with them every veth) and the cgroups. Idempotent.
#   status prints what exists.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=topology.conf
source "$here/topology.conf"
ROLES=(injector gateway backend)
# Every injector host topology.conf describes beyond the first: down removes whichever exist.
MORE_INJECTORS=()
for ((k = 2; k <= 9; k++)); do
  key="INJECTOR${k}_ADDRESS"
  [ -n "${!key:-}" ] && MORE_INJECTORS+=("injector$k")
done
STATE=/run/gateway-bench/netns.state
LAN="$NAMESPACE_PREFIX-lan"

die() { echo "infra/netns/topology.sh: $*" >&2; exit 1; }
ns() { echo "$NAMESPACE_PREFIX-$1"; }
upper() { echo "$1" | tr '[:lower:]' '[:upper:]'; }
conf() { local key; key="$(upper "$1")_$2"; echo "${!key}"; }
exists() { ip netns list | awk '{print $1}' | grep -qx "$1"; }

# Where this process's cgroup of one controller is mounted; the hosts' cgroups go below it, so they
# stay inside whatever limits this machine already puts on us.
cgroup_base() {
  local controller=$1 mount path
  mount="$(awk -v c="$controller" '$3 == "cgroup" && $4 ~ "(^|,)" c "(,|$)" {print $2; exit}' /proc/mounts)"
  [ -n "$mount" ] || return 1
  path="$(awk -F: -v c="$controller" '$2 ~ "(^|,)" c "(,|$)" {print $3; exit}' /proc/self/cgroup)"
  echo "$mount${path%/}/gateway-bench"
}

# The hexadecimal CPU mask of a CPU list such as 0-1,3.
cpu_mask() {
  local mask=0 part
  for part in ${1//,/ }; do
    for ((c = ${part%-*}; c <= ${part#*-}; c++)); do mask=$((mask | 1 << c)); done
  done
  printf '%x' "$mask"
}

# SIGTERM to each PID, up to 5 s for them to go, then SIGKILL for what is left.
stop_pids() {
  [ $# -gt 0 ] || return 0
  kill -TERM "$@" 2>/dev/null || true
  for _ in $(seq 50); do
    local alive=()
    for p in "$@"; do kill -0 "$p" 2>/dev/null && alive+=("$p"); done
    [ ${#alive[@]} -gt 0 ] || return 0
    sleep 0.1
  done
  echo "infra/netns/topology.sh: killing PIDs that ignored SIGTERM: ${alive[*]}" >&2
  kill -KILL "${alive[@]}" 2>/dev/null || true
}

down() {
  local dirs=()
  # The state of a finished up, or of one that failed part-way.
  mapfile -t dirs < <(cat "$STATE" "$STATE.new" 2>/dev/null | sed -n 's/^[a-z0-9]*\.cgroup\.[a-z]*=//p' | sort -u)
  for role in "${ROLES[@]}" "${MORE_INJECTORS[@]}"; do
    if exists "$(ns "$role")"; then
      # shellcheck disable=SC2046
      stop_pids $(ip netns pids "$(ns "$role")")
    fi
  done
  for dir in "${dirs[@]}"; do
    [ -d "$dir" ] || continue
    # shellcheck disable=SC2046
    stop_pids $(cat "$dir/cgroup.procs")
    # A killed process leaves its cgroup when it has been reaped: give that a moment.
    for _ in $(seq 50); do rmdir "$dir" 2>/dev/null && break; sleep 0.1; done
    [ ! -d "$dir" ] || die "cannot remove $dir; still in it: $(tr '\n' ' ' < "$dir/cgroup.procs")"
  done
  for dir in "${dirs[@]}"; do
    parent="$(dirname "$dir")"
    if [ -d "$parent" ] && [ "$(basename "$parent")" = gateway-bench ]; then rmdir "$parent" 2>/dev/null || true; fi
  done
  for role in "${ROLES[@]}" "${MORE_INJECTORS[@]}" lan; do
    if exists "$(ns "$role")"; then ip netns del "$(ns "$role")"; fi
  done
  rm -f "$STATE" "$STATE.new"
  rmdir "$(dirname "$STATE")" 2>/dev/null || true
}

up() {
  local injectors=${1:-1}
  [[ "$injectors" =~ ^[1-9]$ ]] || die "up: the number of injector hosts must be 1 to 9, got '$injectors'"
  [ "$injectors" -le $((1 + ${#MORE_INJECTORS[@]})) ] \
    || die "up: $injectors injector hosts asked for, topology.conf describes $((1 + ${#MORE_INJECTORS[@]})); add INJECTOR${injectors}_ADDRESS and INJECTOR${injectors}_CPUS there"
  ROLES=(injector "${MORE_INJECTORS[@]:0:$((injectors - 1))}" gateway backend)
  down
  mkdir -p "$(dirname "$STATE")"
  ip netns add "$LAN"
  ip -n "$LAN" link add br0 type bridge
  ip -n "$LAN" link set br0 up
  {
    echo "# written by infra/netns/topology.sh up; read by run-in, the harness and topology.sh down"
    echo "topology=netns"
    echo "injectors=$injectors"
  } > "$STATE.new"
  for role in "${ROLES[@]}"; do
    local n address
    n="$(ns "$role")"
    address="$(conf "$role" ADDRESS)"
    ip netns add "$n"
    ip link add "eth0" netns "$n" type veth peer name "$role" netns "$LAN"
    ip -n "$LAN" link set "$role" master br0 up
    ip -n "$n" link set lo up
    ip -n "$n" addr add "$address/$PREFIX_LENGTH" dev eth0
    ip -n "$n" link set eth0 up
    echo "$role.namespace=$n" >> "$STATE.new"
    echo "$role.address=$address" >> "$STATE.new"
    # A veth has no NIC and no interrupt: the kernel would receive each packet on the CPU of the
    # process that sent it, so the injector's and Tomcat's core would do the gateway's receiving.
    # Receive packet steering hands a host's incoming packets to its own CPUs, as its NIC would.
    if ip netns exec "$n" sh -c "echo $(cpu_mask "$(conf "$role" CPUS)") > /sys/class/net/eth0/queues/rx-0/rps_cpus" 2>/dev/null; then
      echo "$role.receive=on its own CPUs (receive packet steering)" >> "$STATE.new"
    else
      echo "$role.receive=on the sender's CPU (no receive packet steering in this kernel)" >> "$STATE.new"
    fi
    for controller in cpuset memory; do
      local base dir
      if ! base="$(cgroup_base "$controller")"; then
        echo "$role.unconfined.$controller=no cgroup v1 $controller controller mounted" >> "$STATE.new"
        continue
      fi
      dir="$base/$role"
      if ! mkdir -p "$dir" 2>/dev/null; then
        echo "$role.unconfined.$controller=cannot create $dir" >> "$STATE.new"
        continue
      fi
      echo "$role.cgroup.$controller=$dir" >> "$STATE.new"
      if [ "$controller" = cpuset ]; then
        cat "$(dirname "$dir")/../cpuset.mems" > "$(dirname "$dir")/cpuset.mems" 2>/dev/null || true
        cat "$(dirname "$dir")/../cpuset.cpus" > "$(dirname "$dir")/cpuset.cpus" 2>/dev/null || true
        cat "$(dirname "$dir")/cpuset.mems" > "$dir/cpuset.mems"
        conf "$role" CPUS > "$dir/cpuset.cpus" || die "cannot give $role CPUs $(conf "$role" CPUS); this machine has $(nproc)"
      else
        echo $((MEMORY_LIMIT_MB * 1024 * 1024)) > "$dir/memory.limit_in_bytes"
      fi
    done
  done
  mv "$STATE.new" "$STATE"
  # Each host reaches the other two, and nothing else.
  for role in "${ROLES[@]}"; do
    if ip -n "$(ns "$role")" route show default | grep -q .; then die "$(ns "$role") has a default route"; fi
  done
  local more=""
  for role in "${ROLES[@]}"; do
    case "$role" in injector?*) more="$more, $role $(conf "$role" ADDRESS) (CPU $(conf "$role" CPUS))" ;; esac
  done
  echo "infra/netns/topology.sh: up: injector $INJECTOR_ADDRESS (CPU $INJECTOR_CPUS)$more, gateway $GATEWAY_ADDRESS (CPU $GATEWAY_CPUS), backend $BACKEND_ADDRESS (CPU $BACKEND_CPUS), ${MEMORY_LIMIT_MB} MB each"
}

status() {
  ip netns list | grep "^$NAMESPACE_PREFIX-" || echo "no $NAMESPACE_PREFIX-* namespaces"
  if [ -f "$STATE" ]; then cat "$STATE"; else echo "no $STATE"; fi
}

[ "$(id -u)" -eq 0 ] || die "needs root (network namespaces and cgroups): sudo $0 ${1:-}"
case "${1:-}" in
  up) up "${2:-1}" ;;
  down) down ;;
  status) status ;;
  *) die "usage: $0 up [INJECTORS]|down|status" ;;
esac

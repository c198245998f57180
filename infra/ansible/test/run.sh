#!/usr/bin/env bash
# run.sh WORKDIR [BENCH ARGS]: tests the Ansible deployment against four local hosts. The emulated
# hosts of infra/netns (namespaces gb-injector, gb-gateway, gb-backend and gb-injector2, the
# inventory's one further injector host, each in its own CPU set) each run their own sshd on their
# own address; site.yml deploys the suite to them (one folder per host under WORKDIR, as if they were
# four machines) and bench.yml runs `./bench run --topology hosts --quick` (or BENCH ARGS; with
# --injectors=2 the load comes from both injector hosts) on the injector and brings the run back
# into WORKDIR/results; with BENCH_THEN set, bench.yml then runs `./bench run --topology hosts
# $BENCH_THEN` on the same hosts and brings that run back too. The controller runs
# on the injector host, the only place that reaches the three addresses. Everything it started is
# stopped and torn down on exit, failure or not. Prints the run folder last (each run's, in order). As root.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
work="${1:?usage: run.sh WORKDIR [BENCH ARGS] (an empty or new folder)}"
shift
bench_args="${*:---quick}"
# shellcheck source=../../netns/topology.conf
source "$repo/infra/netns/topology.conf"
[ "$(id -u)" -eq 0 ] || { echo "run.sh: needs root (network namespaces, sshd)" >&2; exit 2; }
mkdir -p "$work"
work="$(cd "$work" && pwd)"

sshd_pids=()
made_privsep=false
cleanup() {
  for pid in "${sshd_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  bash "$repo/infra/netns/topology.sh" down
  if $made_privsep; then rmdir /run/sshd 2>/dev/null || true; fi
}
trap cleanup EXIT

# The emulated hosts share this machine's files, Maven's local repository included, but have no
# network: resolve Gatling's runtime and the plugins that compile the simulation and write its class path
# here first, as the build in site.yml would on a real injector.
mvn -B -q -f "$repo/simulations/pom.xml" process-test-classes

bash "$repo/infra/netns/topology.sh" up 2
[ -d /run/sshd ] || { mkdir -p /run/sshd; made_privsep=true; }

# One key for the controller; every host's sshd reads the same authorized_keys, which site.yml also
# adds the harness's key to (bench_authorized_keys), so root's own ~/.ssh is never touched.
ssh-keygen -q -t ed25519 -N "" -C gateway-bench-test-controller -f "$work/controller_key" <<<y >/dev/null
cp "$work/controller_key.pub" "$work/authorized_keys"
for role in injector gateway backend injector2; do
  key="$(echo "$role" | tr '[:lower:]' '[:upper:]')_ADDRESS"
  address="${!key}"
  mkdir -p "$work/$role"
  ssh-keygen -q -t ed25519 -N "" -f "$work/$role/host_key" <<<y >/dev/null
  cat > "$work/$role/sshd_config" <<CONF
ListenAddress $address
Port 22
HostKey $work/$role/host_key
AuthorizedKeysFile $work/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile none
Subsystem sftp internal-sftp
CONF
  "$repo/infra/netns/run-in" "$role" /usr/sbin/sshd -D -e -f "$work/$role/sshd_config" 2>"$work/$role/sshd.log" &
  sshd_pids+=($!)
done

cat > "$work/inventory.ini" <<INV
[injector]
bench-injector ansible_host=$INJECTOR_ADDRESS bench_home=$work/injector/gateway-bench

[gateway]
bench-gateway ansible_host=$GATEWAY_ADDRESS bench_home=$work/gateway/gateway-bench

[backend]
bench-backend ansible_host=$BACKEND_ADDRESS bench_home=$work/backend/gateway-bench

[injectors]
bench-injector2 ansible_host=$INJECTOR2_ADDRESS bench_home=$work/injector2/gateway-bench

[all:vars]
ansible_user=root
ansible_python_interpreter=/usr/bin/python3
ansible_ssh_private_key_file=$work/controller_key
ansible_ssh_common_args=-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null
INV
mkdir -p "$work/results"

# Ansible's own files stay in WORKDIR too.
export ANSIBLE_HOME="$work/ansible" ANSIBLE_LOCAL_TEMP="$work/ansible/tmp" ANSIBLE_REMOTE_TMP="$work/ansible/remote-tmp"
export ANSIBLE_PIPELINING=True ANSIBLE_FORCE_COLOR=False ANSIBLE_NOCOLOR=True
for address in "$INJECTOR_ADDRESS" "$GATEWAY_ADDRESS" "$BACKEND_ADDRESS" "$INJECTOR2_ADDRESS"; do
  for _ in $(seq 50); do
    "$repo/infra/netns/run-in" injector bash -c "exec 3<>/dev/tcp/$address/22" 2>/dev/null && break
    sleep 0.1
  done
done
# Options as extra variables: they override infra/ansible/group_vars/all.yml (inventory group
# variables would not), and reach the controller's own tasks on localhost too. bench_args as JSON:
# as key=value, Ansible would cut "--quick --targets=a,b" at its first space.
controller=(-e "bench_archive=$work/suite.tar" -e "bench_results=$work/results" -e "bench_authorized_keys=$work/authorized_keys"
  -e "{\"bench_args\": \"$bench_args\"}")
"$repo/infra/netns/run-in" injector ansible-playbook -i "$work/inventory.ini" "${controller[@]}" "$repo/infra/ansible/site.yml"
"$repo/infra/netns/run-in" injector ansible-playbook -i "$work/inventory.ini" "${controller[@]}" "$repo/infra/ansible/bench.yml"
first="$(ls -d "$work"/results/*/ | tail -1)"
echo "$first"
if [ -n "${BENCH_THEN:-}" ]; then
  then_args=(-e "bench_archive=$work/suite.tar" -e "bench_results=$work/results"
    -e "bench_authorized_keys=$work/authorized_keys" -e "{\"bench_args\": \"$BENCH_THEN\"}")
  "$repo/infra/netns/run-in" injector ansible-playbook -i "$work/inventory.ini" "${then_args[@]}" \
    "$repo/infra/ansible/bench.yml"
  ls -d "$work"/results/*/ | tail -1
fi

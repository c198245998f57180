#!/usr/bin/env python3
"""Injector bake-off, second pass, on loopback. Injector pinned to CPU 0, everything it loads to CPU 1.
  rates:   each injector offers fixed rates to nginx `return 200` (a page with a marker); per run: CPU of the injector
           (rusage of its process tree), requests delivered, Vegeta's send lag (from its records: actual - intended),
           latency P50/P99 from the actual send and (Vegeta) from the intended send.
  planted: a test proxy holding every answer 200 us (--hold-us=200) and its twin holding none, in front of the same
           nginx, alternated round by round at two rates: the P50/P99 difference each injector recovers, beside the
           hold the proxy itself measured.
Every run is bounded in time (subprocess timeouts); every process is stopped by its PID.

usage: bakeoff.py OUT rates RATES ROUNDS DURATIONS   e.g. bakeoff.py /tmp/bake rates 2000,4000,8000,16000 2 5,20
       bakeoff.py OUT planted RATES ROUNDS SECONDS   e.g. bakeoff.py /tmp/bake planted 1000,2000 3 15
       bakeoff.py OUT tables                         the tables of injector/README.md, from OUT/*.jsonl
Needs: vegeta on PATH (infra/packages.sh), nginx, taskset, the harness and the simulation built (mvn install), Maven
for the Hyperfoil runner (built here on first use)."""
import base64, json, os, re, resource, shutil, signal, socket, statistics, subprocess, sys, time
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else sys.exit(__doc__)
os.makedirs(OUT, exist_ok=True)
VEGETA = shutil.which("vegeta")  # checked where it is used: the tables need none
JAVA = os.path.join(os.environ.get("JAVA_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"), "bin", "java")
NGINX_PORT = None
NGINX = None
MARKER = "THE LORD OF THE RINGS"
WARM = 5

def pinned(cpu, argv):
    return ["taskset", "-c", str(cpu)] + argv

def run(argv, log, timeout):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.time()
    with open(log, "w") as f:
        p = subprocess.run(pinned(0, argv), stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.time() - t, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), p.returncode

def pct(v, q):
    return v[min(len(v) - 1, int(q * len(v)))] if v else float("nan")

def vegeta(url, rate, secs, tag):
    if not VEGETA:
        sys.exit("no vegeta on PATH: run infra/packages.sh")
    raw = f"{OUT}/vegeta-{tag}.bin"
    cmd = ["bash", "-c", f"echo 'GET {url}' | {VEGETA} attack -rate={rate}/s -duration={WARM + secs}s -timeout=5s "
           f"-keepalive=true -max-connections=64 -output={raw}"]
    wall, cpu, rc = run(cmd, f"{OUT}/vegeta-{tag}.log", WARM + secs + 60)
    rows = [l.split(",") for l in subprocess.run([VEGETA, "encode", "--to", "csv", raw], capture_output=True, text=True,
                                                 timeout=120).stdout.splitlines()]
    os.remove(raw)
    interval = 1e9 / rate
    # timestamp(ns), code, latency(ns), bytes out, bytes in, error, body(b64), attack, seq, ...
    offset = min(int(r[0]) - int(r[8]) * interval for r in rows)  # the schedule's origin: the earliest record on time
    meas = [r for r in rows if int(r[8]) >= WARM * rate]
    good = sum(1 for r in meas if r[1] == "200" and MARKER in base64.b64decode(r[6]).decode("latin-1"))
    lag = sorted((int(r[0]) - offset - int(r[8]) * interval) / 1e3 for r in meas)
    lat = sorted(int(r[2]) / 1e3 for r in meas)
    intended = sorted((int(r[0]) + int(r[2]) - offset - int(r[8]) * interval) / 1e3 for r in meas)
    return dict(sent=len(rows), measured=len(meas), good=good, wall_s=round(wall, 2), cpu_s=round(cpu, 3), rc=rc,
                p50_us=pct(lat, .5), p99_us=pct(lat, .99), p50_intended_us=pct(intended, .5), p99_intended_us=pct(intended, .99),
                lag_p50_us=pct(lag, .5), lag_p99_us=pct(lag, .99), lag_max_us=lag[-1] if lag else None)

def hyperfoil_classpath():
    target = os.path.join(HERE, "hyperfoil", "target")
    if not os.path.exists(os.path.join(target, "classpath.txt")):
        subprocess.run(["mvn", "-B", "-q", "-f", os.path.join(HERE, "hyperfoil", "pom.xml"), "package"], check=True, timeout=600)
    return os.path.join(target, "classes") + ":" + open(os.path.join(target, "classpath.txt")).read().strip()

def hyperfoil(url, rate, secs, tag):
    yaml = f"{OUT}/hyperfoil-{tag}.yaml"
    host = re.match(r"(http://[^/]+)", url).group(1)
    open(yaml, "w").write(open(os.path.join(HERE, "hyperfoil", "src", "main", "resources", "level.hf.yaml.tpl")).read()
                          .replace("HOST", host).replace("RATE", str(rate)).replace("SECS", str(secs)).replace("WARM", str(WARM)))
    wall, cpu, rc = run([JAVA, "-cp", hyperfoil_classpath(), "HfRun", yaml], f"{OUT}/hyperfoil-{tag}.log", WARM + secs + 120)
    m = dict(re.findall(r"(\w+)=([\d.]+)", open(f"{OUT}/hyperfoil-{tag}.log").read()))
    return dict(sent=int(m.get("all_requests", 0)), measured=int(m.get("requests", 0)),
                good=int(m.get("responses", 0)) - int(m.get("invalid", 0)), wall_s=round(wall, 2), cpu_s=round(cpu, 3), rc=rc,
                p50_us=float(m.get("p50_us", "nan")), p99_us=float(m.get("p99_us", "nan")), blocked_ms=float(m.get("blocked_ms", "nan")))

SIM = os.path.join(REPO, "simulations", "target")
G_FLAGS = ["-XX:+HeapDumpOnOutOfMemoryError", "-XX:MaxInlineLevel=20", "-XX:MaxTrivialSize=12", "-Xmx1G",
           "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "-XX:+UseG1GC",
           "-Dhttps.proxyHost=127.0.0.1", "-Dhttps.proxyPort=1"]

def gatling(url, rate, secs, tag):
    res = f"{OUT}/gatling-{tag}"
    cp = SIM + "/test-classes:" + open(SIM + "/gatling-classpath.txt").read().strip()
    base = re.match(r"(http://[^/]+)(/.*)", url)
    cmd = [JAVA] + G_FLAGS + ["-Djansi.mode=strip", f"-DbaseUrl={base.group(1)}", f"-Dpath={base.group(2)}", "-Dsessions=per-user",
           "-Dmodel=open", f"-Drate={rate}", f"-Dwarmup={WARM}", f"-Dduration={secs}", "-cp", cp, "io.gatling.app.Gatling", "-s",
           "io.gatewaybench.simulations.BookPageSimulation", "-rf", res]
    wall, cpu, rc = run(cmd, f"{OUT}/gatling-{tag}.log", WARM + secs + 120)
    text = open(f"{OUT}/gatling-{tag}.log").read()
    tot = [t.replace(",", "") for t in re.findall(r"> Global\s+\|\s+([\d,]+)", text)]
    book = [(t.replace(",", ""), ok.replace(",", "")) for t, ok in re.findall(r"> book\s+\|\s+([\d,]+)\s+\|\s+([\d,]+)", text)]
    subprocess.run(["rm", "-rf", res])
    return dict(sent=int(tot[-1]) if tot else 0, measured=int(book[-1][0]) if book else 0, good=int(book[-1][1]) if book else 0,
                wall_s=round(wall, 2), cpu_s=round(cpu, 3), rc=rc)

INJECTORS = {"vegeta": vegeta, "hyperfoil": hyperfoil}

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def proxy(hold_us):
    port = free_port()
    log = open(f"{OUT}/proxy-{hold_us}-{port}.log", "w")
    p = subprocess.Popen(pinned(1, [JAVA, "-cp", f"{REPO}/harness/target/classes:{REPO}/harness/target/test-classes",
                                    "io.gatewaybench.harness.PlantedProxy", "--bind=127.0.0.1", f"--port={port}",
                                    f"--upstream={NGINX}", f"--hold-us={hold_us}"]), stdout=log, stderr=subprocess.STDOUT)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return p, port, log.name
        except OSError:
            time.sleep(0.1)
    p.kill()
    raise SystemExit("proxy did not listen")

def stop(p, logname):
    p.send_signal(signal.SIGTERM)
    p.wait(timeout=20)
    held = re.search(r"held us: n=(\d+) p50=(\d+) p99=(\d+) max=(\d+)", open(logname).read())
    return dict(zip(["held_n", "held_p50", "held_p99", "held_max"], map(int, held.groups()))) if held else {}

NGINX_CONF = """daemon off;
master_process off;
worker_processes 1;
pid {out}/nginx/nginx.pid;
error_log {out}/nginx/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {out}/nginx/body; proxy_temp_path {out}/nginx/proxy;
  fastcgi_temp_path {out}/nginx/fcgi; uwsgi_temp_path {out}/nginx/uwsgi; scgi_temp_path {out}/nginx/scgi;
  keepalive_requests 1000000;
  server {{
    listen 127.0.0.1:{port};
    location / {{ default_type text/html; return 200 "<html><body>THE LORD OF THE RINGS, a page the size of a small answer .............................................................................</body></html>"; }}
  }}
}}
"""

def start_nginx():
    """NGINX, one worker pinned to CPU 1, answering every GET with a small page that holds the marker."""
    global NGINX, NGINX_PORT
    NGINX_PORT = free_port()
    os.makedirs(f"{OUT}/nginx", exist_ok=True)
    open(f"{OUT}/nginx/nginx.conf", "w").write(NGINX_CONF.format(out=OUT, port=NGINX_PORT))
    p = subprocess.Popen(pinned(1, ["nginx", "-c", f"{OUT}/nginx/nginx.conf", "-p", f"{OUT}/nginx"]),
                         stdout=open(f"{OUT}/nginx/nginx.out", "w"), stderr=subprocess.STDOUT)
    NGINX = f"http://127.0.0.1:{NGINX_PORT}"
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", NGINX_PORT), 0.2).close()
            return p
        except OSError:
            time.sleep(0.1)
    p.kill()
    sys.exit("nginx did not listen; see " + f"{OUT}/nginx/")

def record(out, r):
    print(json.dumps(r), flush=True)
    out.write(json.dumps(r) + "\n")
    out.flush()

def median(xs):
    xs = [x for x in xs if x == x]
    return statistics.median(xs) if xs else float("nan")

def tables():
    """The bake-off's tables, as injector/README.md shows them, from the records in OUT."""
    rates = [json.loads(l) for l in open(f"{OUT}/rates.jsonl")] if os.path.exists(f"{OUT}/rates.jsonl") else []
    print("| injector | rate | CPU ms per 1,000 requests (rounds) | delivered of planned | send lag P99 us | P50 us | P99 us |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for inj in ["vegeta", "hyperfoil", "gatling"]:
        for rate in sorted({r["rate"] for r in rates}):
            runs = [r for r in rates if r["injector"] == inj and r["rate"] == rate]
            if not runs:
                continue
            per = []
            for rnd in sorted({r["round"] for r in runs}):
                pair = sorted((r for r in runs if r["round"] == rnd), key=lambda r: r["secs"])
                if len(pair) == 2 and pair[1]["sent"] > pair[0]["sent"]:
                    per.append(1000 * 1000 * (pair[1]["cpu_s"] - pair[0]["cpu_s"]) / (pair[1]["sent"] - pair[0]["sent"]))
            longest = [r for r in runs if r["secs"] == max(x["secs"] for x in runs)]
            delivered = median([r["good"] / (r["rate"] * r["secs"]) for r in longest])
            lag = median([r.get("lag_p99_us", float("nan")) for r in longest])
            p50 = median([r.get("p50_us", float("nan")) for r in longest])
            p99 = median([r.get("p99_us", float("nan")) for r in longest])
            fmt = lambda v: "-" if v != v else f"{v:,.0f}"
            print(f"| {inj} | {rate:,} | {fmt(median(per))} ({', '.join(f'{x:.1f}' for x in per)}) | {delivered:.3f} | {fmt(lag)} | {fmt(p50)} | {fmt(p99)} |")
    planted = [json.loads(l) for l in open(f"{OUT}/planted.jsonl")] if os.path.exists(f"{OUT}/planted.jsonl") else []
    print()
    print("| injector | rate | P50 added us (rounds) | P99 added us (rounds) | proxy's own hold P50/P99 us | P50 from intended added us |")
    print("|---|---:|---|---|---|---:|")
    for inj in ["vegeta", "hyperfoil"]:
        for rate in sorted({r["rate"] for r in planted}):
            d50, d99, di, held = [], [], [], []
            for rnd in sorted({r["round"] for r in planted}):
                pair = {r["hold_us"]: r for r in planted if r["injector"] == inj and r["rate"] == rate and r["round"] == rnd}
                if 0 in pair and 200 in pair:
                    d50.append(pair[200]["p50_us"] - pair[0]["p50_us"])
                    d99.append(pair[200]["p99_us"] - pair[0]["p99_us"])
                    if "p50_intended_us" in pair[200]:
                        di.append(pair[200]["p50_intended_us"] - pair[0]["p50_intended_us"])
                    held.append(f"{pair[200].get('held_p50', '?')}/{pair[200].get('held_p99', '?')}")
            if d50:
                print(f"| {inj} | {rate:,} | {median(d50):+.0f} ({', '.join(f'{x:+.0f}' for x in d50)}) | {median(d99):+.0f} "
                      f"({', '.join(f'{x:+.0f}' for x in d99)}) | {', '.join(held)} | {'-' if not di else f'{median(di):+.0f}'} |")

if __name__ == "__main__":
    mode = sys.argv[2] if len(sys.argv) > 2 else sys.exit(__doc__)
    if mode == "tables":
        tables()
        sys.exit(0)
    nginx = start_nginx()
    try:
        out = open(f"{OUT}/{mode}.jsonl", "a")
        rates = [int(r) for r in sys.argv[3].split(",")]
        rounds = int(sys.argv[4])
        if mode == "rates":
            durations = [int(d) for d in sys.argv[5].split(",")]  # two: CPU per request is the difference between them
            for rnd in range(1, rounds + 1):
                for rate in rates:
                    for name, f in dict(INJECTORS, gatling=gatling).items():
                        if name == "gatling" and rate > 8000:
                            continue  # it fell behind at 8,000 in the first pass
                        for secs in durations:
                            record(out, dict(injector=name, rate=rate, round=rnd, secs=secs, **f(NGINX + "/", rate, secs, f"{rate}-{secs}-{rnd}")))
        elif mode == "planted":
            secs = int(sys.argv[5])
            for rnd in range(1, rounds + 1):
                for rate in rates:
                    for name, f in INJECTORS.items():
                        for hold in ([0, 200] if rnd % 2 else [200, 0]):
                            p, port, logname = proxy(hold)
                            try:
                                r = f(f"http://127.0.0.1:{port}/", rate, secs, f"hold{hold}-{rate}-{rnd}")
                            finally:
                                held = stop(p, logname)
                            record(out, dict(injector=name, hold_us=hold, rate=rate, round=rnd, secs=secs, **r, **held))
        else:
            sys.exit(__doc__)
    finally:
        nginx.send_signal(signal.SIGTERM)
        nginx.wait(timeout=20)

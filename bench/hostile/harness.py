"""What the attacks of bench/hostile/run are made of: the processes they
start (each registered with its case, so a case that overruns its time is
ended by killing what it started), the sampling of their memory, HTTP
requests from a chosen loopback address, and the /healthz probe.

Memory is read from /proc/PID/status (VmRSS every 10 ms, VmHWM when the
process ends): a process past KILL_MB is killed at once, so a case that
fails cannot take the machine's memory (the old server reached 6.9 GB).
"""
import http.client, json, os, queue, signal, socket, subprocess, sys, threading, time

HERE = os.path.dirname(os.path.abspath(__file__))
# A process this large has failed its bound whatever the bound is: it is
# killed, and its peak is reported as at least this.
KILL_MB = 1536
# The attackers' address and the other clients' (every 127/8 address is
# loopback on Linux): the server can tell them apart, as two peers.
ATTACKER, OTHER = "127.0.0.1", "127.0.0.2"

def status_mb(pid, field):
    """A memory field of /proc/PID/status in MB, or None when the process is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None

class Sampler:
    """Samples a process's resident memory until it ends; kills it past KILL_MB."""
    def __init__(self, proc):
        self.proc, self.peak, self.killed = proc, 0.0, False
        self.start_mb = status_mb(proc.pid, "VmRSS") or 0.0
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while self.proc.poll() is None:
            rss = status_mb(self.proc.pid, "VmRSS")
            hwm = status_mb(self.proc.pid, "VmHWM")
            for mb in (rss, hwm):
                if mb is not None:
                    self.peak = max(self.peak, mb)
            if self.peak > KILL_MB:
                self.killed = True
                self.proc.kill()
                break
            time.sleep(0.01)

    def figure(self):
        """The peak in MB, as text ('>1536' when it was killed for it)."""
        if self.killed:
            return f">{KILL_MB}"
        return f"{self.peak:.0f}"

    def within(self, mb):
        return not self.killed and self.peak < mb

class Case:
    """One case's processes and checks. A check is one line of the report."""
    def __init__(self, name):
        self.name, self.procs, self.checks = name, [], []

    def spawn(self, args, **kw):
        """Starts a process registered with this case (killed when the case ends)."""
        proc = subprocess.Popen(args, **kw)
        self.procs.append(proc)
        return proc

    def kill_all(self):
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass

    def check(self, ok, bound, measured, **figures):
        self.checks.append({"ok": bool(ok), "bound": bound, "measured": measured, "figures": figures})

class Server:
    """`domino serve` on a free loopback port, its memory sampled."""
    def __init__(self, case, bin, *flags, stderr=subprocess.DEVNULL):
        self.proc = case.spawn([bin, "serve", "--bind", "127.0.0.1:0", *flags],
                               stdout=subprocess.PIPE, stderr=stderr, text=True)
        line = self.proc.stdout.readline()
        if "listening on " not in line:
            raise RuntimeError(f"the server did not start: {line!r}")
        url = line.split("listening on ")[1].split()[0]
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        self.host, self.port = host, int(port)
        self.memory = Sampler(self.proc)

    def alive(self):
        return self.proc.poll() is None

def request(host, port, method, path, body=None, timeout=30, source=None, headers=None):
    """One request on a new connection: (status or None, parsed JSON or the
    error's text, seconds). `body` is bytes or a JSON value."""
    t = time.perf_counter()
    try:
        c = http.client.HTTPConnection(host, port, timeout=timeout,
                                       source_address=(source, 0) if source else None)
        if body is not None and not isinstance(body, bytes):
            body = json.dumps(body, separators=(",", ":")).encode()
        c.request(method, path, body=body,
                  headers={"Content-Type": "application/json", **(headers or {})})
        r = c.getresponse()
        data = r.read()
        c.close()
    except Exception as e:
        return None, f"{type(e).__name__}: {e}", time.perf_counter() - t
    try:
        answer = json.loads(data)
    except ValueError:
        answer = data[:200]
    return r.status, answer, time.perf_counter() - t

def post(server, path, body, timeout=30, source=None):
    return request(server.host, server.port, "POST", path, body, timeout, source)

def healthz(server, timeout=5, source=None):
    return request(server.host, server.port, "GET", "/healthz", timeout=timeout, source=source)

def busy(server):
    """Jobs at work in the server's pools (None when /healthz does not answer)."""
    status, answer, _ = healthz(server, timeout=2, source=OTHER)
    if status != 200 or not isinstance(answer, dict):
        return None
    return sum(v for v in answer.get("busy", {}).values() if isinstance(v, int))

def idle_after(server, limit):
    """Seconds until the server's pools are idle (polled every 10 ms), or
    None when they are still busy after `limit` seconds."""
    t = time.perf_counter()
    while time.perf_counter() - t < limit:
        if busy(server) == 0:
            return time.perf_counter() - t
        time.sleep(0.01)
    return None

class Probe:
    """/healthz timed from another address, every 20 ms, while an attack runs."""
    def __init__(self, case, server, interval=0.02):
        self.proc = case.spawn([sys.executable, os.path.join(HERE, "probe.py"), server.host,
                                str(server.port), OTHER, str(interval)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def stop(self):
        """Ends the probe: (p99 ms, p50 ms, answers, answers not 200)."""
        try:
            out, _ = self.proc.communicate(timeout=10)
            samples = json.loads(out)
        except (subprocess.TimeoutExpired, ValueError):
            return float("inf"), float("inf"), 0, 0
        if not samples:
            return float("inf"), float("inf"), 0, 0
        ms = sorted(s[0] for s in samples)
        p99 = ms[min(len(ms) - 1, max(0, -(-99 * len(ms) // 100) - 1))]
        return p99, ms[len(ms) // 2], len(ms), sum(1 for s in samples if s[1] != 200)

def p99_check(case, probe, bound_ms=20, note=""):
    """Stops the probe and checks /healthz's p99 and that every probe got 200."""
    p99, p50, n, bad = probe.stop()
    case.check(p99 < bound_ms and bad == 0 and n > 0,
               f"/healthz p99 < {bound_ms} ms, all 200",
               f"{note}/healthz p99 {p99:.1f} ms, p50 {p50:.1f} ms, {bad} of {n} not 200",
               healthz_p99_ms=round(p99, 1), healthz_p50_ms=round(p50, 1), healthz_n=n, healthz_not_200=bad)

def memory_check(case, sampler, bound_mb, who="server"):
    measured = (f"{who} peak {sampler.figure()} MB" if sampler.peak or sampler.killed
                else f"{who} ended within 10 ms, before its memory was sampled")
    case.check(sampler.within(bound_mb), f"{who} peak < {bound_mb} MB", measured, peak_mb=sampler.figure())

class Output:
    """Keeps the first and last 64 KiB of a stream and counts its bytes."""
    KEEP = 64 << 10
    def __init__(self, stream):
        self.head, self.tail, self.size = b"", b"", 0
        self.thread = threading.Thread(target=self.read, args=(stream,), daemon=True)
        self.thread.start()

    def read(self, stream):
        while chunk := stream.read1(1 << 16) if hasattr(stream, "read1") else stream.read(1 << 16):
            self.size += len(chunk)
            if len(self.head) < self.KEEP:
                self.head += chunk[: self.KEEP - len(self.head)]
            self.tail = (self.tail + chunk)[-self.KEEP:]

    def text(self):
        self.thread.join(timeout=5)
        return (self.head + b"\n" + self.tail).decode("utf-8", "replace")

def run_process(case, args, timeout, stdin_data=None):
    """Runs a command, sampling its memory: (exit code or None when killed
    at the timeout, seconds, Sampler, stdout Output, stderr Output)."""
    t = time.perf_counter()
    proc = case.spawn(args, stdin=subprocess.PIPE if stdin_data is not None else subprocess.DEVNULL,
                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    memory = Sampler(proc)
    out, err = Output(proc.stdout), Output(proc.stderr)
    if stdin_data is not None:
        def feed():
            # A command that refuses its flags ends before reading its input.
            try:
                proc.stdin.write(stdin_data)
                proc.stdin.close()
            except OSError:
                pass
        threading.Thread(target=feed, daemon=True).start()
    try:
        rc = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        rc = None
    seconds = time.perf_counter() - t
    memory.thread.join(timeout=1)
    if memory.killed:
        rc = None
    return rc, seconds, memory, out, err

class Lines:
    """The lines a child prints, readable with a timeout."""
    def __init__(self, stream):
        self.queue = queue.Queue()
        threading.Thread(target=self.read, args=(stream,), daemon=True).start()

    def read(self, stream):
        for line in stream:
            self.queue.put(line)
        self.queue.put(None)

    def wait_for(self, word, timeout):
        """True once a line starting with `word` arrives; False at the end or the timeout."""
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0:
            try:
                line = self.queue.get(timeout=left)
            except queue.Empty:
                return False
            if line is None:
                return False
            if line.startswith(word):
                return True
        return False

def rc_text(rc):
    if rc is None:
        return "killed"
    if rc < 0:
        return f"signal {signal.Signals(-rc).name}"
    return f"exit {rc}"

def loop_clients(count, seconds, send):
    """`count` threads each calling send(i) in a loop for `seconds`: the
    statuses they got (a dict status -> times; None for no answer)."""
    statuses, lock, end = {}, threading.Lock(), time.monotonic() + seconds
    def client(i):
        while time.monotonic() < end:
            status = send(i)
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 30)
    return statuses

def open_socket(host, port, source, data=b""):
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(2)
    s.connect((host, port))
    if data:
        s.sendall(data)
    return s

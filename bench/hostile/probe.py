#!/usr/bin/env python3
"""The client that times /healthz while an attack runs, in a process of its
own so the attackers' threads (and their GIL) never delay it.

Usage: probe.py HOST PORT SOURCE INTERVAL. It asks GET /healthz on a new
connection from the address SOURCE (another loopback address than the
attackers', so a per-address cap does not count it as one of them) every
INTERVAL seconds until its standard input closes, then prints one JSON
document: a list of [milliseconds, status] (status null when the request
failed: refused, reset, or no answer within 2 s, counted as 2,000 ms).
"""
import http.client, json, sys, threading, time

def main():
    host, port, source, interval = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    samples = []
    while not done.is_set():
        t = time.perf_counter()
        try:
            c = http.client.HTTPConnection(host, port, timeout=2, source_address=(source, 0))
            c.request("GET", "/healthz")
            r = c.getresponse()
            r.read()
            c.close()
            samples.append([1000 * (time.perf_counter() - t), r.status])
        except Exception:
            samples.append([max(2000.0, 1000 * (time.perf_counter() - t)), None])
        done.wait(interval)
    print(json.dumps(samples), flush=True)

if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Samples one process until it exits, then judges growth (bench/soak.sh, docs/RELIABILITY.md).

Every INTERVAL seconds: RSS and thread count from /proc/PID/status, open fds from /proc/PID/fd,
the resident part of the Java heap's address range from /proc/PID/smaps (the range asked once of
`jcmd PID GC.heap_info`), and the soak app's own counts from its status file (trainings
transcriptions attaches drops errors heap-after-GC). Writes one CSV row a sample. The judged
memory figure is RSS outside the Java heap: the heap's pages are touched bit by bit as the
collector cycles through its regions (RSS rises for an hour with a flat live set), and its own
growth shows as heap-after-GC. At the end compares the median of the second
quarter of the samples (after warm-up: the first quarter is not judged) with the median of the
last quarter; exits 1 when RSS, threads or fds grew more than LIMIT %, the app counted an error,
or it exited non-zero.

Usage: soak_sampler.py PID STATUS_FILE CSV [INTERVAL=10] [LIMIT=5]
"""

import os
import re
import statistics
import subprocess
import sys
import time

FIELDS = ["t_s", "rss_kb", "rss_outside_heap_kb", "threads", "fds", "trainings", "transcriptions", "attaches", "drops",
          "errors", "heap_after_gc_kb"]
JUDGED = ["rss_outside_heap_kb", "threads", "fds"]
HEAP_RANGE = re.compile(r"heap\s+total.*\[(0x[0-9a-f]+), (0x[0-9a-f]+)\)")


def heap_range(pid):
    """The Java heap's reserved address range, from jcmd (None until the JVM answers)."""
    try:
        out = subprocess.run(["jcmd", str(pid), "GC.heap_info"], capture_output=True, text=True,
                             timeout=120).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = HEAP_RANGE.search(out)
    return (int(m.group(1), 16), int(m.group(2), 16)) if m else None


def heap_rss_kb(pid, heap):
    """Resident kB of the mappings inside the heap's range."""
    total, inside = 0, False
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            if MAPPING.match(line):
                start = int(line.split("-", 1)[0], 16)
                inside = heap[0] <= start < heap[1]
            elif inside and line.startswith("Rss:"):
                total += int(line.split()[1])
    return total


MAPPING = re.compile(r"^[0-9a-f]+-[0-9a-f]+ ")


def sample(pid, status_file, heap):
    with open(f"/proc/{pid}/status") as f:
        status = dict(line.split(":", 1) for line in f if ":" in line)
    row = {"rss_kb": int(status["VmRSS"].split()[0]), "threads": int(status["Threads"]),
           "fds": len(os.listdir(f"/proc/{pid}/fd"))}
    row["rss_outside_heap_kb"] = row["rss_kb"] - heap_rss_kb(pid, heap)
    counts = [0] * 6
    try:
        with open(status_file) as f:
            counts = [int(x) for x in f.read().split()]
    except (OSError, ValueError):
        pass  # not written yet
    for name, value in zip(FIELDS[5:], counts):
        row[name] = value
    row["heap_after_gc_kb"] = row["heap_after_gc_kb"] // 1024
    return row


def judge(rows, limit):
    n = len(rows)
    if n < 8:
        print(f"soak: only {n} samples: too short to judge growth")
        return False
    q2 = rows[n // 4: n // 2]
    q4 = rows[3 * n // 4:]
    ok = True
    print(f"soak: {n} samples; warm-up = first quarter; median of quarter 2 "
          f"(t {q2[0]['t_s']}-{q2[-1]['t_s']} s) vs quarter 4 (t {q4[0]['t_s']}-{q4[-1]['t_s']} s)")
    for name in JUDGED + ["rss_kb", "heap_after_gc_kb"]:
        a = statistics.median(r[name] for r in q2)
        b = statistics.median(r[name] for r in q4)
        growth = (b - a) / a * 100 if a else 0.0
        judged = name in JUDGED
        verdict = ("OK" if growth <= limit else "GROWS") if judged else "(shown, not judged)"
        print(f"soak:   {name:19} start {rows[0][name]:>9}  q2 {a:>11.1f}  q4 {b:>11.1f}  "
              f"end {rows[-1][name]:>9}  growth {growth:+6.2f} %  {verdict}")
        ok &= growth <= limit or not judged
    return ok


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    pid, status_file, csv_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    interval = float(sys.argv[4]) if len(sys.argv) > 4 else 10.0
    limit = float(sys.argv[5]) if len(sys.argv) > 5 else 5.0
    rows = []
    start = time.monotonic()
    heap = None
    # jcmd signals the JVM (SIGQUIT): asked before the JVM handles that signal, it would end it;
    # the app writes its status file once its window is up
    while not os.path.exists(status_file) and os.path.exists(f"/proc/{pid}"):
        time.sleep(1)
    while heap is None and os.path.exists(f"/proc/{pid}"):
        heap = heap_range(pid)
        if heap is None:
            time.sleep(2)
    if heap is None:
        sys.exit("soak: the app ended before jcmd could read its heap's range")
    print(f"soak: Java heap reserved at {heap[0]:#x}-{heap[1]:#x}")
    with open(csv_path, "w") as out:
        out.write(",".join(FIELDS) + "\n")
        while True:
            try:
                row = sample(pid, status_file, heap)
            except (OSError, KeyError):
                break  # the process ended
            row["t_s"] = round(time.monotonic() - start)
            rows.append(row)
            out.write(",".join(str(row[k]) for k in FIELDS) + "\n")
            out.flush()
            time.sleep(interval)
    try:
        with open(status_file) as f:
            last = [int(x) for x in f.read().split()]
    except (OSError, ValueError):
        last = [0, 0, 0, 0, 1, 0]
        print("soak: the app left no counts")
    print(f"soak: trainings {last[0]}, transcriptions {last[1]}, remote rounds {last[2]} "
          f"(connections dropped {last[3]}), errors {last[4]}")
    grew_ok = judge(rows, limit)
    sys.exit(0 if grew_ok and last[4] == 0 else 1)


if __name__ == "__main__":
    main()

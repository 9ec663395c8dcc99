#!/usr/bin/env python3
"""Side-by-side table of bench/learning-parity.sh: reads WORK/{ours,torch}-SEED.jsonl (event lines
stamped with "t", seconds since that trainer was launched) and WORK/{ours,torch}-SEED-test.jsonl,
prints per-epoch val CER/WER for both with the ratio ours/PyTorch, final test CER/WER, wall-clock
of each whole run, the time to val CER 10 %, and the bar (ours' val CER at every epoch <= 1.1 x
PyTorch's), medians over seeds when there are several. Exit status 0 whatever the bar says.
"""
import json
import statistics
import sys

BAR = 1.1
USEFUL_CER = 0.10


def lines(path):
    out = []
    try:
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line.startswith("{"):
                out.append(json.loads(line))
    except FileNotFoundError:
        pass
    return out


def curve(events):
    """Val evals in order: our trainer's eval events carry no epoch, they come one per epoch."""
    evals = [e for e in events if e.get("type") == "eval" and "split" not in e]
    return [{"epoch": i + 1, "cer": e["cer"], "wer": e["wer"], "t": e["t"]} for i, e in enumerate(evals)]


def run_end(events):
    """Ours: its finished event (last epoch's eval and checkpoint done), else the end of its output.
    PyTorch: its last val eval (it writes no checkpoints; its test evaluation comes after)."""
    for kind in ("finished", "exit"):
        ends = [e["t"] for e in events if e.get("type") == kind]
        if ends:
            return ends[-1]
    evals = curve(events)
    return evals[-1]["t"] if evals else float("nan")


def time_to(evals):
    for e in evals:
        if e["cer"] <= USEFUL_CER:
            return e["t"]
    return None


def test_result(events):
    tests = [e for e in events if e.get("type") == "test" or e.get("split") == "test"]
    return tests[-1] if tests else None


def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def pct(v):
    return "   -  " if v is None else f"{100 * v:5.1f}%"


def main(work, seeds, epochs):
    per_seed = []
    for seed in seeds:
        ours = lines(f"{work}/ours-{seed}.jsonl")
        torch = lines(f"{work}/torch-{seed}.jsonl")
        per_seed.append({
            "ours": curve(ours), "torch": curve(torch),
            "ours_test": test_result(lines(f"{work}/ours-{seed}-test.jsonl")),
            "torch_test": test_result(torch),
            "ours_wall": run_end(ours), "torch_wall": run_end([e for e in torch if e.get("type") == "eval"]),
        })
    n = len(seeds)
    print(f"learning parity, tiny recipe on the demo corpus: {epochs} epochs, seeds {seeds}"
          + (" (medians over seeds)" if n > 1 else ""))
    print("epoch | ours val CER  WER    | PyTorch val CER  WER  | CER ratio ours/PyTorch")
    failures = []
    for i in range(epochs):
        row = {}
        for side in ("ours", "torch"):
            got = [s[side][i] for s in per_seed if len(s[side]) > i]
            row[side] = (med([g["cer"] for g in got]), med([g["wer"] for g in got])) if len(got) == n else (None, None)
        ratio = row["ours"][0] / row["torch"][0] if row["ours"][0] is not None and row["torch"][0] else None
        if ratio is None or ratio > BAR:
            failures.append(i + 1)
        print(f"{i + 1:5d} | {pct(row['ours'][0])}  {pct(row['ours'][1])}       | "
              f"{pct(row['torch'][0])}  {pct(row['torch'][1])}      | "
              + ("  -" if ratio is None else f"{ratio:.3f}"))
    for side, name in (("ours", "ours   "), ("torch", "PyTorch")):
        tests = [s[f"{side}_test"] for s in per_seed]
        cer = med([t["cer"] for t in tests if t])
        wer = med([t["wer"] for t in tests if t])
        wall = med([s[f"{side}_wall"] for s in per_seed])
        useful = [time_to(s[side]) for s in per_seed]
        reached = [u for u in useful if u is not None]
        useful_text = (f"{med(reached) / 60:.2f} min" + ("" if len(reached) == n else f" ({len(reached)} of {n} seeds)")
                       if reached else f"not reached in {epochs} epochs")
        print(f"{name}: test CER {pct(cer)} WER {pct(wer)} | whole run {wall / 60:.2f} min"
              f" | time to val CER {100 * USEFUL_CER:.0f} %: {useful_text}")
    if failures:
        print(f"FAIL: ours' val CER above {BAR} x PyTorch's (or missing) at epoch(s) {failures}")
    else:
        print(f"PASS: ours' val CER <= {BAR} x PyTorch's at every epoch")


if __name__ == "__main__":
    main(sys.argv[1], [int(s) for s in sys.argv[3].split(",")], int(sys.argv[2]))

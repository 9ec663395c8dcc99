"""pocketsphinx as the peer recogniser of bench/real_recordings.py (Debian's pocketsphinx 0.8)."""

import os
import re

from processes import run, timed

PS_MODEL = "/usr/share/pocketsphinx/model/en-us"


def peer_dictionary(vocabulary, path):
    """A pocketsphinx dictionary of the LM's words from cmudict; returns the words it lacks."""
    wanted = {w.lower(): w for w in vocabulary}
    found = set()
    with open(os.path.join(PS_MODEL, "cmudict-en-us.dict"), encoding="utf-8") as src, \
            open(path, "w", encoding="utf-8") as out:
        for line in src:
            parts = line.split()
            if not parts:
                continue
            head = parts[0]
            m = re.fullmatch(r"(.+?)(\(\d+\))?", head)
            key = m.group(1).lower()
            if key in wanted:
                out.write(f"{wanted[key]}{m.group(2) or ''} {' '.join(parts[1:])}\n")
                found.add(key)
    return sorted(w for k, w in wanted.items() if k not in found)


def parse_hyp_line(line):
    """(utterance id, words) of a pocketsphinx -hyp line "words (id score)"; fillers and
    alternate-pronunciation marks dropped. None for a line of another shape."""
    m = re.match(r"^(.*?)\s*\((\S+)(?:\s+-?\d+)?\)\s*$", line.rstrip("\n"))
    if not m:
        return None
    words = [re.sub(r"\(\d+\)$", "", w) for w in m.group(1).split()
             if not re.fullmatch(r"<.*>|\[.*\]|\+\+.*\+\+", w)]
    return m.group(2), " ".join(words)


def peer(rows, lm, dictionary, work, name):
    raw = os.path.join(work, f"{name}-raw")
    os.makedirs(raw)
    # The audio ours reads, as pocketsphinx wants it: 16 kHz 16-bit mono raw. -D: no dither, which
    # sox adds at random after resampling (8 kHz sets) and which moved the peer's saytime WER by 4
    # points between two runs of the same files.
    for r in rows:
        run(["sox", "-D", r["audio"], "-t", "raw", "-r", "16000", "-b", "16", "-c", "1", "-e", "signed",
             "-L", os.path.join(raw, r["id"] + ".raw")])
    ctl, hyp, log = (os.path.join(work, f"{name}.{x}") for x in ("ctl", "hyp", "pslog"))
    with open(ctl, "w") as f:
        f.writelines(r["id"] + "\n" for r in rows)
    cmd = ["pocketsphinx_batch", "-hmm", os.path.join(PS_MODEL, "en-us"), "-lm", lm,
           "-dict", dictionary, "-ctl", ctl, "-cepdir", raw, "-cepext", ".raw", "-adcin", "yes",
           "-hyp", hyp, "-logfn", log]
    wall, cpu = timed(cmd, log + ".out")
    hyps = {}
    with open(hyp, encoding="utf-8") as f:
        for line in f:
            parsed = parse_hyp_line(line)
            if parsed:
                hyps[parsed[0]] = parsed[1]
    return hyps, wall, cpu

#!/usr/bin/env python3
"""Real recordings, ours vs pocketsphinx: see bench/eval-real-recordings.sh (its entry point)."""

import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import tempfile

from asr_scoring import Corpus, arpa_vocabulary, normalise
from peer_pocketsphinx import PS_MODEL, peer, peer_dictionary
from processes import fail, run, say, timed
from real_recordings_inputs import BUILTIN_SET, builtin_rows, data_dir, durations, manifest_rows
from real_recordings_report import markdown

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASRWB = os.path.join(ROOT, "asrwb")


def parse_args():
    p = argparse.ArgumentParser(
        prog="bench/eval-real-recordings.sh",
        description="Our model and pocketsphinx on the same real recordings: WER, CER and RTF per "
                    "set and per speaker, scored by one normaliser and one corpus count.")
    p.add_argument("--manifest", action="append", default=[], metavar="EVAL.jsonl",
                   help="NeMo JSON-lines eval manifest (repeatable); default: <data dir>/corpora/"
                        "real-speech/eval.jsonl when present")
    p.add_argument("--builtin-only", action="store_true",
                   help="only the built-in pocketsphinx-testdata set, no manifest")
    p.add_argument("--no-builtin", action="store_true",
                   help="leave out the built-in pocketsphinx-testdata set")
    p.add_argument("--model", default=os.path.join(ROOT, "assets", "demo-model"), metavar="DIR",
                   help="our checkpoint (default: assets/demo-model)")
    p.add_argument("--lm-text", metavar="FILE",
                   help="build the peer's LM with './asrwb lm build --text FILE --order 3'")
    p.add_argument("--lm-dataset", metavar="NAME",
                   help="build the peer's LM from this catalog dataset's train transcripts")
    p.add_argument("--db", metavar="DB", help="catalog for --lm-dataset")
    p.add_argument("--all-rows", action="store_true",
                   help="keep rows with words outside the LM vocabulary (default: set aside)")
    p.add_argument("--in-vocabulary-only", action="store_true",
                   help="the default: set aside rows with a word outside the LM vocabulary")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    p.add_argument("--keep", action="store_true", help="keep the work folder (printed)")
    a = p.parse_args()
    if a.lm_text and a.lm_dataset:
        p.error("give --lm-text or --lm-dataset, not both")
    if a.all_rows and a.in_vocabulary_only:
        p.error("--all-rows and --in-vocabulary-only contradict each other")
    if a.builtin_only and (a.manifest or a.no_builtin):
        p.error("--builtin-only takes no --manifest nor --no-builtin")
    return a


def peer_lm(args, work):
    """(ARPA path, description): the model's own LM, or one built by ./asrwb lm build."""
    if not args.lm_text and not args.lm_dataset:
        lm = os.path.join(args.model, "lm.arpa")
        if not os.path.isfile(lm):
            fail(f"{lm}: the model ships no LM; give --lm-text FILE or --lm-dataset NAME --db DB")
        return lm, f"the model's own {os.path.relpath(lm, ROOT)} (the LM our default decoding uses)"
    lm = os.path.join(work, "peer-lm.arpa")
    cmd = [ASRWB] + (["--db", args.db] if args.db else []) + ["lm", "build", "--order", "3",
                                                             "--out", lm]
    cmd += ["--text", args.lm_text] if args.lm_text else ["--dataset", args.lm_dataset]
    built = run(cmd, cwd=ROOT).stdout.strip().splitlines()
    built = re.sub(r"^wrote [^:]*: ", "", built[0]) if built else ""
    source = f"text {args.lm_text}" if args.lm_text else f"dataset {args.lm_dataset} (train split)"
    return lm, f"built by './asrwb lm build --order 3' from {source}: {built}"


def ours(model, db, dataset, work, greedy):
    errors = os.path.join(work, f"{dataset}-{'greedy' if greedy else 'default'}.json")
    cmd = [ASRWB, "--db", db, "eval", "--model", model, "--dataset", dataset, "--split", "test",
           "--errors", errors] + (["--decoder", "greedy"] if greedy else [])
    log = errors[:-5] + ".log"
    wall, cpu = timed(cmd, log, cwd=ROOT)
    with open(log) as f:
        m = re.search(r"\(\d+ utterances, (.*) decoding\)", f.read())
    with open(errors, encoding="utf-8") as f:
        result = json.load(f)
    result["decoding"] = m.group(1) if m else "?"
    return result, wall, cpu


def main():
    args = parse_args()
    start = datetime.datetime.now().astimezone()
    load = os.getloadavg()
    for tool in ("sox", "soxi", "pocketsphinx_batch"):
        if not shutil.which(tool):
            fail(f"needs {tool} (apt-get install sox pocketsphinx pocketsphinx-en-us)")
    if not os.path.isfile(os.path.join(PS_MODEL, "cmudict-en-us.dict")):
        fail(f"no {PS_MODEL} (apt-get install pocketsphinx-en-us)")
    args.model = os.path.abspath(args.model)
    work = tempfile.mkdtemp(prefix="asrwb-real-")
    try:
        report = evaluate(args, work, start, load)
    finally:
        if args.keep:
            say(f"work folder kept: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(report)


def evaluate(args, work, start, load):
    manifests = [] if args.builtin_only else list(args.manifest)
    default_manifest = os.path.join(data_dir(), "corpora", "real-speech", "eval.jsonl")
    if not manifests and not args.builtin_only and os.path.isfile(default_manifest):
        manifests.append(default_manifest)
    rows = []
    for m in manifests:
        rows += manifest_rows(m)
    notes = []
    if not args.no_builtin:
        if any(r["set"] == BUILTIN_SET for r in rows):
            notes.append(f"built-in {BUILTIN_SET} set left out: a manifest has a set of that name")
        else:
            rows += builtin_rows(work)
    if not rows:
        fail("no rows to evaluate")
    for i, r in enumerate(rows):
        r["id"] = f"u{i:06d}"
        r["reference"] = normalise(r["text"])
    missing = [r["audio"] for r in rows if not os.path.isfile(r["audio"])]
    if missing:
        fail(f"{len(missing)} audio files missing, e.g. {missing[0]}")
    for r, d in zip(rows, durations([r["audio"] for r in rows])):
        r["duration"] = d

    subprocess.run([ASRWB, "--version"], check=True, cwd=ROOT, capture_output=True)  # build once
    lm, lm_description = peer_lm(args, work)
    vocabulary = arpa_vocabulary(lm)
    dictionary = os.path.join(work, "peer.dict")
    not_in_cmudict = peer_dictionary(vocabulary, dictionary)
    if not_in_cmudict:
        say(f"WARNING: {len(not_in_cmudict)} LM words are not in cmudict and are left out of "
            f"pocketsphinx's dictionary: {' '.join(not_in_cmudict[:30])}")
    known = set(vocabulary)

    sets = {}
    for r in rows:
        sets.setdefault(r["set"], []).append(r)
    db = os.path.join(work, "catalog", "catalog")
    os.makedirs(os.path.dirname(db), mode=0o700)
    results = []
    for index, (name, set_rows) in enumerate(sets.items()):
        results.append(evaluate_set(args, (lm, dictionary, known), db, work, index, name,
                                    set_rows, notes))

    evaluated = [e for e in results if "ours" in e]
    all_rows = [r for e in evaluated for r in rows_of(e, sets)]
    total = dict(figures(all_rows)) if all_rows else {}
    if evaluated:
        audio = sum(e["audio_seconds"] for e in evaluated)
        total.update(audio_seconds=audio,
                     ours_rtf=sum(e["ours_seconds"] for e in evaluated) / audio,
                     ours_greedy_rtf=sum(e["ours_greedy_seconds"] for e in evaluated) / audio,
                     peer_rtf=sum(e["peer_seconds"] for e in evaluated) / audio)
    version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "pocketsphinx"],
                             capture_output=True, text=True).stdout.strip() or "unknown"
    header = {
        "date": start.isoformat(timespec="seconds"),
        "machine": {"nproc": os.cpu_count(), "load_average_at_start": list(load),
                    "cpu": cpu_model()},
        "model": os.path.relpath(args.model, ROOT) if args.model.startswith(ROOT) else args.model,
        "ours_decoding": evaluated[0]["ours_decoding"] if evaluated else None,
        "peer": f"pocketsphinx {version} (pocketsphinx_batch, CMU en-us acoustic model, "
                f"default search settings)",
        "peer_lm": lm_description,
        "peer_lm_words": len(vocabulary),
        "lm_words_not_in_cmudict": not_in_cmudict,
        "rows": "all rows" if args.all_rows else "in-vocabulary rows only (a row with a word "
                                                  "outside the LM vocabulary is set aside)",
        "manifests": manifests,
        "notes": notes,
    }
    document = {**header, "sets": results, "total": total}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(document, f, indent=2, ensure_ascii=False)
            f.write("\n")
    return markdown(document)


def evaluate_set(args, peer_setup, db, work, index, name, set_rows, notes):
    """One set: rows outside the LM vocabulary set aside, ours (default and greedy) and the peer
    run and timed over the rest, all scored here."""
    lm, dictionary, known = peer_setup
    oov = [r for r in set_rows if any(w not in known for w in r["reference"].split())]
    kept = set_rows if args.all_rows else [r for r in set_rows if r not in oov]
    entry = {"set": name, "rows": len(set_rows), "outside_lm_vocabulary": len(oov),
             "set_aside": 0 if args.all_rows else len(oov),
             "oov_words": sorted({w for r in oov for w in r["reference"].split()
                                  if w not in known})}
    if not kept:
        notes.append(f"{name}: every row has a word outside the LM vocabulary; not evaluated")
        return entry
    dataset = f"set{index}"
    # The importer takes audio under the manifest's folder only: link each file there.
    folder = os.path.join(work, dataset)
    os.makedirs(folder)
    manifest = os.path.join(folder, "eval.jsonl")
    with open(manifest, "w", encoding="utf-8") as f:
        for r in kept:
            link = r["id"] + os.path.splitext(r["audio"])[1]
            os.symlink(os.path.abspath(r["audio"]), os.path.join(folder, link))
            f.write(json.dumps({"id": r["id"], "audio_filepath": link,
                                "duration": r["duration"], "text": r["text"],
                                "speaker": r["speaker"], "split": "test"}) + "\n")
    run([ASRWB, "--db", db, "dataset", "import", "--format", "nemo", "--name", dataset,
         manifest], cwd=ROOT)
    say(f"{name}: {len(kept)} rows; ours (default decoding, then greedy)...")
    default, wall, cpu = ours(args.model, db, dataset, work, greedy=False)
    greedy, g_wall, g_cpu = ours(args.model, db, dataset, work, greedy=True)
    scored = {u["id"]: u for u in default["utterances"]}
    greedy_hyp = {u["id"]: u["hypothesis"] for u in greedy["utterances"]}
    dropped = [r for r in kept if r["id"] not in scored or r["id"] not in greedy_hyp]
    if dropped:
        notes.append(f"{name}: {len(dropped)} rows not scored by our eval (import or loader "
                     f"rejected them), left out for both recognisers")
    kept = [r for r in kept if r not in dropped]
    say(f"{name}: pocketsphinx...")
    peer_hyp, p_wall, p_cpu = peer(kept, lm, dictionary, work, dataset)
    mismatched = sum(1 for r in kept if scored[r["id"]]["reference"] != r["reference"])
    if mismatched:
        notes.append(f"{name}: {mismatched} references normalised differently by the engine "
                     f"and bench/asr_scoring.py (scored with the latter for both)")
    no_peer = sum(1 for r in kept if r["id"] not in peer_hyp)
    if no_peer:
        notes.append(f"{name}: pocketsphinx gave no hypothesis for {no_peer} rows (scored "
                     f"as empty)")
    groups = {}
    for r in kept:
        r["ours"] = normalise(scored[r["id"]]["hypothesis"])
        r["ours_greedy"] = normalise(greedy_hyp[r["id"]])
        r["peer"] = normalise(peer_hyp.get(r["id"], ""))
        groups.setdefault(r["speaker"], []).append(r)
    audio = sum(r["duration"] for r in kept)
    entry.update(figures(kept))
    entry.update({
        "audio_seconds": audio,
        "ours_decoding": default["decoding"],
        "ours_seconds": wall, "ours_cpu_seconds": cpu, "ours_rtf": wall / audio,
        "ours_greedy_seconds": g_wall, "ours_greedy_rtf": g_wall / audio,
        "peer_seconds": p_wall, "peer_cpu_seconds": p_cpu, "peer_rtf": p_wall / audio,
        "engine_wer": default["wer"], "engine_cer": default["cer"],
        "engine_greedy_wer": greedy["wer"],
        "speakers": [dict(speaker=s, audio_seconds=sum(r["duration"] for r in g), **figures(g))
                     for s, g in sorted(groups.items())],
        "hypotheses": [{k: r[k] for k in ("id", "source", "speaker", "duration", "reference",
                                          "ours", "ours_greedy", "peer")} for r in kept]})
    check = abs(entry["ours"]["wer"] - default["wer"]) + abs(
        entry["ours"]["cer"] - default["cer"]) + abs(entry["ours_greedy"]["wer"] - greedy["wer"])
    entry["scoring_matches_engine_eval"] = check < 1e-9
    if check >= 1e-9:
        notes.append(f"{name}: WARNING our figures scored here differ from the engine's eval "
                     f"(eval: WER {default['wer']:.4f} CER {default['cer']:.4f})")

    return entry


def rows_of(entry, sets):
    ids = {u["id"] for u in entry["hypotheses"]}
    return [r for r in sets[entry["set"]] if r["id"] in ids]


def figures(rows):
    ours_c, greedy_c, peer_c = Corpus(), Corpus(), Corpus()
    for r in rows:
        ours_c.add(r["reference"], r["ours"])
        greedy_c.add(r["reference"], r["ours_greedy"])
        peer_c.add(r["reference"], r["peer"])
    return {"utterances": len(rows), "ours": ours_c.as_dict(),
            "ours_greedy": greedy_c.as_dict(), "peer": peer_c.as_dict()}


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


if __name__ == "__main__":
    main()

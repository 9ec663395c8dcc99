"""The markdown table of bench/real_recordings.py from its JSON document."""


def pct(x):
    return "—" if x is None else f"{100 * x:.1f} %"


def rtf(x):
    return "—" if x is None else f"{x:.3f}"


def markdown(d):
    m = d["machine"]
    out = [
        f"Real recordings, ours vs pocketsphinx — {d['date']}",
        "",
        f"- ours: `{d['model']}`, default decoding ({d['ours_decoding']}) and greedy",
        f"- peer: {d['peer']}; its LM: {d['peer_lm']}; {d['peer_lm_words']} words, "
        f"{len(d['lm_words_not_in_cmudict'])} not in cmudict"
        + (f" (left out of its dictionary: {' '.join(d['lm_words_not_in_cmudict'])})"
           if d["lm_words_not_in_cmudict"] else ""),
        f"- rows: {d['rows']}; both scored by bench/asr_scoring.py (the engine's normaliser and "
        f"corpus counting: edits summed, divided once; CER counts spaces)",
        f"- machine: {m['nproc']} CPUs ({m['cpu']}), load average at start "
        f"{' '.join(f'{x:.2f}' for x in m['load_average_at_start'])}",
        "- RTF = wall seconds of one process per set / audio seconds, **model load included** for "
        "both (ours: one `./asrwb eval` JVM: start, model and LM load, decode; peer: one "
        "`pocketsphinx_batch` over a control file: model, LM and dictionary load, decode); per "
        "set only, since neither gives a per-speaker time measured the same way",
        "",
        "| set | speaker | utterances | audio s | ours WER | ours CER | ours greedy WER "
        "| peer WER | peer CER | ours RTF | peer RTF |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]

    def line(set_name, speaker, f, ours_rtf=None, peer_rtf=None):
        out.append(f"| {set_name} | {speaker} | {f['utterances']} | {f['audio_seconds']:.1f} | "
                   f"{pct(f['ours']['wer'])} | {pct(f['ours']['cer'])} | "
                   f"{pct(f['ours_greedy']['wer'])} | {pct(f['peer']['wer'])} | "
                   f"{pct(f['peer']['cer'])} | {rtf(ours_rtf)} | {rtf(peer_rtf)} |")

    for e in d["sets"]:
        if "ours" not in e:
            continue
        line(f"**{e['set']}**", "all", e, e["ours_rtf"], e["peer_rtf"])
        if len(e["speakers"]) > 1:
            for s in e["speakers"]:
                line("", s["speaker"], s)
        elif e["speakers"]:
            out[-1] = out[-1].replace("| all |", f"| all ({e['speakers'][0]['speaker']}) |", 1)
    if d["total"]:
        line("**total**", "", d["total"], d["total"]["ours_rtf"], d["total"]["peer_rtf"])
    out.append("")
    for e in d["sets"]:
        aside = (f"{e['set_aside']} set aside" if e["set_aside"] or "ours" in e else "")
        words = (f" (words outside the LM vocabulary: {' '.join(e['oov_words'][:20])}"
                 f"{' …' if len(e['oov_words']) > 20 else ''})" if e["oov_words"] else "")
        kept = f"{e['utterances']} evaluated" if "ours" in e else "none evaluated"
        out.append(f"- {e['set']}: {e['rows']} rows, {e['outside_lm_vocabulary']} with a word "
                   f"outside the LM vocabulary{words}; {aside}{', ' if aside else ''}{kept}")
    for n in d["notes"]:
        out.append(f"- note: {n}")
    return "\n".join(out)

#!/usr/bin/env python3
"""Writes ctc_reference.json: CTC losses and gradients computed by PyTorch, for LossCtcReferenceTest.

Run from this directory with Debian's python3-torch installed:  python3 make_reference.py
The cases are fixed (seeded logits, hand-picked transcripts with repeats), so re-running reproduces
the committed file. Blank is class 0, as in the engine's alphabet.
"""
import json

import torch

SEED = 20240611
BATCH, FRAMES, CLASSES = 3, 12, 6

# Transcripts exercise repeats (which need a blank between them) and differing lengths;
# input lengths differ so frames past an utterance's end are padding.
CASES = [
    {"name": "repeats_and_padding",
     "targets": [[1, 1, 2, 3, 3], [4, 4, 4], [5, 2]],
     "input_lengths": [12, 9, 7]},
    {"name": "tight_fit",
     # [2, 2, 2] needs 5 frames (two blanks between the repeats): exactly the 5 it has.
     "targets": [[3, 1, 4, 1, 5], [2, 2, 2], [1]],
     "input_lengths": [11, 5, 1]},
]


def case_record(case, generator):
    logits = torch.randn(BATCH, FRAMES, CLASSES, generator=generator, dtype=torch.float64) * 2.0
    logits.requires_grad_(True)
    width = max(len(t) for t in case["targets"])
    padded = [t + [0] * (width - len(t)) for t in case["targets"]]
    targets = torch.tensor(padded, dtype=torch.long)
    target_lengths = torch.tensor([len(t) for t in case["targets"]], dtype=torch.long)
    input_lengths = torch.tensor(case["input_lengths"], dtype=torch.long)

    log_probs = torch.log_softmax(logits, dim=2).transpose(0, 1)  # PyTorch wants [T, B, K]
    losses = torch.nn.functional.ctc_loss(
        log_probs, targets, input_lengths, target_lengths, blank=0, reduction="none")
    losses.sum().backward()
    return {
        "name": case["name"],
        "logits": logits.detach().tolist(),            # [B, T, K], before log-softmax
        "targets": padded,                             # [B, S], padded with the blank (0)
        "targetLengths": target_lengths.tolist(),
        "inputLengths": input_lengths.tolist(),
        "losses": losses.detach().tolist(),            # per utterance, negative log-likelihood
        "gradient": logits.grad.tolist(),              # d(sum of losses)/d(logits), [B, T, K]
    }


def main():
    generator = torch.Generator().manual_seed(SEED)
    document = {
        "generator": f"make_reference.py with torch {torch.__version__}, seed {SEED}",
        "blank": 0,
        "cases": [case_record(case, generator) for case in CASES],
    }
    with open("ctc_reference.json", "w", encoding="utf-8") as out:
        json.dump(document, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()

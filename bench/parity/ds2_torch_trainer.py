#!/usr/bin/env python3
"""PyTorch mirror of our DS2 training recipe, for the learning-parity benchmark (issue 13, item 1).

Trains the run config our engine trained (the ``config`` of its ``started`` event, JSON) on the
same exported manifests (``asrwb dataset export --format nemo``: same ids, probed durations and
splits), and prints one JSON line per epoch ({"type": "eval", ...} on the val split) and one for
the test split at the end, so bench/learning-parity.sh can put both trainers side by side.

Run with Debian's Python (python3-torch 1.13, python3-torchaudio, python3-soundfile):
    /usr/bin/python3 ds2_torch_trainer.py --config run-config.json --manifests EXPORT_DIR [--seed S]

What is mirrored, read from the engine's code:
- Features (engine features/, train/SpeechFeatures): torchaudio-style power mel spectrogram,
  periodic Hamming window of round(sr*window_ms/1000) samples = n_fft, hop round(sr*hop_ms/1000),
  centred frames with reflect padding, Slaney mel scale and Slaney area norm from 0 Hz to Nyquist,
  ln(max(power, 1e-10)), then per-bin CMVN over the utterance (population std; a bin with no
  spread is only centred). Computed in float64, handed to the model as float32.
- Model (model/Ds2Spec, layers/): 2-D convolutions over (frequency, time) with bias, zero padding
  and strides as configured, Hardtanh(0, 20), every output frame past an utterance's own length
  (floor((L + 2p - k) / s) + 1) set to zero; the conv output flattened channel-major to
  [T, C*F]; bidirectional LSTMs whose backward direction starts at each utterance's last valid
  frame (pack_padded_sequence), directions summed (or concatenated); a linear layer to the
  alphabet (blank = 0, space, apostrophe, a-z); CTC over each utterance's valid output frames.
- Initialisation (layers/*Params, DL4J defaults): conv weights and biases uniform in
  +-1/sqrt(fan_in); LSTM input and recurrent weights and the (single) bias uniform in +-1/sqrt(H),
  forget-gate bias +1.0 (PyTorch's second LSTM bias b_hh is held at zero and not trained, so each
  gate has one bias as in ours); linear layer DL4J's XAVIER, normal with variance
  2 / (fan_in + fan_out), bias 0.
- Loss scale (model/loss/LossCtc, DL4J's updater): CTC summed over the utterances of the batch,
  gradient divided by the batch size; an utterance with no finite loss counts zero
  (zero_infinity).
- Clipping (train/OptimizerStep): the global L2 norm of that mean gradient over all parameters,
  scaled down to optim.grad_clip_norm when above it.
- Optimizer: DL4J's Adam as libnd4j computes it, not torch.optim.Adam: step size
  lr * sqrt(1 - b2^(t+1)) / (1 - b1^(t+1)) with t = step, and eps added to sqrt(v) (not to the
  bias-corrected sqrt(v_hat)); a step size of exactly 0 (warm-up from 0) is replaced by eps,
  as libnd4j does. Weight decay is not mirrored (the tiny recipe has none; see below).
- Schedule (train/schedule): linear warm-up from warmup_start_factor*lr at step 0 to lr at
  warmup_steps, then half a cosine to min_lr at epochs x batches-per-epoch, the rate for update
  t read at t (the number of updates already applied).
- Batching (data/batching/BatchPlanner, StableRandom): the same SplitMix64 / FNV-1a streams, so the
  batch order is identical to ours for the same seed: sort by (duration, id), SortaGrad epoch 0
  in that order, later epochs shuffled inside duration buckets, cut, batches shuffled. Training
  utterances longer than data.max_duration_s (or shorter than min) are left out; padded frames
  are zero.
- Evaluation (train/Validation, metrics/): greedy CTC decoding (best class per frame, repeats
  collapsed, blanks removed), whitespace collapsed and stripped, corpus CER with spaces counted
  and corpus WER on whitespace-split words (edits summed over the corpus, divided once), mean CTC
  loss per utterance; val after every epoch, test at the end.

Differences that remain (also listed in docs/PERFORMANCE.md):
- Initial weights: same distributions, different random draws (ND4J's RNG vs torch's), so a
  seed gives different initial weights on the two sides; the spread across seeds is the noise.
- float32 arithmetic in different orders (MKL/oneDNN conv and LSTM kernels vs ours), and
  PyTorch's CTC vs libnd4j's (both exact to ~1e-6 relative).
- Feature extraction runs on the main thread here, one batch at a time; ours computes features
  on a background loader thread ahead of the trainer. Affects wall-clock only.
- No checkpoints are written here; ours writes one per epoch (part of its wall-clock).
- Not mirrored (the benchmark refuses configs that use them): batch normalisation,
  augmentation, weight decay, optimizers other than Adam, schedules other than cosine,
  feature kinds other than log-mel, Wav2Letter models.
"""
import argparse
import json
import math
import os
import sys
import time

START = time.perf_counter()

import numpy as np  # noqa: E402
import soundfile  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
ALPHABET = ["", " ", "'"] + [chr(c) for c in range(ord("a"), ord("z") + 1)]


# ---------------------------------------------------------------------------------------------
# Batch order: data/batching/StableRandom + BatchPlanner, bit for bit.

def _mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _fnv1a(s):
    h = 0xCBF29CE484222325
    for b in s.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001B3) & MASK64
    return h


class StableRandom:
    """SplitMix64 as the engine's StableRandom (Java longs as unsigned 64-bit ints here)."""

    def __init__(self, state):
        self.state = state & MASK64

    @staticmethod
    def derive(seed, purpose, epoch, key):
        h = _mix((seed & MASK64) ^ 0x5DEECE66D)
        h = _mix(h ^ _fnv1a(purpose))
        h = _mix(h ^ (epoch & MASK64))
        h = _mix(h ^ _fnv1a(key))
        return StableRandom(h)

    def next_long(self):
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return _mix(self.state)

    def next_int(self, bound):
        limit = (1 << 31) - ((1 << 31) % bound)
        while True:
            r = self.next_long() >> 33
            if r < limit:
                return r % bound

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.next_int(i + 1)
            items[i], items[j] = items[j], items[i]


def plan_epoch(entries, batch_size, buckets, sortagrad, seed, epoch):
    """entries: [(id, duration)]; returns batches of ids, as BatchPlanner.plan."""
    # Java sorts ids by UTF-16 code units; the corpus ids are ASCII, where that is Python's order.
    ordered = sorted(entries, key=lambda e: (e[1], e[0]))

    def cut(seq):
        return [[e[0] for e in seq[i:i + batch_size]] for i in range(0, len(seq), batch_size)]

    if sortagrad and epoch == 0:
        return cut(ordered)
    rnd = StableRandom.derive(seed, "batch-plan", epoch, "")
    n = len(ordered)
    count = max(1, min(buckets, n))
    laid = []
    for k in range(count):
        bucket = ordered[n * k // count:n * (k + 1) // count]
        rnd.shuffle(bucket)
        laid.extend(bucket)
    batches = cut(laid)
    rnd.shuffle(batches)
    return batches


# ---------------------------------------------------------------------------------------------
# Features: features/LogMelSpectrogram + Normalization.PER_BIN_CMVN.

def _slaney_to_mel(hz):
    hz = np.asarray(hz, dtype=np.float64)
    lin = hz / (200.0 / 3.0)
    log = 15.0 + np.log(np.maximum(hz, 1e-300) / 1000.0) / (math.log(6.4) / 27.0)
    return np.where(hz < 1000.0, lin, log)


def _slaney_to_hz(mel):
    mel = np.asarray(mel, dtype=np.float64)
    return np.where(mel < 15.0, mel * (200.0 / 3.0),
                    1000.0 * np.exp((math.log(6.4) / 27.0) * (mel - 15.0)))


def mel_filterbank(sample_rate, n_fft, n_mels):
    """[bins, n_mels] Slaney-scale, Slaney-normed triangles as torchaudio's melscale_fbanks."""
    bins = n_fft // 2 + 1
    freqs = np.linspace(0, sample_rate // 2, bins)
    edges = _slaney_to_hz(np.linspace(_slaney_to_mel(0.0), _slaney_to_mel(sample_rate / 2.0), n_mels + 2))
    lower, centre, upper = edges[:-2], edges[1:-1], edges[2:]
    rising = (freqs[:, None] - lower[None, :]) / (centre - lower)[None, :]
    falling = (upper[None, :] - freqs[:, None]) / (upper - centre)[None, :]
    fb = np.maximum(0.0, np.minimum(rising, falling))
    return fb * (2.0 / (upper - lower))[None, :]


class LogMelFeatures:
    def __init__(self, sample_rate, window_ms, hop_ms, n_mels, window, normalise):
        self.n_fft = int(round(sample_rate * window_ms / 1000.0))
        self.hop = int(round(sample_rate * hop_ms / 1000.0))
        make = torch.hamming_window if window == "hamming" else torch.hann_window
        self.window = make(self.n_fft, periodic=True, dtype=torch.float64)
        self.fb = torch.from_numpy(mel_filterbank(sample_rate, self.n_fft, n_mels))
        self.normalise = normalise

    def __call__(self, samples):
        """float32 samples -> [frames, n_mels] float32."""
        x = torch.from_numpy(np.asarray(samples, dtype=np.float32).astype(np.float64))
        spec = torch.stft(x, n_fft=self.n_fft, hop_length=self.hop, win_length=self.n_fft,
                          window=self.window, center=True, pad_mode="reflect", normalized=False,
                          onesided=True, return_complex=True)
        power = spec.real ** 2 + spec.imag ** 2  # [bins, frames]
        logmel = torch.log(torch.clamp(power.T @ self.fb, min=1e-10))  # [frames, mels]
        if self.normalise:
            mean = logmel.mean(dim=0, keepdim=True)
            std = torch.sqrt(((logmel - mean) ** 2).mean(dim=0, keepdim=True))
            logmel = (logmel - mean) / torch.where(std > 0, std, torch.ones_like(std))
        return logmel.to(torch.float32)


def load_audio(path):
    samples, rate = soundfile.read(path, dtype="float32")
    if samples.ndim > 1:
        samples = samples.mean(axis=1)
    if rate != 16000:
        raise SystemExit(f"{path}: {rate} Hz; the mirror reads 16 kHz audio only (the demo corpus is)")
    return samples


# ---------------------------------------------------------------------------------------------
# Model: model/Ds2Spec with MaskedConv2d, MaskedBiLstm (no batch normalisation).

def conv_out(n, kernel, stride, pad):
    span = n + 2 * pad - kernel
    return 0 if span < 0 else span // stride + 1


class DS2Mirror(nn.Module):
    def __init__(self, n_feats, classes, convs, rnn_layers, hidden, merge):
        super().__init__()
        self.convs = convs
        self.merge = merge
        self.hidden = hidden
        layers = []
        in_ch, bins = 1, n_feats
        for c in convs:
            conv = nn.Conv2d(in_ch, c["channels"], (c["kernel_freq"], c["kernel_time"]),
                             (c["stride_freq"], c["stride_time"]), (c["pad_freq"], c["pad_time"]), bias=True)
            bound = 1.0 / math.sqrt(in_ch * c["kernel_freq"] * c["kernel_time"])
            nn.init.uniform_(conv.weight, -bound, bound)
            nn.init.uniform_(conv.bias, -bound, bound)
            layers.append(conv)
            in_ch = c["channels"]
            bins = conv_out(bins, c["kernel_freq"], c["stride_freq"], c["pad_freq"])
        self.conv_layers = nn.ModuleList(layers)
        width = in_ch * bins
        out = hidden if merge == "sum" else 2 * hidden
        self.rnns = nn.ModuleList()
        for i in range(rnn_layers):
            lstm = nn.LSTM(width if i == 0 else out, hidden, bidirectional=True)
            bound = 1.0 / math.sqrt(hidden)
            for name, p in lstm.named_parameters():
                if name.startswith("bias_hh"):
                    nn.init.zeros_(p)
                    p.requires_grad_(False)
                else:
                    nn.init.uniform_(p, -bound, bound)
                if name.startswith("bias_ih"):
                    with torch.no_grad():
                        p[hidden:2 * hidden] += 1.0  # forget gate (torch order i f g o)
            self.rnns.append(lstm)
        self.fc = nn.Linear(out, classes)
        nn.init.normal_(self.fc.weight, 0.0, math.sqrt(2.0 / (out + classes)))
        nn.init.zeros_(self.fc.bias)

    def output_lengths(self, lengths):
        out = []
        for n in lengths:
            for c in self.convs:
                n = conv_out(n, c["kernel_time"], c["stride_time"], c["pad_time"])
            out.append(n)
        return out

    def forward(self, x, lengths):
        """x [B, F, T] zero-padded; returns logits [T', B, K] and output lengths."""
        x = x.unsqueeze(1)
        lens = list(lengths)
        for conv, c in zip(self.conv_layers, self.convs):
            x = F.hardtanh(conv(x), 0.0, 20.0)
            lens = [conv_out(n, c["kernel_time"], c["stride_time"], c["pad_time"]) for n in lens]
            frame = torch.arange(x.shape[3])
            mask = frame[None, :] < torch.tensor(lens)[:, None]  # [B, T']
            x = x * mask[:, None, None, :].to(x.dtype)
        b, ch, f, t = x.shape
        x = x.reshape(b, ch * f, t).permute(2, 0, 1)  # [T', B, C*F]
        length_tensor = torch.tensor(lens)
        for lstm in self.rnns:
            packed = nn.utils.rnn.pack_padded_sequence(x, length_tensor, enforce_sorted=False)
            y, _ = lstm(packed)
            y, _ = nn.utils.rnn.pad_packed_sequence(y, total_length=t)
            x = y.view(t, b, 2, self.hidden).sum(2) if self.merge == "sum" else y
        return self.fc(x), lens


# ---------------------------------------------------------------------------------------------
# Optimizer and schedule: DL4J Adam (libnd4j adam_updater), train/schedule/CosineSchedule.

class Dl4jAdam:
    def __init__(self, params, beta1, beta2, eps):
        self.params = [p for p in params if p.requires_grad]
        self.b1, self.b2, self.eps = beta1, beta2, eps
        self.m = [torch.zeros_like(p) for p in self.params]
        self.v = [torch.zeros_like(p) for p in self.params]

    @torch.no_grad()
    def step(self, lr, t):
        b1t, b2t = self.b1 ** (t + 1), self.b2 ** (t + 1)
        alpha = lr * math.sqrt(1.0 - b2t) / (1.0 - b1t)
        if alpha == 0.0 or math.isnan(alpha) or math.isinf(alpha):
            alpha = self.eps  # libnd4j's fallback
        for p, m, v in zip(self.params, self.m, self.v):
            g = p.grad
            m.mul_(self.b1).add_(g, alpha=1.0 - self.b1)
            v.mul_(self.b2).addcmul_(g, g, value=1.0 - self.b2)
            p.sub_(alpha * m / (v.sqrt() + self.eps))


def learning_rate(optim, step, total_steps):
    s = optim["schedule"]
    peak, warm, start = optim["lr"], s["warmup_steps"], s["warmup_start_factor"]
    if step < warm:
        return peak * (start + (1.0 - start) * step / warm)
    total = max(total_steps, warm)
    anneal = total - warm
    if anneal == 0:
        return s["min_lr"]
    progress = min(1.0, (step - warm) / anneal)
    return s["min_lr"] + (peak - s["min_lr"]) * 0.5 * (1.0 + math.cos(math.pi * progress))


# ---------------------------------------------------------------------------------------------
# Metrics: metrics/EditDistance, ErrorRateAccumulator (corpus rates, spaces counted).

def edits(ref, hyp):
    prev = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        cur = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, 1):
            cur[j] = min(prev[j - 1] + (r != h), prev[j] + 1, cur[j - 1] + 1)
        prev = cur
    return prev[-1]


def greedy(log_probs, frames):
    best = log_probs[:frames].argmax(dim=1).tolist()
    out, previous = [], 0
    for k in best:
        if k != 0 and k != previous:
            out.append(ALPHABET[k])
        previous = k
    return " ".join("".join(out).split())


def encode(text):
    return [ALPHABET.index(ch) for ch in text]


# ---------------------------------------------------------------------------------------------

class Corpus:
    def __init__(self, manifest_dir):
        self.by_split = {}
        for split, name in (("train", "train_manifest.json"), ("val", "dev_manifest.json"),
                            ("test", "test_manifest.json")):
            path = os.path.join(manifest_dir, name)
            rows = []
            if os.path.exists(path):
                for line in open(path, encoding="utf-8"):
                    if line.strip():
                        e = json.loads(line)
                        audio = os.path.join(manifest_dir, e["audio_filepath"])
                        uid = e.get("id") or os.path.splitext(os.path.basename(audio))[0]
                        text = " ".join(e["text"].lower().split())
                        rows.append({"id": uid, "audio": audio, "duration": float(e["duration"]), "text": text})
            self.by_split[split] = rows


def batch_tensors(rows, features):
    feats = [features(load_audio(r["audio"])) for r in rows]
    lengths = [f.shape[0] for f in feats]
    x = torch.zeros(len(rows), feats[0].shape[1], max(lengths))
    for i, f in enumerate(feats):
        x[i, :, :f.shape[0]] = f.T
    labels = [encode(r["text"]) for r in rows]
    return x, lengths, labels


def evaluate(model, rows, features, batch_size):
    model.eval()
    ordered = sorted(rows, key=lambda r: (r["duration"], r["id"]))
    char_errors = chars = word_errors = words = 0
    loss_sum = 0.0
    with torch.no_grad():
        for i in range(0, len(ordered), batch_size):
            chunk = ordered[i:i + batch_size]
            x, lengths, labels = batch_tensors(chunk, features)
            logits, out_lens = model(x, lengths)
            log_probs = F.log_softmax(logits, dim=2)
            targets = torch.tensor([k for lab in labels for k in lab])
            losses = F.ctc_loss(log_probs, targets, torch.tensor(out_lens), torch.tensor([len(lab) for lab in labels]),
                                blank=0, reduction="none", zero_infinity=True)
            loss_sum += float(losses.sum())
            for b, r in enumerate(chunk):
                hyp = greedy(log_probs[:, b, :], out_lens[b])
                char_errors += edits(r["text"], hyp)
                chars += len(r["text"])
                word_errors += edits(r["text"].split(), hyp.split())
                words += len(r["text"].split())
    model.train()
    return {"loss": loss_sum / len(ordered), "cer": char_errors / chars, "wer": word_errors / words}


def refuse_unmirrored(cfg):
    problems = []
    m, f, o = cfg["model"], cfg["features"], cfg["optim"]
    if m.get("type") != "ds2":
        problems.append(f"model.type {m.get('type')} (only ds2 is mirrored)")
    if m.get("conv_batch_norm") or m.get("rnn_batch_norm"):
        problems.append("batch normalisation (model.conv_batch_norm / rnn_batch_norm)")
    if f.get("kind") != "logmel":
        problems.append(f"features.kind {f.get('kind')} (only logmel is mirrored)")
    if o.get("optimizer") != "adam" or o.get("weight_decay", 0) != 0:
        problems.append("optim: only Adam without weight decay is mirrored")
    if o["schedule"].get("anneal") != "cosine":
        problems.append("optim.schedule.anneal: only cosine is mirrored")
    aug = cfg.get("augment", {})
    cond = aug.get("conditions", {})
    if (aug.get("spec_augment") or aug.get("speed_perturb") or aug.get("noise")
            or any(v > 0 for k, v in cond.items() if k.endswith("_probability"))):
        problems.append("augment: augmentation is not mirrored")
    if cfg["train"].get("max_steps", 0):
        problems.append("train.max_steps (the mirror runs whole epochs)")
    if problems:
        raise SystemExit("ds2_torch_trainer: this config uses what the mirror does not reproduce: "
                         + "; ".join(problems) + ". Use a config without them (bench/parity/tiny.yaml).")


def emit(record):
    record["t"] = round(time.perf_counter() - START, 3)
    print(json.dumps(record), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", required=True, help="run config as JSON (our started event's config)")
    ap.add_argument("--manifests", required=True, help="folder of asrwb's nemo export")
    ap.add_argument("--seed", type=int, help="overrides train.seed (batch order and torch init)")
    ap.add_argument("--epochs", type=int, help="overrides train.epochs")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--log-steps", action="store_true", help="one JSON line per step (loss, lr, gradient norm)")
    ap.add_argument("--max-steps", type=int, default=0, help="stop after N steps (diagnosis only)")
    a = ap.parse_args()
    cfg = json.load(open(a.config))
    refuse_unmirrored(cfg)
    seed = a.seed if a.seed is not None else cfg["train"]["seed"]
    epochs = a.epochs if a.epochs is not None else cfg["train"]["epochs"]
    torch.set_num_threads(a.threads)
    torch.manual_seed(seed)
    d, f, m, o = cfg["data"], cfg["features"], cfg["model"], cfg["optim"]
    features = LogMelFeatures(f["sample_rate"], f["window_ms"], f["hop_ms"], f["n_mels"], f["window"],
                              f["normalisation"] == "per-utterance")
    corpus = Corpus(a.manifests)
    train = [r for r in corpus.by_split["train"]
             if d["min_duration_s"] <= r["duration"] <= d["max_duration_s"]]
    by_id = {r["id"]: r for r in train}
    entries = [(r["id"], r["duration"]) for r in train]
    val = corpus.by_split["val"]
    model = DS2Mirror(f["n_mels"], len(ALPHABET), m["conv"], m["rnn_layers"], m["hidden_size"], m["merge"])
    opt = Dl4jAdam(model.parameters(), o["beta1"], o["beta2"], o["epsilon"])
    per_epoch = len(plan_epoch(entries, d["batch_size"], d["duration_buckets"], d["sortagrad"], seed, 0))
    total = epochs * per_epoch
    emit({"type": "started", "impl": "pytorch", "torch": torch.__version__, "seed": seed, "epochs": epochs,
          "train": len(train), "val": len(val), "test": len(corpus.by_split["test"]),
          "parameters": sum(p.numel() for p in opt.params), "steps_per_epoch": per_epoch})
    step = 0
    for epoch in range(epochs):
        losses = []
        for ids in plan_epoch(entries, d["batch_size"], d["duration_buckets"], d["sortagrad"], seed, epoch):
            rows = [by_id[i] for i in ids]
            x, lengths, labels = batch_tensors(rows, features)
            logits, out_lens = model(x, lengths)
            log_probs = F.log_softmax(logits, dim=2)
            targets = torch.tensor([k for lab in labels for k in lab])
            loss_sum = F.ctc_loss(log_probs, targets, torch.tensor(out_lens),
                                  torch.tensor([len(lab) for lab in labels]), blank=0, reduction="sum",
                                  zero_infinity=True)
            for p in opt.params:
                p.grad = None
            (loss_sum / len(rows)).backward()  # DL4J: gradient of the sum, divided by B
            grads = [p.grad for p in opt.params]
            norm = float(torch.sqrt(sum((g.double() ** 2).sum() for g in grads)))
            loss = float(loss_sum) / len(rows)
            if math.isfinite(loss) and math.isfinite(norm):
                clip = o["grad_clip_norm"]
                if clip > 0 and norm > clip:
                    for g in grads:
                        g.mul_(clip / norm)
                opt.step(learning_rate(o, step, total), step)
            step += 1  # a skipped non-finite batch still counts (train/Trainer)
            losses.append(loss)
            if a.log_steps:
                emit({"type": "step", "impl": "pytorch", "step": step, "epoch": epoch, "loss": loss,
                      "lr": learning_rate(o, step - 1, total), "grad_norm": norm})
            if a.max_steps and step >= a.max_steps:
                return
        result = evaluate(model, val, features, d["batch_size"])
        emit({"type": "eval", "impl": "pytorch", "epoch": epoch + 1, "step": step,
              "train_loss": sum(losses) / len(losses), **result})
    result = evaluate(model, corpus.by_split["test"], features, d["batch_size"])
    emit({"type": "test", "impl": "pytorch", "step": step, **result})


if __name__ == "__main__":
    sys.exit(main())

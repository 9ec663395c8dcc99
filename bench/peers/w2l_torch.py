#!/usr/bin/env python3
"""Peer for the training-throughput benchmark: the `wav2letter` preset's model in PyTorch on CPU.

Written for this project (issue 16), on the protocol of shared/peers/ds2_torch.py: the same random
batch recipe (N(0,1) features, every utterance full length, labels 1..classes-1 of 40-59), Adam,
CTC summed and divided by the batch, one JSON line last. The model is the preset's Wav2Letter+
shape (engine/src/main/resources/presets/wav2letter.yaml): 1-D convolutions over time with the
mel bands as input channels, 'same' padding, each followed by BatchNorm1d, ReLU and dropout (the
convolutions have no bias, as BatchNorm's shift replaces it), then a per-frame linear map to the
classes. Keep LAYERS in step with the preset (test_w2l_torch.py checks the parameter count).

Needs Debian's PyTorch with OpenBLAS: apt-get install -y python3-torch libopenblas0-pthread.
Usage: w2l_torch.py [--steps 10] [--warmup 2] [--batch 8] [--frames 400] [--threads 2]
                    [--bins 64] [--classes 29] [--describe]
Prints one JSON line last: {"peer": "pytorch", "audio_s_per_s": ..., "median_step_s": ..., ...}
"""
import argparse, json, resource, statistics, time
import torch, torch.nn as nn, torch.nn.functional as F

# (channels, kernel, stride, dilation, dropout): the preset's model.layers
LAYERS = [(128, 11, 2, 1, 0.2), (128, 11, 1, 1, 0.2), (192, 13, 1, 1, 0.2), (256, 17, 1, 1, 0.2),
          (320, 21, 1, 1, 0.3), (384, 25, 1, 1, 0.3), (448, 29, 1, 2, 0.4), (512, 1, 1, 1, 0.4)]


class Wav2Letter(nn.Module):
    """Input [B, bins, T] log-mel, 10 ms hop. Output [T', B, classes] logits (T' = ceil(T / 2))."""

    def __init__(self, bins, classes, layers=LAYERS):
        super().__init__()
        blocks, channels = [], bins
        for out, kernel, stride, dilation, dropout in layers:
            blocks += [nn.Conv1d(channels, out, kernel, stride, dilation * (kernel - 1) // 2, dilation, bias=False),
                       nn.BatchNorm1d(out), nn.ReLU(), nn.Dropout(dropout)]
            channels = out
        self.convs = nn.Sequential(*blocks)
        self.fc = nn.Linear(channels, classes)

    def forward(self, x):
        return self.fc(self.convs(x).permute(2, 0, 1))


def output_frames(frames, layers=LAYERS):
    for _, kernel, stride, dilation, _ in layers:
        frames = (frames + 2 * (dilation * (kernel - 1) // 2) - dilation * (kernel - 1) - 1) // stride + 1
    return frames


def main():
    p = argparse.ArgumentParser()
    for name, default in [("steps", 10), ("warmup", 2), ("batch", 8), ("frames", 400), ("threads", 2),
                          ("bins", 64), ("classes", 29)]:
        p.add_argument("--" + name, type=int, default=default)
    p.add_argument("--describe", action="store_true", help="print the parameter count and output frames only")
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(1)
    net = Wav2Letter(a.bins, a.classes)
    params = sum(q.numel() for q in net.parameters())
    if a.describe:
        print(json.dumps({"params": params, "output_frames": output_frames(a.frames)}))
        return
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    g = torch.Generator().manual_seed(1)
    x = torch.randn(a.batch, a.bins, a.frames, generator=g)
    label_lens = torch.randint(40, 60, (a.batch,), generator=g)
    targets = torch.randint(1, a.classes, (a.batch, int(label_lens.max())), generator=g)
    in_lens = torch.full((a.batch,), output_frames(a.frames), dtype=torch.long)
    net.train()
    times = []
    for i in range(a.warmup + a.steps):
        start = time.perf_counter()
        opt.zero_grad()
        log_probs = F.log_softmax(net(x), dim=2)
        loss = F.ctc_loss(log_probs, targets, in_lens, label_lens, blank=0, reduction="sum") / a.batch
        loss.backward()
        opt.step()
        if i >= a.warmup:
            times.append(time.perf_counter() - start)
    audio_s = a.batch * a.frames * 0.01
    print(json.dumps({"peer": "pytorch", "model": "wav2letter", "torch": torch.__version__,
                      "threads": torch.get_num_threads(), "params": params, "batch": a.batch, "frames": a.frames,
                      "median_step_s": round(statistics.median(times), 4),
                      "audio_s_per_s": round(audio_s / statistics.median(times), 4),
                      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}))


if __name__ == "__main__":
    main()

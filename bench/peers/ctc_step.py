"""The peers' shared training-step protocol (that of shared/peers/ds2_torch.py): one random batch
(N(0,1) features, every utterance full length, labels 1..classes-1 of 40-59), Adam, CTC summed and
divided by the batch, timed steps after a warm-up, one JSON line last. A peer script names its
model, how to build it and how many output frames it gives; this runs the rest.
"""
import argparse, json, resource, statistics, time
import torch, torch.nn.functional as F


def conv_output_frames(frames, kernel, stride, dilation):
    """A 'same'-padded 1-D convolution's output length, as PyTorch computes it."""
    return (frames + 2 * (dilation * (kernel - 1) // 2) - dilation * (kernel - 1) - 1) // stride + 1


def run(model_name, build, output_frames):
    """build(bins, classes) -> nn.Module mapping [B, bins, T] to [T', B, classes] logits."""
    p = argparse.ArgumentParser()
    for name, default in [("steps", 10), ("warmup", 2), ("batch", 8), ("frames", 400), ("threads", 2),
                          ("bins", 64), ("classes", 29)]:
        p.add_argument("--" + name, type=int, default=default)
    p.add_argument("--describe", action="store_true", help="print the parameter count and output frames only")
    a = p.parse_args()
    torch.set_num_threads(a.threads)
    torch.manual_seed(1)
    net = build(a.bins, a.classes)
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
    print(json.dumps({"peer": "pytorch", "model": model_name, "torch": torch.__version__,
                      "threads": torch.get_num_threads(), "params": params, "batch": a.batch, "frames": a.frames,
                      "median_step_s": round(statistics.median(times), 4),
                      "audio_s_per_s": round(audio_s / statistics.median(times), 4),
                      "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}))

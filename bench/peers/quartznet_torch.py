#!/usr/bin/env python3
"""Peer for the training-throughput benchmark: the `quartznet` preset's model in PyTorch on CPU.

Written for this project (issue 23), on the protocol of w2l_torch.py: the same random batch recipe
(N(0,1) features, every utterance full length, labels 1..classes-1 of 40-59), Adam, CTC summed and
divided by the batch, one JSON line last. The model is the preset's QuartzNet 5x5 shape
(engine/src/main/resources/presets/quartznet.yaml): blocks of 1-D convolutions over time with the mel
bands as the first input channels, 'same' padding; a separable convolution is a depthwise Conv1d
(groups = channels) then a pointwise one, neither with a bias (BatchNorm1d's shift replaces it); each
sub-block is followed by BatchNorm1d, ReLU and dropout, except that a residual block's last sub-block
adds the block's input (through a pointwise Conv1d and BatchNorm1d) before its ReLU; then a per-frame
linear map to the classes. Keep BLOCKS in step with the preset (test_quartznet_torch.py checks it).

Needs Debian's PyTorch with OpenBLAS: apt-get install -y python3-torch libopenblas0-pthread.
Usage: quartznet_torch.py [--steps 10] [--warmup 2] [--batch 8] [--frames 400] [--threads 2]
                          [--bins 64] [--classes 29] [--describe]
Prints one JSON line last: {"peer": "pytorch", "audio_s_per_s": ..., "median_step_s": ..., ...}
"""
import os, sys
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ctc_step import conv_output_frames, run  # noqa: E402

# (channels, kernel, repeat, stride, dilation, dropout, residual, separable): the preset's model.blocks
BLOCKS = [(256, 33, 1, 2, 1, 0.0, False, True),
          (256, 33, 5, 1, 1, 0.0, True, True), (256, 39, 5, 1, 1, 0.0, True, True),
          (512, 51, 5, 1, 1, 0.0, True, True), (512, 63, 5, 1, 1, 0.0, True, True),
          (512, 75, 5, 1, 1, 0.0, True, True),
          (512, 87, 1, 1, 2, 0.0, False, True), (1024, 1, 1, 1, 1, 0.0, False, False)]


class Block(nn.Module):
    """One Jasper/QuartzNet block: `repeat` sub-blocks (conv, BN, ReLU, dropout), optional residual."""

    def __init__(self, channels_in, out, kernel, repeat, stride, dilation, dropout, residual, separable):
        super().__init__()
        layers, c = [], channels_in
        for r in range(repeat):
            s, pad = (stride if r == 0 else 1), dilation * (kernel - 1) // 2
            if separable:
                layers += [nn.Conv1d(c, c, kernel, s, pad, dilation, groups=c, bias=False),
                           nn.Conv1d(c, out, 1, bias=False)]
            else:
                layers += [nn.Conv1d(c, out, kernel, s, pad, dilation, bias=False)]
            layers.append(nn.BatchNorm1d(out))
            if not (residual and r == repeat - 1):
                layers += [nn.ReLU(), nn.Dropout(dropout)]
            c = out
        self.body = nn.Sequential(*layers)
        self.residual = nn.Sequential(nn.Conv1d(channels_in, out, 1, bias=False), nn.BatchNorm1d(out)) \
            if residual else None
        self.after = nn.Sequential(nn.ReLU(), nn.Dropout(dropout)) if residual else None

    def forward(self, x):
        y = self.body(x)
        return self.after(y + self.residual(x)) if self.residual is not None else y


class QuartzNet(nn.Module):
    """Input [B, bins, T] log-mel, 10 ms hop. Output [T', B, classes] logits (T' = ceil(T / 2))."""

    def __init__(self, bins, classes, blocks=BLOCKS):
        super().__init__()
        layers, c = [], bins
        for block in blocks:
            layers.append(Block(c, *block))
            c = block[0]
        self.blocks = nn.Sequential(*layers)
        self.fc = nn.Linear(c, classes)

    def forward(self, x):
        return self.fc(self.blocks(x).permute(2, 0, 1))


def output_frames(frames, blocks=BLOCKS):
    for _, kernel, _, stride, dilation, _, _, _ in blocks:
        frames = conv_output_frames(frames, kernel, stride, dilation)
    return frames


def main():
    run("quartznet", QuartzNet, output_frames)


if __name__ == "__main__":
    main()

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
import os, sys
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ctc_step import conv_output_frames, run  # noqa: E402

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
        frames = conv_output_frames(frames, kernel, stride, dilation)
    return frames


def main():
    run("wav2letter", Wav2Letter, output_frames)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks that the QuartzNet peer has the quartznet preset's shapes, so the A/B compares like with like.

Run alone: /usr/bin/python3 -m unittest test_quartznet_torch, from this folder (bench/train-step.sh
needs nothing of it). The expected parameter count is the engine's (QuartzNetPresetTest asserts the
same figure for our model, less BatchNorm's running statistics, which PyTorch keeps as buffers).
"""
import os
import sys
import unittest

import torch
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import quartznet_torch as peer  # noqa: E402

PRESET = os.path.join(HERE, "..", "..", "engine", "src", "main", "resources", "presets", "quartznet.yaml")
FIELDS = ("channels", "kernel", "repeat", "stride", "dilation", "dropout", "residual", "separable")


class ShapesTest(unittest.TestCase):
    def test_blocks_are_the_presets(self):
        with open(PRESET) as f:
            preset = yaml.safe_load(f)
        blocks = [tuple(b[k] for k in FIELDS) for b in preset["model"]["blocks"]]
        self.assertEqual(peer.BLOCKS, blocks)
        self.assertEqual(preset["features"]["n_mels"], 64)

    def test_parameter_count_is_the_documented_one(self):
        net = peer.QuartzNet(64, 29)
        self.assertEqual(sum(q.numel() for q in net.parameters()), 6_713_181)

    def test_output_frames_are_what_the_network_produces(self):
        net = peer.QuartzNet(64, 29).eval()
        for frames in (1, 2, 57, 400, 401):
            with torch.no_grad():
                out = net(torch.zeros(1, 64, frames))
            self.assertEqual(out.shape[0], peer.output_frames(frames), frames)
            self.assertEqual(out.shape[0], (frames + 1) // 2, frames)


if __name__ == "__main__":
    unittest.main()

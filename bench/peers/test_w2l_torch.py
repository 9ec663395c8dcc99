#!/usr/bin/env python3
"""Checks that the Wav2Letter peer has the wav2letter preset's shapes, so the A/B compares like with like.

Run alone: /usr/bin/python3 -m unittest test_w2l_torch, from this folder (bench/train-step.sh needs
nothing of it). The expected parameter count is the engine's (Wav2LetterPresetTest asserts the same
figure for our model, less BatchNorm's running statistics, which PyTorch keeps as buffers).
"""
import os
import sys
import unittest

import torch
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import w2l_torch as peer  # noqa: E402

PRESET = os.path.join(HERE, "..", "..", "engine", "src", "main", "resources", "presets", "wav2letter.yaml")


class ShapesTest(unittest.TestCase):
    def test_layers_are_the_presets(self):
        with open(PRESET) as f:
            preset = yaml.safe_load(f)
        layers = [(l["channels"], l["kernel"], l["stride"], l["dilation"], l["dropout"])
                  for l in preset["model"]["layers"]]
        self.assertEqual(peer.LAYERS, layers)
        self.assertTrue(preset["model"]["batch_norm"])
        self.assertEqual(preset["features"]["n_mels"], 64)

    def test_parameter_count_is_the_documented_one(self):
        net = peer.Wav2Letter(64, 29)
        self.assertEqual(sum(q.numel() for q in net.parameters()), 11_455_645)

    def test_output_frames_are_what_the_network_produces(self):
        net = peer.Wav2Letter(64, 29).eval()
        for frames in (1, 2, 57, 400, 401):
            with torch.no_grad():
                out = net(torch.zeros(1, 64, frames))
            self.assertEqual(out.shape[0], peer.output_frames(frames), frames)
            self.assertEqual(out.shape[0], (frames + 1) // 2, frames)


if __name__ == "__main__":
    unittest.main()

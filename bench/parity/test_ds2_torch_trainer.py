#!/usr/bin/env python3
"""Checks that the PyTorch mirror computes what our engine computes, where a test can pin it.

Run by bench/learning-parity.sh before it trains (and alone: /usr/bin/python3 -m unittest
test_ds2_torch_trainer, from this folder). The expected values come from the engine: the feature
golden files its own GoldenFeaturesTest checks against, and numbers printed by the engine's
StableRandom and BatchPlanner (Java) for the inputs below.
"""
import math
import os
import struct
import sys
import unittest

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ds2_torch_trainer as mirror  # noqa: E402

GOLDEN = os.path.join(HERE, "..", "..", "engine", "src", "test", "resources", "features", "golden")


def read_matrix(name):
    with open(os.path.join(GOLDEN, name), "rb") as f:
        rows, cols = struct.unpack("<ii", f.read(8))
        return np.frombuffer(f.read(), dtype="<f4").reshape(rows, cols)


class FeaturesTest(unittest.TestCase):
    def test_log_mel_matches_the_engines_golden_reference(self):
        samples = read_matrix("input.f32")[0]
        features = mirror.LogMelFeatures(16000, 20, 10, 80, "hamming", normalise=False)
        out = features(samples).numpy()
        ref = read_matrix("log_mel_slaney_slaney_80.f32")
        self.assertEqual(out.shape, ref.shape)
        self.assertLess(float(np.abs(out - ref).max()), 1e-4)

    def test_per_bin_cmvn_uses_the_population_std_and_only_centres_a_constant_bin(self):
        samples = read_matrix("input.f32")[0]
        raw = mirror.LogMelFeatures(16000, 20, 10, 40, "hamming", normalise=False)(samples).double()
        out = mirror.LogMelFeatures(16000, 20, 10, 40, "hamming", normalise=True)(samples).double()
        expected = (raw - raw.mean(0)) / raw.std(0, unbiased=False)
        self.assertLess(float((out - expected).abs().max()), 1e-4)
        silence = mirror.LogMelFeatures(16000, 20, 10, 40, "hamming", normalise=True)(np.zeros(3200, np.float32))
        self.assertEqual(float(silence.abs().max()), 0.0)


class BatchOrderTest(unittest.TestCase):
    # Printed by the engine: StableRandom.derive(1234, "batch-plan", 1, "") nextLong x2, nextInt(7);
    # BatchPlanner(3, 4, sortaGrad) over ids u0..u19 with durations (i*7 % 11)/4, seed 99.
    def test_stable_random_draws_what_the_engines_draws(self):
        r = mirror.StableRandom.derive(1234, "batch-plan", 1, "")
        signed = [x - (1 << 64) if x >= 1 << 63 else x for x in (r.next_long(), r.next_long())]
        self.assertEqual(signed, [5793006777223883121, -2518838428044147368])
        self.assertEqual(r.next_int(7), 2)

    def test_plans_are_the_engines_plans(self):
        entries = [("u%d" % i, (i * 7 % 11) / 4.0) for i in range(20)]
        epoch0 = mirror.plan_epoch(entries, 3, 4, True, 99, 0)
        epoch2 = mirror.plan_epoch(entries, 3, 4, True, 99, 2)
        self.assertEqual(epoch0[0], ["u0", "u11", "u19"])
        self.assertEqual(epoch0[-1], ["u14", "u3"])
        self.assertEqual(epoch2, [["u18", "u13", "u5"], ["u19", "u16", "u8"], ["u9", "u6", "u17"],
                                  ["u7", "u1", "u15"], ["u2", "u12", "u4"], ["u14", "u3"], ["u11", "u0", "u10"]])


class RecipeTest(unittest.TestCase):
    OPTIM = {"lr": 5e-3, "schedule": {"warmup_steps": 10, "warmup_start_factor": 0.0, "min_lr": 5e-4}}

    def test_schedule_warms_up_from_zero_then_anneals_to_min_lr(self):
        lr = lambda s: mirror.learning_rate(self.OPTIM, s, 110)  # noqa: E731
        self.assertEqual(lr(0), 0.0)
        self.assertAlmostEqual(lr(5), 2.5e-3)
        self.assertAlmostEqual(lr(10), 5e-3)
        self.assertAlmostEqual(lr(60), 2.75e-3)
        self.assertAlmostEqual(lr(110), 5e-4)
        self.assertAlmostEqual(lr(500), 5e-4)

    def test_adam_adds_eps_to_sqrt_v_and_falls_back_to_eps_at_rate_zero(self):
        p = torch.nn.Parameter(torch.tensor([1.0], dtype=torch.float64))
        adam = mirror.Dl4jAdam([p], 0.9, 0.999, 1e-3)
        p.grad = torch.tensor([0.5], dtype=torch.float64)
        adam.step(0.0, 0)  # libnd4j: step size 0 -> eps
        m, v = 0.05, 0.001 * 0.25
        self.assertAlmostEqual(float(p), 1.0 - 1e-3 * m / (math.sqrt(v) + 1e-3), places=12)
        before = float(p)
        adam.step(0.1, 1)
        m, v = 0.9 * m + 0.05, 0.999 * v + 0.001 * 0.25
        alpha = 0.1 * math.sqrt(1 - 0.999 ** 2) / (1 - 0.9 ** 2)
        self.assertAlmostEqual(float(p), before - alpha * m / (math.sqrt(v) + 1e-3), places=12)

    def test_conv_output_frames_and_masking_follow_the_engines_geometry(self):
        conv = [{"channels": 4, "kernel_freq": 11, "kernel_time": 11, "stride_freq": 2, "stride_time": 3,
                 "pad_freq": 5, "pad_time": 5}]
        torch.manual_seed(0)
        model = mirror.DS2Mirror(40, 29, conv, 1, 8, "sum")
        self.assertEqual(model.output_lengths([100, 31, 1]), [34, 11, 1])
        x = torch.zeros(2, 40, 100)
        x[0] = torch.randn(40, 100)
        x[1, :, :31] = torch.randn(40, 31)
        logits, lens = model(x, [100, 31])
        self.assertEqual(list(logits.shape), [34, 2, 29])
        # past its 11 frames the short utterance sees only zeros: its logits are the bias (0)
        self.assertEqual(float(logits[11:, 1].abs().max()), 0.0)
        # the forget-gate bias starts one above the others' range, the second bias is zero
        b = model.rnns[0].bias_ih_l0.detach()
        self.assertGreaterEqual(float(b[8:16].min()), 1.0 - 1 / math.sqrt(8))
        self.assertEqual(float(model.rnns[0].bias_hh_l0.abs().max()), 0.0)

    def test_metrics_are_corpus_edit_rates_with_spaces_counted(self):
        self.assertEqual(mirror.edits("go forward", "go froward"), 2)
        self.assertEqual(mirror.edits("five five".split(), "five".split()), 1)
        # blank 0, space 1, apostrophe 2, a = 3: "aa_a  b" -> "a a b" after collapse and strip
        frames = [3, 3, 0, 3, 1, 1, 4, 1]
        log_probs = torch.full((len(frames), 29), -10.0)
        for t, k in enumerate(frames):
            log_probs[t, k] = 0.0
        self.assertEqual(mirror.greedy(log_probs, len(frames)), "aa b")


if __name__ == "__main__":
    unittest.main()

package io.asrwb.engine.config;

import java.util.List;

/** The rules between a model config's fields (and the features it reads). */
final class ModelChecks {

    private ModelChecks() {}

    static void check(ModelConfig model, FeatureConfig features, ConfigViolations violations) {
        if (model instanceof Ds2Config ds2) {
            if (ds2.conv().isEmpty()) {
                violations.fail("model.conv", "must list at least one convolution");
            }
            checkChunks(ds2, violations);
            long bins = features.featureCount();
            for (int i = 0; i < ds2.conv().size(); i++) {
                ConvLayer layer = ds2.conv().get(i);
                if (layer.kernelFreq() < 1 || layer.strideFreq() < 1) {
                    return;
                }
                bins = layer.outputFreq(bins);
                if (bins < 1) {
                    violations.fail(
                            "model.conv[" + i + "].kernel_freq",
                            "leaves no frequency bins of the "
                                    + features.featureCount()
                                    + " input features; use a smaller kernel or more"
                                    + " padding");
                    return;
                }
            }
        } else if (model instanceof Wav2LetterConfig w2l && w2l.layers().isEmpty()) {
            violations.fail("model.layers", "must list at least one convolution");
        } else if (model instanceof QuartzNetConfig quartz) {
            checkQuartzNet(quartz, violations);
        }
    }

    private static void checkChunks(Ds2Config ds2, ConfigViolations violations) {
        if (ds2.chunkFrames() > 0 && !ds2.bidirectional()) {
            violations.fail(
                    "model.chunk_frames",
                    "applies to bidirectional LSTMs (a forward-only one streams already); set"
                            + " bidirectional: true or chunk_frames: 0");
        }
        if (ds2.chunkLookaheadFrames() > 0 && ds2.chunkFrames() == 0) {
            violations.fail(
                    "model.chunk_lookahead_frames",
                    "needs chunk_frames: the backward direction runs over the whole utterance"
                            + " without chunks");
        }
    }

    private static void checkQuartzNet(QuartzNetConfig quartz, ConfigViolations violations) {
        List<QuartzBlock> blocks = quartz.blocks();
        if (blocks.isEmpty()) {
            violations.fail("model.blocks", "must list at least one block");
        }
        for (int i = 0; i < blocks.size(); i++) {
            QuartzBlock b = blocks.get(i);
            String at = "model.blocks[" + i + "]";
            if (b.kernel() % 2 == 0) {
                violations.fail(at + ".kernel", "must be odd ('same' padding), got " + b.kernel());
            }
            if (b.stride() > 1 && (b.repeat() > 1 || b.residual())) {
                violations.fail(
                        at + ".stride",
                        "only a block of one sub-block (repeat: 1) without residual may stride,"
                                + " got stride "
                                + b.stride());
            }
        }
    }
}

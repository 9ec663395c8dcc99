package io.asrwb.engine.config;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;

/**
 * QuartzNet (NeMo): blocks of time-channel separable 1-D convolutions over time with residual
 * connections, then a linear layer to the alphabet.
 */
@JsonTypeName(QuartzNetConfig.TYPE)
public record QuartzNetConfig(
        @Describe("Blocks of 1-D convolutions over time, first to last ('same' padding)")
                List<QuartzBlock> blocks)
        implements ModelConfig {

    public static final String TYPE = "quartznet";

    public QuartzNetConfig {
        blocks = blocks == null ? List.of() : List.copyOf(blocks);
    }

    /**
     * NeMo's QuartzNet 5×5: a stride-2 separable input convolution (C1), five residual blocks of
     * five separable sub-blocks (B1–B5, kernels 33…75), a dilated separable convolution (C2) and a
     * full 1×1 to 1024 (C3); no dropout.
     */
    public static QuartzNetConfig defaults() {
        return new QuartzNetConfig(
                List.of(
                        new QuartzBlock(256, 33, 1, 2, 1, 0.0, false, true),
                        new QuartzBlock(256, 33, 5, 1, 1, 0.0, true, true),
                        new QuartzBlock(256, 39, 5, 1, 1, 0.0, true, true),
                        new QuartzBlock(512, 51, 5, 1, 1, 0.0, true, true),
                        new QuartzBlock(512, 63, 5, 1, 1, 0.0, true, true),
                        new QuartzBlock(512, 75, 5, 1, 1, 0.0, true, true),
                        new QuartzBlock(512, 87, 1, 1, 2, 0.0, false, true),
                        new QuartzBlock(1024, 1, 1, 1, 1, 0.0, false, false)));
    }

    @Override
    public long outputFrames(long frames) {
        long t = frames;
        for (QuartzBlock block : blocks) {
            t = block.outputTime(t);
        }
        return t;
    }
}

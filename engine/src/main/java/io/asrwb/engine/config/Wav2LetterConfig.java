package io.asrwb.engine.config;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;

/** Wav2Letter-style fully convolutional model: 1-D convolutions over time, then a linear layer. */
@JsonTypeName(Wav2LetterConfig.TYPE)
public record Wav2LetterConfig(
        @Describe("1-D convolutions over time, first to last ('same' padding)")
                List<Conv1dLayer> layers,
        @Describe(
                        "Batch normalisation after each convolution, over valid frames (replaces"
                                + " the conv bias)")
                boolean batchNorm)
        implements ModelConfig {

    public static final String TYPE = "wav2letter";

    public Wav2LetterConfig {
        layers = layers == null ? List.of() : List.copyOf(layers);
    }

    /** A stack without batch normalisation. */
    public Wav2LetterConfig(List<Conv1dLayer> layers) {
        this(layers, false);
    }

    /**
     * A small stack: one strided input layer, three context layers, a wide dilated one, a 1×1; no
     * batch normalisation, so that a config written before the field existed (an old checkpoint's)
     * still describes the model it trained. The wav2letter preset turns it on.
     */
    public static Wav2LetterConfig defaults() {
        return new Wav2LetterConfig(
                List.of(
                        new Conv1dLayer(256, 11, 2, 1, 0.2),
                        new Conv1dLayer(256, 11, 1, 1, 0.2),
                        new Conv1dLayer(256, 11, 1, 1, 0.2),
                        new Conv1dLayer(256, 11, 1, 1, 0.2),
                        new Conv1dLayer(512, 29, 1, 2, 0.3),
                        new Conv1dLayer(512, 1, 1, 1, 0.3)));
    }

    @Override
    public long outputFrames(long frames) {
        long t = frames;
        for (Conv1dLayer layer : layers) {
            t = layer.outputTime(t);
        }
        return t;
    }
}

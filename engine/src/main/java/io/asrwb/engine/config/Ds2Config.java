package io.asrwb.engine.config;

import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;

/** Deep Speech 2: 2-D conv front end, bidirectional (or forward-only) LSTMs, a linear layer to the alphabet. */
@JsonTypeName(Ds2Config.TYPE)
public record Ds2Config(
        @Describe("Convolutions over the spectrogram, first to last") List<ConvLayer> conv,
        @Describe("Bidirectional LSTM layers") @Range(min = 1, max = 32) int rnnLayers,
        @Describe("LSTM hidden units per direction") @Range(min = 1, max = 8192) int hiddenSize,
        @Describe("How the two directions' outputs are joined: summed or concatenated")
                DirectionMerge merge,
        @Describe(
                        "Batch normalisation after each convolution, over valid frames (replaces"
                                + " the conv bias)")
                boolean convBatchNorm,
        @Describe(
                        "Batch normalisation on the input of each LSTM layer but the first, over"
                                + " valid frames")
                boolean rnnBatchNorm,
        @Describe(
                        "Both LSTM directions; false: forward-only LSTMs, which can transcribe"
                            + " while audio arrives (streaming push-to-talk); merge then does not"
                            + " apply")
                boolean bidirectional,
        @Describe(
                        "LSTM output frames the output layer also reads ahead of each frame (a"
                            + " depthwise convolution over time after the LSTMs, DS2's lookahead"
                            + " convolution): what a forward-only model hears of the future; 0:"
                            + " none. One frame is the convolutions' time stride × the hop")
                @Range(min = 0, max = 64)
                int lookaheadFrames,
        @Describe(
                        "Bidirectional LSTMs that can transcribe while audio arrives"
                            + " (latency-controlled, LC-BLSTM): the backward direction runs over"
                            + " chunks of this many frames, each from a fresh state; 0: over the"
                            + " whole utterance. Partial text lags by up to chunk + chunk lookahead"
                            + " frames")
                @Range(min = 0, max = 512)
                int chunkFrames,
        @Describe(
                        "Frames after each chunk that its backward pass also hears (with"
                                + " chunk_frames)")
                @Range(min = 0, max = 512)
                int chunkLookaheadFrames)
        implements ModelConfig {

    public static final String TYPE = "ds2";

    /** Joining forward and backward LSTM outputs. */
    public enum DirectionMerge {
        /** Same width as one direction (deepspeech.pytorch). */
        SUM,
        /** Twice the width. */
        CONCAT
    }

    public Ds2Config {
        conv = conv == null ? List.of() : List.copyOf(conv);
    }

    /** A model whose LSTMs, if bidirectional, hear the whole utterance. */
    public Ds2Config(
            List<ConvLayer> conv,
            int rnnLayers,
            int hiddenSize,
            DirectionMerge merge,
            boolean convBatchNorm,
            boolean rnnBatchNorm,
            boolean bidirectional,
            int lookaheadFrames) {
        this(
                conv,
                rnnLayers,
                hiddenSize,
                merge,
                convBatchNorm,
                rnnBatchNorm,
                bidirectional,
                lookaheadFrames,
                0,
                0);
    }

    /**
     * A bidirectional model without a lookahead (every config written before forward-only LSTMs
     * existed).
     */
    public Ds2Config(
            List<ConvLayer> conv,
            int rnnLayers,
            int hiddenSize,
            DirectionMerge merge,
            boolean convBatchNorm,
            boolean rnnBatchNorm) {
        this(conv, rnnLayers, hiddenSize, merge, convBatchNorm, rnnBatchNorm, true, 0);
    }

    /**
     * The reference DS2-small front end, 3 × BiLSTM-256 summed, no batch normalisation: a config
     * written before the batch-norm fields existed (an old checkpoint's) overlays these defaults and
     * must describe the model that was trained. The presets turn batch normalisation on.
     */
    public static Ds2Config defaults() {
        return new Ds2Config(
                List.of(
                        new ConvLayer(32, 41, 11, 2, 2, 20, 5),
                        new ConvLayer(32, 21, 11, 2, 1, 10, 5)),
                3,
                256,
                DirectionMerge.SUM,
                false,
                false);
    }

    /** Width of the first LSTM's input: channels × frequency bins left after the convolutions. */
    public long rnnInputSize(int featureCount) {
        long bins = featureCount;
        int channels = 1;
        for (ConvLayer layer : conv) {
            bins = layer.outputFreq(bins);
            channels = layer.channels();
        }
        return channels * bins;
    }

    @Override
    public long outputFrames(long frames) {
        long t = frames;
        for (ConvLayer layer : conv) {
            t = layer.outputTime(t);
        }
        return t;
    }
}

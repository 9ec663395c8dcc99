package io.asrwb.engine.model;

import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.DirectionMerge;
import io.asrwb.engine.model.layers.FrontEndActivation;
import io.asrwb.engine.model.layers.MaskedBatchNorm;
import io.asrwb.engine.model.layers.MaskedBiLstm;
import io.asrwb.engine.model.layers.MaskedConv2d;
import io.asrwb.engine.model.layers.MaskedDepthwiseConv1d;
import java.util.List;
import java.util.Objects;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;

/**
 * Deep Speech 2: 2-D convolutions over the spectrogram, bidirectional LSTMs, a per-frame linear
 * map to the alphabet, CTC. Optionally deepspeech.pytorch's batch normalisations, mask-aware
 * ({@link MaskedBatchNorm}): after each convolution (whose bias it replaces, before the
 * activation) and on the input of every LSTM layer but the first.
 *
 * @param convs front-end convolutions, first to last (at least one)
 * @param activation nonlinearity after each convolution
 * @param rnnLayers number of bidirectional LSTM layers (at least one)
 * @param rnnHidden units per direction in each LSTM layer
 * @param merge how the two directions' outputs are combined
 * @param nBins spectrogram bins per frame
 * @param alphabetSize output classes, blank included
 * @param convBatchNorm batch normalisation after each convolution
 * @param rnnBatchNorm sequence-wise batch normalisation on the input of each LSTM layer but the first
 * @param bidirectional both LSTM directions; false: forward-only LSTMs (a streaming model), merge unused
 * @param lookaheadFrames LSTM output frames the output layer also reads ahead (0: none): a
 *     depthwise convolution over time of {@code 2·lookaheadFrames + 1} taps after the last LSTM.
 *     Deep Speech 2's lookahead convolution, which lets a forward-only model hear a bounded
 *     stretch of the future without running anything backwards. It starts as the identity, so
 *     the model begins as the one without it.
 * @param chunkFrames bidirectional LSTMs latency-controlled (LC-BLSTM): the backward direction runs
 *     over chunks of this many frames (0: over the whole utterance), so the model can transcribe
 *     while audio arrives
 * @param chunkLookaheadFrames frames after each chunk its backward pass also hears
 */
public record Ds2Spec(
        List<ConvLayerSpec> convs,
        FrontEndActivation activation,
        int rnnLayers,
        int rnnHidden,
        DirectionMerge merge,
        int nBins,
        int alphabetSize,
        boolean convBatchNorm,
        boolean rnnBatchNorm,
        boolean bidirectional,
        int lookaheadFrames,
        int chunkFrames,
        int chunkLookaheadFrames)
        implements ModelSpec {

    /** A model whose LSTMs, if bidirectional, hear the whole utterance. */
    public Ds2Spec(
            List<ConvLayerSpec> convs,
            FrontEndActivation activation,
            int rnnLayers,
            int rnnHidden,
            DirectionMerge merge,
            int nBins,
            int alphabetSize,
            boolean convBatchNorm,
            boolean rnnBatchNorm,
            boolean bidirectional,
            int lookaheadFrames) {
        this(
                convs,
                activation,
                rnnLayers,
                rnnHidden,
                merge,
                nBins,
                alphabetSize,
                convBatchNorm,
                rnnBatchNorm,
                bidirectional,
                lookaheadFrames,
                0,
                0);
    }

    /** A bidirectional model. */
    public Ds2Spec(
            List<ConvLayerSpec> convs,
            FrontEndActivation activation,
            int rnnLayers,
            int rnnHidden,
            DirectionMerge merge,
            int nBins,
            int alphabetSize,
            boolean convBatchNorm,
            boolean rnnBatchNorm) {
        this(
                convs,
                activation,
                rnnLayers,
                rnnHidden,
                merge,
                nBins,
                alphabetSize,
                convBatchNorm,
                rnnBatchNorm,
                true,
                0);
    }

    /** A model without batch normalisation. */
    public Ds2Spec(
            List<ConvLayerSpec> convs,
            FrontEndActivation activation,
            int rnnLayers,
            int rnnHidden,
            DirectionMerge merge,
            int nBins,
            int alphabetSize) {
        this(convs, activation, rnnLayers, rnnHidden, merge, nBins, alphabetSize, false, false);
    }

    public Ds2Spec {
        convs = List.copyOf(Objects.requireNonNull(convs, "convs"));
        Objects.requireNonNull(activation, "activation");
        Objects.requireNonNull(merge, "merge");
        if (convs.isEmpty()) {
            throw new IllegalArgumentException("DS2 convs: need at least one convolution");
        }
        if (rnnLayers < 1 || rnnHidden < 1) {
            throw new IllegalArgumentException(
                    "DS2 rnnLayers and rnnHidden must be >= 1, got "
                            + rnnLayers
                            + " and "
                            + rnnHidden);
        }
        if (lookaheadFrames < 0) {
            throw new IllegalArgumentException(
                    "DS2 lookaheadFrames must be >= 0, got " + lookaheadFrames);
        }
        if (chunkFrames < 0
                || chunkLookaheadFrames < 0
                || (chunkFrames == 0 && chunkLookaheadFrames > 0)
                || (chunkFrames > 0 && !bidirectional)) {
            throw new IllegalArgumentException(
                    "DS2 chunkFrames ("
                            + chunkFrames
                            + ") and chunkLookaheadFrames ("
                            + chunkLookaheadFrames
                            + "): chunks are for bidirectional LSTMs, a lookahead needs chunks");
        }
        if (alphabetSize < 2) {
            throw new IllegalArgumentException(
                    "DS2 alphabetSize must be >= 2 (blank + one label), got " + alphabetSize);
        }
        long bins = nBins;
        for (ConvLayerSpec conv : convs) {
            bins = conv.geometry().outputBins(bins);
            if (bins < 1) {
                throw new IllegalArgumentException(
                        "DS2 nBins="
                                + nBins
                                + " is too few for the convs: no frequency bins left after "
                                + conv);
            }
        }
    }

    /**
     * The lookahead convolution's vertex name: under the LSTMs' prefix, so {@code train.freeze:
     * [rnn]} takes it with them (and no {@code rnn.N} does).
     */
    public static final String LOOKAHEAD = "lstm_lookahead";

    /**
     * The reference DS2-small (the benchmark peer's shapes): conv 32ch 41×11 stride 2×2 + 32ch
     * 21×11 stride 2×1, each with batch normalisation and Hardtanh(0,20), 3 × BiLSTM-256 summed.
     */
    public static Ds2Spec small(int nBins, int alphabetSize) {
        return new Ds2Spec(
                deepSpeechFrontEnd(32),
                FrontEndActivation.HARDTANH_0_20,
                3,
                256,
                DirectionMerge.SUM,
                nBins,
                alphabetSize,
                true,
                false);
    }

    /**
     * deepspeech.pytorch's default model: the same front end, 5 × BiLSTM-1024 summed, batch
     * normalisation after the convolutions and between the LSTM layers.
     */
    public static Ds2Spec large(int nBins, int alphabetSize) {
        return new Ds2Spec(
                deepSpeechFrontEnd(32),
                FrontEndActivation.HARDTANH_0_20,
                5,
                1024,
                DirectionMerge.SUM,
                nBins,
                alphabetSize,
                true,
                true);
    }

    private static List<ConvLayerSpec> deepSpeechFrontEnd(int channels) {
        return List.of(
                new ConvLayerSpec(channels, new ConvGeometry(41, 11, 2, 2, 20, 5)),
                new ConvLayerSpec(channels, new ConvGeometry(21, 11, 2, 1, 10, 5)));
    }

    @Override
    public int timeStride() {
        return ConvLayerSpec.timeStride(convs);
    }

    @Override
    public int outputFrames(int inputFrames) {
        int frames = inputFrames;
        for (ConvLayerSpec conv : convs) {
            frames = conv.geometry().outputFrames(frames);
        }
        return frames;
    }

    @Override
    public String addBody(ComputationGraphConfiguration.GraphBuilder graph, String input) {
        String previous = input;
        long inChannels = 1;
        for (int i = 0; i < convs.size(); i++) {
            ConvLayerSpec conv = convs.get(i);
            String name = "conv" + (i + 1);
            MaskedConv2d layer = conv.layer(name, inChannels, activation, convBatchNorm);
            // The first layer reads the features: no one needs its input gradient.
            graph.addLayer(name, i == 0 ? layer.withoutInputGradient() : layer, previous);
            previous = name;
            if (convBatchNorm) {
                String norm = name + "_bn";
                graph.addLayer(
                        norm, new MaskedBatchNorm(norm, conv.channels(), activation), previous);
                previous = norm;
            }
            inChannels = conv.channels();
        }
        for (int i = 0; i < rnnLayers; i++) {
            String name = "lstm" + (i + 1);
            if (rnnBatchNorm && i > 0) {
                String norm = name + "_bn";
                graph.addLayer(
                        norm,
                        new MaskedBatchNorm(
                                norm,
                                bidirectional ? merge.outputSize(rnnHidden) : rnnHidden,
                                FrontEndActivation.IDENTITY),
                        previous);
                previous = norm;
            }
            graph.addLayer(name, lstm(name), previous);
            previous = name;
        }
        if (lookaheadFrames > 0) {
            long width = bidirectional ? merge.outputSize(rnnHidden) : rnnHidden;
            // Symmetric taps: the past ones cost nothing and keep the same-padding geometry
            // every other convolution here (and its incremental form) already has. No batch norm
            // or activation after it: starting as the identity, the model is at first exactly the
            // one without a lookahead.
            graph.addLayer(
                    LOOKAHEAD,
                    new MaskedDepthwiseConv1d(
                                    LOOKAHEAD,
                                    width,
                                    ConvGeometry.sameOverTime(2 * lookaheadFrames + 1, 1, 1))
                            .startingAsIdentity(),
                    previous);
            previous = LOOKAHEAD;
        }
        return previous;
    }

    private MaskedBiLstm lstm(String name) {
        MaskedBiLstm lstm = new MaskedBiLstm(name, rnnHidden, merge);
        if (!bidirectional) {
            return lstm.forwardOnly();
        }
        return chunkFrames > 0 ? lstm.latencyControlled(chunkFrames, chunkLookaheadFrames) : lstm;
    }
}

package io.asrwb.engine.model;

import io.asrwb.engine.model.layers.ConvGeometry;
import io.asrwb.engine.model.layers.FrontEndActivation;
import io.asrwb.engine.model.layers.MaskedBatchNorm;
import io.asrwb.engine.model.layers.MaskedConv2d;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.dropout.Dropout;

/**
 * A Wav2Letter-style model (OpenSeq2Seq's Wav2Letter+): a stack of 1-D convolutions over time (the
 * spectrogram bins are the first layer's input channels), each optionally followed by mask-aware
 * batch normalisation and dropout, a per-frame linear map to the alphabet, CTC.
 *
 * @param convs convolutions, first to last; each geometry must have frequency kernel, stride 1 and
 *     no frequency padding (see {@link ConvGeometry#sameOverTime})
 * @param dropout probability of zeroing each output value of the convolution at the same index
 *     during training (0: none), one per convolution
 * @param batchNorm batch normalisation after each convolution (replacing its bias, before the
 *     activation), as Wav2Letter+ has
 * @param activation nonlinearity after each convolution
 * @param nBins spectrogram bins per frame
 * @param alphabetSize output classes, blank included
 */
public record Wav2LetterSpec(
        List<ConvLayerSpec> convs,
        List<Double> dropout,
        boolean batchNorm,
        FrontEndActivation activation,
        int nBins,
        int alphabetSize)
        implements ModelSpec {

    /** A stack without batch normalisation or dropout. */
    public Wav2LetterSpec(
            List<ConvLayerSpec> convs, FrontEndActivation activation, int nBins, int alphabetSize) {
        this(
                convs,
                Collections.nCopies(Objects.requireNonNull(convs, "convs").size(), 0.0),
                false,
                activation,
                nBins,
                alphabetSize);
    }

    public Wav2LetterSpec {
        convs = List.copyOf(Objects.requireNonNull(convs, "convs"));
        dropout = List.copyOf(Objects.requireNonNull(dropout, "dropout"));
        Objects.requireNonNull(activation, "activation");
        if (convs.isEmpty()) {
            throw new IllegalArgumentException("Wav2Letter convs: need at least one convolution");
        }
        if (dropout.size() != convs.size()) {
            throw new IllegalArgumentException(
                    "Wav2Letter dropout: one probability per convolution, got "
                            + dropout.size()
                            + " for "
                            + convs.size());
        }
        for (double p : dropout) {
            if (!(p >= 0 && p < 1)) {
                throw new IllegalArgumentException(
                        "Wav2Letter dropout must be in [0, 1), got " + p);
            }
        }
        for (ConvLayerSpec conv : convs) {
            ConvGeometry g = conv.geometry();
            if (g.kernelBins() != 1 || g.strideBins() != 1 || g.padBins() != 0) {
                throw new IllegalArgumentException(
                        "Wav2Letter convs: each convolution runs over time only (frequency kernel"
                                + " 1, stride 1, pad 0), got "
                                + conv);
            }
        }
        if (nBins < 1) {
            throw new IllegalArgumentException("Wav2Letter nBins must be >= 1, got " + nBins);
        }
        if (alphabetSize < 2) {
            throw new IllegalArgumentException(
                    "Wav2Letter alphabetSize must be >= 2, got " + alphabetSize);
        }
    }

    /** A small Wav2Letter: stride-2 input layer, then 1-D convolutions with growing context. */
    public static Wav2LetterSpec small(int nBins, int alphabetSize) {
        return new Wav2LetterSpec(
                List.of(
                        new ConvLayerSpec(256, ConvGeometry.overTime(11, 2, 5)),
                        new ConvLayerSpec(256, ConvGeometry.overTime(11, 1, 5)),
                        new ConvLayerSpec(256, ConvGeometry.overTime(11, 1, 5)),
                        new ConvLayerSpec(384, ConvGeometry.overTime(17, 1, 8)),
                        new ConvLayerSpec(512, ConvGeometry.overTime(29, 1, 14)),
                        new ConvLayerSpec(512, ConvGeometry.overTime(1, 1, 0))),
                FrontEndActivation.RELU,
                nBins,
                alphabetSize);
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
    public double classesInputDropout() {
        return dropout.get(dropout.size() - 1);
    }

    @Override
    public String addBody(ComputationGraphConfiguration.GraphBuilder graph, String input) {
        String previous = input;
        long inChannels = nBins;
        for (int i = 0; i < convs.size(); i++) {
            ConvLayerSpec conv = convs.get(i);
            String name = "conv" + (i + 1);
            MaskedConv2d layer = conv.layer(name, inChannels, activation, batchNorm);
            if (i > 0 && dropout.get(i - 1) > 0) {
                // the previous layer's dropout, applied where DL4J applies dropout: on this input
                layer.setIDropout(new Dropout(1 - dropout.get(i - 1)));
            }
            // The first layer reads the features: no one needs its input gradient.
            graph.addLayer(name, i == 0 ? layer.withoutInputGradient() : layer, previous);
            previous = name;
            if (batchNorm) {
                String norm = name + "_bn";
                graph.addLayer(
                        norm, new MaskedBatchNorm(norm, conv.channels(), activation), previous);
                previous = norm;
            }
            inChannels = conv.channels();
        }
        return previous;
    }
}

package io.asrwb.engine.model;

import io.asrwb.engine.model.loss.CtcLossLayer;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.dropout.Dropout;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.preprocessor.FeedForwardToRnnPreProcessor;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.learning.config.IUpdater;

/**
 * An acoustic model architecture, built into a DL4J {@link ComputationGraph} with one input,
 * {@value #INPUT} (features {@code [B, nBins, T]} with a {@code [B, T]} frame mask), and one
 * output, {@value #OUTPUT}, a CTC loss layer over {@code [B, alphabetSize, T']} class scores.
 *
 * <p>Training batches for the graph carry labels {@code [B, S]} (blank-padded ids) and, as label
 * mask, the output frame mask built from {@link #outputFrames(int)} of each utterance (see {@code
 * io.asrwb.engine.model.loss.LossCtc}).
 */
public sealed interface ModelSpec permits Ds2Spec, QuartzNetSpec, Wav2LetterSpec {

    /** Name of the graph's feature input. */
    String INPUT = "features";

    /** Name of the graph's CTC output layer. */
    String OUTPUT = "ctc";

    /** Name of the per-frame linear layer that produces class scores. */
    String CLASSES = "classes";

    /** Frequency bins per input frame. */
    int nBins();

    /** Output classes, blank (id 0) included. */
    int alphabetSize();

    /** Output frames for an utterance of {@code inputFrames} valid input frames. */
    int outputFrames(int inputFrames);

    /**
     * Input frames per output frame. Exact, where the ratio of {@link #outputFrames(int)} to its
     * input only tends to it (padding at the ends shows on any finite probe), so time stamps read
     * off output frames do not drift over a long file.
     */
    int timeStride();

    /**
     * Probability of zeroing each input of the per-frame linear map during training: the last
     * layer's dropout, which DL4J applies where the next layer reads it.
     */
    default double classesInputDropout() {
        return 0;
    }

    /** Adds this model's layers between {@code input} and the per-frame linear map; returns the last name. */
    String addBody(ComputationGraphConfiguration.GraphBuilder graph, String input);

    /** The graph configuration: layers, parameter data type, updater and initialisation seed. */
    default ComputationGraphConfiguration configuration(
            long seed, DataType dataType, IUpdater updater) {
        ComputationGraphConfiguration.GraphBuilder graph =
                new NeuralNetConfiguration.Builder()
                        .seed(seed)
                        .dataType(dataType)
                        .updater(updater)
                        .graphBuilder()
                        .addInputs(INPUT);
        String body = addBody(graph, INPUT);
        DenseLayer.Builder classes =
                new DenseLayer.Builder().nOut(alphabetSize()).activation(Activation.IDENTITY);
        if (classesInputDropout() > 0) {
            // DL4J's Dropout takes the probability of keeping a value
            classes.dropOut(new Dropout(1 - classesInputDropout()));
        }
        return graph.addLayer(CLASSES, classes.build(), body)
                .addLayer(OUTPUT, new CtcLossLayer(), CLASSES)
                .inputPreProcessor(OUTPUT, new FeedForwardToRnnPreProcessor())
                .setOutputs(OUTPUT)
                .setInputTypes(InputType.recurrent(nBins()))
                .build();
    }

    /** A freshly initialised graph in single precision. */
    default ComputationGraph build(long seed, IUpdater updater) {
        return build(seed, DataType.FLOAT, updater);
    }

    /** A freshly initialised graph. */
    default ComputationGraph build(long seed, DataType dataType, IUpdater updater) {
        ComputationGraph graph = new ComputationGraph(configuration(seed, dataType, updater));
        graph.init();
        return graph;
    }
}

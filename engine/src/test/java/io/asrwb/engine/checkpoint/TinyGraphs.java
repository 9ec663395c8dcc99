package io.asrwb.engine.checkpoint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.layers.OutputLayer;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.dataset.DataSet;
import org.nd4j.linalg.factory.Nd4j;
import org.nd4j.linalg.learning.config.Adam;
import org.nd4j.linalg.lossfunctions.LossFunctions;

/**
 * A real, tiny ComputationGraph (dense layers, Adam) and the checkpoint state that goes with it.
 */
final class TinyGraphs {

    static final long SEED = 42;
    static final int FEATURES = 6;
    static final int HIDDEN = 8;
    static final List<String> ALPHABET = List.of("_", "a", "b");

    private TinyGraphs() {}

    /** Three dense layers; {@code dropout} makes training draw from ND4J's generator. */
    static ComputationGraph newGraph(boolean dropout) {
        return newGraph(dropout, HIDDEN);
    }

    static ComputationGraph newGraph(boolean dropout, int hidden) {
        ComputationGraphConfiguration conf =
                new NeuralNetConfiguration.Builder()
                        .seed(SEED)
                        .updater(new Adam(1e-2))
                        .graphBuilder()
                        .addInputs("in")
                        .addLayer(
                                "dense1",
                                new DenseLayer.Builder()
                                        .nIn(FEATURES)
                                        .nOut(hidden)
                                        .activation(Activation.TANH)
                                        .dropOut(dropout ? 0.7 : 1.0)
                                        .build(),
                                "in")
                        .addLayer(
                                "dense2",
                                new DenseLayer.Builder()
                                        .nIn(hidden)
                                        .nOut(hidden)
                                        .activation(Activation.RELU)
                                        .build(),
                                "dense1")
                        .addLayer(
                                "out",
                                new OutputLayer.Builder(LossFunctions.LossFunction.MCXENT)
                                        .nIn(hidden)
                                        .nOut(ALPHABET.size())
                                        .activation(Activation.SOFTMAX)
                                        .build(),
                                "dense2")
                        .setOutputs("out")
                        .build();
        ComputationGraph graph = new ComputationGraph(conf);
        graph.init();
        return graph;
    }

    /** A fixed batch of 5 examples, the same in every JVM (built from a seeded java.util.Random). */
    static DataSet batch(int index) {
        Random random = new Random(1000 + index);
        double[][] features = new double[5][FEATURES];
        double[][] labels = new double[5][ALPHABET.size()];
        for (int row = 0; row < 5; row++) {
            for (int col = 0; col < FEATURES; col++) {
                features[row][col] = random.nextGaussian();
            }
            labels[row][random.nextInt(ALPHABET.size())] = 1;
        }
        INDArray f = Nd4j.create(features).castTo(org.nd4j.linalg.api.buffer.DataType.FLOAT);
        INDArray l = Nd4j.create(labels).castTo(org.nd4j.linalg.api.buffer.DataType.FLOAT);
        return new DataSet(f, l);
    }

    /** The state a trainer would save after {@code step} steps, with the given validation WER. */
    static CheckpointState stateFor(ComputationGraph graph, long step, Double wer) {
        ObjectNode config = JsonNodeFactory.instance.objectNode();
        config.put("schemaVersion", 1)
                .put("preset", "tiny")
                .putObject("train")
                .put("seed", (int) SEED);
        return new CheckpointState(
                CheckpointState.FORMAT_VERSION,
                step,
                (int) (step / 10),
                step % 10,
                Map.of(
                        LoadedCheckpoint.ND4J_RNG,
                        RngState.Nd4jGenerator.capture(),
                        "run",
                        new RngState.Seed(SEED)),
                (JsonNode) config,
                "sha256:manifest",
                ALPHABET,
                ModelFingerprint.of(graph, ALPHABET),
                new CheckpointMetrics(graph.score(), wer, wer == null ? null : wer / 2),
                Provenance.current());
    }

    static ModelIdentity identity(ComputationGraph graph) {
        return new ModelIdentity(ModelFingerprint.of(graph, ALPHABET), ALPHABET);
    }
}

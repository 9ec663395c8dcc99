package io.asrwb.engine.model.layers;

import io.asrwb.engine.model.loss.CtcLossLayer;
import org.deeplearning4j.nn.conf.ComputationGraphConfiguration;
import org.deeplearning4j.nn.conf.NeuralNetConfiguration;
import org.deeplearning4j.nn.conf.inputs.InputType;
import org.deeplearning4j.nn.conf.layers.DenseLayer;
import org.deeplearning4j.nn.conf.preprocessor.FeedForwardToRnnPreProcessor;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.activations.Activation;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.learning.config.IUpdater;

/** Tiny graphs of our layers ending in a per-frame linear map and the CTC loss. */
final class TestGraphs {

    static final int CLASSES = 5;

    private TestGraphs() {}

    /** A layer and the name of its input, for a chain. */
    record Node(String name, org.deeplearning4j.nn.conf.layers.Layer layer) {}

    static ComputationGraph chain(DataType type, IUpdater updater, int features, Node... nodes) {
        ComputationGraphConfiguration.GraphBuilder builder =
                new NeuralNetConfiguration.Builder()
                        .seed(7)
                        .dataType(type)
                        .updater(updater)
                        .graphBuilder()
                        .addInputs("features");
        String previous = "features";
        for (Node node : nodes) {
            builder.addLayer(node.name(), node.layer(), previous);
            previous = node.name();
        }
        builder.addLayer(
                        "classes",
                        new DenseLayer.Builder()
                                .nOut(CLASSES)
                                .activation(Activation.IDENTITY)
                                .build(),
                        previous)
                .addLayer("ctc", new CtcLossLayer(), "classes")
                .inputPreProcessor("ctc", new FeedForwardToRnnPreProcessor())
                .setOutputs("ctc")
                .setInputTypes(InputType.recurrent(features));
        ComputationGraph graph = new ComputationGraph(builder.build());
        graph.init();
        return graph;
    }
}

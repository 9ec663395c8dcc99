package io.asrwb.engine.train;

import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Inference on a CTC graph: raw class scores {@code [B,K,T']}, padded frames zeroed. */
final class GraphOutput {

    private GraphOutput() {}

    /**
     * The batch's class scores. DL4J 1.0.0-M2.1's preprocessors take the batch size from the
     * graph's last <em>set</em> labels (else inputs), not from the arrays passed to {@code output}:
     * after a training step with 16 utterances, a 1-utterance batch is reshaped as if it had 16. So
     * labels and inputs are set first.
     */
    static INDArray scores(ComputationGraph graph, SpeechBatch batch) {
        synchronized (graph) {
            graph.setInputs(batch.features());
            graph.setLabels(batch.labels());
            return graph.output(
                            false,
                            new INDArray[] {batch.features()},
                            new INDArray[] {batch.featureMask()},
                            new INDArray[] {batch.outputMask()})[0];
        }
    }
}

package io.asrwb.engine.inference;

import io.asrwb.engine.model.layers.NativeMemory;
import java.util.List;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.nd4j.linalg.api.ndarray.INDArray;

/** Inference on a CTC graph: raw class scores {@code [B,K,T']}, padded frames zeroed. */
public final class GraphOutput {

    private GraphOutput() {}

    /**
     * The batch's class scores. DL4J 1.0.0-M2.1's preprocessors take the batch size from the
     * graph's last <em>set</em> labels (else inputs), not from the arrays passed to {@code output}:
     * after a training step with 16 utterances, a 1-utterance batch is reshaped as if it had 16. So
     * labels and inputs are set first.
     */
    public static INDArray scores(ComputationGraph graph, SpeechBatch batch) {
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

    /**
     * Each utterance's log-probabilities ({@link LogSoftmax#perUtterance}), with the batch's and
     * the scores' native buffers freed before it returns: the batch is spent afterwards.
     *
     * <p>Why: ND4J frees a buffer nobody closed only when the collector finds its array dead. A
     * long file's 30 s windows left ~13 MB each that way; under a 2 GB heap G1 collected so seldom
     * that a 3-hour file reached 1.1 GB resident (docs/PERFORMANCE.md, "Long files"). Freed here,
     * the resident set no longer depends on the heap the JVM was given (app, installed CLI).
     */
    public static List<float[][]> logProbabilities(ComputationGraph graph, SpeechBatch batch) {
        INDArray scores = scores(graph, batch);
        try {
            return LogSoftmax.perUtterance(scores, batch.outputFrames());
        } finally {
            synchronized (graph) {
                // the graph keeps the last inputs it was given: not these, which are freed now
                graph.setInputs((INDArray[]) null);
                graph.setLabels((INDArray[]) null);
            }
            NativeMemory.release(scores);
            batch.release();
        }
    }
}

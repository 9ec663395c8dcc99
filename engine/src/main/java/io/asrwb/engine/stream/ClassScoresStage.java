package io.asrwb.engine.stream;

import io.asrwb.engine.inference.LogSoftmax;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;

/**
 * The per-frame linear map to the alphabet and the log-softmax the decoders read, with the same
 * arithmetic as the whole-utterance path ({@link LogSoftmax}).
 */
final class ClassScoresStage implements StreamStage {

    private final INDArray weights; // [nIn, K]
    private final INDArray bias; // [1, K]

    ClassScoresStage(INDArray w, INDArray b) {
        this.weights = w.castTo(DataType.FLOAT).dup('c');
        this.bias = b.castTo(DataType.FLOAT).dup('c');
    }

    @Override
    public List<float[]> accept(List<float[]> frames) {
        if (frames.isEmpty()) {
            return List.of();
        }
        INDArray scores = FrameRows.of(frames, (int) weights.size(0)).mmul(weights);
        scores.addiRowVector(bias);
        // [T, K] -> [1, K, T], the layout LogSoftmax reads
        INDArray batchMajor = scores.transpose().reshape('c', 1, weights.size(1), frames.size());
        int[] length = {frames.size()};
        float[][] logProbs = LogSoftmax.perUtterance(batchMajor, length).get(0);
        return new ArrayList<>(Arrays.asList(logProbs));
    }

    @Override
    public List<float[]> finish() {
        return List.of();
    }
}

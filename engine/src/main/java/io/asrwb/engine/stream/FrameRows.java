package io.asrwb.engine.stream;

import java.util.List;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Frames as the rows of one matrix, for a GEMM over a whole chunk. */
final class FrameRows {

    private FrameRows() {}

    /** {@code [frames, width]} in c order; each frame must have {@code width} values. */
    static INDArray of(List<float[]> frames, int width) {
        float[] x = new float[frames.size() * width];
        for (int t = 0; t < frames.size(); t++) {
            System.arraycopy(frames.get(t), 0, x, t * width, width);
        }
        return Nd4j.create(x, new long[] {frames.size(), width}, 'c');
    }
}

package io.asrwb.engine.model.loss;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** PyTorch's CTC losses and gradients, written by {@code ctc/make_reference.py}. */
record CtcReference(String generator, int blank, List<Case> cases) {

    /** One batch: batch-major raw logits and what PyTorch computed for them. */
    record Case(
            String name,
            double[][][] logits,
            int[][] targets,
            int[] targetLengths,
            int[] inputLengths,
            double[] losses,
            double[][][] gradient) {

        INDArray logitsBtk() {
            return Nd4j.create(logits).castTo(DataType.DOUBLE);
        }

        INDArray gradientBtk() {
            return Nd4j.create(gradient).castTo(DataType.DOUBLE);
        }

        int batchSize() {
            return logits.length;
        }

        int frames() {
            return logits[0].length;
        }
    }

    static CtcReference load() {
        try (InputStream in = CtcReference.class.getResourceAsStream("/ctc/ctc_reference.json")) {
            if (in == null) {
                throw new IllegalStateException(
                        "ctc/ctc_reference.json is missing from the test resources: run"
                                + " make_reference.py");
            }
            return new ObjectMapper().readValue(in, CtcReference.class);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read ctc/ctc_reference.json", e);
        }
    }
}

package io.asrwb.engine.model.loss;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A batch's transcripts and frame counts, read from DL4J's label and mask arrays and checked.
 *
 * @param transcripts per utterance, its label ids (1..K-1), without padding
 * @param frames per utterance, the number of valid output frames
 */
record CtcBatch(int[][] transcripts, int[] frames) {

    /**
     * Reads the DL4J arrays given to a loss function.
     *
     * @param labels {@code [B,S]} label ids, left-aligned and padded with the blank (0)
     * @param frameMask {@code [B,T]} 1 for valid output frames then 0, or null when all T are valid
     * @param maxFrames T, the time length of the network output
     * @param classes K, the number of output classes including the blank
     * @throws IllegalArgumentException naming the row and position of a malformed entry
     */
    static CtcBatch read(INDArray labels, INDArray frameMask, int maxFrames, int classes) {
        if (labels.rank() != 2) {
            throw new IllegalArgumentException(
                    "CTC labels must be [batch, maxLabels] label ids padded with the blank 0, got"
                            + " shape "
                            + Arrays.toString(labels.shape()));
        }
        double[][] rows = labels.toDoubleMatrix();
        int[][] transcripts = new int[rows.length][];
        for (int b = 0; b < rows.length; b++) {
            transcripts[b] = transcript(rows[b], b, classes);
        }
        return new CtcBatch(transcripts, frameCounts(frameMask, rows.length, maxFrames));
    }

    /** The minimum number of frames CTC needs for a transcript: a blank must separate repeats. */
    static int framesNeeded(int[] transcript) {
        int needed = transcript.length;
        for (int i = 1; i < transcript.length; i++) {
            if (transcript[i] == transcript[i - 1]) {
                needed++;
            }
        }
        return needed;
    }

    int size() {
        return transcripts.length;
    }

    /**
     * Utterances that cannot have a finite loss. libnd4j must not see them: for too many labels it
     * silently truncates the transcript and returns a finite, wrong loss.
     */
    List<CtcRejection> infeasible() {
        List<CtcRejection> rejected = new ArrayList<>();
        for (int b = 0; b < size(); b++) {
            int[] t = transcripts[b];
            if (t.length == 0) {
                rejected.add(
                        new CtcRejection(b, CtcRejection.Reason.EMPTY_TRANSCRIPT, 0, frames[b], 0));
            } else if (framesNeeded(t) > frames[b]) {
                rejected.add(
                        new CtcRejection(
                                b,
                                CtcRejection.Reason.TOO_FEW_FRAMES,
                                t.length,
                                frames[b],
                                framesNeeded(t)));
            }
        }
        return rejected;
    }

    /** {@code [B,S]} int32 targets for the op, blank-padded to the longest transcript. */
    INDArray targetMatrix() {
        int width = Math.max(1, Arrays.stream(transcripts).mapToInt(t -> t.length).max().orElse(0));
        int[][] padded = new int[size()][width];
        for (int b = 0; b < size(); b++) {
            System.arraycopy(transcripts[b], 0, padded[b], 0, transcripts[b].length);
        }
        return Nd4j.createFromArray(padded);
    }

    /** {@code [B]} int32 transcript lengths, 0 for the excluded utterances (the op then skips them). */
    INDArray targetLengths(boolean[] excluded) {
        int[] lengths = new int[size()];
        for (int b = 0; b < size(); b++) {
            lengths[b] = excluded[b] ? 0 : transcripts[b].length;
        }
        return Nd4j.createFromArray(lengths);
    }

    /** {@code [B]} int32 frame counts. */
    INDArray frameLengths() {
        return Nd4j.createFromArray(frames.clone());
    }

    private static int[] transcript(double[] row, int b, int classes) {
        int length = 0;
        while (length < row.length && row[length] != CtcKernel.BLANK) {
            length++;
        }
        int[] labels = new int[length];
        for (int s = 0; s < row.length; s++) {
            double value = row[s];
            if (value != Math.rint(value) || value < 0 || value >= classes) {
                throw new IllegalArgumentException(
                        "CTC labels row "
                                + b
                                + ", position "
                                + s
                                + ": "
                                + value
                                + " is not a label id in 0.."
                                + (classes - 1)
                                + " (the network has "
                                + classes
                                + " output classes; 0 is the blank, used only as padding)");
            }
            if (s < length) {
                labels[s] = (int) value;
            } else if (value != CtcKernel.BLANK) {
                throw new IllegalArgumentException(
                        "CTC labels row "
                                + b
                                + ", position "
                                + s
                                + ": label "
                                + (int) value
                                + " follows the blank padding that starts at position "
                                + length
                                + "; transcripts must be left-aligned and padded with 0 only at the"
                                + " end");
            }
        }
        return labels;
    }

    private static int[] frameCounts(INDArray frameMask, int batch, int maxFrames) {
        int[] frames = new int[batch];
        if (frameMask == null) {
            Arrays.fill(frames, maxFrames);
            return frames;
        }
        if (frameMask.rank() != 2 || frameMask.size(0) != batch || frameMask.size(1) != maxFrames) {
            throw new IllegalArgumentException(
                    "CTC frame mask must be [batch="
                            + batch
                            + ", frames="
                            + maxFrames
                            + "] (1 for valid output frames, then 0), got shape "
                            + Arrays.toString(frameMask.shape()));
        }
        double[][] rows = frameMask.toDoubleMatrix();
        for (int b = 0; b < batch; b++) {
            int valid = 0;
            while (valid < maxFrames && rows[b][valid] != 0) {
                valid++;
            }
            for (int t = valid; t < maxFrames; t++) {
                if (rows[b][t] != 0) {
                    throw new IllegalArgumentException(
                            "CTC frame mask row "
                                    + b
                                    + " has a valid frame at "
                                    + t
                                    + " after padding starting at "
                                    + valid
                                    + "; masks must be 1s followed by 0s");
                }
            }
            frames[b] = valid;
        }
        return frames;
    }
}

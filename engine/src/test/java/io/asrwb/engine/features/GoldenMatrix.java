package io.asrwb.engine.features;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Reads the golden files written by features/golden/make_golden.py (see its docstring). */
final class GoldenMatrix {

    private GoldenMatrix() {}

    static float[][] read(String name) {
        String resource = "/features/golden/" + name;
        try (InputStream in = GoldenMatrix.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(
                        "missing test resource "
                                + resource
                                + "; regenerate with"
                                + " engine/src/test/resources/features/golden/make_golden.py");
            }
            ByteBuffer buffer = ByteBuffer.wrap(in.readAllBytes()).order(ByteOrder.LITTLE_ENDIAN);
            int rows = buffer.getInt();
            int cols = buffer.getInt();
            if (buffer.remaining() != 4L * rows * cols) {
                throw new IllegalStateException(
                        resource
                                + ": header says "
                                + rows
                                + "x"
                                + cols
                                + " floats but "
                                + buffer.remaining()
                                + " bytes follow; regenerate the golden files");
            }
            float[][] matrix = new float[rows][cols];
            for (float[] row : matrix) {
                buffer.asFloatBuffer().get(row);
                buffer.position(buffer.position() + 4 * cols);
            }
            return matrix;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read test resource " + resource, e);
        }
    }

    static float[] input() {
        return read("input.f32")[0];
    }

    /** Largest |a − b| over all cells; fails on a shape mismatch. */
    static double maxAbsDifference(float[][] actual, float[][] expected) {
        if (actual.length != expected.length) {
            throw new AssertionError(
                    "frames: got " + actual.length + ", expected " + expected.length);
        }
        double max = 0.0;
        for (int f = 0; f < actual.length; f++) {
            if (actual[f].length != expected[f].length) {
                throw new AssertionError(
                        "frame "
                                + f
                                + " width: got "
                                + actual[f].length
                                + ", expected "
                                + expected[f].length);
            }
            for (int k = 0; k < actual[f].length; k++) {
                max = Math.max(max, Math.abs(actual[f][k] - expected[f][k]));
            }
        }
        return max;
    }
}

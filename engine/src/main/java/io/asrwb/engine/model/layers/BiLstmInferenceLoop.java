package io.asrwb.engine.model.layers;

import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The recurrence of {@link BiLstmKernel#forward} for inference in float: one GEMM per time step
 * and direction ({@link RecurrentProduct}), the gate arithmetic in plain Java on the arrays' native
 * memory, and the two directions at once, the backward one on a thread of its own.
 *
 * <p>Why: the training loop issues ~15 ND4J calls and views per step, each with a fixed cost of
 * tens of microseconds, which is what 5 s of audio through DS2-small spent most of its time on
 * (the per-step work is a few thousand floats; docs/PERFORMANCE.md, "Transcription latency").
 * The directions share nothing until their outputs are merged, and one direction's step is too
 * small for BLAS to spread over two cores, so running them side by side is what uses the second
 * core in inference. Training keeps the ND4J loop, whose per-step cells the backward pass needs.
 */
final class BiLstmInferenceLoop {

    /** Runs the backward direction; daemon threads, so an idle one never keeps the JVM alive. */
    private static final ExecutorService BACKWARD =
            Executors.newCachedThreadPool(
                    r -> {
                        Thread t = new Thread(r, "asrwb-bilstm-backward");
                        t.setDaemon(true);
                        return t;
                    });

    private BiLstmInferenceLoop() {}

    static boolean applies(INDArray gates) {
        return gates.dataType() == DataType.FLOAT;
    }

    /**
     * Fills {@code states [T, D, B, H]} from {@code gates [T, D, B, 4H]} (input projections plus
     * bias, in each direction's processing order) and {@code rw [D, H, 4H]}; both c-ordered, fresh.
     * D is 2, or 1 for a forward-only layer (then no helper thread is used).
     */
    static void run(
            INDArray gates, INDArray rw, INDArray states, int frames, int batch, int hidden) {
        int directions = (int) rw.size(0);
        if (directions == 1) {
            Direction only = new Direction(0, 1, rw, batch, hidden);
            try (SmallOpThreads ignored = SmallOpThreads.open()) {
                only.run(gates, states, frames);
            } finally {
                only.release();
            }
            return;
        }
        // Every native buffer is made and freed on this thread: native memory taken on the helper
        // thread would come from a malloc arena of its own, which kept what it freed resident (RSS
        // 0.56 → 1.13 GB over a 3-hour file).
        Direction forward = new Direction(0, 2, rw, batch, hidden);
        Direction backward = new Direction(1, 2, rw, batch, hidden);
        try (SmallOpThreads ignored = SmallOpThreads.open()) {
            CompletableFuture<Void> other =
                    CompletableFuture.runAsync(() -> backward.run(gates, states, frames), BACKWARD);
            forward.run(gates, states, frames);
            other.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        } finally {
            forward.release();
            backward.release();
        }
    }

    /** One direction's weights and step buffers ({@code d}: 0 forward, 1 backward). */
    private static final class Direction {
        private final int d;
        private final int directions;
        private final int batch;
        private final int hidden;
        private final INDArray weights; // [H, 4H], this direction's own copy
        private final INDArray previous;
        private final INDArray recurrent;
        private final RecurrentProduct product;

        Direction(int d, int directions, INDArray rw, int batch, int hidden) {
            this.d = d;
            this.directions = directions;
            this.batch = batch;
            this.hidden = hidden;
            this.weights = rw.slice(d).dup('c');
            this.previous = Nd4j.create(DataType.FLOAT, batch, hidden);
            this.recurrent = Nd4j.create(DataType.FLOAT, batch, 4L * hidden);
            this.product = new RecurrentProduct(previous, weights, recurrent);
        }

        /** The recurrence over all frames; touches only this direction's rows of gates and states. */
        void run(INDArray gates, INDArray states, int frames) {
            int gateWidth = 4 * hidden;
            int gateBlock = batch * gateWidth;
            int stateBlock = batch * hidden;
            FloatBuffer gateMemory = floats(gates);
            FloatBuffer stateMemory = floats(states);
            FloatBuffer previousMemory = floats(previous);
            FloatBuffer recurrentMemory = floats(recurrent);
            float[] g = new float[gateBlock];
            float[] r = new float[gateBlock];
            float[] cell = new float[stateBlock];
            float[] h = new float[stateBlock];
            for (int t = 0; t < frames; t++) {
                gateMemory.get((directions * t + d) * gateBlock, g);
                if (t > 0) {
                    product.run();
                    recurrentMemory.get(0, r);
                    for (int k = 0; k < g.length; k++) {
                        g[k] += r[k];
                    }
                }
                for (int row = 0; row < batch; row++) {
                    int gate = row * gateWidth;
                    int unit = row * hidden;
                    for (int j = 0; j < hidden; j++) {
                        float in = sigmoid(g[gate + j]);
                        float forget = sigmoid(g[gate + hidden + j]);
                        float out = sigmoid(g[gate + 2 * hidden + j]);
                        float candidate = tanh(g[gate + 3 * hidden + j]);
                        float c = in * candidate + (t > 0 ? forget * cell[unit + j] : 0f);
                        cell[unit + j] = c;
                        h[unit + j] = out * tanh(c);
                    }
                }
                stateMemory.put((directions * t + d) * stateBlock, h);
                previousMemory.put(0, h);
            }
        }

        void release() {
            NativeMemory.release(weights, previous, recurrent);
        }
    }

    private static float sigmoid(float x) {
        return (float) (1.0 / (1.0 + Math.exp(-x)));
    }

    /**
     * tanh through exp, which the JIT makes an intrinsic (Math.tanh stays a library call, and was
     * most of the gate arithmetic's time); exact to float rounding, and ±1 where exp overflows.
     */
    private static float tanh(float x) {
        return (float) (1.0 - 2.0 / (Math.exp(2.0 * x) + 1.0));
    }

    /** A view of the array's native memory (no copy): the array must be c-ordered and own it all. */
    private static FloatBuffer floats(INDArray a) {
        return a.data().asNio().order(ByteOrder.nativeOrder()).asFloatBuffer();
    }
}

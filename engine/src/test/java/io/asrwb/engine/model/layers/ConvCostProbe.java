package io.asrwb.engine.model.layers;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Hand-run probe (not a unit test): DS2-small's second convolution alone (32→32, 21×11, stride
 * 2×1, pad 10×5 on [8, 32, 81, 200]), forward and backward through {@link Conv2dNative} at several
 * batch-chunk sizes, to compare libnd4j builds (the default oneDNN one and {@code -Pavx2}).
 *
 * <pre>
 * ./mvnw -o -q -pl engine test-compile [-Pavx2]
 * ./mvnw -o -q -pl engine dependency:build-classpath -Dmdep.outputFile=target/cp.txt [-Pavx2]
 * OMP_NUM_THREADS=2 java -cp engine/target/test-classes:engine/target/classes:$(cat engine/target/cp.txt) \
 *     io.asrwb.engine.model.layers.ConvCostProbe [repeats] [chunks...]
 * </pre>
 */
public final class ConvCostProbe {

    private ConvCostProbe() {}

    public static void main(String[] args) {
        int repeats = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int[] chunks = {1, 2, 8};
        if (args.length > 1) {
            chunks = new int[args.length - 1];
            for (int i = 1; i < args.length; i++) {
                chunks[i - 1] = Integer.parseInt(args[i]);
            }
        }
        ConvGeometry g = new ConvGeometry(21, 11, 2, 1, 10, 5);
        Nd4j.getRandom().setSeed(1);
        INDArray x = Nd4j.randn(DataType.FLOAT, 8, 32, 81, 200);
        INDArray w = Nd4j.randn(DataType.FLOAT, 32, 32, 21, 11).muli(0.01);
        INDArray bias = Nd4j.zeros(DataType.FLOAT, 32);
        INDArray out = Nd4j.create(DataType.FLOAT, 8, 32, g.outputBins(81), g.outputFrames(200));
        INDArray dOut = Nd4j.randn(DataType.FLOAT, out.shape());
        INDArray wGrad = w.ulike();
        INDArray biasGrad = bias.ulike();
        for (int chunk : chunks) {
            Conv2dNative conv = new Conv2dNative(g, 32, out.size(2), out.size(3), 4, chunk);
            for (int r = 0; r < repeats; r++) {
                long t0 = System.nanoTime();
                conv.forward(x, w, bias, out);
                long t1 = System.nanoTime();
                INDArray dx = conv.backward(x, w, bias, dOut, wGrad, biasGrad);
                long t2 = System.nanoTime();
                System.out.printf(
                        "chunk %d: forward %.3f s backward %.3f s  (out sum %.4f, dW sum %.4f, dx"
                                + " sum %.4f)%n",
                        chunk,
                        (t1 - t0) / 1e9,
                        (t2 - t1) / 1e9,
                        out.sumNumber().doubleValue(),
                        wGrad.sumNumber().doubleValue(),
                        dx.sumNumber().doubleValue());
                NativeMemory.release(dx);
            }
        }
    }
}

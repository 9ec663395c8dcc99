package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.nd4j.linalg.indexing.NDArrayIndex.interval;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/** Inside a training step ({@link BufferPool#step}) unless a test says otherwise. */
class BufferPoolTest {

    private static final long MB = 1024 * 1024;

    private PoolingScope step;

    @BeforeEach
    void inAStep() {
        step = BufferPool.step();
    }

    @AfterEach
    void stepEnds() {
        step.close();
    }

    @Test
    void outsideATrainingStepArraysAreTheirOwn() {
        BufferPool pool = new BufferPool(64 * MB);
        step.close();
        INDArray a = pool.create(DataType.FLOAT, 100, 200);
        assertThat(pool.giveBack(a)).isFalse();
        step = BufferPool.step();
        INDArray b = pool.create(DataType.FLOAT, 100, 200);
        assertThat(pool.giveBack(b)).isTrue();
    }

    @Test
    void sizeClassesAreEightPerDoublingAndNeverSmaller() {
        assertThat(BufferPool.sizeClass(16384)).isEqualTo(16384);
        assertThat(BufferPool.sizeClass(16385)).isEqualTo(18432);
        assertThat(BufferPool.sizeClass(20000)).isEqualTo(20480);
        for (long n = 16_000; n < 3_000_000; n += 7_919) {
            long c = BufferPool.sizeClass(n);
            assertThat(c).isGreaterThanOrEqualTo(n).isLessThanOrEqualTo(n + n / 8);
        }
    }

    @Test
    void aGivenBackBufferGoesToTheNextArrayOfItsClass() {
        BufferPool pool = new BufferPool(64 * MB);
        INDArray a = pool.create(DataType.FLOAT, 100, 200).assign(3);
        long address = a.data().address();
        assertThat(pool.giveBack(a.reshape('c', 200, 100))).isTrue();
        assertThat(pool.pooledBytes()).isEqualTo(BufferPool.sizeClass(20_000) * 4);

        INDArray b = pool.create(DataType.FLOAT, 4, 4990); // 19,960 values: the same class
        assertThat(b.data().address()).isEqualTo(address);
        assertThat(b.shape()).containsExactly(4, 4990);
        assertThat(pool.pooledBytes()).isZero();
        b.assign(5);
        assertThat(b.sumNumber().doubleValue()).isEqualTo(5.0 * 19_960);

        INDArray other = pool.create(DataType.DOUBLE, 100, 200);
        assertThat(other.data().address()).isNotEqualTo(address);
    }

    @Test
    void aShorterArrayTakesABufferUpToTwiceItsSizeWhenItsClassHasNone() {
        BufferPool pool = new BufferPool(64 * MB);
        INDArray longer = pool.create(DataType.FLOAT, 100, 300); // 30,000 values
        long address = longer.data().address();
        pool.giveBack(longer);

        INDArray shorter = pool.create(DataType.FLOAT, 100, 200); // 20,000: two classes below
        assertThat(shorter.data().address()).isEqualTo(address);
        assertThat(shorter.assign(2).sumNumber().doubleValue()).isEqualTo(40_000.0);
        assertThat(pool.giveBack(shorter)).isTrue();
        assertThat(pool.pooledBytes())
                .as("back in its own class")
                .isEqualTo(BufferPool.sizeClass(30_000) * 4);

        assertThat(pool.create(DataType.FLOAT, 100, 140).data().address())
                .as("more than twice: a buffer of its own")
                .isNotEqualTo(address);
    }

    @Test
    void takesBackOnlyWholeArraysItHandedOut() {
        BufferPool pool = new BufferPool(64 * MB);
        INDArray a = pool.create(DataType.FLOAT, 100, 200);
        assertThat(pool.giveBack(a.get(interval(0, 10)))).isFalse();
        assertThat(pool.giveBack(Nd4j.create(DataType.FLOAT, 100, 200))).isFalse();
        assertThat(pool.giveBack(a)).isTrue();
        assertThat(pool.giveBack(a)).as("twice").isFalse();
        assertThat(new BufferPool(0).giveBack(new BufferPool(0).create(DataType.FLOAT, 100, 200)))
                .isFalse();
        INDArray small = pool.create(DataType.FLOAT, 10, 10);
        assertThat(pool.giveBack(small)).as("too small to pool").isFalse();
    }

    @Test
    void keepsNoMoreOfAClassThanWereEverOutAtOnce() {
        BufferPool pool = new BufferPool(64 * MB);
        long classBytes = BufferPool.sizeClass(20_000) * 4;
        for (int i = 0; i < 5; i++) {
            INDArray a = pool.create(DataType.FLOAT, 100, 200);
            INDArray b = pool.create(DataType.FLOAT, 100, 200);
            pool.giveBack(a);
            pool.giveBack(b);
            assertThat(pool.pooledBytes()).isEqualTo(2 * classBytes);
        }
        // an array of that class made elsewhere is not taken
        pool.giveBack(Nd4j.create(DataType.FLOAT, 100, 200));
        assertThat(pool.pooledBytes()).isEqualTo(2 * classBytes);
    }

    @Test
    void overItsCapacityItDropsTheLongestUnusedFirst() {
        long classBytes = BufferPool.sizeClass(20_000) * 4;
        BufferPool pool = new BufferPool(classBytes * 3 / 2);
        INDArray a = pool.create(DataType.FLOAT, 100, 200);
        INDArray b = pool.create(DataType.FLOAT, 100, 200);
        long bAddress = b.data().address();
        pool.giveBack(a);
        pool.giveBack(b);
        assertThat(pool.pooledBytes()).isEqualTo(classBytes);
        assertThat(pool.create(DataType.FLOAT, 100, 200).data().address()).isEqualTo(bAddress);
    }

    @Test
    void aSizeTheNextStepDoesNotTakeIsFreedWhenThatStepEnds() {
        BufferPool pool = new BufferPool(64 * MB);
        long classA = BufferPool.sizeClass(20_000) * 4;
        long classB = BufferPool.sizeClass(40_000) * 4;
        try (PoolingScope s = pool.stepScope()) {
            pool.giveBack(pool.create(DataType.FLOAT, 100, 200));
        }
        assertThat(pool.pooledBytes()).as("kept after its step").isEqualTo(classA);
        try (PoolingScope s = pool.stepScope()) {
            pool.giveBack(pool.create(DataType.FLOAT, 200, 200));
            assertThat(pool.pooledBytes()).isEqualTo(classA + classB);
        }
        assertThat(pool.pooledBytes()).as("the first size, untaken for a step").isEqualTo(classB);
        try (PoolingScope s = pool.stepScope()) {
            pool.giveBack(pool.create(DataType.FLOAT, 200, 200));
        }
        assertThat(pool.pooledBytes()).as("taken again each step").isEqualTo(classB);
    }

    @Test
    void releaseGivesPooledArraysBack() {
        INDArray a = BufferPool.shared().create(DataType.FLOAT, 300, 300);
        long address = a.data().address();
        NativeMemory.release(a.reshape('c', 900, 100));
        assertThat(BufferPool.shared().create(DataType.FLOAT, 300, 300).data().address())
                .isEqualTo(address);
    }
}

package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.bytedeco.javacpp.Pointer;
import org.junit.jupiter.api.Test;

class ProcessStatusTest {

    @Test
    void residentMemoryOutsideTheHeapGrowsWithTouchedNativeMemoryAndFallsWhenItIsFreed()
            throws InterruptedException {
        assumeTrue(Files.exists(Path.of("/proc/self/status")), "Linux only");
        long size = 128L << 20;
        long before = settled();
        assertThat(before).isPositive();

        byte[] heapData = new byte[96 << 20];
        Arrays.fill(heapData, (byte) 1);
        assertThat(ProcessStatus.residentOutsideHeap() - before)
                .as("the heap's own pages are not counted")
                .isLessThan(48L << 20);

        before = settled(); // the allocation above may have collected earlier tests' arrays
        Pointer block = Pointer.malloc(size);
        assertThat(block.isNull()).isFalse();
        try {
            Pointer.memset(block, 1, size);
            assertThat(ProcessStatus.residentOutsideHeap() - before).isGreaterThan(100L << 20);
        } finally {
            Pointer.free(block);
        }
        // a block this large is mmapped by malloc, so freeing it unmaps it at once
        assertThat(ProcessStatus.residentOutsideHeap() - before).isLessThan(64L << 20);
        assertThat(ProcessStatus.bytes("VmRSS"))
                .isGreaterThanOrEqualTo(ProcessStatus.bytes("RssAnon"));
        assertThat(ProcessStatus.bytes("NoSuchField")).isEqualTo(-1);
        assertThat(heapData[heapData.length - 1]).isEqualTo((byte) 1);
    }

    /**
     * The resident memory outside the heap once it holds still. After the suite's earlier tests a
     * collection frees their arrays' native memory on JavaCPP's own thread, a while after the GC:
     * in a full run such frees (60 to 400 MB) landed between two readings of this test.
     */
    private static long settled() throws InterruptedException {
        System.gc();
        long last = ProcessStatus.residentOutsideHeap();
        for (int i = 0; i < 50; i++) {
            Thread.sleep(100);
            long now = ProcessStatus.residentOutsideHeap();
            if (Math.abs(now - last) < (4L << 20)) {
                return now;
            }
            last = now;
        }
        return last;
    }
}

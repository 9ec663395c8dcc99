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
    void residentMemoryOutsideTheHeapGrowsWithTouchedNativeMemoryAndFallsWhenItIsFreed() {
        assumeTrue(Files.exists(Path.of("/proc/self/status")), "Linux only");
        long size = 128L << 20;
        long before = ProcessStatus.residentOutsideHeap();
        assertThat(before).isPositive();

        byte[] heapData = new byte[96 << 20];
        Arrays.fill(heapData, (byte) 1);
        assertThat(ProcessStatus.residentOutsideHeap() - before)
                .as("the heap's own pages are not counted")
                .isLessThan(48L << 20);

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
}

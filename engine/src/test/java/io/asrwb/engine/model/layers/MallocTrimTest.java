package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link MallocTrim} releases freed memory that glibc would keep resident: 64 MB of 32 KB blocks
 * (under the mmap threshold, so from an arena) freed all but the last, which pins the arena's top
 * so that free() alone cannot shrink it — as long-lived buffers among ND4J's freed ones do.
 */
class MallocTrimTest {

    private static final int BLOCK = 32 << 10;
    private static final int BLOCKS = 2048;

    @Test
    void freedBlocksBelowALiveOneLeaveTheResidentSetOnlyWithATrim() throws IOException {
        assumeTrue(Platform.isLinux(), "glibc's malloc_trim");
        long[] blocks = new long[BLOCKS];
        for (int i = 0; i < BLOCKS; i++) {
            blocks[i] = Native.malloc(BLOCK);
            new Pointer(blocks[i]).setMemory(0, BLOCK, (byte) 1); // resident
        }
        for (int i = 0; i < BLOCKS - 1; i++) {
            Native.free(blocks[i]);
        }
        try {
            long before = rssKb();
            assertThat(MallocTrim.trim()).as("glibc released memory").isTrue();
            long after = rssKb();
            assertThat(before - after)
                    .as(
                            "resident KB given back (of %d KB freed)",
                            ((long) BLOCK * (BLOCKS - 1)) >> 10)
                    .isGreaterThan(32L << 10);
        } finally {
            Native.free(blocks[BLOCKS - 1]);
        }
    }

    private static long rssKb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }
}

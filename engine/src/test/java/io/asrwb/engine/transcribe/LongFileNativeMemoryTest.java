package io.asrwb.engine.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.bench.LongAudioFile;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bytedeco.javacpp.Pointer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.nd4j.linalg.factory.Nd4j;

/**
 * A long file's windows leave no native memory behind for the garbage collector: after the first
 * batch, neither libnd4j's live buffers nor JavaCPP's own allocations grow from batch to batch.
 *
 * <p>Why it matters: what nobody frees waits for the collector, and with the 2 GB heap of the app
 * and the installed CLI it ran so seldom that a 3-hour file reached 1.3 GB resident (each pair of
 * 30 s windows left its features and scores, ~4 MB). The counts are the libraries' own, not the
 * resident set, so they do not depend on the C allocator or the machine; a collection during the
 * test could only hide a leak, never fake one.
 */
class LongFileNativeMemoryTest {

    private static final Path ASSETS = Path.of("../assets");

    @TempDir Path dir;

    @Test
    void windowAfterWindowHoldsTheSameNativeMemory() throws Exception {
        Transcriber transcriber =
                Transcriber.greedy(TrainedModel.load(ASSETS.resolve("demo-model")));
        Path file = dir.resolve("two-minutes.wav");
        LongAudioFile.write(file, 120, ASSETS.resolve("demo-corpus/test.jsonl"), 0.4);
        List<long[]> afterEachBatch = new ArrayList<>();

        // 20 s windows two at a time: 7 windows, 4 batches, ~0.6 MB of features per batch
        LongTranscript t =
                new LongAudioTranscriber(transcriber, new Windowing(20, 2, 2))
                        .transcribe(
                                file,
                                new TranscriptionSink() {
                                    @Override
                                    public void segment(Segment s) {}

                                    @Override
                                    public void progress(double done, double total) {
                                        afterEachBatch.add(
                                                new long[] {
                                                    Nd4j.getEnvironment().getDeviceCouner(0),
                                                    Pointer.totalBytes()
                                                });
                                    }
                                });

        assertThat(t.windows()).isEqualTo(7);
        assertThat(afterEachBatch).hasSize(4);
        for (int b = 1; b < afterEachBatch.size(); b++) {
            long[] before = afterEachBatch.get(b - 1);
            long[] now = afterEachBatch.get(b);
            // Before the fix, per batch: the features' copy in JavaCPP memory (0.6 MB) and the
            // scores and their copy in libnd4j's (0.19 MB). What is left is DL4J's and ND4J's
            // own: masks it derives (32 kB per batch here, measured) and each op's few extra
            // arguments in JavaCPP memory (~135 kB per batch).
            assertThat(now[0] - before[0])
                    .as("live libnd4j bytes, batch %d", b)
                    .isLessThan(64 * 1024);
            assertThat(now[1] - before[1]).as("JavaCPP bytes, batch %d", b).isLessThan(256 * 1024);
        }
    }
}

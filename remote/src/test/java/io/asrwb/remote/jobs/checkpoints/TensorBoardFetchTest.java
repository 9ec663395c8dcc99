package io.asrwb.remote.jobs.checkpoints;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.tensorboard.EventFileWriter;
import io.asrwb.engine.tensorboard.TensorBoardEvent;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.ssh.TransferListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code job fetch} brings the run's TensorBoard log with its checkpoint, from a real SSH server:
 * every event file, byte for byte, and again once the job has written more; nothing else there.
 */
class TensorBoardFetchTest {

    private static final JobId ID =
            JobId.generate(Instant.parse("2026-12-05T10:00:00Z"), new Random(7));

    @TempDir Path dir;
    private RemoteRunFolder remote;

    @BeforeEach
    void connect() throws IOException {
        remote = RemoteRunFolder.start(dir, ID);
        remote.saveCheckpoint(4, true);
    }

    @AfterEach
    void close() {
        remote.close();
    }

    @Test
    void theEventFilesComeWithTheCheckpointAndComeAgainWhenTheyGrew() throws IOException {
        Path tensorboard = remote.run().resolve("tensorboard");
        Path first;
        try (EventFileWriter train =
                EventFileWriter.create(tensorboard, Instant.ofEpochSecond(100), "gpu1")) {
            first = train.file();
            train.write(TensorBoardEvent.at(100, 1).scalar("train/loss", 3f).toByteArray());
        }
        EventFileWriter resume =
                EventFileWriter.create(tensorboard, Instant.ofEpochSecond(200), "gpu1");
        Path second = resume.file();
        Files.writeString(tensorboard.resolve("notes.txt"), "not TensorBoard's");
        Path out = dir.resolve("fetched");

        Checkpoint checkpoint = fetch(out);

        assertThat(checkpoint.step()).isEqualTo(4);
        assertThat(names(out.resolve("tensorboard")))
                .containsExactlyInAnyOrder(
                        first.getFileName().toString(), second.getFileName().toString());
        assertThat(out.resolve("tensorboard").resolve(first.getFileName()))
                .hasSameBinaryContentAs(first);

        resume.write(TensorBoardEvent.at(201, 5).scalar("train/loss", 2f).toByteArray());
        resume.close();
        fetch(out);
        assertThat(out.resolve("tensorboard").resolve(second.getFileName()))
                .as("a running job's file, copied again as far as it got")
                .hasSameBinaryContentAs(second);
        assertThat(names(out.resolve("tensorboard"))).hasSize(2);
    }

    @Test
    void aJobWithoutATensorBoardLogFetchesAsBefore() throws IOException {
        Path out = dir.resolve("fetched");
        assertThat(fetch(out).step()).isEqualTo(4);
        assertThat(out.resolve("tensorboard")).doesNotExist();
    }

    private Checkpoint fetch(Path out) throws IOException {
        return CheckpointFetcher.fetch(remote.ssh, ID, out, TransferListener.ignore());
    }

    private static java.util.List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}

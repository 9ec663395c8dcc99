package io.asrwb.remote.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.cli.Main;
import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.train.RunLaunchException;
import io.asrwb.engine.train.RunLock;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.ssh.TransferListener;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.FreezableTcpProxy;
import io.asrwb.remote.testing.JobTestBed;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real job end to end on a loopback SSH server running the real engine: submit, stream, a
 * follower that crashes and one whose network freezes (no line lost or repeated), completion,
 * fetch and a local transcription with the fetched checkpoint. The dataset's name has every mark
 * a dataset name may have that a shell reads as syntax (space, parentheses, #, comma), and must
 * stay a name. (Names like "x; rm -rf ~" are refused at import since dataset names were checked;
 * ShellQuoteTest and QuotingOnRealServerTest still send those through a real shell.)
 */
@Timeout(300)
class RemoteJobLifecycleIT {

    static final String NASTY = "x (1) #2, a+b@c";

    @TempDir Path dir;

    @Test
    void aJobStreamsThroughACrashAndADropCompletesAndItsCheckpointTranscribesLocally()
            throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, NASTY, 8)) {
            Path canary = Files.writeString(bed.server.home().resolve("canary"), "still here");
            List<String> parts = new CopyOnWriteArrayList<>();
            JobRecord job =
                    bed.jobs.submit(
                            new JobSpec(
                                    NASTY,
                                    JobTestBed.config(12, 4),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)),
                                    0),
                            (part, done, total) -> parts.add(part + " " + done + "/" + total));
            assertThat(job.state()).isInstanceOf(JobState.Running.class);
            assertThat(parts).contains("runtime 0/0"); // linked in beforehand: nothing to send
            assertThat(parts).anyMatch(p -> p.startsWith("audio ") && !p.endsWith("/0"));

            // the app dies while handling the third line: that line was not delivered
            EventRecorder crashed = new EventRecorder();
            crashed.failAt = 3;
            try {
                bed.jobs.attach(job.id(), crashed);
            } catch (IllegalStateException expected) {
                assertThat(expected).hasMessage("the app crashed");
            }
            assertThat(crashed.events).as(() -> diagnosis(bed, job.id())).hasSize(2);

            // the restarted app follows through a link that freezes after the first step
            EventRecorder resumed = new EventRecorder();
            JobState end;
            try (FreezableTcpProxy proxy = new FreezableTcpProxy(bed.server.port())) {
                bed.port = proxy::port;
                resumed.onStep =
                        () -> {
                            proxy.freeze();
                            bed.port = bed.server::port; // the reconnect finds the network back
                        };
                end = bed.jobs.attach(job.id(), resumed);
            }

            assertThat(end).isInstanceOf(JobState.Finished.class);
            assertThat(resumed.notes)
                    .anyMatch(n -> n.contains("lost") && n.contains("reconnecting"));
            List<String> delivered = new ArrayList<>(crashed.events);
            delivered.addAll(resumed.events);
            assertThat(delivered).isEqualTo(remoteEvents(bed, job.id()));
            assertThat(delivered.get(delivered.size() - 1)).contains("\"finished\"");
            assertThat(bed.jobs.repository().require(job.id()).state()).isEqualTo(end);
            assertThat(Files.readString(canary)).isEqualTo("still here");
            assertOwnerOnly(bed.server.home().resolve(RemoteLayout.BASE));

            Path out = dir.resolve("fetched model");
            try (RunLock localRun = RunLock.acquire(out)) { // a local run trains in that folder
                assertThatThrownBy(() -> bed.jobs.fetch(job.id(), out, TransferListener.ignore()))
                        .isInstanceOf(RunLaunchException.InUse.class)
                        .hasMessageContaining("is being trained");
                try (Stream<Path> files = Files.list(out)) {
                    assertThat(files.map(f -> f.getFileName().toString()))
                            .containsExactly(RunLock.FILE);
                }
            }
            Checkpoint checkpoint = bed.jobs.fetch(job.id(), out, TransferListener.ignore());
            assertThat(checkpoint.step()).isEqualTo(12);
            Path audio;
            try (Stream<Path> folders = Files.list(dir.resolve("corpus/audio"))) {
                audio = folders.findFirst().orElseThrow();
            }
            try (Stream<Path> files = Files.walk(audio)) {
                audio = files.filter(f -> f.toString().endsWith(".flac")).findFirst().orElseThrow();
            }
            StringWriter text = new StringWriter();
            StringWriter err = new StringWriter();
            int exit =
                    Main.commandLine(new PrintWriter(text), new PrintWriter(err))
                            .execute(
                                    "--db",
                                    dir.resolve("transcribe-catalog").toString(),
                                    "transcribe",
                                    "--model",
                                    out.toString(),
                                    audio.toString());
            assertThat(exit).as(err.toString()).isZero();
            assertThat(text.toString()).startsWith(audio + "\t");
        }
    }

    /**
     * On a shared GPU box, nothing of a job (its folder, its catalog and H2's lock file, events,
     * checkpoints, logs, the uploaded bundle) can be read by another user: every folder under
     * {@code .asrwb-remote} it sent is rwx------ and every file has no group or other permission.
     */
    private static void assertOwnerOnly(Path base) throws IOException {
        if (!base.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        List<String> open = new ArrayList<>();
        String top = PosixFilePermissions.toString(Files.getPosixFilePermissions(base));
        if (!top.endsWith("------")) {
            open.add(base + " " + top);
        }
        // jars/ is left out: the test bed placed the runtime there itself, as an earlier job would
        for (String sent : List.of("jobs", "datasets", "audio")) {
            try (Stream<Path> all = Files.walk(base.resolve(sent))) {
                for (Path p : (Iterable<Path>) all::iterator) {
                    if (Files.isSymbolicLink(p)) {
                        continue;
                    }
                    String perms = PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
                    if (!perms.endsWith("------")) {
                        open.add(base.relativize(p) + " " + perms);
                    }
                }
            }
        }
        assertThat(open).as("folders and files under %s that others can use", base).isEmpty();
    }

    @Test
    void aConfigTheEngineWouldRefuseIsRefusedBeforeAnythingIsSent() {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 2)) {
            org.assertj.core.api.Assertions.assertThatThrownBy(
                            () ->
                                    bed.jobs.submit(
                                            new JobSpec(
                                                    "demo",
                                                    JobTestBed.config(5, 2),
                                                    new LaunchPlan.SingleNode(
                                                            List.of(JobTestBed.HOST)),
                                                    0),
                                            BundleProgress.ignore()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("warmup_steps: must not exceed train.max_steps (5)");
            assertThat(bed.jobs.list()).isEmpty();
            assertThat(bed.server.home().resolve(RemoteLayout.BASE).resolve("jobs")).doesNotExist();
        }
    }

    /** The job's state and its remote log, for failure messages. */
    static String diagnosis(JobTestBed bed, JobId id) {
        try {
            return bed.jobs.repository().require(id).state()
                    + "\njob.log:\n"
                    + Files.readString(
                            bed.server.home().resolve(RemoteLayout.job(id)).resolve("job.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The event lines of the remote events.jsonl (the server's home is a local folder here). */
    static List<String> remoteEvents(JobTestBed bed, JobId id) throws IOException {
        Path events = bed.server.home().resolve(RemoteLayout.events(id));
        return Files.readAllLines(events).stream()
                .filter(line -> EventCodec.decode(line).isPresent())
                .toList();
    }
}

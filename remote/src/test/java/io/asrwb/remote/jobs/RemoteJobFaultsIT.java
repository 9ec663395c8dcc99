package io.asrwb.remote.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.EventLine;
import io.asrwb.engine.train.RunAttempts;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.checkpoints.KeptCheckpoints;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import io.asrwb.remote.jobs.launch.SingleNodeLauncher;
import io.asrwb.remote.ssh.SshSession;
import io.asrwb.remote.ssh.TransferListener;
import io.asrwb.remote.testing.EventRecorder;
import io.asrwb.remote.testing.JobTestBed;
import io.asrwb.remote.testing.TestRuntime;
import io.asrwb.remote.testing.TestSshServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote process killed under the job (preemption) and a job stopped by the user. The timeouts
 * only end a test that hangs: each test takes 40-220 s at a load of 36 on 2 cores
 * (bench/faults-under-load.sh), so 15 minutes leaves 4× that.
 */
@Timeout(900)
class RemoteJobFaultsIT {

    @TempDir Path dir;

    /**
     * SIGKILL (the OOM killer, a lost box) at the first checkpoint, then SIGTERM not sent by
     * {@code job stop} (a preempted spot instance) at the first checkpoint after the resume: both
     * runs are resumed from their newest checkpoint and the run completes.
     */
    @Test
    void aKilledOrExternallyStoppedTrainingProcessIsResumedAndTheRunCompletes() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
            JobRecord job =
                    bed.jobs.submit(
                            new JobSpec(
                                    "demo",
                                    JobTestBed.config(12, 2),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)),
                                    2),
                            BundleProgress.ignore());
            EventRecorder sink =
                    new EventRecorder() {
                        int starts;
                        int signals;

                        @Override
                        public void event(String line, EventLine event) {
                            super.event(line, event);
                            if (line.contains("\"type\":\"started\"")) {
                                starts++;
                            } else if (line.contains("\"type\":\"checkpoint\"")
                                    && signals < Math.min(starts, 2)) {
                                signals++;
                                signalJava(bed, job.id(), signals == 1);
                            }
                        }
                    };

            JobState end = bed.jobs.attach(job.id(), sink);

            assertThat(end)
                    .as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()) + sink.notes)
                    .isInstanceOf(JobState.Finished.class);
            assertThat(bed.jobs.repository().require(job.id()).restarts()).isEqualTo(2);
            assertThat(sink.notes)
                    .anyMatch(
                            n ->
                                    n.contains("exit status 137")
                                            && n.contains("from its newest checkpoint"));
            assertThat(sink.notes).anyMatch(n -> n.contains("did not come from `job stop`"));
            assertThat(sink.notes)
                    .anyMatch(
                            n ->
                                    n.contains("exit status 143")
                                            && n.contains("from its newest checkpoint"));
            assertThat(sink.events)
                    .filteredOn(
                            e ->
                                    e.contains("\"type\":\"started\"")
                                            && e.contains("\"resumed\":true"))
                    .hasSize(2);
            assertThat(sink.events).isEqualTo(RemoteJobLifecycleIT.remoteEvents(bed, job.id()));
            assertThat(sink.events.get(sink.events.size() - 1))
                    .contains("\"type\":\"finished\"")
                    .contains("\"step\":12");
            assertThat(eachStepOnce(sink.events).keySet())
                    .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
        }
    }

    /**
     * Killed before its first checkpoint, the run is started again in its folder on the same host
     * (run.sh's {@code train} finds the earlier attempt's config.yaml and resumes, which starts over
     * from step 0; a second {@code train} there would be refused): the lines the follower delivers
     * repeat step 1, and read by the engine's rule show each step once.
     */
    @Test
    void aRunKilledBeforeItsFirstCheckpointStartsOverInItsFolder() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
            JobRecord job =
                    bed.jobs.submit(
                            new JobSpec(
                                    "demo",
                                    JobTestBed.config(12, 10),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)),
                                    1),
                            BundleProgress.ignore());
            EventRecorder sink = new EventRecorder();
            sink.onStep = () -> signalJava(bed, job.id(), true);

            JobState end = bed.jobs.attach(job.id(), sink);

            assertThat(end)
                    .as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()) + sink.notes)
                    .isInstanceOf(JobState.Finished.class);
            assertThat(sink.notes)
                    .anyMatch(
                            n ->
                                    n.contains("exit status 137")
                                            && n.contains(
                                                    "from the beginning (it had no checkpoint"
                                                            + " yet)"));
            assertThat(sink.events)
                    .filteredOn(e -> e.contains("\"type\":\"started\""))
                    .hasSize(2)
                    .allSatisfy(e -> assertThat(e).contains("\"step\":0"));
            assertThat(sink.events)
                    .filteredOn(e -> e.contains("\"type\":\"step\""))
                    .hasSizeGreaterThan(12);
            Map<Long, Double> losses = eachStepOnce(sink.events);
            assertThat(losses.keySet())
                    .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
            List<String> lastAttempt =
                    sink.events.subList(
                            sink.events.lastIndexOf(
                                    sink.events.stream()
                                            .filter(e -> e.contains("\"type\":\"started\""))
                                            .reduce((a, b) -> b)
                                            .orElseThrow()),
                            sink.events.size());
            assertThat(losses).isEqualTo(eachStepOnce(lastAttempt));
        }
    }

    /**
     * Each step's loss in delivered lines, read by the engine's rule for attempts ({@link
     * RunAttempts}); a step twice fails.
     */
    static Map<Long, Double> eachStepOnce(List<String> lines) throws IOException {
        ObjectMapper json = new ObjectMapper();
        RunAttempts.Fold<JsonNode> fold = new RunAttempts.Fold<>(e -> e.path("step").asLong());
        for (String line : lines) {
            JsonNode e = json.readTree(line);
            EventCodec.decode(line)
                    .map(RunAttempts::startsAt)
                    .filter(k -> k.isPresent())
                    .ifPresent(k -> fold.attemptStartsAt(k.getAsLong()));
            if (e.path("type").asText().equals("step")) {
                fold.add(e);
            }
        }
        Map<Long, Double> out = new TreeMap<>();
        for (JsonNode e : fold.points()) {
            assertThat(out.put(e.path("step").asLong(), e.path("loss").asDouble()))
                    .as("step " + e.path("step") + " once")
                    .isNull();
        }
        return out;
    }

    /**
     * A silent hang: the job's java is frozen (SIGSTOP) right after its first checkpoint, so it is
     * alive but writes nothing. Once the hang timeout passes the follower kills it and resumes the
     * run from that checkpoint, and the run completes.
     */
    @Test
    void aHungTrainingProcessIsKilledAndResumedFromItsCheckpoint() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
            // long enough for a JVM start under load, so only the frozen process counts as hung
            RemoteJobs jobs =
                    new RemoteJobs(
                            bed.catalog,
                            bed.sessions(),
                            TestRuntime::jars,
                            dir.resolve("staging-hang"),
                            JobTestBed.FOLLOW.withHangTimeout(Duration.ofSeconds(60)),
                            Clock.systemUTC());
            JobRecord job =
                    jobs.submit(
                            new JobSpec(
                                    "demo",
                                    JobTestBed.config(10, 2),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)),
                                    3),
                            BundleProgress.ignore());
            List<ProcessHandle> frozen = new ArrayList<>();
            EventRecorder sink =
                    new EventRecorder() {
                        @Override
                        public void event(String line, EventLine event) {
                            super.event(line, event);
                            if (line.contains("\"type\":\"checkpoint\"") && frozen.isEmpty()) {
                                frozen.add(freezeJava(bed, job.id()));
                            }
                        }
                    };

            JobState end = jobs.attach(job.id(), sink);

            assertThat(end)
                    .as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()) + sink.notes)
                    .isInstanceOf(JobState.Finished.class);
            assertThat(frozen).hasSize(1);
            frozen.get(0).onExit().orTimeout(30, TimeUnit.SECONDS).join();
            // not necessarily the first note: under load a keep-alive may miss first (a reconnect)
            assertThat(sink.notes).anyMatch(n -> n.contains("is hung: no event line"));
            assertThat(sink.notes)
                    .anyMatch(
                            n ->
                                    n.contains("hung")
                                            && n.contains("killed it")
                                            && n.contains("from its newest checkpoint"));
            assertThat(jobs.repository().require(job.id()).restarts()).isBetween(1, 3);
            assertThat(sink.events)
                    .filteredOn(
                            e ->
                                    e.contains("\"type\":\"started\"")
                                            && e.contains("\"resumed\":true"))
                    .isNotEmpty();
            assertThat(sink.events.get(sink.events.size() - 1))
                    .contains("\"type\":\"finished\"")
                    .contains("\"step\":10");
        }
    }

    @Test
    void aStoppedJobEndsItsProcessGroupAndIsNotRestarted() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 4)) {
            JobRecord job =
                    bed.jobs.submit(
                            new JobSpec(
                                    "demo",
                                    JobTestBed.config(1000, 500),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST)),
                                    3),
                            BundleProgress.ignore());
            long group = ((JobState.Running) job.state()).pid();
            assertThat(ProcessHandle.of(group)).isPresent();

            assertThat(bed.jobs.stop(job.id()).state()).isEqualTo(new JobState.Stopped());

            try (SshSession ssh = bed.connect()) {
                assertThat(new SingleNodeLauncher().running(ssh, job)).isFalse();
            }
            assertThat(ProcessHandle.allProcesses().filter(p -> p.isAlive() && groupOf(p) == group))
                    .isEmpty();
            EventRecorder sink = new EventRecorder();
            assertThat(bed.jobs.attach(job.id(), sink)).isEqualTo(new JobState.Stopped());
            assertThat(bed.jobs.repository().require(job.id()).restarts()).isZero();
        }
    }

    /** Gone before its first checkpoint: nothing to go on from, the next host starts over. */
    @Test
    void aJobWhoseHostIsGoneStartsOverOnTheNextHostOfItsPlan() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
            TestSshServer spare = bed.addHost("spare");
            JobRecord job =
                    bed.jobs.submit(
                            new JobSpec(
                                    "demo",
                                    JobTestBed.config(10, 100),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST, "spare")),
                                    1),
                            BundleProgress.ignore());
            EventRecorder sink = new EventRecorder();
            sink.onStep =
                    () -> { // the box and its run vanish
                        bed.server.close();
                        JobTestBed.endJobs(bed.server.home(), true);
                    };

            JobState end = bed.jobs.attach(job.id(), sink);

            JobRecord moved = bed.jobs.repository().require(job.id());
            assertThat(end)
                    .as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()) + sink.notes)
                    .isInstanceOf(JobState.Finished.class);
            assertThat(moved.host()).isEqualTo("spare");
            assertThat(moved.restarts()).isEqualTo(1);
            assertThat(sink.notes)
                    .anyMatch(
                            n ->
                                    n.contains(
                                            "no checkpoint of job "
                                                    + job.id()
                                                    + " had reached this machine; spare starts the"
                                                    + " run over"));
            List<String> onSpare =
                    Files.readAllLines(spare.home().resolve(RemoteLayout.events(job.id())));
            assertThat(sink.events.subList(sink.events.size() - onSpare.size(), sink.events.size()))
                    .isEqualTo(onSpare);
            assertThat(onSpare.get(onSpare.size() - 1)).contains("\"type\":\"finished\"");
        }
    }

    /**
     * Gone after a checkpoint was copied to this machine: the next host goes on from that
     * checkpoint (its first step is the one after it), and every line either host wrote before
     * the end reaches the sink once, in order.
     */
    @Test
    void aJobWhoseHostIsGoneGoesOnOnTheNextHostFromTheCheckpointKeptHere() throws Exception {
        try (JobTestBed bed = new JobTestBed(dir, "demo", 8)) {
            TestSshServer spare = bed.addHost("spare");
            JobRecord job =
                    bed.jobs.submit(
                            new JobSpec(
                                    "demo",
                                    JobTestBed.config(16, 2),
                                    new LaunchPlan.SingleNode(List.of(JobTestBed.HOST, "spare")),
                                    1),
                            BundleProgress.ignore());
            KeptCheckpoints kept = KeptCheckpoints.besideCatalog(bed.catalog.location());
            CompletableFuture<Void> gone = new CompletableFuture<>();
            EventRecorder sink =
                    new EventRecorder() {
                        boolean frozen;

                        @Override
                        public void event(String line, EventLine event) {
                            super.event(line, event);
                            if (line.contains("\"type\":\"checkpoint\"") && !frozen) {
                                // frozen, so the run cannot finish there before the copy; gone once
                                // it is copied
                                frozen = true;
                                freezeJava(bed, job.id());
                                gone.completeAsync(
                                        () -> {
                                            awaitKept(kept, job.id());
                                            bed.server.close();
                                            JobTestBed.endJobs(bed.server.home(), true);
                                            return null;
                                        });
                            }
                        }
                    };

            JobState end = bed.jobs.attach(job.id(), sink);

            gone.get(10, TimeUnit.SECONDS);
            assertThat(end)
                    .as(() -> RemoteJobLifecycleIT.diagnosis(bed, job.id()) + sink.notes)
                    .isInstanceOf(JobState.Finished.class);
            JobRecord moved = bed.jobs.repository().require(job.id());
            assertThat(moved.host()).isEqualTo("spare");
            assertThat(moved.restarts()).isEqualTo(1);
            long step =
                    sink.notes.stream()
                            .map(KEPT_STEP::matcher)
                            .filter(Matcher::find)
                            .mapToLong(m -> Long.parseLong(m.group(1)))
                            .findFirst()
                            .orElseThrow(
                                    () ->
                                            new AssertionError(
                                                    "no note of the kept checkpoint: "
                                                            + sink.notes));
            assertThat(step).isPositive();
            List<String> onBox = RemoteJobLifecycleIT.remoteEvents(bed, job.id());
            assertThat(onBox)
                    .as("the box saved the checkpoint that was carried over")
                    .anyMatch(l -> l.contains("\"type\":\"checkpoint\",\"step\":" + step + ","));
            List<String> onSpare =
                    Files.readAllLines(spare.home().resolve(RemoteLayout.events(job.id())));
            assertThat(onSpare.get(0))
                    .contains("\"type\":\"started\"")
                    .contains("\"resumed\":true");
            assertThat(onSpare)
                    .filteredOn(l -> l.contains("\"type\":\"step\""))
                    .first()
                    .asString()
                    .contains("\"step\":" + (step + 1) + ",");
            assertThat(onSpare.get(onSpare.size() - 1))
                    .contains("\"type\":\"finished\"")
                    .contains("\"step\":16");
            int fromBox = sink.events.size() - onSpare.size();
            assertThat(fromBox).isPositive().isLessThanOrEqualTo(onBox.size());
            List<String> expected = new ArrayList<>(onBox.subList(0, fromBox));
            expected.addAll(onSpare);
            assertThat(sink.events).isEqualTo(expected);

            // and with the second host gone too, fetch still gives the newest checkpoint kept here
            spare.close();
            List<String> fetchNotes = new ArrayList<>();
            Path out = dir.resolve("fetched");
            Checkpoint fetched =
                    bed.jobs.fetch(job.id(), out, TransferListener.ignore(), fetchNotes::add);
            assertThat(fetched.step())
                    .isEqualTo(kept.newest(job.id()).orElseThrow().step())
                    .isGreaterThan(step);
            assertThat(fetchNotes)
                    .singleElement()
                    .asString()
                    .contains("spare cannot be reached")
                    .contains("step " + fetched.step())
                    .contains("kept");
            assertThat(CheckpointStore.openReadOnly(out).latest()).contains(fetched);
        }
    }

    private static final Pattern KEPT_STEP =
            Pattern.compile("goes on from the checkpoint at step (\\d+) kept on this machine");

    /**
     * Until a checkpoint of the job is kept here: the follower copies it over SFTP after its line,
     * a few MB through the test's own SSH server, seconds when idle; 5 minutes covers a load of 36
     * many times, and a copy that never comes fails here, not later as a wrong host move.
     */
    private static void awaitKept(KeptCheckpoints kept, JobId id) {
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (kept.newest(id).isEmpty()) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no checkpoint of " + id + " was kept in 5 minutes");
                }
                Thread.sleep(100);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** SIGKILL (or SIGTERM) to the job's java, as the OOM killer (or a preemption) would. */
    static void signalJava(JobTestBed bed, JobId id, boolean kill) {
        ProcessHandle java = javaOf(bed, id);
        if (kill) {
            java.destroyForcibly();
        } else {
            java.destroy();
        }
        java.onExit().join();
    }

    /** The java process of the job's run.sh. */
    private static ProcessHandle javaOf(JobTestBed bed, JobId id) {
        try {
            long group =
                    Long.parseLong(
                            Files.readString(
                                            bed.server
                                                    .home()
                                                    .resolve(RemoteLayout.job(id))
                                                    .resolve("job.pid"))
                                    .strip());
            Optional<ProcessHandle> java =
                    ProcessHandle.of(group)
                            .orElseThrow()
                            .children()
                            .filter(p -> p.info().command().orElse("").endsWith("java"))
                            .findFirst();
            assertThat(java).as("the job's java process").isPresent();
            return java.get();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SIGSTOP to the job's java: alive, silent, as a process stuck on a lock or a device. */
    static ProcessHandle freezeJava(JobTestBed bed, JobId id) {
        ProcessHandle java = javaOf(bed, id);
        try {
            assertThat(
                            new ProcessBuilder("kill", "-STOP", Long.toString(java.pid()))
                                    .inheritIO()
                                    .start()
                                    .waitFor())
                    .isZero();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return java;
    }

    /** The process group of a process (Linux /proc), -1 when it is gone or a zombie. */
    private static long groupOf(ProcessHandle p) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
            String[] after = stat.substring(stat.lastIndexOf(") ") + 2).split(" ");
            return after[0].equals("Z") ? -1 : Long.parseLong(after[2]);
        } catch (IOException | RuntimeException gone) {
            return -1;
        }
    }
}

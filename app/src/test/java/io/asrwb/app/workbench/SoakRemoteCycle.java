package io.asrwb.app.workbench;

import io.asrwb.app.FxCalls;
import io.asrwb.app.jobs.JobRow;
import io.asrwb.app.jobs.JobsViewModel;
import io.asrwb.app.jobs.SubmitRequest;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.jobs.core.RemoteLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One remote round of the soak, through the Remote jobs tab's view model: a tiny job submitted to
 * the loopback OpenSSH host, its SSH connections dropped once it has reported a few steps (the
 * sshd processes serving them killed, as a network drop would end them), the follower's attach
 * re-made by itself, and the job followed to its end. Passes when the job finished and the app's
 * mirror of its events equals the events.jsonl the host wrote (no line lost or repeated).
 */
final class SoakRemoteCycle implements Runnable {

    private final JobsViewModel jobs;
    private final SoakCounts counts;
    private final String config;
    private final String host;
    private final String dataset;
    private final long sshdPid;
    private final Path remoteHome;
    private final Path localJobs;

    SoakRemoteCycle(
            JobsViewModel jobs,
            SoakCounts counts,
            String config,
            String host,
            String dataset,
            long sshdPid,
            Path remoteHome,
            Path localJobs) {
        this.jobs = jobs;
        this.counts = counts;
        this.config = config;
        this.host = host;
        this.dataset = dataset;
        this.sshdPid = sshdPid;
        this.remoteHome = remoteHome;
        this.localJobs = localJobs;
    }

    @Override
    public void run() {
        try {
            round();
        } catch (Exception | AssertionError e) {
            counts.error("remote round: " + e);
        }
    }

    private void round() throws Exception {
        int before = FxCalls.call(() -> jobs.jobs().size());
        boolean accepted =
                FxCalls.call(
                        () ->
                                jobs.submit(
                                        new SubmitRequest(
                                                List.of(host),
                                                config,
                                                dataset,
                                                LaunchPlan.SingleNode.MODE,
                                                0)));
        if (!accepted) {
            counts.error(
                    "remote submit refused: " + FxCalls.call(() -> jobs.statusProperty().get()));
            return;
        }
        // the upload and the job's JVM start come first: minutes under load
        SoakDriver.await(
                "new remote job with 3 steps",
                () -> {
                    jobs.drain();
                    return jobs.jobs().size() > before
                            && (newest().step() >= 3 || newest().job().state().ended());
                });
        JobRow row = FxCalls.call(this::newest);
        if (row.job().state().ended()) {
            counts.error("remote job " + row.id() + " ended before the drop: " + row.state());
            return;
        }
        ProcessHandle.of(sshdPid)
                .orElseThrow(() -> new IllegalStateException("sshd " + sshdPid + " is gone"))
                .children()
                .forEach(ProcessHandle::destroy);
        counts.drop();
        SoakDriver.await(
                "the end of remote job " + row.id(),
                () -> {
                    jobs.drain();
                    return find(row).map(r -> r.job().state().ended()).orElse(false);
                });
        JobRow end = FxCalls.call(() -> find(row).orElseThrow());
        if (!(end.job().state() instanceof JobState.Finished)) {
            counts.error(
                    "remote job "
                            + row.id()
                            + " "
                            + end.state()
                            + ": "
                            + FxCalls.call(() -> jobs.statusProperty().get()));
            return;
        }
        List<String> wrote = Files.readAllLines(remoteHome.resolve(RemoteLayout.events(row.id())));
        List<String> mirrored =
                Files.readAllLines(localJobs.resolve(row.id().value()).resolve("events.jsonl"));
        if (!wrote.equals(mirrored)) {
            counts.error(
                    "remote job "
                            + row.id()
                            + ": the host wrote "
                            + wrote.size()
                            + " event lines, the app mirrored "
                            + mirrored.size()
                            + " (not the same lines)");
            return;
        }
        counts.attach();
    }

    private JobRow newest() {
        return jobs.jobs().get(0);
    }

    private Optional<JobRow> find(JobRow row) {
        return jobs.jobs().stream().filter(r -> r.id().equals(row.id())).findFirst();
    }
}

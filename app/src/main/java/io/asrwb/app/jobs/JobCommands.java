package io.asrwb.app.jobs;

import io.asrwb.app.AppContext;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.train.checkpoint.Checkpoint;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.follow.EventSink;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * What the user asks of remote jobs: submit, stop, resume, fetch the newest checkpoint. One at a
 * time through the task runner, with the transfer's progress and the outcome in the status line;
 * a submitted or resumed job is then followed.
 */
final class JobCommands {

    private final AppContext ctx;
    private final RemoteServices remote;
    private final JobFollowers followers;
    private final Runnable refresh;
    private final Consumer<JobId> select;
    final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private Consumer<Path> onFetched = folder -> {};

    /**
     * @param refresh reads jobs, hosts and datasets again from the catalog
     * @param select selects a job in the list
     */
    JobCommands(
            AppContext ctx,
            RemoteServices remote,
            JobFollowers followers,
            Runnable refresh,
            Consumer<JobId> select) {
        this.ctx = ctx;
        this.remote = remote;
        this.followers = followers;
        this.refresh = refresh;
        this.select = select;
    }

    void onFetched(Consumer<Path> consumer) {
        this.onFetched = Objects.requireNonNull(consumer);
    }

    /** Sends the job and starts it, then follows it; false, with the reason in the status, when the request is wrong. */
    boolean submit(SubmitRequest request) {
        JobSpec spec;
        try {
            spec = request.toSpec();
        } catch (RuntimeException e) {
            status.set(message(e));
            return false;
        }
        begin("sending the job to " + spec.plan().hosts().get(0) + "…");
        ctx.tasks()
                .run(
                        "Submitting a job",
                        task ->
                                remote.jobs()
                                        .submit(
                                                spec,
                                                new BundleProgress() {
                                                    @Override
                                                    public void progress(
                                                            String part, long done, long total) {
                                                        task.progress(
                                                                done, total, "sending " + part);
                                                    }

                                                    @Override
                                                    public void warn(String message) {
                                                        // shown with the followers' notes
                                                        followers.note("warning: " + message);
                                                    }
                                                }),
                        new TaskCallbacks<JobRecord>(
                                job -> {
                                    done(
                                            "started job "
                                                    + job.id()
                                                    + " on "
                                                    + job.host()
                                                    + " ("
                                                    + job.backend()
                                                    + ")");
                                    select.accept(job.id());
                                    followers.follow(job.id());
                                },
                                this::failed,
                                () -> done("cancelled"),
                                this::progressed));
        return true;
    }

    /** Stops the job (TERM, KILL after the grace period); its checkpoints stay. */
    void stop(JobId id) {
        begin("stopping " + id + "…");
        ctx.tasks()
                .run(
                        "Stopping " + id,
                        task -> remote.jobs().stop(id),
                        new TaskCallbacks<JobRecord>(
                                job -> done("stopped job " + job.id()),
                                this::failed,
                                () -> done("cancelled"),
                                this::progressed));
    }

    /** Starts a stopped or lost job again from its newest checkpoint, and follows it. */
    void resume(JobId id) {
        begin("resuming " + id + "…");
        EventSink sink = followers.sinkFor(id);
        ctx.tasks()
                .run(
                        "Resuming " + id,
                        task -> remote.jobs().resume(id, sink),
                        new TaskCallbacks<JobRecord>(
                                job -> {
                                    done("resumed job " + job.id() + " on " + job.host());
                                    followers.follow(job.id());
                                },
                                this::failed,
                                () -> done("cancelled"),
                                this::progressed));
    }

    /**
     * Copies the job's newest complete checkpoint into the app's folder for the job (a run folder)
     * and offers it to the Transcribe tab.
     */
    void fetch(JobId id) {
        Path out = remote.localJobFolder(id.value()).resolve("model");
        begin("fetching the newest checkpoint of " + id + "…");
        // set when the host is gone and the copy kept on this machine is taken instead
        AtomicReference<String> keptCopy = new AtomicReference<>("");
        ctx.tasks()
                .run(
                        "Fetching " + id,
                        task ->
                                remote.jobs()
                                        .fetch(
                                                id,
                                                out,
                                                (done, total) ->
                                                        task.progress(
                                                                done,
                                                                total,
                                                                "fetching the checkpoint"),
                                                note -> keptCopy.set(" (" + note + ")")),
                        new TaskCallbacks<Checkpoint>(
                                checkpoint -> {
                                    done(
                                            "fetched the checkpoint at step "
                                                    + checkpoint.step()
                                                    + " into "
                                                    + out
                                                    + keptCopy.get());
                                    onFetched.accept(out);
                                },
                                this::failed,
                                () -> done("cancelled"),
                                this::progressed));
    }

    static String message(Throwable e) {
        return Objects.requireNonNullElse(e.getMessage(), e.toString());
    }

    private void begin(String message) {
        busy.set(true);
        progress.set(-1);
        status.set(message);
    }

    private void done(String message) {
        progress.set(0);
        refresh.run();
        status.set(message);
        busy.set(false); // last: whoever waits for it sees the jobs and status as they are now
    }

    private void failed(Throwable failure) {
        done(message(failure));
    }

    private void progressed(double fraction, String message) {
        progress.set(fraction);
        if (message != null && !message.isBlank()) {
            status.set(message);
        }
    }
}

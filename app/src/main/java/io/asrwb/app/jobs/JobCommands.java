package io.asrwb.app.jobs;

import io.asrwb.app.AppContext;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.tasks.TaskHandlers;
import io.asrwb.app.tasks.TaskState;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.follow.EventSink;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

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
    final TaskState state = new TaskState();
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
            state.setStatus(message(e));
            return false;
        }
        state.run(
                ctx.tasks(),
                "Submitting a job",
                "sending the job to " + spec.plan().hosts().get(0) + "…",
                task ->
                        remote.jobs()
                                .submit(
                                        spec,
                                        new BundleProgress() {
                                            @Override
                                            public void progress(
                                                    String part, long done, long total) {
                                                task.progress(done, total, "sending " + part);
                                            }

                                            @Override
                                            public void warn(String message) {
                                                // shown with the followers' notes
                                                followers.note("warning: " + message);
                                            }
                                        }),
                handlers(
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
                        }));
        return true;
    }

    /** Stops the job (TERM, KILL after the grace period); its checkpoints stay. */
    void stop(JobId id) {
        state.run(
                ctx.tasks(),
                "Stopping " + id,
                "stopping " + id + "…",
                task -> remote.jobs().stop(id),
                handlers(job -> done("stopped job " + job.id())));
    }

    /** Starts a stopped or lost job again from its newest checkpoint, and follows it. */
    void resume(JobId id) {
        EventSink sink = followers.sinkFor(id);
        state.run(
                ctx.tasks(),
                "Resuming " + id,
                "resuming " + id + "…",
                task -> remote.jobs().resume(id, sink),
                handlers(
                        job -> {
                            done("resumed job " + job.id() + " on " + job.host());
                            followers.follow(job.id());
                        }));
    }

    /**
     * Copies the job's newest complete checkpoint into the app's folder for the job (a run folder)
     * and offers it to the Transcribe tab.
     */
    void fetch(JobId id) {
        Path out = remote.localJobFolder(id.value()).resolve("model");
        // set when the host is gone and the copy kept on this machine is taken instead
        AtomicReference<String> keptCopy = new AtomicReference<>("");
        state.run(
                ctx.tasks(),
                "Fetching " + id,
                "fetching the newest checkpoint of " + id + "…",
                task ->
                        remote.jobs()
                                .fetch(
                                        id,
                                        out,
                                        (done, total) ->
                                                task.progress(
                                                        done, total, "fetching the checkpoint"),
                                        note -> keptCopy.set(" (" + note + ")")),
                handlers(
                        checkpoint -> {
                            done(
                                    "fetched the checkpoint at step "
                                            + checkpoint.step()
                                            + " into "
                                            + out
                                            + keptCopy.get());
                            onFetched.accept(out);
                        }));
    }

    static String message(Throwable e) {
        return Objects.requireNonNullElse(e.getMessage(), e.toString());
    }

    /** Each outcome refreshes the lists; the transfer's messages show as they come. */
    private <T> TaskHandlers<T> handlers(Consumer<T> succeeded) {
        return new TaskHandlers<T>(
                succeeded,
                failure -> {
                    refresh.run();
                    return message(failure);
                },
                () -> {
                    refresh.run();
                    return "cancelled";
                },
                true);
    }

    private void done(String message) {
        refresh.run();
        state.setStatus(message);
    }
}

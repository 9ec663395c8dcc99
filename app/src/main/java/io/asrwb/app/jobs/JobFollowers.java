package io.asrwb.app.jobs;

import io.asrwb.app.AppContext;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.engine.events.EventLine;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.follow.Detach;
import io.asrwb.remote.jobs.follow.EventSink;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;

/**
 * The followers of remote jobs: each on a task thread, mirroring its job's lines to disk and
 * queueing them; {@link #drain} folds what queued up into each job's {@link JobLive} on the FX
 * thread. A job's live state is first replayed from its mirror, so the follower delivers only
 * what comes after it.
 */
final class JobFollowers {

    private final AppContext ctx;
    private final RemoteServices remote;
    private final Function<JobId, String> hostOf;
    private final BiConsumer<JobId, String> followed;
    private final Queue<Incoming> pending = new ConcurrentLinkedQueue<>();
    private final Queue<String> notes = new ConcurrentLinkedQueue<>();
    private final Map<JobId, JobLive> lives = new HashMap<>();

    /** Jobs with a follower; changed on the FX thread only (the followers' callbacks). */
    final ObservableSet<JobId> following = FXCollections.observableSet();

    /** Requested when the app closes: each follower stops before its next line. */
    private final Detach detach = new Detach();

    /** Followers still running their work (on any thread). */
    private final AtomicInteger active = new AtomicInteger();

    /** One line a follower delivered. */
    private record Incoming(JobId job, EventLine event, Instant receivedAt) {}

    /**
     * @param hostOf the host a job runs on, for its node lanes ("?" when unknown)
     * @param followed called on the FX thread when a follower ends, with what to tell the user
     */
    JobFollowers(
            AppContext ctx,
            RemoteServices remote,
            Function<JobId, String> hostOf,
            BiConsumer<JobId, String> followed) {
        this.ctx = ctx;
        this.remote = remote;
        this.hostOf = hostOf;
        this.followed = followed;
    }

    /** Starts a follower for the job unless one runs; it ends when the job ends. */
    void follow(JobId id) {
        if (!following.add(id)) {
            return;
        }
        EventSink sink = sinkFor(id);
        ctx.tasks()
                .run(
                        "Following " + id,
                        task -> {
                            active.incrementAndGet();
                            try {
                                return remote.jobs().attach(id, sink, detach);
                            } finally {
                                active.decrementAndGet();
                            }
                        },
                        new TaskCallbacks<JobState>(
                                end -> ended(id, "job " + id + " " + end.word()),
                                failure ->
                                        ended(
                                                id,
                                                "stopped following "
                                                        + id
                                                        + ": "
                                                        + JobCommands.message(failure)),
                                () -> ended(id, "stopped following " + id),
                                (p, m) -> {}));
    }

    /**
     * Stops every follower before its next line and waits up to {@code wait} for them to end: the
     * app closes the catalog next, and a follower cut between mirroring a line and saving the
     * offset after it would deliver that line again at the next start. Any thread but a
     * follower's.
     */
    void detachAll(Duration wait) throws InterruptedException {
        detach.request();
        long deadline = System.nanoTime() + wait.toNanos();
        while (active.get() > 0 && System.nanoTime() - deadline < 0) {
            Thread.sleep(10);
        }
    }

    /**
     * Where a job's delivered lines go: its local mirror, then the queue {@link #drain} empties.
     * Called on the FX thread; the sink itself runs on a follower's thread.
     */
    EventSink sinkFor(JobId id) {
        live(id); // replays the mirror first: the follower delivers only what comes after it
        EventMirror mirror = new EventMirror(remote.localJobFolder(id.value()));
        return new EventSink() {
            @Override
            public void event(String line, EventLine event) {
                mirror.append(line);
                pending.add(new Incoming(id, event, ctx.clock().instant()));
            }

            @Override
            public void note(String message) {
                notes.add(id + ": " + message);
            }
        };
    }

    /** A note for the status line, shown at the next drain (e.g. a warning while sending). */
    void note(String message) {
        notes.add(message);
    }

    /**
     * Folds the queued lines into the jobs' live state; call on the FX thread.
     *
     * @param status gets the followers' notes, oldest first
     */
    Drained drain(Consumer<String> status) {
        Map<JobId, List<JobLive.Line>> arrived = new LinkedHashMap<>();
        Incoming in;
        while ((in = pending.poll()) != null) {
            arrived.computeIfAbsent(in.job(), id -> new ArrayList<>())
                    .add(new JobLive.Line(in.event(), in.receivedAt()));
        }
        String note;
        while ((note = notes.poll()) != null) {
            status.accept(note);
        }
        boolean ended = false;
        for (Map.Entry<JobId, List<JobLive.Line>> e : arrived.entrySet()) {
            ended |= live(e.getKey()).fold(e.getValue(), hostOf.apply(e.getKey()));
        }
        return new Drained(arrived.keySet(), ended);
    }

    /**
     * What a drain found.
     *
     * @param jobs the jobs that had lines
     * @param ended whether one of them ended (the follower has recorded the end state)
     */
    record Drained(Set<JobId> jobs, boolean ended) {}

    /** The job's live state, replayed from its local mirror the first time it is asked for. */
    JobLive live(JobId id) {
        return lives.computeIfAbsent(
                id,
                key -> {
                    JobLive live = new JobLive(key.value());
                    List<JobLive.Line> replayed =
                            new EventMirror(remote.localJobFolder(key.value()))
                                    .read().stream()
                                            .map(text -> JobLive.Line.read(text, null))
                                            .toList();
                    live.fold(replayed, hostOf.apply(key));
                    return live;
                });
    }

    private void ended(JobId id, String message) {
        following.remove(id);
        followed.accept(id, message);
    }
}

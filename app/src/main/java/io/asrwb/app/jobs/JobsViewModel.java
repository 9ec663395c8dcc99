package io.asrwb.app.jobs;

import io.asrwb.app.AppContext;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.training.RunSeries;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.train.EventLine;
import io.asrwb.engine.train.checkpoint.Checkpoint;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.jobs.bundle.BundleProgress;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import io.asrwb.remote.jobs.core.JobSpec;
import io.asrwb.remote.jobs.core.JobState;
import io.asrwb.remote.jobs.follow.EventSink;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableSet;

/**
 * The Remote jobs tab's state. Each followed job has a follower ({@code RemoteJobs.attach}) on a
 * task thread that only mirrors its lines to disk and queues them; {@link #drain()} folds what
 * queued up into the charts and node lanes on the FX thread, called by the view's ≤ 10 Hz timer,
 * so the charts change once per series per drain, never once per line.
 */
public final class JobsViewModel {

    /** Node lanes are re-judged (heartbeat ages) this often even when no line arrives. */
    private static final Duration LANES_EVERY = Duration.ofSeconds(1);

    private final AppContext ctx;
    private final RemoteServices remote;

    private final Queue<Incoming> pending = new ConcurrentLinkedQueue<>();
    private final Queue<String> notes = new ConcurrentLinkedQueue<>();

    /** Jobs with a follower; changed on the FX thread only (the followers' callbacks). */
    private final ObservableSet<JobId> following = FXCollections.observableSet();

    private final Map<JobId, JobLive> lives = new HashMap<>();
    private Map<JobId, JobRecord> records = new LinkedHashMap<>();
    private Instant lanesShownAt = Instant.MIN;
    private Consumer<Path> onFetched = folder -> {};

    private final ObservableList<JobRow> jobs = FXCollections.observableArrayList();
    private final ObjectProperty<JobRow> selected = new SimpleObjectProperty<>();
    private final ObservableList<RunSeries> shownSeries = FXCollections.observableArrayList();
    private final ObservableList<NodeLane> lanes = FXCollections.observableArrayList();
    private final ObservableList<String> hostNames = FXCollections.observableArrayList();
    private final ObservableList<String> datasetNames = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final BooleanBinding canStop;
    private final BooleanBinding canResume;
    private final BooleanBinding canFetch;

    /** One line a follower delivered. */
    private record Incoming(JobId job, EventLine event, Instant receivedAt) {}

    public JobsViewModel(AppContext ctx, RemoteServices remote) {
        this.ctx = ctx;
        this.remote = remote;
        canStop =
                Bindings.createBooleanBinding(
                        () -> !busy.get() && selected.get() != null && selected.get().live(),
                        busy,
                        selected);
        // a stopped job's follower may still be reading its last lines: a resume waits for it, or
        // that follower would take the new run's start for the old run's end
        canResume =
                Bindings.createBooleanBinding(
                        () ->
                                !busy.get()
                                        && selected.get() != null
                                        && selected.get().resumable()
                                        && !following.contains(selected.get().id()),
                        busy,
                        selected,
                        following);
        canFetch =
                Bindings.createBooleanBinding(
                        () -> !busy.get() && selected.get() != null, busy, selected);
        selected.addListener(
                (o, was, now) -> {
                    // the rows are rebuilt as steps arrive: only another job rebuilds the charts
                    List<RunSeries> show =
                            now == null ? List.of() : List.of(live(now.id()).series());
                    if (!show.equals(shownSeries)) {
                        shownSeries.setAll(show);
                    }
                    showLanes(ctx.clock().instant());
                });
    }

    /** The app's view model: loaded, and following again every job that was live. */
    public static JobsViewModel opened(AppContext ctx, RemoteServices remote) {
        JobsViewModel vm = new JobsViewModel(ctx, remote);
        vm.refresh();
        vm.followLiveJobs();
        return vm;
    }

    // ---- properties ---------------------------------------------------------------------------

    /** Every job of the catalog, newest first. */
    public ObservableList<JobRow> jobs() {
        return jobs;
    }

    public ObjectProperty<JobRow> selectedProperty() {
        return selected;
    }

    /** What the charts show: the selected job's series. */
    public ObservableList<RunSeries> shownSeries() {
        return shownSeries;
    }

    /** The selected job's nodes, judged about once a second. */
    public ObservableList<NodeLane> lanes() {
        return lanes;
    }

    /** The hosts of the inventory, for the submit dialog. */
    public ObservableList<String> hostNames() {
        return hostNames;
    }

    /** The datasets of the catalog, for the submit dialog. */
    public ObservableList<String> datasetNames() {
        return datasetNames;
    }

    /** A submit, stop, resume or fetch is going. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Fraction of the bundle or checkpoint transferred, -1 when unknown. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public BooleanBinding canStopProperty() {
        return canStop;
    }

    public BooleanBinding canResumeProperty() {
        return canResume;
    }

    public BooleanBinding canFetchProperty() {
        return canFetch;
    }

    /** Where a fetched checkpoint's run folder goes next (the Transcribe tab's model list). */
    public void onFetched(Consumer<Path> consumer) {
        this.onFetched = Objects.requireNonNull(consumer);
    }

    // ---- commands -----------------------------------------------------------------------------

    /** Reloads jobs, hosts and datasets from the catalog, keeping the selection. */
    public void refresh() {
        Map<JobId, JobRecord> now = new LinkedHashMap<>();
        remote.jobs().list().forEach(j -> now.put(j.id(), j));
        records = now;
        showRows();
        hostNames.setAll(remote.hosts().list().stream().map(Host::name).toList());
        datasetNames.setAll(
                ctx.catalog().read(c -> new DatasetRepository(c).all()).stream()
                        .map(DatasetRecord::name)
                        .toList());
    }

    /** Follows every job still syncing or running (after the app starts again). */
    public void followLiveJobs() {
        records.values().stream()
                .filter(j -> !j.state().ended())
                .map(JobRecord::id)
                .toList()
                .forEach(this::follow);
    }

    /**
     * Sends the job and starts it, then follows it. Returns false, with the reason in the status,
     * when the request is wrong.
     */
    public boolean submit(SubmitRequest request) {
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
                                                        notes.add(
                                                                "warning: "
                                                                        + message); // shown with
                                                        // the
                                                        // followers'
                                                        // notes
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
                                    select(job.id());
                                    follow(job.id());
                                },
                                this::failed,
                                () -> done("cancelled"),
                                this::progressed));
        return true;
    }

    /** Stops the selected job (TERM, KILL after the grace period); its checkpoints stay. */
    public void stopSelected() {
        JobRow row = selected.get();
        if (row == null || !canStop.get()) {
            return;
        }
        begin("stopping " + row.id() + "…");
        ctx.tasks()
                .run(
                        "Stopping " + row.id(),
                        task -> remote.jobs().stop(row.id()),
                        new TaskCallbacks<JobRecord>(
                                job -> done("stopped job " + job.id()),
                                this::failed,
                                () -> done("cancelled"),
                                this::progressed));
    }

    /** Starts the selected stopped or lost job again from its newest checkpoint, and follows it. */
    public void resumeSelected() {
        JobRow row = selected.get();
        if (row == null || !canResume.get()) {
            return;
        }
        begin("resuming " + row.id() + "…");
        EventSink sink = sinkFor(row.id());
        ctx.tasks()
                .run(
                        "Resuming " + row.id(),
                        task -> remote.jobs().resume(row.id(), sink),
                        new TaskCallbacks<JobRecord>(
                                job -> {
                                    done("resumed job " + job.id() + " on " + job.host());
                                    follow(job.id());
                                },
                                this::failed,
                                () -> done("cancelled"),
                                this::progressed));
    }

    /**
     * Copies the selected job's newest complete checkpoint into the app's folder for the job (a
     * run folder) and offers it to the Transcribe tab.
     */
    public void fetchSelected() {
        JobRow row = selected.get();
        if (row == null || !canFetch.get()) {
            return;
        }
        Path out = remote.localJobFolder(row.id().value()).resolve("model");
        begin("fetching the newest checkpoint of " + row.id() + "…");
        // set when the host is gone and the copy kept on this machine is taken instead
        AtomicReference<String> keptCopy = new AtomicReference<>("");
        ctx.tasks()
                .run(
                        "Fetching " + row.id(),
                        task ->
                                remote.jobs()
                                        .fetch(
                                                row.id(),
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

    /**
     * Folds the queued lines into the charts and lanes and shows the followers' notes; call on the
     * FX thread (the view does, ≤ 10 times a second).
     */
    public void drain() {
        Map<JobId, List<JobLive.Line>> arrived = new LinkedHashMap<>();
        Incoming in;
        while ((in = pending.poll()) != null) {
            arrived.computeIfAbsent(in.job(), id -> new ArrayList<>())
                    .add(new JobLive.Line(in.event(), in.receivedAt()));
        }
        String note;
        while ((note = notes.poll()) != null) {
            status.set(note);
        }
        boolean ended = false;
        for (Map.Entry<JobId, List<JobLive.Line>> e : arrived.entrySet()) {
            ended |= live(e.getKey()).fold(e.getValue(), hostOf(e.getKey()));
        }
        Instant now = ctx.clock().instant();
        if (ended) {
            refresh(); // the follower has recorded the end state
        } else if (!arrived.isEmpty()) {
            showRows();
        }
        JobRow shown = selected.get();
        if ((shown != null && arrived.containsKey(shown.id()))
                || Duration.between(lanesShownAt, now).compareTo(LANES_EVERY) >= 0) {
            showLanes(now);
        }
    }

    // ---- internals ----------------------------------------------------------------------------

    /** Starts a follower for the job unless one runs; it ends when the job ends. */
    void follow(JobId id) {
        if (!following.add(id)) {
            return;
        }
        EventSink sink = sinkFor(id);
        ctx.tasks()
                .run(
                        "Following " + id,
                        task -> remote.jobs().attach(id, sink),
                        new TaskCallbacks<JobState>(
                                end -> followed(id, "job " + id + " " + end.word()),
                                failure ->
                                        followed(
                                                id,
                                                "stopped following "
                                                        + id
                                                        + ": "
                                                        + message(failure)),
                                () -> followed(id, "stopped following " + id),
                                (p, m) -> {}));
    }

    /**
     * Where a job's delivered lines go: its local mirror, then the queue {@link #drain()} empties.
     * Called on the FX thread; the sink itself runs on a follower's thread.
     */
    private EventSink sinkFor(JobId id) {
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

    private void followed(JobId id, String message) {
        following.remove(id);
        drain();
        refresh();
        status.set(message);
    }

    private JobLive live(JobId id) {
        return lives.computeIfAbsent(
                id,
                key -> {
                    JobLive live = new JobLive(key.value());
                    List<JobLive.Line> replayed =
                            new EventMirror(remote.localJobFolder(key.value()))
                                    .read().stream()
                                            .map(text -> JobLive.Line.read(text, null))
                                            .toList();
                    live.fold(replayed, hostOf(key));
                    return live;
                });
    }

    private String hostOf(JobId id) {
        JobRecord job = records.get(id);
        return job == null ? "?" : job.host();
    }

    private void showRows() {
        JobId was = selected.get() == null ? null : selected.get().id();
        jobs.setAll(
                records.values().stream().map(j -> new JobRow(j, live(j.id()).step())).toList());
        selected.set(jobs.stream().filter(r -> r.id().equals(was)).findFirst().orElse(null));
    }

    private void showLanes(Instant now) {
        lanesShownAt = now;
        JobRow row = selected.get();
        lanes.setAll(row == null ? List.of() : live(row.id()).lanes().lanes(now, row.live()));
    }

    private void select(JobId id) {
        jobs.stream().filter(r -> r.id().equals(id)).findFirst().ifPresent(selected::set);
    }

    private void begin(String message) {
        busy.set(true);
        progress.set(-1);
        status.set(message);
    }

    private void done(String message) {
        progress.set(0);
        refresh();
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

    private static String message(Throwable e) {
        return Objects.requireNonNullElse(e.getMessage(), e.toString());
    }
}

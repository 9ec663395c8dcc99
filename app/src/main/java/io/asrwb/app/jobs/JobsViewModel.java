package io.asrwb.app.jobs;

import io.asrwb.app.AppContext;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.tasks.TaskState;
import io.asrwb.app.training.RunSeries;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.jobs.core.JobId;
import io.asrwb.remote.jobs.core.JobRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Remote jobs tab's state. Each followed job has a follower ({@code RemoteJobs.attach}) on a
 * task thread that only mirrors its lines to disk and queues them; {@link #drain()} folds what
 * queued up into the charts and node lanes on the FX thread, called by the view's ≤ 10 Hz timer,
 * so the charts change once per series per drain, never once per line. The followers are {@link
 * JobFollowers}, the user's commands (submit, stop, resume, fetch) {@link JobCommands}.
 */
public final class JobsViewModel {

    /** Node lanes are re-judged (heartbeat ages) this often even when no line arrives. */
    private static final Duration LANES_EVERY = Duration.ofSeconds(1);

    private final AppContext ctx;
    private final RemoteServices remote;

    private final JobFollowers followers;
    private final JobCommands commands;
    private Map<JobId, JobRecord> records = new LinkedHashMap<>();
    private Instant lanesShownAt = Instant.MIN;

    private final ObservableList<JobRow> jobs = FXCollections.observableArrayList();
    private final ObjectProperty<JobRow> selected = new SimpleObjectProperty<>();
    private final ObservableList<RunSeries> shownSeries = FXCollections.observableArrayList();
    private final ObservableList<NodeLane> lanes = FXCollections.observableArrayList();
    private final ObservableList<String> hostNames = FXCollections.observableArrayList();
    private final ObservableList<String> datasetNames = FXCollections.observableArrayList();
    private final ReadOnlyBooleanProperty busy;
    private final TaskState task;
    private final BooleanBinding canStop;
    private final BooleanBinding canResume;
    private final BooleanBinding canFetch;

    public JobsViewModel(AppContext ctx, RemoteServices remote) {
        this.ctx = ctx;
        this.remote = remote;
        this.followers = new JobFollowers(ctx, remote, this::hostOf, this::followed);
        this.commands = new JobCommands(ctx, remote, followers, this::refresh, this::select);
        this.busy = commands.state.busyProperty();
        this.task = commands.state;
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
                                        && !followers.following.contains(selected.get().id()),
                        busy,
                        selected,
                        followers.following);
        canFetch =
                Bindings.createBooleanBinding(
                        () -> !busy.get() && selected.get() != null, busy, selected);
        selected.addListener(
                (o, was, now) -> {
                    // the rows are rebuilt as steps arrive: only another job rebuilds the charts
                    List<RunSeries> show =
                            now == null ? List.of() : List.of(followers.live(now.id()).series());
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
    /** Why this build cannot submit Spark jobs (the installed app has no Spark), or empty. */
    public Optional<String> sparkUnavailable() {
        return remote.sparkUnavailable();
    }

    public ObservableList<String> datasetNames() {
        return datasetNames;
    }

    /** A submit, stop, resume or fetch is going. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    /** Fraction of the bundle or checkpoint transferred, -1 when unknown. */
    public ReadOnlyDoubleProperty progressProperty() {
        return task.progressProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return task.statusProperty();
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
        commands.onFetched(consumer);
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
                .forEach(followers::follow);
    }

    /**
     * Sends the job and starts it, then follows it. Returns false, with the reason in the status,
     * when the request is wrong.
     */
    public boolean submit(SubmitRequest request) {
        return commands.submit(request);
    }

    /** Stops the selected job (TERM, KILL after the grace period); its checkpoints stay. */
    /**
     * Stops following the jobs (they go on) before the app closes the catalog; waits up to {@code
     * wait} for the followers, each of which stops before its next line.
     */
    public void detachFollowers(Duration wait) throws InterruptedException {
        followers.detachAll(wait);
    }

    public void stopSelected() {
        JobRow row = selected.get();
        if (row == null || !canStop.get()) {
            return;
        }
        commands.stop(row.id());
    }

    /** Starts the selected stopped or lost job again from its newest checkpoint, and follows it. */
    public void resumeSelected() {
        JobRow row = selected.get();
        if (row == null || !canResume.get()) {
            return;
        }
        commands.resume(row.id());
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
        commands.fetch(row.id());
    }

    /**
     * Folds the queued lines into the charts and lanes and shows the followers' notes; call on the
     * FX thread (the view does, ≤ 10 times a second).
     */
    public void drain() {
        JobFollowers.Drained arrived = followers.drain(task::setStatus);
        boolean ended = arrived.ended();
        Instant now = ctx.clock().instant();
        if (ended) {
            refresh(); // the follower has recorded the end state
        } else if (!arrived.jobs().isEmpty()) {
            showRows();
        }
        JobRow shown = selected.get();
        if ((shown != null && arrived.jobs().contains(shown.id()))
                || Duration.between(lanesShownAt, now).compareTo(LANES_EVERY) >= 0) {
            showLanes(now);
        }
    }

    // ---- internals ----------------------------------------------------------------------------

    private void followed(JobId id, String message) {
        drain();
        refresh();
        task.setStatus(message);
    }

    private String hostOf(JobId id) {
        JobRecord job = records.get(id);
        return job == null ? "?" : job.host();
    }

    private void showRows() {
        JobId was = selected.get() == null ? null : selected.get().id();
        jobs.setAll(
                records.values().stream()
                        .map(j -> new JobRow(j, followers.live(j.id()).step()))
                        .toList());
        selected.set(jobs.stream().filter(r -> r.id().equals(was)).findFirst().orElse(null));
    }

    private void showLanes(Instant now) {
        lanesShownAt = now;
        JobRow row = selected.get();
        lanes.setAll(
                row == null ? List.of() : followers.live(row.id()).lanes().lanes(now, row.live()));
    }

    private void select(JobId id) {
        jobs.stream().filter(r -> r.id().equals(id)).findFirst().ifPresent(selected::set);
    }
}

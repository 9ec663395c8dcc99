package io.asrwb.remote.jobs.core;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Jobs in the catalog's {@code jobs} table (migrations V4__jobs.sql, V5__job_backend.sql). */
public final class JobRepository {

    private static final String COLUMNS =
            "id, dataset, config_yaml, plan, max_restarts, host, state, pid, message,"
                    + " events_offset, restarts, backend_request, backend, created_at, updated_at";

    private final Catalog catalog;
    private final Clock clock;

    public JobRepository(Catalog catalog, Clock clock) {
        this.catalog = catalog;
        this.clock = clock;
    }

    /** Records a new job in {@link JobState.Syncing} on its plan's first host. */
    public JobRecord add(JobId id, JobSpec spec) {
        OffsetDateTime now = now();
        catalog.read(
                c -> {
                    try (PreparedStatement p =
                            c.prepareStatement(
                                    "INSERT INTO jobs("
                                            + COLUMNS
                                            + ") VALUES (?, ?, ?, ?, ?, ?, ?, NULL, '', 0, 0, ?,"
                                            + " '', ?, ?)")) {
                        p.setString(1, id.value());
                        p.setString(2, spec.dataset());
                        p.setString(3, spec.configYaml());
                        p.setString(4, LaunchPlanJson.write(spec.plan()));
                        p.setInt(5, spec.maxRestarts());
                        p.setString(6, spec.plan().hosts().get(0));
                        p.setString(7, new JobState.Syncing().word());
                        p.setString(8, spec.backend().word());
                        p.setObject(9, now);
                        p.setObject(10, now);
                        return p.executeUpdate();
                    }
                });
        return require(id);
    }

    public Optional<JobRecord> find(JobId id) {
        return catalog.read(
                c -> {
                    try (PreparedStatement p =
                            c.prepareStatement("SELECT " + COLUMNS + " FROM jobs WHERE id = ?")) {
                        p.setString(1, id.value());
                        try (ResultSet r = p.executeQuery()) {
                            return r.next() ? Optional.of(job(r)) : Optional.<JobRecord>empty();
                        }
                    }
                });
    }

    /** The job, or a message naming the command that lists the ids. */
    public JobRecord require(JobId id) {
        return find(id).orElseThrow(
                        () ->
                                new CatalogException(
                                        "there is no job "
                                                + id
                                                + " in this catalog; `asrwb job list` shows the"
                                                + " jobs"));
    }

    /** Every job, newest first. */
    public List<JobRecord> list() {
        return catalog.read(
                c -> {
                    List<JobRecord> jobs = new ArrayList<>();
                    try (PreparedStatement p =
                                    c.prepareStatement(
                                            "SELECT "
                                                    + COLUMNS
                                                    + " FROM jobs ORDER BY created_at DESC, id"
                                                    + " DESC");
                            ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            jobs.add(job(r));
                        }
                    }
                    return jobs;
                });
    }

    /** Records a new state. */
    public JobRecord setState(JobId id, JobState state) {
        update(
                id,
                "state = ?, pid = ?, message = ?",
                p -> {
                    p.setString(1, state.word());
                    if (state instanceof JobState.Running r) {
                        p.setLong(2, r.pid());
                    } else {
                        p.setNull(2, Types.BIGINT);
                    }
                    p.setString(3, messageOf(state));
                    return 4;
                });
        return require(id);
    }

    /** Moves the job to another host of its plan. */
    public JobRecord setHost(JobId id, String host) {
        update(
                id,
                "host = ?",
                p -> {
                    p.setString(1, host);
                    return 2;
                });
        return require(id);
    }

    /** Records the backend the job's current host was given ({@code cpu} or {@code cuda}). */
    public JobRecord setBackend(JobId id, String backend) {
        update(
                id,
                "backend = ?",
                p -> {
                    p.setString(1, backend);
                    return 2;
                });
        return require(id);
    }

    /** Counts one more automatic resume. */
    public JobRecord countRestart(JobId id) {
        update(id, "restarts = restarts + 1", p -> 1);
        return require(id);
    }

    /** Saves how far the event stream has been delivered (called after every delivered line). */
    public void saveEventsOffset(JobId id, long offset) {
        update(
                id,
                "events_offset = ?",
                p -> {
                    p.setLong(1, offset);
                    return 2;
                });
    }

    /** Removes the job's row (not its remote files); false when there was none. */
    public boolean remove(JobId id) {
        return catalog.read(
                c -> {
                    try (PreparedStatement p =
                            c.prepareStatement("DELETE FROM jobs WHERE id = ?")) {
                        p.setString(1, id.value());
                        return p.executeUpdate() > 0;
                    }
                });
    }

    /** Binds the SET parameters and returns the index of the next one. */
    @FunctionalInterface
    private interface Binder {
        int bind(PreparedStatement p) throws SQLException;
    }

    private void update(JobId id, String set, Binder binder) {
        int changed =
                catalog.read(
                        c -> {
                            try (PreparedStatement p =
                                    c.prepareStatement(
                                            "UPDATE jobs SET "
                                                    + set
                                                    + ", updated_at = ? WHERE id = ?")) {
                                int i = binder.bind(p);
                                p.setObject(i, now());
                                p.setString(i + 1, id.value());
                                return p.executeUpdate();
                            }
                        });
        if (changed == 0) {
            throw new CatalogException(
                    "there is no job "
                            + id
                            + " in this catalog; `asrwb job list`"
                            + " shows the jobs");
        }
    }

    private OffsetDateTime now() {
        return OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private static String messageOf(JobState state) {
        if (state instanceof JobState.Finished f) {
            return f.reason();
        } else if (state instanceof JobState.Failed f) {
            return f.message();
        } else if (state instanceof JobState.Lost l) {
            return l.message();
        }
        return "";
    }

    private static JobState state(String word, long pid, String message) {
        return switch (word) {
            case "syncing" -> new JobState.Syncing();
            case "running" -> new JobState.Running(pid);
            case "finished" -> new JobState.Finished(message);
            case "failed" -> new JobState.Failed(message);
            case "stopped" -> new JobState.Stopped();
            case "lost" -> new JobState.Lost(message);
            default ->
                    throw new IllegalStateException(
                            "a job in the catalog is in state '"
                                    + word
                                    + "', which this ASR Workbench does not know; update it");
        };
    }

    private static JobRecord job(ResultSet r) throws SQLException {
        JobSpec spec =
                new JobSpec(
                        r.getString("dataset"),
                        r.getString("config_yaml"),
                        LaunchPlanJson.read(r.getString("plan")),
                        r.getInt("max_restarts"),
                        BackendRequest.parse(r.getString("backend_request")));
        return new JobRecord(
                new JobId(r.getString("id")),
                spec,
                r.getString("host"),
                state(r.getString("state"), r.getLong("pid"), r.getString("message")),
                r.getLong("events_offset"),
                r.getInt("restarts"),
                r.getString("backend"),
                r.getObject("created_at", OffsetDateTime.class).toInstant(),
                r.getObject("updated_at", OffsetDateTime.class).toInstant());
    }
}

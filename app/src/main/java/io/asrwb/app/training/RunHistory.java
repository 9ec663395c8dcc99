package io.asrwb.app.training;

import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointMetrics;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.MetricPoint;
import io.asrwb.engine.store.RunRecord;
import io.asrwb.engine.store.RunRepository;
import io.asrwb.engine.train.RunLock;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** What the dashboard reads back: runs and their series from the catalog, checkpoints from disk. */
final class RunHistory {

    private final Catalog catalog;

    RunHistory(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * Every run, newest first. A run the catalog calls running is interrupted when neither this app
     * ({@code isLive}, which covers a run still being prepared) nor any process holds its folder's
     * {@link RunLock}: its trainer died with its process. One held by another process stays running,
     * and its message names that process.
     */
    List<RunRow> runs(Predicate<String> isLive) {
        List<RunRecord> records = catalog.read(c -> new RunRepository(c).all());
        List<RunRow> rows = new ArrayList<>();
        for (RunRecord r : records) {
            if (!RunRepository.RUNNING.equals(r.status()) || isLive.test(r.runDir())) {
                rows.add(RunRow.of(r, r.status()));
                continue;
            }
            Optional<String> holder = RunLock.holder(Path.of(r.runDir()));
            rows.add(
                    holder.isPresent()
                            ? RunRow.of(r, RunRepository.RUNNING)
                                    .withMessage("trained by pid " + holder.get())
                            : RunRow.of(r, RunRow.INTERRUPTED));
        }
        return rows;
    }

    /** A run's series from the catalog, each up to and including {@code maxStep}. */
    RunSeries series(RunRow run, boolean live, long maxStep) {
        RunSeries series = new RunSeries(run.runDir(), run.name(), live);
        catalog.read(
                c -> {
                    RunRepository repo = new RunRepository(c);
                    for (Metric m : Metric.values()) {
                        List<MetricPoint> points = repo.metric(run.id(), m.key());
                        series.points(m)
                                .setAll(points.stream().filter(p -> p.step() <= maxStep).toList());
                    }
                    return null;
                });
        return series;
    }

    /**
     * The run's checkpoints, oldest first, the one with the lowest WER marked best (a tie goes to
     * the lower CER: early in a run every checkpoint may sit at 100 % WER).
     */
    static List<CheckpointRow> checkpoints(Path runDir) throws IOException {
        CheckpointStore store = CheckpointStore.openReadOnly(runDir);
        List<CheckpointRow> rows = new ArrayList<>();
        for (Checkpoint cp : store.checkpoints()) {
            CheckpointMetrics m = store.readState(cp).metrics();
            rows.add(new CheckpointRow(cp, cp.step(), m.wer(), m.cer(), false));
        }
        rows.stream()
                .filter(r -> r.wer() != null && Double.isFinite(r.wer()))
                .min(
                        Comparator.comparingDouble(CheckpointRow::wer)
                                .thenComparingDouble(
                                        r ->
                                                r.cer() == null || r.cer().isNaN()
                                                        ? Double.MAX_VALUE
                                                        : r.cer())
                                .thenComparingLong(CheckpointRow::step))
                .ifPresent(
                        best ->
                                rows.replaceAll(
                                        r ->
                                                r.equals(best)
                                                        ? new CheckpointRow(
                                                                r.checkpoint(),
                                                                r.step(),
                                                                r.wer(),
                                                                r.cer(),
                                                                true)
                                                        : r));
        return rows;
    }
}

package io.asrwb.app.transcribe;

import io.asrwb.engine.assets.Assets;
import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.RunRecord;
import io.asrwb.engine.store.RunRepository;
import io.asrwb.engine.train.average.CheckpointAverager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the models on offer: the bundled ones (the streaming model, first, so push-to-talk streams
 * by default; then the demo model), then every checkpoint of every run the catalog knows, newest
 * run first. A running job's store is read only, never cleaned.
 */
final class ModelChoices {

    static final String DEMO_MODEL = "demo-model";
    static final String STREAMING_MODEL = "streaming-model";
    private static final String DEMO_LABEL = "Demo model";
    private static final String STREAMING_LABEL = "Streaming model";
    private static final Logger LOG = LoggerFactory.getLogger(ModelChoices.class);

    private ModelChoices() {}

    static Optional<ModelChoice> demoModel() {
        return bundled(DEMO_MODEL, DEMO_LABEL);
    }

    /** The bundled streaming model: partial text while the key is held. */
    static Optional<ModelChoice> streamingModel() {
        return bundled(STREAMING_MODEL, STREAMING_LABEL);
    }

    /** The bundled models, the one push-to-talk starts with first. */
    static List<ModelChoice> bundled() {
        List<ModelChoice> out = new ArrayList<>();
        streamingModel().ifPresent(out::add);
        demoModel().ifPresent(out::add);
        return out;
    }

    /** Whether {@code choice} is one of the bundled models (which leave the list when removed). */
    static boolean isBundled(ModelChoice choice) {
        return choice.label().equals(DEMO_LABEL) || choice.label().equals(STREAMING_LABEL);
    }

    private static Optional<ModelChoice> bundled(String folder, String label) {
        return Assets.locate()
                .map(a -> a.resolve(folder))
                .filter(p -> Files.isRegularFile(p.resolve(Checkpoint.MODEL_FILE)))
                .map(p -> new ModelChoice(label, p));
    }

    /** Every checkpoint of the runs in {@code catalog} (null: none), newest run and step first. */
    static List<ModelChoice> ofRuns(Catalog catalog) {
        if (catalog == null) {
            return List.of();
        }
        List<RunRecord> runs = new ArrayList<>(catalog.read(c -> new RunRepository(c).all()));
        runs.sort((a, b) -> b.startedAt().compareTo(a.startedAt()));
        List<ModelChoice> out = new ArrayList<>();
        for (RunRecord run : runs) {
            boolean running = RunRepository.RUNNING.equals(run.status());
            out.addAll(ofRunDirectory(Path.of(run.runDir()), running));
        }
        return out;
    }

    /** The checkpoints of one run folder, newest first; empty when it holds none. */
    static List<ModelChoice> ofRunDirectory(Path runDir, boolean running) {
        List<Checkpoint> checkpoints;
        try {
            checkpoints = new ArrayList<>(CheckpointStore.openReadOnly(runDir).checkpoints());
        } catch (IOException e) {
            LOG.warn("cannot list the checkpoints of {}: {}", runDir, e.toString());
            return List.of();
        }
        checkpoints.sort((a, b) -> Long.compare(b.step(), a.step()));
        String name =
                runDir.getFileName() == null ? runDir.toString() : runDir.getFileName().toString();
        List<ModelChoice> out =
                new ArrayList<>(
                        checkpoints.stream()
                                .map(
                                        c ->
                                                new ModelChoice(
                                                        name
                                                                + " · step "
                                                                + c.step()
                                                                + (running ? " (running)" : ""),
                                                        c.directory()))
                                .toList());
        out.addAll(averagesOf(runDir, name));
        return out;
    }

    /** The run's averaged checkpoints ({@code RUN/averaged/*}, the Training tab's "Average last N…"). */
    private static List<ModelChoice> averagesOf(Path runDir, String name) {
        Path averaged = runDir.resolve(CheckpointAverager.AVERAGES_FOLDER);
        if (!Files.isDirectory(averaged)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(averaged)) {
            return entries.filter(p -> Files.isRegularFile(p.resolve(Checkpoint.MODEL_FILE)))
                    .sorted(Comparator.comparing(Path::toString).reversed())
                    .map(p -> new ModelChoice(name + " · average " + p.getFileName(), p))
                    .toList();
        } catch (IOException e) {
            LOG.warn("cannot list the averages of {}: {}", runDir, e.toString());
            return List.of();
        }
    }
}

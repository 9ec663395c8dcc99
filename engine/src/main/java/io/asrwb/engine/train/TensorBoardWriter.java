package io.asrwb.engine.train;

import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.events.EventMetrics;
import io.asrwb.engine.events.RunMetric;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.RunStarted;
import io.asrwb.engine.events.TrainingListener;
import io.asrwb.engine.tensorboard.EventFileWriter;
import io.asrwb.engine.tensorboard.TensorBoardEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's events for TensorBoard, in {@code RUN_DIR/tensorboard/}: one more listener, whose numbers
 * are the {@link EventMetrics} points every other reader gets (one scalar series per {@link
 * RunMetric}, each at its step), plus the run's config as text at the step it started from. Each
 * attempt (train, every resume) writes a file of its own, which opens with a restart at the first
 * step the attempt computes (K + 1 for a resume from step K): TensorBoard then forgets what earlier
 * attempts recorded from that step on, so it shows each step once, from the attempt that computed
 * it last, as the run's other readers do ({@link RunAttempts}).
 *
 * <p>A side view must not end a run: when the file cannot be written (disk full), the run goes on
 * without it and the log says so once; events.jsonl stays the run's record.
 */
public final class TensorBoardWriter implements TrainingListener, AutoCloseable {

    /** The folder in a run directory: {@code tensorboard --logdir runs/} finds it. */
    public static final String DIRECTORY = "tensorboard";

    /** The text plugin's tag of the run's config. */
    public static final String CONFIG_TAG = "config";

    private static final Logger LOG = LoggerFactory.getLogger(TensorBoardWriter.class);

    private final EventFileWriter file;
    private final Clock clock;
    private boolean broken;

    private TensorBoardWriter(EventFileWriter file, Clock clock) {
        this.file = file;
        this.clock = clock;
    }

    /** A new event file in {@code runDir/tensorboard/}, named after the clock's second. */
    public static TensorBoardWriter create(Path runDir, Clock clock) throws IOException {
        return new TensorBoardWriter(
                EventFileWriter.create(
                        runDir.resolve(DIRECTORY), clock.instant(), Heartbeat.hostName()),
                clock);
    }

    /** The series' name in TensorBoard: grouped by what they describe, training or validation. */
    public static String tag(RunMetric metric) {
        return switch (metric) {
            case TRAIN_LOSS -> "train/loss";
            case LEARNING_RATE -> "train/learning_rate";
            case GRADIENT_NORM -> "train/gradient_norm";
            case UTTERANCES_PER_SECOND -> "train/utterances_per_second";
            case THROUGHPUT -> "train/audio_seconds_per_second";
            case VAL_LOSS -> "validation/loss";
            case WER -> "validation/wer";
            case CER -> "validation/cer";
        };
    }

    /**
     * The config as the text plugin shows it: config.yaml's text as a Markdown code block (indented),
     * so that its lines stay lines.
     */
    public static String configText(String yaml) {
        return yaml.lines().map(line -> "    " + line).collect(Collectors.joining("\n"));
    }

    @Override
    public synchronized void on(TrainingEvent event) {
        if (broken) {
            return;
        }
        double now = EventFileWriter.seconds(clock.instant());
        TensorBoardEvent values = TensorBoardEvent.at(now, event.step());
        for (EventMetrics.Point p : EventMetrics.of(event)) {
            if (p.finite()) { // no CER when nothing was validated
                values.scalar(tag(p.metric()), (float) p.value());
            }
        }
        try {
            if (event instanceof RunStarted started) {
                // TensorBoard drops what it holds at the restart's step and later; the attempt
                // goes on from the checkpoint at step K, whose values stay (RunAttempts keeps ≤ K)
                file.write(TensorBoardEvent.sessionStart(now, started.step() + 1));
                if (started.config() != null) {
                    String yaml = RunConfigYaml.standard().write(started.config());
                    values.text(CONFIG_TAG, configText(yaml));
                }
            }
            if (values.hasValues()) {
                file.write(values.toByteArray());
            }
        } catch (IOException e) {
            broken = true;
            LOG.warn(
                    "cannot write {}; the run goes on without its TensorBoard log", file.file(), e);
        }
    }

    @Override
    public synchronized void close() throws IOException {
        file.close();
    }
}

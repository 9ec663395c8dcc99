package io.asrwb.engine.train;

import io.asrwb.engine.audio.SampleEncoding;
import io.asrwb.engine.audio.WavWriter;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingEvent.BatchSkipped;
import io.asrwb.engine.inference.RunAlphabet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Small real training runs for trainer tests: WAVs written in a temp folder, a tiny model. */
final class TrainerRuns {

    /** A very small DS2 (one conv, one BiLSTM-16) over 20 log-mel bands; no validation split. */
    static final String TINY_MODEL =
            String.join(
                    "\n",
                    "preset: tiny",
                    "data:",
                    "  batch_size: 3",
                    "  duration_buckets: 1",
                    "  sortagrad: false",
                    "  loader_threads: 1",
                    "  prefetch_batches: 2",
                    "features:",
                    "  n_mels: 20",
                    "model:",
                    "  type: ds2",
                    "  conv:",
                    "    - {channels: 4, kernel_freq: 5, kernel_time: 5, stride_freq: 2,"
                            + " stride_time: 2, pad_freq: 2, pad_time: 2}",
                    "  rnn_layers: 1",
                    "  hidden_size: 16",
                    "train:",
                    "  eval_every_steps: 1000",
                    "  checkpoint_every_steps: 1000",
                    "");

    private TrainerRuns() {}

    static RunConfig config(String extraYaml) throws Exception {
        return RunConfigYaml.standard().read(TINY_MODEL + extraYaml, "test config");
    }

    /** A tone in light noise, {@code seconds} long, as a 16 kHz 16-bit WAV. */
    static Utterance tone(Path dir, String id, double seconds, String transcript)
            throws IOException {
        int n = (int) Math.round(seconds * 16_000);
        float[] s = new float[n];
        double f = 220 + 37 * Math.floorMod(id.hashCode(), 11);
        java.util.Random r = new java.util.Random(id.hashCode());
        for (int k = 0; k < n; k++) {
            s[k] = (float) (0.3 * Math.sin(2 * Math.PI * f * k / 16_000) + 0.02 * r.nextGaussian());
        }
        Path file = dir.resolve(id + ".wav");
        Files.createDirectories(dir);
        WavWriter.writePcm16(file, s, 16_000, 1);
        return new Utterance(
                id, file.toAbsolutePath().toString(), seconds, transcript, "", Split.TRAIN);
    }

    /** A 32-bit float WAV whose samples are all NaN: features, activations and loss go non-finite. */
    static Utterance notANumber(Path dir, String id, double seconds) throws IOException {
        float[] s = new float[(int) Math.round(seconds * 16_000)];
        java.util.Arrays.fill(s, Float.NaN);
        Path file = dir.resolve(id + ".wav");
        Files.createDirectories(dir);
        WavWriter.write(file, s, 16_000, 1, SampleEncoding.F32LE);
        return new Utterance(id, file.toAbsolutePath().toString(), seconds, "yes", "", Split.TRAIN);
    }

    static TrainingInputs inputs(RunConfig config, Path runDir, List<Utterance> train) {
        return new TrainingInputs(
                config,
                runDir,
                RunAlphabet.of(config.alphabet(), Path.of("")),
                train,
                List.of(),
                "test");
    }

    /** Runs to the end, collecting every event. */
    static List<TrainingEvent> run(Trainer trainer) {
        List<TrainingEvent> events = new ArrayList<>();
        trainer.addListener(events::add);
        trainer.run();
        return events;
    }

    static List<BatchSkipped> skips(List<TrainingEvent> events) {
        return events.stream()
                .filter(BatchSkipped.class::isInstance)
                .map(BatchSkipped.class::cast)
                .toList();
    }
}

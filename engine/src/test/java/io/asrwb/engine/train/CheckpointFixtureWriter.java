package io.asrwb.engine.train;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.checkpoint.Checkpoint;
import io.asrwb.engine.checkpoint.CheckpointState;
import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.cli.Main;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.testing.DemoSubset;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes a checkpoint compatibility fixture with today's code (see {@code
 * src/test/resources/checkpoint-compat/README.md}): a tiny DS2 trained 4 steps by {@code asrwb
 * train} on a few demo utterances, its checkpoint, and what it makes of the committed clip. Not a
 * test: it runs only when asked for by name, from the repository root:
 *
 * <pre>
 * ./mvnw -B -o -pl engine -am test -Dtest=CheckpointFixtureWriter \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dasrwb.checkpointFixture=NAME
 * </pre>
 *
 * NAME is {@code format<checkpoint format>-schema<config schema>-batchnorm} or {@code -plain}; an
 * existing fixture is never overwritten.
 */
class CheckpointFixtureWriter {

    static final String PROPERTY = "asrwb.checkpointFixture";

    /** Surefire runs in engine/. */
    static final Path FIXTURES = Path.of("src", "test", "resources", "checkpoint-compat");

    @TempDir Path tmp;

    @Test
    @EnabledIfSystemProperty(named = PROPERTY, matches = ".+")
    void write() throws Exception {
        String name = System.getProperty(PROPERTY);
        String expectedPrefix =
                "format"
                        + CheckpointState.FORMAT_VERSION
                        + "-schema"
                        + RunConfig.CURRENT_SCHEMA_VERSION
                        + "-";
        assertThat(name).as("today's code writes %s…", expectedPrefix).startsWith(expectedPrefix);
        boolean batchNorm = name.endsWith("-batchnorm");
        assertThat(batchNorm || name.endsWith("-plain"))
                .as("NAME ends in -batchnorm or -plain")
                .isTrue();
        Path target = FIXTURES.resolve(name);
        assertThat(target).as("fixtures are never overwritten").doesNotExist();

        Path db = tmp.resolve("catalog");
        Path manifest = DemoSubset.write(tmp.resolve("corpus"), 1.0, Map.of("train", 8));
        cli(db, "dataset", "import", "--format", "nemo", "--name", "mini", manifest.toString());
        Path config = Files.writeString(tmp.resolve("run.yaml"), yaml(batchNorm));
        Path run = tmp.resolve("run");
        cli(
                db,
                "train",
                "--config",
                config.toString(),
                "--dataset",
                "mini",
                "--out",
                run.toString(),
                "--max-steps",
                "4");

        Checkpoint latest = CheckpointStore.openReadOnly(run).latest().orElseThrow();
        writeFixture(latest.directory(), target, null);
    }

    /**
     * Adopts a checkpoint written by an older build (its own format and schema) as a fixture: the
     * older build trained it with {@link #yaml} less the fields it did not know, and transcribed
     * {@code clip.flac} greedily; today's code must read it to the same text, and what it computes
     * now is recorded so every later build is held to it.
     *
     * <pre>
     * ./mvnw -B -o -pl engine -am test -Dtest=CheckpointFixtureWriter#adopt \
     *     -Dsurefire.failIfNoSpecifiedTests=false -Dasrwb.checkpointFixture.adopt=NAME \
     *     -Dasrwb.checkpointFixture.from=CHECKPOINT_DIR -Dasrwb.checkpointFixture.text=OLD_TEXT
     * </pre>
     */
    @Test
    @EnabledIfSystemProperty(named = PROPERTY + ".adopt", matches = ".+")
    void adopt() throws Exception {
        String name = System.getProperty(PROPERTY + ".adopt");
        Path from = Path.of(System.getProperty(PROPERTY + ".from"));
        TrainedModel old = TrainedModel.load(from);
        assertThat(name)
                .as("the checkpoint's own format and schema")
                .startsWith(
                        "format"
                                + old.state().formatVersion()
                                + "-schema"
                                + savedSchema(from)
                                + "-");
        Path target = FIXTURES.resolve(name);
        assertThat(target).as("fixtures are never overwritten").doesNotExist();
        writeFixture(from, target, System.getProperty(PROPERTY + ".text"));
    }

    /** The config schema a checkpoint was saved under (loading migrates its config to today's). */
    static int savedSchema(Path checkpoint) throws IOException {
        return new ObjectMapper()
                .readTree(checkpoint.resolve(Checkpoint.STATE_FILE).toFile())
                .path("config")
                .path("schema_version")
                .asInt();
    }

    private static void writeFixture(Path source, Path target, String oldText) throws Exception {
        Path checkpoint = Files.createDirectories(target.resolve("checkpoint"));
        for (String file : List.of(Checkpoint.MODEL_FILE, Checkpoint.STATE_FILE, "SHA256SUMS")) {
            Files.copy(source.resolve(file), checkpoint.resolve(file));
        }
        Path clip = clip();
        Transcriber transcriber = Transcriber.greedy(TrainedModel.load(checkpoint));
        float[][] logProbs = transcriber.logProbabilities(clip);
        if (oldText != null) {
            assertThat(transcriber.decode(logProbs))
                    .as("today's text of the clip = the older build's")
                    .isEqualTo(oldText);
        }
        ObjectNode expected = new ObjectMapper().createObjectNode();
        expected.put("clip", clip.getFileName().toString());
        expected.put("text", transcriber.decode(logProbs));
        ArrayNode frames = expected.putArray("log_probabilities");
        for (float[] frame : logProbs) {
            ArrayNode row = frames.addArray();
            for (float p : frame) {
                row.add(p);
            }
        }
        Files.writeString(target.resolve("expected.json"), expected.toString() + "\n");
    }

    /**
     * The committed clip every fixture is checked on: the demo corpus's shortest test utterance,
     * copied once (the expected outputs of older fixtures were made on it; it never changes).
     */
    private static Path clip() throws IOException {
        Path clip = FIXTURES.resolve("clip.flac");
        if (!Files.exists(clip)) {
            Path manifest =
                    DemoSubset.write(Files.createTempDirectory("clip"), 0.6, Map.of("test", 1));
            String audio =
                    new ObjectMapper()
                            .readTree(Files.readAllLines(manifest).get(0))
                            .path("audio_filepath")
                            .asText();
            Files.copy(manifest.resolveSibling(audio), clip, StandardCopyOption.COPY_ATTRIBUTES);
        }
        return clip;
    }

    /**
     * The smallest DS2 with every kind of layer a checkpoint holds: a convolution, two BiLSTMs, the
     * dense output; with batch norm after the convolution and between the LSTMs (running
     * statistics), or without it (the architecture config schema 1 had).
     */
    private static String yaml(boolean batchNorm) {
        return String.join(
                "\n",
                "preset: tiny",
                "data:",
                "  batch_size: 2",
                "  duration_buckets: 1",
                "  val_splits: []",
                "features:",
                "  kind: logmel",
                "  n_mels: 16",
                "model:",
                "  type: ds2",
                "  conv:",
                "    - {channels: 2, kernel_freq: 5, kernel_time: 5, stride_freq: 2, stride_time:"
                        + " 2, pad_freq: 2, pad_time: 2}",
                "  rnn_layers: 2",
                "  hidden_size: 4",
                "  conv_batch_norm: " + batchNorm,
                "  rnn_batch_norm: " + batchNorm,
                "train:",
                "  checkpoint_every_steps: 4",
                "");
    }

    private static void cli(Path db, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--db", db.toString()));
        all.addAll(List.of(args));
        int exit =
                Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                        .execute(all.toArray(String[]::new));
        assertThat(exit).as("asrwb %s\n%s\n%s", String.join(" ", args), out, err).isZero();
    }
}

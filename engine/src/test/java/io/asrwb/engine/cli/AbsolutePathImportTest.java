package io.asrwb.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.testing.DemoSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * NeMo manifests as NeMo writes them, with absolute {@code audio_filepath}s to audio kept
 * elsewhere, and manifests whose relative paths start at another folder ({@code --root}): the
 * audio imports, what is not audio is refused and named, and an export keeps every clip.
 */
class AbsolutePathImportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    /** Demo speech under {@code dir/data}: its NeMo lines with relative paths. */
    private List<ObjectNode> demoLines(int count) throws Exception {
        Path manifest = DemoSubset.writeUnsplit(dir.resolve("data"), count, 1, 3.0);
        List<ObjectNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(manifest)) {
            lines.add((ObjectNode) JSON.readTree(line));
        }
        Files.delete(manifest);
        return lines;
    }

    private static Path write(Path manifest, List<ObjectNode> lines) throws Exception {
        StringBuilder text = new StringBuilder();
        for (ObjectNode line : lines) {
            text.append(JSON.writeValueAsString(line)).append('\n');
        }
        Files.createDirectories(manifest.getParent());
        return Files.writeString(manifest, text);
    }

    private static List<StoredUtterance> rows(Path db, String name) {
        try (Catalog catalog = Catalog.open(db)) {
            return catalog.read(
                    c ->
                            new UtteranceRepository(c)
                                    .of(new DatasetRepository(c).require(name).id()));
        }
    }

    @Test
    void absolutePathsImportAndWhatIsNotAudioIsRefusedByLine() throws Exception {
        List<ObjectNode> lines = demoLines(3);
        // Two clips of the same file name in different folders, as NeMo datasets often have.
        Path a = dir.resolve("data").resolve(lines.get(0).path("audio_filepath").asText());
        Path b = dir.resolve("elsewhere/other").resolve(a.getFileName());
        Files.createDirectories(b.getParent());
        Files.copy(dir.resolve("data").resolve(lines.get(1).path("audio_filepath").asText()), b);
        lines.get(0).put("audio_filepath", a.toString());
        lines.get(1).put("audio_filepath", b.toString());
        lines.get(1).put("id", "other");
        lines.get(2)
                .put(
                        "audio_filepath",
                        Files.writeString(dir.resolve("notes.wav"), "not audio").toString());
        Path manifest = write(dir.resolve("manifests/train.jsonl"), lines);
        Path db = dir.resolve("catalog");

        CliRun imported =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "abs",
                        manifest.toString());

        assertThat(imported.exit()).as(imported.err()).isZero();
        assertThat(imported.out())
                .contains("imported 2 utterances")
                .contains(manifest + ":3: audio " + dir.resolve("notes.wav"))
                .contains("WAV header is truncated")
                .contains("copy it again or remove the entry");
        assertThat(rows(db, "abs"))
                .extracting(s -> s.utterance().audio())
                .containsExactly(a.toString(), b.toString());

        Path out = dir.resolve("export");
        CliRun exported =
                CliRun.run(db, "dataset", "export", "abs", "--format", "nemo", out.toString());
        assertThat(exported.exit()).as(exported.err()).isZero();
        CliRun back =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "back",
                        out.toString());
        assertThat(back.exit()).as(back.err()).isZero();
        List<Path> audio = new ArrayList<>();
        for (StoredUtterance s : rows(db, "back")) {
            audio.add(out.resolve(s.utterance().audio()));
        }
        assertThat(audio).hasSize(2).doesNotHaveDuplicates();
        assertThat(Files.mismatch(audio.get(0), a)).isEqualTo(-1);
        assertThat(Files.mismatch(audio.get(1), b)).isEqualTo(-1);
    }

    @Test
    void rootResolvesRelativePathsAndAPathClimbingOutOfItIsRefusedInWords() throws Exception {
        List<ObjectNode> lines = demoLines(3);
        lines.get(2).put("audio_filepath", "../" + lines.get(2).path("audio_filepath").asText());
        // The paths start at data/, not at the manifest's folder.
        Path manifest = write(dir.resolve("manifests/all.jsonl"), lines);
        Path db = dir.resolve("catalog");

        CliRun withoutRoot =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "x",
                        manifest.toString());
        CliRun withRoot =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "real",
                        "--root",
                        dir.resolve("data").toString(),
                        manifest.toString());
        CliRun notAFolder =
                CliRun.run(
                        db,
                        "dataset",
                        "import",
                        "--format",
                        "nemo",
                        "--name",
                        "y",
                        "--root",
                        dir.resolve("nope").toString(),
                        manifest.toString());

        assertThat(withoutRoot.exit()).isEqualTo(ExitCodes.FAILED);
        assertThat(withoutRoot.out()).contains("file does not exist");
        assertThat(withRoot.exit()).as(withRoot.err()).isZero();
        assertThat(withRoot.out())
                .contains("imported 2 utterances")
                .contains(
                        manifest
                                + ":3: relative audio path '"
                                + lines.get(2).path("audio_filepath").asText()
                                + "' climbs out of the dataset folder "
                                + dir.resolve("data"))
                .contains(
                        "import with --root set to the folder the paths are relative to, or write"
                                + " the path absolute");
        assertThat(rows(db, "real"))
                .extracting(s -> s.utterance().audio())
                .containsExactly(
                        lines.get(0).path("audio_filepath").asText(),
                        lines.get(1).path("audio_filepath").asText());
        assertThat(notAFolder.err()).contains("--root " + dir.resolve("nope") + " is not a folder");
    }
}

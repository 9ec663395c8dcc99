package io.asrwb.engine.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.json.Json;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CurationRepository;
import io.asrwb.engine.store.CurationState;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.ManifestVersionRepository;
import io.asrwb.engine.store.StoredUtterance;
import io.asrwb.engine.store.UtteranceRepository;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long recordings built from real demo-corpus clips with known silences, through the bundled demo
 * model, into a real catalog: cuts at the clips' edges with their texts, a sentence the recording
 * does not say rejected and reported, drafts without a transcript, appending, and bad input as one
 * line that leaves nothing behind.
 */
class LongRecordingImportTest {

    private static final Path MODEL = Path.of("../assets/demo-model");
    private static final String INSERTED = "the quick brown fox jumps over the lazy dog";

    @TempDir static Path shared;
    @TempDir Path dir;

    private static Transcriber transcriber;
    private static SpokenRecording twenty;

    @BeforeAll
    static void setUp() throws Exception {
        transcriber = Transcriber.greedy(TrainedModel.load(MODEL));
        twenty = SpokenRecording.write(shared.resolve("twenty.wav"), 0, 20, 7);
    }

    @Test
    void withItsTranscriptARecordingIsCutAtTheClipsEdgesWithTheirTexts() throws Exception {
        Path text = dir.resolve("twenty.txt");
        Files.writeString(text, twenty.text() + "\n");
        LongRecordingImport.Result r = run(twenty.file(), text, "talk", options(8));

        List<JsonNode> lines = manifest(r.folder());
        assertThat(lines).hasSize(r.segments()).hasSizeGreaterThanOrEqualTo(8);
        int exact = 0;
        for (JsonNode l : lines) {
            double start = l.get("source_start_s").asDouble();
            double end = l.get("source_end_s").asDouble();
            assertThat(end - start).isLessThanOrEqualTo(8.001);
            List<SpokenRecording.Clip> under = clipsUnder(twenty, start, end);
            String truth =
                    String.join(" ", under.stream().map(SpokenRecording.Clip::text).toList());
            String said = l.get("text").asText();
            // every cut says what its audio says: the clips under it, less a first or last word
            // rejected for a low confidence
            assertThat(" " + truth + " ").contains(" " + said + " ");
            if (said.equals(truth)) {
                exact++;
                // the known boundaries: the first clip's sound starts PAD_S after the cut, the last
                // one's ends PAD_S before it
                assertThat(start + UtteranceCutter.PAD_S)
                        .isCloseTo(
                                under.get(0).startSeconds(),
                                org.assertj.core.api.Assertions.within(0.03));
                assertThat(end - UtteranceCutter.PAD_S)
                        .isCloseTo(
                                under.get(under.size() - 1).endSeconds(),
                                org.assertj.core.api.Assertions.within(0.03));
            }
            Path wav = r.folder().resolve(l.get("audio_filepath").asText());
            assertThat(AudioFiles.probe(wav).durationSeconds())
                    .isCloseTo(end - start, org.assertj.core.api.Assertions.within(0.002));
            assertThat(l.get("source").asText()).endsWith("twenty.wav");
            assertThat(l.has("draft")).isFalse();
        }
        assertThat(exact)
                .as("cuts with exactly their clips' text")
                .isGreaterThanOrEqualTo(lines.size() * 6 / 10);
        assertThat(wordsIn(lines))
                .as("words kept of " + twenty.text().split(" ").length)
                .isGreaterThanOrEqualTo(twenty.text().split(" ").length * 8 / 10);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            assertThat(utterances(catalog, "talk")).isEqualTo(r.segments());
            // the catalog keeps where each cut came from (manifest fields, migration V7)
            for (StoredUtterance u :
                    catalog.read(
                            c ->
                                    new UtteranceRepository(c)
                                            .of(new DatasetRepository(c).require("talk").id()))) {
                assertThat(u.utterance().meta())
                        .containsKeys("source", "source_start_s", "source_end_s");
                assertThat(u.utterance().meta().get("source")).endsWith("twenty.wav");
            }
        }
        assertThat(r.manifestVersion()).isEqualTo(1);
        assertThat(r.appended()).isFalse();
    }

    @Test
    void aSentenceTheRecordingDoesNotSayIsRejectedAndReported() throws Exception {
        String five =
                String.join(
                        " ",
                        twenty.clips().subList(0, 5).stream()
                                .map(SpokenRecording.Clip::text)
                                .toList());
        Path text = dir.resolve("wrong.txt");
        Files.writeString(
                text, five + "\n" + INSERTED + "\n" + twenty.text().substring(five.length() + 1));
        LongRecordingImport.Result r = run(twenty.file(), text, "talk", options(8));

        assertThat(r.rejected())
                .anySatisfy(
                        s -> {
                            assertThat(s.text()).isEqualTo(INSERTED);
                            assertThat(s.reason()).contains("does not say");
                            // where it would have been: between the fifth clip and the sixth
                            assertThat(s.startSeconds())
                                    .isBetween(
                                            twenty.clips().get(4).endSeconds() - 0.05,
                                            twenty.clips().get(5).startSeconds());
                        });
        for (JsonNode l : manifest(r.folder())) {
            List<SpokenRecording.Clip> under =
                    clipsUnder(
                            twenty,
                            l.get("source_start_s").asDouble(),
                            l.get("source_end_s").asDouble());
            String truth =
                    String.join(" ", under.stream().map(SpokenRecording.Clip::text).toList());
            assertThat(" " + truth + " ").contains(" " + l.get("text").asText() + " ");
        }
        assertThat(wordsIn(manifest(r.folder())))
                .isGreaterThanOrEqualTo(twenty.text().split(" ").length * 7 / 10);
    }

    @Test
    void withoutATranscriptSpeechIsCutAtPausesAndLabelledAsDrafts() throws Exception {
        SpokenRecording ten = SpokenRecording.write(dir.resolve("ten.wav"), 40, 10, 3);
        LongRecordingImport.Result r = run(ten.file(), null, "drafts", options(15));

        List<JsonNode> lines = manifest(r.folder());
        assertThat(r.draft()).isTrue();
        assertThat(lines).hasSize(ten.clips().size());
        int right = 0;
        for (int i = 0; i < lines.size(); i++) {
            JsonNode l = lines.get(i);
            SpokenRecording.Clip clip = ten.clips().get(i);
            // the energy detector's span: the clip's sound and its 30 ms pads
            assertThat(l.get("source_start_s").asDouble())
                    .isBetween(clip.startSeconds() - 0.06, clip.startSeconds());
            assertThat(l.get("source_end_s").asDouble())
                    .isBetween(clip.endSeconds(), clip.endSeconds() + 0.06);
            assertThat(l.get("draft").asBoolean()).isTrue();
            right += l.get("text").asText().equals(clip.text()) ? 1 : 0;
        }
        assertThat(right).as("drafts the model got right").isGreaterThanOrEqualTo(7);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            Map<String, CurationState> states =
                    catalog.read(
                            c ->
                                    new CurationRepository(c)
                                            .of(new DatasetRepository(c).require("drafts").id()));
            assertThat(states).hasSize(lines.size());
            assertThat(states.values())
                    .allSatisfy(
                            s -> {
                                assertThat(s.flagged()).isTrue();
                                assertThat(s.note()).startsWith("draft label from ");
                            });
        }
    }

    @Test
    void aLongSpanOfSpeechIsSplitAtItsQuietestPointIntoPiecesThatFit() throws Exception {
        SegmentPlan plan = new VadSegmenter(3).plan(twenty.file(), SegmentListener.NONE);
        assertThat(plan.cuts()).allSatisfy(c -> assertThat(c.seconds()).isLessThanOrEqualTo(3));
        // clips of more than 3 s were split, so there are more pieces than clips
        assertThat(plan.cuts().size()).isGreaterThan(twenty.clips().size());
    }

    @Test
    void aSecondRecordingIsAppendedToTheDataset() throws Exception {
        SpokenRecording three = SpokenRecording.write(dir.resolve("three.wav"), 60, 3, 5);
        LongRecordingImport.Result first = run(three.file(), null, "grow", options(15));
        LongRecordingImport.Result second = run(three.file(), null, "grow", options(15));

        assertThat(second.appended()).isTrue();
        assertThat(second.manifestVersion()).isEqualTo(2);
        assertThat(second.folder()).isNotEqualTo(first.folder());
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            assertThat(utterances(catalog, "grow")).isEqualTo(first.segments() + second.segments());
            int versioned =
                    catalog.read(
                            c ->
                                    new ManifestVersionRepository(c)
                                            .latest(new DatasetRepository(c).require("grow").id())
                                            .orElseThrow()
                                            .utteranceCount());
            assertThat(versioned).isEqualTo(first.segments() + second.segments());
        }
    }

    @Test
    void badInputIsOneClearLineAndLeavesNothingBehind() throws Exception {
        Path text = dir.resolve("t.txt");
        Files.writeString(text, twenty.text());
        Path notAudio = dir.resolve("notes.wav");
        Files.writeString(notAudio, "these are not samples");
        Path empty = dir.resolve("empty.txt");
        Files.writeString(empty, "  \n\n");
        Path elsewhere = dir.resolve("elsewhere.txt");
        Files.writeString(elsewhere, "zebra quantum xylophone jukebox ".repeat(40));
        Path digits = dir.resolve("digits.txt");
        Files.writeString(digits, "one two\nroom 101\n");

        assertOneLine(dir.resolve("nope.wav"), text, "does not exist");
        assertOneLine(notAudio, text, "cannot read the recording");
        assertOneLine(twenty.file(), empty, "has no words");
        assertOneLine(twenty.file(), dir.resolve("none.txt"), "does not exist");
        assertOneLine(twenty.file(), digits, "line 2");
        assertOneLine(twenty.file(), elsewhere, "does not align");
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            assertThat(datasets(catalog)).isEmpty();
        }
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aCancelledRunLeavesNoFolderAndNoDataset() throws Exception {
        SegmentListener cancelWhileWriting =
                new SegmentListener() {
                    boolean writing;

                    @Override
                    public void progress(String stage, double done, double total) {
                        writing |= stage.equals("writing");
                    }

                    @Override
                    public boolean cancelled() {
                        return writing;
                    }
                };
        assertThatThrownBy(
                        () -> {
                            try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
                                importer(catalog)
                                        .run(
                                                request(twenty.file(), null, "gone", options(15)),
                                                cancelWhileWriting);
                            }
                        })
                .isInstanceOf(java.util.concurrent.CancellationException.class);
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            assertThat(datasets(catalog)).isEmpty();
        }
        try (Stream<Path> left = Files.list(dir.resolve("out"))) {
            assertThat(left).isEmpty();
        }
    }

    private void assertOneLine(Path recording, Path transcript, String says) {
        assertThatThrownBy(() -> run(recording, transcript, "bad", options(8)))
                .isInstanceOf(SegmentException.class)
                .hasMessageContaining(says)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static SegmentOptions options(double maxSeconds) {
        return new SegmentOptions(maxSeconds, 0.5, Split.TRAIN, "");
    }

    private LongRecordingImport.Result run(
            Path recording, Path transcript, String dataset, SegmentOptions o) throws IOException {
        try (Catalog catalog = Catalog.open(dir.resolve("catalog"))) {
            return importer(catalog)
                    .run(request(recording, transcript, dataset, o), SegmentListener.NONE);
        }
    }

    private LongRecordingImport.Request request(
            Path recording, Path transcript, String dataset, SegmentOptions o) {
        return new LongRecordingImport.Request(
                recording, transcript, dataset, dir.resolve("out"), o);
    }

    private static LongRecordingImport importer(Catalog catalog) {
        return new LongRecordingImport(catalog, transcriber, "demo-model", Clock.systemUTC());
    }

    private static List<JsonNode> manifest(Path folder) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(folder.resolve(SegmentWriter.MANIFEST))) {
            out.add(Json.mapper().readTree(line));
        }
        return out;
    }

    /** The clips whose sound lies inside {@code start..end} (with a little slack). */
    private static List<SpokenRecording.Clip> clipsUnder(
            SpokenRecording rec, double start, double end) {
        return rec.clips().stream()
                .filter(c -> c.endSeconds() > start + 0.05 && c.startSeconds() < end - 0.05)
                .toList();
    }

    private static int wordsIn(List<JsonNode> lines) {
        return lines.stream().mapToInt(l -> l.get("text").asText().split(" ").length).sum();
    }

    private static List<io.asrwb.engine.store.DatasetRecord> datasets(Catalog catalog) {
        return catalog.read(c -> new DatasetRepository(c).all());
    }

    private static int utterances(Catalog catalog, String dataset) {
        return catalog.read(
                c ->
                        new UtteranceRepository(c)
                                .count(new DatasetRepository(c).require(dataset).id()));
    }
}

package io.asrwb.engine.store;

import io.asrwb.engine.audio.PcmAudio;
import io.asrwb.engine.audio.Resampler;
import io.asrwb.engine.data.DatasetFormat;
import io.asrwb.engine.data.ManifestHash;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.curation.TextChecks;
import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * Adds clips recorded in the app to a dataset, one at a time. The clip is written as 16 kHz 16-bit
 * WAV under the dataset's root ({@code recorded/<speaker>/<id>.wav}, see {@link RecordedWav}), and
 * only then, in one transaction, its utterance row and the dataset's next manifest version. A
 * failed transaction deletes the WAV again; a crash at any point leaves at most a WAV that no row
 * names, never a row whose audio is missing or cut short.
 */
public final class RecordedUtterances {

    /** The rate recorded clips are stored at, whatever the microphone delivered. */
    public static final int SAMPLE_RATE = 16_000;

    /** The folder under a dataset's root that recorded clips go to. */
    public static final String FOLDER = "recorded";

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    /** What one add stored: the utterance (audio relative to the root), its WAV, the new version. */
    public record Added(Utterance utterance, Path wav, ManifestVersion manifest) {}

    private final Catalog catalog;
    private final IntPredicate charset;
    private final Clock clock;

    /** @param charset the characters transcripts may use, as {@link CatalogImporter} takes it */
    public RecordedUtterances(Catalog catalog, IntPredicate charset, Clock clock) {
        this.catalog = catalog;
        this.charset = charset;
        this.clock = clock;
    }

    /**
     * A new, empty dataset to record into, its root {@code root} (created owner-only); manifest
     * version 1 holds no utterances.
     *
     * @throws CatalogException.DatasetName when the name is not allowed or taken
     */
    public DatasetRecord create(String name, Path root) {
        String trimmed = name == null ? null : name.trim();
        DatasetNames.check(trimmed);
        try {
            OwnerOnly.createDirectories(root);
        } catch (IOException e) {
            throw new CatalogException(
                    "cannot create the folder " + root + " for dataset '" + trimmed + "': " + e, e);
        }
        Instant now = clock.instant();
        return catalog.transaction(
                c -> {
                    DatasetRecord d =
                            new DatasetRepository(c)
                                    .insert(
                                            trimmed,
                                            DatasetFormat.FOLDER,
                                            root.toString(),
                                            root.toString(),
                                            now);
                    new ManifestVersionRepository(c)
                            .add(d.id(), ManifestHash.of(List.of()), 0, "recorded in the app", now);
                    return d;
                });
    }

    /**
     * Stores {@code clip} as an utterance of {@code dataset} with {@code transcript}.
     *
     * @param speaker who spoke, "" when not said (the folder is then "unnamed")
     * @throws CatalogException when the dataset does not exist, its folder cannot be written, or the
     *     catalog refused the row (the WAV is then deleted again)
     */
    public Added add(
            String dataset, PcmAudio clip, String transcript, String speaker, Split split) {
        String text = transcript == null ? "" : transcript.strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException(
                    "a recorded utterance needs a transcript; the prompt was empty");
        }
        if (clip.samples().length == 0) {
            throw new IllegalArgumentException("the clip is empty: record it again");
        }
        String who = speaker == null ? "" : speaker.strip();
        DatasetRecord d = catalog.read(c -> new DatasetRepository(c).require(dataset));
        Instant now = clock.instant();
        String id = RecordedWav.slug(who) + "-" + STAMP.format(now);
        String audio = FOLDER + "/" + RecordedWav.slug(who) + "/" + id + ".wav";
        float[] samples =
                clip.sampleRate() == SAMPLE_RATE
                        ? clip.samples()
                        : new Resampler(clip.sampleRate(), SAMPLE_RATE).process(clip.samples());
        Path wav = Path.of(d.root()).resolve(audio);
        RecordedWav.write(wav, samples, SAMPLE_RATE, dataset);
        Utterance u =
                new Utterance(id, audio, samples.length / (double) SAMPLE_RATE, text, who, split);
        try {
            ManifestVersion v = catalog.transaction(c -> insert(c, d, u, now));
            return new Added(u, wav, v);
        } catch (RuntimeException | Error e) {
            RecordedWav.deleteQuietly(wav, e);
            throw e;
        }
    }

    private ManifestVersion insert(java.sql.Connection c, DatasetRecord d, Utterance u, Instant now)
            throws SQLException {
        UtteranceRepository utterances = new UtteranceRepository(c);
        if (utterances.exists(d.id(), u.id())) {
            throw new CatalogException(
                    "dataset '"
                            + d.name()
                            + "' already has an utterance '"
                            + u.id()
                            + "'; nothing was added. Accept the clip again (a new id is taken)");
        }
        int ordinal = nextOrdinal(c, d.id());
        utterances.insertAt(d.id(), ordinal, u, TextChecks.run(List.of(u), charset).get(0));
        List<Utterance> all = new ArrayList<>();
        for (StoredUtterance s : utterances.of(d.id())) {
            all.add(s.utterance());
        }
        return new ManifestVersionRepository(c)
                .add(d.id(), ManifestHash.of(all), all.size(), "recorded " + u.id(), now);
    }

    private static int nextOrdinal(java.sql.Connection c, long datasetId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement(
                        "SELECT MAX(ordinal) FROM utterances WHERE id BETWEEN ? AND ?")) {
            UtteranceRepository.inDataset(p, 1, datasetId);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                int max = r.getInt(1);
                return r.wasNull() ? 0 : max + 1;
            }
        }
    }

    /**
     * Deletes what interrupted recordings left in every dataset's {@value #FOLDER} folder and in
     * {@code recordingsRoot} ({@code .wav.part} files over a minute old: another app sharing the
     * catalog may be writing one now). Returns the files deleted.
     */
    public List<Path> removeInterruptedWrites(Path recordingsRoot) {
        Instant before = clock.instant().minus(Duration.ofMinutes(1));
        List<Path> folders = new ArrayList<>();
        folders.add(recordingsRoot);
        for (DatasetRecord d : catalog.read(c -> new DatasetRepository(c).all())) {
            folders.add(Path.of(d.root()).resolve(FOLDER));
        }
        List<Path> removed = new ArrayList<>();
        for (Path folder : folders) {
            try {
                removed.addAll(RecordedWav.removeInterruptedWrites(folder, before));
            } catch (IOException e) {
                throw new CatalogException(
                        "cannot clean interrupted recordings in " + folder + ": " + e, e);
            }
        }
        return removed;
    }
}

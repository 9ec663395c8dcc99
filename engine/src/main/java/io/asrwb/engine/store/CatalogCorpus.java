package io.asrwb.engine.store;

import io.asrwb.engine.config.DataConfig;
import io.asrwb.engine.data.Alphabet;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.metrics.TextNormaliser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A catalog dataset as a run sees it: curated (excluded utterances left out, edited transcripts
 * used), transcripts normalised, audio paths absolute, split into training and validation
 * utterances. Utterances with characters outside the alphabet are left out (counted in the
 * notes); empty transcripts stay, for the loader to skip and report by id.
 *
 * @param notes what the run should tell the user (fallback split, utterances left out)
 */
public record CatalogCorpus(
        DatasetRecord dataset,
        List<Utterance> train,
        List<Utterance> validation,
        String manifestHash,
        List<String> notes) {

    /** Share of the training pool held out when the dataset has no validation split. */
    private static final int FALLBACK_VALIDATION_PERCENT = 10;

    public CatalogCorpus {
        train = List.copyOf(train);
        validation = List.copyOf(validation);
        notes = List.copyOf(notes);
    }

    /**
     * The dataset {@code name} split by {@code data}'s train and validation splits; with no
     * validation utterances, a deterministic 10 % of the training pool (by id hash) is held out.
     */
    public static CatalogCorpus load(
            Catalog catalog,
            String name,
            DataConfig data,
            Alphabet alphabet,
            TextNormaliser normaliser) {
        return catalog.read(
                c -> {
                    DatasetRecord dataset = new DatasetRepository(c).require(name);
                    List<StoredUtterance> stored = new UtteranceRepository(c).of(dataset.id());
                    Map<String, CurationState> curation =
                            new CurationRepository(c).of(dataset.id());
                    String hash =
                            new ManifestVersionRepository(c)
                                    .latest(dataset.id())
                                    .map(ManifestVersion::contentHash)
                                    .orElse("");
                    List<String> notes = new ArrayList<>();
                    Path root = Path.of(dataset.root());
                    List<Utterance> train = new ArrayList<>();
                    List<Utterance> validation = new ArrayList<>();
                    int outsideAlphabet = 0;
                    int excluded = 0;
                    int outOfDuration = 0;
                    Set<Split> trainSplits = Set.copyOf(data.trainSplits());
                    Set<Split> valSplits = Set.copyOf(data.valSplits());
                    for (StoredUtterance s : stored) {
                        CurationState state = curation.get(s.utterance().id());
                        if (state != null && state.excluded()) {
                            excluded++;
                            continue;
                        }
                        String text =
                                state != null && state.editedTranscript() != null
                                        ? state.editedTranscript()
                                        : s.utterance().transcript();
                        String normalised = normaliser.normalise(text);
                        if (!alphabet.charactersOutside(normalised).isEmpty()) {
                            outsideAlphabet++;
                            continue;
                        }
                        Utterance u =
                                new Utterance(
                                        s.utterance().id(),
                                        root.resolve(s.utterance().audio())
                                                .toAbsolutePath()
                                                .toString(),
                                        s.utterance().durationSeconds(),
                                        normalised,
                                        s.utterance().speaker(),
                                        s.utterance().split(),
                                        s.utterance().meta());
                        Split split = s.utterance().split();
                        if (valSplits.contains(split)) {
                            validation.add(u);
                        } else if (trainSplits.contains(split)
                                || (split == Split.NONE && trainSplits.contains(Split.TRAIN))) {
                            if (u.durationSeconds() > data.maxDurationS()
                                    || u.durationSeconds() < data.minDurationS()) {
                                outOfDuration++;
                            } else {
                                train.add(u);
                            }
                        }
                    }
                    if (validation.isEmpty() && !train.isEmpty()) {
                        List<Utterance> kept = new ArrayList<>();
                        for (Utterance u : train) {
                            (Math.floorMod(u.id().hashCode(), 100) < FALLBACK_VALIDATION_PERCENT
                                            ? validation
                                            : kept)
                                    .add(u);
                        }
                        train = kept;
                        String missing =
                                data.valSplits().isEmpty()
                                        ? ": data.val_splits names no split"
                                        : " has no "
                                                + data.valSplits().stream()
                                                        .map(Split::key)
                                                        .sorted()
                                                        .collect(Collectors.joining("/"))
                                                + " utterances";
                        notes.add(
                                "dataset "
                                        + name
                                        + missing
                                        + ": holding out "
                                        + validation.size()
                                        + " of the training utterances (10 %, by id) for"
                                        + " validation");
                    }
                    if (excluded > 0) {
                        notes.add(excluded + " utterances excluded by curation were left out");
                    }
                    if (outsideAlphabet > 0) {
                        notes.add(
                                outsideAlphabet
                                        + " utterances with characters outside the alphabet (after"
                                        + " normalising) were left out; see 'asrwb dataset check'");
                    }
                    if (outOfDuration > 0) {
                        notes.add(
                                outOfDuration
                                        + " training utterances outside data.min_duration_s.."
                                        + "data.max_duration_s were left out");
                    }
                    return new CatalogCorpus(dataset, train, validation, hash, notes);
                });
    }

    /**
     * Every utterance of the chosen split, curated and normalised (for evaluation); {@link
     * SplitChoice#ALL} takes every utterance whatever its split, rows without one included.
     */
    public static List<Utterance> split(
            Catalog catalog,
            String name,
            SplitChoice split,
            Alphabet alphabet,
            TextNormaliser normaliser) {
        DataConfig only =
                new DataConfig(
                        name,
                        List.of(),
                        List.copyOf(split.splits()),
                        Double.MAX_VALUE,
                        0,
                        false,
                        1,
                        1,
                        1,
                        1,
                        0);
        return load(catalog, name, only, alphabet, normaliser).validation();
    }
}

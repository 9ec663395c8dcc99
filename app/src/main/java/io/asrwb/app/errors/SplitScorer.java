package io.asrwb.app.errors;

import io.asrwb.app.tasks.TaskContext;
import io.asrwb.engine.analysis.EvalRepository;
import io.asrwb.engine.analysis.ScoredUtterance;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.data.batching.LoaderSettings;
import io.asrwb.engine.events.TrainingEvent.UtteranceResult;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.metrics.CorpusErrorRates;
import io.asrwb.engine.metrics.ErrorRateAccumulator;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.SplitCounts;
import io.asrwb.engine.train.RunFeaturizers;
import io.asrwb.engine.train.Validation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Decodes a dataset split with a checkpoint as {@code asrwb eval} does (the engine's {@link
 * Validation}, same batches and normaliser, so the numbers match the CLI's), but in chunks so the
 * app can show progress and stop between two chunks; the evaluation is kept in the catalog's
 * history as the CLI's is.
 */
final class SplitScorer {

    /** Utterances per chunk: a progress step and a cancel point every few seconds of decoding. */
    private static final int CHUNK = 32;

    private SplitScorer() {}

    /**
     * Why the split gave no utterance, with what the dataset has and what to do in the app (a NeMo
     * manifest without a split key puts every row in none).
     */
    private static String nothingIn(Catalog catalog, String dataset, SplitChoice split) {
        SplitCounts counts = SplitCounts.of(catalog, dataset);
        return counts.holds(split)
                ? "dataset "
                        + dataset
                        + " has no usable "
                        + split.key()
                        + " utterances (it has "
                        + counts.describe()
                        + "; excluded ones and ones with characters outside the model's alphabet"
                        + " are left out)"
                : "dataset "
                        + dataset
                        + " has no "
                        + split.key()
                        + " utterances (it has "
                        + counts.describe()
                        + "); choose the split all, or give it splits: Datasets → Split…";
    }

    /** The split's scored utterances, each with its audio file. */
    static List<ErrorRow> score(
            Catalog catalog,
            String dataset,
            SplitChoice split,
            Path checkpoint,
            TaskContext context)
            throws IOException {
        TrainedModel trained = TrainedModel.load(checkpoint);
        Transcriber transcriber = ModelDecoding.of(trained).transcriber(trained);
        DatasetRecord record = catalog.read(c -> new DatasetRepository(c).require(dataset));
        List<Utterance> utterances =
                CatalogCorpus.split(
                        catalog,
                        dataset,
                        split,
                        transcriber.model().alphabet().alphabet(),
                        transcriber.normaliser());
        if (utterances.isEmpty()) {
            throw new IllegalArgumentException(nothingIn(catalog, dataset, split));
        }
        Map<String, Utterance> byId = new HashMap<>();
        utterances.forEach(u -> byId.put(u.id(), u));
        Path root = Path.of(record.root()).toAbsolutePath();
        List<ErrorRow> rows = new ArrayList<>(utterances.size());
        for (int from = 0; from < utterances.size(); from += CHUNK) {
            if (context.isCancelled()) {
                throw new CancellationException();
            }
            List<Utterance> chunk =
                    utterances.subList(from, Math.min(utterances.size(), from + CHUNK));
            for (UtteranceResult r :
                    validation(transcriber, chunk).run(trained.graph(), 0).utterances()) {
                Utterance u = byId.get(r.id());
                Path audio = Path.of(u.audio());
                rows.add(
                        new ErrorRow(
                                ScoredUtterance.of(
                                        r.id(),
                                        u.speaker(),
                                        u.durationSeconds(),
                                        folder(root, audio),
                                        r.reference(),
                                        r.hypothesis(),
                                        r.cer()),
                                audio,
                                u.meta()));
            }
            int done = from + chunk.size();
            context.progress(done, utterances.size(), done + "/" + utterances.size());
        }
        store(catalog, record, split, trained, rows);
        return rows;
    }

    static Validation validation(Transcriber transcriber, List<Utterance> chunk) {
        TrainedModel trained = transcriber.model();
        return new Validation(
                chunk,
                RunFeaturizers.evaluation(trained.config(), trained.alphabet()),
                trained.shape().spec(),
                transcriber.decoder(),
                transcriber.normaliser(),
                trained.config().data().batchSize(),
                LoaderSettings.of(trained.config().data()));
    }

    private static void store(
            Catalog catalog,
            DatasetRecord dataset,
            SplitChoice split,
            TrainedModel trained,
            List<ErrorRow> rows)
            throws IOException {
        ErrorRateAccumulator totals = new ErrorRateAccumulator();
        rows.forEach(r -> totals.add(r.scored().reference(), r.scored().hypothesis()));
        CorpusErrorRates rates = totals.snapshot();
        String decoder =
                "app "
                        + ModelDecoding.of(trained)
                                .settings()
                                .kind()
                                .name()
                                .toLowerCase(Locale.ROOT);
        List<ScoredUtterance> scored = rows.stream().map(ErrorRow::scored).toList();
        catalog.transaction(
                c ->
                        new EvalRepository(c)
                                .insert(
                                        new EvalRepository.EvalRecord(
                                                dataset.id(),
                                                split.key(),
                                                trained.checkpoint().toString(),
                                                trained.state().step(),
                                                decoder,
                                                rates.wer(),
                                                rates.cer()),
                                        scored));
    }

    private static String folder(Path root, Path audio) {
        Path parent = audio.getParent();
        if (parent == null) {
            return "";
        }
        Path relative = parent.startsWith(root) ? root.relativize(parent) : parent;
        return relative.toString().replace('\\', '/');
    }
}

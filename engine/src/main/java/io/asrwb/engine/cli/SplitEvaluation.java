package io.asrwb.engine.cli;

import io.asrwb.engine.analysis.EvalRepository;
import io.asrwb.engine.analysis.ScoredUtterance;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.events.TrainingEvent.UtteranceResult;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRecord;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.train.SplitScore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One checkpoint decoded over one split of a catalog dataset ({@code eval}, each side of {@code
 * compare}): the scores, each utterance with what the catalog knows of it, and the record of it
 * kept in the catalog.
 *
 * @param splitSize utterances of the split (those the loader could not score are not in {@code
 *                  scored})
 */
record SplitEvaluation(
        TrainedModel model,
        ModelDecoding decoding,
        DatasetRecord dataset,
        SplitChoice split,
        int splitSize,
        EvalCompleted result,
        List<ScoredUtterance> scored) {

    static SplitEvaluation run(
            Catalog catalog,
            String dataset,
            SplitChoice split,
            TrainedModel trained,
            ModelDecoding decoding)
            throws IOException {
        Transcriber transcriber = decoding.transcriber(trained);
        DatasetRecord record = catalog.read(c -> new DatasetRepository(c).require(dataset));
        List<Utterance> utterances = ModelScoring.utterances(catalog, dataset, split, transcriber);
        EvalCompleted result = SplitScore.score(transcriber, utterances);
        Map<String, Utterance> byId = new java.util.HashMap<>();
        utterances.forEach(u -> byId.put(u.id(), u));
        Path root = Path.of(record.root()).toAbsolutePath();
        List<ScoredUtterance> scored = new ArrayList<>(result.utterances().size());
        for (UtteranceResult r : result.utterances()) {
            Utterance u = byId.get(r.id());
            scored.add(
                    ScoredUtterance.of(
                            r.id(),
                            u.speaker(),
                            u.durationSeconds(),
                            folder(root, Path.of(u.audio())),
                            r.reference(),
                            r.hypothesis(),
                            r.cer()));
        }
        return new SplitEvaluation(
                trained, decoding, record, split, utterances.size(), result, scored);
    }

    /** Each utterance's CER as its last, and the whole evaluation in the catalog's history. */
    long store(Catalog catalog) {
        return catalog.transaction(
                c -> {
                    UtteranceRepository repository = new UtteranceRepository(c);
                    for (UtteranceResult u : result.utterances()) {
                        repository.setLastCer(dataset.id(), u.id(), u.cer());
                    }
                    return new EvalRepository(c)
                            .insert(
                                    new EvalRepository.EvalRecord(
                                            dataset.id(),
                                            split.key(),
                                            model.checkpoint().toString(),
                                            model.state().step(),
                                            DecoderOptions.describe(decoding),
                                            result.wer(),
                                            result.cer()),
                                    scored);
                });
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

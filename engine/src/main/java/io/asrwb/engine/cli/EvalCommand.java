package io.asrwb.engine.cli;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.DatasetRepository;
import io.asrwb.engine.store.UtteranceRepository;
import io.asrwb.engine.train.ModelDecoding;
import io.asrwb.engine.train.TrainedModel;
import io.asrwb.engine.train.TrainingEvent.EvalCompleted;
import io.asrwb.engine.train.TrainingEvent.UtteranceResult;
import io.asrwb.engine.train.Transcriber;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code asrwb eval}: a checkpoint's WER and CER on a split of a catalog dataset. */
@Command(
        name = "eval",
        mixinStandardHelpOptions = true,
        description =
                "Print a model's corpus WER and CER on a dataset split; stores each utterance's"
                        + " CER.")
final class EvalCommand implements Callable<Integer> {

    @Option(
            names = "--model",
            required = true,
            paramLabel = "CKPT",
            description = "checkpoint folder, or a run folder (its newest checkpoint)")
    Path model;

    @Option(
            names = "--dataset",
            required = true,
            paramLabel = "NAME",
            description = "dataset in the catalog")
    String dataset;

    @Option(
            names = "--split",
            defaultValue = "test",
            paramLabel = "SPLIT",
            description = "train, val or test (default: ${DEFAULT-VALUE})")
    String split;

    @Mixin DecoderOptions decoding;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput out = main.output();
        Split chosen = Split.parse(split);
        if (chosen == Split.NONE) {
            throw new CommandFailedException("--split " + split + ": expected train, val or test");
        }
        TrainedModel trained = TrainedModel.load(model);
        ModelDecoding chosenDecoding = decoding.chosen(trained);
        Transcriber transcriber = chosenDecoding.transcriber(trained);
        try (Catalog catalog = main.openCatalog()) {
            List<Utterance> utterances =
                    ModelScoring.utterances(catalog, dataset, chosen, transcriber);
            EvalCompleted result = ModelScoring.score(transcriber, utterances);
            long datasetId = catalog.read(c -> new DatasetRepository(c).require(dataset).id());
            catalog.transaction(
                    c -> {
                        UtteranceRepository repository = new UtteranceRepository(c);
                        for (UtteranceResult u : result.utterances()) {
                            repository.setLastCer(datasetId, u.id(), u.cer());
                        }
                        return null;
                    });
            out.human(
                    String.format(
                            Locale.ROOT,
                            "%s on %s/%s (%d utterances, %s decoding): WER %.2f %%  CER %.2f %%",
                            trained.checkpoint(),
                            dataset,
                            chosen.key(),
                            utterances.size(),
                            DecoderOptions.describe(chosenDecoding),
                            100 * result.wer(),
                            100 * result.cer()));
            Map<String, Object> record = new LinkedHashMap<>();
            record.put("model", trained.checkpoint().toString());
            record.put("dataset", dataset);
            record.put("split", chosen.key());
            record.put("utterances", utterances.size());
            record.put("decoder", chosenDecoding.settings().kind().name().toLowerCase(Locale.ROOT));
            if (chosenDecoding.languageModel() != null) {
                record.put("lm", chosenDecoding.languageModel().toString());
            }
            record.put("wer", result.wer());
            record.put("cer", result.cer());
            record.put("loss", result.loss());
            out.record("eval", record);
            return ExitCodes.OK;
        }
    }
}

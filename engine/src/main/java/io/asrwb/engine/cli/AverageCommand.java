package io.asrwb.engine.cli;

import io.asrwb.engine.checkpoint.CheckpointStore;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.events.TrainingEvent.EvalCompleted;
import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import io.asrwb.engine.inference.Transcriber;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.train.SplitScore;
import io.asrwb.engine.train.average.AverageMember;
import io.asrwb.engine.train.average.CheckpointAverager;
import io.asrwb.engine.train.average.MemberChoice;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb average}: the parameters of a run's last or best N checkpoints, averaged. */
@Command(
        name = "average",
        mixinStandardHelpOptions = true,
        description = {
            "Average the parameters (BatchNorm running statistics too) of a run's last N or best N"
                + " checkpoints into a new checkpoint folder; with --eval, print its WER and CER"
                + " beside each member's.",
            "The average has the newest member's step, config and optimizer state, and"
                    + " averaged-from.json naming its members and the SHA-256 of their model files."
        })
final class AverageCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN", description = "the run folder ('train --out')")
    Path run;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "CKPT",
            description = "the new checkpoint folder (must not exist)")
    Path out;

    static final class Choice {
        @Option(
                names = "--last",
                paramLabel = "N",
                converter = Bounded.PositiveInt.class,
                description = "the N newest checkpoints")
        Integer last;

        @Option(
                names = "--best",
                paramLabel = "N",
                converter = Bounded.PositiveInt.class,
                description = "the N with the lowest validation WER recorded at save")
        Integer best;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Choice choice;

    @Option(
            names = "--eval",
            paramLabel = "DATASET",
            description = "then score the average and every member on this catalog dataset")
    String evalDataset;

    @Option(
            names = "--split",
            defaultValue = "test",
            paramLabel = "SPLIT",
            description = "split for --eval: " + SplitOption.HELP + " (default: ${DEFAULT-VALUE})")
    String split;

    @Mixin DecoderOptions decoding;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput output = main.output();
        SplitChoice chosenSplit = SplitOption.parse(split);
        MemberChoice members =
                choice.last != null
                        ? MemberChoice.last(choice.last)
                        : MemberChoice.best(choice.best);
        CheckpointAverager.Result result = CheckpointAverager.average(run, members, out);
        List<String> steps = new ArrayList<>();
        for (AverageMember m : result.averagedFrom().members()) {
            steps.add(m.checkpoint());
        }
        output.human(
                "averaged "
                        + steps.size()
                        + " checkpoints ("
                        + members
                        + ": "
                        + String.join(", ", steps)
                        + ") into "
                        + out);
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("checkpoint", out.toString());
        record.put("choice", members.toString());
        record.put("members", steps);
        output.record("average", record);
        if (evalDataset != null) {
            evaluate(main, output, result, chosenSplit);
        }
        return ExitCodes.OK;
    }

    /** One line per member, then the average: the comparison a user averages for. */
    private void evaluate(
            Main main, CliOutput output, CheckpointAverager.Result result, SplitChoice chosenSplit)
            throws IOException {
        List<Path> models = new ArrayList<>();
        for (AverageMember m : result.averagedFrom().members()) {
            models.add(run.resolve(CheckpointStore.DIRECTORY).resolve(m.checkpoint()));
        }
        models.add(out);
        try (Catalog catalog = main.openCatalog()) {
            List<Utterance> utterances = null;
            // one decoding for all, the newest member's (the average has no decoding.yaml of its
            // own), so the rows differ by the weights only
            ModelDecoding chosen =
                    decoding.chosen(TrainedModel.load(models.get(models.size() - 2)));
            for (Path model : models) {
                TrainedModel trained = TrainedModel.load(model);
                Transcriber transcriber = chosen.transcriber(trained);
                if (utterances == null) {
                    utterances =
                            ModelScoring.utterances(catalog, evalDataset, chosenSplit, transcriber);
                }
                EvalCompleted scored = SplitScore.score(transcriber, utterances);
                boolean average = model.equals(out);
                output.human(
                        String.format(
                                Locale.ROOT,
                                "%-9s %-40s %s/%s (%d utterances, %s): WER %6.2f %%  CER %6.2f %%",
                                average ? "average" : "member",
                                average ? out : model.getFileName(),
                                evalDataset,
                                chosenSplit.key(),
                                utterances.size(),
                                DecoderOptions.describe(chosen),
                                100 * scored.wer(),
                                100 * scored.cer()));
                Map<String, Object> record = new LinkedHashMap<>();
                record.put("model", model.toString());
                record.put("role", average ? "average" : "member");
                record.put("dataset", evalDataset);
                record.put("split", chosenSplit.key());
                record.put("wer", scored.wer());
                record.put("cer", scored.cer());
                output.record("average-eval", record);
            }
        }
    }
}

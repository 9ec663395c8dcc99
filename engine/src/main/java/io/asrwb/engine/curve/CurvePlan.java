package io.asrwb.engine.curve;

import io.asrwb.engine.config.RunConfigYaml;
import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.SplitChoice;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.RunAlphabet;
import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogCorpus;
import io.asrwb.engine.train.TrainSubset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The state a learning curve starts from: a new folder gets its recipe, one run folder per point
 * with the subset it trains on, and a fresh state file; a folder that holds a curve already is
 * continued, but only when it was asked the same question (same dataset, recipe, fractions, draw).
 */
final class CurvePlan {

    /** The recipe every point trains with, as it was given; a rerun must give the same one. */
    static final String RECIPE_FILE = "recipe.yaml";

    private CurvePlan() {}

    static CurveState prepare(Catalog catalog, CurveRequest request, Path dir) throws IOException {
        String recipe = RunConfigYaml.standard().write(request.recipe());
        if (CurveState.exists(dir)) {
            return continued(request, dir, recipe);
        }
        RunAlphabet alphabet = RunAlphabet.of(request.recipe().alphabet(), Path.of(""));
        SplitChoice evalSplit = evalSplit(catalog, request, alphabet);
        CatalogCorpus corpus =
                CatalogCorpus.load(
                        catalog,
                        request.dataset(),
                        request.recipe().data(),
                        alphabet.alphabet(),
                        alphabet.normaliser(request.recipe().normaliser()));
        List<NestedSubsets.Subset> subsets =
                NestedSubsets.draw(
                        corpus.train(), request.fractions(), request.by(), request.seed());
        List<CurvePoint> points = new ArrayList<>();
        for (int i = 0; i < subsets.size(); i++) {
            NestedSubsets.Subset s = subsets.get(i);
            String runDir =
                    String.format(
                            java.util.Locale.ROOT,
                            "point-%d-%s",
                            i + 1,
                            Fractions.format(s.fraction()));
            TrainSubset.write(dir.resolve(runDir), s.ids());
            points.add(
                    new CurvePoint(
                            s.fraction(),
                            runDir,
                            s.ids().size(),
                            s.speakers(),
                            s.hours(),
                            CurvePoint.Status.PENDING,
                            null,
                            null,
                            0,
                            0));
        }
        Files.writeString(dir.resolve(RECIPE_FILE), recipe);
        CurveState state =
                new CurveState(
                        CurveState.SCHEMA,
                        request.dataset(),
                        request.by().key(),
                        request.seed(),
                        evalSplit.key(),
                        points);
        state.write(dir); // last: a folder with a state file is a complete plan
        return state;
    }

    private static CurveState continued(CurveRequest request, Path dir, String recipe)
            throws IOException {
        CurveState state = CurveState.read(dir);
        List<String> differences = new ArrayList<>();
        if (!state.dataset().equals(request.dataset())) {
            differences.add("dataset " + state.dataset());
        }
        if (!state.fractions().equals(request.fractions())) {
            differences.add("fractions " + state.fractions());
        }
        if (!state.by().equals(request.by().key())) {
            differences.add("--by " + state.by());
        }
        if (state.seed() != request.seed()) {
            differences.add("seed " + state.seed());
        }
        Path recipeFile = dir.resolve(RECIPE_FILE);
        if (!Files.isRegularFile(recipeFile) || !Files.readString(recipeFile).equals(recipe)) {
            differences.add("the recipe in " + recipeFile);
        }
        if (!differences.isEmpty()) {
            throw new CurveRefusedException(
                    dir
                            + " holds a learning curve of another question ("
                            + String.join(", ", differences)
                            + "): rerun it with those settings to continue it, or choose another"
                            + " folder (--out)");
        }
        return state;
    }

    /** Test when the dataset has a test split, else val: every point is scored on the same one. */
    private static SplitChoice evalSplit(
            Catalog catalog, CurveRequest request, RunAlphabet alphabet) {
        for (SplitChoice choice : List.of(SplitChoice.TEST, SplitChoice.VAL)) {
            List<Utterance> utterances =
                    CatalogCorpus.split(
                            catalog,
                            request.dataset(),
                            choice,
                            alphabet.alphabet(),
                            alphabet.normaliser(request.recipe().normaliser()));
            if (!utterances.isEmpty()) {
                Split split = choice.splits().iterator().next();
                if (request.recipe().data().trainSplits().contains(split)) {
                    throw new CurveRefusedException(
                            "the recipe trains on the "
                                    + choice.key()
                                    + " split (data.train_splits), which the curve evaluates on;"
                                    + " train on train only");
                }
                return choice;
            }
        }
        throw new CurveRefusedException(
                "dataset "
                        + request.dataset()
                        + " has no test or val utterances to score every point on the same"
                        + " split; give it splits first: asrwb dataset split "
                        + request.dataset());
    }
}

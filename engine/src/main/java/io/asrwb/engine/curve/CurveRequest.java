package io.asrwb.engine.curve;

import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.curation.SplitRequest.By;
import java.util.List;

/**
 * A learning curve asked for: one recipe trained on nested shares of one dataset.
 *
 * @param dataset the catalog dataset (the recipe's data.dataset is set to it)
 * @param recipe the run config every point trains with
 * @param fractions shares of the training audio, ascending, each in (0, 1]
 * @param by whether subsets take single utterances or whole speakers
 * @param seed seed of the draw
 */
public record CurveRequest(
        String dataset, RunConfig recipe, List<Double> fractions, By by, long seed) {

    public CurveRequest {
        fractions = List.copyOf(fractions);
        Fractions.check(fractions);
        recipe = recipe.withData(recipe.data().withDataset(dataset));
    }
}

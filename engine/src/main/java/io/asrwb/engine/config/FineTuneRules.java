package io.asrwb.engine.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules of {@code train.init_from} and {@code train.freeze} that the config alone can check;
 * whether the checkpoint exists and fits the model is known only when the run starts.
 */
final class FineTuneRules {

    private FineTuneRules() {}

    static List<ConfigViolation> check(TrainConfig train, ModelConfig model) {
        List<ConfigViolation> violations = new ArrayList<>();
        if (train.freeze().isEmpty()) {
            return violations;
        }
        if (!train.fineTunes()) {
            violations.add(
                    new ConfigViolation(
                            "train.freeze",
                            "freezes layers of a model trained from scratch; set train.init_from"
                                    + " (asrwb train --init-from CKPT) or remove train.freeze"));
        }
        if (model == null) {
            return violations;
        }
        List<String> valid = FreezeNames.of(model);
        for (String name : train.freeze()) {
            if (!valid.contains(name)) {
                violations.add(
                        new ConfigViolation(
                                "train.freeze",
                                "no layer '"
                                        + name
                                        + "' in this model; its layers are "
                                        + String.join(", ", valid)));
                break;
            }
        }
        if (train.freeze().containsAll(allLayers(valid))) {
            violations.add(
                    new ConfigViolation(
                            "train.freeze",
                            "freezes every layer: nothing would train; leave at least one out"));
        }
        return violations;
    }

    /** The names that together cover every layer: conv, rnn (if any) and output. */
    private static List<String> allLayers(List<String> valid) {
        List<String> all = new ArrayList<>();
        for (String name : valid) {
            if (!name.contains(".")) {
                all.add(name);
            }
        }
        return all;
    }
}

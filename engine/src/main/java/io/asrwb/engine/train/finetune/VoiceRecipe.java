package io.asrwb.engine.train.finetune;

import io.asrwb.engine.config.ConfigException;
import io.asrwb.engine.config.ConfigFields;
import io.asrwb.engine.config.Ds2Config;
import io.asrwb.engine.config.FreezeNames;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.config.RunConfigYaml;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The fine-tuning recipe for minutes of one voice ({@code voice-recipe.yaml} beside this class,
 * which bench/finetune-real-voice.sh runs too): the base checkpoint's features, model and alphabet,
 * the convolutions frozen, a low rate, the held-out test split as validation, and a length scaled
 * to the data: {@link #PASSES} passes over the training takes, at least {@link #MIN_STEPS}, at most
 * a cap ({@link #MAX_STEPS} unless lower).
 */
public final class VoiceRecipe {

    /** The recipe's class-path resource. */
    public static final String RESOURCE = "io/asrwb/engine/train/finetune/voice-recipe.yaml";

    /** Passes over the training takes: bench/finetune-new-voice.sh's 80 steps over 150 sentences. */
    public static final int PASSES = 8;

    /** Fewer steps than this barely move the model (the warm-up alone is 10). */
    public static final long MIN_STEPS = 20;

    /** Minutes of one voice need no more; the rest is time the user waits. */
    public static final long MAX_STEPS = 300;

    private static final long WARMUP = 10;

    private VoiceRecipe() {}

    /** The steps for {@code trainingTakes} at {@code batchSize}, capped at {@code cap}. */
    public static long steps(int trainingTakes, int batchSize, long cap) {
        long passes = ((long) PASSES * trainingTakes + batchSize - 1) / batchSize;
        return Math.max(1, Math.min(cap, Math.max(MIN_STEPS, passes)));
    }

    /**
     * The run that fine-tunes {@code base} (a checkpoint or run folder) on {@code dataset}'s
     * {@code trainingTakes} training takes, with at most {@code cap} steps (a test takes a few).
     *
     * @throws IOException when {@code base} holds no readable checkpoint
     */
    public static RunConfig of(String dataset, Path base, int trainingTakes, long cap)
            throws IOException {
        RunConfig fine = FineTuneConfig.from(recipe(), base);
        long steps = steps(trainingTakes, fine.data().batchSize(), cap);
        // a frozen front end keeps what the base heard; a model without one freezes nothing
        List<String> freeze =
                fine.model() instanceof Ds2Config ? List.of(FreezeNames.CONV) : List.of();
        RunConfig run =
                fine.withData(fine.data().withDataset(dataset))
                        .withTrain(
                                fine.train()
                                        .withInitFrom(fine.train().initFrom(), freeze)
                                        .withMaxSteps(steps));
        // a trial of a few steps still reaches the rate: the warm-up shrinks with the run
        return ConfigFields.with(
                run, "optim.schedule.warmup_steps", Math.min(WARMUP, Math.max(0, steps / 2)));
    }

    /** The recipe as shipped, features and model still the demo model's. */
    static RunConfig recipe() {
        try (InputStream in = VoiceRecipe.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        RESOURCE + " is missing: the engine jar is incomplete");
            }
            return RunConfigYaml.standard()
                    .read(new String(in.readAllBytes(), StandardCharsets.UTF_8), RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ConfigException e) {
            throw new IllegalStateException("the voice recipe is broken: " + e.getMessage(), e);
        }
    }
}

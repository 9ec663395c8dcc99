package io.asrwb.engine.train;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.config.FeatureConfig;
import io.asrwb.engine.config.FeatureStats;
import io.asrwb.engine.config.RunConfig;
import io.asrwb.engine.data.Utterance;
import io.asrwb.engine.inference.SpeechFeatures;
import io.asrwb.engine.train.finetune.FineTuneConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Fills in {@code features.global_stats} for a new run whose normalisation starts from the training
 * set's statistics ({@code running_cmvn}): each feature's mean and deviation over the frames of up
 * to {@link #MAX_UTTERANCES} training utterances spread evenly over the training list, before
 * augmentation. The statistics then travel in the run's config (config.yaml, every checkpoint), so
 * evaluation, transcription and streaming normalise as training did.
 */
public final class GlobalFeatureStats {

    /** Enough frames (hundreds of thousands) for 40–161 means; a few seconds to read. */
    public static final int MAX_UTTERANCES = 1000;

    /**
     * @param config the run's config as given
     * @param notes what was done, for the run's start notes
     */
    public record Filled(RunConfig config, List<String> notes) {}

    private GlobalFeatureStats() {}

    /**
     * {@code config} with the statistics filled in when its normalisation needs them and it has
     * none; otherwise {@code config} itself. A fine-tuning run takes those of the checkpoint it
     * starts from ({@code train.init_from}, relative to the working folder): its weights learnt
     * them.
     *
     * @throws RunLaunchException when none of the sampled utterances' audio can be read
     * @throws IOException when train.init_from names no readable checkpoint
     */
    public static Filled fillIn(RunConfig config, List<Utterance> train) throws IOException {
        FeatureConfig features = config.features();
        if (features.normalisation() != FeatureConfig.Normalisation.RUNNING_CMVN
                || !features.globalStats().absent()) {
            return new Filled(config, List.of());
        }
        if (config.train().fineTunes()) {
            FeatureStats parent =
                    FineTuneConfig.savedFeatures(Path.of(config.train().initFrom())).globalStats();
            if (!parent.absent()) {
                return new Filled(
                        config.withFeatures(features.withGlobalStats(parent)),
                        List.of("features.global_stats from " + config.train().initFrom()));
            }
        }
        long started = System.nanoTime();
        SpeechFeatures extractor = new SpeechFeatures(features);
        UnaryOperator<float[]> toConfigRate = extractor.fromModelRateSamples();
        int bins = extractor.featureCount();
        double[] sum = new double[bins];
        double[] sumSquares = new double[bins];
        long frames = 0;
        int used = 0;
        List<String> unreadable = new ArrayList<>();
        int take = Math.min(MAX_UTTERANCES, train.size());
        for (int i = 0; i < take; i++) {
            Utterance u = train.get((int) ((long) i * train.size() / take));
            float[][] rows;
            try {
                rows =
                        extractor.unnormalised(
                                toConfigRate.apply(AudioFiles.load(Path.of(u.audio())).samples()));
            } catch (AudioFileException e) {
                unreadable.add(u.id());
                continue;
            }
            for (float[] row : rows) {
                for (int k = 0; k < bins; k++) {
                    sum[k] += row[k];
                    sumSquares[k] += (double) row[k] * row[k];
                }
            }
            frames += rows.length;
            used++;
        }
        if (frames == 0) {
            throw new RunLaunchException(
                    "features.normalisation running_cmvn needs the training set's feature"
                            + " statistics, but none of the "
                            + take
                            + " training utterances sampled for them could be read"
                            + (unreadable.isEmpty() ? "" : " (first: " + unreadable.get(0) + ")"));
        }
        List<Double> mean = new ArrayList<>(bins);
        List<Double> stddev = new ArrayList<>(bins);
        for (int k = 0; k < bins; k++) {
            double m = sum[k] / frames;
            double std = Math.sqrt(Math.max(0.0, sumSquares[k] / frames - m * m));
            mean.add(m);
            stddev.add(std > 0 ? std : 1.0);
        }
        RunConfig filled =
                config.withFeatures(features.withGlobalStats(new FeatureStats(mean, stddev)));
        String note =
                String.format(
                        "features.global_stats from %d training utterances (%d frames%s) in %.1f s",
                        used,
                        frames,
                        unreadable.isEmpty()
                                ? ""
                                : "; " + unreadable.size() + " unreadable, left out",
                        (System.nanoTime() - started) / 1e9);
        return new Filled(filled, List.of(note));
    }
}

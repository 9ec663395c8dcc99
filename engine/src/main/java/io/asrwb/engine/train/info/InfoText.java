package io.asrwb.engine.train.info;

import io.asrwb.engine.checkpoint.TrainingDataSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A training data summary in one line of words, numbers grouped as people read them. */
final class InfoText {

    private InfoText() {}

    /** {@code 16.8 h, 34 286 utterances, 739 voices, all synthetic (espeak-ng, flite)}. */
    static String trainedOn(TrainingDataSummary data) {
        boolean synthetic =
                data.utterances() > 0
                        && data.utterancesOf(TrainingDataSummary.SYNTHETIC) == data.utterances();
        List<String> parts = new ArrayList<>();
        parts.add(duration(data.audioSeconds()));
        parts.add(count(data.utterances(), "utterance", "utterances"));
        parts.add(
                data.speakers() == 0
                        ? "speakers not named"
                        : synthetic
                                ? count(data.speakers(), "voice", "voices")
                                : count(data.speakers(), "speaker", "speakers"));
        parts.add(origins(data));
        String line = String.join(", ", parts);
        if (data.base() != null) {
            line += "; fine-tuned from a model trained on " + trainedOn(data.base());
        }
        return line;
    }

    private static String origins(TrainingDataSummary data) {
        String tts = data.tts().isEmpty() ? "" : " (" + String.join(", ", data.tts()) + ")";
        long real = data.utterancesOf(TrainingDataSummary.REAL);
        long synthetic = data.utterancesOf(TrainingDataSummary.SYNTHETIC);
        long unknown = data.utterancesOf(TrainingDataSummary.UNKNOWN);
        if (data.utterances() > 0 && synthetic == data.utterances()) {
            return "all synthetic" + tts;
        }
        if (data.utterances() > 0 && real == data.utterances()) {
            return "all real";
        }
        if (real == 0 && synthetic == 0) {
            return "real or synthetic not recorded";
        }
        List<String> mix = new ArrayList<>();
        mix.add(grouped(real) + " real");
        mix.add(grouped(synthetic) + " synthetic" + tts);
        if (unknown > 0) {
            mix.add(grouped(unknown) + " not said");
        }
        return String.join(" + ", mix);
    }

    /** Hours with one decimal from a tenth of an hour; minutes or seconds below. */
    static String duration(double seconds) {
        if (seconds >= 360) {
            return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
        }
        if (seconds >= 60) {
            return String.format(Locale.ROOT, "%.0f min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.0f s", seconds);
    }

    /** {@code 1 word}, {@code 34 286 words}. */
    static String count(long n, String one, String many) {
        return grouped(n) + " " + (n == 1 ? one : many);
    }

    /** {@code 34 286}: thousands set apart by a space, as the model's README writes them. */
    static String grouped(long n) {
        return String.format(Locale.ROOT, "%,d", n).replace(',', ' ');
    }
}

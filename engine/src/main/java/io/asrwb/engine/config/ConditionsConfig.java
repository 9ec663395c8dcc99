package io.asrwb.engine.config;

import java.util.List;

/**
 * Recording conditions simulated at training time: rooms, voices, channels, codecs and levels.
 * Each stage runs on an utterance with its probability (0 = off, the default), drawing its
 * parameters uniformly from its range.
 */
public record ConditionsConfig(
        @Describe("Chance of reverb from a simulated room (image method)") @Range(min = 0, max = 1)
                double reverbProbability,
        @Describe("Shortest room RT60 drawn (s)") @Range(min = 0.05, max = 3) double reverbRt60MinS,
        @Describe("Longest room RT60 drawn (s)") @Range(min = 0.05, max = 3) double reverbRt60MaxS,
        @Describe("Chance of a pitch and formant shift (duration kept)") @Range(min = 0, max = 1)
                double pitchProbability,
        @Describe("Largest pitch shift up or down (semitones)") @Range(min = 0, max = 12)
                double pitchSemitonesMax,
        @Describe("Chance of a band-limited microphone") @Range(min = 0, max = 1)
                double bandLimitProbability,
        @Describe("Lowest low cut-off drawn (Hz)") @Range(min = 0, max = 2000) double bandLowMinHz,
        @Describe("Highest low cut-off drawn (Hz)") @Range(min = 0, max = 2000) double bandLowMaxHz,
        @Describe("Lowest high cut-off drawn (Hz)") @Range(min = 1000, max = 8000)
                double bandHighMinHz,
        @Describe("Highest high cut-off drawn (Hz)") @Range(min = 1000, max = 8000)
                double bandHighMaxHz,
        @Describe("Chance of a telephone channel (8 kHz, 300–3400 Hz)") @Range(min = 0, max = 1)
                double telephoneProbability,
        @Describe("Chance of μ-law 8-bit codec artefacts") @Range(min = 0, max = 1)
                double mulawProbability,
        @Describe("Chance of MP3 codec artefacts (encoded and decoded)") @Range(min = 0, max = 1)
                double mp3Probability,
        @Describe("Lowest MP3 bitrate drawn (kbit/s)") @Range(min = 8, max = 160) int mp3KbpsMin,
        @Describe("Highest MP3 bitrate drawn (kbit/s)") @Range(min = 8, max = 160) int mp3KbpsMax,
        @Describe("Chance of a level change") @Range(min = 0, max = 1) double gainProbability,
        @Describe("Lowest gain drawn (dB)") @Range(min = -60, max = 40) double gainMinDb,
        @Describe("Highest gain drawn (dB)") @Range(min = -60, max = 40) double gainMaxDb,
        @Describe("Chance of a DC offset") @Range(min = 0, max = 1) double dcOffsetProbability,
        @Describe("Largest DC offset drawn, either sign (full scale 1)") @Range(min = 0, max = 1)
                double dcOffsetMax,
        @Describe("Chance of clipping") @Range(min = 0, max = 1) double clipProbability,
        @Describe("Lowest clipping level drawn (fraction of the peak)") @Range(min = 0.01, max = 1)
                double clipLevelMin,
        @Describe("Highest clipping level drawn (fraction of the peak)") @Range(min = 0.01, max = 1)
                double clipLevelMax,
        @Describe("Chance of reverb from a recorded room impulse response (rir_dirs)")
                @Range(min = 0, max = 1)
                double rirProbability,
        @Describe("Folders of room impulse responses: wav, flac or mp3, any rate, mixed to mono")
                List<String> rirDirs,
        @Describe("Chance of background noise from recordings (noise_dirs)")
                @Range(min = 0, max = 1)
                double noiseProbability,
        @Describe("Folders of background noise recordings: wav, flac or mp3, looped when short")
                List<String> noiseDirs,
        @Describe("Lowest background signal-to-noise ratio drawn (dB)") @Range(min = -20, max = 100)
                double noiseSnrMinDb,
        @Describe("Highest background signal-to-noise ratio drawn (dB)")
                @Range(min = -20, max = 100)
                double noiseSnrMaxDb,
        @Describe("Chance of a vocal tract length change (formants move, pitch stays)")
                @Range(min = 0, max = 1)
                double vtlpProbability,
        @Describe("Smallest vocal tract warp drawn (formant frequencies ×)")
                @Range(min = 0.7, max = 1.4)
                double vtlpWarpMin,
        @Describe("Largest vocal tract warp drawn (formant frequencies ×)")
                @Range(min = 0.7, max = 1.4)
                double vtlpWarpMax) {

    public ConditionsConfig {
        rirDirs = rirDirs == null ? List.of() : List.copyOf(rirDirs);
        noiseDirs = noiseDirs == null ? List.of() : List.copyOf(noiseDirs);
    }

    /** The conditions before recorded rooms, recorded noise and VTLP existed: those off. */
    public ConditionsConfig(
            double reverbProbability,
            double reverbRt60MinS,
            double reverbRt60MaxS,
            double pitchProbability,
            double pitchSemitonesMax,
            double bandLimitProbability,
            double bandLowMinHz,
            double bandLowMaxHz,
            double bandHighMinHz,
            double bandHighMaxHz,
            double telephoneProbability,
            double mulawProbability,
            double mp3Probability,
            int mp3KbpsMin,
            int mp3KbpsMax,
            double gainProbability,
            double gainMinDb,
            double gainMaxDb,
            double dcOffsetProbability,
            double dcOffsetMax,
            double clipProbability,
            double clipLevelMin,
            double clipLevelMax) {
        this(
                reverbProbability,
                reverbRt60MinS,
                reverbRt60MaxS,
                pitchProbability,
                pitchSemitonesMax,
                bandLimitProbability,
                bandLowMinHz,
                bandLowMaxHz,
                bandHighMinHz,
                bandHighMaxHz,
                telephoneProbability,
                mulawProbability,
                mp3Probability,
                mp3KbpsMin,
                mp3KbpsMax,
                gainProbability,
                gainMinDb,
                gainMaxDb,
                dcOffsetProbability,
                dcOffsetMax,
                clipProbability,
                clipLevelMin,
                clipLevelMax,
                0,
                List.of(),
                0,
                List.of(),
                5,
                20,
                0,
                0.9,
                1.1);
    }

    /** A copy with recorded rooms and background noise from these folders at these chances. */
    public ConditionsConfig withRecorded(
            double rirChance,
            List<String> rirFolders,
            double noiseChance,
            List<String> noiseFolders) {
        return new ConditionsConfig(
                reverbProbability,
                reverbRt60MinS,
                reverbRt60MaxS,
                pitchProbability,
                pitchSemitonesMax,
                bandLimitProbability,
                bandLowMinHz,
                bandLowMaxHz,
                bandHighMinHz,
                bandHighMaxHz,
                telephoneProbability,
                mulawProbability,
                mp3Probability,
                mp3KbpsMin,
                mp3KbpsMax,
                gainProbability,
                gainMinDb,
                gainMaxDb,
                dcOffsetProbability,
                dcOffsetMax,
                clipProbability,
                clipLevelMin,
                clipLevelMax,
                rirChance,
                rirFolders,
                noiseChance,
                noiseFolders,
                noiseSnrMinDb,
                noiseSnrMaxDb,
                vtlpProbability,
                vtlpWarpMin,
                vtlpWarpMax);
    }

    /** A copy with vocal tract length perturbation at this chance over this warp range. */
    public ConditionsConfig withVtlp(double chance, double warpMin, double warpMax) {
        return new ConditionsConfig(
                reverbProbability,
                reverbRt60MinS,
                reverbRt60MaxS,
                pitchProbability,
                pitchSemitonesMax,
                bandLimitProbability,
                bandLowMinHz,
                bandLowMaxHz,
                bandHighMinHz,
                bandHighMaxHz,
                telephoneProbability,
                mulawProbability,
                mp3Probability,
                mp3KbpsMin,
                mp3KbpsMax,
                gainProbability,
                gainMinDb,
                gainMaxDb,
                dcOffsetProbability,
                dcOffsetMax,
                clipProbability,
                clipLevelMin,
                clipLevelMax,
                rirProbability,
                rirDirs,
                noiseProbability,
                noiseDirs,
                noiseSnrMinDb,
                noiseSnrMaxDb,
                chance,
                warpMin,
                warpMax);
    }

    /** Everything off; the ranges are the ones the {@code conditions} preset overlay turns on. */
    public static ConditionsConfig defaults() {
        return new ConditionsConfig(
                0, 0.2, 0.8, 0, 2, 0, 50, 400, 3000, 7600, 0, 0, 0, 16, 32, 0, -12, 6, 0, 0.05, 0,
                0.3, 0.9);
    }

    /** Whether any stage can run (not named isX: the config mapper would take it for a field). */
    public boolean anyOn() {
        return reverbProbability > 0
                || pitchProbability > 0
                || bandLimitProbability > 0
                || telephoneProbability > 0
                || mulawProbability > 0
                || mp3Probability > 0
                || gainProbability > 0
                || dcOffsetProbability > 0
                || clipProbability > 0
                || rirProbability > 0
                || noiseProbability > 0
                || vtlpProbability > 0;
    }
}

package io.asrwb.engine.features;

/**
 * Mel-band power per frame: |STFT|² through a {@link MelFilterbank}, torchaudio's
 * {@code MelSpectrogram(power=2.0)}. Shared by the log-mel and MFCC extractors.
 */
final class MelPower {

    /** Receives one frame's mel power; the array is reused for the next frame. */
    @FunctionalInterface
    interface MelSink {
        void accept(int frame, double[] melPower);
    }

    private final Stft stft;
    private final MelFilterbank filterbank;

    MelPower(SpectrogramConfig spectrogram, MelConfig mel) {
        this.stft = new Stft(spectrogram);
        this.filterbank = new MelFilterbank(spectrogram, mel);
    }

    SpectrogramConfig spectrogramConfig() {
        return stft.config();
    }

    int nMels() {
        return filterbank.nMels();
    }

    void forEachFrame(float[] samples, MelSink sink) {
        double[] power = new double[stft.config().bins()];
        double[] mel = new double[filterbank.nMels()];
        stft.forEachFrame(
                samples,
                (frame, re, im) -> {
                    for (int k = 0; k < power.length; k++) {
                        power[k] = re[k] * re[k] + im[k] * im[k];
                    }
                    filterbank.apply(power, mel);
                    sink.accept(frame, mel);
                });
    }
}

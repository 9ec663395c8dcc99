package io.asrwb.engine.features;

/**
 * MFCCs as torchaudio's {@code MFCC(dct_type=2, norm='ortho', log_mels=False)}: mel power in dB,
 * {@code 10·log10(max(p, mel.logFloor))}, clamped to {@code topDb} below the utterance's maximum,
 * then the first {@code nMfcc} coefficients of the orthonormal DCT-II over the mel bands.
 *
 * @param nMfcc coefficients kept (≤ mel.nMels())
 * @param mel   the filterbank (its logFloor is the dB floor, torchaudio's {@code amin} 1e-10)
 * @param topDb dynamic range kept below the utterance's loudest mel value (torchaudio: 80);
 *              {@code Double.POSITIVE_INFINITY} keeps everything
 */
public record MfccConfig(int nMfcc, MelConfig mel, double topDb) {

    public MfccConfig {
        if (mel == null) {
            throw new IllegalArgumentException("mel must be given, e.g. MelConfig.of(40)");
        }
        if (nMfcc < 1 || nMfcc > mel.nMels()) {
            throw new IllegalArgumentException(
                    "nMfcc must be in 1.." + mel.nMels() + " (nMels), got " + nMfcc);
        }
        if (!(topDb > 0.0)) {
            throw new IllegalArgumentException(
                    "topDb must be > 0 (torchaudio uses 80), got " + topDb);
        }
    }

    /** 13 coefficients from 40 Slaney mel bands, top_db 80. */
    public static MfccConfig defaults() {
        return new MfccConfig(13, MelConfig.of(40), 80.0);
    }
}

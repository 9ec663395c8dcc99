package io.asrwb.engine.audio;

/**
 * Where a file's uncompressed samples lie and how they are stored: what wav, Sun au and headerless
 * G.711 files all come down to, so one reader ({@link PcmMixdown}, {@link PcmStream}) serves them.
 *
 * @param info       what the header (or, headerless, the file's size) says
 * @param encoding   layout of one stored sample
 * @param dataOffset byte offset of the first sample
 */
record PcmLayout(AudioInfo info, SampleEncoding encoding, long dataOffset) {

    /** The telephone norm, assumed for G.711 files that carry no header. */
    static final int TELEPHONE_RATE = 8000;

    /** A headerless G.711 file: 8 kHz mono, one byte per sample, from byte 0 to the end. */
    static PcmLayout headerless(FileHead f, String container, SampleEncoding encoding) {
        long frames = f.size;
        return new PcmLayout(
                new AudioInfo(
                        container,
                        TELEPHONE_RATE,
                        1,
                        encoding.bits(),
                        frames,
                        (double) frames / TELEPHONE_RATE),
                encoding,
                0);
    }

    int frameBytes() {
        return encoding.bytes() * info.channels();
    }
}

package io.asrwb.engine.audio;

import io.asrwb.engine.audio.io.mp3.DecodedAudio;
import io.asrwb.engine.audio.io.mp3.JavaSoundMp3Decoder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/** mp3 to mono samples at the file's rate, gapless: encoder and decoder delay trimmed off. */
final class Mp3Decoding {

    /** Decoders add this many samples of filter-bank delay on top of the encoder's (LAME's spec). */
    static final int DECODER_DELAY = 529;

    private Mp3Decoding() {}

    /** Decodes the whole mp3 file, trimmed to the samples its header promises where it has them. */
    static PcmAudio decode(Path file, Mp3Header h) throws AudioFileException {
        DecodedAudio d;
        try {
            d = JavaSoundMp3Decoder.decode(file);
        } catch (IOException | RuntimeException e) {
            throw new AudioFileException(
                    file,
                    AudioFileException.Reason.CORRUPT,
                    "mp3 stream cannot be decoded ("
                            + e.getMessage()
                            + "): "
                            + file
                            + "; re-encode it",
                    e);
        }
        float[] mono = d.mono();
        if (h.info().frames() >= 0) {
            // Gapless trim: drop what the encoder and decoder prepended so the signal starts where
            // the
            // original did, and keep exactly the length the header promises.
            // The Xing/Info/VBRI frame itself decodes to one frame of silence.
            int skip =
                    (h.hasInfoFrame() ? h.samplesPerFrame() : 0)
                            + (h.encoderDelay() > 0 ? h.encoderDelay() + DECODER_DELAY : 0);
            long keep = h.info().frames();
            if (mono.length < skip + keep - h.samplesPerFrame()) {
                throw new AudioFileException(
                        file,
                        AudioFileException.Reason.TRUNCATED,
                        "mp3 data is truncated: its header promises "
                                + keep
                                + " samples, the frames hold "
                                + Math.max(0, mono.length - skip)
                                + ": "
                                + file
                                + "; the copy was cut short, copy it again");
            }
            int end = (int) Math.min(mono.length, skip + keep);
            mono = skip >= end ? new float[0] : Arrays.copyOfRange(mono, skip, end);
        }
        return new PcmAudio(mono, d.sampleRate());
    }
}

package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one entry point for reading audio files: header probing (cheap, used by importers) and
 * full decoding to 16 kHz mono float (used by features and transcription).
 *
 * <p>The container is recognised by its first bytes (RIFF, fLaC, ID3 or an MPEG frame sync), not
 * by the file name, so a mislabelled file still reads; the extension only picks the message for
 * files that match nothing. Every failure is an {@link AudioFileException} whose
 * {@link AudioFileException.Reason} says what kind of problem it is.
 *
 * <p>Which container a file is: {@link DetectedContainer}; mp3's gapless decoding: {@link
 * Mp3Decoding}. Nothing here can reach TarsosDSP's ffmpeg {@code PipeDecoder} (which downloads
 * ffmpeg when it is missing): mp3 goes through mp3spi, flac through jflac, wav and raw through our
 * own code.
 */
public final class AudioFiles {

    /** The sample rate every model in the workbench consumes. */
    public static final int MODEL_RATE = 16_000;

    private static final Map<Integer, Resampler> TO_MODEL_RATE = new ConcurrentHashMap<>();

    private AudioFiles() {}

    /**
     * Reads only what is needed to know the format and duration: wav, flac (STREAMINFO) or mp3
     * (Xing/Info/VBRI frame count, else a constant-bitrate estimate; frames = -1 then).
     */
    public static AudioInfo probe(Path file) throws AudioFileException {
        try (FileHead f = FileHead.open(file)) {
            DetectedContainer d = DetectedContainer.of(f);
            return switch (d.container()) {
                case WAV -> WavHeader.read(f).info();
                case FLAC -> flacInfo(f, d.start());
                case MP3 -> Mp3Header.read(f, d.start()).info();
            };
        }
    }

    /** The duration of a headerless raw PCM file from its size; the file must hold whole frames. */
    public static AudioInfo probeRaw(Path file, RawFormat format) throws AudioFileException {
        try (FileHead f = FileHead.open(file)) {
            return rawInfo(f, format);
        }
    }

    /** Decodes wav, flac or mp3 to mono at {@link #MODEL_RATE}. */
    public static PcmAudio load(Path file) throws AudioFileException {
        return toModelRate(loadNative(file));
    }

    /** Decodes a headerless raw PCM file to mono at {@link #MODEL_RATE}. */
    public static PcmAudio loadRaw(Path file, RawFormat format) throws AudioFileException {
        try (FileHead f = FileHead.open(file)) {
            AudioInfo info = rawInfo(f, format);
            float[] mono =
                    PcmMixdown.read(
                            f.channel, 0, info.frames(), format.encoding(), format.channels());
            return toModelRate(new PcmAudio(mono, format.sampleRate()));
        } catch (IOException e) {
            throw FileHead.ioError(file, e);
        }
    }

    /** Decodes wav, flac or mp3 to mono at the file's own rate (channel mean, no resampling). */
    public static PcmAudio loadNative(Path file) throws AudioFileException {
        try (FileHead f = FileHead.open(file)) {
            DetectedContainer d = DetectedContainer.of(f);
            return switch (d.container()) {
                case WAV -> {
                    WavHeader h = WavHeader.read(f);
                    float[] mono =
                            PcmMixdown.read(
                                    f.channel,
                                    h.dataOffset(),
                                    h.info().frames(),
                                    h.encoding(),
                                    h.info().channels());
                    yield new PcmAudio(mono, h.info().sampleRate());
                }
                case FLAC -> FlacDecoding.decode(file, d.start(), FlacHeader.read(f, d.start()));
                case MP3 -> Mp3Decoding.decode(file, Mp3Header.read(f, d.start()));
            };
        } catch (IOException e) {
            throw FileHead.ioError(file, e);
        }
    }

    /**
     * Opens wav, flac or mp3 for reading a chunk at a time, mono at the file's own rate: the samples
     * of {@link #loadNative} without holding them all. The caller closes the stream.
     */
    public static AudioStream stream(Path file) throws AudioFileException {
        FileHead f = FileHead.open(file);
        try {
            DetectedContainer d = DetectedContainer.of(f);
            switch (d.container()) {
                case WAV -> {
                    return new WavStream(f, WavHeader.read(f)); // keeps the file open
                }
                case FLAC -> {
                    FlacHeader h = FlacHeader.read(f, d.start());
                    f.close();
                    return new FlacStream(file, d.start(), h);
                }
                default -> {
                    Mp3Header h = Mp3Header.read(f, d.start());
                    f.close();
                    return new Mp3Stream(file, h, Mp3Decoding.DECODER_DELAY);
                }
            }
        } catch (AudioFileException | RuntimeException e) {
            f.close();
            throw e;
        }
    }

    /** {@link #stream} resampled to {@code rate} as {@link Resampler} does it, to the bit. */
    public static AudioStream stream(Path file, int rate) throws AudioFileException {
        AudioStream s = stream(file);
        return s.sampleRate() == rate ? s : new ResamplingStream(s, rate);
    }

    /** Resamples to {@link #MODEL_RATE} with a band-limited (Kaiser-windowed sinc) filter. */
    public static PcmAudio toModelRate(PcmAudio audio) {
        if (audio.sampleRate() == MODEL_RATE) {
            return audio;
        }
        Resampler r =
                TO_MODEL_RATE.computeIfAbsent(
                        audio.sampleRate(), rate -> new Resampler(rate, MODEL_RATE));
        return new PcmAudio(r.process(audio.samples()), MODEL_RATE);
    }

    private static AudioInfo flacInfo(FileHead f, long start) throws AudioFileException {
        FlacHeader h = FlacHeader.read(f, start);
        if (h.info().frames() >= 0) {
            return h.info();
        }
        // The encoder could not seek back to record the total (e.g. it wrote to a pipe): count by
        // decoding. Slow, but rare, and a wrong duration would be worse.
        PcmAudio all = FlacDecoding.decode(f.file, start, h);
        AudioInfo i = h.info();
        return new AudioInfo(
                "flac",
                i.sampleRate(),
                i.channels(),
                i.bitsPerSample(),
                all.samples().length,
                all.durationSeconds());
    }

    private static AudioInfo rawInfo(FileHead f, RawFormat format) throws AudioFileException {
        int frameBytes = format.bytesPerFrame();
        if (f.size % frameBytes != 0) {
            throw new AudioFileException(
                    f.file,
                    AudioFileException.Reason.TRUNCATED,
                    "raw PCM file holds "
                            + f.size
                            + " bytes, not a whole number of "
                            + frameBytes
                            + "-byte frames ("
                            + format
                            + "): "
                            + f.file
                            + "; it was cut short, or the format given is wrong");
        }
        long frames = f.size / frameBytes;
        return new AudioInfo(
                "raw",
                format.sampleRate(),
                format.channels(),
                format.encoding().bits(),
                frames,
                (double) frames / format.sampleRate());
    }
}

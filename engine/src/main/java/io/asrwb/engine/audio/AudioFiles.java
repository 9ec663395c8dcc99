package io.asrwb.engine.audio;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one entry point for reading audio files: header probing (cheap, used by importers) and
 * full decoding to 16 kHz mono float (used by features and transcription).
 *
 * <p>The container is recognised by its first bytes (RIFF, fLaC, .snd, ID3 or an MPEG frame sync),
 * not by the file name, so a mislabelled file still reads. Headerless telephone recordings have no
 * first bytes to go by, so for them the extension decides: {@code .g722} (64 kbit/s G.722, 16 kHz),
 * {@code .ul/.ulaw/.mulaw} and {@code .al/.alaw} (G.711 μ-law, A-law, 8 kHz mono), and an
 * {@code .au/.snd} without its header (μ-law, 8 kHz mono). Every failure is an {@link AudioFileException} whose
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

    /** The extensions of the files we read (lower case, no dot), for folder scans and choosers. */
    public static final List<String> EXTENSIONS = DetectedContainer.EXTENSIONS;

    /** The formats we read, in words, for help texts and messages. */
    public static final String FORMAT_NAMES = DetectedContainer.NAMES;

    private static final Map<Integer, Resampler> TO_MODEL_RATE = new ConcurrentHashMap<>();

    private AudioFiles() {}

    /** Whether the file's name has one of {@link #EXTENSIONS} (any case). */
    public static boolean isAudioFile(Path file) {
        return file.getFileName() != null && EXTENSIONS.contains(DetectedContainer.extension(file));
    }

    /**
     * Reads only what is needed to know the format and duration: wav, flac (STREAMINFO), mp3
     * (Xing/Info/VBRI frame count, else a constant-bitrate estimate; frames = -1 then), au's header,
     * or the size of a headerless file.
     */
    public static AudioInfo probe(Path file) throws AudioFileException {
        try (FileHead f = FileHead.open(file)) {
            DetectedContainer d = DetectedContainer.of(f);
            return switch (d.container()) {
                case WAV -> WavHeader.read(f).info();
                case FLAC -> flacInfo(f, d.start());
                case MP3 -> Mp3Header.read(f, d.start()).info();
                case AU, G711 -> pcmLayout(f, d).info();
                case G722 -> G722Stream.info(f);
            };
        }
    }

    /** The duration of a headerless raw PCM file from its size; the file must hold whole frames. */
    public static AudioInfo probeRaw(Path file, RawFormat format) throws AudioFileException {
        try (FileHead f = FileHead.open(file)) {
            return rawInfo(f, format);
        }
    }

    /** Decodes any of {@link #FORMAT_NAMES} to mono at {@link #MODEL_RATE}. */
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

    /** Decodes to mono at the file's own rate (channel mean, no resampling). */
    public static PcmAudio loadNative(Path file) throws AudioFileException {
        try (FileHead f = FileHead.open(file)) {
            DetectedContainer d = DetectedContainer.of(f);
            return switch (d.container()) {
                case WAV, AU, G711 -> {
                    PcmLayout h = pcmLayout(f, d);
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
                case G722 -> G722Stream.decodeAll(f);
            };
        } catch (IOException e) {
            throw FileHead.ioError(file, e);
        }
    }

    /**
     * Opens an audio file for reading a chunk at a time, mono at the file's own rate: the samples
     * of {@link #loadNative} without holding them all. The caller closes the stream.
     */
    public static AudioStream stream(Path file) throws AudioFileException {
        FileHead f = FileHead.open(file);
        try {
            DetectedContainer d = DetectedContainer.of(f);
            switch (d.container()) {
                case WAV, AU, G711 -> {
                    return new PcmStream(f, pcmLayout(f, d)); // keeps the file open
                }
                case G722 -> {
                    return new G722Stream(f); // keeps the file open
                }
                case FLAC -> {
                    FlacHeader h = FlacHeader.read(f, d.start());
                    f.close();
                    return new FlacStream(file, d.start(), h);
                }
                default -> { // MP3
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

    /** Where the samples of a wav, au or headerless G.711 file lie. */
    private static PcmLayout pcmLayout(FileHead f, DetectedContainer d) throws AudioFileException {
        return switch (d.container()) {
            case WAV -> WavHeader.read(f).layout();
            case AU -> SunAuHeader.read(f);
            default -> {
                SampleEncoding law = DetectedContainer.g711(DetectedContainer.extension(f.file));
                yield PcmLayout.headerless(f, law == SampleEncoding.ALAW ? "alaw" : "ulaw", law);
            }
        };
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

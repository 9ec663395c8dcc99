package io.asrwb.engine.audio;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a file's first bytes say it is (RIFF, fLaC, .snd, ID3 or an MPEG frame sync), and where the
 * container starts (after an ID3v2 tag). Headerless telephone formats (G.722, G.711, au without a
 * header) have no first bytes to go by: for them the extension decides, before the MPEG frame-sync
 * guess (μ-law silence is 0xFF bytes, which look like a frame sync). Otherwise the extension only
 * picks the message for files that match nothing.
 */
record DetectedContainer(Container container, long start) {

    enum Container {
        WAV,
        FLAC,
        MP3,
        /** Sun au/snd, with its header or (by extension) without. */
        AU,
        /** Raw 64 kbit/s G.722, by extension. */
        G722,
        /** Headerless 8 kHz μ-law or A-law, by extension. */
        G711
    }

    /** The file names we read, for folder scans and file choosers. */
    static final List<String> EXTENSIONS =
            List.of(
                    "wav", "wave", "flac", "mp3", "au", "snd", "g722", "ul", "ulaw", "mulaw", "al",
                    "alaw");

    /** The extensions of headerless G.711: μ-law ones, A-law ones. */
    private static final Set<String> ULAW = Set.of("ul", "ulaw", "mulaw");

    private static final Set<String> ALAW = Set.of("al", "alaw");

    /** What the formats are called in messages. */
    static final String NAMES =
            "wav, flac, mp3, au, G.722 (.g722) or headerless 8 kHz G.711 (.ul/.ulaw/.mulaw μ-law,"
                    + " .al/.alaw A-law)";

    /** The container of the file open in {@code f}; refuses a file that is none of ours. */
    static DetectedContainer of(FileHead f) throws AudioFileException {
        if (f.startsWith(0, "RIFF")) {
            return new DetectedContainer(Container.WAV, 0);
        }
        if (f.startsWith(0, "fLaC")) {
            return new DetectedContainer(Container.FLAC, 0);
        }
        if (f.startsWith(0, ".snd")) {
            return new DetectedContainer(Container.AU, 0);
        }
        String ext = extension(f.file);
        switch (ext) {
            case "au", "snd" -> {
                return new DetectedContainer(Container.AU, 0);
            }
            case "g722" -> {
                return new DetectedContainer(Container.G722, 0);
            }
            default -> {
                if (g711(ext) != null) {
                    return new DetectedContainer(Container.G711, 0);
                }
            }
        }
        long tag = Mp3Header.id3v2Length(f);
        if (tag > 0) {
            if (tag + 4 > f.size) {
                throw new AudioFileException(
                        f.file,
                        AudioFileException.Reason.TRUNCATED,
                        "audio file is truncated: it ends inside its "
                                + tag
                                + "-byte ID3 tag ("
                                + f.size
                                + " bytes): "
                                + f.file
                                + "; the copy was cut short, copy it again");
            }
            boolean flac = FileHead.startsWith(f.read(tag, 4), 0, "fLaC");
            return new DetectedContainer(flac ? Container.FLAC : Container.MP3, tag);
        }
        if (Mp3Header.looksLikeFrame(f.head, 0)) {
            return new DetectedContainer(Container.MP3, 0);
        }
        return switch (ext) {
            case "wav", "wave" ->
                    new DetectedContainer(Container.WAV, 0); // its parser says what is wrong
            case "mp3" ->
                    new DetectedContainer(
                            Container.MP3, 0); // junk before the first frame is allowed
            default ->
                    throw new AudioFileException(
                            f.file,
                            startsLikeAudio(f)
                                    ? AudioFileException.Reason.TRUNCATED
                                    : AudioFileException.Reason.UNSUPPORTED_FORMAT,
                            "not a (complete) "
                                    + NAMES
                                    + " file ("
                                    + f.size
                                    + " bytes, starting with "
                                    + f.printableStart(4)
                                    + "): "
                                    + f.file
                                    + (ext.equals("raw") || ext.equals("pcm")
                                            ? "; headerless PCM needs its format given (rate,"
                                                    + " channels, encoding)"
                                            : "; convert it to wav, flac or mp3, or give a"
                                                    + " headerless file its extension"));
        };
    }

    /** The G.711 law a headerless file's extension names, or null. */
    static SampleEncoding g711(String extension) {
        if (ULAW.contains(extension)) {
            return SampleEncoding.ULAW;
        }
        return ALAW.contains(extension) ? SampleEncoding.ALAW : null;
    }

    /** A file shorter than a magic number that it begins to spell was cut, not mislabelled. */
    private static boolean startsLikeAudio(FileHead f) {
        if (f.size >= 4) {
            return false;
        }
        byte[] start = new byte[f.head.limit()];
        f.head.get(0, start);
        String text = new String(start, StandardCharsets.ISO_8859_1);
        return "RIFF".startsWith(text) || "fLaC".startsWith(text) || "ID3".startsWith(text);
    }

    static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}

package io.asrwb.engine.audio;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What a file's first bytes say it is (RIFF, fLaC, ID3 or an MPEG frame sync), and where the
 * container starts (after an ID3v2 tag). The extension only picks the message for files that match
 * nothing.
 */
record DetectedContainer(Container container, long start) {

    enum Container {
        WAV,
        FLAC,
        MP3
    }

    /** The container of the file open in {@code f}; refuses a file that is none of ours. */
    static DetectedContainer of(FileHead f) throws AudioFileException {
        if (f.startsWith(0, "RIFF")) {
            return new DetectedContainer(Container.WAV, 0);
        }
        if (f.startsWith(0, "fLaC")) {
            return new DetectedContainer(Container.FLAC, 0);
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
        String ext = extension(f.file);
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
                            "not a (complete) wav, flac or mp3 file ("
                                    + f.size
                                    + " bytes, starting with "
                                    + f.printableStart(4)
                                    + "): "
                                    + f.file
                                    + (ext.equals("raw") || ext.equals("pcm")
                                            ? "; headerless PCM needs its format given (rate,"
                                                    + " channels, encoding)"
                                            : "; convert it to wav, flac or mp3"));
        };
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

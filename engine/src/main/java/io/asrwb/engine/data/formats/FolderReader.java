package io.asrwb.engine.data.formats;

import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.data.Split;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A folder (searched recursively) of audio files, each with its transcript beside it:
 * {@code x.wav} + {@code x.txt}. The id is the path below the folder without extension; a first
 * folder named train/dev/val/test gives the split and is not part of the id.
 */
public final class FolderReader implements DatasetReader {

    static final Set<String> AUDIO_EXTENSIONS = Set.copyOf(AudioFiles.EXTENSIONS);

    @Override
    public ParsedSource parse(Path source, Path root, Path base) throws IOException {
        if (!Files.isDirectory(source)) {
            throw new java.nio.file.NotDirectoryException(
                    source + " (the folder format needs a folder of x.wav + x.txt)");
        }
        Path dir = source.toAbsolutePath().normalize();
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        Set<String> audioStems = new HashSet<>();
        List<SourceRow> rows = new ArrayList<>();
        for (Path f : files) {
            if (AUDIO_EXTENSIONS.contains(SourcePaths.extension(f))) {
                audioStems.add(SourcePaths.withoutExtension(f.toString()));
            }
        }
        for (Path f : files) {
            String ext = SourcePaths.extension(f);
            String rel = SourcePaths.relative(dir, f);
            if (AUDIO_EXTENSIONS.contains(ext)) {
                rows.add(entry(f, rel));
            } else if (ext.equals("txt")
                    && !audioStems.contains(SourcePaths.withoutExtension(f.toString()))) {
                rows.add(
                        Problems.missingFile(
                                f,
                                0,
                                "transcript "
                                        + rel
                                        + " has no audio file beside it (x.wav, x.flac, x.mp3,"
                                        + " x.g722, x.ul …)",
                                "put the audio next to the transcript with the same name, or delete"
                                        + " the transcript"));
            }
        }
        return new ParsedSource(SourcePaths.root(root, dir), rows);
    }

    private static ManifestEntry entry(Path audio, String rel) {
        String id = SourcePaths.withoutExtension(rel);
        Split split = Split.NONE;
        int slash = id.indexOf('/');
        if (slash > 0) {
            Split s = Split.parse(id.substring(0, slash));
            if (s != Split.NONE) {
                split = s;
                id = id.substring(slash + 1);
            }
        }
        Path txt = Path.of(SourcePaths.withoutExtension(audio.toString()) + ".txt");
        return new ManifestEntry(
                audio.toString(), 0, id, rel, audio, null, txt, Double.NaN, "", split);
    }
}

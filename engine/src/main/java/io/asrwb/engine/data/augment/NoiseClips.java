package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.data.random.StableRandom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Recorded noise, decoded once to 16 kHz and kept in memory. A draw picks a clip and a start
 * offset and loops the clip when the utterance is longer.
 *
 * @param names the clips' file names, in the order of {@code clips} (sorted, so draws repeat)
 * @param clips the decoded samples; never modified
 */
public record NoiseClips(List<String> names, List<float[]> clips) implements NoiseSource {

    public NoiseClips {
        names = List.copyOf(names);
        clips = List.copyOf(clips);
        if (clips.isEmpty() || clips.size() != names.size()) {
            throw new IllegalArgumentException(
                    "need at least one noise clip, and one name per clip");
        }
    }

    /**
     * Every audio file ({@link AudioFiles#EXTENSIONS}) under {@code dir} (recursively).
     *
     * @throws IOException naming the folder when it holds no audio, or the file that cannot be decoded
     */
    public static NoiseClips load(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).filter(NoiseClips::isAudio).sorted().toList();
        }
        List<String> names = new ArrayList<>();
        List<float[]> clips = new ArrayList<>();
        for (Path f : files) {
            float[] samples;
            try {
                samples = AudioFiles.load(f).samples();
            } catch (AudioFileException e) {
                throw new IOException(
                        "noise file cannot be used: "
                                + e.getMessage()
                                + "; remove it from the noise folder "
                                + dir,
                        e);
            }
            if (samples.length > 0) {
                names.add(dir.relativize(f).toString());
                clips.add(samples);
            }
        }
        if (clips.isEmpty()) {
            throw new IOException(
                    "noise folder "
                            + dir
                            + " holds no non-empty audio file ("
                            + AudioFiles.FORMAT_NAMES
                            + "); add noise recordings or"
                            + " leave the noise folder empty to mix generated white noise");
        }
        return new NoiseClips(names, clips);
    }

    /** Longest part of one background file kept (the rest is not decoded), seconds. */
    public static final double BACKGROUND_MAX_SECONDS = 300;

    /** Most background audio kept in memory for a run (115 MB of samples), seconds. */
    public static final double BACKGROUND_MAX_TOTAL_SECONDS = 1800;

    /**
     * Every wav, flac and mp3 file under {@code dirs} ({@code augment.conditions.noise_dirs}), each
     * cut at {@link #BACKGROUND_MAX_SECONDS}, decoded once per process.
     *
     * @throws IOException naming a folder that is missing, holds no audio or takes the total past
     *     {@link #BACKGROUND_MAX_TOTAL_SECONDS}, or a file that cannot be decoded
     */
    public static NoiseClips loadBackground(List<Path> dirs) throws IOException {
        List<RecordedFolders.Clip> clips =
                RecordedFolders.load(
                        dirs,
                        "augment.conditions.noise_dirs",
                        BACKGROUND_MAX_SECONDS,
                        BACKGROUND_MAX_TOTAL_SECONDS);
        return new NoiseClips(
                clips.stream().map(RecordedFolders.Clip::name).toList(),
                clips.stream().map(RecordedFolders.Clip::samples).toList());
    }

    private static boolean isAudio(Path f) {
        return AudioFiles.isAudioFile(f);
    }

    @Override
    public float[] draw(int length, StableRandom random) {
        float[] clip = clips.get(random.nextInt(clips.size()));
        int offset = random.nextInt(clip.length);
        float[] out = new float[length];
        for (int i = 0; i < length; i++) {
            out[i] = clip[(offset + i) % clip.length];
        }
        return out;
    }
}

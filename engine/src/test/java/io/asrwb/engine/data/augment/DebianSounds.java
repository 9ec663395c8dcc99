package io.asrwb.engine.data.augment;

import io.asrwb.engine.audio.AudioFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Real rooms, voices and noises from Debian packages (CI installs them, see .ci/run): measured
 * impulse responses, a spoken sentence, crowd babble, music on hold. A missing file fails the test
 * with the package to install, rather than skipping it.
 */
final class DebianSounds {

    static final Path CSOUND = Path.of("/usr/share/csoundqt/Examples/SourceMaterials");
    static final Path BIG_HALL = CSOUND.resolve("impulse_big_hall.wav"); // 24-bit stereo 44.1 kHz
    static final Path STAIRWELL = CSOUND.resolve("Stairwell.wav"); // 24-bit mono 44.1 kHz
    static final Path DISH = CSOUND.resolve("dish.wav");
    static final Path FOX = CSOUND.resolve("fox.wav"); // a spoken sentence, 16-bit 44.1 kHz
    static final Path SEASHORE = CSOUND.resolve("Seashore.wav");
    static final Path STREET =
            Path.of("/usr/share/jconvolver/config-files/demo-reverbs/street2-L.wav"); // float 48k
    static final Path CROWD_DIR = Path.of("/usr/share/games/etw/crowd"); // 8-bit 22.05 kHz
    static final Path MUSIC_ON_HOLD = Path.of("/usr/share/asterisk/moh"); // 16-bit 8 kHz

    private DebianSounds() {}

    static Path require(Path p) {
        if (!Files.exists(p)) {
            throw new IllegalStateException(
                    p
                            + " is missing: apt-get install csoundqt-examples"
                            + " jconvolver-config-files etw-data asterisk-moh-opsound-wav");
        }
        return p;
    }

    /** A folder holding copies of {@code files} (the packages' folders mix rooms and music). */
    static Path folderOf(Path dir, Path... files) throws IOException {
        Files.createDirectories(dir);
        for (Path f : files) {
            Files.copy(require(f), dir.resolve(f.getFileName()));
        }
        return dir;
    }

    static float[] voice() throws Exception {
        return AudioFiles.load(require(FOX)).samples();
    }
}

package io.asrwb.engine.cli;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.pitch.PitchFrame;
import io.asrwb.engine.audio.pitch.PitchTrack;
import io.asrwb.engine.audio.pitch.PitchTracker;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb pitch FILE...}: a clip's pitch track (TarsosDSP's YIN), as Praat's pitch tier. */
@Command(
        name = "pitch",
        mixinStandardHelpOptions = true,
        description =
                "Track the pitch (fundamental frequency) of audio files: a summary per file, or"
                        + " every voiced 10 ms frame with --frames.")
final class PitchCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(
            paramLabel = "FILE",
            arity = "1..*",
            description = "wav, flac, mp3, au, g722, ul, al")
    List<Path> files;

    @Option(
            names = "--frames",
            description = "also print each voiced frame: time (s), pitch (Hz), probability")
    boolean frames;

    @Override
    public Integer call() {
        CliOutput out = ((Main) spec.root().userObject()).output();
        int failed = 0;
        for (Path file : files) {
            try {
                report(out, file, new PitchTracker().track(AudioFiles.load(file)));
            } catch (AudioFileException e) {
                failed++;
                out.error(file + ": " + e.getMessage(), ExitCodes.FAILED);
            }
        }
        return failed == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private void report(CliOutput out, Path file, PitchTrack track) {
        List<PitchFrame> voiced = track.voiced();
        double min = voiced.stream().mapToDouble(PitchFrame::hz).min().orElse(Double.NaN);
        double max = voiced.stream().mapToDouble(PitchFrame::hz).max().orElse(Double.NaN);
        double median = track.medianHz().orElse(Double.NaN);
        out.human(
                voiced.isEmpty()
                        ? file + ": no voiced frames in " + track.frames().size()
                        : String.format(
                                Locale.ROOT,
                                "%s: %d of %d frames voiced, median %.1f Hz, range %.1f–%.1f Hz",
                                file,
                                voiced.size(),
                                track.frames().size(),
                                median,
                                min,
                                max));
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("file", file.toString());
        r.put("frames", track.frames().size());
        r.put("voiced", voiced.size());
        r.put("medianHz", voiced.isEmpty() ? null : median);
        r.put("minHz", voiced.isEmpty() ? null : min);
        r.put("maxHz", voiced.isEmpty() ? null : max);
        out.record("pitch", r);
        if (frames) {
            for (PitchFrame f : voiced) {
                out.human(
                        String.format(
                                Locale.ROOT,
                                "%.3f\t%.2f\t%.3f",
                                f.timeSeconds(),
                                f.hz(),
                                f.probability()));
                out.record(
                        "pitchFrame",
                        Map.of("t", f.timeSeconds(), "hz", f.hz(), "probability", f.probability()));
            }
        }
    }
}

package io.asrwb.engine.cli;

import io.asrwb.engine.audio.AudioFileException;
import io.asrwb.engine.audio.AudioFiles;
import io.asrwb.engine.audio.vad.EnergyVad;
import io.asrwb.engine.audio.vad.SpeechDetector;
import io.asrwb.engine.audio.vad.SpeechSpan;
import io.asrwb.engine.audio.vad.TarsosSilenceVad;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb speech FILE...}: where people speak in a recording (voice-activity detection). */
@Command(
        name = "speech",
        mixinStandardHelpOptions = true,
        description =
                "Print the speech spans of audio files (start and end in seconds), found by an"
                        + " adaptive energy detector (default) or TarsosDSP's silence detector.")
final class SpeechCommand implements Callable<Integer> {

    /** The detectors offered; see docs/decisions/speech-detection.md for which cuts better. */
    enum Detector {
        energy,
        tarsos
    }

    @Spec CommandSpec spec;

    @Parameters(
            paramLabel = "FILE",
            arity = "1..*",
            description = "wav, flac, mp3, au, g722, ul, al")
    List<Path> files;

    @Option(
            names = "--detector",
            defaultValue = "energy",
            description = "energy (adapts to the file's noise floor) or tarsos (fixed -70 dB)")
    Detector detector;

    @Override
    public Integer call() {
        CliOutput out = ((Main) spec.root().userObject()).output();
        SpeechDetector d =
                switch (detector) {
                    case energy -> EnergyVad.speechDefaults();
                    case tarsos -> TarsosSilenceVad.tarsosDefaults();
                };
        int failed = 0;
        for (Path file : files) {
            try {
                List<SpeechSpan> spans = d.speechSpans(AudioFiles.load(file));
                out.human(file + ": " + spans.size() + " speech spans (" + d.name() + ")");
                for (SpeechSpan s : spans) {
                    out.human(
                            String.format(
                                    Locale.ROOT, "%.3f\t%.3f", s.startSeconds(), s.endSeconds()));
                    out.record(
                            "speech",
                            Map.of(
                                    "file", file.toString(),
                                    "start", s.startSeconds(),
                                    "end", s.endSeconds()));
                }
            } catch (AudioFileException e) {
                failed++;
                out.error(file + ": " + e.getMessage(), ExitCodes.FAILED);
            }
        }
        return failed == 0 ? ExitCodes.OK : ExitCodes.FAILED;
    }
}

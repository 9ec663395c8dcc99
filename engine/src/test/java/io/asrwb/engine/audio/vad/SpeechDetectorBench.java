package io.asrwb.engine.audio.vad;

import java.util.List;
import java.util.Locale;

/**
 * Hand-run comparison of the speech detectors (not a unit test; surefire ignores it): on long
 * synthetic recordings of demo-corpus clips with known pauses, in three rooms, the precision and
 * recall of speech spans, the mean boundary error and the speed (times real time, one thread).
 *
 * <pre>
 * ./mvnw -B -o -q -pl engine -am test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * cd engine &amp;&amp; java -cp "target/classes:target/test-classes:$(cat target/cp.txt)" \
 *     io.asrwb.engine.audio.vad.SpeechDetectorBench [minutes-per-room]
 * </pre>
 */
public final class SpeechDetectorBench {

    private record Room(String name, double noiseRms, double minGain) {}

    private SpeechDetectorBench() {}

    public static void main(String[] args) throws Exception {
        double minutes = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        List<Room> rooms =
                List.of(
                        new Room("quiet (-60 dBFS floor, gain 0.1-1)", 0.001, 0.1),
                        new Room("room (-45 dBFS floor, gain 0.3-1)", 0.0056, 0.3),
                        new Room("noisy (-35 dBFS floor, gain 0.5-1)", 0.0178, 0.5));
        List<SpeechDetector> detectors =
                List.of(
                        EnergyVad.speechDefaults(),
                        TarsosSilenceVad.tarsosDefaults(),
                        new TarsosSilenceVad(-60, FrameSpans.speechDefaults()));
        System.out.printf(
                Locale.ROOT,
                "| room | detector | spans true/found | precision | recall | boundary error ms | x"
                        + " real time |%n");
        System.out.printf(Locale.ROOT, "|---|---|---|---|---|---|---|%n");
        long seed = 11;
        for (Room room : rooms) {
            SpokenFile file =
                    SpokenFile.build(minutes * 60, room.noiseRms(), room.minGain(), seed++);
            for (SpeechDetector d : detectors) {
                d.speechSpans(file.audio()); // JIT warm-up
                long t0 = System.nanoTime();
                List<SpeechSpan> found = d.speechSpans(file.audio());
                double wall = (System.nanoTime() - t0) / 1e9;
                SpanAgreement a = SpanAgreement.of(file.truth(), found);
                System.out.printf(
                        Locale.ROOT,
                        "| %s | %s | %d/%d | %.3f | %.3f | %.0f | %.0f |%n",
                        room.name(),
                        d.name(),
                        a.truth(),
                        a.detected(),
                        a.precision(),
                        a.recall(),
                        a.meanBoundaryErrorMs(),
                        file.audio().durationSeconds() / wall);
            }
        }
    }
}

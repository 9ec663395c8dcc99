package io.asrwb.engine.bench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the fault bench reads a killed-and-resumed run's events.jsonl (a real file, by byte ranges). */
class StepLossesTest {

    @TempDir Path dir;

    @Test
    void theLastAttemptToWriteAStepGivesItsLossAndRepeatsAreCounted() throws Exception {
        Path events = dir.resolve("events.jsonl");
        append(
                events,
                """
                {"type":"started","step":0,"resumed":false}
                {"type":"step","step":1,"loss":3.5}
                {"type":"checkpoint","step":1}
                {"type":"step","step":2,"loss":2.25}
                {"type":"st\
                """); // killed mid-line while checkpoint 2 was being written
        long second = Files.size(events);
        append(
                events,
                """

                {"type":"started","step":1,"resumed":true}
                {"type":"step","step":2,"loss":2.5}
                {"type":"step","step":3,"loss":1.0}
                {"type":"finished","step":3}
                """);

        EventsFile first = EventsFile.read(events, 0, second);
        EventsFile resumed = EventsFile.read(events, second, -1);
        StepLosses whole = StepLosses.of(EventsFile.read(events, 0, -1).events());

        assertThat(first.torn()).isEqualTo(1);
        assertThat(first.lastStep()).isEqualTo(2L);
        assertThat(first.lastType()).isEqualTo("step");
        assertThat(resumed.torn()).isZero();
        assertThat(resumed.startedStep()).isEqualTo(1L);
        assertThat(whole.byStep())
                .containsExactly(
                        java.util.Map.entry(1L, 3.5),
                        java.util.Map.entry(2L, 2.5),
                        java.util.Map.entry(3L, 1.0));
        assertThat(whole.stepLines()).isEqualTo(4);
        assertThat(whole.repeated()).isEqualTo(1);
        assertThat(whole.repeatedChanged()).isEqualTo(1);
    }

    @Test
    void lossesAreComparedBitForBit() throws Exception {
        Path reference = dir.resolve("reference.jsonl");
        append(
                reference,
                """
                {"type":"step","step":1,"loss":67.51773071289062}
                {"type":"step","step":2,"loss":12.0}
                """);
        Path other = dir.resolve("other.jsonl");
        append(
                other,
                """
                {"type":"step","step":1,"loss":67.51773071289064}
                {"type":"step","step":2,"loss":12.0}
                """);
        StepLosses expected = StepLosses.of(EventsFile.read(reference, 0, -1).events());
        StepLosses actual = StepLosses.of(EventsFile.read(other, 0, -1).events());
        StepLosses partial = StepLosses.of(EventsFile.read(reference, 0, 52).events());

        assertThat(actual.firstDifference(expected)).isEqualTo(1L);
        assertThat(actual.agreesWith(expected)).isFalse();
        assertThat(expected.firstDifference(expected)).isNull();
        assertThat(partial.byStep()).hasSize(1);
        assertThat(partial.agreesWith(expected)).isTrue(); // a killed attempt's steps are a prefix
        assertThat(partial.firstDifference(expected))
                .isEqualTo(2L); // but a whole run must have all
    }

    @Test
    void aCleanImporterMessageIsOneLineWithoutH2sText() {
        assertThat(
                        CatalogFaults.isCleanMessage(
                                "asrwb: the process serving the catalog ended during the import;"
                                        + " nothing was imported, run it again\n"))
                .isTrue();
        assertThat(
                        CatalogFaults.isCleanMessage(
                                "asrwb: catalog x: Database is already closed (to disable automatic"
                                    + " closing at VM shutdown, add \";DB_CLOSE_ON_EXIT=FALSE\" to"
                                    + " the db URL) [90121-232]"))
                .isFalse();
        assertThat(
                        CatalogFaults.isCleanMessage(
                                "asrwb: internal error\n"
                                    + "org.h2.jdbc.JdbcSQLNonTransientConnectionException: boom\n"
                                    + "\tat org.h2.X"))
                .isFalse();
    }

    @Test
    void optionsTakeNAndASeedBareAndRefuseNonsense() {
        FaultBench.Options o = FaultBench.Options.parse(new String[] {"--work", "w", "5", "42"});
        assertThat(o.kills()).isEqualTo(5);
        assertThat(o.seed()).isEqualTo(42);
        assertThat(o.catalogKills()).isEqualTo(10);
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () ->
                                FaultBench.Options.parse(
                                        new String[] {"--work", "w", "--kills", "-1"}))
                .hasMessage("--kills must be a whole number from 0 to 1000, got '-1'");
    }

    private static void append(Path file, String text) throws Exception {
        Files.writeString(
                file,
                text,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }
}

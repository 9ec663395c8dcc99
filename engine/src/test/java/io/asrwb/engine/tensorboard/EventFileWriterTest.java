package io.asrwb.engine.tensorboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tensorflow.proto.DataType;
import org.tensorflow.proto.Event;
import org.tensorflow.proto.SessionLog;
import org.tensorflow.proto.Summary;

/** The event file alone: framing against known answers, each event as TensorFlow parses it. */
class EventFileWriterTest {

    private static final Instant NOW = Instant.parse("2026-12-05T10:15:30.25Z");

    @TempDir Path dir;

    @Test
    void framingMatchesKnownAnswers() {
        // CRC-32C("123456789") is 0xe3069283, the standard check value; masked as TensorFlow does
        assertThat(TfRecords.maskedCrc32c("123456789".getBytes(StandardCharsets.US_ASCII), 0, 9))
                .isEqualTo(0xc78ab0e5);
        assertThat(TfRecords.maskedCrc32c(new byte[0], 0, 0)).isEqualTo(0xa282ead8);
        // every TensorFlow event file begins with these 12 bytes: its first record (wall time and
        // "brain.Event:2") is 24 bytes long, and a3 7f 4b 22 is the masked CRC of that length
        byte[] record = TfRecords.frame(new byte[24]);
        assertThat(Arrays.copyOf(record, 12))
                .containsExactly(0x18, 0, 0, 0, 0, 0, 0, 0, 0xa3, 0x7f, 0x4b, 0x22);
        assertThat(record).hasSize(24 + TfRecords.OVERHEAD);
        assertThat(EventFiles.masked(new byte[24]))
                .isEqualTo(TfRecords.maskedCrc32c(record, 12, 24));
    }

    @Test
    void everyEventReadsBackWithTensorFlowsOwnClasses() throws IOException {
        Path file;
        try (EventFileWriter writer = EventFileWriter.create(dir.resolve("tb"), NOW, "box")) {
            file = writer.file();
            writer.write(TensorBoardEvent.sessionStart(1.5, 3));
            writer.write(
                    TensorBoardEvent.at(2.5, 4)
                            .scalar("train/loss", 0.125f)
                            .scalar("validation/wer", 0.75f)
                            .toByteArray());
            writer.write(
                    TensorBoardEvent.at(3.5, 4)
                            .text("config", "    a: é ✓\n    b: 2")
                            .toByteArray());
        }
        assertThat(file.getFileName()).hasToString("events.out.tfevents.1796465730.box");
        byte[] bytes = Files.readAllBytes(file);
        assertThat(Arrays.copyOf(bytes, 12))
                .as("the first record is framed like TensorFlow's")
                .containsExactly(0x18, 0, 0, 0, 0, 0, 0, 0, 0xa3, 0x7f, 0x4b, 0x22);

        List<Event> events = EventFiles.read(file);
        assertThat(events).hasSize(4);
        assertThat(events.get(0).getFileVersion()).isEqualTo("brain.Event:2");
        assertThat(events.get(0).getWallTime()).isEqualTo(1796465730.25);

        assertThat(events.get(1).getStep()).isEqualTo(3);
        assertThat(events.get(1).getSessionLog().getStatus())
                .isEqualTo(SessionLog.SessionStatus.START);

        Event scalars = events.get(2);
        assertThat(scalars.getWallTime()).isEqualTo(2.5);
        assertThat(scalars.getStep()).isEqualTo(4);
        assertThat(scalars.getSummary().getValueList())
                .extracting(Summary.Value::getTag, Summary.Value::getSimpleValue)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("train/loss", 0.125f),
                        org.assertj.core.groups.Tuple.tuple("validation/wer", 0.75f));

        Summary.Value text = events.get(3).getSummary().getValue(0);
        assertThat(text.getTag()).isEqualTo("config");
        assertThat(text.getMetadata().getPluginData().getPluginName()).isEqualTo("text");
        assertThat(text.getTensor().getDtype()).isEqualTo(DataType.DT_STRING);
        assertThat(text.getTensor().getTensorShape().getDimCount()).as("a scalar").isZero();
        assertThat(text.getTensor().getStringValList()).hasSize(1);
        assertThat(text.getTensor().getStringVal(0).toStringUtf8())
                .isEqualTo("    a: é ✓\n    b: 2");
    }

    @Test
    void aSecondFileOfTheSameSecondSortsAfterAndACutFileReadsUpToItsLastRecord()
            throws IOException {
        Path tb = dir.resolve("tb");
        Path first;
        try (EventFileWriter writer = EventFileWriter.create(tb, NOW, "box")) {
            first = writer.file();
            for (int step = 1; step <= 3; step++) {
                writer.write(TensorBoardEvent.at(step, step).scalar("loss", step).toByteArray());
            }
        }
        try (EventFileWriter writer = EventFileWriter.create(tb, NOW, "box")) {
            assertThat(writer.file().getFileName()).hasToString(first.getFileName() + ".1");
        }
        assertThat(EventFiles.in(tb))
                .containsExactly(first, first.resolveSibling(first.getFileName() + ".1"));

        // a kill in the middle of the last record's write
        byte[] bytes = Files.readAllBytes(first);
        Files.write(first, Arrays.copyOf(bytes, bytes.length - 5));
        List<Event> events = EventFiles.read(first, true);
        assertThat(events).extracting(Event::getStep).containsExactly(0L, 1L, 2L);
        assertThat(events.get(2).getSummary().getValue(0).getSimpleValue()).isEqualTo(2f);
    }
}

package io.asrwb.app.transcribe;

import io.asrwb.engine.transcribe.Segment;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the Transcribe tab shows of the transcription in hand: its text and segments, latency,
 * progress, whether work is going, a status line and an error. The pieces that transcribe (a clip,
 * a long file, the microphone) write here; the view binds to it through the view model. A view of
 * the result (words with times, an error view) reads from here.
 */
final class TranscriptState {

    private static final Logger LOG = LoggerFactory.getLogger(TranscriptState.class);

    final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");
    final StringProperty transcript = new SimpleStringProperty(this, "transcript", "");
    final LongProperty latencyMs = new SimpleLongProperty(this, "latencyMs", -1);
    final StringProperty status = new SimpleStringProperty(this, "status", "");
    final StringProperty error = new SimpleStringProperty(this, "error", "");
    final ObservableList<Segment> segments = FXCollections.observableArrayList();
    final DoubleProperty progress = new SimpleDoubleProperty(this, "progress", -1);

    /** Work starts: busy, no error, "{@code title}…" in the status. */
    void begin(String title) {
        busy.set(true);
        error.set("");
        status.set(title + "…");
    }

    /** The text of a finished transcription and how it was made: "what · model · decoding · ms". */
    void show(String text, String what, String model, String decoding, long ms) {
        transcript.set(text);
        latencyMs.set(ms);
        status.set(what + " · " + model + " · " + decoding + " · " + ms + " ms");
    }

    /** Work failed: not busy, the failure in words, no status. */
    void fail(Throwable failure) {
        busy.set(false);
        LOG.warn("transcription failed", failure);
        error.set(failure.getMessage() == null ? failure.toString() : failure.getMessage());
        status.set("");
    }

    /** A decoded segment of a long file: listed, and the transcript grows by its stamped line. */
    void addSegment(Segment s) {
        if (!busy.get()) {
            return; // a late update of a cancelled run
        }
        segments.add(s);
        transcript.set(stamped(segments));
    }

    /** One "[hh:mm:ss] text" line per segment. */
    static String stamped(List<Segment> segments) {
        StringBuilder b = new StringBuilder();
        for (Segment s : segments) {
            b.append(b.length() == 0 ? "" : "\n")
                    .append('[')
                    .append(s.clock())
                    .append("] ")
                    .append(s.text());
        }
        return b.toString();
    }
}

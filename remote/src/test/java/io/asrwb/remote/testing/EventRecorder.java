package io.asrwb.remote.testing;

import io.asrwb.engine.events.EventLine;
import io.asrwb.remote.jobs.follow.EventSink;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Collects what a follower delivers; can crash at a given line or act at the first step. */
public class EventRecorder implements EventSink {
    public final List<String> events = new CopyOnWriteArrayList<>();
    public final List<String> notes = new CopyOnWriteArrayList<>();
    public int failAt = -1;
    public Runnable onStep;

    @Override
    public void event(String line, EventLine event) {
        if (events.size() + 1 == failAt) {
            throw new IllegalStateException("the app crashed");
        }
        events.add(line);
        if (onStep != null && line.contains("\"type\":\"step\"")) {
            Runnable once = onStep;
            onStep = null;
            once.run();
        }
    }

    @Override
    public void note(String message) {
        notes.add(message);
    }
}

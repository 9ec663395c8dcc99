package io.asrwb.engine.train;

import io.asrwb.engine.events.EventCodec;
import io.asrwb.engine.events.TrainingEvent;
import io.asrwb.engine.events.TrainingListener;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands each of a run's events to its listeners. A failing listener is logged and the others still
 * get the event, except when it failed to write (an {@link UncheckedIOException}, e.g. the events
 * file): that ends the run, whose record would otherwise have a hole.
 */
final class EventFanOut {

    private static final Logger LOG = LoggerFactory.getLogger(Trainer.class);

    private final List<TrainingListener> listeners = new CopyOnWriteArrayList<>();

    void add(TrainingListener listener) {
        listeners.add(listener);
    }

    void emit(TrainingEvent event) {
        for (TrainingListener listener : listeners) {
            try {
                listener.on(event);
            } catch (RuntimeException e) {
                LOG.warn("listener {} failed on a {} event", listener, EventCodec.typeOf(event), e);
                if (e instanceof UncheckedIOException) {
                    throw e;
                }
            }
        }
    }
}

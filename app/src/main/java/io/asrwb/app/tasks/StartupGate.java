package io.asrwb.app.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds work that can wait until the window is interactive, then lets it through in the order it
 * came. On two cores a model load started beside the first layout (ND4J's natives, ~1,500
 * classes) took the CPU the window needed (docs/PERFORMANCE.md, "Start-up to an interactive
 * window"). Once open, the gate passes work straight on.
 */
public final class StartupGate {

    private static final Logger LOG = LoggerFactory.getLogger(StartupGate.class);

    private final List<Runnable> held = new ArrayList<>(); // guarded by this
    private boolean open; // guarded by this

    /** An executor that hands tasks to {@code target}, holding them while the gate is shut. */
    public Executor holding(Executor target) {
        return task -> pass(() -> target.execute(task));
    }

    /**
     * Lets the held work through, in the order it came; idempotent. The hand-offs run under the
     * lock, so a task arriving meanwhile cannot pass one that was held.
     */
    public synchronized void open() {
        if (open) {
            return;
        }
        open = true;
        for (Runnable handOff : held) {
            try {
                handOff.run();
            } catch (RuntimeException e) {
                // one failed hand-off must not keep the others held for good
                LOG.warn("start-up work that waited for the window failed: {}", e.toString(), e);
            }
        }
        held.clear();
    }

    /** Whether work now goes straight through. */
    public synchronized boolean isOpen() {
        return open;
    }

    private synchronized void pass(Runnable handOff) {
        if (open) {
            handOff.run();
        } else {
            held.add(handOff);
        }
    }
}

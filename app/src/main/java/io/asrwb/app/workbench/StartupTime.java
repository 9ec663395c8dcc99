package io.asrwb.app.workbench;

import java.time.Duration;
import java.time.Instant;
import javafx.application.Platform;
import javafx.scene.Scene;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs once how long the process took to show an interactive window: from the process's start
 * (the launcher script's, as {@code ./asrwb app} execs the JVM) to the first event the FX thread
 * handles after the window's first layout pulse, with the CPU time the process used by then (on a
 * busy machine wall time says more about the others). {@code bench/app-startup.sh} reads this line.
 */
final class StartupTime {

    /** What the log line starts with; the benchmark greps for it. */
    static final String MARK = "startup: window interactive after";

    private static final Logger LOG = LoggerFactory.getLogger(StartupTime.class);

    private StartupTime() {}

    /** Logs at DEBUG how far start-up is ({@code ASRWB_LOG_LEVEL=DEBUG}): where the seconds go. */
    static void mark(String phase) {
        if (LOG.isDebugEnabled()) {
            ProcessHandle.current()
                    .info()
                    .startInstant()
                    .ifPresent(
                            start ->
                                    LOG.debug(
                                            "startup: {} at {} ms",
                                            phase,
                                            Duration.between(start, Instant.now()).toMillis()));
        }
    }

    /** Logs the line once the window is interactive, then runs {@code then} on the FX thread. */
    static void logWhenInteractive(Scene scene, Runnable then) {
        Runnable[] once = new Runnable[1];
        once[0] =
                () -> {
                    if (scene.getWindow() == null || !scene.getWindow().isShowing()) {
                        return;
                    }
                    scene.removePostLayoutPulseListener(once[0]);
                    Platform.runLater(
                            () -> {
                                ProcessHandle.Info me = ProcessHandle.current().info();
                                me.startInstant()
                                        .ifPresent(
                                                start ->
                                                        LOG.info(
                                                                "{} {} ms (CPU {} ms)",
                                                                MARK,
                                                                Duration.between(
                                                                                start,
                                                                                Instant.now())
                                                                        .toMillis(),
                                                                me.totalCpuDuration()
                                                                        .map(Duration::toMillis)
                                                                        .orElse(-1L)));
                                then.run();
                            });
                };
        scene.addPostLayoutPulseListener(once[0]);
    }
}

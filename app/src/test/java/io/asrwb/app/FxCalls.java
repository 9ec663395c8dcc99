package io.asrwb.app;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/** For the mains that drive a real FX toolkit (screenshots, benchmarks): work on the FX thread, waited for. */
public final class FxCalls {

    private FxCalls() {}

    /** Runs {@code work} on the FX thread and returns its result (or throws what it threw). */
    public static <T> T call(Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(
                () -> {
                    try {
                        result.complete(work.call());
                    } catch (Throwable t) {
                        result.completeExceptionally(t);
                    }
                });
        return result.get(5, TimeUnit.MINUTES);
    }
}

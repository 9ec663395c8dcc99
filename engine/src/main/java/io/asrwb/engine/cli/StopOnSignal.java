package io.asrwb.engine.cli;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (INT) and TERM as a request to the running command to stop, instead of the start of the
 * JVM's shutdown; the command then ends on its own, records its end and closes the catalog itself.
 *
 * <p>Why not a shutdown hook: once the hooks are done the JVM halts, wherever the command's own
 * thread is. {@code job attach}, which had no hook, was cut between printing a line and saving the
 * offset after it, and the next attach printed that line again; a hook that waits for the command
 * only narrows such windows, and H2 closes the catalog in a hook of its own beside it. Caught, the
 * signal starts no shutdown at all.
 *
 * <p>The first signal restores the handlers found before, so a second Ctrl-C ends the process at
 * once. {@code sun.misc.Signal} is reached by reflection (javac's warning on it cannot be silenced
 * under -Werror); where it is missing or the signals are taken ({@code -Xrs}), a shutdown hook asks
 * the command to stop and waits for it, as before.
 */
public final class StopOnSignal implements AutoCloseable {

    private static final Map<String, Integer> SIGNALS = Map.of("INT", 2, "TERM", 15);

    private final Runnable stop;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Map<Object, Object> previousHandlers = new LinkedHashMap<>();
    private int caught; // the number of the first signal caught; 0 before any
    private SignalApi api; // only when the signals were caught
    private Thread hook; // only when the signals could not be caught

    private StopOnSignal(Runnable stop) {
        this.stop = stop;
    }

    /**
     * Catches INT and TERM until {@link #close}: the first one runs {@code stop} (on the JVM's
     * signal thread: it must only ask, not wait). Where they cannot be caught, a shutdown hook
     * named {@code hookName} runs {@code stop} and waits up to {@code hookWait} for {@link #close}.
     */
    public static StopOnSignal install(String hookName, Runnable stop, Duration hookWait) {
        StopOnSignal s = new StopOnSignal(stop);
        if (!SignalApi.find().map(s::catchSignals).orElse(false)) {
            s.hook = new Thread(() -> s.stopAndWait(hookWait), hookName);
            Runtime.getRuntime().addShutdownHook(s.hook);
        }
        return s;
    }

    /** 128 + the signal's number once one was caught (the status a shell gives such an end). */
    public synchronized OptionalInt exitStatus() {
        return caught == 0 ? OptionalInt.empty() : OptionalInt.of(128 + caught);
    }

    @Override
    public void close() {
        synchronized (this) {
            restoreHandlers();
        }
        closed.countDown();
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it waited for us
            }
        }
    }

    private synchronized boolean catchSignals(SignalApi found) {
        api = found;
        try {
            for (String name : SIGNALS.keySet()) {
                Object signal = api.signal(name);
                previousHandlers.put(signal, api.handle(signal, api.handler(() -> caught(name))));
            }
            return true;
        } catch (IllegalArgumentException | ReflectiveOperationException taken) {
            restoreHandlers(); // -Xrs, or a JVM that keeps the signal: the hook instead
            return false;
        }
    }

    private void caught(String name) {
        synchronized (this) {
            if (caught != 0) {
                return;
            }
            caught = SIGNALS.get(name);
            restoreHandlers();
        }
        stop.run();
    }

    /** Puts back the handlers found at install; holds the lock. */
    private void restoreHandlers() {
        previousHandlers.forEach(
                (signal, handler) -> {
                    try {
                        api.handle(signal, handler);
                    } catch (ReflectiveOperationException | IllegalArgumentException e) {
                        // it took the signal at install; nothing better to do on the way out
                    }
                });
        previousHandlers.clear();
    }

    private void stopAndWait(Duration wait) {
        stop.run();
        try {
            closed.await(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** {@code sun.misc.Signal} and its handler interface, found by name. */
    private record SignalApi(
            Constructor<?> newSignal, Method handle, Class<?> handlerType, ClassLoader loader) {

        static Optional<SignalApi> find() {
            try {
                Class<?> signal = Class.forName("sun.misc.Signal");
                Class<?> handler = Class.forName("sun.misc.SignalHandler");
                return Optional.of(
                        new SignalApi(
                                signal.getConstructor(String.class),
                                signal.getMethod("handle", signal, handler),
                                handler,
                                handler.getClassLoader()));
            } catch (ReflectiveOperationException | LinkageError missing) {
                return Optional.empty();
            }
        }

        Object signal(String name) throws ReflectiveOperationException {
            return unwrapped(() -> newSignal.newInstance(name));
        }

        /** Installs {@code handler} for {@code signal}; returns the one it replaced. */
        Object handle(Object signal, Object handler) throws ReflectiveOperationException {
            return unwrapped(() -> handle.invoke(null, signal, handler));
        }

        /** A {@code SignalHandler} that runs {@code onSignal}. */
        Object handler(Runnable onSignal) {
            return Proxy.newProxyInstance(
                    loader,
                    new Class<?>[] {handlerType},
                    (proxy, method, args) ->
                            switch (method.getName()) {
                                case "handle" -> {
                                    onSignal.run();
                                    yield null;
                                }
                                case "equals" -> proxy == args[0];
                                case "hashCode" -> System.identityHashCode(proxy);
                                default -> "asrwb stop-on-signal handler";
                            });
        }

        /** The call's own IllegalArgumentException (a signal the JVM keeps), not its wrapper. */
        private static Object unwrapped(Call call) throws ReflectiveOperationException {
            try {
                return call.run();
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof IllegalArgumentException iae) {
                    throw iae;
                }
                throw e;
            }
        }

        private interface Call {
            Object run() throws ReflectiveOperationException;
        }
    }
}

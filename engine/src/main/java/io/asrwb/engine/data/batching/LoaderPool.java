package io.asrwb.engine.data.batching;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker threads of one {@link BatchLoader}: named daemon threads on a fixed pool, and a close
 * that waits until they have really ended.
 */
final class LoaderPool implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LoaderPool.class);
    private static final AtomicInteger LOADERS = new AtomicInteger();

    private final ExecutorService pool;
    private final List<Thread> workers = new CopyOnWriteArrayList<>();

    LoaderPool(int threads) {
        String prefix = BatchLoader.THREAD_PREFIX + LOADERS.incrementAndGet() + "-worker-";
        AtomicInteger n = new AtomicInteger();
        this.pool =
                Executors.newFixedThreadPool(
                        threads,
                        r -> {
                            Thread t = new Thread(r, prefix + n.incrementAndGet());
                            t.setDaemon(true); // a forgotten close() must not keep the JVM alive
                            workers.add(t);
                            return t;
                        });
    }

    <T> Future<T> submit(Callable<T> task) {
        return pool.submit(task);
    }

    /** Interrupts the workers and waits (up to 10 s in all) for their threads to end. */
    @Override
    public void close() {
        pool.shutdownNow();
        try {
            // The pool reports termination before its threads have quite exited; join them so that
            // "closed" means no loader thread is left.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            for (Thread t : workers) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                if (t.isAlive()) {
                    LOG.warn(
                            "loader thread {} still running 10 s after close; it is a daemon and"
                                    + " ends with the JVM",
                            t.getName());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

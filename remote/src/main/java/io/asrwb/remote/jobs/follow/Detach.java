package io.asrwb.remote.jobs.follow;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A request to stop following a job (Ctrl-C on {@code job attach}), honoured at the follower's
 * next safe point: before a line is handed over, never between handing it over and saving the
 * offset after it, so the next attach goes on with exactly the next line. The job goes on.
 */
public final class Detach {

    private final CountDownLatch requested = new CountDownLatch(1);

    /** A detach that is never requested (the app, which stops a follower by cancelling it). */
    public static Detach never() {
        return new Detach();
    }

    /** Asks the follower to stop at its next safe point; returns at once. */
    public void request() {
        requested.countDown();
    }

    public boolean requested() {
        return requested.getCount() == 0;
    }

    /** Waits up to {@code pause}; true when detaching was requested meanwhile (or before). */
    boolean pause(Duration pause) throws InterruptedException {
        return requested.await(pause.toMillis(), TimeUnit.MILLISECONDS);
    }
}

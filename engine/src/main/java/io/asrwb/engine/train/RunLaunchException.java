package io.asrwb.engine.train;

/** A run cannot start or resume; the message says why and what to do. */
public class RunLaunchException extends RuntimeException {

    public RunLaunchException(String message) {
        super(message);
    }

    /**
     * The run folder is being trained by another process (or another run of this one): its {@link
     * RunLock} is held. Nothing in the folder was touched.
     */
    public static final class InUse extends RunLaunchException {
        public InUse(String message) {
            super(message);
        }
    }
}

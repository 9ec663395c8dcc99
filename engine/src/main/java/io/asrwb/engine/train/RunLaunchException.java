package io.asrwb.engine.train;

/** A run cannot start or resume; the message says why and what to do. */
public final class RunLaunchException extends RuntimeException {

  public RunLaunchException(String message) {
    super(message);
  }
}

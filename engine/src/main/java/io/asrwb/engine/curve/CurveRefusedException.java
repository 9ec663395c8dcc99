package io.asrwb.engine.curve;

/** A learning curve that cannot be run as asked; the message says why and what to do instead. */
public final class CurveRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CurveRefusedException(String message) {
        super(message);
    }
}

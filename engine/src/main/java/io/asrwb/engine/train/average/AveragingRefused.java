package io.asrwb.engine.train.average;

import java.io.IOException;

/** The checkpoints asked for cannot be averaged; the message says why and what to do. */
public final class AveragingRefused extends IOException {

    private static final long serialVersionUID = 1L;

    public AveragingRefused(String message) {
        super(message);
    }
}

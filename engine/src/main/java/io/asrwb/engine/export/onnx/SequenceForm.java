package io.asrwb.engine.export.onnx;

/**
 * The layout of the tensor flowing between exported layers (batch 1): the graph's input {@code [1,
 * D, T]}, a convolution's {@code [1, C, F, T]}, or the recurrent layers' time-major {@code [T, 1,
 * D]}.
 *
 * @param name the tensor's name in the graph
 * @param kind its layout
 * @param channels C of a 4-D tensor (else D)
 * @param bins F of a 4-D tensor (else 1)
 */
record SequenceForm(String name, Kind kind, long channels, long bins) {

    enum Kind {
        FEATURES_BY_TIME,
        CHANNELS_BINS_TIME,
        TIME_MAJOR
    }

    /** Features per frame. */
    long features() {
        return channels * bins;
    }
}

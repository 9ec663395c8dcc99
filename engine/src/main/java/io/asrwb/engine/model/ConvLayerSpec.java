package io.asrwb.engine.model;

import io.asrwb.engine.model.layers.ConvGeometry;
import java.util.Objects;

/**
 * One front-end convolution: output channels and geometry.
 *
 * @param channels output channels
 * @param geometry kernel, stride and padding over (frequency, time)
 */
public record ConvLayerSpec(int channels, ConvGeometry geometry) {

    public ConvLayerSpec {
        if (channels < 1) {
            throw new IllegalArgumentException("conv layer channels must be >= 1, got " + channels);
        }
        Objects.requireNonNull(geometry, "conv layer geometry");
    }
}

/** A raster with the few drawing operations a chart needs, written as PNG without a UI toolkit. */
package io.asrwb.engine.curve.png;

package io.asrwb.app.words;

import javafx.beans.binding.DoubleExpression;

/**
 * The part of the clip the view above the tier shows, so the tier follows its zoom and scroll.
 *
 * @param fromSec   seconds of the clip at the left edge
 * @param lengthSec seconds across the view (0 while no clip is shown)
 */
public record TimeWindow(DoubleExpression fromSec, DoubleExpression lengthSec) {}

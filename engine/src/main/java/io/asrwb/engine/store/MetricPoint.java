package io.asrwb.engine.store;

/** One value of a run's metric at a step. */
public record MetricPoint(String name, long step, double value) {}

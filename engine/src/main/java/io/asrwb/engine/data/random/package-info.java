/**
 * The engine's reproducible random numbers ({@code StableRandom}): the batch plans and the
 * augmentation both draw from streams derived from (run seed, purpose, epoch, key), which is what
 * makes resume exact; both depend on this package, neither on the other for it.
 */
package io.asrwb.engine.data.random;

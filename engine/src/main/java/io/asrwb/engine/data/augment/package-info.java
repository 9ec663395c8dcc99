/** Training-time augmentation (speed, noise, SpecAugment), each draw a pure function of (run seed, epoch, utterance id). */
package io.asrwb.engine.data.augment;

/** Training-time augmentation (speed, pitch, room reverb, noise beds, channels, codec, levels, SpecAugment), each draw a pure function of (run seed, epoch, utterance id). */
package io.asrwb.engine.data.augment;

package io.asrwb.engine.checkpoint;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Random;
import org.nd4j.linalg.factory.Nd4j;

/**
 * The state of one random number generator, saved so that a resumed run draws exactly the numbers
 * the uninterrupted run would have drawn.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = RngState.Seed.class, name = "seed"),
    @JsonSubTypes.Type(value = RngState.Nd4jGenerator.class, name = "nd4j"),
    @JsonSubTypes.Type(value = RngState.JavaRandom.class, name = "java.util.Random")
})
public sealed interface RngState {

    /**
     * A generator that is rebuilt from a seed rather than restored, e.g. the run seed, or a per-epoch
     * sampler seeded from {@code (runSeed, epoch)}: the cheapest state there is.
     */
    record Seed(long seed) implements RngState {}

    /**
     * ND4J's generator of the current thread (dropout, weight init, random ops). Its seed alone is
     * not enough once ops have drawn numbers: libnd4j advances the node state as it draws, so both
     * native states are kept.
     */
    record Nd4jGenerator(long seed, long rootState, long nodeState) implements RngState {

        /** Reads {@code Nd4j.getRandom()} of the calling thread (the trainer's). */
        public static Nd4jGenerator capture() {
            org.nd4j.linalg.api.rng.Random random = Nd4j.getRandom();
            return new Nd4jGenerator(random.getSeed(), random.rootState(), random.nodeState());
        }

        /**
         * Puts the calling thread's ND4J generator back in this state. Call it after the model is
         * loaded: building a graph re-seeds the generator.
         */
        public void restore() {
            org.nd4j.linalg.api.rng.Random random = Nd4j.getRandom();
            random.setSeed(seed);
            random.setStates(rootState, nodeState);
        }
    }

    /**
     * A {@link java.util.Random}, kept exactly (its 48-bit state and cached Gaussian) through its own
     * serial form, since the class exposes no other way to read its state.
     *
     * @param serialized Base64 of the Java serial form of a plain {@code java.util.Random}
     */
    record JavaRandom(String serialized) implements RngState {

        /** Captures {@code random}, which must be a plain {@code java.util.Random}, not a subclass. */
        public static JavaRandom of(Random random) {
            if (random.getClass() != Random.class) {
                throw new IllegalArgumentException(
                        "only a plain java.util.Random can be saved exactly, not a "
                                + random.getClass().getName()
                                + "; seed a java.util.Random or use RngState.Seed");
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeObject(random);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new JavaRandom(Base64.getEncoder().encodeToString(bytes.toByteArray()));
        }

        /** A new generator in the saved state. */
        public Random toRandom() {
            byte[] bytes = Base64.getDecoder().decode(serialized);
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                // a checkpoint is a file on disk: let its serial form build nothing but a Random
                in.setObjectInputFilter(
                        info ->
                                info.serialClass() == null || info.serialClass() == Random.class
                                        ? ObjectInputFilter.Status.ALLOWED
                                        : ObjectInputFilter.Status.REJECTED);
                return (Random) in.readObject();
            } catch (IOException | ClassNotFoundException e) {
                throw new IllegalStateException(
                        "saved java.util.Random state is damaged (" + e.getMessage() + ")", e);
            }
        }
    }
}

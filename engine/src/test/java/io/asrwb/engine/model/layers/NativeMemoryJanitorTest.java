package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;

class NativeMemoryJanitorTest {

    @Test
    void collectsOnlyWhenTheLiveBytesOutgrowTheHeadroomThenMeasuresTheNewFloor() {
        AtomicLong live = new AtomicLong(100);
        AtomicInteger collected = new AtomicInteger();
        NativeMemoryJanitor janitor =
                new NativeMemoryJanitor(50, live::get, collected::incrementAndGet);

        live.set(150);
        janitor.tick();
        assertThat(collected).hasValue(0);

        live.set(151);
        janitor.tick();
        assertThat(collected).hasValue(1);

        // the collection freed most of it: that is the new floor, measured one tick later
        live.set(120);
        janitor.tick();
        live.set(160);
        janitor.tick();
        assertThat(collected).hasValue(1);
        live.set(171);
        janitor.tick();
        assertThat(collected).hasValue(2);
        assertThat(janitor.collections()).isEqualTo(2);
    }

    @Test
    void releasesTheFreedPagesOnceOnTheTickAfterEachCollection() {
        AtomicLong live = new AtomicLong(100);
        AtomicInteger collected = new AtomicInteger();
        AtomicInteger released = new AtomicInteger();
        NativeMemoryJanitor janitor =
                new NativeMemoryJanitor(
                        50, live::get, collected::incrementAndGet, released::incrementAndGet);

        live.set(120);
        janitor.tick();
        assertThat(released).as("no collection, nothing to release").hasValue(0);

        live.set(151);
        janitor.tick();
        assertThat(collected).hasValue(1);
        assertThat(released).as("the dead buffers are not freed yet").hasValue(0);

        live.set(110);
        janitor.tick();
        assertThat(released).as("one period later, with the new floor").hasValue(1);
        janitor.tick();
        janitor.tick();
        assertThat(released).hasValue(1);
    }

    @Test
    void aFallingFloorLowersTheBaseline() {
        AtomicLong live = new AtomicLong(500);
        AtomicInteger collected = new AtomicInteger();
        NativeMemoryJanitor janitor =
                new NativeMemoryJanitor(50, live::get, collected::incrementAndGet);

        live.set(100);
        janitor.tick();
        live.set(151);
        janitor.tick();

        assertThat(collected).hasValue(1);
    }

    @Test
    void deadNd4jArraysAreFreedByTheCollectionItAsksFor() throws InterruptedException {
        long headroom = 64L << 20;
        NativeMemoryJanitor janitor =
                new NativeMemoryJanitor(headroom, NativeMemoryJanitor::liveNativeBytes, System::gc);
        long before = NativeMemoryJanitor.liveNativeBytes();
        for (int i = 0; i < 24; i++) {
            // 8 MB each, dropped at once: only the collector frees them
            Nd4j.create(DataType.FLOAT, 2L << 20).assign(i);
        }
        assertThat(NativeMemoryJanitor.liveNativeBytes() - before)
                .as("the dead arrays still hold their buffers")
                .isGreaterThan(headroom);

        janitor.tick();
        assertThat(janitor.collections()).isEqualTo(1);
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (NativeMemoryJanitor.liveNativeBytes() - before > headroom
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(NativeMemoryJanitor.liveNativeBytes() - before)
                .as("freed after the collection")
                .isLessThan(headroom);
    }

    @Test
    void residentGrowthIsTrimmedAtOnceAndCollectedOnlyWhenTheTrimDidNotBringItBack() {
        AtomicLong resident = new AtomicLong(400);
        AtomicInteger collected = new AtomicInteger();
        AtomicInteger released = new AtomicInteger();
        NativeMemoryJanitor janitor =
                new NativeMemoryJanitor(
                        1000,
                        () -> 0,
                        collected::incrementAndGet,
                        released::incrementAndGet,
                        100,
                        resident::get);

        resident.set(500);
        janitor.tick();
        assertThat(released).as("within the headroom").hasValue(0);
        resident.set(501);
        janitor.tick();
        assertThat(released).as("past the floor by more than the headroom: trimmed").hasValue(1);
        assertThat(collected).hasValue(0);

        resident.set(450);
        janitor.tick();
        assertThat(collected).as("the trim brought it back").hasValue(0);
        assertThat(janitor.trims()).isEqualTo(1);

        resident.set(700);
        janitor.tick();
        assertThat(released).hasValue(2);
        resident.set(690);
        janitor.tick();
        assertThat(collected).as("still grown after the trim: collected").hasValue(1);

        resident.set(520);
        janitor.tick();
        assertThat(released).as("and trimmed after the collection").hasValue(3);
        // 520 is the new floor: its headroom is a quarter of it (130 > 100)
        resident.set(650);
        janitor.tick();
        assertThat(released).hasValue(3);
        resident.set(651);
        janitor.tick();
        assertThat(released).hasValue(4);
    }

    @Test
    void theResidentHeadroomIsAtLeastTheFixedOneOnASmallFloor() {
        AtomicLong resident = new AtomicLong(10);
        AtomicInteger released = new AtomicInteger();
        NativeMemoryJanitor janitor =
                new NativeMemoryJanitor(
                        1000, () -> 0, () -> {}, released::incrementAndGet, 100, resident::get);

        resident.set(110);
        janitor.tick();
        assertThat(released).hasValue(0);
        resident.set(111);
        janitor.tick();
        assertThat(released).hasValue(1);
    }

    @Test
    void anUnknownResidentSizeNeverTrims() {
        AtomicInteger released = new AtomicInteger();
        NativeMemoryJanitor janitor =
                new NativeMemoryJanitor(
                        1000, () -> 0, () -> {}, released::incrementAndGet, 1, () -> -1);
        for (int i = 0; i < 5; i++) {
            janitor.tick();
        }
        assertThat(released).hasValue(0);
        assertThat(janitor.collections()).isZero();
    }

    @Test
    void refusesANonPositiveHeadroom() {
        assertThatThrownBy(() -> new NativeMemoryJanitor(0, () -> 0, () -> {}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("headroom");
    }
}

package io.asrwb.engine.model.layers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.nd4j.linalg.factory.Nd4j;

class BothDirectionsTest {

    @Test
    void runsTheSecondDirectionOnAnotherThreadWithOneBlasThreadAndPutsTheLimitBack() {
        int before = Nd4j.factory().blas().getMaxThreads();
        AtomicInteger blasThreadsSeen = new AtomicInteger(-1);
        Thread caller = Thread.currentThread();
        AtomicBoolean helperIsAnotherThread = new AtomicBoolean();

        BothDirections.run(
                () -> blasThreadsSeen.set(Nd4j.factory().blas().getMaxThreads()),
                () -> helperIsAnotherThread.set(Thread.currentThread() != caller));

        assertThat(blasThreadsSeen).hasValue(1);
        assertThat(helperIsAnotherThread).isTrue();
        assertThat(Nd4j.factory().blas().getMaxThreads()).isEqualTo(before);
    }

    @Test
    void rethrowsTheHelpersFailure() {
        assertThatThrownBy(
                        () ->
                                BothDirections.run(
                                        () -> {},
                                        () -> {
                                            throw new IllegalStateException("backward failed");
                                        }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("backward failed");
    }

    /** The caller frees the arrays the helper writes, so a failure here must wait for the helper. */
    @Test
    void aFailureOnTheCallersThreadWaitsForTheHelperToFinish() {
        AtomicBoolean helperDone = new AtomicBoolean();
        assertThatThrownBy(
                        () ->
                                BothDirections.run(
                                        () -> {
                                            throw new IllegalStateException("forward failed");
                                        },
                                        () -> {
                                            sleep(300);
                                            helperDone.set(true);
                                        }))
                .hasMessage("forward failed");
        assertThat(helperDone).as("helper finished before the failure came out").isTrue();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

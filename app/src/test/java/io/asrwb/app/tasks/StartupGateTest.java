package io.asrwb.app.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

class StartupGateTest {

    @Test
    void holdsWorkUntilOpenedThenRunsItInTheOrderItCame() {
        StartupGate gate = new StartupGate();
        List<String> ran = new ArrayList<>();
        Executor direct = gate.holding(Runnable::run);
        List<Runnable> queued = new ArrayList<>();
        Executor queue = gate.holding(queued::add);

        direct.execute(() -> ran.add("import"));
        queue.execute(() -> ran.add("load"));
        direct.execute(() -> ran.add("refresh"));
        assertThat(ran).isEmpty();
        assertThat(queued).isEmpty();
        assertThat(gate.isOpen()).isFalse();

        gate.open();
        assertThat(ran).containsExactly("import", "refresh");
        assertThat(queued).hasSize(1); // handed to its own executor, not run on the opener's thread
        queued.get(0).run();
        assertThat(ran).containsExactly("import", "refresh", "load");
    }

    @Test
    void onceOpenWorkPassesStraightThroughAndOpeningAgainRunsNothingTwice() {
        StartupGate gate = new StartupGate();
        List<String> ran = new ArrayList<>();
        Executor direct = gate.holding(Runnable::run);
        direct.execute(() -> ran.add("held"));
        gate.open();
        gate.open();
        direct.execute(() -> ran.add("after"));
        assertThat(ran).containsExactly("held", "after");
        assertThat(gate.isOpen()).isTrue();
    }

    @Test
    void aHandOffThatFailsDoesNotHoldTheOthers() {
        StartupGate gate = new StartupGate();
        List<String> ran = new ArrayList<>();
        Executor direct = gate.holding(Runnable::run);
        direct.execute(
                () -> {
                    throw new IllegalStateException("the demo corpus is missing");
                });
        direct.execute(() -> ran.add("warm the model"));
        gate.open();
        assertThat(ran).containsExactly("warm the model");
        direct.execute(() -> ran.add("after"));
        assertThat(ran).containsExactly("warm the model", "after");
    }
}

package io.asrwb.app.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

class TaskStateTest {

    private final TaskState state = new TaskState();
    private final TaskRunner runner = new CurrentThreadTaskRunner();

    @Test
    void busyFallsOnlyAfterTheResultIsShown() {
        List<String> seenWhenBusyFell = new ArrayList<>();
        state.busyProperty()
                .addListener(
                        (o, was, now) -> {
                            if (was && !now) {
                                seenWhenBusyFell.add(state.statusProperty().get());
                            }
                        });
        List<Double> progress = new ArrayList<>();
        state.progressProperty().addListener((o, was, now) -> progress.add(now.doubleValue()));

        state.run(
                runner,
                "Count",
                "Counting…",
                context -> {
                    assertThat(state.isBusy()).isTrue();
                    assertThat(state.statusProperty().get()).isEqualTo("Counting…");
                    context.progress(1, 2, "half");
                    context.progress(2, 2, "all");
                    return 42;
                },
                TaskHandlers.<Integer>of(n -> state.setStatus("Counted " + n), "Counting"));

        assertThat(seenWhenBusyFell).containsExactly("Counted 42");
        assertThat(progress).containsExactly(-1.0, 0.5, 1.0);
        // without withMessages() the work's messages stay out of the status line
        assertThat(state.statusProperty().get()).isEqualTo("Counted 42");
    }

    @Test
    void aFailureAndACancelEachSayWhatHappenedAndEndBusy() {
        state.run(
                runner,
                "Read",
                "Reading…",
                context -> {
                    throw new IOException("disk gone");
                },
                TaskHandlers.<Integer>of(n -> {}, "Reading"));
        assertThat(state.statusProperty().get()).isEqualTo("Reading failed: disk gone");
        assertThat(state.isBusy()).isFalse();

        state.run(
                runner,
                "Read",
                "Reading…",
                context -> {
                    throw new CancellationException();
                },
                TaskHandlers.<Integer>of(n -> state.setStatus("read"), "Reading")
                        .whenCancelled(() -> "Cancelled; nothing kept"));
        assertThat(state.statusProperty().get()).isEqualTo("Cancelled; nothing kept");
        assertThat(state.isBusy()).isFalse();
    }

    @Test
    void progressMessagesShowWhenAsked() {
        List<String> statuses = new ArrayList<>();
        state.statusProperty().addListener((o, was, now) -> statuses.add(now));
        state.run(
                runner,
                "Send",
                "sending…",
                context -> {
                    context.progress(1, 4, "sending part 1");
                    context.progress(2, 4, "");
                    return "ok";
                },
                TaskHandlers.<String>of(s -> state.setStatus("sent"), "Sending").withMessages());
        assertThat(statuses).containsExactly("sending…", "sending part 1", "sent");
    }
}

package io.asrwb.app.transcribe;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.app.tasks.BackgroundWork;
import io.asrwb.app.tasks.CurrentThreadTaskRunner;
import io.asrwb.app.tasks.RunningTask;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.app.tasks.TaskRunner;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Transcribe tab does its long work (model load, forward pass, decoding) only through the
 * app's task runner: with a runner that holds the work back, nothing is transcribed and the tab
 * stays busy until the runner runs it; a decoder setting moved afterwards is one more task.
 */
class TranscribeTaskRunnerTest {

    /** Holds each piece of work until {@link #runNext()}; then runs it on this thread. */
    private static final class HeldBack implements TaskRunner {
        final List<String> titles = new ArrayList<>();
        private final Deque<Runnable> held = new ArrayDeque<>();

        @Override
        public <T> RunningTask<T> run(
                String title, BackgroundWork<T> work, TaskCallbacks<T> callbacks) {
            titles.add(title);
            held.add(() -> new CurrentThreadTaskRunner().run(title, work, callbacks));
            return new RunningTask<>() {
                @Override
                public double progress() {
                    return -1;
                }

                @Override
                public String message() {
                    return "";
                }

                @Override
                public void requestCancel() {}

                @Override
                public boolean isDone() {
                    return false;
                }
            };
        }

        boolean runNext() {
            Runnable next = held.poll();
            if (next != null) {
                next.run();
            }
            return next != null;
        }
    }

    @Test
    void aFileIsTranscribedOnlyWhenTheRunnerRunsTheWork() throws Exception {
        HeldBack runner = new HeldBack();
        TranscribeViewModel vm = new TranscribeViewModel(runner, null, Runnable::run);
        Path demoModel = TinyRun.demoManifest().getParent().resolveSibling("demo-model");
        vm.chooseFolder(demoModel);

        vm.transcribeFile(TinyRun.demoAudio());

        assertThat(runner.titles)
                .containsExactly("Transcribing " + TinyRun.demoAudio().getFileName());
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.transcriptProperty().get()).isEmpty();
        assertThat(vm.forwardPasses()).isZero();

        vm.transcribeFile(TinyRun.demoAudio()); // while busy: refused, nothing queued
        assertThat(runner.titles).hasSize(1);
        assertThat(vm.statusProperty().get()).startsWith("Still transcribing");

        assertThat(runner.runNext()).isTrue();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.transcriptProperty().get()).isNotEmpty();
        assertThat(vm.forwardPasses()).isEqualTo(1);

        vm.decoding().betaProperty().set(vm.decoding().betaProperty().get() + 1);
        assertThat(runner.titles).last().isEqualTo("Decoding again");
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(runner.runNext()).isTrue();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(vm.statusProperty().get()).contains("Decoded again");
        assertThat(vm.forwardPasses()).isEqualTo(1);
        assertThat(runner.runNext()).isFalse();
    }
}

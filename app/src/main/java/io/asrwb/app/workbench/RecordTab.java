package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.finetune.VoiceFineTuneViewModel;
import io.asrwb.app.record.RecordView;
import io.asrwb.app.record.RecordViewModel;
import io.asrwb.engine.assets.Assets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.control.Tab;

/**
 * The Record tab, built when first shown, and File > Open prompts…, which asks for the file there
 * once the composition root brought the view to the front.
 */
final class RecordTab {

    private final Tab tab;

    private RecordTab(Tab tab) {
        this.tab = tab;
    }

    /**
     * @param recordingsRoot where datasets first made by recording keep their clips
     * @param runsRoot where "Fine-tune on these takes" puts its run, as the Training tab does
     * @param useModel makes a fine-tuned run the push-to-talk model (and shows the Transcribe tab)
     * @param runsChanged told when a fine-tuning run was recorded (the Training tab's runs list)
     */
    static RecordTab create(
            AppContext ctx,
            Path recordingsRoot,
            Path runsRoot,
            Consumer<Path> useModel,
            Runnable runsChanged) {
        RecordViewModel vm = new RecordViewModel(ctx, Platform::runLater, recordingsRoot);
        VoiceFineTuneViewModel fineTune = new VoiceFineTuneViewModel(ctx, runsRoot, useModel);
        Assets.locate()
                .map(a -> a.resolve("demo-model"))
                .filter(Files::isDirectory)
                .ifPresent(fineTune.baseProperty()::set);
        fineTune.stateProperty()
                .addListener(
                        (o, was, now) -> {
                            if (was == VoiceFineTuneViewModel.State.TRAINING) {
                                runsChanged.run();
                            }
                        });
        return new RecordTab(LazyTab.of("Record", () -> new RecordView(vm, fineTune)));
    }

    Tab tab() {
        return tab;
    }

    /** Opens the prompts chooser on the view, once shown ({@code Navigation.show(RECORD)}). */
    void openPrompts() {
        if (tab.getContent() instanceof RecordView view) {
            view.choosePrompts();
        }
    }
}

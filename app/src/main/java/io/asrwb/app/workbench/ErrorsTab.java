package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.errors.ErrorsView;
import io.asrwb.app.errors.ErrorsViewModel;
import io.asrwb.app.words.ClipRequest;
import io.asrwb.engine.assets.Assets;
import java.nio.file.Files;
import java.util.function.Consumer;
import javafx.scene.control.Tab;

/** The Errors tab, built when first shown, on the demo dataset and model when they exist. */
final class ErrorsTab {

    private ErrorsTab() {}

    /**
     * @param openClip shows a clip with its words where the app shows clips (the Datasets view)
     */
    static Tab create(AppContext ctx, Consumer<ClipRequest> openClip) {
        ErrorsViewModel vm = new ErrorsViewModel(ctx);
        vm.datasetProperty().set("demo");
        Assets.locate()
                .map(a -> a.resolve("demo-model"))
                .filter(Files::isDirectory)
                .ifPresent(vm.modelProperty()::set);
        vm.setOpenClip(openClip);
        return LazyTab.of("Errors", () -> new ErrorsView(vm));
    }
}

package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.errors.CompareView;
import io.asrwb.app.errors.CompareViewModel;
import io.asrwb.app.words.ClipRequest;
import io.asrwb.engine.assets.Assets;
import java.nio.file.Files;
import java.util.function.Consumer;
import javafx.scene.control.Tab;

/** The A/B tab, built when first shown, on the demo dataset (and the demo model as A). */
final class CompareTab {

    private CompareTab() {}

    /**
     * @param openClip shows a clip with its words where the app shows clips (the Datasets view)
     */
    static Tab create(AppContext ctx, Consumer<ClipRequest> openClip) {
        CompareViewModel vm = new CompareViewModel(ctx);
        vm.datasetProperty().set("demo");
        Assets.locate()
                .map(a -> a.resolve("demo-model"))
                .filter(Files::isDirectory)
                .ifPresent(vm.modelAProperty()::set);
        vm.setOpenClip(openClip);
        return LazyTab.of("A/B", () -> new CompareView(vm));
    }
}

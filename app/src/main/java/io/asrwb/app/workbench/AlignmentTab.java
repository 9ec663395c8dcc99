package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.align.AlignmentView;
import io.asrwb.app.align.AlignmentViewModel;
import io.asrwb.engine.assets.Assets;
import java.nio.file.Files;
import javafx.scene.control.Tab;

/** The Alignment tab, built when first shown, on the demo dataset and model when they exist. */
final class AlignmentTab {

    private AlignmentTab() {}

    static Tab create(AppContext ctx) {
        AlignmentViewModel vm = new AlignmentViewModel(ctx);
        vm.datasetProperty().set("demo");
        Assets.locate()
                .map(a -> a.resolve("demo-model"))
                .filter(Files::isDirectory)
                .ifPresent(vm.modelProperty()::set);
        return LazyTab.of("Alignment", () -> new AlignmentView(vm));
    }
}

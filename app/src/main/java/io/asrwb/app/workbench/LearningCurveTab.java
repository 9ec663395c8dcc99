package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.curve.LearningCurveView;
import io.asrwb.app.curve.LearningCurveViewModel;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.Tab;

/** The Learning curve tab, built when first shown, on the demo dataset in the runs folder. */
final class LearningCurveTab {

    private LearningCurveTab() {}

    /** @param folder where the curve lives by default (shown at once when it holds one) */
    static Tab create(AppContext ctx, Path folder) {
        LearningCurveViewModel vm = new LearningCurveViewModel(ctx);
        vm.folderProperty().set(folder);
        return LazyTab.of(
                "Learning curve",
                () -> {
                    if (Files.isDirectory(folder)) {
                        vm.load();
                    }
                    return new LearningCurveView(vm);
                });
    }
}

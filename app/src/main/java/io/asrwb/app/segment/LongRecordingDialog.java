package io.asrwb.app.segment;

import io.asrwb.app.AppContext;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/** File → Import long recording…: the form in a window of its own, which may stay open while it works. */
public final class LongRecordingDialog {

    private LongRecordingDialog() {}

    /**
     * @param defaultModel offered in the Model field (the bundled demo model), or null
     * @param onImported   told the dataset's name once it is imported
     */
    public static Stage show(
            Window owner, AppContext ctx, Path defaultModel, Consumer<String> onImported) {
        LongRecordingViewModel vm = new LongRecordingViewModel(ctx);
        vm.modelProperty().set(defaultModel);
        vm.setOnImported(onImported);
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Import long recording");
        stage.setScene(new Scene(new LongRecordingPane(vm), 720, 460));
        stage.setOnCloseRequest(e -> vm.cancel());
        stage.show();
        return stage;
    }
}

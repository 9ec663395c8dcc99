package io.asrwb.app.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.asrwb.remote.jobs.core.LaunchPlan;
import io.asrwb.remote.spark.SparkRuntime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import javafx.collections.FXCollections;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The installed app carries no Spark runtime: the Submit dialog says so while spark is chosen,
 * before anything is submitted, and refuses OK; with a Spark runtime it says nothing.
 */
class SubmitDialogSparkUiTest extends FxRobot {

    @TempDir Path tmp;
    private SubmitDialog dialog;

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> dialog.close()).get();
        FxToolkit.cleanupStages();
    }

    private void show(Optional<String> sparkUnavailable) throws Exception {
        FxToolkit.registerPrimaryStage();
        dialog =
                WaitForAsyncUtils.asyncFx(
                                () -> {
                                    SubmitDialog d =
                                            new SubmitDialog(
                                                    null,
                                                    FXCollections.observableArrayList("gpu1"),
                                                    FXCollections.observableArrayList("demo"),
                                                    sparkUnavailable);
                                    d.show();
                                    return d;
                                })
                        .get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void anInstalledAppSaysBeforeSubmittingThatSparkJobsNeedASourceBuild() throws Exception {
        // what the installed layout gives: an engine jar with no Spark runtime near it
        Path engineJar = Files.createDirectories(tmp.resolve("opt/asrwb/lib/app")).resolve("e.jar");
        Optional<String> reason = reasonFor(engineJar);
        assertThat(reason).get().asString().contains("submit them from a source build");
        show(reason);
        Label refusal = lookup("#submit-spark-unavailable").queryAs(Label.class);
        assertThat(refusal.isVisible()).isFalse();
        assertThat(okDisabled()).isFalse();

        choose(LaunchPlan.Spark.MODE);

        assertThat(refusal.isVisible()).isTrue();
        assertThat(refusal.getText()).contains("multi-node (spark) jobs need Spark's runtime");
        assertThat(okDisabled()).isTrue();
        choose(LaunchPlan.SingleNode.MODE);
        assertThat(refusal.isVisible()).isFalse();
        assertThat(okDisabled()).isFalse();
    }

    @Test
    void aSourceBuildWithSparkSaysNothing() throws Exception {
        Path engineJar = tmp.resolve("engine/target/asrwb-engine.jar");
        Files.createDirectories(engineJar.resolveSibling("spark/jars"));
        Files.writeString(engineJar.resolveSibling("spark/jars/spark-core.jar"), "");
        Files.writeString(engineJar.resolveSibling("spark/java-options"), "");
        Optional<String> reason = reasonFor(engineJar);
        assertThat(reason).isEmpty();
        show(reason);

        choose(LaunchPlan.Spark.MODE);

        assertThat(lookup("#submit-spark-unavailable").queryAs(Label.class).isVisible()).isFalse();
        assertThat(okDisabled()).isFalse();
    }

    /** What RemoteServices.sparkUnavailable says for an engine jar at this place. */
    private static Optional<String> reasonFor(Path engineJar) {
        try {
            SparkRuntime.located(engineJar);
            return Optional.empty();
        } catch (IllegalStateException e) {
            return Optional.of(e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    private void choose(String mode) throws Exception {
        ChoiceBox<String> box = lookup("#submit-mode").queryAs(ChoiceBox.class);
        WaitForAsyncUtils.asyncFx(() -> box.setValue(mode)).get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean okDisabled() {
        return dialog.getDialogPane().lookupButton(ButtonType.OK).isDisabled();
    }
}

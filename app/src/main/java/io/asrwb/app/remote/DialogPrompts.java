package io.asrwb.app.remote;

import io.asrwb.remote.ssh.HostKeyDecision;
import io.asrwb.remote.ssh.UnknownHostKey;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * The SSH questions as dialogs. Connections are made on task threads; a question from one of them
 * is shown on the FX thread while that task thread waits for the answer (the FX thread itself
 * never waits). The passphrase goes straight from the field into a char array that the key loader
 * wipes; it is never kept.
 */
public final class DialogPrompts {

    /** Button of the host-key dialog that trusts the key and saves it in known_hosts. */
    public static final ButtonType TRUST_AND_SAVE =
            new ButtonType("Trust and save", ButtonBar.ButtonData.OK_DONE);

    public static final ButtonType TRUST_ONCE =
            new ButtonType("Trust once", ButtonBar.ButtonData.OTHER);

    private DialogPrompts() {}

    /** Prompts whose dialogs belong to the window {@code owner} gives (null: none). */
    public static SshPrompts create(Supplier<Window> owner) {
        return new SshPrompts(
                key ->
                        Objects.requireNonNullElse(
                                onFxThread(() -> askHostKey(owner.get(), key)),
                                HostKeyDecision.REJECT),
                (keyFile, attempt) ->
                        onFxThread(() -> askPassphrase(owner.get(), keyFile, attempt)));
    }

    private static HostKeyDecision askHostKey(Window owner, UnknownHostKey key) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION);
        alert.initOwner(owner);
        alert.setTitle("Unknown host key");
        alert.setHeaderText("First connection to " + key.hostEntry());
        Label fingerprint = new Label(key.fingerprint());
        fingerprint.setId("host-key-fingerprint");
        fingerprint.setStyle("-fx-font-family: monospace; -fx-font-weight: bold;");
        Label explain =
                new Label(
                        "Its "
                                + key.keyType()
                                + " host key has the fingerprint above. Compare it with `ssh-keygen"
                                + " -lf /etc/ssh/ssh_host_*_key.pub` run on the host before"
                                + " trusting it.");
        explain.setWrapText(true);
        VBox content = new VBox(8, fingerprint, explain);
        content.setPrefWidth(520);
        alert.getDialogPane().setContent(content);
        alert.getDialogPane().setId("host-key-dialog");
        alert.getButtonTypes().setAll(TRUST_AND_SAVE, TRUST_ONCE, ButtonType.CANCEL);
        Optional<ButtonType> answer = alert.showAndWait();
        if (answer.isEmpty()) {
            return HostKeyDecision.REJECT;
        }
        return answer.get() == TRUST_AND_SAVE
                ? HostKeyDecision.TRUST_AND_SAVE
                : answer.get() == TRUST_ONCE ? HostKeyDecision.TRUST_ONCE : HostKeyDecision.REJECT;
    }

    private static char[] askPassphrase(Window owner, Path keyFile, int attempt) {
        Dialog<char[]> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Key passphrase");
        dialog.setHeaderText(
                (attempt > 1 ? "Wrong passphrase. " : "") + "Passphrase for " + keyFile);
        PasswordField field = new PasswordField();
        field.setId("passphrase-field");
        dialog.getDialogPane().setContent(field);
        dialog.getDialogPane().setId("passphrase-dialog");
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.setResultConverter(b -> b == ButtonType.OK ? field.getText().toCharArray() : null);
        Platform.runLater(field::requestFocus);
        char[] answer = dialog.showAndWait().orElse(null);
        field.clear();
        return answer;
    }

    private static <T> T onFxThread(Supplier<T> question) {
        if (Platform.isFxApplicationThread()) {
            return question.get();
        }
        FutureTask<T> asked = new FutureTask<>(question::get);
        Platform.runLater(asked);
        try {
            return asked.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null; // the task was cancelled: no answer means no trust, no key
        } catch (ExecutionException e) {
            throw new IllegalStateException("the dialog failed: " + e.getCause(), e.getCause());
        }
    }
}

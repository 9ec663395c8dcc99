package io.asrwb.app.hosts;

import java.io.File;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * Asks for a host's fields. The key file is chosen or typed; its passphrase is not asked here
 * (it is asked at each connection and never stored).
 */
final class HostDialog extends Dialog<HostForm> {

    HostDialog(Window owner, HostForm initial) {
        setTitle(initial == null ? "Add host" : "Edit host " + initial.name());
        if (owner != null) {
            initOwner(owner);
        }
        HostForm f = initial != null ? initial : new HostForm("", "", "22", "", "", "");
        TextField name = field("host-name", f.name(), "what you call the box, e.g. gpu1");
        TextField address = field("host-address", f.address(), "host name or IP address");
        TextField port = field("host-port", f.port(), "22");
        TextField user = field("host-user", f.user(), "login name there");
        TextField key = field("host-key", f.keyFile(), "private key file (empty: ssh-agent)");
        TextField labels = field("host-labels", f.labels(), "e.g. gpu, a100");
        Button browse = new Button("Key…");
        browse.setId("host-key-browse");
        browse.setOnAction(
                e -> {
                    FileChooser chooser = new FileChooser();
                    chooser.setTitle("Private key");
                    File ssh = new File(System.getProperty("user.home"), ".ssh");
                    if (ssh.isDirectory()) {
                        chooser.setInitialDirectory(ssh);
                    }
                    File chosen = chooser.showOpenDialog(getOwner());
                    if (chosen != null) {
                        key.setText(chosen.getPath());
                    }
                });
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Name"), name);
        grid.addRow(1, new Label("Address"), address);
        grid.addRow(2, new Label("Port"), port);
        grid.addRow(3, new Label("User"), user);
        grid.addRow(4, new Label("Key file"), key, browse);
        grid.addRow(5, new Label("Labels"), labels);
        getDialogPane().setContent(grid);
        getDialogPane().setId("host-dialog");
        getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
        getDialogPane()
                .lookupButton(ButtonType.OK)
                .disableProperty()
                .bind(
                        name.textProperty()
                                .isEmpty()
                                .or(address.textProperty().isEmpty())
                                .or(user.textProperty().isEmpty()));
        setResultConverter(
                b ->
                        b == ButtonType.OK
                                ? new HostForm(
                                        name.getText(),
                                        address.getText(),
                                        port.getText(),
                                        user.getText(),
                                        key.getText(),
                                        labels.getText())
                                : null);
    }

    private static TextField field(String id, String text, String prompt) {
        TextField t = new TextField(text);
        t.setId(id);
        t.setPromptText(prompt);
        t.setPrefColumnCount(28);
        return t;
    }
}

package io.asrwb.app.hosts;

import io.asrwb.app.AppContext;
import io.asrwb.app.remote.RemoteServices;
import io.asrwb.app.tasks.TaskCallbacks;
import io.asrwb.remote.hosts.Host;
import io.asrwb.remote.hosts.HostReport;
import io.asrwb.remote.ssh.SshException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Hosts tab's state: the inventory (H2) with each host's last test result of this session.
 * "Test connection" runs on a task; the first connection to an unknown host key asks through the
 * app's {@link io.asrwb.app.remote.SshPrompts}; a changed key is refused and shown loudly
 * ({@link #refusalProperty()}).
 */
public final class HostsViewModel {

    private final AppContext ctx;
    private final RemoteServices remote;
    private final Map<String, HostRow> tested = new HashMap<>();

    private final ObservableList<HostRow> hosts = FXCollections.observableArrayList();
    private final ObjectProperty<HostRow> selected = new SimpleObjectProperty<>();
    private final ReadOnlyBooleanWrapper testing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<String> refusal = new ReadOnlyObjectWrapper<>();

    public HostsViewModel(AppContext ctx, RemoteServices remote) {
        this.ctx = ctx;
        this.remote = remote;
    }

    public ObservableList<HostRow> hosts() {
        return hosts;
    }

    public ObjectProperty<HostRow> selectedProperty() {
        return selected;
    }

    /** A connection test is going. */
    public ReadOnlyBooleanProperty testingProperty() {
        return testing.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /**
     * The message of the last refused connection whose host key changed (possibly an attack); the
     * view shows it in an error dialog and sets it back to null.
     */
    public ReadOnlyObjectProperty<String> refusalProperty() {
        return refusal.getReadOnlyProperty();
    }

    public void clearRefusal() {
        refusal.set(null);
    }

    /** Reloads the inventory, keeping this session's test results and the selection. */
    public void refresh() {
        String was = selected.get() == null ? null : selected.get().name();
        hosts.setAll(remote.hosts().list().stream().map(h -> rowOf(h)).toList());
        selected.set(hosts.stream().filter(r -> r.name().equals(was)).findFirst().orElse(null));
    }

    /**
     * Adds the host, or replaces {@code editing} (null: a new host) with it; a renamed host keeps
     * no test result. Returns false, with the reason in the status, when the form is wrong.
     */
    public boolean save(HostForm form, String editing) {
        Host host;
        try {
            host = form.toHost();
            if (editing == null) {
                remote.hosts().add(host);
            } else if (editing.equals(host.name())) {
                remote.hosts().update(host);
            } else {
                remote.hosts().add(host);
                remote.hosts().remove(editing);
                tested.remove(editing);
            }
        } catch (RuntimeException e) {
            status.set(message(e));
            return false;
        }
        tested.remove(host.name()); // address or key may have changed: test again
        refresh();
        select(host.name());
        status.set(
                (editing == null ? "added " : "saved ")
                        + host.name()
                        + " ("
                        + host.sshTarget().label()
                        + "); test the connection next");
        return true;
    }

    /** Removes the selected host from the inventory (its jobs stay in the jobs list). */
    public void removeSelected() {
        HostRow row = selected.get();
        if (row == null) {
            return;
        }
        remote.hosts().remove(row.name());
        tested.remove(row.name());
        refresh();
        status.set("removed " + row.name());
    }

    /** Connects to the selected host and reports its OS, Java, free disk and GPUs. */
    public void testSelected() {
        HostRow row = selected.get();
        if (row == null || testing.get()) {
            return;
        }
        Host host = row.host();
        testing.set(true);
        status.set("connecting to " + host.sshTarget().label() + "…");
        ctx.tasks()
                .run(
                        "Testing " + host.name(),
                        task -> {
                            task.progress(-1, 1, "connecting to " + host.sshTarget().label());
                            return remote.checker().testConnection(host);
                        },
                        new TaskCallbacks<HostReport>(
                                report -> tested(host, report, null),
                                failure -> tested(host, null, failure),
                                () -> tested(host, null, new IllegalStateException("cancelled")),
                                (p, m) -> {}));
    }

    private void tested(Host host, HostReport report, Throwable failure) {
        String problem = failure == null ? null : message(failure);
        tested.put(host.name(), new HostRow(host, report, problem));
        refresh();
        HostRow row = tested.get(host.name());
        status.set(
                host.name()
                        + ": "
                        + row.testResult()
                        + (report == null || report.notes().isEmpty()
                                ? ""
                                : " (" + String.join("; ", report.notes()) + ")"));
        testing.set(false); // after the row and status: whoever waits for it sees the result
        if (failure instanceof SshException.HostKeyChanged) {
            refusal.set(problem); // last: the view shows it in a modal dialog
        }
    }

    private HostRow rowOf(Host h) {
        HostRow last = tested.get(h.name());
        return last != null && last.host().equals(h) ? last : new HostRow(h, null, null);
    }

    private void select(String name) {
        hosts.stream().filter(r -> r.name().equals(name)).findFirst().ifPresent(selected::set);
    }

    private static String message(Throwable e) {
        return Objects.requireNonNullElse(e.getMessage(), e.toString());
    }
}

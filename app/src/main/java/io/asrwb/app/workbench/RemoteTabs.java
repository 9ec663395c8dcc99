package io.asrwb.app.workbench;

import io.asrwb.app.AppContext;
import io.asrwb.app.hosts.HostsView;
import io.asrwb.app.hosts.HostsViewModel;
import io.asrwb.app.jobs.JobsView;
import io.asrwb.app.jobs.JobsViewModel;
import io.asrwb.app.remote.DialogPrompts;
import io.asrwb.app.remote.RemoteServices;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.stage.Window;

/** Wires the Hosts and Remote jobs views: one set of remote services, questions in dialogs. */
final class RemoteTabs {

    private RemoteTabs() {}

    /**
     * @param owner the main window, owner of the SSH questions' dialogs
     * @param onFetched where a fetched checkpoint's run folder is offered (the Transcribe tab)
     * @return the Remote jobs view model (the soak benchmark drives it)
     */
    static JobsViewModel create(
            AppContext ctx, Window owner, Consumer<Path> onFetched, Navigation nav) {
        RemoteServices remote =
                RemoteServices.forApp(ctx.catalog(), DialogPrompts.create(() -> owner));
        JobsViewModel jobs = JobsViewModel.opened(ctx, remote);
        jobs.onFetched(onFetched);
        HostsViewModel hosts = new HostsViewModel(ctx, remote);
        nav.add(View.HOSTS, LazyTab.of("Hosts", () -> new HostsView(hosts)));
        nav.add(View.REMOTE_JOBS, LazyTab.of("Remote jobs", () -> new JobsView(jobs)));
        return jobs;
    }
}

package io.asrwb.remote.jobs.core;

import io.asrwb.remote.ssh.SshSession;

/** Opens an SSH session to a host of the inventory, by its name. */
@FunctionalInterface
public interface SessionFactory {

    /**
     * @throws io.asrwb.remote.ssh.SshException when the host cannot be reached or logged into
     * @throws io.asrwb.engine.store.CatalogException when there is no host of that name
     */
    SshSession open(String hostName);
}

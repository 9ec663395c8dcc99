package io.asrwb.engine.store;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.h2.engine.SysProperties;

/**
 * Keeps the port through which a catalog is shared on the loopback interface, so a desktop app
 * opens nothing on the network and triggers no firewall prompt.
 *
 * <p>H2's AUTO_SERVER starts its TCP server with {@code -tcpAllowOthers} and no bind address of
 * its own: the socket binds to {@code h2.bindAddress}, or to every interface without it, and the
 * address written to the lock file for others to connect to is that same property or else the
 * host's name (checked in the 2.3.232 jar: {@code NetUtils.createServerSocketTry} and
 * {@code getLocalAddress} both read {@code SysProperties.BIND_ADDRESS}). H2 reads the property once,
 * when {@code SysProperties} initialises, so it is set here before the first connection and then
 * read back from H2 itself: if anything initialised H2 earlier, opening fails instead of serving
 * the catalog on the network.
 */
final class LoopbackOnly {

    static final String PROPERTY = "h2.bindAddress";
    static final String LOOPBACK = "127.0.0.1";

    private LoopbackOnly() {}

    /** Sets H2's bind address to loopback (unless set to a loopback address already) and checks H2 took it. */
    static synchronized void confineH2() {
        System.getProperties().putIfAbsent(PROPERTY, LOOPBACK);
        String effective = SysProperties.BIND_ADDRESS;
        if (!isLoopback(effective)) {
            throw new CatalogException(
                    "refusing to share the catalog on a network address: H2's "
                            + PROPERTY
                            + " is "
                            + (effective == null
                                    ? "unset (H2 was initialised before the catalog"
                                            + " could set it; a bug)"
                                    : "'" + effective + "'")
                            + "; leave "
                            + PROPERTY
                            + " unset or"
                            + " set it to "
                            + LOOPBACK);
        }
    }

    static boolean isLoopback(String address) {
        if (address == null || address.isBlank()) {
            return false;
        }
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}

package io.asrwb.remote.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP relay that can go silent without closing anything: the way a dropped network or
 * a frozen host looks to a client, which only keep-alives can notice.
 */
public final class FreezableTcpProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean frozen;

    public FreezableTcpProxy(int targetPort) {
        this.targetPort = targetPort;
        try {
            listener = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(this::acceptLoop, "proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** From now on no byte passes in either direction; connections stay open. */
    public void freeze() {
        frozen = true;
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort));
                sockets.add(client);
                sockets.add(server);
                relay(client, server);
                relay(server, client);
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void relay(Socket from, Socket to) {
        Thread t =
                new Thread(
                        () -> {
                            byte[] buffer = new byte[16 * 1024];
                            try (InputStream in = from.getInputStream();
                                    OutputStream out = to.getOutputStream()) {
                                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                                    while (frozen) {
                                        Thread.sleep(50);
                                    }
                                    out.write(buffer, 0, n);
                                    out.flush();
                                }
                            } catch (IOException | InterruptedException ended) {
                                // either side closed, or the test is over
                            }
                        },
                        "proxy-relay");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() {
        try {
            listener.close();
            for (Socket s : sockets) {
                s.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

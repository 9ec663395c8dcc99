package io.asrwb.remote.hosts;

import io.asrwb.engine.store.Catalog;
import io.asrwb.engine.store.CatalogException;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The host inventory, in the catalog's {@code hosts} table (migration V2__hosts.sql). */
public final class HostRepository {

    private static final String COLUMNS = "name, address, port, user_name, key_file, labels";

    private final Catalog catalog;

    public HostRepository(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Adds a new host; a name already in use is refused. */
    public void add(Host host) {
        catalog.transaction(
                c -> {
                    if (exists(c, host.name())) {
                        throw new CatalogException(
                                "a host named "
                                        + host.name()
                                        + " already exists; pick another"
                                        + " name, or remove or edit the existing one");
                    }
                    try (PreparedStatement p =
                            c.prepareStatement(
                                    "INSERT INTO hosts("
                                            + COLUMNS
                                            + ", created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                        bind(p, host);
                        p.setObject(7, OffsetDateTime.now(ZoneOffset.UTC));
                        p.executeUpdate();
                    }
                    return null;
                });
    }

    /** Replaces the host of the same name. */
    public void update(Host host) {
        int changed =
                catalog.read(
                        c -> {
                            try (PreparedStatement p =
                                    c.prepareStatement(
                                            "UPDATE hosts SET name = ?, address = ?, port = ?,"
                                                + " user_name = ?, key_file = ?, labels = ? WHERE"
                                                + " name = ?")) {
                                bind(p, host);
                                p.setString(7, host.name());
                                return p.executeUpdate();
                            }
                        });
        if (changed == 0) {
            throw new CatalogException(
                    "there is no host named " + host.name() + " to update; add it" + " first");
        }
    }

    public Optional<Host> find(String name) {
        return catalog.read(
                c -> {
                    try (PreparedStatement p =
                            c.prepareStatement(
                                    "SELECT " + COLUMNS + " FROM hosts WHERE name = ?")) {
                        p.setString(1, name);
                        try (ResultSet r = p.executeQuery()) {
                            return r.next() ? Optional.of(host(r)) : Optional.<Host>empty();
                        }
                    }
                });
    }

    /** Every host, by name. */
    public List<Host> list() {
        return catalog.read(
                c -> {
                    List<Host> hosts = new ArrayList<>();
                    try (PreparedStatement p =
                                    c.prepareStatement(
                                            "SELECT " + COLUMNS + " FROM hosts ORDER BY name");
                            ResultSet r = p.executeQuery()) {
                        while (r.next()) {
                            hosts.add(host(r));
                        }
                    }
                    return hosts;
                });
    }

    /** Hosts carrying every one of {@code labels}. */
    public List<Host> withLabels(Set<String> labels) {
        return list().stream().filter(h -> h.labels().containsAll(labels)).toList();
    }

    /** Removes the host; false when there was none of that name. */
    public boolean remove(String name) {
        return catalog.read(
                c -> {
                    try (PreparedStatement p =
                            c.prepareStatement("DELETE FROM hosts WHERE name = ?")) {
                        p.setString(1, name);
                        return p.executeUpdate() > 0;
                    }
                });
    }

    private static boolean exists(java.sql.Connection c, String name) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT 1 FROM hosts WHERE name = ?")) {
            p.setString(1, name);
            try (ResultSet r = p.executeQuery()) {
                return r.next();
            }
        }
    }

    private static void bind(PreparedStatement p, Host h) throws SQLException {
        p.setString(1, h.name());
        p.setString(2, h.address());
        p.setInt(3, h.port());
        p.setString(4, h.user());
        p.setString(5, h.keyFile() == null ? null : h.keyFile().toString());
        p.setString(6, h.labels().stream().sorted().collect(Collectors.joining(",")));
    }

    private static Host host(ResultSet r) throws SQLException {
        String key = r.getString("key_file");
        String labels = r.getString("labels");
        return new Host(
                r.getString("name"),
                r.getString("address"),
                r.getInt("port"),
                r.getString("user_name"),
                key == null ? null : Path.of(key),
                labels.isEmpty() ? Set.of() : Set.copyOf(Arrays.asList(labels.split(","))));
    }
}

package io.asrwb.engine.store;

import io.asrwb.engine.files.AtomicWrite;
import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The catalog's two passwords, random per catalog and kept in an owner-only file beside it
 * ({@code catalog.secret}): the admin's, used only while opening (migrations), and the everyday
 * user's, used for all other work ({@link CatalogUsers}). Whoever can reach the catalog's loopback
 * port and read H2's lock file still needs these to connect.
 *
 * <p>Created once, under the {@link OpeningLock} (so by one process at a time): written to a
 * private temporary name, created {@code rw-------}, forced to disk, then renamed into place, so
 * nobody ever sees it half-written or readable by others.
 *
 * @param admin the password of H2's admin user of the catalog
 * @param user the password of the everyday user
 */
record CatalogSecret(String admin, String user) {

    private static final Logger LOG = LoggerFactory.getLogger(CatalogSecret.class);
    private static final int BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    @Override
    public String toString() {
        return "CatalogSecret[…]"; // never in a log or a message
    }

    /** The secret file of the catalog at {@code db} (without {@code .mv.db}). */
    static Path fileOf(Path db) {
        return db.resolveSibling(db.getFileName() + ".secret");
    }

    /** Whether the catalog at {@code db} has its secret file. */
    static boolean exists(Path db) {
        return Files.isRegularFile(fileOf(db));
    }

    /** Reads the catalog's secret, creating it when missing. Call under the {@link OpeningLock}. */
    static CatalogSecret readOrCreate(Path db) throws IOException {
        Path file = fileOf(db);
        if (Files.exists(file)) {
            return read(file);
        }
        CatalogSecret fresh = new CatalogSecret(random(), random());
        write(fresh, file);
        return fresh;
    }

    /** Reads the catalog's existing secret (for tests and tools that connect as the catalog does). */
    static CatalogSecret read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = new StringReader(Files.readString(file, StandardCharsets.UTF_8))) {
            p.load(r);
        }
        String admin = p.getProperty("admin", "");
        String user = p.getProperty("user", "");
        if (admin.isEmpty() || user.isEmpty()) {
            throw new CatalogException(
                    "the catalog's secret file "
                            + file
                            + " is damaged (it needs an 'admin' and a 'user' line); restore it from"
                            + " where the catalog came from");
        }
        if (OwnerOnly.openToOthers(file).isPresent()) {
            OwnerOnly.restrict(file);
            LOG.warn(
                    "the catalog's secret file {} was readable by other users; made it yours only"
                            + " (rw-------)",
                    file);
        }
        return new CatalogSecret(admin, user);
    }

    private static void write(CatalogSecret secret, Path file) throws IOException {
        String text =
                "# The passwords of the ASR Workbench catalog beside this file. Keep it with the"
                        + " catalog, readable by you only.\n"
                        + "admin="
                        + secret.admin
                        + "\nuser="
                        + secret.user
                        + "\n";
        AtomicWrite.replaceTextOwnerOnly(file, text);
    }

    private static String random() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}

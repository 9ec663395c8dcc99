package io.asrwb.engine.store;

import io.asrwb.engine.files.OwnerOnly;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The folder that holds a catalog and its files: made owner-only when the workbench creates it,
 * warned about when it exists and other users can enter it. H2's lock file in it holds the key to
 * the catalog's loopback port and H2 creates it (again on every open) with the process umask, so
 * only the folder keeps other users from reading it as it is written; the password
 * ({@link CatalogSecret}) is what holds where the folder does not.
 */
final class CatalogFolder {

    private static final Logger LOG = LoggerFactory.getLogger(CatalogFolder.class);

    private CatalogFolder() {}

    /** Creates the folder of the catalog at {@code db} (and its missing parents) owner-only. */
    static void create(Path db) throws IOException {
        OwnerOnly.createDirectories(db.getParent());
    }

    /** One WARN line, saying what to do, when other users can list or enter the catalog's folder. */
    static void warnIfOpenToOthers(Path db) {
        Path folder = db.getParent();
        OwnerOnly.openToOthers(folder)
                .ifPresent(
                        perms ->
                                LOG.warn(
                                        "other users can enter the folder"
                                                + " {} that holds the catalog ({}); {}",
                                        folder,
                                        perms,
                                        remedy(folder)));
    }

    private static String remedy(Path folder) {
        if (ours(folder)) {
            return "run: chmod 700 " + folder;
        }
        return "it is not yours to close (like /tmp): keep the catalog in a folder of its own, e.g."
                + " mkdir -m 700 DIR, then --db DIR/catalog";
    }

    private static boolean ours(Path folder) {
        try {
            boolean shared =
                    Files.getPosixFilePermissions(folder)
                            .contains(PosixFilePermission.OTHERS_WRITE); // /tmp and the like
            return !shared
                    && Files.getOwner(folder).getName().equals(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /**
     * Narrows H2's files of the catalog at {@code db} to their owner once open: H2 creates them with
     * the process umask. The lock file is made again by whichever process serves the catalog next.
     */
    static void restrictH2Files(Path db) {
        for (String suffix : new String[] {".mv.db", ".lock.db", ".trace.db"}) {
            OwnerOnly.restrict(db.resolveSibling(db.getFileName() + suffix));
        }
    }
}

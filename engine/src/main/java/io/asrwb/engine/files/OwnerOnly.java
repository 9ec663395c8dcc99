package io.asrwb.engine.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Folders and files that only their owner can read: everything the workbench creates that holds
 * the catalog, its locks and secret, a run's checkpoints and events, staging and job state.
 *
 * <p>Made so at creation (a permission attribute on {@code mkdir}/{@code open}, which the process
 * umask can only narrow further), never by a {@code chmod} afterwards: a file is open to others in
 * between, and another user who opens it then keeps reading it after the {@code chmod}. Where the
 * file system has no POSIX permissions (Windows), things are created plainly and the user's
 * profile folder's ACLs apply.
 */
public final class OwnerOnly {

    private static final Set<PosixFilePermission> DIR =
            PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE =
            PosixFilePermissions.fromString("rw-------");

    /** Group or others may list or enter the folder: reading a file in it by name needs only that. */
    private static final Set<PosixFilePermission> OPENING =
            EnumSet.of(
                    PosixFilePermission.GROUP_READ,
                    PosixFilePermission.GROUP_EXECUTE,
                    PosixFilePermission.OTHERS_READ,
                    PosixFilePermission.OTHERS_EXECUTE);

    private OwnerOnly() {}

    /** Whether {@code path}'s file system has POSIX permissions. */
    public static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /**
     * Creates {@code dir} and its missing parents, each one made here {@code rwx------}; folders that
     * exist keep the permissions they have. Safe against another process creating the same folders.
     */
    public static Path createDirectories(Path dir) throws IOException {
        if (!posix(dir)) {
            return Files.createDirectories(dir);
        }
        Path absolute = dir.toAbsolutePath();
        Deque<Path> missing = new ArrayDeque<>();
        for (Path p = absolute; p != null && !Files.isDirectory(p); p = p.getParent()) {
            missing.push(p);
        }
        for (Path p : missing) {
            createDirectory(p);
        }
        return dir;
    }

    /** Creates one folder {@code rwx------}; one that is there already (made by a racer) is kept. */
    public static Path createDirectory(Path dir) throws IOException {
        try {
            if (posix(dir)) {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(DIR));
            } else {
                Files.createDirectory(dir);
            }
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir)) {
                throw e;
            }
        }
        return dir;
    }

    /**
     * Opens {@code file} with {@code options}; when the open creates it, it is created
     * {@code rw-------} in the same step.
     */
    public static FileChannel open(Path file, Set<? extends OpenOption> options)
            throws IOException {
        return FileChannel.open(file, options, attributes(file));
    }

    /** The attributes that create a folder owner-only on {@code dir}'s file system (none elsewhere). */
    public static FileAttribute<?>[] directoryAttributes(Path dir) {
        return posix(dir)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(DIR)}
                : new FileAttribute<?>[0];
    }

    /** The attributes that create a file owner-only on {@code file}'s file system (none elsewhere). */
    public static FileAttribute<?>[] attributes(Path file) {
        return posix(file)
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(FILE)}
                : new FileAttribute<?>[0];
    }

    /**
     * Takes group's and others' permissions off a file made by someone else's code with the process
     * umask (H2's database and lock files). Does nothing to a file that is missing, is not ours, or
     * lives where there are no POSIX permissions.
     */
    public static void restrict(Path file) {
        if (!posix(file) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try {
            Set<PosixFilePermission> now =
                    Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            Set<PosixFilePermission> mine = EnumSet.noneOf(PosixFilePermission.class);
            for (PosixFilePermission p : now) {
                if (p.name().startsWith("OWNER_")) {
                    mine.add(p);
                }
            }
            if (!mine.equals(now)) {
                Files.setPosixFilePermissions(file, mine);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // another user's file, or it went away: nothing of ours to narrow
        }
    }

    /**
     * Whether other users can list or enter {@code dir} (and so read a file in it they know the name
     * of, when its own permissions let them): the permissions that let them, as {@code ls} writes
     * them; empty when only its owner can, or where there are no POSIX permissions.
     */
    public static Optional<String> openToOthers(Path dir) {
        if (!posix(dir)) {
            return Optional.empty();
        }
        try {
            Set<PosixFilePermission> now = Files.getPosixFilePermissions(dir);
            for (PosixFilePermission p : OPENING) {
                if (now.contains(p)) {
                    return Optional.of(PosixFilePermissions.toString(now));
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}

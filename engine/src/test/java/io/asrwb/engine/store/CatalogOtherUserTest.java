package io.asrwb.engine.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another Unix user on the same machine, against a catalog served by a real process of its owner:
 * each layer of docs/decisions/catalog-access.md shown on its own, the others taken away.
 *
 * <p>Runs as root (CI does): it creates a throwaway user with {@code useradd}, runs that user's
 * attempts as {@code runuser -u USER -- java …} with only H2 and {@link CatalogIntruderMain} on the
 * class path, and removes the user afterwards. Skipped, saying why, where that cannot be done.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CatalogOtherUserTest {

    private static String user;
    private static String useradd;
    private static String userdel;
    private static String runuser;

    @TempDir Path dir;
    private Path kit;

    @BeforeAll
    static void createTheOtherUser() throws Exception {
        assumeTrue(
                "root".equals(System.getProperty("user.name")),
                "skipped: needs root to create a second Unix user (CI runs as root)");
        useradd = command("useradd");
        userdel = command("userdel");
        runuser = command("runuser");
        assumeTrue(
                useradd != null && userdel != null && runuser != null,
                "skipped: needs useradd, userdel and runuser");
        String name = "asrwbt" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000);
        Result made = run(List.of(useradd, "--no-create-home", "--shell", "/bin/sh", name));
        assumeTrue(made.exit == 0, "skipped: useradd failed: " + made.out);
        user = name;
    }

    @AfterAll
    static void removeTheOtherUser() throws Exception {
        if (user != null) {
            Result removed = run(List.of(userdel, user));
            assertThat(removed.exit).as("userdel %s: %s", user, removed.out).isZero();
        }
    }

    /** H2 and the intruder's class where the other user can read them; the test's folder enterable. */
    @BeforeEach
    void packTheIntrudersKit() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        kit = Files.createDirectory(dir.resolve("kit"));
        Path h2 =
                Paths.get(
                        org.h2.Driver.class
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI());
        Files.copy(h2, kit.resolve("h2.jar"));
        String classFile = CatalogIntruderMain.class.getName().replace('.', '/') + ".class";
        Path classes =
                Paths.get(
                        CatalogIntruderMain.class
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI());
        Path target = kit.resolve("classes").resolve(classFile);
        Files.createDirectories(target.getParent());
        Files.copy(classes.resolve(classFile), target);
        assertThat(run(List.of("chmod", "-R", "a+rX", kit.toString())).exit).isZero();
        Result works = intruder("read", kit.resolve("h2.jar").toString());
        assumeTrue(
                works.out.startsWith("read: ok"),
                "skipped: the other user cannot run java from "
                        + System.getProperty("java.home")
                        + " or read "
                        + kit
                        + ": "
                        + works.out);
    }

    /** Layer a: the folder the catalog made is its owner's, so its lock file cannot be read. */
    @Test
    void theOtherUserCannotReadTheLockFile() throws Exception {
        Path db = dir.resolve("data").resolve("asrwb").resolve("catalog");
        try (Subprocess owner = Subprocess.talk("hold", db)) {
            owner.await("ready");
            Path lock = db.resolveSibling("catalog.lock.db");
            assertThat(lock).exists();
            assertThat(intruder("read", lock.toString()).out).startsWith("read: denied");
            assertThat(intruder("read", CatalogSecret.fileOf(db).toString()).out)
                    .startsWith("read: denied");
            assertThat(owner.finish()).isZero();
        }
    }

    /** Layer a where the folder is open to others (--db in an existing folder): H2's files are narrowed. */
    @Test
    void inAFolderOthersCanEnterTheOtherUserStillCannotReadTheLockFile() throws Exception {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path db = open.resolve("catalog");
        try (Subprocess owner = Subprocess.talk("hold", db)) {
            owner.await("ready");
            assertThat(intruder("read", db.resolveSibling("catalog.lock.db").toString()).out)
                    .startsWith("read: denied");
            assertThat(intruder("read", db.resolveSibling("catalog.mv.db").toString()).out)
                    .startsWith("read: denied");
            assertThat(intruder("read", CatalogSecret.fileOf(db).toString()).out)
                    .startsWith("read: denied");
            assertThat(owner.finish()).isZero();
        }
    }

    /** Layer b alone: given the lock file's key and port, the other user still needs the password. */
    @Test
    void withTheLockFilesKeyButNoPasswordTheOtherUserCannotConnect() throws Exception {
        Path db = dir.resolve("data").resolve("asrwb").resolve("catalog");
        try (Subprocess owner = Subprocess.talk("hold", db)) {
            owner.await("ready");
            String url = leakedUrl(db);
            for (String who : List.of(CatalogUsers.ADMIN, CatalogUsers.EVERYDAY, "sa")) {
                Result attempt = intruder("sql", url, who, "", "SELECT COUNT(*) FROM datasets");
                assertThat(attempt.out).as(who).startsWith("connect: refused 28000");
            }
            // the leaked key does reach the server: with the everyday password the same URL
            // connects
            String password = CatalogSecret.read(CatalogSecret.fileOf(db)).user();
            assertThat(
                            intruder(
                                            "sql",
                                            url,
                                            CatalogUsers.EVERYDAY,
                                            password,
                                            "SELECT COUNT(*) FROM datasets")
                                    .out)
                    .isEqualTo("connect: ok\nsql: ok 0");
            assertThat(owner.finish()).isZero();
        }
    }

    /** Layer c alone: given the key and the everyday password, the other user cannot run code. */
    @Test
    void withTheEverydayPasswordTheOtherUserCannotDefineOrRunAFunction() throws Exception {
        Path db = dir.resolve("data").resolve("asrwb").resolve("catalog");
        try (Subprocess owner = Subprocess.talk("hold", db)) {
            owner.await("ready");
            String url = leakedUrl(db);
            CatalogSecret secret = CatalogSecret.read(CatalogSecret.fileOf(db));
            String alias =
                    "CREATE ALIAS WHO_RUNS_ME FOR 'java.lang.System.getProperty';;CALL"
                            + " WHO_RUNS_ME('user.name')";

            assertThat(intruder("sql", url, CatalogUsers.EVERYDAY, secret.user(), alias).out)
                    .startsWith("connect: ok\nsql: refused 90040");
            assertThat(
                            intruder(
                                            "sql",
                                            url,
                                            CatalogUsers.EVERYDAY,
                                            secret.user(),
                                            "SELECT FILE_READ('/etc/shadow')")
                                    .out)
                    .startsWith("connect: ok\nsql: refused 90040");
            // what the admin (all connections before) could do: run code as the catalog's owner
            assertThat(intruder("sql", url, CatalogUsers.ADMIN, secret.admin(), alias).out)
                    .isEqualTo("connect: ok\nsql: ok\nsql: ok root");
            assertThat(owner.finish()).isZero();
        }
    }

    /**
     * The URL a user who read the lock file connects with: H2 writes the server's address and the
     * key it serves this database under. Copied by root, as if the folder had let the user read it.
     */
    private String leakedUrl(Path db) throws Exception {
        Path copy = kit.resolve("lock-copy");
        Files.copy(db.resolveSibling("catalog.lock.db"), copy);
        Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(intruder("read", copy.toString()).out).startsWith("read: ok");
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(copy)) {
            p.load(r);
        }
        return "jdbc:h2:tcp://" + p.getProperty("server") + "/" + p.getProperty("id");
    }

    private Result intruder(String... args) throws Exception {
        List<String> cmd =
                new ArrayList<>(
                        List.of(
                                runuser,
                                "-u",
                                user,
                                "--",
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                kit.resolve("classes") + ":" + kit.resolve("h2.jar"),
                                CatalogIntruderMain.class.getName()));
        cmd.addAll(List.of(args));
        return run(cmd);
    }

    private record Result(int exit, String out) {}

    private static Result run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not end");
        }
        return new Result(p.exitValue(), out);
    }

    /** The command's path (PATH, then the sbin folders a non-login root shell may lack), or null. */
    private static String command(String name) {
        List<String> dirs =
                new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
        dirs.addAll(List.of("/usr/sbin", "/sbin"));
        for (String d : dirs) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
                return Path.of(d, name).toString();
            }
        }
        return null;
    }
}

package io.asrwb.engine.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What another Unix user tries against a catalog, run as that user by CatalogOtherUserTest with
 * only H2 and this class on its class path (so it uses nothing else of ours). One line of result
 * on stdout per mode:
 * <ul>
 *   <li>{@code read FILE}: "read: ok" and the file's first line, or "read: denied".
 *   <li>{@code sql URL USER PASSWORD SQL}: "connect: refused CODE", or "connect: ok" then
 *       "sql: ok VALUE" (the first column of the first row, if any) or "sql: refused CODE".
 * </ul>
 */
public final class CatalogIntruderMain {

    private CatalogIntruderMain() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("read")) {
            try {
                String text =
                        new String(
                                Files.readAllBytes(Path.of(args[1])),
                                java.nio.charset.StandardCharsets.ISO_8859_1);
                System.out.println("read: ok " + text.lines().findFirst().orElse(""));
            } catch (java.io.IOException e) {
                System.out.println("read: denied " + e);
            }
            return;
        }
        Class.forName("org.h2.Driver");
        Connection c;
        try {
            c = DriverManager.getConnection(args[1], args[2], args[3]);
        } catch (SQLException e) {
            System.out.println(
                    "connect: refused "
                            + e.getErrorCode()
                            + " "
                            + e.getMessage().lines().findFirst().orElse(""));
            return;
        }
        System.out.println("connect: ok");
        try (c;
                Statement s = c.createStatement()) {
            for (String sql : args[4].split(";;")) {
                if (s.execute(sql)) {
                    try (ResultSet r = s.getResultSet()) {
                        System.out.println("sql: ok " + (r.next() ? r.getString(1) : ""));
                    }
                } else {
                    System.out.println("sql: ok");
                }
            }
        } catch (SQLException e) {
            System.out.println(
                    "sql: refused "
                            + e.getErrorCode()
                            + " "
                            + e.getMessage().lines().findFirst().orElse(""));
        }
    }
}

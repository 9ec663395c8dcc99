package io.asrwb.engine.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the CLI in-process against a test catalog and captures what it printed. */
record CliRun(int exit, String out, String err) {

    static CliRun run(Path db, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of("--db", db.toString()));
        all.addAll(List.of(args));
        int exit =
                Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true))
                        .execute(all.toArray(String[]::new));
        return new CliRun(exit, out.toString(), err.toString());
    }

    List<String> lines() {
        return out.lines().toList();
    }
}

package io.asrwb.remote.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.cli.Main;
import io.asrwb.engine.cli.UsageErrorHandler;
import io.asrwb.engine.store.AppDirs;
import io.asrwb.engine.store.Catalog;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code asrwb host …} and {@code asrwb job …}: remote boxes and training jobs on them. The
 * {@code ./asrwb} launcher sends these two words here and everything else to the engine's CLI;
 * {@code --db} and {@code --porcelain} mean the same in both.
 */
@Command(
        name = "asrwb",
        mixinStandardHelpOptions = true,
        version = "ASR Workbench 0.1.0",
        description = "Remote boxes (host) and training jobs on them (job).",
        subcommands = {HostCommand.class, JobCommand.class})
public final class RemoteMain implements Runnable {

    @Option(
            names = "--db",
            scope = ScopeType.INHERIT,
            paramLabel = "PATH",
            description =
                    "the catalog's file, without .mv.db (default: $ASRWB_DB, else <data"
                        + " dir>/catalog); known_hosts lies beside it; a folder is refused: name a"
                        + " file in it, e.g. DIR/catalog")
    String db;

    @Option(
            names = "--debug",
            scope = ScopeType.INHERIT,
            description = "on a failure, print its stack trace; log the workbench's debug lines")
    boolean debug;

    @Option(
            names = "--porcelain",
            scope = ScopeType.INHERIT,
            description = "print JSON lines (one object per line) instead of text for people")
    boolean porcelain;

    @Spec CommandSpec spec;

    private PrintWriter out;
    private PrintWriter err;
    private Terminal terminal;

    public static void main(String[] args) {
        Main.debugLogging(args);
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "asrwb-cli-logback.xml");
        }
        PrintWriter out =
                new PrintWriter(
                        new BufferedWriter(new OutputStreamWriter(System.out, UTF_8)), true);
        PrintWriter err =
                new PrintWriter(
                        new BufferedWriter(new OutputStreamWriter(System.err, UTF_8)), true);
        System.exit(commandLine(out, err, Terminal.system(err)).execute(args));
    }

    /** The configured command line (tests run it in-process with their own terminal). */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err, Terminal terminal) {
        RemoteMain main = new RemoteMain();
        main.out = out;
        main.err = err;
        main.terminal = terminal;
        CommandLine cl = new CommandLine(main);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(new RemoteErrorHandler());
        cl.setParameterExceptionHandler(new UsageErrorHandler());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "Missing command, e.g. 'asrwb host list' or 'asrwb job list'");
    }

    CliOutput output() {
        return new CliOutput(out, err, porcelain);
    }

    boolean debug() {
        return debug;
    }

    /** Standard error: questions and remarks for people, whatever the output mode. */
    PrintWriter err() {
        return err;
    }

    Terminal terminal() {
        return terminal;
    }

    Path catalogPath() {
        return AppDirs.ofSystem().catalogPath(db);
    }

    Catalog openCatalog() {
        return Catalog.open(catalogPath());
    }

    /** The known_hosts file of this catalog: the same hosts trusted by the app and the CLI. */
    Path knownHosts() {
        return catalogPath().resolveSibling("known_hosts");
    }

    static RemoteMain of(CommandSpec spec) {
        return (RemoteMain) spec.root().userObject();
    }
}

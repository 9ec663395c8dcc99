package io.asrwb.engine.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.asrwb.engine.model.layers.MallocThreshold;
import io.asrwb.engine.model.layers.OpenMpWaitPolicy;
import io.asrwb.engine.store.AppDirs;
import io.asrwb.engine.store.Catalog;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code asrwb}: the headless ASR Workbench. Global options apply to every subcommand. */
@Command(
        name = "asrwb",
        mixinStandardHelpOptions = true,
        version = "ASR Workbench 0.1.0",
        description = "Curate speech datasets, train and try speech-recognition models.",
        footer =
                "%nRemote boxes and training jobs over SSH (the ./asrwb launcher runs them):"
                        + " 'asrwb host --help', 'asrwb job --help'.",
        subcommands = {
            DatasetCommand.class,
            TrainCommand.class,
            ResumeCommand.class,
            EvalCommand.class,
            LearningCurveCommand.class,
            AlignCommand.class,
            CompareCommand.class,
            AverageCommand.class,
            ExportCommand.class,
            TranscribeCommand.class,
            LmCommand.class,
            BenchCommand.class,
            PitchCommand.class,
            SpeechCommand.class
        })
public final class Main implements Runnable {

    @Option(
            names = "--db",
            scope = ScopeType.INHERIT,
            paramLabel = "PATH",
            description =
                    "the catalog's file, without .mv.db (default: $ASRWB_DB, else <data"
                            + " dir>/catalog); a folder is refused: name a file in it, e.g."
                            + " DIR/catalog")
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

    public static void main(String[] args) {
        debugLogging(args);
        AppDirs.defaultNativeCacheDir();
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "asrwb-cli-logback.xml");
        }
        MallocThreshold.pin();
        OpenMpWaitPolicy.sleepWhenIdle();
        PrintWriter out =
                new PrintWriter(
                        new BufferedWriter(new OutputStreamWriter(System.out, UTF_8)), true);
        PrintWriter err =
                new PrintWriter(
                        new BufferedWriter(new OutputStreamWriter(System.err, UTF_8)), true);
        System.exit(commandLine(out, err).execute(args));
    }

    /** The configured command line, writing to {@code out}/{@code err} (tests run it in-process). */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        Main main = new Main();
        main.out = out;
        main.err = err;
        CommandLine cl = new CommandLine(main);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(new ErrorHandler());
        cl.setParameterExceptionHandler(new UsageErrorHandler());
        return cl;
    }

    /**
     * With {@code --debug}, the workbench's loggers at DEBUG (asrwb-cli-logback.xml reads this
     * property); set before anything logs, so before the options are parsed. Shared by the remote CLI.
     */
    public static void debugLogging(String[] args) {
        if (java.util.Arrays.asList(args).contains("--debug")) {
            System.setProperty(DEBUG_LEVEL_PROPERTY, "DEBUG");
        }
    }

    /** The level of the io.asrwb loggers in asrwb-cli-logback.xml (unset: as the root's). */
    static final String DEBUG_LEVEL_PROPERTY = "asrwb.log.level";

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "Missing command, e.g. 'asrwb dataset list'");
    }

    CliOutput output() {
        return new CliOutput(out, err, porcelain);
    }

    boolean debug() {
        return debug;
    }

    Catalog openCatalog() {
        return Catalog.open(AppDirs.ofSystem().catalogPath(db));
    }
}

package io.asrwb.engine.cli;

import io.asrwb.engine.store.CatalogException;
import io.asrwb.engine.train.RunLaunchException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CancellationException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * The one place exceptions become exit codes and messages: every failure prints one line, which
 * for an expected failure says what to do; a stack trace only with {@code --debug}.
 */
public final class ErrorHandler implements IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) {
        Main main = cl.getCommandSpec().root().userObject() instanceof Main m ? m : null;
        CliOutput output =
                main != null ? main.output() : new CliOutput(cl.getOut(), cl.getErr(), false);
        return report(e, output, exitCode(e), main != null && main.debug());
    }

    /**
     * Prints {@code e} as exit {@code code} says (a bug as such, any other failure as its message),
     * with its stack trace first when {@code debug}, and returns the code; the remote CLI reports the
     * same way.
     */
    public static int report(Exception e, CliOutput output, int code, boolean debug) {
        if (debug) {
            output.stackTrace(e);
        }
        if (code == ExitCodes.INTERNAL) {
            output.error(
                    "internal error: "
                            + e
                            + " (a bug: please report it with the stack trace that"
                            + (debug ? " is above)" : " --debug prints)"),
                    code);
        } else {
            output.error(message(e), code);
        }
        return code;
    }

    /** The exit code of a failure of the engine's commands. */
    public static int exitCode(Exception e) {
        if (e instanceof CatalogException.InUse) {
            return ExitCodes.CATALOG_IN_USE;
        }
        if (e instanceof CatalogException.SchemaTooNew) {
            return ExitCodes.CATALOG_TOO_NEW;
        }
        if (e instanceof CatalogException.DatasetName) {
            return ExitCodes.DATASET_NAME;
        }
        if (e instanceof RunLaunchException.InUse) {
            return ExitCodes.RUN_IN_USE;
        }
        if (e instanceof CancellationException) {
            return ExitCodes.CANCELLED;
        }
        if (e instanceof CatalogException
                || e instanceof IOException
                || e instanceof UncheckedIOException
                || e instanceof CommandFailedException
                || e instanceof RunLaunchException) {
            return ExitCodes.FAILED;
        }
        return ExitCodes.INTERNAL;
    }

    private static String message(Exception e) {
        if (e instanceof java.nio.file.NoSuchFileException n) {
            return n.getReason() == null
                    ? "no such file: " + n.getFile()
                    : n.getFile() + ": " + n.getReason();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }
}

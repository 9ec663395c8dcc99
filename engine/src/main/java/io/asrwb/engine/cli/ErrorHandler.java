package io.asrwb.engine.cli;

import io.asrwb.engine.store.CatalogException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CancellationException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * The one place exceptions become exit codes and messages: expected failures print their message
 * (which says what to do), only bugs print a stack trace.
 */
final class ErrorHandler implements IExecutionExceptionHandler {

  @Override
  public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) {
    Main main = cl.getCommandSpec().root().userObject() instanceof Main m ? m : null;
    CliOutput output = main != null ? main.output()
        : new CliOutput(cl.getOut(), cl.getErr(), false);
    int code = exitCode(e);
    if (code == ExitCodes.INTERNAL) {
      LoggerFactory.getLogger(ErrorHandler.class).error("unexpected failure", e);
      output.error("internal error: " + e + " (a bug; please report it with the log above)", code);
    } else {
      output.error(message(e), code);
    }
    return code;
  }

  static int exitCode(Exception e) {
    if (e instanceof CatalogException.InUse) {
      return ExitCodes.CATALOG_IN_USE;
    }
    if (e instanceof CatalogException.SchemaTooNew) {
      return ExitCodes.CATALOG_TOO_NEW;
    }
    if (e instanceof CatalogException.DatasetName) {
      return ExitCodes.DATASET_NAME;
    }
    if (e instanceof CancellationException) {
      return ExitCodes.CANCELLED;
    }
    if (e instanceof CatalogException || e instanceof IOException || e instanceof UncheckedIOException
        || e instanceof CommandFailedException) {
      return ExitCodes.FAILED;
    }
    return ExitCodes.INTERNAL;
  }

  private static String message(Exception e) {
    if (e instanceof java.nio.file.NoSuchFileException n) {
      return "no such file: " + n.getFile();
    }
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }
}

package io.asrwb.remote.cli;

import io.asrwb.engine.cli.CliOutput;
import io.asrwb.engine.cli.ExitCodes;
import io.asrwb.engine.store.CatalogException;
import io.asrwb.remote.ssh.SshException;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Exceptions to exit codes and messages for {@code host} and {@code job}: the failures a user can
 * act on print their message; only bugs print a stack trace.
 */
final class RemoteErrorHandler implements IExecutionExceptionHandler {

  /** The host could not be reached, refused us, or its key is not trusted. */
  static final int SSH = 6;

  @Override
  public int handleExecutionException(Exception e, CommandLine cl, ParseResult parsed) {
    CliOutput output = cl.getCommandSpec().root().userObject() instanceof RemoteMain m
        ? m.output() : new CliOutput(cl.getOut(), cl.getErr(), false);
    int code = exitCode(e);
    if (code == ExitCodes.INTERNAL) {
      LoggerFactory.getLogger(RemoteErrorHandler.class).error("unexpected failure", e);
      output.error("internal error: " + e + " (a bug; please report it with the log above)", code);
    } else {
      output.error(e.getMessage() == null ? e.toString() : e.getMessage(), code);
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
    if (e instanceof SshException) {
      return SSH;
    }
    if (e instanceof InterruptedException) {
      return ExitCodes.CANCELLED;
    }
    if (e instanceof CatalogException || e instanceof IOException
        || e instanceof UncheckedIOException || e instanceof IllegalArgumentException
        || e instanceof IllegalStateException || e instanceof CommandLine.ParameterException) {
      return ExitCodes.FAILED;
    }
    return ExitCodes.INTERNAL;
  }
}

/**
 * The {@code host} and {@code job} commands of {@code ./asrwb}: the headless twin of the app's
 * remote views (picocli, one class per subcommand, {@code --porcelain} JSON lines).
 */
package io.asrwb.remote.cli;

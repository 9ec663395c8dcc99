/** The headless command line ({@code asrwb}): one picocli class per subcommand. */
package io.asrwb.engine.cli;

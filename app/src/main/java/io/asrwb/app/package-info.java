/**
 * The JavaFX desktop workbench. This package holds only what every feature's view model shares
 * ({@link io.asrwb.app.AppContext}) and what several views build alike ({@link
 * io.asrwb.app.PathField}, {@link io.asrwb.app.ShownArming}); the features live in sub-packages,
 * and the composition root that builds them all in {@code workbench}, so no feature depends on the
 * package that builds it.
 */
package io.asrwb.app;

/** The training dashboard: start, stop and resume local runs, live and overlaid metric charts, checkpoints. */
package io.asrwb.app.training;

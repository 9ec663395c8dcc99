/** The datasets view: catalog browsing, import with progress and report, curation with undo, waveform playback, export and audio checks. */
package io.asrwb.app.datasets;

/** The datasets view: catalog browsing, import with progress and report, curation with undo, export and audio checks. */
package io.asrwb.app.datasets;

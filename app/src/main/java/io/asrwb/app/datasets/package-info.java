/** The datasets view: catalog browsing, import with progress and report, inline curation. */
package io.asrwb.app.datasets;

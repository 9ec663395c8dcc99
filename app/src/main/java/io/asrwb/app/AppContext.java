package io.asrwb.app;

import io.asrwb.app.tasks.TaskRunner;
import io.asrwb.engine.store.Catalog;
import java.time.Clock;

/**
 * What the view models share, built once by the composition root ({@link
 * io.asrwb.app.workbench.WorkbenchApp}) and by tests with real parts (a catalog in a temp folder, a
 * current-thread task runner).
 *
 * @param user who is named in curation records
 */
public record AppContext(Catalog catalog, TaskRunner tasks, Clock clock, String user) {}

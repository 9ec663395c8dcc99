/** Background work with progress and cancel, behind an interface so view models test headless. */
package io.asrwb.app.tasks;

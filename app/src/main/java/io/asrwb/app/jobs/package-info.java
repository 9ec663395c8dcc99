/** The Remote jobs tab: jobs on remote boxes, submitted, followed live (charts, node lanes), stopped, resumed and fetched. */
package io.asrwb.app.jobs;

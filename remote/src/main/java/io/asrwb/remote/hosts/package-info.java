/** The user's inventory of remote boxes, kept in the catalog, and what a test connection finds on each. */
package io.asrwb.remote.hosts;

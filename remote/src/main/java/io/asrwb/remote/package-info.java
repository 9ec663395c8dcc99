/** SSH hosts, job bundles, remote launch and metric streaming for training on GPU boxes. */
package io.asrwb.remote;

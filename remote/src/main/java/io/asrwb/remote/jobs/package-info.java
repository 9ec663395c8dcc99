/**
 * Remote training jobs: what a job is (spec, state, record in the catalog), how it is bundled and
 * launched on a host (launch plans), followed (event stream with reattach), stopped, resumed and
 * fetched.
 */
package io.asrwb.remote.jobs;

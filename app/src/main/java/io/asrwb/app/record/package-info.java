/** Record tab: prompted recording of adaptation data straight into a dataset of the catalog. */
package io.asrwb.app.record;

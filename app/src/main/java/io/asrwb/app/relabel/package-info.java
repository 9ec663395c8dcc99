/** The Re-label tab: the catalog's re-label queue, reviewed one clip at a time from the keyboard. */
package io.asrwb.app.relabel;

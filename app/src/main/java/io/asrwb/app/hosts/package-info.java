/** The Hosts tab: the remote boxes of the inventory, added, edited, removed and tested. */
package io.asrwb.app.hosts;

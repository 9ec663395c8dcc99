/** What the hosts and jobs views share: the remote module's services, and the SSH questions asked in dialogs. */
package io.asrwb.app.remote;

/** SSH sessions to remote boxes: commands from quoted argv lists, SFTP transfers, strict host keys. */
package io.asrwb.remote.ssh;

package io.asrwb.remote.ssh;

/**
 * A host key seen for the first time, as shown to the user.
 *
 * @param hostEntry the name as known_hosts writes it: {@code host}, or {@code [host]:port} off 22
 * @param keyType the key's algorithm, e.g. {@code ssh-ed25519}
 * @param fingerprint {@code SHA256:…} as OpenSSH prints it (compare with {@code ssh-keygen -lf})
 */
public record UnknownHostKey(String hostEntry, String keyType, String fingerprint) {}

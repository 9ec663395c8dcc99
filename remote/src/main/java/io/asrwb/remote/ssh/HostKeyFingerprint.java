package io.asrwb.remote.ssh;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** What OpenSSH shows for a key: {@code SHA256:} and the unpadded base64 of the key blob's SHA-256. */
public final class HostKeyFingerprint {

    private HostKeyFingerprint() {}

    public static String sha256(byte[] keyBlob) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(keyBlob);
            return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The algorithm name at the head of an SSH public key blob, e.g. {@code ssh-ed25519}. */
    public static String keyType(byte[] keyBlob) {
        if (keyBlob.length < 4) {
            return "unknown";
        }
        int length =
                ((keyBlob[0] & 0xff) << 24)
                        | ((keyBlob[1] & 0xff) << 16)
                        | ((keyBlob[2] & 0xff) << 8)
                        | (keyBlob[3] & 0xff);
        if (length <= 0 || length > keyBlob.length - 4) {
            return "unknown";
        }
        return new String(keyBlob, 4, length, StandardCharsets.US_ASCII);
    }
}

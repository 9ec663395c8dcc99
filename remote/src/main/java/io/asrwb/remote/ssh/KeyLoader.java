package io.asrwb.remote.ssh;

import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.KeyPair;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Loads a private key file and unlocks it through the passphrase prompt, wiping what it was told. */
final class KeyLoader {

    static final int MAX_ATTEMPTS = 3;

    private KeyLoader() {}

    static DecryptedKey load(JSch jsch, Path keyFile, PassphrasePrompt prompt) {
        if (!Files.isReadable(keyFile)) {
            throw new SshException.AuthFailed(
                    "the private key file "
                            + keyFile
                            + " does not exist or cannot be read; check the host's key setting",
                    null);
        }
        Path publicFile = keyFile.resolveSibling(keyFile.getFileName() + ".pub");
        KeyPair key;
        try {
            key =
                    KeyPair.load(
                            jsch,
                            keyFile.toString(),
                            Files.isReadable(publicFile) ? publicFile.toString() : null);
        } catch (JSchException e) {
            throw new SshException.AuthFailed(
                    "cannot read the private key "
                            + keyFile
                            + ": "
                            + e.getMessage()
                            + "; use an OpenSSH or PEM ed25519, ecdsa or rsa key",
                    e);
        }
        for (int attempt = 1; key.isEncrypted(); attempt++) {
            if (attempt > MAX_ATTEMPTS) {
                key.dispose();
                throw new SshException.AuthFailed(
                        "wrong passphrase for the private key "
                                + keyFile
                                + " ("
                                + MAX_ATTEMPTS
                                + " attempts); check it with `ssh-keygen -y -f "
                                + keyFile
                                + "`",
                        null);
            }
            char[] passphrase = prompt.passphraseFor(keyFile, attempt);
            if (passphrase == null) {
                key.dispose();
                throw new SshException.AuthFailed(
                        "the private key "
                                + keyFile
                                + " is protected by a passphrase and none was given",
                        null);
            }
            byte[] bytes = utf8(passphrase);
            Arrays.fill(passphrase, '\0');
            try {
                key.decrypt(bytes);
            } finally {
                Arrays.fill(bytes, (byte) 0);
            }
        }
        return new DecryptedKey(keyFile.toString(), key);
    }

    /** UTF-8 bytes without an intermediate String, so nothing unwipeable is left behind. */
    private static byte[] utf8(char[] chars) {
        ByteBuffer encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
        byte[] bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
        // Wipe the encoder's copy of the secret through the buffer's own API (its backing array may
        // be larger than what it holds).
        encoded.clear();
        while (encoded.hasRemaining()) {
            encoded.put((byte) 0);
        }
        return bytes;
    }
}

package io.asrwb.remote.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;

/** User keys for tests, written as OpenSSH private key files the way ssh-keygen writes them. */
public final class TestKeys {

    private TestKeys() {}

    /** {@code ssh-ed25519}, {@code ecdsa-sha2-nistp256} or {@code ssh-rsa}. */
    public static KeyPair generate(String type) {
        int bits =
                switch (type) {
                    case "ssh-rsa" -> 2048;
                    case "ecdsa-sha2-nistp256" -> 256;
                    default -> 256;
                };
        try {
            return KeyUtils.generateKeyPair(type, bits);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot generate a " + type + " key", e);
        }
    }

    /** Writes {@code file} (and {@code file.pub}); a null passphrase leaves it unencrypted. */
    public static Path write(KeyPair key, Path file, String passphrase) {
        OpenSSHKeyEncryptionContext encryption = null;
        if (passphrase != null) {
            encryption = new OpenSSHKeyEncryptionContext();
            encryption.setCipherName("AES");
            encryption.setCipherType("256");
            encryption.setPassword(passphrase);
        }
        try (OutputStream out = Files.newOutputStream(file);
                OutputStream pub =
                        Files.newOutputStream(file.resolveSibling(file.getFileName() + ".pub"))) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(key, "test", encryption, out);
            OpenSSHKeyPairResourceWriter.INSTANCE.writePublicKey(key.getPublic(), "test", pub);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}

package io.asrwb.remote.ssh;

import com.jcraft.jsch.Identity;
import com.jcraft.jsch.KeyPair;

/**
 * A private key we unlocked ourselves, handed to JSch as an identity. Unlocking here (rather than
 * giving JSch the passphrase) lets a wrong passphrase be reported before connecting and lets the
 * passphrase be wiped at once.
 */
final class DecryptedKey implements Identity {

    private final String name;
    private final KeyPair key;

    DecryptedKey(String name, KeyPair key) {
        this.name = name;
        this.key = key;
    }

    @Override
    public boolean setPassphrase(byte[] passphrase) {
        return true;
    }

    @Override
    public byte[] getPublicKeyBlob() {
        return key.getPublicKeyBlob();
    }

    @Override
    public byte[] getSignature(byte[] data) {
        return key.getSignature(data);
    }

    @Override
    public byte[] getSignature(byte[] data, String algorithm) {
        return key.getSignature(data, algorithm);
    }

    @Override
    public String getAlgName() {
        return key.getKeyTypeString();
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isEncrypted() {
        return false;
    }

    @Override
    public void clear() {
        key.dispose();
    }
}

package io.asrwb.engine.audio.io;

/**
 * There is no audio output (or input) line, as on a CI machine or a server without a sound card.
 * The message is meant for the user: it starts with "No audio output device" (playback) or
 * "No microphone found" (recording) and says what to do.
 */
public final class NoAudioDeviceException extends RuntimeException {

    public NoAudioDeviceException(String message, Throwable cause) {
        super(message, cause);
    }
}

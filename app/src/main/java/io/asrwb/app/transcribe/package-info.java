/** Transcribe tab: push-to-talk from the microphone or a dropped file, with any run's checkpoint. */
package io.asrwb.app.transcribe;

package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Writes utterances in one dataset layout so that the matching reader yields them back. */
public sealed interface DatasetWriter
        permits LibriSpeechWriter, CommonVoiceWriter, FolderWriter, PerSplitManifestWriter {

    /**
     * @param utterances what to write; relative audio paths resolve against {@code audioRoot}
     * @param out        folder to write into (created when missing)
     * @return the manifest files written (for layouts without a manifest: the transcript files)
     */
    List<Path> write(List<Utterance> utterances, Path audioRoot, Path out) throws IOException;
}

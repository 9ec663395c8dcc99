package io.asrwb.engine.data.formats;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Parses one dataset layout into entries; checking audio and transcripts is left to {@link
 * EntryValidator}, which every format shares.
 */
public sealed interface DatasetReader
        permits LibriSpeechReader,
                CommonVoiceReader,
                DeepSpeechJsonReader,
                DeepSpeechCsvReader,
                NemoReader,
                SpeechBrainReader,
                OpenSeq2SeqReader,
                FolderReader {

    /**
     * @param source the manifest file or dataset folder the user pointed at
     * @param root   the dataset root audio must lie under, or null for the format's default
     *               (the manifest's folder, or the folder itself)
     * @throws IOException only when {@code source} cannot be read at all
     */
    ParsedSource parse(Path source, Path root) throws IOException;
}

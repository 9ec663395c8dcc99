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
     * @param root   the dataset root relative audio paths must stay under, or null for the
     *               format's default (the manifest's folder, or the folder itself)
     * @param base   where a manifest's relative audio paths start, or null for each manifest's
     *               folder (layouts such as LibriSpeech's and deepspeech JSON's {@code root_path}
     *               say where their audio is themselves)
     * @throws IOException only when {@code source} cannot be read at all
     */
    ParsedSource parse(Path source, Path root, Path base) throws IOException;
}

package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.DatasetFormat;

/** The reader and writer of each {@link DatasetFormat}. */
public final class DatasetFormats {

    private DatasetFormats() {}

    public static DatasetReader reader(DatasetFormat format) {
        return switch (format) {
            case LIBRISPEECH -> new LibriSpeechReader();
            case COMMONVOICE -> new CommonVoiceReader();
            case DEEPSPEECH -> new DeepSpeechJsonReader();
            case DEEPSPEECH_CSV -> new DeepSpeechCsvReader();
            case NEMO -> new NemoReader();
            case SPEECHBRAIN -> new SpeechBrainReader();
            case OPENSEQ2SEQ -> new OpenSeq2SeqReader();
            case FOLDER -> new FolderReader();
        };
    }

    public static DatasetWriter writer(DatasetFormat format) {
        return switch (format) {
            case LIBRISPEECH -> new LibriSpeechWriter();
            case COMMONVOICE -> new CommonVoiceWriter();
            case DEEPSPEECH -> new DeepSpeechJsonWriter();
            case DEEPSPEECH_CSV -> new DeepSpeechCsvWriter();
            case NEMO -> new NemoWriter();
            case SPEECHBRAIN -> new SpeechBrainWriter();
            case OPENSEQ2SEQ -> new OpenSeq2SeqWriter();
            case FOLDER -> new FolderWriter();
        };
    }
}

package io.asrwb.engine.data;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The dataset layouts the workbench reads and writes; {@link #cliName()} is the CLI's spelling. */
public enum DatasetFormat {
    /** LibriSpeech folder layout: speaker/chapter/speaker-chapter.trans.txt + flac. */
    LIBRISPEECH("librispeech"),
    /** Common Voice: a TSV (validated.tsv, train.tsv …) beside a clips/ folder of mp3. */
    COMMONVOICE("commonvoice"),
    /** deepspeech.pytorch JSON manifest ({"root_path", "samples":[{wav_path, transcript_path}]}). */
    DEEPSPEECH("deepspeech"),
    /** deepspeech.pytorch's legacy 2-column CSV: wav path, transcript-file path. */
    DEEPSPEECH_CSV("deepspeech-csv"),
    /** NeMo JSON-lines: audio_filepath, duration, text. */
    NEMO("nemo"),
    /** SpeechBrain CSV: ID, duration, wav, spk_id, wrd. */
    SPEECHBRAIN("speechbrain"),
    /** OpenSeq2Seq CSV: wav_filename, wav_filesize, transcript. */
    OPENSEQ2SEQ("openseq2seq"),
    /** A folder of x.wav + x.txt pairs. */
    FOLDER("folder");

    private final String cliName;

    DatasetFormat(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    public static DatasetFormat fromCliName(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (DatasetFormat f : values()) {
            if (f.cliName.equals(n)) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                "unknown dataset format '"
                        + name
                        + "'; use one of: "
                        + Arrays.stream(values())
                                .map(DatasetFormat::cliName)
                                .collect(Collectors.joining(", ")));
    }
}

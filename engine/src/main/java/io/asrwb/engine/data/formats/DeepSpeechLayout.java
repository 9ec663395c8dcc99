package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** What both deepspeech.pytorch manifests share: wav/ and txt/ folders, split-named manifests. */
final class DeepSpeechLayout {

    /** Paths of one sample relative to the output folder. */
    record Files(String wav, String transcript) {}

    private DeepSpeechLayout() {}

    /** "train_manifest.json", "val_manifest.csv", "manifest.json" … (deepspeech.pytorch says "val"). */
    static String manifestName(Split split, String extension) {
        String word = split == Split.VAL ? "val" : SplitNames.word(split);
        return (word.isEmpty() ? "" : word + "_") + "manifest." + extension;
    }

    /** Places the audio (in place when named by its id) and writes {@code txt/<id>.txt}. */
    static Files place(AudioPlacement place, Utterance u) throws IOException {
        Path wav = IdNamedAudio.place(place, u, "wav");
        Path txt = place.out().resolve("txt").resolve(u.id() + ".txt").normalize();
        if (!txt.startsWith(place.out())) {
            throw new IOException(
                    "utterance id '"
                            + u.id()
                            + "' would write outside "
                            + place.out()
                            + "; rename the utterance before exporting");
        }
        java.nio.file.Files.createDirectories(txt.getParent());
        java.nio.file.Files.writeString(txt, u.transcript(), StandardCharsets.UTF_8);
        return new Files(
                SourcePaths.relative(place.out(), wav), SourcePaths.relative(place.out(), txt));
    }
}

package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Split;
import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A folder of {@code <split>/<id>.<ext>} + {@code <split>/<id>.txt} ({@code <id>.*} directly for
 * utterances without a split); audio is linked (or copied) into place. Speakers are not kept.
 */
public final class FolderWriter implements DatasetWriter {

    @Override
    public List<Path> write(List<Utterance> utterances, Path audioRoot, Path out)
            throws IOException {
        Files.createDirectories(out);
        AudioPlacement place = new AudioPlacement(audioRoot, out);
        List<Path> written = new ArrayList<>(utterances.size());
        for (Utterance u : utterances) {
            Path dir =
                    u.split() == Split.NONE
                            ? place.out()
                            : place.out().resolve(SplitNames.word(u.split()));
            Path audio =
                    dir.resolve(u.id() + AudioPlacement.dotExtension(place.source(u))).normalize();
            if (!audio.startsWith(place.out())) {
                throw new IOException(
                        "utterance id '"
                                + u.id()
                                + "' would write outside "
                                + out
                                + "; rename the utterance before exporting");
            }
            place.placeAt(u, audio);
            Path txt = Path.of(SourcePaths.withoutExtension(audio.toString()) + ".txt");
            Files.writeString(txt, u.transcript(), StandardCharsets.UTF_8);
            written.add(txt);
        }
        return written;
    }
}

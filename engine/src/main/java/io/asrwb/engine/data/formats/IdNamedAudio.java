package io.asrwb.engine.data.formats;

import io.asrwb.engine.data.Utterance;
import java.io.IOException;
import java.nio.file.Path;

/** For formats whose id is the audio file's name: keep the audio in place when its name is the id. */
final class IdNamedAudio {

    private IdNamedAudio() {}

    /**
     * The audio in place (or linked at its relative path) when its file name is already the id,
     * else linked as {@code out/<folder>/<id>.<ext>}.
     */
    static Path place(AudioPlacement place, Utterance u, String folder) throws IOException {
        Path src = place.source(u);
        if (SourcePaths.stem(src.getFileName().toString()).equals(u.id())) {
            return place.inPlaceOrLinked(u, place.out());
        }
        Path target =
                place.out()
                        .resolve(folder)
                        .resolve(u.id() + AudioPlacement.dotExtension(src))
                        .normalize();
        if (!target.startsWith(place.out())) {
            throw new IOException(
                    "utterance id '"
                            + u.id()
                            + "' would write outside "
                            + place.out()
                            + "; rename the utterance before exporting");
        }
        return place.placeAt(u, target);
    }
}

import io.asrwb.engine.inference.ModelDecoding;
import io.asrwb.engine.inference.TrainedModel;
import java.nio.file.Path;

/** The README's example: java -cp asrwb-inference.jar TranscribeExample.java MODEL AUDIO */
public class TranscribeExample {
    public static void main(String[] args) throws Exception {
        var model = TrainedModel.load(Path.of(args[0])); // a checkpoint or run folder
        var transcriber = ModelDecoding.of(model).transcriber(model); // its decoding.yaml, else greedy
        System.out.println(transcriber.transcribe(Path.of(args[1]))); // wav, flac or mp3
    }
}

package io.asrwb.engine.cli;

import io.asrwb.engine.export.onnx.OnnxExporter;
import io.asrwb.engine.inference.TrainedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code asrwb export --format onnx CKPT OUT.onnx}: a trained model for other runtimes. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = {
            "Write a checkpoint's acoustic model as a standard ONNX graph (opset 17: Conv,"
                    + " BatchNormalization, LSTM, Gemm, Clip, LogSoftmax) with its feature settings"
                    + " and alphabet in the model's metadata.",
            "Input 'features' [1, feature_count, frames]: one unpadded utterance's features as"
                    + " the workbench computes them; output 'log_probs' [out_frames, labels]."
        })
final class ExportCommand implements Callable<Integer> {

    /** Export formats; one today. */
    enum Format {
        onnx
    }

    @Option(
            names = "--format",
            required = true,
            paramLabel = "FORMAT",
            description = "export format: ${COMPLETION-CANDIDATES}")
    Format format;

    @Parameters(
            index = "0",
            paramLabel = "CKPT",
            description = "checkpoint folder, or a run folder (its newest checkpoint)")
    Path checkpoint;

    @Parameters(index = "1", paramLabel = "OUT", description = "the file to write, e.g. model.onnx")
    Path out;

    @Spec CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Main main = (Main) spec.root().userObject();
        CliOutput output = main.output();
        if (Files.isDirectory(out)) {
            throw new CommandFailedException(
                    out
                            + " is a folder: name the file to write, e.g. "
                            + out.resolve("model.onnx"));
        }
        TrainedModel model = TrainedModel.load(ModelOption.checked(checkpoint, null));
        long started = System.nanoTime();
        OnnxExporter.Summary summary = OnnxExporter.export(model, out);
        double seconds = (System.nanoTime() - started) / 1e9;
        output.human(
                String.format(
                        Locale.ROOT,
                        "wrote %s (%s, %.1f MB, %,d parameters, input [1, %d, frames], %d labels)"
                                + " in %.2f s",
                        out,
                        format,
                        summary.bytes() / 1e6,
                        summary.parameters(),
                        summary.featureCount(),
                        summary.classes(),
                        seconds));
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("file", out.toString());
        record.put("format", format.name());
        record.put("bytes", summary.bytes());
        record.put("parameters", summary.parameters());
        record.put("seconds", seconds);
        output.record("export", record);
        return ExitCodes.OK;
    }
}

package io.asrwb.engine.cli;

import io.asrwb.engine.data.DatasetFormat;
import java.util.Arrays;
import java.util.Iterator;
import picocli.CommandLine.ITypeConverter;

/** {@code --format} spelled as the CLI contract says (librispeech, nemo, deepspeech-csv, …). */
final class FormatOption implements ITypeConverter<DatasetFormat>, Iterable<String> {

    @Override
    public DatasetFormat convert(String value) {
        return DatasetFormat.fromCliName(value);
    }

    /** Completion candidates, also shown in --help. */
    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(DatasetFormat.values()).map(DatasetFormat::cliName).iterator();
    }
}

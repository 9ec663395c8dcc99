package io.asrwb.remote.hosts;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the output of the commands a test connection runs. */
final class HostReportParser {

    private static final Pattern JAVA_VERSION = Pattern.compile("version \"([^\"]+)\"");
    private static final Pattern DF_LINE =
            Pattern.compile("^(.*?)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)%\\s+(.*)$");

    private HostReportParser() {}

    /** From {@code java -version}'s first line ({@code openjdk version "17.0.9" 2023-10-17}). */
    static String javaVersion(String output) {
        Matcher m = JAVA_VERSION.matcher(output);
        return m.find() ? m.group(1) : null;
    }

    /** Available bytes from {@code df -Pk} (POSIX format: 1024-byte blocks, one line per fs). */
    static OptionalLong freeBytes(String dfOutput) {
        String[] lines = dfOutput.strip().split("\n");
        for (int i = lines.length - 1; i >= 1; i--) {
            Matcher m = DF_LINE.matcher(lines[i].strip());
            if (m.matches()) {
                return OptionalLong.of(Long.parseLong(m.group(4)) * 1024);
            }
        }
        return OptionalLong.empty();
    }

    /**
     * From {@code nvidia-smi --query-gpu=name,memory.total,memory.used,utilization.gpu
     * --format=csv,noheader}: lines like {@code NVIDIA H100 80GB HBM3, 81559 MiB, 0 MiB, 3 %}.
     * Units are optional (so {@code nounits} output reads too); "[N/A]" utilisation becomes -1.
     */
    static List<Gpu> gpus(String csv) {
        List<Gpu> gpus = new ArrayList<>();
        for (String line : csv.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length < 4) {
                throw new IllegalArgumentException(
                        "nvidia-smi line '"
                                + line
                                + "' does not have the 4 fields name, memory.total, memory.used,"
                                + " utilization.gpu");
            }
            // a GPU name may itself hold commas: the last three fields are the numbers
            int n = f.length;
            String name = String.join(",", java.util.Arrays.copyOf(f, n - 3)).strip();
            gpus.add(
                    new Gpu(
                            gpus.size(),
                            name,
                            number(f[n - 3]),
                            number(f[n - 2]),
                            (int) number(f[n - 1])));
        }
        return gpus;
    }

    private static long number(String field) {
        String digits = field.replaceAll("[^0-9]", "");
        return digits.isEmpty() ? -1 : Long.parseLong(digits);
    }
}

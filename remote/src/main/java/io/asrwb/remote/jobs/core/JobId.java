package io.asrwb.remote.jobs.core;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Objects;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;

/**
 * A job's id, e.g. {@code j20261123-114500-3fa2}. Only lower-case letters, digits and '-', so it is
 * safe as a remote folder name and in a command line without any quoting.
 */
public record JobId(String value) {

    private static final Pattern FORM = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    public JobId {
        Objects.requireNonNull(value, "value");
        if (!FORM.matcher(value).matches()) {
            throw new IllegalArgumentException(
                    "job id '"
                            + value
                            + "' must be 1-64 lower-case letters,"
                            + " digits or '-'; `asrwb job list` shows the ids");
        }
    }

    /** A new id: the UTC time of submission and 4 random hex digits (two submits in one second). */
    public static JobId generate(Instant now, RandomGenerator random) {
        byte[] salt = new byte[2];
        random.nextBytes(salt);
        return new JobId("j" + STAMP.format(now) + "-" + HexFormat.of().formatHex(salt));
    }

    @Override
    public String toString() {
        return value;
    }
}

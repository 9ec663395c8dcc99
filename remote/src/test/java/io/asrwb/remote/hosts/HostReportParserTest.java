package io.asrwb.remote.hosts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HostReportParserTest {

    @Test
    void readsJavaVersionFromEitherVendorsFirstLine() {
        assertThat(
                        HostReportParser.javaVersion(
                                "openjdk version \"17.0.15\" 2025-04-15\n"
                                        + "OpenJDK Runtime Environment (build 17.0.15+6)\n"))
                .isEqualTo("17.0.15");
        assertThat(HostReportParser.javaVersion("java version \"1.8.0_381\"\n"))
                .isEqualTo("1.8.0_381");
        assertThat(HostReportParser.javaVersion("Error: could not find libjava.so")).isNull();
    }

    @Test
    void readsAvailableBytesFromPosixDf() {
        String df =
                "Filesystem     1024-blocks      Used Available Capacity Mounted on\n"
                        + "/dev/nvme0n1p2   959786032 512345678 398600000      57% /home\n";
        assertThat(HostReportParser.freeBytes(df)).hasValue(398_600_000L * 1024);
        assertThat(HostReportParser.freeBytes("df: /nope: No such file or directory\n")).isEmpty();
    }

    @Test
    void readsGpusWithOrWithoutUnits() {
        String csv =
                "NVIDIA H100 80GB HBM3, 81559 MiB, 1024 MiB, 37 %\n"
                        + "NVIDIA A100-SXM4-40GB, 40960, 0, [N/A]\n";
        assertThat(HostReportParser.gpus(csv))
                .containsExactly(
                        new Gpu(0, "NVIDIA H100 80GB HBM3", 81559, 1024, 37),
                        new Gpu(1, "NVIDIA A100-SXM4-40GB", 40960, 0, -1));
        assertThat(HostReportParser.gpus("\n")).isEmpty();
    }
}

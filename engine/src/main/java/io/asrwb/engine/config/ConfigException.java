package io.asrwb.engine.config;

import java.util.List;
import java.util.stream.Collectors;

/** A config file could not be read or is invalid; {@link #problems()} says where and why. */
public final class ConfigException extends Exception {

    private final List<ConfigProblem> problems;

    public ConfigException(List<ConfigProblem> problems) {
        super(problems.stream().map(ConfigProblem::toString).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public ConfigException(ConfigProblem problem) {
        this(List.of(problem));
    }

    public List<ConfigProblem> problems() {
        return problems;
    }
}

package io.asrwb.engine.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one plain JSON mapper: event lines, porcelain records, launch plans, checkpoint pointers,
 * manifests read as trees. Jackson's defaults on purpose: these readers walk trees and tolerate
 * fields they do not know (a newer writer adds fields). Two mappers keep their own rules for a
 * reason: {@code ConfigMapper} (YAML, strict, snake_case) and the checkpoint package's (strict on
 * read, sorted and indented on write). An {@link ObjectMapper} is thread-safe once built.
 */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private Json() {}

    public static ObjectMapper mapper() {
        return MAPPER;
    }
}

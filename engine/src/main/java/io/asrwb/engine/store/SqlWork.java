package io.asrwb.engine.store;

import java.sql.Connection;
import java.sql.SQLException;

/** A unit of work on one catalog connection. */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
}

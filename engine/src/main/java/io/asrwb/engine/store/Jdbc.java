package io.asrwb.engine.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** The few JDBC conversions the repositories share (instants, nullable doubles). */
final class Jdbc {

    private Jdbc() {}

    static void setInstant(PreparedStatement p, int i, Instant t) throws SQLException {
        p.setObject(i, OffsetDateTime.ofInstant(t, ZoneOffset.UTC));
    }

    static Instant getInstant(ResultSet r, String column) throws SQLException {
        OffsetDateTime t = r.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    /** NaN is stored as NULL: "not computed / not defined". */
    static void setDouble(PreparedStatement p, int i, double v) throws SQLException {
        if (Double.isNaN(v)) {
            p.setNull(i, Types.DOUBLE);
        } else {
            p.setDouble(i, v);
        }
    }

    static double getDouble(ResultSet r, String column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? Double.NaN : v;
    }
}

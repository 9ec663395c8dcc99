package io.asrwb.engine.align;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Folds the rows of an utterance-and-words join (ordered by utterance) into one record each. */
final class StoredRows {

    private final Consumer<StoredAlignment> each;
    private String id;
    private String reference;
    private String hypothesis;
    private String status;
    private String message;
    private List<AlignedWord> ref = new ArrayList<>();
    private List<AlignedWord> hyp = new ArrayList<>();

    StoredRows(Consumer<StoredAlignment> each) {
        this.each = each;
    }

    /** Columns: utt_id, reference, hypothesis, status, message, kind, word, start, end, conf. */
    void row(ResultSet r) throws SQLException {
        String utt = r.getString(1);
        if (!utt.equals(id)) {
            flush();
            id = utt;
            reference = r.getString(2);
            hypothesis = r.getString(3);
            status = r.getString(4);
            message = r.getString(5);
        }
        String kind = r.getString(6);
        if (kind != null) {
            AlignedWord w =
                    new AlignedWord(
                            r.getString(7), r.getDouble(8), r.getDouble(9), r.getDouble(10));
            ("ref".equals(kind) ? ref : hyp).add(w);
        }
    }

    void flush() {
        if (id != null) {
            each.accept(new StoredAlignment(id, reference, hypothesis, status, message, ref, hyp));
            id = null;
            ref = new ArrayList<>();
            hyp = new ArrayList<>();
        }
    }
}

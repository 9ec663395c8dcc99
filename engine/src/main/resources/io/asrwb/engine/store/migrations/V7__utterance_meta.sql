-- ASR Workbench catalog, schema version 7: each utterance's other manifest fields (issue 15 item 2).

-- A JSON object of text values, {"accent": "scottish", "mic": "headset"}: the keys a NeMo line or
-- the columns a CSV/TSV manifest had besides audio, text, duration, speaker and split. NULL when
-- the source had none (and for every utterance imported before this version). Kept as one
-- column, not a key/value table, because it is read whole with its row and written once at import;
-- errors are grouped by a field in Java (ErrorAnalysis), never in SQL.
ALTER TABLE utterances ADD COLUMN meta VARCHAR;

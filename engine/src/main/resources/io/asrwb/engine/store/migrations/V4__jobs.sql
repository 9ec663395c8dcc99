-- ASR Workbench catalog, schema version 4: remote training jobs (remote/, io.asrwb.remote.jobs).

-- One row per job. plan is the launch plan as JSON ({"mode": "single", "hosts": [...]}); host is
-- where it runs now (it may move to the next host of the plan after a failure). events_offset is
-- how many bytes of the remote events.jsonl have been delivered, so a reattach goes on from there.
-- Host names are not foreign keys: removing a host from the inventory leaves its jobs readable.
CREATE TABLE jobs (
  id            VARCHAR(64) PRIMARY KEY,
  dataset       VARCHAR NOT NULL,
  config_yaml   VARCHAR NOT NULL,
  plan          VARCHAR NOT NULL,
  max_restarts  INT NOT NULL,
  host          VARCHAR(100) NOT NULL,
  state         VARCHAR(16) NOT NULL,
  pid           BIGINT,
  message       VARCHAR NOT NULL DEFAULT '',
  events_offset BIGINT NOT NULL DEFAULT 0,
  restarts      INT NOT NULL DEFAULT 0,
  created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
  updated_at    TIMESTAMP WITH TIME ZONE NOT NULL
);

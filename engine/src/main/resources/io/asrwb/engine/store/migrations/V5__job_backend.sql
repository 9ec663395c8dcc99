-- ASR Workbench catalog, schema version 5: the ND4J backend of remote jobs (remote/, issue 6).

-- backend_request is what the user asked for (auto, cpu, cuda); backend is what the job's current
-- host was given when its bundle was sent (cpu, cuda; '' before that). Jobs of earlier versions
-- always ran on the CPU backend.
ALTER TABLE jobs ADD COLUMN backend_request VARCHAR(8) NOT NULL DEFAULT 'cpu';
ALTER TABLE jobs ADD COLUMN backend VARCHAR(8) NOT NULL DEFAULT 'cpu';

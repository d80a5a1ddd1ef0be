-- The service's state. Portable SQL: runs unchanged on H2 and PostgreSQL.

-- Graphs the service can train and serve on.
CREATE TABLE datasets (
    id          VARCHAR(64)   NOT NULL PRIMARY KEY,
    source      VARCHAR(16)   NOT NULL,   -- BUILTIN, DIRECTORY or UPLOAD
    location    VARCHAR(1024) NOT NULL,   -- synthetic:<name> or an absolute directory
    fingerprint VARCHAR(128)  NOT NULL,
    summary     TEXT          NOT NULL,   -- JSON: node and edge counts, feature widths, labels
    created_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

-- Training jobs, queued to finished.
CREATE TABLE jobs (
    id              VARCHAR(36)  NOT NULL PRIMARY KEY,
    kind            VARCHAR(16)  NOT NULL,   -- PRETRAIN or FINETUNE
    state           VARCHAR(16)  NOT NULL,   -- QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED
    dataset_id      VARCHAR(64)  NOT NULL,
    parent_model_id VARCHAR(64),
    model_name      VARCHAR(64)  NOT NULL,   -- the output model is registered under this name
    parameters      TEXT         NOT NULL,   -- JSON of the submitted parameters, defaults filled in
    idempotency_key VARCHAR(200),
    progress        TEXT,                    -- JSON of the latest progress
    error           TEXT,
    model_id        VARCHAR(64),
    attempts        INT          NOT NULL DEFAULT 0,
    resumed_from_step BIGINT,                -- the checkpoint step its last run started from
    cancel_requested BOOLEAN     NOT NULL DEFAULT FALSE,
    submitted_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    started_at      TIMESTAMP WITH TIME ZONE,
    finished_at     TIMESTAMP WITH TIME ZONE,
    CONSTRAINT jobs_idempotency_key UNIQUE (idempotency_key)
);
CREATE INDEX jobs_by_state ON jobs (state, submitted_at);
CREATE INDEX jobs_by_dataset ON jobs (dataset_id);

-- Model versions: every job's output.
CREATE TABLE models (
    id              VARCHAR(64)  NOT NULL PRIMARY KEY,
    name            VARCHAR(64)  NOT NULL,
    version         INT          NOT NULL,
    kind            VARCHAR(16)  NOT NULL,   -- PRETRAINED or FINETUNED
    dataset_id      VARCHAR(64)  NOT NULL,
    job_id          VARCHAR(36),
    parent_model_id VARCHAR(64),
    manifest        TEXT         NOT NULL,   -- JSON, as stored beside the parameters
    size_bytes      BIGINT       NOT NULL,
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT models_name_version UNIQUE (name, version)
);
CREATE INDEX models_by_dataset ON models (dataset_id);

-- Named deployments of a model version for online inference.
CREATE TABLE deployments (
    name       VARCHAR(64) NOT NULL PRIMARY KEY,
    model_id   VARCHAR(64) NOT NULL REFERENCES models (id),
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL
);

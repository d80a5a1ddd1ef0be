-- Every process that writes to the shared data directory registers the owner token its temporary
-- files are named with, and renews heartbeat_at (the database's clock, one for every host) while
-- it lives. A token without a row, or whose heartbeat is older than the grace period, is dead: its
-- partial writes are debris that any process may remove.
CREATE TABLE process_owners (
    token VARCHAR(32) PRIMARY KEY,
    host VARCHAR(255) NOT NULL,
    pid BIGINT NOT NULL,
    started_at TIMESTAMP WITH TIME ZONE NOT NULL,
    heartbeat_at TIMESTAMP WITH TIME ZONE NOT NULL
);

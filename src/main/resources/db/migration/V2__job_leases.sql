-- Workers on several machines drain one job queue: a running job is leased by one worker, which
-- renews the lease while it trains; a job whose lease has expired is taken over by another worker
-- and resumes from its last checkpoint.
ALTER TABLE jobs ADD COLUMN lease_owner VARCHAR(128);
ALTER TABLE jobs ADD COLUMN lease_expires_at TIMESTAMP WITH TIME ZONE;

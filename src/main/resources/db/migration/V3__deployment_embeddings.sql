-- A deployment may serve embeddings precomputed by the Spark batch job instead of computing them:
-- the server directory they were read from, read again when the deployment is reloaded at start.
ALTER TABLE deployments ADD COLUMN embeddings_path VARCHAR(4096);

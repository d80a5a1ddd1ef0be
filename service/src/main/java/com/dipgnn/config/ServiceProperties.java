package com.dipgnn.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The service's settings ({@code dipgnn.*}). Everything the service writes lives under
 * {@link #dataDir()}: the embedded database, models, checkpoints, uploaded data sets and the
 * generated admin token.
 *
 * @param dataDir root of the service's files (a volume in production)
 * @param datasets where data sets may come from
 * @param jobs how training jobs run
 * @param security API tokens
 * @param serving limits of online inference
 */
@ConfigurationProperties("dipgnn")
public record ServiceProperties(
        @DefaultValue("./dipgnn-data") Path dataDir,
        @DefaultValue Datasets datasets,
        @DefaultValue Jobs jobs,
        @DefaultValue Security security,
        @DefaultValue Serving serving) {

    /**
     * @param roots directories the server may register data sets from (sub-folders included);
     *     empty allows none. Relative paths are resolved against the working directory.
     * @param uploadMaxBytes largest accepted archive upload
     * @param registerBuiltin register the synthetic query-product graph as {@code query-product} on first start
     */
    public record Datasets(
            @DefaultValue List<Path> roots,
            @DefaultValue("2GB") DataSize uploadMaxBytes,
            @DefaultValue("true") boolean registerBuiltin) {
    }

    /**
     * @param concurrency jobs running at the same time (the engine uses one device per job)
     * @param queueCapacity most queued jobs; more submissions are refused with 503
     * @param progressInterval how often a running job's progress is written to the database
     */
    public record Jobs(
            @DefaultValue("1") int concurrency,
            @DefaultValue("100") int queueCapacity,
            @DefaultValue("2s") Duration progressInterval) {
    }

    /**
     * @param openInference inference endpoints need no token
     * @param tokens configured API tokens; when empty an admin token is generated on first start
     */
    public record Security(
            @DefaultValue("false") boolean openInference,
            @DefaultValue List<ApiToken> tokens) {
    }

    /**
     * @param name who holds the token (shown in logs, never the token)
     * @param token the secret
     * @param role what it may do
     */
    public record ApiToken(String name, String token, Role role) {
    }

    /** What a token may do: readers call inference and read; admins also change things. */
    public enum Role {
        READER, ADMIN
    }

    /**
     * @param maxBatch most node ids or pairs in one inference request
     * @param maxK largest k of a top-k request
     */
    public record Serving(
            @DefaultValue("1024") int maxBatch,
            @DefaultValue("1000") int maxK) {
    }

    public Path modelsDir() {
        return dataDir.resolve("models");
    }

    public Path checkpointsDir() {
        return dataDir.resolve("checkpoints");
    }

    public Path uploadsDir() {
        return dataDir.resolve("datasets");
    }

    /** Where text-derived node inputs are cached, one file per data set and text inputs. */
    public Path textInputCacheDir() {
        return dataDir.resolve("cache").resolve("text-inputs");
    }
}

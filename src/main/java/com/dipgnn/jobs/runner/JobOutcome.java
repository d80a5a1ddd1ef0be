package com.dipgnn.jobs.runner;

import com.dipgnn.store.ModelManifest;
import java.util.Map;

/**
 * What a finished job produced.
 *
 * @param metrics fine-tuning: split ({@code train}, {@code val}, {@code test}) to metric to value;
 *     pre-training: {@code pretrain_final} (last logged interval) and {@code pretrain_mean} (every
 *     step of this run) to figure to value; embedding: {@code embeddings} to {@code nodes}, {@code dim}
 *     and {@code seconds}
 * @param manifest the saved model's manifest (null for an embedding job, which saves no model)
 * @param curves the training curves (null for an embedding job)
 * @param resumedFromStep the checkpoint step this run resumed from (0 when it started fresh)
 */
public record JobOutcome(
        Map<String, Map<String, Double>> metrics,
        ModelManifest manifest,
        TrainingCurves curves,
        long resumedFromStep) {}

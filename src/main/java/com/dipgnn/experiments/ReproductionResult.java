package com.dipgnn.experiments;

import java.util.List;
import java.util.Map;

/**
 * Everything a reproduction measured, ready for a report.
 *
 * @param dataset data set name
 * @param graphSummary node and edge counts of the whole graph
 * @param task task kind
 * @param metric the primary metric compared
 * @param settings the settings that apply to every method (architecture, budgets, split)
 * @param methods per method, in the order asked for
 * @param comparisons per compared pair ("DiP-GNN vs w/o pre-train"), the paired test on test metric
 */
public record ReproductionResult(
        String dataset,
        String graphSummary,
        String task,
        String metric,
        Map<String, Object> settings,
        List<MethodReport> methods,
        Map<String, PairedTTest.Result> comparisons) {}

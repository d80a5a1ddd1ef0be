package com.dipgnn.jobs.runner;

import static com.dipgnn.jobs.runner.JobFixtures.SPLIT_SEED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.graph.FeatureScaling;
import com.dipgnn.graph.split.NodeTransferSplit;
import com.dipgnn.jobs.parameters.FinetuneParameters;
import com.dipgnn.pretraining.PretrainMetrics;
import com.dipgnn.store.ModelStore;
import com.dipgnn.store.ModelTask;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * A pre-training job end to end, then a fine-tuning job from its model; progress reports and
 * training curves; a fine-tuning job from a model of another split seed is refused.
 */
class JobRunnerTest {

    private final JobRunner runner = new JobRunner(Duration.ZERO);

    @Test
    void pretrainThenFinetuneFromTheModel(@TempDir Path tmp) throws Exception {
        JobFixtures.Recorder pretraining = new JobFixtures.Recorder(-1);
        JobWork pretrainWork = JobFixtures.work(JobFixtures.pretrain(6), tmp, "pretrain", null);
        JobOutcome pretrained = runner.run(pretrainWork, JobControl.NONE, pretraining);

        assertThat(pretrained.manifest().task())
                .isInstanceOfSatisfying(
                        ModelTask.Pretraining.class,
                        task -> assertThat(task)
                                .extracting(ModelTask.Pretraining::method, ModelTask.Pretraining::kept)
                                .containsExactly("dipgnn", "discriminator"));
        assertThat(pretrained.manifest().splitSeed()).isEqualTo(SPLIT_SEED);
        assertThat(ModelStore.readManifest(pretrainWork.output()).task())
                .isEqualTo(pretrained.manifest().task());
        assertThat(pretrainWork.checkpointDir())
                .as("checkpoints are deleted on success")
                .doesNotExist();
        assertThat(pretrained.metrics().get("pretrain_final")).containsKey(PretrainMetrics.DISC_ACCURACY);
        assertThat(pretrained.resumedFromStep()).isZero();
        assertThat(pretrained.curves().losses().get("loss"))
                .extracting(TrainingCurves.Point::step)
                .containsExactly(2L, 4L, 6L);
        assertThat(pretrained.curves().metrics()).containsKey(PretrainMetrics.GEN_ACCURACY);
        assertProgress(pretraining, "pretraining", 6);
        assertThat(pretraining.phase("pretraining").get(3).latestMetrics()).containsKey(PretrainMetrics.DISC_ACCURACY);
        assertThat(pretraining.phase("pretraining").get(3).latestLosses())
                .containsKey(PretrainMetrics.LOSS)
                .doesNotContainKey(PretrainMetrics.DISC_ACCURACY);
        assertThat(pretraining.reports)
                .extracting(JobProgress::phase)
                .startsWith("preparing")
                .endsWith("saving");
        // the dense features are standardised with statistics of the pre-training part, stored with the model
        FeatureScaling scaling = FeatureScaling.fit(
                JobFixtures.GRAPH, new NodeTransferSplit(SPLIT_SEED).pretrainNodes(JobFixtures.GRAPH));
        assertThat(scaling.isIdentity()).isFalse();
        assertThat(FeatureScaling.loadIfPresent(pretrainWork.output())).contains(scaling);
        assertThat(ModelStore.readManifest(pretrainWork.output()).files()).containsKey(FeatureScaling.FILE_NAME);

        JobFixtures.Recorder fineTuning = new JobFixtures.Recorder(-1);
        JobWork finetuneWork = JobFixtures.work(
                JobFixtures.finetune("m1", 12, SPLIT_SEED, 0.01), tmp, "finetune", pretrainWork.output());
        JobOutcome tuned = runner.run(finetuneWork, JobControl.NONE, fineTuning);

        assertThat(tuned.metrics()).containsKeys("train", "val", "test");
        assertThat(tuned.metrics().get("test")).containsKey("micro_f1");
        assertThat(tuned.manifest().task()).isInstanceOf(ModelTask.NodeClassification.class);
        assertThat(tuned.manifest().layers())
                .as("the architecture comes from the pre-trained model")
                .isEqualTo(2);
        assertThat(tuned.curves().metrics().get("val_micro_f1"))
                .extracting(TrainingCurves.Point::step)
                .containsExactly(4L, 8L, 12L);
        assertProgress(fineTuning, "fine-tuning", 12);
        assertThat(fineTuning.phase("fine-tuning").get(4).latestMetrics()).containsKey("micro_f1");
        assertThat(fineTuning.reports).extracting(JobProgress::phase).endsWith("evaluating");
        assertThat(FeatureScaling.loadIfPresent(finetuneWork.output()))
                .as("the pre-trained model's scaling")
                .contains(scaling);
        assertWellFormedSvg(tuned.curves().toSvg(), "loss", "val_micro_f1");
        assertWellFormedSvg(pretrained.curves().toSvg(), "loss", PretrainMetrics.DISC_ACCURACY);
    }

    @Test
    void fineTuningFromAModelOfAnotherSplitSeedIsRefused(@TempDir Path tmp) throws Exception {
        JobWork pretrainWork = JobFixtures.work(JobFixtures.pretrain(2), tmp, "pretrain", null);
        runner.run(pretrainWork, JobControl.NONE, JobProgressSink.NONE);

        // planned as the service plans a job: checked against the pre-trained model before anything runs
        assertThatThrownBy(() -> JobFixtures.work(
                        JobFixtures.finetune("m1", 4, SPLIT_SEED + 1, 0.01), tmp, "finetune", pretrainWork.output()))
                .isInstanceOfSatisfying(JobParameterException.class, e -> {
                    assertThat(e.field()).isEqualTo("splitSeed");
                    assertThat(e.reason()).contains("use splitSeed " + SPLIT_SEED);
                });
        assertThat(tmp.resolve("finetune-model")).doesNotExist();
    }

    @Test
    void fineTuningAStandardisedModelWithoutStandardisationIsRefused(@TempDir Path tmp) throws Exception {
        JobWork pretrainWork = JobFixtures.work(JobFixtures.pretrain(2), tmp, "pretrain", null);
        runner.run(pretrainWork, JobControl.NONE, JobProgressSink.NONE);
        ObjectMapper json = new ObjectMapper();
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = json.convertValue(JobFixtures.finetune("m1", 4, SPLIT_SEED, 0.01), Map.class);
        fields.put("standardizeFeatures", "none");

        assertThatThrownBy(() -> JobFixtures.work(
                        json.convertValue(fields, FinetuneParameters.class), tmp, "finetune", pretrainWork.output()))
                .isInstanceOfSatisfying(JobParameterException.class, e -> {
                    assertThat(e.field()).isEqualTo("standardizeFeatures");
                    assertThat(e.reason()).contains("use auto");
                });
    }

    @Test
    void anExistingModelOutputIsNeverOverwritten(@TempDir Path tmp) throws Exception {
        JobWork work = JobFixtures.work(JobFixtures.finetune(null, 4, SPLIT_SEED, 0.01), tmp, "finetune", null);
        Files.createDirectories(work.output());
        assertThatThrownBy(() -> runner.run(work, JobControl.NONE, JobProgressSink.NONE))
                .isInstanceOf(FileAlreadyExistsException.class);
    }

    /** Steps never go back, rise strictly while training and end at the total; an ETA once two steps were timed. */
    private static void assertProgress(JobFixtures.Recorder recorder, String phase, long total) {
        List<Long> all = recorder.reports.stream().map(JobProgress::step).toList();
        assertThat(all).isSorted();
        assertThat(recorder.phase(phase).get(0).step())
                .as("the phase is announced before its first step")
                .isZero();
        List<JobProgress> training =
                recorder.phase(phase).stream().filter(p -> p.step() > 0).toList();
        List<Long> steps = training.stream().map(JobProgress::step).toList();
        assertThat(steps).as("one report per step at this interval").hasSize((int) total);
        assertThat(steps).doesNotHaveDuplicates().isSorted().last().isEqualTo(total);
        assertThat(training).allSatisfy(p -> assertThat(p.totalSteps()).isEqualTo(total));
        assertThat(training.get(0).etaSeconds()).isNull();
        assertThat(training.subList(1, training.size()))
                .allSatisfy(p -> assertThat(p.etaSeconds()).isNotNull());
        assertThat(training.get(training.size() - 1).etaSeconds()).isZero();
        assertThat(training).extracting(JobProgress::elapsedSeconds).isSorted();
    }

    private static void assertWellFormedSvg(String svg, String... series) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(doc.getElementsByTagName("svg").getLength())
                .as("two stacked panels")
                .isEqualTo(3);
        assertThat(svg).contains(series);
    }
}

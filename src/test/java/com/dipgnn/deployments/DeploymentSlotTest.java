package com.dipgnn.deployments;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.RelationType;
import com.dipgnn.serving.ModelDeployment;
import com.dipgnn.serving.VectorIndex;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;

/**
 * How a deployment's slot reads the deployment table that other API processes write: which rows are a
 * switch to follow, which missing rows an undeploy; and the view the API shows of a slot.
 */
class DeploymentSlotTest {

    private static final Instant T0 = Instant.parse("2025-03-01T12:00:00Z");
    private static final Instant T1 = T0.plusSeconds(60);

    private static DeploymentRepository.Row row(String modelId, String embeddingsPath, Instant updatedAt) {
        return new DeploymentRepository.Row("shop", modelId, embeddingsPath, T0, updatedAt);
    }

    private static DeploymentSlot serving(String modelId, String embeddingsPath, Instant updatedAt) {
        DeploymentSlot slot = new DeploymentSlot(T0, updatedAt);
        slot.served = new Served(null, modelId, null, embeddingsPath);
        slot.state = DeploymentState.READY;
        return slot;
    }

    @Test
    void aRowNamingAnotherModelWrittenLaterIsASwitchToFollow() {
        DeploymentSlot slot = serving("mv-1", null, T0);
        assertThat(slot.switchedElsewhere(row("mv-2", null, T1))).isTrue();
        assertThat(slot.switchedElsewhere(row("mv-1", "/data/e", T1)))
                .as("other precomputed embeddings of the same model")
                .isTrue();
        assertThat(slot.switchedElsewhere(row("mv-1", null, T1)))
                .as("what it serves")
                .isFalse();
        assertThat(slot.switchedElsewhere(row("mv-2", null, T0)))
                .as("not written after this process switched it")
                .isFalse();
    }

    @Test
    void aSlotLoadingHereIgnoresTheTable() {
        DeploymentSlot slot = serving("mv-1", null, T0);
        slot.pending = new DeploymentView.PendingLoad("mv-3", null, "EMBEDDING", 0, 0);
        assertThat(slot.switchedElsewhere(row("mv-2", null, T1))).isFalse();
        assertThat(slot.undeployedElsewhere(false, T1)).isFalse();
    }

    @Test
    void aSlotServingNothingFollowsTheTableOnlyOnceItsLoadFailed() {
        DeploymentSlot loading = new DeploymentSlot(T0, T0);
        assertThat(loading.switchedElsewhere(row("mv-2", null, T1))).isFalse();
        DeploymentSlot failed = new DeploymentSlot(T0, T0);
        failed.state = DeploymentState.FAILED;
        assertThat(failed.switchedElsewhere(row("mv-2", null, T1))).isTrue();
        assertThat(failed.switchedElsewhere(row("mv-2", null, T0))).isFalse();
        DeploymentSlot neverSwitched = new DeploymentSlot(T0, null);
        neverSwitched.state = DeploymentState.FAILED;
        assertThat(neverSwitched.switchedElsewhere(row("mv-2", null, T0))).isTrue();
    }

    @Test
    void aMissingRowIsAnUndeployOnlyForASlotSwitchedBeforeTheTableWasRead() {
        assertThat(serving("mv-1", null, T0).undeployedElsewhere(false, T1)).isTrue();
        assertThat(serving("mv-1", null, T0).undeployedElsewhere(true, T1))
                .as("its row is there")
                .isFalse();
        assertThat(serving("mv-1", null, T1).undeployedElsewhere(false, T1))
                .as("switched as the table was read")
                .isFalse();
        assertThat(serving("mv-1", null, null).undeployedElsewhere(false, T1)).isFalse();
        assertThat(new DeploymentSlot(T0, T0).undeployedElsewhere(false, T1))
                .as("serves nothing")
                .isFalse();
    }

    @Test
    void theViewOfASlotServingNothingHasOnlyItsStateAndTimes() {
        DeploymentSlot slot = new DeploymentSlot(T0, null);
        slot.state = DeploymentState.FAILED;
        slot.error = "no such file";
        assertThat(slot.view("shop"))
                .isEqualTo(new DeploymentView(
                        "shop",
                        DeploymentState.FAILED,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        "no such file",
                        T0,
                        null));
    }

    @Test
    void theViewOfALinkModelNamesItsRelationAndIndex() {
        ModelDeployment model = Mockito.mock(ModelDeployment.class);
        VectorIndex index = Mockito.mock(VectorIndex.class);
        Mockito.when(index.size()).thenReturn(120);
        Mockito.when(model.task()).thenReturn(TaskKind.LINK_PREDICTION);
        Mockito.when(model.linkRelation()).thenReturn(Optional.of(new RelationType("user", "buys", "item")));
        Mockito.when(model.index()).thenReturn(Optional.of(index));
        Mockito.when(model.dim()).thenReturn(64);
        DeploymentSlot slot = new DeploymentSlot(T0, T1);
        slot.served = new Served(model, "mv-1", null, "/data/e");
        slot.state = DeploymentState.READY;
        DeploymentView view = slot.view("shop");
        assertThat(view.modelId()).isEqualTo("mv-1");
        assertThat(view.embeddingsPath()).isEqualTo("/data/e");
        assertThat(view.task()).isEqualTo("link");
        assertThat(view.relation()).isEqualTo("user__buys__item");
        assertThat(view.dim()).isEqualTo(64);
        assertThat(view.indexSize()).isEqualTo(120);
        assertThat(view.updatedAt()).isEqualTo(T1);
    }
}

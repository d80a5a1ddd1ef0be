package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The objective each method trains, and the names the CLI and the job API give its choices. */
class ObjectiveVariantTest {

    @Test
    void replacementsApplyOnlyToMethodsThatDiscriminateWhatIsReplaced() {
        ObjectiveVariant d = ObjectiveVariant.DEFAULT;
        assertThat(d.effectiveFor(PretrainMethod.DIPGNN)).isEqualTo(d);
        // GPT-GNN-style has no discriminator: its generator keeps the regression and its most likely sources
        ObjectiveVariant gpt = d.effectiveFor(PretrainMethod.GPT_GNN);
        assertThat(gpt.featureReplacement()).isEqualTo(FeatureReplacement.REGRESSED);
        assertThat(gpt.generatedEdges()).isEqualTo(GeneratedEdges.MOST_LIKELY);
        assertThat(gpt.reduction()).isEqualTo(d.reduction());
        // the ablations keep the choice for the part they discriminate
        assertThat(d.effectiveFor(PretrainMethod.DIPGNN_EDGES).generatedEdges()).isEqualTo(GeneratedEdges.SAMPLED);
        assertThat(d.effectiveFor(PretrainMethod.DIPGNN_EDGES).featureReplacement())
                .isEqualTo(FeatureReplacement.REGRESSED);
        assertThat(d.effectiveFor(PretrainMethod.DIPGNN_FEATURES).featureReplacement())
                .isEqualTo(FeatureReplacement.SAMPLED);
        assertThat(d.effectiveFor(PretrainMethod.DIPGNN_FEATURES).generatedEdges())
                .isEqualTo(GeneratedEdges.MOST_LIKELY);
    }

    @Test
    void namesAreLowerCaseWithHyphensAndReadCaseInsensitively() {
        assertThat(GeneratedEdges.MOST_LIKELY.cliName()).isEqualTo("most-likely");
        assertThat(GeneratedEdges.parse(" Most-Likely ")).isEqualTo(GeneratedEdges.MOST_LIKELY);
        assertThat(FeatureReplacement.parse("SAMPLED")).isEqualTo(FeatureReplacement.SAMPLED);
        assertThat(LossReduction.parse("sum")).isEqualTo(LossReduction.SUM);
        assertThatThrownBy(() -> GeneratedEdges.parse("argmax"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown generated edges 'argmax': use sampled or most-likely");
        assertThatThrownBy(() -> FeatureReplacement.parse(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown feature replacement 'null': use regressed or sampled");
    }
}

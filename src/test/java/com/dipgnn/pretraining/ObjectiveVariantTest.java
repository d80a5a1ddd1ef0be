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
    void theGeneratorsShareRisesLinearlyOverTheHardeningSteps() {
        ObjectiveVariant hardening = ObjectiveVariant.DEFAULT.withNegatives(0.5, 0, 100);
        assertThat(hardening.generatorShareAt(0)).isEqualTo(0.0);
        assertThat(hardening.generatorShareAt(50)).isEqualTo(0.25);
        assertThat(hardening.generatorShareAt(100)).isEqualTo(0.5);
        assertThat(hardening.generatorShareAt(1000)).isEqualTo(0.5);
        assertThat(ObjectiveVariant.DEFAULT.withNegatives(0.5, 0, 0).generatorShareAt(1))
                .isEqualTo(0.5);
    }

    @Test
    void aVariantWrittenBeforeTheNegativesDialTakesTheGeneratorsWholeShareAtFullWidth() {
        ObjectiveVariant old = new ObjectiveVariant(
                FeatureReplacement.SAMPLED,
                0,
                LossReduction.MEAN,
                0,
                false,
                GeneratedEdges.SAMPLED,
                null,
                null,
                null,
                null);
        assertThat(old).isEqualTo(ObjectiveVariant.DEFAULT.withNegatives(1.0, 0, 0));
        assertThat(old.generatorShare()).isEqualTo(1.0);
        assertThat(old.generatorWidth()).isEqualTo(1.0);
        assertThatThrownBy(() -> ObjectiveVariant.DEFAULT.withNegatives(1.5, 0, 0))
                .hasMessageContaining("share of generated sources must be in [0, 1] (got 1.5)");
        assertThatThrownBy(() -> ObjectiveVariant.DEFAULT.withGeneratorWidth(0))
                .hasMessageContaining("fraction in (0, 1]");
    }

    @Test
    void aMethodThatKeepsItsGeneratorKeepsItAtFullWidthAndItsOwnPicks() {
        ObjectiveVariant dial =
                ObjectiveVariant.DEFAULT.withNegatives(0.25, 0.5, 10).withGeneratorWidth(0.25);
        assertThat(dial.effectiveFor(PretrainMethod.DIPGNN)).isEqualTo(dial);
        ObjectiveVariant gpt = dial.effectiveFor(PretrainMethod.GPT_GNN);
        assertThat(gpt.generatorWidth()).isEqualTo(1.0);
        assertThat(gpt.generatorShare()).isEqualTo(1.0);
        assertThat(gpt.hardeningSteps()).isZero();
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

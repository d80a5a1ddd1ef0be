package com.dipgnn.naming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.finetuning.SplitMode;
import com.dipgnn.finetuning.TaskKind;
import com.dipgnn.graph.SplitMark;
import com.dipgnn.pretraining.GeneratedEdges;
import com.dipgnn.pretraining.PretrainMethod;
import com.dipgnn.ranking.NegativeSampling;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnumNamesTest {

    /** An enum of this test's own, declaring no names. */
    enum ColourMode {
        PLAIN,
        DEEP_RED
    }

    /** An enum of this test's own, declaring a name, an alias and a note. */
    enum Size {
        SMALL,
        EXTRA_LARGE;

        static final EnumNames<Size> NAMES = EnumNames.of(Size.class, "size")
                .name(EXTRA_LARGE, "xl")
                .alias(SMALL, "s")
                .note(EXTRA_LARGE, "the largest")
                .build();
    }

    @Test
    void defaultNamesAreTheConstantsInLowerCaseWithHyphens() {
        EnumNames<ColourMode> names = EnumNames.forType(ColourMode.class);

        assertThat(names.names()).containsExactly("plain", "deep-red");
        assertThat(names.name(ColourMode.DEEP_RED)).isEqualTo("deep-red");
        assertThat(names.what()).isEqualTo("colour mode");
        assertThat(names.parse(" Deep-Red ")).isEqualTo(ColourMode.DEEP_RED);
        assertThat(names.parse("DEEP_RED")).isEqualTo(ColourMode.DEEP_RED);
    }

    @Test
    void anUnknownNameFailsListingTheAllowedOnes() {
        assertThatThrownBy(() -> EnumNames.forType(ColourMode.class).parse("blue"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown colour mode 'blue': use plain or deep-red");
        assertThatThrownBy(() -> Size.NAMES.parse(null))
                .hasMessage("unknown size 'null': use small|s or xl (the largest)");
    }

    @Test
    void declaredNamesAliasesAndConstantsAreAccepted() {
        assertThat(EnumNames.forType(Size.class)).isSameAs(Size.NAMES);
        assertThat(EnumNames.nameOf(Size.EXTRA_LARGE)).isEqualTo("xl");
        assertThat(List.of("xl", "XL", "extra-large", "extra_large").stream().map(Size.NAMES::parse))
                .containsOnly(Size.EXTRA_LARGE);
        assertThat(Size.NAMES.parse("S")).isEqualTo(Size.SMALL);
        assertThat(Size.NAMES.accepts("medium")).isFalse();
        assertThat(Size.NAMES.accepts("small")).isTrue();
    }

    @Test
    void aNameForTwoValuesIsRefused() {
        assertThatThrownBy(() -> EnumNames.of(ColourMode.class, "colour mode")
                        .alias(ColourMode.DEEP_RED, "plain")
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'plain' names both PLAIN and DEEP_RED");
    }

    @Test
    void theEnginesEnumsKeepTheirSpellings() {
        assertThat(TaskKind.parse("node_classification")).isEqualTo(TaskKind.NODE_CLASSIFICATION);
        assertThat(EnumNames.nameOf(TaskKind.LINK_PREDICTION)).isEqualTo("link");
        assertThat(SplitMode.parse("planetoid")).isEqualTo(SplitMode.DATASET);
        assertThat(SplitMode.parse("LOO")).isEqualTo(SplitMode.LEAVE_ONE_OUT);
        assertThat(NegativeSampling.parse("inbatch")).isEqualTo(NegativeSampling.IN_BATCH);
        assertThat(PretrainMethod.parse("GPT_GNN")).isEqualTo(PretrainMethod.GPT_GNN);
        assertThat(GeneratedEdges.parse("most_likely")).isEqualTo(GeneratedEdges.MOST_LIKELY);
        assertThat(SplitMark.parse("")).isEqualTo(SplitMark.NONE);
        assertThat(SplitMark.parse("-")).isEqualTo(SplitMark.NONE);
        assertThat(SplitMark.parse("Validation")).isEqualTo(SplitMark.VAL);
        assertThatThrownBy(() -> SplitMark.parse("dev"))
                .hasMessage("unknown split 'dev': use -, train, val|valid|validation or test");
    }
}

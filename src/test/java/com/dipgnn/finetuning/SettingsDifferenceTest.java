package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a refused resume names: the components of two records' strings that differ, by hand. */
class SettingsDifferenceTest {

    @Test
    void namesEachChangedComponentWithItsOldAndNewValue() {
        String was = "Run[steps=10, batchSize=8192, inputs=Inputs[types=user,location, width=0]] | data ab12, "
                + "Spec[split=DATASET, linkNegatives=UNIFORM]";
        String now = "Run[steps=10, batchSize=8192, inputs=Inputs[types=user, width=0]] | data ab12, "
                + "Spec[split=DATASET, linkNegatives=UNIFORM_LOGQ]";

        assertThat(SettingsDifference.between(was, now))
                .containsExactly("types: user,location -> user", "linkNegatives: UNIFORM -> UNIFORM_LOGQ");
    }

    @Test
    void aComponentOnOneSideOnlyIsNamedAbsentOnTheOther() {
        assertThat(SettingsDifference.between("A[x=1]", "A[x=1, y=2]")).containsExactly("y: (absent) -> 2");
    }

    @Test
    void aRecordNestedTwiceCountsOnceAndEqualStringsDifferInNothing() {
        String twice = "T[steps=5, batchSize=32] | S[training=T[steps=5, batchSize=32]]";
        assertThat(SettingsDifference.between(twice, twice.replace("32", "16"))).containsExactly("batchSize: 32 -> 16");
        assertThat(SettingsDifference.between(twice, twice)).isEmpty();
    }
}

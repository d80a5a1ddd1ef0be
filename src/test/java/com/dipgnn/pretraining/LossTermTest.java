package com.dipgnn.pretraining;

import static org.assertj.core.api.Assertions.assertThat;

import com.dipgnn.pretraining.LossTerm.Network;
import org.junit.jupiter.api.Test;

/** Loss terms keep the names figures report them under, and say which network they train. */
class LossTermTest {

    @Test
    void termsAreNamedByTheirNetworkAndWhatTheyLearn() {
        assertThat(LossTerm.of(Network.GENERATOR, "edge")).isEqualTo(new LossTerm(Network.GENERATOR, "gen_edge"));
        assertThat(LossTerm.of(Network.DISCRIMINATOR, "feature").name()).isEqualTo("disc_feature");
        assertThat(LossTerm.of(Network.DISCRIMINATOR, "text").network()).isEqualTo(Network.DISCRIMINATOR);
        assertThat(LossTerm.GAE.name()).isEqualTo("gae");
        assertThat(LossTerm.GAE.network()).isEqualTo(Network.GENERATOR);
    }
}

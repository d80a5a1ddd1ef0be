package com.dipgnn.finetuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.dipgnn.sampling.FanoutSampler;
import com.dipgnn.sampling.FullGraphSampler;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which samplers the link task trains and evaluates on, by mode and whole-graph bound. */
class LinkSamplingTest {

    @Test
    void theDefaultTakesTheWholeGraphWithinTheBoundAndFanOutsAboveIt() {
        LinkSampling.Samplers within = LinkSampling.DEFAULT.samplers(true, 2);
        assertThat(within.training()).isInstanceOf(FullGraphSampler.class);
        assertThat(within.evaluation()).isInstanceOf(FullGraphSampler.class);

        LinkSampling.Samplers above = LinkSampling.DEFAULT.samplers(false, 2);
        assertThat(above.training()).isInstanceOf(FanoutSampler.class);
        assertThat(((FanoutSampler) above.training()).fanouts()).containsExactly(10, 10);
        assertThat(above.evaluation()).isSameAs(above.training());
    }

    @Test
    void fanOutModeTrainsOnFanOutsAndEvaluatesLayerByLayerEvenWithinTheBound() {
        LinkSampling fanout = new LinkSampling(LinkSamplingMode.FANOUT, List.of(5, 3));

        LinkSampling.Samplers within = fanout.samplers(true, 2);
        assertThat(((FanoutSampler) within.training()).fanouts()).containsExactly(5, 3);
        // not the whole graph: LinkEvaluator then embeds every node layer by layer
        assertThat(within.evaluation().coversWholeGraph()).isFalse();
        assertThat(within.evaluationDescription()).contains("layer by layer");
        assertThat(LinkSampling.DEFAULT.samplers(true, 2).evaluationDescription())
                .isEqualTo("one whole-graph pass");

        LinkSampling.Samplers above = fanout.samplers(false, 2);
        assertThat(above.training()).isInstanceOf(FanoutSampler.class);
        assertThat(above.evaluation()).isSameAs(above.training());
    }

    @Test
    void fanOutsAreFittedToTheEncodersLayers() {
        LinkSampling sampling = new LinkSampling(LinkSamplingMode.FANOUT, List.of(7, 4));

        assertThat(sampling.fanoutsFor(1)).containsExactly(7);
        assertThat(sampling.fanoutsFor(2)).containsExactly(7, 4);
        assertThat(sampling.fanoutsFor(4)).containsExactly(7, 4, 4, 4);
    }

    @Test
    void absentFieldsOfARecordWrittenBeforeTheChoiceTakeTheDefaults() {
        assertThat(new LinkSampling(null, null)).isEqualTo(LinkSampling.DEFAULT);
        assertThat(LinkSampling.DEFAULT.mode()).isEqualTo(LinkSamplingMode.FULL);
        assertThat(LinkSamplingMode.parse("fanout")).isEqualTo(LinkSamplingMode.FANOUT);
        assertThat(LinkSamplingMode.FULL.cliName()).isEqualTo("full");
        assertThatThrownBy(() -> new LinkSampling(LinkSamplingMode.FANOUT, List.of(0)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

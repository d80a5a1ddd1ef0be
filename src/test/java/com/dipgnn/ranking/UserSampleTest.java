package com.dipgnn.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class UserSampleTest {

    @Test
    void everyUserIsRankedWithinTheBound() {
        assertThat(UserSample.of(100, 1000, 100_000)).isEqualTo(UserSample.EVERY_USER);
        assertThat(UserSample.of(100, 1000, 100_000).kept(new int[] {5, 3})).containsExactly(5, 3);
        // 2M test users against 500k items: 2^33 / 1e12 of them
        assertThat(UserSample.of(2_000_000, 500_000).fraction())
                .isCloseTo(8589934592.0 / 1e12, org.assertj.core.api.Assertions.within(1e-12));
    }

    @Test
    void aboveTheBoundAboutTheBoundsShareIsKeptByIdAlone() {
        UserSample sample = UserSample.of(100_000, 1000, 30_000_000); // a share of 0.3
        assertThat(sample.fraction()).isEqualTo(0.3);
        int kept = sample.kept(IntStream.range(0, 100_000).toArray()).length;
        // binomial(100,000, 0.3): standard deviation 145; 5 of them either way
        assertThat(kept).isBetween(30_000 - 725, 30_000 + 725);
        // the same ids are kept whatever else is ranked beside them
        assertThat(sample.keeps(12_345))
                .isEqualTo(UserSample.of(100_000, 1000, 30_000_000).keeps(12_345));
        int[] firstHalf = sample.kept(IntStream.range(0, 50_000).toArray());
        assertThat(IntStream.of(firstHalf).allMatch(sample::keeps)).isTrue();
        assertThat(firstHalf.length).isBetween(15_000 - 520, 15_000 + 520);
    }

    @Test
    void theCalibrationSampleIsAQuarterOfTheRankedUsersAndAmongThem() {
        long candidates = 500_000;
        long users = 2_000_000;
        UserSample ranked = UserSample.of(users, candidates);
        UserSample calibration = UserSample.of(users, candidates, UserSample.MAX_CALIBRATION_SCORES);
        assertThat(calibration.fraction()).isCloseTo(ranked.fraction() / 4, within(1e-12));
        int[] ids = IntStream.range(0, (int) users).toArray();
        int[] keptForRanking = ranked.kept(ids);
        int[] keptForCalibration = calibration.kept(ids);
        // a quarter of about 17,180 users, within 5 standard deviations of a binomial draw
        double expected = users * calibration.fraction();
        assertThat((double) keptForCalibration.length).isCloseTo(expected, within(5 * Math.sqrt(expected)));
        assertThat(keptForRanking).contains(keptForCalibration);
    }

    @Test
    void pairsAreKeptWithTheirUser() {
        UserSample sample = new UserSample(0.5);
        int[] users = IntStream.range(0, 40).map(i -> i / 2).toArray(); // 20 users, 2 pairs each
        int[] items = IntStream.range(0, 40).map(i -> i % 7).toArray();
        Interactions pairs = Interactions.of(20, 7, users, items);
        Interactions kept = sample.kept(pairs);
        int expectedUsers = (int) IntStream.range(0, 20).filter(sample::keeps).count();
        assertThat(kept.activeUsers()).hasSize(expectedUsers);
        assertThat(IntStream.of(kept.activeUsers()).allMatch(sample::keeps)).isTrue();
        assertThat(expectedUsers).isBetween(1, 19);
        assertThat(kept.size()).isEqualTo(2 * expectedUsers);
        assertThat(kept.users()).isEqualTo(20);
        assertThatThrownBy(() -> new UserSample(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UserSample(1.5)).isInstanceOf(IllegalArgumentException.class);
    }
}

package com.dipgnn.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class SvgLinePlotTest {

    private static final String SVG_NS = "http://www.w3.org/2000/svg";

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        DocumentBuilder builder = factory.newDocumentBuilder();
        return builder.parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<Element> byClass(Document doc, String tag, String cssClass) {
        NodeList nodes = doc.getElementsByTagNameNS(SVG_NS, tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element e = (Element) nodes.item(i);
            if (cssClass.equals(e.getAttribute("class"))) {
                out.add(e);
            }
        }
        return out;
    }

    /** Tick labels of one axis group ("x-ticks" or "y-ticks"). */
    private static List<Double> tickValues(Document doc, String group) {
        List<Double> values = new ArrayList<>();
        for (Element g : byClass(doc, "g", group)) {
            NodeList texts = g.getElementsByTagNameNS(SVG_NS, "text");
            for (int i = 0; i < texts.getLength(); i++) {
                values.add(Double.parseDouble(texts.item(i).getTextContent()));
            }
        }
        return values;
    }

    private static double[] range(int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
        }
        return x;
    }

    @Test
    void rendersParsableSvgWithOneLinePerSeriesAndALegend() throws Exception {
        double[] x = range(50);
        double[] y1 = new double[50];
        double[] y2 = new double[50];
        double[] sd = new double[50];
        for (int i = 0; i < 50; i++) {
            y1[i] = 0.5 + 0.4 * (1 - Math.exp(-i / 10.0));
            y2[i] = 0.5 + 0.3 * (1 - Math.exp(-i / 15.0));
            sd[i] = 0.02;
        }
        String svg = new SvgLinePlot("Accuracy", "epoch", "accuracy")
                .addSeries("DiP-GNN", x, y1, sd)
                .addSeries("no pre-training", x, y2, null)
                .render();

        Document doc = parse(svg);
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo(SVG_NS);
        List<Element> lines = byClass(doc, "path", "series");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).getAttribute("stroke"))
                .isNotEqualTo(lines.get(1).getAttribute("stroke"));
        assertThat(lines.get(0).getAttribute("d")).startsWith("M").contains("L");
        assertThat(byClass(doc, "path", "band"))
                .as("only the first series has a band")
                .hasSize(1);
        assertThat(byClass(doc, "text", "legend-label"))
                .extracting(Element::getTextContent)
                .containsExactly("DiP-GNN", "no pre-training");
        assertThat(byClass(doc, "text", "title").get(0).getTextContent()).isEqualTo("Accuracy");
        assertThat(byClass(doc, "text", "x-label").get(0).getTextContent()).isEqualTo("epoch");
        assertThat(byClass(doc, "text", "y-label").get(0).getTextContent()).isEqualTo("accuracy");
    }

    @Test
    void escapesXmlSpecialCharactersInAllText() throws Exception {
        String svg = new SvgLinePlot("A & B <test>", "x \"quoted\"", "y's")
                .addSeries("loss<1 & acc>0", new double[] {0, 1}, new double[] {1, 2}, null)
                .render();
        assertThat(svg).doesNotContain("loss<1").contains("loss&lt;1 &amp; acc&gt;0");
        Document doc = parse(svg);
        assertThat(byClass(doc, "text", "legend-label").get(0).getTextContent()).isEqualTo("loss<1 & acc>0");
        assertThat(byClass(doc, "text", "title").get(0).getTextContent()).isEqualTo("A & B <test>");
        assertThat(byClass(doc, "path", "series").get(0).getAttribute("data-name"))
                .isEqualTo("loss<1 & acc>0");
        assertThat(byClass(doc, "text", "x-label").get(0).getTextContent()).isEqualTo("x \"quoted\"");
    }

    @Test
    void tickLabelsAreNiceNumbersCoveringTheData() throws Exception {
        double[] x = {3, 17, 42, 97};
        double[] y = {0.613, 0.702, 0.777, 0.8125};
        Document doc =
                parse(new SvgLinePlot("t", "x", "y").addSeries("s", x, y, null).render());
        assertNiceTicks(tickValues(doc, "x-ticks"), 3, 97);
        assertNiceTicks(tickValues(doc, "y-ticks"), 0.613, 0.8125);
    }

    private static void assertNiceTicks(List<Double> ticks, double dataMin, double dataMax) {
        assertThat(ticks).hasSizeBetween(4, 6);
        assertThat(ticks.get(0)).isLessThanOrEqualTo(dataMin);
        assertThat(ticks.get(ticks.size() - 1)).isGreaterThanOrEqualTo(dataMax);
        double step = ticks.get(1) - ticks.get(0);
        for (int i = 1; i < ticks.size(); i++) {
            assertThat(ticks.get(i) - ticks.get(i - 1)).isCloseTo(step, within(step * 1e-9));
        }
        // step = m * 10^k with m in {1, 2, 2.5, 5}; every tick is a multiple of the step
        BigDecimal mantissa = BigDecimal.valueOf(step)
                .round(new MathContext(6))
                .stripTrailingZeros()
                .movePointLeft((int) Math.floor(Math.log10(step)));
        assertThat(mantissa.doubleValue()).isIn(1.0, 2.0, 2.5, 5.0);
        for (double t : ticks) {
            assertThat(Math.abs(t / step - Math.rint(t / step))).isLessThan(1e-9);
        }
    }

    @Test
    void constantSeriesAndSinglePointsRenderWithFiniteCoordinates() throws Exception {
        String constant = new SvgLinePlot("c", "x", "y")
                .addSeries("flat", new double[] {1, 2, 3}, new double[] {0.5, 0.5, 0.5}, null)
                .render();
        String single = new SvgLinePlot("s", "x", "y")
                .addSeries("one", new double[] {4}, new double[] {0}, new double[] {0})
                .render();
        String empty = new SvgLinePlot("e", "x", "y").render();
        for (String svg : List.of(constant, single, empty)) {
            assertThat(svg).doesNotContain("NaN").doesNotContain("Infinity");
            Document doc = parse(svg);
            assertThat(tickValues(doc, "y-ticks")).hasSizeGreaterThanOrEqualTo(2);
            assertThat(tickValues(doc, "x-ticks")).hasSizeGreaterThanOrEqualTo(2);
        }
        List<Double> yTicks = tickValues(parse(constant), "y-ticks");
        assertThat(yTicks.get(0)).isLessThan(0.5);
        assertThat(yTicks.get(yTicks.size() - 1)).isGreaterThan(0.5);
    }

    @Test
    void nanPointsAreSkipped() throws Exception {
        double[] x = {0, 1, 2, 3, 4};
        double[] y = {1.0, Double.NaN, 3.0, Double.POSITIVE_INFINITY, 5.0};
        double[] band = {0.1, 0.1, Double.NaN, 0.1, 0.1};
        String svg =
                new SvgLinePlot("n", "x", "y").addSeries("gappy", x, y, band).render();
        assertThat(svg).doesNotContain("NaN").doesNotContain("Infinity");
        Document doc = parse(svg);
        String d = byClass(doc, "path", "series").get(0).getAttribute("d");
        assertThat(d.split("[ML]", -1)).as("three drawn points").hasSize(4);
        String bandPath = byClass(doc, "path", "band").get(0).getAttribute("d");
        assertThat(bandPath.split("[ML]", -1))
                .as("two points with a band, upper and lower edge")
                .hasSize(5);
    }

    @Test
    void mismatchedLengthsAreRejected() {
        SvgLinePlot plot = new SvgLinePlot("t", "x", "y");
        assertThatThrownBy(() -> plot.addSeries("a", new double[] {1, 2}, new double[] {1}, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'a'");
        assertThatThrownBy(() -> plot.addSeries("b", new double[] {1, 2}, new double[] {1, 2}, new double[] {1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("band");
        assertThatThrownBy(() -> plot.addSeries(null, new double[] {1}, new double[] {1}, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void manySeriesGetDistinctStylesAndWriteCreatesDirectories(@TempDir Path dir) throws Exception {
        SvgLinePlot plot = new SvgLinePlot("many", "x", "y");
        for (int i = 0; i < 10; i++) {
            plot.addSeries("series " + i, new double[] {0, 1}, new double[] {i, i + 1}, null);
        }
        Path file = dir.resolve("nested/deeper/plot.svg");
        plot.write(file);
        Document doc = parse(Files.readString(file, StandardCharsets.UTF_8));
        List<Element> lines = byClass(doc, "path", "series");
        assertThat(lines).hasSize(10);
        assertThat(lines.stream().map(e -> e.getAttribute("stroke")).distinct()).hasSize(8);
        assertThat(lines.stream()
                        .map(e -> e.getAttribute("stroke") + e.getAttribute("stroke-dasharray"))
                        .distinct())
                .hasSize(10);
    }
}

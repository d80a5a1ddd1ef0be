package com.dipgnn.packaging;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.TemplateCommand;
import java.util.Map;
import java.util.function.UnaryOperator;

/** Renders the chart in helm/dipgnn with Helm itself (helm-java: Helm's Go code behind JNA). */
final class Chart {

    static final String RELEASE = "dipgnn";
    static final String NAMESPACE = "dipgnn";

    private Chart() {}

    /** `helm template dipgnn helm/dipgnn -n dipgnn [options]`, parsed strictly. */
    static Installation render(UnaryOperator<TemplateCommand> options) {
        return render(RELEASE, options);
    }

    static Installation render(String release, UnaryOperator<TemplateCommand> options) {
        return new Installation(Manifests.parse(renderText(release, options), "helm template " + release));
    }

    static String renderText(String release, UnaryOperator<TemplateCommand> options) {
        FakeApiServer.get(); // the chart's lookup goes there
        TemplateCommand template =
                new Helm(Project.CHART).template().withName(release).withNamespace(NAMESPACE);
        return options.apply(template).call();
    }

    /** Applies `--set key=value` for each entry. */
    static UnaryOperator<TemplateCommand> set(Map<String, Object> values) {
        return template -> {
            values.forEach(template::set);
            return template;
        };
    }
}

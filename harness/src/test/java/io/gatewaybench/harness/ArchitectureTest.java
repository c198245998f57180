package io.gatewaybench.harness;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import io.gatewaybench.harness.launch.Launch;
import io.gatewaybench.harness.measure.RunDescription;
import io.gatewaybench.harness.plan.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The harness's packages are the stages of its pipeline, plan -> launch -> measure -> analyse -> report, and each
 * depends only on the packages its {@code package-info.java} allows ("May use: ..."): a stage only on the stages
 * before it and on the model, the model on no package of the harness (only Jackson and the JDK), no cycle between
 * packages, and nothing in analyse knows a process. The rules are checked on the main classes only; classes planted in
 * the test packages show that each rule does fail when it is broken.
 */
class ArchitectureTest {
    private static final String HARNESS = "io.gatewaybench.harness";
    /** Each package (root: the harness's own) and the packages it may use, as its package-info says. */
    static final Map<String, List<String>> MAY_USE = allowed();
    private static final JavaClasses MAIN = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(HARNESS);

    private static Map<String, List<String>> allowed() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("root", List.of("plan", "launch", "measure", "analyse", "report", "model"));
        m.put("plan", List.of("model"));
        m.put("launch", List.of("plan", "model"));
        m.put("measure", List.of("launch", "plan", "quantity", "model"));
        m.put("analyse", List.of("plan", "quantity", "model"));
        m.put("quantity", List.of("model"));
        m.put("report", List.of("analyse", "measure", "plan", "model"));
        m.put("model", List.of());
        return m;
    }

    /** Each package may use only what its package-info allows; a package no other may use is accessed by none. */
    static ArchRule layers() {
        LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInAnyPackage(HARNESS + "..")
                .layer("root").definedBy(HARNESS)
                .layer("plan").definedBy(HARNESS + ".plan..")
                .layer("launch").definedBy(HARNESS + ".launch..")
                .layer("measure").definedBy(HARNESS + ".measure..")
                .layer("analyse").definedBy(HARNESS + ".analyse..")
                .layer("report").definedBy(HARNESS + ".report..")
                .layer("quantity").definedBy(HARNESS + ".quantity..")
                .layer("model").definedBy(HARNESS + ".model..")
                .withOptionalLayers(true);
        for (Map.Entry<String, List<String>> e : MAY_USE.entrySet()) {
            layers = e.getValue().isEmpty() ? layers.whereLayer(e.getKey()).mayNotAccessAnyLayer()
                    : layers.whereLayer(e.getKey()).mayOnlyAccessLayers(e.getValue().toArray(String[]::new));
        }
        return layers.because("each package uses only what its package-info allows (May use: ...)");
    }

    /** No cycle between the packages (the layers exclude them already; this says so where one appears). */
    static ArchRule noCycles() {
        return slices().matching(HARNESS + ".(*)..").should().beFreeOfCycles().allowEmptyShould(true);
    }

    /** Nothing in analyse knows a process: no launch, no ProcessBuilder, ProcessHandle or Process. */
    static ArchRule analyseKnowsNoProcess() {
        return noClasses().that().resideInAPackage(HARNESS + ".analyse..")
                .should().dependOnClassesThat().resideInAPackage(HARNESS + ".launch..")
                .orShould().dependOnClassesThat(describe("are processes (java.lang.Process, ProcessBuilder, ProcessHandle)",
                        (JavaClass c) -> c.getName().matches("java\\.lang\\.Process(Builder|Handle)?(\\$.*)?")))
                .allowEmptyShould(true)
                .because("a summary is analysed from what it holds, anywhere, with nothing running");
    }

    /** The model uses only Jackson and the JDK. */
    static ArchRule modelUsesOnlyJacksonAndTheJdk() {
        return classes().that().resideInAPackage(HARNESS + ".model..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(HARNESS + ".model..", "java..", "com.fasterxml.jackson..")
                .allowEmptyShould(true);
    }

    @Test
    void everyPackageUsesOnlyWhatItsPackageInfoAllows() {
        for (String p : MAY_USE.keySet()) {
            String name = p.equals("root") ? HARNESS : HARNESS + "." + p;
            assertTrue(MAIN.stream().anyMatch(c -> c.getPackageName().equals(name)), "no main class imported in " + name);
        }
        layers().check(MAIN);
        noCycles().check(MAIN);
        analyseKnowsNoProcess().check(MAIN);
        modelUsesOnlyJacksonAndTheJdk().check(MAIN);
    }

    /** The rules above are the package-infos' own words: each "May use:" names exactly the packages this test allows. */
    @Test
    void thePackageInfosSayWhatTheRulesHold() throws IOException {
        Path main = Repo.root().resolve("harness/src/main/java/io/gatewaybench/harness");
        for (Map.Entry<String, List<String>> e : MAY_USE.entrySet()) {
            Path info = main.resolve(e.getKey().equals("root") ? "" : e.getKey()).resolve("package-info.java");
            String text = Files.readAllLines(info).stream().map(l -> l.replaceFirst("^\\s*\\*?\\s?", "")).collect(Collectors.joining(" "));
            Matcher sentence = Pattern.compile("May use:(.*?)\\.(\\s|$)").matcher(text);
            assertTrue(sentence.find(), info + " says nothing of what it may use (\"May use: ...\")");
            Set<String> named = new TreeSet<>();
            Matcher link = Pattern.compile("\\{@link\\s+io\\.gatewaybench\\.harness\\.(\\w+)\\}").matcher(sentence.group(1));
            while (link.find()) {
                named.add(link.group(1));
            }
            assertEquals(new TreeSet<>(e.getValue()), named, info + ": " + sentence.group(1).strip());
        }
    }

    /** A planted analysis that starts a process, uses launch and lays out a report breaks the layers and the process rule. */
    @Test
    void aPlantedViolationIsReported() throws ClassNotFoundException {
        JavaClasses planted = new ClassFileImporter().importClasses(Class.forName(HARNESS + ".analyse.PlantedViolation"));
        List<String> layers = violations(layers(), planted);
        assertTrue(layers.stream().anyMatch(v -> v.contains("PlantedViolation") && v.contains(HARNESS + ".launch.Launch")),
                layers.toString());
        assertTrue(layers.stream().anyMatch(v -> v.contains("PlantedViolation") && v.contains(HARNESS + ".report.CompareTable")),
                layers.toString());
        List<String> process = violations(analyseKnowsNoProcess(), planted);
        for (String forbidden : List.of("java.lang.ProcessBuilder", "java.lang.ProcessHandle", "java.lang.Process",
                HARNESS + ".launch.Launch")) {
            assertTrue(process.stream().anyMatch(v -> v.contains("<" + forbidden + ">") || v.contains("<" + forbidden + ".")),
                    forbidden + " not reported in " + process);
        }
    }

    /** A planted model class that uses the plan breaks the model's rule and the layers. */
    @Test
    void aPlantedHarnessUseInTheModelIsReported() throws ClassNotFoundException {
        JavaClasses planted = new ClassFileImporter().importClasses(Class.forName(HARNESS + ".model.PlantedHarnessUse"));
        List<String> model = violations(modelUsesOnlyJacksonAndTheJdk(), planted);
        assertTrue(model.stream().anyMatch(v -> v.contains(Repo.class.getName())), model.toString());
        List<String> layers = violations(layers(), planted);
        assertTrue(layers.stream().anyMatch(v -> v.contains(Repo.class.getName())), layers.toString());
    }

    /** A planted use of measure in launch closes a cycle between the two packages, and breaks the layers. */
    @Test
    void aPlantedCycleIsReported() throws ClassNotFoundException {
        JavaClasses planted = new ClassFileImporter()
                .importClasses(Class.forName(HARNESS + ".launch.PlantedCycle"), RunDescription.class,
                Launch.class);
        List<String> cycles = violations(noCycles(), planted);
        assertTrue(cycles.stream().map(v -> v.replaceAll("\\s+", " "))
                .anyMatch(v -> v.contains("Slice launch -> Slice measure -> Slice launch")
                && v.contains("PlantedCycle")),
                cycles.toString());
        assertTrue(violations(layers(), planted).stream()
                .anyMatch(v -> v.contains("PlantedCycle") && v.contains(RunDescription.class.getName())));
        JavaClasses unplanted = new ClassFileImporter().importClasses(RunDescription.class, Launch.class);
        assertFalse(layers().evaluate(unplanted).hasViolation() || noCycles().evaluate(unplanted).hasViolation(),
                "without the planted class, the same classes keep the rules");
    }

    private static List<String> violations(ArchRule rule, JavaClasses classes) {
        EvaluationResult result = rule.evaluate(classes);
        assertTrue(result.hasViolation(), rule.getDescription() + " found nothing in " + classes);
        return new ArrayList<>(result.getFailureReport().getDetails());
    }
}

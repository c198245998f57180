package io.gatewaybench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Debian's chromium, headless, on one of the harness's pages (report.html, compare.html): the DOM
 * its scripts left and a screenshot, for the browser tests to read.
 */
final class HeadlessChromium {
    private static final long TIMEOUT_SECONDS = 120;

    private HeadlessChromium() {
    }

    /** What Chromium left of a page: its DOM after the scripts ran, and the screenshot. */
    record Rendered(Document dom, Path screenshot) {
        String status() {
            return dom.body().attr("data-render-status");
        }

        String errors() {
            Element box = dom.getElementById("js-errors");
            return box == null ? "(no #js-errors element)" : box.wholeText();
        }

        /** Everything that says the page did not draw cleanly; empty for a good page. */
        List<String> problems() {
            List<String> problems = new ArrayList<>();
            if (!status().equals("ok")) {
                problems.add("render status " + (status().isEmpty() ? "(none)" : status()));
            }
            if (!errors().isBlank()) {
                problems.add("js-errors: " + errors());
            }
            return problems;
        }
    }

    /** Renders {@code html} into {@code out}/{@code name}.png (and .dom.html, .chromium.log); killed if it hangs. */
    static Rendered render(Path html, Path out, String name) throws IOException, InterruptedException {
        return render(html, out, name, 7000);
    }

    /** The same in a window {@code height} pixels high (1,400 wide): the screenshot shows that much of the page. */
    static Rendered render(Path html, Path out, String name, int height) throws IOException, InterruptedException {
        Files.createDirectories(out);
        Path screenshot = out.resolve(name + ".png");
        Path dom = out.resolve(name + ".dom.html");
        Path log = out.resolve(name + ".chromium.log");
        Path profile = Files.createTempDirectory("report-it-chromium");
        Files.deleteIfExists(screenshot);
        Process p = new ProcessBuilder(chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--window-size=1400," + height, "--virtual-time-budget=10000", "--dump-dom", "--screenshot=" + screenshot, html.toUri().toString())
                .redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                fail("chromium did not finish " + name + " within " + TIMEOUT_SECONDS + " s; its log: " + log);
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
        assertEquals(0, p.exitValue(), "chromium exited with " + p.exitValue() + "; its log: " + log);
        assertTrue(Files.size(dom) > 0, "chromium dumped no DOM; its log: " + log);
        assertTrue(Files.isRegularFile(screenshot) && Files.size(screenshot) > 0, "chromium wrote no screenshot; its log: " + log);
        return new Rendered(Jsoup.parse(dom.toFile(), StandardCharsets.UTF_8.name()), screenshot);
    }

    /** The browser tests need a real browser: CI installs Debian's chromium with the suite's other packages. */
    private static String chromium() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "chromium");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        fail("chromium is not installed (not on PATH): run infra/packages.sh as root, which installs Debian's chromium for this test");
        return null;
    }
}

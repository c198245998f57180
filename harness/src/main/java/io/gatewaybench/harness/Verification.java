package io.gatewaybench.harness;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;

/**
 * Verify before you measure: a target must serve the book page exactly as the origin does (status
 * 200, the page's marker, the same body bytes) before any load is sent to it.
 */
public final class Verification {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Verification() {
    }

    /** The book page as the origin serves it, to compare every target against. */
    public static byte[] referencePage(URI origin) {
        byte[] body = fetch(origin, "the origin");
        if (!new String(body, java.nio.charset.StandardCharsets.ISO_8859_1).contains(Origin.BOOK_MARKER)) {
            throw new IllegalStateException("the origin's book page at " + origin + Origin.BOOK_PATH + " lacks '" + Origin.BOOK_MARKER
                    + "': is tomcat10-examples installed (infra/packages.sh)?");
        }
        return body;
    }

    /** Fails, saying what differs, unless the target serves the reference page. */
    public static void check(String target, URI url, byte[] reference) {
        byte[] body = fetch(url, target);
        if (!Arrays.equals(body, reference)) {
            throw new IllegalStateException(target + " serves a different book page (" + body.length + " bytes, origin "
                    + reference.length + "); refusing to measure it");
        }
    }

    /**
     * A fresh session cookie ({@code JSESSIONID=...}) from the origin, for a client that must not
     * make the origin create a session per request (infra/tomcat/README.md, "A steady baseline").
     */
    public static String sessionCookie(URI origin) {
        HttpRequest request = HttpRequest.newBuilder(origin.resolve(Origin.BOOK_PATH)).timeout(Duration.ofSeconds(30)).build();
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.discarding()).headers().allValues("Set-Cookie").stream()
                    .filter(c -> c.startsWith("JSESSIONID=")).map(c -> c.split(";", 2)[0]).findFirst()
                    .orElseThrow(() -> new IllegalStateException("the origin set no JSESSIONID cookie at " + request.uri()));
        } catch (IOException e) {
            throw new IllegalStateException("the origin did not answer " + request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static byte[] fetch(URI base, String who) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(Origin.BOOK_PATH)).timeout(Duration.ofSeconds(30)).build();
        try {
            HttpResponse<byte[]> r = CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) {
                throw new IllegalStateException(who + " answered " + r.statusCode() + " for " + request.uri() + "; refusing to measure it");
            }
            return r.body();
        } catch (IOException e) {
            throw new IllegalStateException(who + " did not answer " + request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

package io.gatewaybench.microbench;

import io.gatewaybench.harness.plan.Scenario;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The exchange every benchmark works on: the book page as the suite's load sends it and Tomcat answers it.
 * {@code book-page/request.http} is a GET with the headers Gatling sends in the suite's simulation (Host, Accept,
 * Accept-Encoding: identity, User-Agent, the shared JSESSIONID cookie); {@code book-page/response.http} is Tomcat
 * 10's answer to exactly that request, captured byte for byte (1,126 bytes: 175 of head, 951 of HTML).
 */
public final class BookPage {

    public static final String PATH = Scenario.BOOK_PATH;
    /** The client as the gateways see it: the suite's load comes over loopback. */
    public static final String CLIENT_ADDRESS = "127.0.0.1";
    /** The origin: what the gateways write into Host. */
    public static final String UPSTREAM_HOST = "127.0.0.1:8080";

    private BookPage() {
    }

    public static byte[] requestBytes() {
        return resource("/book-page/request.http");
    }

    public static byte[] responseBytes() {
        return resource("/book-page/response.http");
    }

    /** The request's head as Netty's decoder makes it (it has no body). */
    public static HttpRequest requestHead() {
        return (HttpRequest) decoded(new HttpRequestDecoder(), requestBytes()).get(0);
    }

    /** The response's head as Netty's decoder makes it. */
    public static HttpResponse responseHead() {
        return (HttpResponse) decoded(new HttpResponseDecoder(), responseBytes()).get(0);
    }

    /** The response's HTML body, in an unpooled buffer of its own. */
    public static ByteBuf body() {
        ByteBuf body = Unpooled.buffer();
        for (Object part : decoded(new HttpResponseDecoder(), responseBytes())) {
            if (part instanceof HttpContent content) {
                body.writeBytes(content.content());
                content.release();
            }
        }
        return body;
    }

    /** Head, body pieces, end: what the decoder hands on. */
    private static List<Object> decoded(ChannelHandler decoder, byte[] bytes) {
        EmbeddedChannel channel = new EmbeddedChannel(decoder);
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
        List<Object> parts = new ArrayList<>();
        for (Object part; (part = channel.readInbound()) != null; ) {
            parts.add(part);
        }
        channel.finish();
        return parts;
    }

    private static byte[] resource(String name) {
        try (InputStream in = BookPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

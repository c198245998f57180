package io.gatewaybench.microbench;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.LastHttpContent;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What HTTP/1.1 itself costs a JVM gateway: Netty's codec (the one netty-proxy, Spring Cloud Gateway's Reactor
 * Netty and Zuul2 all use) decoding and encoding the book page's request (197 bytes) and response (1,126 bytes).
 * A gateway does all four for every request: decode the client's request, encode it for the origin, decode the
 * origin's response, encode it for the client.
 *
 * <p>Baselines: {@code baselineRequest} and {@code baselineResponse} copy the message's bytes into a fresh buffer
 * from the channel's allocator, which every decode below also does first (it is how bytes arrive from a socket),
 * and which an encoder's output costs at the least. decode/encode minus the baseline is the codec's own work.
 *
 * <p>Pitfalls:
 * <ul>
 * <li>The codecs run in an {@link EmbeddedChannel}, one per direction, kept across calls like a kept-alive
 * connection: its pipeline hop is part of every figure, as it is in a real channel (without the socket).</li>
 * <li>Every decoded object and encoded buffer goes to the Blackhole and is then released: dropping them would let
 * the JIT remove work, and not releasing them would turn the pooled allocator's cost into a leak.</li>
 * <li>The encoders are handed the same decoded head each time (the encoders do not change it); its header values
 * are Strings, so every encode converts them to bytes again, as a proxy forwarding a decoded head does.</li>
 * <li>The response body is handed over as a retained duplicate of one buffer: its bytes are not copied again,
 * as a proxy hands on the body buffer it received.</li>
 * </ul>
 *
 * <p>Run alone: {@code java -jar microbench/target/benchmarks.jar Http1CodecBenchmark -prof gc}
 */
public class Http1CodecBenchmark extends Microbenchmark {

    private byte[] requestBytes;
    private byte[] responseBytes;
    private HttpRequest requestHead;
    private HttpResponse responseHead;
    private ByteBuf responseBody;

    private EmbeddedChannel requestDecoder;
    private EmbeddedChannel requestEncoder;
    private EmbeddedChannel responseDecoder;
    private EmbeddedChannel responseEncoder;

    @Setup(Level.Trial)
    public void setUp() {
        requestBytes = BookPage.requestBytes();
        responseBytes = BookPage.responseBytes();
        requestHead = BookPage.requestHead();
        responseHead = BookPage.responseHead();
        responseBody = BookPage.body();

        requestDecoder = new EmbeddedChannel(new HttpRequestDecoder());
        requestEncoder = new EmbeddedChannel(new HttpRequestEncoder());
        responseDecoder = new EmbeddedChannel(new HttpResponseDecoder());
        responseEncoder = new EmbeddedChannel(new HttpResponseEncoder());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        requestDecoder.finishAndReleaseAll();
        requestEncoder.finishAndReleaseAll();
        responseDecoder.finishAndReleaseAll();
        responseEncoder.finishAndReleaseAll();
        responseBody.release();
    }

    @Benchmark
    public void baselineRequest(Blackhole bh) {
        ByteBuf copy = received(requestDecoder, requestBytes);
        bh.consume(copy);
        copy.release();
    }

    @Benchmark
    public void baselineResponse(Blackhole bh) {
        ByteBuf copy = received(responseDecoder, responseBytes);
        bh.consume(copy);
        copy.release();
    }

    @Benchmark
    public void decodeRequest(Blackhole bh) {
        requestDecoder.writeInbound(received(requestDecoder, requestBytes));
        consumeAll(requestDecoder::readInbound, bh);
    }

    @Benchmark
    public void encodeRequest(Blackhole bh) {
        requestEncoder.writeOutbound(requestHead, LastHttpContent.EMPTY_LAST_CONTENT);
        consumeAll(requestEncoder::readOutbound, bh);
    }

    @Benchmark
    public void decodeResponse(Blackhole bh) {
        responseDecoder.writeInbound(received(responseDecoder, responseBytes));
        consumeAll(responseDecoder::readInbound, bh);
    }

    @Benchmark
    public void encodeResponse(Blackhole bh) {
        responseEncoder.writeOutbound(responseHead, new DefaultLastHttpContent(responseBody.retainedDuplicate()));
        consumeAll(responseEncoder::readOutbound, bh);
    }

    /** The bytes as a socket read hands them over: in a new buffer of the channel's allocator. */
    private static ByteBuf received(EmbeddedChannel channel, byte[] bytes) {
        return channel.alloc().buffer(bytes.length).writeBytes(bytes);
    }
}

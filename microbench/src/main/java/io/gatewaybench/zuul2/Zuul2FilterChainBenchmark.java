package io.gatewaybench.zuul2;

import io.gatewaybench.microbench.BookPage;
import io.gatewaybench.microbench.Microbenchmark;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Zuul2's per-request machinery, the zuul2 target's own: the client pipeline its ServerStartup builds
 * (ZuulServerChannelInitializer with the target's channel config: HTTP codec, passport and lifecycle handlers,
 * connection limits, proxy-header handling, ClientRequestReceiver, the filter chain runner, ClientResponseWriter)
 * on an in-memory channel, with the inbound filter RouteToOrigin, an endpoint, and the outbound filter
 * ResponseHeaders. The book page's request bytes go in; the response bytes come out.
 *
 * <p>Left out: ProxyEndpoint, which cannot run without a network. {@link ToCannedOrigin} runs right after
 * RouteToOrigin and points the request at {@link CannedOrigin}, which answers with Tomcat's response as
 * ProxyEndpoint would hand it on. So this is everything Zuul does for a request except choosing an origin server,
 * its connection pool, and the origin connection's own encode/decode (see Http1CodecBenchmark for those).
 *
 * <p>Baseline: {@code baseline} serves the same bytes on the same kind of channel with nothing but Netty's
 * HttpServerCodec and a handler that writes the same response: the difference is what Zuul adds.
 *
 * <p>Pitfalls: one client connection per iteration (kept alive across its requests, as the suite's load does);
 * a new one each iteration keeps Zuul's per-connection request limit far away. Tasks Zuul schedules on the event
 * loop run after each request (runPendingTasks). Output buffers go to the Blackhole, then are released. Zuul runs
 * here on Netty 4.2 (one Netty per benchmarks.jar); the zuul2 target ships Netty 4.1.
 *
 * <p>Run alone: {@code java -jar microbench/target/benchmarks.jar Zuul2FilterChainBenchmark -prof gc}
 */
// Longer warm-up than the others: Zuul's deep call graph (RxJava, filter runners, passport) took 8-10 s here
// before the JIT settled; after 3 x 1 s the figure was still 2x too high and swung by 3x between iterations.
@Warmup(iterations = 5, time = 2)
public class Zuul2FilterChainBenchmark extends Microbenchmark {

    private byte[] requestBytes;
    private ChannelHandler zuulPipeline;
    private EmbeddedChannel zuul;
    private EmbeddedChannel bareNetty;

    @Setup(Level.Trial)
    public void setUp() {
        requestBytes = BookPage.requestBytes();
        Zuul2Profile.install();
        ServerStartup startup = new ServerStartup(Zuul2Profile.LISTEN,
                Set.of(RouteToOrigin.class, ToCannedOrigin.class, CannedOrigin.class, ResponseHeaders.class));
        zuulPipeline = startup.chooseAddrsAndChannels(new DefaultChannelGroup(GlobalEventExecutor.INSTANCE))
                .values().iterator().next();
        newConnections();
        check(zuul);
        check(bareNetty);
    }

    @Setup(Level.Iteration)
    public void newConnections() {
        closeConnections();
        zuul = new ClientConnection(zuulPipeline);
        bareNetty = new ClientConnection(new HttpServerCodec(), new CannedResponse());
    }

    @TearDown(Level.Iteration)
    public void closeConnections() {
        if (zuul != null) {
            zuul.finishAndReleaseAll();
            bareNetty.finishAndReleaseAll();
        }
    }

    @Benchmark
    public void baseline(Blackhole bh) {
        exchange(bareNetty, bh);
    }

    @Benchmark
    public void zuul(Blackhole bh) {
        exchange(zuul, bh);
    }

    private void exchange(EmbeddedChannel connection, Blackhole bh) {
        connection.writeInbound(connection.alloc().buffer(requestBytes.length).writeBytes(requestBytes));
        connection.runPendingTasks();
        consumeAll(connection::readOutbound, bh);
    }

    /** One request through the channel must come back as the whole book page, or the figure means nothing. */
    private void check(EmbeddedChannel connection) {
        connection.writeInbound(Unpooled.wrappedBuffer(requestBytes));
        connection.runPendingTasks();
        StringBuilder response = new StringBuilder();
        Object out;
        while ((out = connection.readOutbound()) != null) {
            response.append(((ByteBuf) out).toString(StandardCharsets.ISO_8859_1));
            ReferenceCountUtil.release(out);
        }
        String text = response.toString();
        if (!text.startsWith("HTTP/1.1 200") || !text.contains("Content-Length: 951") || !text.endsWith("</html>\n")) {
            throw new IllegalStateException("not the book page: " + text);
        }
    }

    /** The book page's client connection, from a loopback address as Zuul's handlers expect of a socket. */
    private static final class ClientConnection extends EmbeddedChannel {
        private static final InetSocketAddress CLIENT = new InetSocketAddress(BookPage.CLIENT_ADDRESS, 50_000);

        ClientConnection(ChannelHandler... handlers) {
            super(handlers);
        }

        @Override
        protected SocketAddress localAddress0() {
            return Zuul2Profile.LISTEN;
        }

        @Override
        protected SocketAddress remoteAddress0() {
            return CLIENT;
        }
    }

    /** Answers each request with Tomcat's response, head and body, once the request has ended. */
    private static final class CannedResponse extends ChannelInboundHandlerAdapter {
        private static final HttpResponse HEAD = BookPage.responseHead();
        private static final ByteBuf BODY = Unpooled.unreleasableBuffer(BookPage.body());

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof LastHttpContent) {
                ctx.write(HEAD);
                ctx.writeAndFlush(new DefaultLastHttpContent(BODY.duplicate()));
            }
            ReferenceCountUtil.release(msg);
        }
    }
}

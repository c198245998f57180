package io.gatewaybench.guard;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The client side's guard, right after the server codec: a request head must arrive whole within the header-read
 * timeout (else 408 and close: slow-header clients cannot hold connections), a request body must not stall longer than
 * the body-read timeout between two reads (else 408 and close, which releases the gateway's origin connection: a client
 * that stops mid-body cannot hold one), an idle kept-alive connection closes after the idle timeout, a request whose
 * Host is missing, doubled or malformed (RFC 9112 3.2) is refused with 400, and a method a reverse proxy here does not
 * carry (CONNECT, which would open a tunnel, and TRACE, which would echo the request with what the gateways add to it;
 * RFC 9110 9.3.6, 9.3.8) with 405 and the methods it carries in Allow; every refusal closes the connection, and nothing of
 * a refused request goes on to the gateway. With {@code checkFraming}, also what a lenient codec lets through: header names that are not
 * tokens (whitespace before the colon), control characters in values, and ambiguous body framing (RFC 9112 6.1, 6.3).
 * <p>
 * One class for the three JVM gateways (netty-proxy, scg, zuul2), each of which puts it into its own jar; it is
 * compiled against the parent's Netty and uses only API that Netty 4.1 (Zuul2's) has as well. Per request it
 * costs a few field writes, two clock reads (one more per piece of a request body), a look at Host and one at the
 * method; the timer is one task per connection, re-armed at most every header-read timeout.
 */
public final class ClientGuard extends ChannelDuplexHandler {

    /** What a refused method is told it may use instead (RFC 9110 15.5.6: a 405 carries Allow). */
    public static final String ALLOW = "GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS";

    private final long headerTimeoutNanos;
    private final long bodyTimeoutNanos;
    private final long idleTimeoutNanos;
    private final boolean checkFraming;
    private final Runnable onTick = this::tick;

    private ChannelHandlerContext ctx;
    private int busy;             // requests read whose final response is not yet written (more than one: pipelined)
    private boolean readingHead;  // bytes of a head have arrived (or the connection is new) and it is not complete
    private boolean interim;      // a 1xx response is being written: its end is not the exchange's
    private boolean refused;      // a 400, 405 or 408 is on its way; everything read after it is dropped
    private boolean readingBody;  // a request head has arrived and the last piece of its body has not
    private long since;           // when the head being read started, or when the connection went idle
    private long bodySince;       // when the body being read last made progress (or its head arrived, or a 100 went out)
    private ScheduledFuture<?> timer;

    /**
     * @param bodyTimeoutMs the longest a request body may go without a byte (NGINX's client_body_timeout)
     * @param idleTimeoutMs 0: no idle timeout here (the gateway has its own)
     */
    public ClientGuard(long headerTimeoutMs, long bodyTimeoutMs, long idleTimeoutMs, boolean checkFraming) {
        if (headerTimeoutMs <= 0 || bodyTimeoutMs <= 0) {
            throw new IllegalArgumentException("the header and body read timeouts must be positive: " + headerTimeoutMs + " ms, "
                    + bodyTimeoutMs + " ms");
        }
        this.headerTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(headerTimeoutMs);
        this.bodyTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(bodyTimeoutMs);
        this.idleTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(idleTimeoutMs);
        this.checkFraming = checkFraming;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        if (ctx.channel().isActive()) {
            start();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        start();
        super.channelActive(ctx);
    }

    private void start() {
        if (timer == null) {
            readingHead = true; // a new connection must send its first head within the timeout too
            since = System.nanoTime();
            arm(headerTimeoutNanos);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (timer != null) {
            timer.cancel(false);
        }
        super.channelInactive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpRequest) {
            busy++;
            readingHead = false;
            HttpRequest request = (HttpRequest) msg;
            String problem = problem(request);
            if (problem != null) {
                ReferenceCountUtil.release(msg);
                refuse(HttpResponseStatus.BAD_REQUEST, problem);
                return;
            }
            if (HttpMethod.CONNECT.equals(request.method()) || HttpMethod.TRACE.equals(request.method())) {
                ReferenceCountUtil.release(msg);
                refuse(HttpResponseStatus.METHOD_NOT_ALLOWED, request.method() + " is not proxied");
                return;
            }
            readingBody = !(msg instanceof LastHttpContent);
            bodySince = System.nanoTime();
        } else if (msg instanceof HttpContent && readingBody) {
            readingBody = !(msg instanceof LastHttpContent);
            if (readingBody) {
                bodySince = System.nanoTime();
            }
        }
        if (checkFraming && msg instanceof HttpContent && ((HttpContent) msg).decoderResult().isFailure()) {
            // A broken chunk: the body's end is unknown, so is whatever follows it. Nothing more goes anywhere.
            ReferenceCountUtil.release(msg);
            refused = true;
            ctx.close();
            return;
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (busy == 0 && !readingHead) { // the codec fires this after every read, also one that completed no head
            readingHead = true;
            since = System.nanoTime();
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse) {
            interim = ((HttpResponse) msg).status().codeClass() == HttpStatusClass.INFORMATIONAL
                    && ((HttpResponse) msg).status().code() != 101;
            if (((HttpResponse) msg).status().code() == 100) {
                bodySince = System.nanoTime(); // a client that asked Expect: 100-continue sends its body only now
            }
        }
        if (msg instanceof LastHttpContent) {
            if (interim) {
                interim = false;
            } else if (busy > 0 && --busy == 0) { // the last exchange is over: from now on the connection idles
                since = System.nanoTime();
            }
        }
        ctx.write(msg, promise);
    }

    private void arm(long delayNanos) {
        timer = ctx.executor().schedule(onTick, Math.max(delayNanos, TimeUnit.MILLISECONDS.toNanos(10)), TimeUnit.NANOSECONDS);
    }

    private void tick() {
        if (!ctx.channel().isActive() || refused) {
            return;
        }
        long now = System.nanoTime();
        if (readingBody) { // also after the gateway answered early (a 401 before the body was read): the body must still end
            long left = bodySince + bodyTimeoutNanos - now;
            if (left <= 0) {
                refuse(HttpResponseStatus.REQUEST_TIMEOUT, "the request body stalled for "
                        + TimeUnit.NANOSECONDS.toMillis(bodyTimeoutNanos) + " ms");
                return;
            }
            arm(left);
        } else if (busy == 0 && readingHead) {
            long left = since + headerTimeoutNanos - now;
            if (left <= 0) {
                refuse(HttpResponseStatus.REQUEST_TIMEOUT, "the request head did not arrive within "
                        + TimeUnit.NANOSECONDS.toMillis(headerTimeoutNanos) + " ms");
                return;
            }
            arm(left);
        } else if (busy == 0 && idleTimeoutNanos > 0) {
            long left = since + idleTimeoutNanos - now;
            if (left <= 0) {
                ctx.close();
                return;
            }
            arm(Math.min(left, headerTimeoutNanos)); // wake up in time if a head starts meanwhile
        } else {
            arm(headerTimeoutNanos);
        }
    }

    private void refuse(HttpResponseStatus status, String why) {
        refused = true;
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                ctx.alloc().buffer().writeBytes((status + ": " + why + "\n").getBytes(StandardCharsets.UTF_8)));
        if (status.equals(HttpResponseStatus.METHOD_NOT_ALLOWED)) {
            response.headers().set(HttpHeaderNames.ALLOW, ALLOW);
        }
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes())
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }

    /** Why this request head must be refused, or null. */
    private String problem(HttpRequest request) {
        if (request.decoderResult().isFailure()) {
            // With checkFraming (a gateway whose own answer to a failed decode keeps reading: what follows would be
            // taken for the next request), refused here; otherwise the gateway answers the codec's failures itself.
            return checkFraming ? "malformed request: " + request.decoderResult().cause().getMessage() : null;
        }
        HttpHeaders h = request.headers();
        String host = h.get(HttpHeaderNames.HOST);
        if (host == null) {
            if (!HttpVersion.HTTP_1_0.equals(request.protocolVersion())) {
                return "no Host header";
            }
        } else if (!validHost(host)) {
            return "malformed Host header";
        } else if (h.getAll(HttpHeaderNames.HOST).size() > 1) {
            return "more than one Host header";
        }
        if (!checkFraming) {
            return null;
        }
        String fields = fieldsProblem(h);
        return fields != null ? fields : framingProblem(h, HttpVersion.HTTP_1_0.equals(request.protocolVersion()));
    }

    /** Header names that are not tokens (whitespace before a colon, say), control characters in values; or null. */
    public static String fieldsProblem(HttpHeaders h) {
        for (Iterator<Map.Entry<CharSequence, CharSequence>> i = h.iteratorCharSequence(); i.hasNext(); ) {
            Map.Entry<CharSequence, CharSequence> e = i.next();
            if (!isToken(e.getKey())) {
                return "malformed header name (whitespace before the colon?)";
            }
            CharSequence v = e.getValue();
            for (int k = 0; k < v.length(); k++) {
                char c = v.charAt(k);
                if (c < 0x20 && c != '\t' || c == 0x7f) {
                    return "control character in a header value";
                }
            }
        }
        return null;
    }

    /** Body framing that two parsers could read differently (RFC 9112 6.1, 6.3), or null. */
    public static String framingProblem(HttpHeaders h, boolean http10) {
        List<String> lengths = h.getAll(HttpHeaderNames.CONTENT_LENGTH);
        if (h.contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            List<String> codings = h.getAll(HttpHeaderNames.TRANSFER_ENCODING);
            if (!lengths.isEmpty()) {
                return "both Transfer-Encoding and Content-Length";
            }
            if (http10) {
                return "Transfer-Encoding in HTTP/1.0";
            }
            if (codings.size() != 1 || !codings.get(0).trim().equalsIgnoreCase("chunked")) {
                return "Transfer-Encoding other than exactly chunked";
            }
        } else if (lengths.size() > 1) {
            return "more than one Content-Length";
        } else if (lengths.size() == 1 && !digits(lengths.get(0).trim())) {
            return "malformed Content-Length";
        }
        return null;
    }

    /** RFC 9110 5.6.2 token characters. */
    private static boolean isToken(CharSequence s) {
        if (s.length() == 0) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** uri-host [ ":" port ] (RFC 3986 reg-name, IPv4 or a bracketed IPv6 literal); empty is allowed. */
    private static boolean validHost(String host) {
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "-._~!$&'()*+,;=:[]%".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean digits(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}

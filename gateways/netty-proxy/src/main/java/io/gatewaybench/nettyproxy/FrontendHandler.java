package io.gatewaybench.nettyproxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The proxy itself, one per client connection, one exchange (request and response) at a time. Both sides run with
 * auto-read off: the client is read only when what was read before has been written upstream, and the upstream only
 * when the client has taken the previous part of the response, so neither side outruns the other.
 */
final class FrontendHandler extends ChannelInboundHandlerAdapter {

    private final Routes<Route> routes;   // shared by all loops
    private final UpstreamPool[] pools;   // this loop's, one per upstream, as Route.upstream numbers them
    private final AccessChecks checks;    // null when the scenario checks nothing
    private final Settings settings;
    private final ArrayDeque<HttpObject> fromClient = new ArrayDeque<>(); // read, not yet sent upstream
    private ChannelHandlerContext ctx;
    private String clientAddress;
    private boolean closing;

    // The exchange in progress; request is null between exchanges.
    private HttpRequest request;
    private UpstreamPool pool;        // the upstream its route leads to
    private boolean clientHttp10;
    private boolean keepAlive;        // the client connection stays open after this exchange
    private Channel upstream;
    private boolean reusedUpstream;   // taken from the pool, so it may have been closed by the upstream meanwhile
    private boolean retried;
    private boolean headSent;         // the request head went out on this upstream connection
    private boolean requestSent;      // the whole request went out
    private boolean responseSent;     // part of the final response went to the client: too late for an error status
    private boolean interimResponse;  // a 1xx is being forwarded; its end is not the end of the exchange
    private boolean upstreamReusable;
    // What this read of the upstream brought of the response, written to the client when the read ends: a broken part
    // behind it in the same read (a malformed first chunk after the head) is still answered 502, nothing having gone out.
    private final ArrayDeque<HttpObject> toClient = new ArrayDeque<>();
    private ScheduledFuture<?> responseTimeout;

    private final ChannelFutureListener onHeadWritten = this::headWritten;
    private final ChannelFutureListener onRequestPartWritten = this::requestPartWritten;

    FrontendHandler(Routes<Route> routes, UpstreamPool[] pools, AccessChecks checks, Settings settings) {
        this.routes = routes;
        this.pools = pools;
        this.checks = checks;
        this.settings = settings;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        clientAddress = ((InetSocketAddress) ctx.channel().remoteAddress()).getAddress().getHostAddress();
        ctx.read();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        fromClient.add((HttpObject) msg); // HttpServerCodec emits nothing else
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        forwardRequest();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closing = true;
        endExchange();
        fromClient.forEach(ReferenceCountUtil::release);
        fromClient.clear();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // a reset client, mostly; nothing to tell anyone
    }

    // ---- client to upstream

    /** Sends upstream what the client sent, as far as the exchange allows. */
    private void forwardRequest() {
        if (closing) {
            fromClient.forEach(ReferenceCountUtil::release);
            fromClient.clear();
        } else if (request == null) {
            startExchange();
        } else if (headSent) {
            ChannelFuture last = null;
            HttpObject msg;
            while (!requestSent && (msg = fromClient.poll()) != null) {
                if (msg.decoderResult().isFailure()) { // a broken chunk: nothing sensible can follow
                    ReferenceCountUtil.release(msg);
                    abort();
                    return;
                }
                requestSent = msg instanceof LastHttpContent;
                last = upstream.write(msg);
            }
            if (last != null) {
                last.addListener(onRequestPartWritten);
                upstream.flush();
            } else if (!requestSent) {
                ctx.read(); // nothing queued (a client that waits for 100 Continue, say): ask for more
            }
        }
    }

    private void startExchange() {
        HttpObject msg;
        while ((msg = fromClient.poll()) != null && !(msg instanceof HttpRequest)) {
            ReferenceCountUtil.release(msg); // the rest of a request that was answered early
        }
        if (msg == null) {
            ctx.read();
            return;
        }
        request = (HttpRequest) msg;
        clientHttp10 = HttpVersion.HTTP_1_0.equals(request.protocolVersion());
        keepAlive = HttpUtil.isKeepAlive(request);
        reusedUpstream = retried = headSent = requestSent = false;
        responseSent = interimResponse = upstreamReusable = false;
        Route route = routes.match(request.uri());
        pool = route == null ? null : pools[route.upstream()];
        AccessChecks.Refusal refusal;
        if (request.decoderResult().isFailure()) {
            keepAlive = false;
            respondWithError(HttpResponseStatus.BAD_REQUEST, "bad request: " + request.decoderResult().cause());
        } else if (HttpMethod.CONNECT.equals(request.method())) {
            respondWithError(HttpResponseStatus.METHOD_NOT_ALLOWED, "CONNECT is not proxied");
        } else if (checks != null && (refusal = checks.refusal(request, clientAddress)) != null) {
            respondWithError(refusal.status(), refusal.reason(), refusal.header(), refusal.headerValue());
        } else if (pool == null) { // only with a table that has no "/" route (--routes=N)
            respondWithError(HttpResponseStatus.NOT_FOUND, "no route for " + request.uri());
        } else {
            if (route.strip() > 0) {
                request.setUri(route.forwardedTarget(request.uri()));
            }
            ProxyHeaders.forRequest(request, clientAddress, pool.hostHeader);
            Channel idle = pool.pollIdle();
            if (idle != null) {
                sendHead(idle, true);
            } else {
                connect();
            }
        }
    }

    private void connect() {
        HttpRequest current = request;
        UpstreamPool target = pool;
        target.connect().addListener((ChannelFuture f) -> {
            if (request != current) { // the client left meanwhile
                if (f.isSuccess()) {
                    target.release(f.channel());
                }
            } else if (f.isSuccess()) {
                sendHead(f.channel(), false);
            } else {
                respondWithError(HttpResponseStatus.BAD_GATEWAY, "cannot connect to the upstream: " + message(f));
            }
        });
    }

    /**
     * The head goes out without the body: until it is out, the body stays queued here and the request can be
     * replayed. A request without a body goes whole (its end is empty and can be made again).
     */
    private void sendHead(Channel ch, boolean reused) {
        upstream = ch;
        reusedUpstream = reused;
        BackendHandler.of(ch).frontend = this;
        ChannelFuture written = ch.write(request);
        if (fromClient.peek() == LastHttpContent.EMPTY_LAST_CONTENT) {
            requestSent = true;
            written = ch.write(fromClient.poll());
        }
        written.addListener(onHeadWritten);
        ch.flush();
    }

    private void headWritten(ChannelFuture f) {
        if (f.channel() != upstream) {
            return; // given up already
        }
        if (!f.isSuccess()) {
            upstreamFailed("cannot send the request upstream: " + message(f));
            return;
        }
        headSent = true;
        awaitResponse(); // even before the whole request is out: an early response, or a close, is noticed
        forwardRequest();
    }

    private void requestPartWritten(ChannelFuture f) {
        if (f.channel() != upstream) {
            return;
        }
        if (!f.isSuccess()) {
            upstreamFailed("cannot send the request upstream: " + message(f));
        } else if (requestSent) {
            awaitResponse();
        } else if (fromClient.isEmpty()) {
            ctx.read(); // only now: the upstream took everything read so far, so reading more cannot pile up here
        }
    }

    // ---- upstream to client

    /**
     * Asks the upstream for the (next part of the) response. Once the whole request is out, that part has
     * response-timeout-ms to come; before, the upstream may be waiting for the rest of the request.
     */
    private void awaitResponse() {
        Channel waitingOn = upstream;
        waitingOn.read();
        cancelResponseTimeout();
        if (!requestSent) {
            return;
        }
        responseTimeout = ctx.executor().schedule(() -> {
            if (upstream == waitingOn) {
                responseTimedOut();
            }
        }, settings.responseTimeoutMs, TimeUnit.MILLISECONDS);
    }

    private void responseTimedOut() {
        responseTimeout = null;
        if (responseSent) {
            abort(); // the client has part of a response: only closing tells it that the rest will not come
        } else {
            respondWithError(HttpResponseStatus.GATEWAY_TIMEOUT,
                    "the upstream did not answer within " + settings.responseTimeoutMs + " ms");
        }
    }

    void upstreamRead(HttpObject msg) {
        cancelResponseTimeout();
        if (msg.decoderResult().isFailure()) {
            ReferenceCountUtil.release(msg);
            retried = true; // the upstream answered, if badly: the request reached it, so it is never sent again
            upstreamFailed("the upstream sent a broken response: " + msg.decoderResult().cause());
            return;
        }
        if (msg instanceof HttpResponse && ((HttpResponse) msg).status().code() == 101) {
            // Upgrade is hop-by-hop and never forwarded, so this proxy never asks for a protocol switch: a 101 is an
            // answer to nothing, and tunnelling what follows would hand the client bytes it did not ask for.
            ReferenceCountUtil.release(msg);
            retried = true;
            upstreamFailed("the upstream switched protocols unasked");
            return;
        }
        if (msg instanceof HttpResponse) {
            responseHead((HttpResponse) msg);
        }
        boolean last = msg instanceof LastHttpContent;
        if (interimResponse && clientHttp10) { // HTTP/1.0 knows no 1xx (RFC 9110 15.2): drop it, await the rest
            ReferenceCountUtil.release(msg);
            interimResponse = !last;
            if (last) {
                upstream.read();
            }
        } else if (interimResponse) { // a 100 Continue, say; the real response follows
            interimResponse = !last;
            toClient.add(msg);
        } else if (last) {
            responseEnded((LastHttpContent) msg);
        } else {
            toClient.add(msg);
        }
    }

    private void responseHead(HttpResponse response) {
        int status = response.status().code();
        interimResponse = response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
        boolean mayHaveBody = !interimResponse && status != 204 && status != 304
                && !HttpMethod.HEAD.equals(request.method());
        if (interimResponse) {
            ProxyHeaders.forResponse(response, false, !clientHttp10);
            return;
        }
        boolean delimited = !mayHaveBody || response.headers().contains(HttpHeaderNames.CONTENT_LENGTH)
                || HttpUtil.isTransferEncodingChunked(response); // else the body ends when the upstream closes
        upstreamReusable = delimited && HttpUtil.isKeepAlive(response);
        keepAlive &= ProxyHeaders.forResponse(response, mayHaveBody, !clientHttp10);
        setConnection(response);
    }

    void upstreamReadComplete() {
        if (toClient.isEmpty()) {
            return;
        }
        Channel current = upstream;
        writeToClient().addListener((ChannelFuture f) -> {
            if (!f.isSuccess()) {
                ctx.close();
            } else if (upstream == current) {
                awaitResponse(); // only now: the client took everything read so far
            }
        });
        ctx.flush();
    }

    /** Writes what this read brought of the response; the last write's future. */
    private ChannelFuture writeToClient() {
        ChannelFuture last = null;
        HttpObject msg;
        while ((msg = toClient.poll()) != null) {
            responseSent |= msg instanceof HttpResponse && ((HttpResponse) msg).status().codeClass() != HttpStatusClass.INFORMATIONAL;
            last = ctx.write(msg);
        }
        return last;
    }

    private void dropToClient() {
        toClient.forEach(ReferenceCountUtil::release);
        toClient.clear();
    }

    private void responseEnded(LastHttpContent last) {
        Channel done = detachUpstream();
        if (upstreamReusable && requestSent) {
            pool.release(done);
        } else {
            done.close();
        }
        writeToClient();
        finish(ctx.writeAndFlush(last), keepAlive && requestSent);
    }

    // ---- endings

    /** The upstream connection failed: replay the request, answer 502, or give up on the client too. */
    private void upstreamFailed(String why) {
        Channel failed = detachUpstream();
        if (failed != null) {
            failed.close();
        }
        if (reusedUpstream && !retried && !headSent) {
            // A kept-alive connection found closed before anything of the request went out: sending it on a fresh one
            // is its first sending, not a second. Once the head went out the upstream may have acted on it, and no
            // target of the suite sends a request twice (NGINX proxy_next_upstream off, HAProxy retries 0).
            retried = true;
            headSent = false;
            if (requestSent) {
                requestSent = false;
                fromClient.addFirst(LastHttpContent.EMPTY_LAST_CONTENT);
            }
            connect();
        } else if (responseSent) {
            abort();
        } else {
            respondWithError(HttpResponseStatus.BAD_GATEWAY, why);
        }
    }

    void upstreamClosed(Channel ch) {
        if (ch == upstream) {
            upstreamFailed("the upstream closed the connection");
        }
    }

    private void respondWithError(HttpResponseStatus status, String text) {
        respondWithError(status, text, null, null);
    }

    /** A local answer: a short text, and one more header when the status calls for it (a 401's challenge, say). */
    private void respondWithError(HttpResponseStatus status, String text, CharSequence header, Object headerValue) {
        Channel failed = detachUpstream();
        if (failed != null) {
            failed.close();
        }
        dropToClient(); // a response the upstream began and broke off: the client gets this answer instead
        boolean requestRead = requestSent || skipRestOfRequest();
        ByteBuf body = ByteBufUtil.writeUtf8(ctx.alloc(), status + ": " + text + "\n");
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        if (header != null) {
            response.headers().set(header, headerValue);
        }
        keepAlive &= requestRead;
        setConnection(response);
        finish(ctx.writeAndFlush(response), keepAlive);
    }

    /** Drops what is queued of the current request; true if that was all of it. */
    private boolean skipRestOfRequest() {
        HttpObject msg;
        while ((msg = fromClient.poll()) != null) {
            ReferenceCountUtil.release(msg);
            if (msg instanceof LastHttpContent) {
                return true;
            }
        }
        return false;
    }

    private void setConnection(HttpResponse response) {
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (clientHttp10) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
    }

    /** The exchange is over once its last write is out: then the next request, or the end of the connection. */
    private void finish(ChannelFuture lastWrite, boolean keepOpen) {
        endExchange();
        if (!keepOpen) {
            closing = true;
            lastWrite.addListener(ChannelFutureListener.CLOSE);
        } else {
            lastWrite.addListener((ChannelFuture f) -> {
                if (f.isSuccess()) {
                    forwardRequest(); // a request the client sent early is queued already; else read one
                } else {
                    ctx.close();
                }
            });
        }
    }

    private void abort() {
        closing = true;
        endExchange();
        ctx.close();
    }

    private void endExchange() {
        Channel ch = detachUpstream();
        if (ch != null) {
            ch.close(); // in the middle of an exchange: its state is unknown, never reuse it
        }
        request = null;
        dropToClient();
    }

    private Channel detachUpstream() {
        cancelResponseTimeout();
        Channel ch = upstream;
        if (ch != null) {
            BackendHandler.of(ch).frontend = null;
            upstream = null;
        }
        return ch;
    }

    private static String message(ChannelFuture failed) {
        Throwable cause = failed.cause();
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }

    private void cancelResponseTimeout() {
        if (responseTimeout != null) {
            responseTimeout.cancel(false);
            responseTimeout = null;
        }
    }
}

package io.gatewaybench.zuul2;

import io.gatewaybench.duties.Duties;
import io.gatewaybench.guard.ClientGuard;
import com.netflix.appinfo.InstanceInfo;
import com.netflix.netty.common.HttpLifecycleChannelHandler;
import com.netflix.netty.common.channel.config.ChannelConfig;
import com.netflix.netty.common.channel.config.CommonChannelConfigKeys;
import com.netflix.netty.common.metrics.EventLoopGroupMetrics;
import com.netflix.netty.common.proxyprotocol.StripUntrustedProxyHeadersHandler.AllowWhen;
import com.netflix.netty.common.status.ServerStatusManager;
import com.netflix.spectator.api.NoopRegistry;
import com.netflix.spectator.api.Registry;
import com.netflix.zuul.DefaultFilterFactory;
import com.netflix.zuul.FilterFactory;
import com.netflix.zuul.StaticFilterLoader;
import com.netflix.zuul.context.CommonContextKeys;
import com.netflix.zuul.context.SessionContextDecorator;
import com.netflix.zuul.filters.ZuulFilter;
import com.netflix.zuul.netty.server.BaseServerStartup;
import com.netflix.zuul.netty.server.ClientConnectionsShutdown;
import com.netflix.zuul.netty.server.DefaultEventLoopConfig;
import com.netflix.zuul.netty.server.DirectMemoryMonitor;
import com.netflix.zuul.netty.server.NamedSocketAddress;
import com.netflix.zuul.netty.server.Server;
import com.netflix.zuul.netty.server.ZuulServerChannelInitializer;
import com.netflix.zuul.FilterLoader;
import com.netflix.zuul.FilterUsageNotifier;
import com.netflix.zuul.message.http.HttpRequestMessage;
import com.netflix.zuul.message.http.HttpResponseMessage;
import com.netflix.zuul.netty.filter.ZuulEndPointRunner;
import com.netflix.zuul.netty.filter.ZuulFilterChainRunner;
import com.netflix.zuul.netty.server.BaseZuulChannelInitializer;
import io.netty.channel.ChannelPipeline;
import com.netflix.zuul.niws.RequestAttempts;
import com.netflix.zuul.origins.BasicNettyOriginManager;
import com.netflix.zuul.origins.OriginManager;
import com.netflix.zuul.origins.OriginName;
import com.netflix.zuul.passport.CurrentPassport;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Wires Zuul by hand, the way Guice would in zuul-sample, minus Eureka: a static filter list, one plain
 * HTTP/1.1 listener, and a Spectator registry that records nothing (no target here pays for metrics).
 */
final class ServerStartup extends BaseServerStartup {

    /** The route VIP, and so the Ribbon client name: the origin's settings are {@code origin.ribbon.*}. */
    static final String ORIGIN = "origin";
    /** The body-read timeout, ms (application-benchmark.properties): Zuul has none of its own, ClientGuard applies it. */
    static final String BODY_READ_TIMEOUT = "gatewaybench.request.body.read.timeout";

    /** The plain scenario's filters: the routing filter and the outbound one. */
    static final Set<Class<? extends ZuulFilter<?, ?>>> FILTERS =
            Set.of(RouteToOrigin.class, ResponseHeaders.class);

    private final InetSocketAddress listenAddress;
    private final BasicNettyOriginManager originManager;
    private Server server;

    ServerStartup(InetSocketAddress listenAddress) {
        this(listenAddress, Duties.none());
    }

    /** The server with the scenario's duties: their filters join the plain ones, and receive the duties. */
    ServerStartup(InetSocketAddress listenAddress, Duties duties) {
        this(listenAddress, new NoopRegistry(), new DutiesFilterFactory(duties), filters(duties));
    }

    /** The same server with other filters: the microbenchmarks (microbench/) put a canned origin behind ours. */
    ServerStartup(InetSocketAddress listenAddress, Set<Class<? extends ZuulFilter<?, ?>>> filters) {
        this(listenAddress, new NoopRegistry(), new DefaultFilterFactory(), filters);
    }

    private ServerStartup(InetSocketAddress listenAddress, Registry registry, FilterFactory filterFactory,
                          Set<Class<? extends ZuulFilter<?, ?>>> filters) {
        this(listenAddress, registry, new BasicNettyOriginManager(registry), filterFactory, filters);
    }

    private ServerStartup(InetSocketAddress listenAddress, Registry registry, BasicNettyOriginManager originManager,
                          FilterFactory filterFactory, Set<Class<? extends ZuulFilter<?, ?>>> filters) {
        super(
                new NoDiscoveryStatus(),
                new StaticFilterLoader(filterFactory, filters),
                originContext(originManager),
                (filter, status) -> {}, // no filter usage reporting
                null, // no request-complete handler: it would only publish metrics
                registry,
                new DirectMemoryMonitor(), // the no-op variant: no polling thread
                new EventLoopGroupMetrics(registry),
                new DefaultEventLoopConfig(), // zuul.server.netty.threads.worker / .acceptor
                null, // no Eureka client
                null, // no Eureka ApplicationInfoManager
                null); // no access log
        this.listenAddress = listenAddress;
        this.originManager = originManager;
    }

    /**
     * BaseServerStartup.init(), but with the drain on shutdown below. Also sets up now, not on the first request
     * (which would take about a second longer): the one origin (Ribbon load balancer, connection pool, client SSL
     * context) and RequestAttempts, whose class initialiser builds a Jackson ObjectMapper.
     */
    @Override
    public void init() {
        ChannelGroup clientChannels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
        server = new Server(
                registry,
                serverStatusManager,
                chooseAddrsAndChannels(clientChannels),
                new ClosingIdleConnections(clientChannels),
                eventLoopGroupMetrics,
                eventLoopConfig);
        originManager.getOrigin(OriginName.fromVip(ORIGIN), "/", null);
        new RequestAttempts();
    }

    /**
     * The plain filters, and for each duty asked for its inbound filter, in the order of their checks: API key
     * (-30), JWT (-20), rate limit (-10), then the routing (0). The Refusal endpoint answers what they refuse.
     * Without duties, exactly the plain filters: the plain scenario's chain is unchanged.
     */
    static Set<Class<? extends ZuulFilter<?, ?>>> filters(Duties duties) {
        Set<Class<? extends ZuulFilter<?, ?>>> filters = new HashSet<>(FILTERS);
        duties.apiKeys().ifPresent(keys -> filters.add(ApiKeyFilter.class));
        duties.jwt().ifPresent(jwt -> filters.add(JwtFilter.class));
        duties.rateLimit().ifPresent(limit -> filters.add(RateLimitFilter.class));
        if (filters.size() > FILTERS.size() || duties.routes() > 0) {
            filters.add(Refusal.class);
        }
        return filters;
    }

    @Override
    public Server server() {
        return server;
    }

    @Override
    protected Map<NamedSocketAddress, ChannelInitializer<?>> chooseAddrsAndChannels(ChannelGroup clientChannels) {
        String name = "main";
        ChannelConfig channelConfig = defaultChannelConfig(name);
        // Keep the client's X-Forwarded-* headers (Zuul strips them by default) so that RouteToOrigin can append
        // to X-Forwarded-For, as NGINX and HAProxy do. Production facing untrusted clients would say NEVER.
        channelConfig.set(CommonChannelConfigKeys.allowProxyHeadersWhen, AllowWhen.ALWAYS);
        // Clients connect directly: no PROXY protocol header, no TLS terminated in front of us.
        channelConfig.set(CommonChannelConfigKeys.withProxyProtocol, false);
        channelConfig.set(CommonChannelConfigKeys.preferProxyProtocolForClientIp, false);
        channelConfig.set(CommonChannelConfigKeys.isSSlFromIntermediary, false);

        return Map.of(
                new NamedSocketAddress("http", listenAddress),
                new GuardedChannelInitializer(
                        String.valueOf(listenAddress.getPort()),
                        channelConfig,
                        defaultChannelDependencies(name),
                        clientChannels));
    }

    /**
     * What each request's SessionContext needs for ProxyEndpoint: the origin manager, a list of attempts and the
     * connection's passport. Unlike Zuul's ZuulSessionContextDecorator it generates no per-request UUID.
     */
    private static SessionContextDecorator originContext(OriginManager<?> originManager) {
        return ctx -> {
            ChannelHandlerContext channel =
                    (ChannelHandlerContext) ctx.get(CommonContextKeys.NETTY_SERVER_CHANNEL_HANDLER_CONTEXT);
            ctx.put(CommonContextKeys.ORIGIN_MANAGER, originManager);
            ctx.put(CommonContextKeys.REQUEST_ATTEMPTS, new RequestAttempts());
            ctx.put(CommonContextKeys.PASSPORT, CurrentPassport.fromChannel(channel.channel()));
            return ctx;
        };
    }

    /**
     * On SIGTERM Zuul's Server lets every client connection finish its current response, then force-closes what is
     * left after server.outofservice.close.timeout. Idle keep-alive connections would always wait for that timeout,
     * and its force-close can race the normal completion and log an IllegalStateException. Close the idle ones at
     * once, as NGINX does on a graceful stop; a connection with a request in flight closes after its response.
     */
    private static final class ClosingIdleConnections extends ClientConnectionsShutdown {
        ClosingIdleConnections(ChannelGroup clientChannels) {
            super(clientChannels, GlobalEventExecutor.INSTANCE, null);
        }

        @Override
        protected void flagChannelForClose(Channel channel, ShutdownType shutdownType) {
            super.flagChannelForClose(channel, shutdownType);
            channel.eventLoop().execute(() -> {
                if (channel.attr(HttpLifecycleChannelHandler.ATTR_HTTP_REQ).get() == null) {
                    channel.close();
                }
            });
        }
    }

    /**
     * Zuul's channel initializer with two guards of our own: ClientGuard right after the server codec (every request head
     * within the header-read timeout, else 408; Host, header fields and body framing checked, since Zuul's codec runs
     * without header validation and forwarded ambiguous framing), and GuardedProxyEndpoint as the proxy endpoint (a
     * strict reader of the origin's response).
     */
    private static final class GuardedChannelInitializer extends ZuulServerChannelInitializer {
        GuardedChannelInitializer(String metricId, ChannelConfig config, ChannelConfig dependencies, ChannelGroup channels) {
            super(metricId, config, dependencies, channels);
        }

        @Override
        protected void addHttp1Handlers(ChannelPipeline pipeline) {
            super.addHttp1Handlers(pipeline);
            // Zuul's HttpServerCodec, whose decoder drops a Content-Length beside Transfer-Encoding, gives way to ours.
            pipeline.replace(BaseZuulChannelInitializer.HTTP_CODEC_HANDLER_NAME, BaseZuulChannelInitializer.HTTP_CODEC_HANDLER_NAME,
                    new StrictServerCodec(MAX_INITIAL_LINE_LENGTH.get(), MAX_HEADER_SIZE.get(), MAX_CHUNK_SIZE.get()));
            // Zuul's own header timeout handler (server.http.request.headers.read.timeout.enabled) times only the
            // first head of a connection; this one times every head, with the same setting's value.
            pipeline.addAfter(BaseZuulChannelInitializer.HTTP_CODEC_HANDLER_NAME, "clientGuard", new ClientGuard(
                    BaseZuulChannelInitializer.HTTP_REQUEST_HEADERS_READ_TIMEOUT.get(),
                    com.netflix.config.ConfigurationManager.getConfigInstance().getInt(BODY_READ_TIMEOUT), 0, true));
        }

        @Override
        protected ZuulEndPointRunner getEndpointRunner(ZuulFilterChainRunner<HttpResponseMessage> responseFilterChain,
                                                       FilterUsageNotifier filterUsageNotifier, FilterLoader filterLoader) {
            return new ZuulEndPointRunner(filterUsageNotifier, filterLoader, responseFilterChain, registry) {
                @Override
                protected ZuulFilter<HttpRequestMessage, HttpResponseMessage> newProxyEndpoint(HttpRequestMessage request) {
                    return new GuardedProxyEndpoint(request, getChannelHandlerContext(request), getNextStage());
                }
            };
        }
    }

    /** Zuul reports UP/DOWN to Eureka around bind and shutdown; there is no Eureka here. */
    private static final class NoDiscoveryStatus extends ServerStatusManager {
        NoDiscoveryStatus() {
            super(null);
        }

        @Override
        public void localStatus(InstanceInfo.InstanceStatus status) {}
    }
}

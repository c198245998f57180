package io.gatewaybench.scg;

import io.gatewaybench.duties.Duties;
import io.gatewaybench.guard.ClientGuard;
import java.time.Duration;
import java.util.Map;

import reactor.netty.ChannelBindException;
import reactor.netty.NettyPipeline;

import org.springframework.boot.SpringApplication;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cloud.gateway.config.HttpClientCustomizer;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * Spring Cloud Gateway (WebFlux, Reactor Netty) as a benchmark target. The one route and
 * every tuned switch are in application-benchmark.properties; this class maps the suite's
 * command line onto Spring properties and prints the contract's lines. The scenarios' duties
 * (README, "Scenarios") are added only when their options are given.
 */
@SpringBootApplication
public class ScgGateway {

	/** Server channel class seen when the listener was bound, e.g. EpollServerSocketChannel. */
	private static volatile String serverChannel = "unknown";

	public static void main(String[] args) {
		GatewayCommandLine commandLine;
		try {
			commandLine = GatewayCommandLine.parse(args);
		}
		catch (GatewayCommandLine.UsageException ex) {
			System.err.println("scg: " + ex.getMessage());
			System.exit(2);
			return;
		}
		try {
			start(commandLine);
		}
		catch (RuntimeException ex) {
			ChannelBindException bind = ListenFailure.bindFailure(ex);
			if (bind != null) {
				System.err.println("scg: cannot listen on " + commandLine.bind() + ":" + commandLine.port() + ": "
						+ ListenFailure.reason(bind));
			}
			// Anything else has been reported by Spring Boot already. Exit either way: the
			// contract forbids a JVM left running without a listener.
			System.exit(1);
			return;
		}
		String duties = commandLine.duties().describe();
		System.out.println("scg listening on " + commandLine.bind() + ":" + commandLine.port() + ", upstream "
				+ commandLine.upstream() + (duties.isEmpty() ? "" : " (" + duties + ")") + ", event loops " + commandLine.eventLoops() + ", transport " + transport());
	}

	static ConfigurableApplicationContext start(GatewayCommandLine commandLine) {
		// Reactor Netty reads these once, when its classes initialise, so they are JVM system
		// properties set before Spring touches Netty. Its own default for the loop count is
		// max(cores, 4); the contract wants the cores. The server and the gateway's HTTP client
		// share these loops (Boot's global Reactor Netty resources).
		System.setProperty("reactor.netty.ioWorkerCount", String.valueOf(commandLine.eventLoops()));
		// Reactor Netty's access log: off (its default, stated because every target runs without one).
		System.setProperty("reactor.netty.http.server.accessLogEnabled", "false");

		SpringApplication application = new SpringApplication(ScgGateway.class);
		// The benchmark profile is what the jar runs unless told otherwise.
		application.setDefaultProperties(Map.of("spring.profiles.default", "benchmark"));
		Duties duties = commandLine.duties();
		if (!duties.equals(Duties.none())) {
			// The scenarios' routes and filters, ahead of the profile; the parsed duties, for DutyBeans.
			application.addInitializers(context -> {
				context.getEnvironment()
					.getPropertySources()
					.addFirst(ScenarioProperties.of(duties));
				context.getBeanFactory().registerSingleton("duties", duties);
			});
		}
		return application.run(commandLine.springArguments());
	}

	/** epoll, io_uring or nio: what Reactor Netty chose for the listener (it prefers native). */
	static String transport() {
		String channel = serverChannel;
		if (channel.startsWith("Epoll")) {
			return "epoll";
		}
		if (channel.startsWith("IoUring")) {
			return "io_uring";
		}
		return channel.startsWith("Nio") ? "nio" : channel;
	}

	@Bean
	NettyServerCustomizer recordTransport() {
		return server -> server.doOnBound(bound -> serverChannel = bound.channel().getClass().getSimpleName());
	}

	/**
	 * The header-read and body-read timeouts Reactor Netty does not have (its idle timeout restarts with every byte, so a
	 * client sending one byte a second is never cut, and none applies while a request is in progress), and the methods not
	 * proxied: ClientGuard, between its HTTP codec and its traffic handler.
	 */
	@Bean
	NettyServerCustomizer clientGuard(@Value("${scg.client.header-timeout}") Duration headerTimeout,
			@Value("${scg.client.body-timeout}") Duration bodyTimeout) {
		long header = headerTimeout.toMillis();
		long body = bodyTimeout.toMillis();
		return server -> server.doOnChannelInit((observer, channel, remote) -> {
			if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
				channel.pipeline().addAfter(NettyPipeline.HttpCodec, "clientGuard", new ClientGuard(header, body, 0, false));
			}
		});
	}

	/** Interim responses and unasked protocol switches from the upstream: UpstreamGuard, after the client's codec. */
	@Bean
	HttpClientCustomizer upstreamGuard() {
		return client -> client.doOnChannelInit((observer, channel, remote) -> {
			if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
				channel.pipeline().addAfter(NettyPipeline.HttpCodec, "upstreamGuard", new UpstreamGuard());
			}
		});
	}

	@Bean
	UpstreamFailureStatus upstreamFailureStatus() {
		return new UpstreamFailureStatus();
	}

	@Bean
	UpstreamBodyFailureStatus upstreamBodyFailureStatus() {
		return new UpstreamBodyFailureStatus();
	}

}

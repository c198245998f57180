package io.gatewaybench.scg;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;

/**
 * A real origin on a free port of 127.0.0.1: {@code /slow} answers after 5 s, {@code /missing}
 * answers 404, {@code /hangup} closes the connection without answering, everything else 200
 * with the request line as its body. Remembers the last request's headers and counts the requests
 * it has been sent (so a test can show that one was not forwarded).
 */
final class Origin implements AutoCloseable {

	private final HttpServer server;

	private final ExecutorService threads = Executors.newCachedThreadPool(task -> {
		Thread thread = new Thread(task, "origin");
		thread.setDaemon(true);
		return thread;
	});

	static {
		// The JDK server writes the head and the body separately; without TCP_NODELAY the body waits for the
		// gateway's delayed ACK (~40 ms), which made a thousand sequential requests take most of a minute.
		System.setProperty("sun.net.httpserver.nodelay", "true");
	}

	volatile Headers lastHeaders;

	final AtomicInteger requests = new AtomicInteger();

	Origin() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.setExecutor(this.threads);
		this.server.createContext("/", exchange -> {
			this.requests.incrementAndGet();
			try (exchange) {
				String path = exchange.getRequestURI().getPath();
				if (path.equals("/slow")) {
					sleep(5000);
				}
				if (path.equals("/hangup")) {
					return; // closing an exchange that has sent nothing closes its connection
				}
				this.lastHeaders = exchange.getRequestHeaders();
				byte[] body = (exchange.getRequestMethod() + " " + exchange.getRequestURI())
					.getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().add("Set-Cookie", "JSESSIONID=origin; Path=/");
				exchange.sendResponseHeaders(path.equals("/missing") ? 404 : 200, body.length);
				try (OutputStream out = exchange.getResponseBody()) {
					out.write(body);
				}
			}
		});
		this.server.start();
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.threads.shutdownNow();
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}

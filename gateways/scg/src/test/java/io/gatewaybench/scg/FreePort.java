package io.gatewaybench.scg;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A port nobody listens on right now (and, once closed, nobody accepts on). */
final class FreePort {

	private FreePort() {
	}

	static int next() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}

package io.gatewaybench.scg;

import org.springframework.boot.SpringBootExceptionReporter;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

import reactor.netty.ChannelBindException;

/**
 * The listening socket could not be bound (port in use, no permission, address not local).
 * Registered in META-INF/spring.factories ahead of Boot's failure analyzers, so that Boot
 * does not log its multi-line "APPLICATION FAILED TO START" report: main prints the
 * contract's one line instead. Every other startup failure is reported by Boot as usual.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public final class ListenFailure implements SpringBootExceptionReporter {

	@Override
	public boolean reportException(Throwable failure) {
		return bindFailure(failure) != null;
	}

	static ChannelBindException bindFailure(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof ChannelBindException bind) {
				return bind;
			}
		}
		return null;
	}

	/** The operating system's words, e.g. "Address already in use". */
	static String reason(ChannelBindException bind) {
		Throwable root = bind;
		while (root.getCause() != null) {
			root = root.getCause();
		}
		String message = String.valueOf(root.getMessage());
		// Netty's native transports say "bind(..) failed with error(-98): Address already in use".
		return message.substring(message.lastIndexOf(": ") + 1).trim();
	}

}

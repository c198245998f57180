package io.gatewaybench.zuul2;

import com.netflix.config.ConfigurationManager;
import java.net.InetSocketAddress;

/** Zuul reads its settings from static Archaius properties: the zuul2 target's profile, installed as its Main does. */
final class Zuul2Profile {

    static final InetSocketAddress LISTEN = new InetSocketAddress("127.0.0.1", 8000);

    private Zuul2Profile() {
    }

    static synchronized void install() {
        if (!ConfigurationManager.isConfigurationInstalled()) {
            ConfigurationManager.install(Main.configuration(Main.parse(new String[] {
                    "--port=" + LISTEN.getPort(), "--upstream=http://" + io.gatewaybench.microbench.BookPage.UPSTREAM_HOST})));
        }
    }
}

package io.gatewaybench.zuul2;

import com.netflix.appinfo.InstanceInfo;
import com.netflix.loadbalancer.ConfigurationBasedServerList;
import com.netflix.loadbalancer.Server;
import com.netflix.niws.loadbalancer.DiscoveryEnabledServer;
import java.util.ArrayList;
import java.util.List;

/**
 * The origin's servers from the {@code origin.ribbon.listOfServers} property, without Eureka.
 * Ribbon's own ConfigurationBasedServerList yields plain Servers, but Zuul's resolver casts every server to
 * a DiscoveryEnabledServer, so wrap each host:port in a minimal Eureka InstanceInfo.
 */
public final class StaticServerList extends ConfigurationBasedServerList {

    @Override
    protected List<Server> derive(String value) {
        List<Server> servers = new ArrayList<>();
        if (value == null) {
            return servers;
        }
        for (String hostPort : value.split(",")) {
            String trimmed = hostPort.trim();
            int colon = trimmed.lastIndexOf(':');
            if (colon <= 0) {
                continue;
            }
            String host = trimmed.substring(0, colon);
            int port = Integer.parseInt(trimmed.substring(colon + 1));
            InstanceInfo instance = InstanceInfo.Builder.newBuilder()
                    .setAppName(ServerStartup.ORIGIN)
                    .setInstanceId(trimmed)
                    .setHostName(host)
                    .setIPAddr(host)
                    .setPort(port)
                    .build();
            // Not secure; connect to the address as given (useIpAddr).
            servers.add(new DiscoveryEnabledServer(instance, false, true));
        }
        return servers;
    }
}

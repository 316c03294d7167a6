/*
 * rmqalloc live-test admin driver: creates or grows several topics in one JVM (one mqadmin
 * updateTopic call per topic would cost a JVM start each).
 *
 * usage: java LiveAdmin [-n NS] TOPIC=BROKERADDR:QUEUES[+BROKERADDR:QUEUES]...
 *   read and write queue counts are both QUEUES; perm 6 (read+write). Prints one line per topic.
 */
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

public class LiveAdmin {
    public static void main(String[] args) throws Exception {
        String ns = "127.0.0.1:9876";
        DefaultMQAdminExt admin = null;
        int rc = 0;
        try {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("-n")) { ns = args[++i]; continue; }
            if (admin == null) {
                admin = new DefaultMQAdminExt(15000); // long timeouts for a loaded machine
                admin.setNamesrvAddr(ns);
                admin.setInstanceName("liveadmin-" + ProcessHandle.current().pid());
                admin.start();
            }
            int eq = args[i].indexOf('=');
            String topic = args[i].substring(0, eq);
            for (String b : args[i].substring(eq + 1).split("\\+")) {
                int c = b.lastIndexOf(':');
                String addr = b.substring(0, c);
                int n = Integer.parseInt(b.substring(c + 1));
                TopicConfig tc = new TopicConfig(topic, n, n, 6);
                admin.createAndUpdateTopicConfig(addr, tc);
                System.out.println("TOPIC " + topic + " " + addr + " queues=" + n);
            }
        }
        } catch (Exception e) {
            e.printStackTrace();
            rc = 1;
        } finally {
            if (admin != null) admin.shutdown();
        }
        System.exit(rc); // the client's threads would keep a failed run alive
    }
}

/*
 * rmqalloc live-test consumer for clusters with ACL on: one AVG push consumer that signs its requests with the
 * Java client's own ACL hook (AclClientRPCHook: ACL 1.0 on 4.x, the same signature checked by 5.x's ACL 2.0), and
 * TLS when the JVM runs with -Dtls.enable=true (the client's useTLS default). Compiled against the 4.9.3 jars; the
 * classes it uses keep their names and signatures in 5.3.3's client, so the same class runs on kit5's classpath.
 *
 * usage: java AclConsumer -n NS -g GROUP -t TOPIC -hold FILE -ak ACCESS_KEY -sk SECRET_KEY INSTANCE
 * Every second the consumer's line is written to FILE (LiveConsumer's format):
 *   HH:mm:ss.SSS CLIENTID inst=I strategy=S consumed=N routes=TOPIC:K,... held=K [broker/topic/qid, ...]
 */
import java.io.FileWriter;
import java.io.PrintWriter;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.impl.consumer.ProcessQueue;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageQueue;

public class AclConsumer {
    public static void main(String[] args) throws Exception {
        String ns = null, group = null, topic = null, hold = null, ak = null, sk = null, inst = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-n": ns = args[++i]; break;
                case "-g": group = args[++i]; break;
                case "-t": topic = args[++i]; break;
                case "-hold": hold = args[++i]; break;
                case "-ak": ak = args[++i]; break;
                case "-sk": sk = args[++i]; break;
                default: inst = args[i];
            }
        }
        if (ns == null || group == null || topic == null || hold == null || ak == null || sk == null || inst == null) {
            System.err.println("usage: AclConsumer -n NS -g GROUP -t TOPIC -hold FILE -ak ACCESS_KEY -sk SECRET_KEY INSTANCE");
            System.exit(2);
        }
        DefaultMQPushConsumer c = new DefaultMQPushConsumer(group, new AclClientRPCHook(new SessionCredentials(ak, sk)),
            new AllocateMessageQueueAveragely());
        c.setNamesrvAddr(ns);
        c.setClientIP("127.0.0.1");
        c.setInstanceName(inst);
        c.setPollNameServerInterval(5000);
        c.setConsumeThreadMin(1);
        c.setConsumeThreadMax(1);
        c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        c.subscribe(topic, "*");
        AtomicLong consumed = new AtomicLong();
        c.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            consumed.addAndGet(msgs.size());
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        c.start();
        System.out.println("STARTED " + inst + " group=" + group + " tls=" + c.isUseTLS()
            + " clientId=" + c.getDefaultMQPushConsumerImpl().getmQClientFactory().getClientId());
        Runtime.getRuntime().addShutdownHook(new Thread(c::shutdown));
        SimpleDateFormat df = new SimpleDateFormat("HH:mm:ss.SSS");
        while (true) {
            Thread.sleep(1000);
            try (PrintWriter w = new PrintWriter(new FileWriter(hold + ".tmp", false))) {
                w.println(line(df, c, consumed.get()));
            }
            new java.io.File(hold + ".tmp").renameTo(new java.io.File(hold));
        }
    }

    static String line(SimpleDateFormat df, DefaultMQPushConsumer c, long consumed) {
        Map<MessageQueue, ProcessQueue> pq = c.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable();
        TreeSet<String> held = new TreeSet<>();
        for (Map.Entry<MessageQueue, ProcessQueue> e : pq.entrySet()) {
            if (!e.getValue().isDropped()) held.add(e.getKey().getBrokerName() + "/" + e.getKey().getTopic() + "/" + e.getKey().getQueueId());
        }
        StringBuilder routes = new StringBuilder();
        Map<String, Set<MessageQueue>> known = new TreeMap<>(c.getDefaultMQPushConsumerImpl().getRebalanceImpl().getTopicSubscribeInfoTable());
        for (Map.Entry<String, Set<MessageQueue>> e : known.entrySet()) {
            if (routes.length() > 0) routes.append(',');
            routes.append(e.getKey()).append(':').append(e.getValue().size());
        }
        return df.format(new Date()) + ' ' + c.getDefaultMQPushConsumerImpl().getmQClientFactory().getClientId()
            + " inst=" + c.getInstanceName() + " strategy=" + c.getAllocateMessageQueueStrategy().getName()
            + " consumed=" + consumed + " routes=" + routes + " held=" + held.size() + ' ' + held;
    }
}

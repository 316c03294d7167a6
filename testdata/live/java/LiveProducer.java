/*
 * rmqalloc live-test producer driver: sends one message per key with SelectMessageQueueByHash
 * (the key string is the selector's argument) and prints where each one went.
 *
 * usage: java LiveProducer [-n NS] -t TOPIC KEY...
 *   prints "KEY<TAB>BROKER/QID" per message, then "SENT N".
 */
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.selector.SelectMessageQueueByHash;
import org.apache.rocketmq.common.message.Message;

public class LiveProducer {
    public static void main(String[] args) throws Exception {
        String ns = "127.0.0.1:9876", topic = null;
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-n": ns = args[++i]; break;
                case "-t": topic = args[++i]; break;
                default: keys.add(args[i]);
            }
        }
        if (topic == null || keys.isEmpty()) { System.err.println("usage: LiveProducer [-n NS] -t TOPIC KEY..."); System.exit(2); }
        DefaultMQProducer p = new DefaultMQProducer("live_hash_producer");
        p.setNamesrvAddr(ns);
        p.setInstanceName("liveproducer-" + ProcessHandle.current().pid());
        p.start();
        int rc = 0;
        try {
            SelectMessageQueueByHash sel = new SelectMessageQueueByHash();
            for (String k : keys) {
                SendResult r = p.send(new Message(topic, "TagA", ("key:" + k).getBytes("UTF-8")), sel, k);
                System.out.println(k + "\t" + r.getMessageQueue().getBrokerName() + "/" + r.getMessageQueue().getQueueId());
            }
            System.out.println("SENT " + keys.size());
        } catch (Exception e) {
            e.printStackTrace();
            rc = 1;
        } finally {
            p.shutdown();
        }
        System.exit(rc); // the client's threads would keep a failed run alive
    }
}

/*
 * rmqalloc live-test producer driver: sends one message per key with SelectMessageQueueByHash
 * (the key string is the selector's argument) and prints where each one went.
 *
 * usage: java LiveProducer [-n NS] [-g GROUP] -t TOPIC KEY...
 *   prints "KEY<TAB>BROKER/QID" per message, then "SENT N".
 * or:    java LiveProducer [-n NS] [-g GROUP] -t TOPIC -c COUNT
 *   sends COUNT messages with the default queue selection, one line per send in order:
 *   "SEND i BROKER/QID", or "SEND i FAILED ..." (a queue was selected, the send failed) or
 *   "SEND i NOROUTE ..." (no route: nothing selected), then, like the kit's KitProducer,
 *   "SENT OK to TOPIC perQueue={broker/qid=n, ...}" over the sends that succeeded, and
 *   "QUEUES broker/qid,..." = the producer's queue list (TopicPublishInfo) at the end
 *   (printed in both modes).
 * The topic's route is fetched before the first send (fetchRoute).
 * No send is retried by the client (a retry would go to another queue than the round robin's);
 * long timeouts instead, for a loaded machine. A failed keyed send is tried again (the selector
 * picks the same queue), up to 5 times.
 */
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.selector.SelectMessageQueueByHash;
import org.apache.rocketmq.common.message.Message;

public class LiveProducer {
    public static void main(String[] args) throws Exception {
        String ns = "127.0.0.1:9876", topic = null, group = "live_hash_producer";
        int count = -1;
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-n": ns = args[++i]; break;
                case "-t": topic = args[++i]; break;
                case "-g": group = args[++i]; break;
                case "-c": count = Integer.parseInt(args[++i]); break;
                default: keys.add(args[i]);
            }
        }
        if (topic == null || (keys.isEmpty() == (count < 0))) { System.err.println("usage: LiveProducer [-n NS] -t TOPIC KEY..."); System.exit(2); }
        DefaultMQProducer p = new DefaultMQProducer(group);
        p.setSendMsgTimeout(15000);
        p.setMqClientApiTimeout(15000);
        p.setRetryTimesWhenSendFailed(0);
        p.setNamesrvAddr(ns);
        p.setInstanceName("liveproducer-" + ProcessHandle.current().pid());
        p.start();
        int rc = 0;
        try {
            fetchRoute(p, topic);
            if (count >= 0) {
                java.util.Map<String, Integer> perQueue = new java.util.TreeMap<>();
                int ok = 0;
                for (int i = 0; i < count; i++) {
                    try {
                        SendResult r = p.send(new Message(topic, "TagA", "key-" + i, (i + ":x").getBytes("UTF-8")));
                        String q = r.getMessageQueue().getBrokerName() + "/" + r.getMessageQueue().getQueueId();
                        perQueue.merge(q, 1, Integer::sum);
                        ok++;
                        System.out.println("SEND " + i + " " + q);
                    } catch (Exception e) {
                        // "No route info": thrown before any queue is selected (the send index did not move).
                        boolean noRoute = String.valueOf(e.getMessage()).startsWith("No route info");
                        System.out.println("SEND " + i + (noRoute ? " NOROUTE " : " FAILED ") + String.valueOf(e.getMessage()).split("\n")[0]);
                    }
                }
                System.out.println("SENT " + ok + " to " + topic + " perQueue=" + perQueue);

            }
            SelectMessageQueueByHash sel = new SelectMessageQueueByHash();
            for (String k : keys) {
                SendResult r = null;
                for (int attempt = 1; r == null; attempt++) {
                    try {
                        r = p.send(new Message(topic, "TagA", ("key:" + k).getBytes("UTF-8")), sel, k);
                    } catch (Exception e) {
                        if (attempt == 5) throw e;
                        System.err.println("retrying key " + k + ": " + e.getMessage());
                        Thread.sleep(500);
                    }
                }
                System.out.println(k + "\t" + r.getMessageQueue().getBrokerName() + "/" + r.getMessageQueue().getQueueId());
            }
            if (count < 0) System.out.println("SENT " + keys.size());
            // The queue list it sent over: without the topic's route (a name server timeout) the
            // client falls back to the default topic's.
            StringBuilder ql = new StringBuilder();
            for (org.apache.rocketmq.common.message.MessageQueue q
                    : p.getDefaultMQProducerImpl().getTopicPublishInfoTable().get(topic).getMessageQueueList()) {
                if (ql.length() > 0) ql.append(',');
                ql.append(q.getBrokerName()).append('/').append(q.getQueueId());
            }
            System.out.println("QUEUES " + ql);
        } catch (Exception e) {
            e.printStackTrace();
            rc = 1;
        } finally {
            p.shutdown();
        }
        System.exit(rc); // the client's threads would keep a failed run alive
    }

    /**
     * Fetches the topic's own route before the first send. The client's send path waits at most
     * 3 s for its name-server lock, which its start-up route poll holds while a slow name server
     * answers; it then sends over the default topic's queues instead (seen in CI for minutes on
     * end). Asked here, again until it has the route (for up to 2 minutes), the sends use the
     * topic's queues, which is what the tests compare.
     */
    static void fetchRoute(DefaultMQProducer p, String topic) throws InterruptedException {
        long deadline = System.nanoTime() + 120_000_000_000L;
        for (int attempt = 1; ; attempt++) {
            p.getDefaultMQProducerImpl().getmQClientFactory().updateTopicRouteInfoFromNameServer(topic);
            org.apache.rocketmq.client.impl.producer.TopicPublishInfo info =
                p.getDefaultMQProducerImpl().getTopicPublishInfoTable().get(topic);
            if (info != null && info.ok() && info.isHaveTopicRouterInfo()) return;
            if (System.nanoTime() > deadline) {
                System.err.println("no route for " + topic + " after " + attempt + " requests: sending anyway");
                return;
            }
            System.err.println("no route for " + topic + " yet (request " + attempt + "): asking again");
            Thread.sleep(1000);
        }
    }
}

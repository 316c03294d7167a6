/*
 * rmqalloc live-test consumer driver: like the kit's KitConsumer (same hold-file lines), but every
 * strategy of the Java client, a client IP per consumer and several groups in one JVM.
 *
 * usage: java LiveConsumer [-n NS] SECTION...
 *   SECTION = -g GROUP -t TOPIC[,TOPIC2] -hold FILE [-poll MS] [-bcast] [-orderly] [-block] [-ip IP] SPEC... [-ip IP2 SPEC...]
 *   SPEC    = instanceName[:STRATEGY]   (the client ID is IP@instanceName; -ip applies to the SPECs after it)
 *   STRATEGY = avg (default) | circle | hash | hash=VN | config=BROKER/QID+BROKER/QID...
 *            | room=IDC1+IDC2 | nearby-avg | nearby-circle
 *   nearby-*: AllocateMachineRoomNearby whose resolver puts a queue in field 1 of its broker name split
 *   on "-" and a consumer in field 1 of its client ID split on "-" (broker-a and 127.0.0.1@c1-a: room a).
 *   -poll: the clients' pollNameServerInterval (default 30000).
 *   -bcast: the section's consumers are MessageModel.BROADCASTING (default CLUSTERING): every
 *   member consumes every queue, offsets kept by the clients (under user.home).
 *   -orderly: the section's consumers register a MessageListenerOrderly (each queue locked on its
 *   broker before it is consumed) instead of a MessageListenerConcurrently.
 *   -block: the section's listeners never return (they wait forever on the first message): the JVM
 *   stays alive and heartbeats, its queues' messages are pulled into the local cache and none is
 *   consumed. Applies to the SPECs after it, so one JVM can hold a blocked and a healthy member.
 * Every second each consumer's line is written to the section's FILE:
 *   HH:mm:ss.SSS CLIENTID inst=I strategy=S consumed=N routes=TOPIC:K,... held=K [broker/topic/qid, ...]
 * routes = how many queues the consumer knows per subscribed topic (retry topic included once known).
 */
import java.io.FileWriter;
import java.io.PrintWriter;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMachineRoomNearby;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueByConfig;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueByMachineRoom;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueConsistentHash;
import org.apache.rocketmq.client.impl.consumer.ProcessQueue;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.protocol.heartbeat.MessageModel;

public class LiveConsumer {
    static final class Member {
        DefaultMQPushConsumer c;
        AtomicLong consumed = new AtomicLong();
        String holdFile;
    }

    public static void main(String[] args) throws Exception {
        String ns = "127.0.0.1:9876";
        List<Member> members = new ArrayList<>();
        String group = null, topics = null, hold = null, ip = "127.0.0.1";
        int poll = 30000;
        boolean bcast = false, orderly = false, block = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-n": ns = args[++i]; break;
                case "-g": group = args[++i]; ip = "127.0.0.1"; poll = 30000; bcast = false; orderly = false; block = false; break;
                case "-t": topics = args[++i]; break;
                case "-hold": hold = args[++i]; break;
                case "-poll": poll = Integer.parseInt(args[++i]); break;
                case "-ip": ip = args[++i]; break;
                case "-bcast": bcast = true; break;
                case "-orderly": orderly = true; break;
                case "-block": block = true; break;
                default:
                    if (group == null || topics == null || hold == null) {
                        System.err.println("a SPEC before -g GROUP -t TOPIC -hold FILE: " + args[i]);
                        System.exit(2);
                    }
                    members.add(start(ns, group, topics, hold, ip, poll, bcast, orderly, block, args[i]));
            }
        }
        if (members.isEmpty()) {
            System.err.println("usage: LiveConsumer [-n NS] -g GROUP -t TOPIC -hold FILE [-poll MS] [-ip IP] SPEC...");
            System.exit(2);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> { for (Member m : members) m.c.shutdown(); }));
        SimpleDateFormat df = new SimpleDateFormat("HH:mm:ss.SSS");
        while (true) {
            Thread.sleep(1000);
            Map<String, StringBuilder> files = new TreeMap<>();
            for (Member m : members) files.computeIfAbsent(m.holdFile, k -> new StringBuilder()).append(line(df, m)).append('\n');
            for (Map.Entry<String, StringBuilder> e : files.entrySet()) {
                try (PrintWriter w = new PrintWriter(new FileWriter(e.getKey() + ".tmp", false))) { w.print(e.getValue()); }
                new java.io.File(e.getKey() + ".tmp").renameTo(new java.io.File(e.getKey()));
            }
        }
    }

    static Member start(String ns, String group, String topics, String hold, String ip, int poll, boolean bcast, boolean orderly, boolean block, String spec) throws Exception {
        int colon = spec.indexOf(':');
        String inst = colon < 0 ? spec : spec.substring(0, colon);
        String strat = colon < 0 ? "avg" : spec.substring(colon + 1);
        String[] ts = topics.split(",");
        Member m = new Member();
        m.holdFile = hold;
        m.c = new DefaultMQPushConsumer(group);
        m.c.setNamesrvAddr(ns);
        m.c.setClientIP(ip);
        m.c.setInstanceName(inst);
        m.c.setPollNameServerInterval(poll);
        if (bcast) m.c.setMessageModel(MessageModel.BROADCASTING);
        m.c.setMqClientApiTimeout(15000); // a loaded machine answers route requests slowly
        m.c.setConsumeThreadMin(1);
        m.c.setConsumeThreadMax(1);
        m.c.setAllocateMessageQueueStrategy(strategy(strat, ts[0]));
        m.c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        for (String t : ts) m.c.subscribe(t, "*");
        final AtomicLong n = m.consumed;
        if (orderly) {
            m.c.registerMessageListener((MessageListenerOrderly) (msgs, ctx) -> {
                if (block) blockForever();
                n.addAndGet(msgs.size());
                return ConsumeOrderlyStatus.SUCCESS;
            });
        } else {
            m.c.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                if (block) blockForever();
                n.addAndGet(msgs.size());
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
        }
        try {
            m.c.start();
        } catch (IllegalStateException e) {
            // The first route request failed (timeout): the consumer runs and its route poll retries.
            System.out.println("START_WARNING " + inst + " " + e);
        }
        System.out.println("STARTED " + inst + " group=" + group + " strategy=" + m.c.getAllocateMessageQueueStrategy().getName()
            + " model=" + m.c.getMessageModel() + " listener=" + (orderly ? "orderly" : "concurrently") + (block ? ",blocked" : "")
            + " pid=" + ProcessHandle.current().pid() + " clientId=" + m.c.getDefaultMQPushConsumerImpl().getmQClientFactory().getClientId());
        return m;
    }

    // blockForever is a listener that never returns: what a consumer stuck on a lock or a dead
    // downstream call looks like from outside.
    static void blockForever() {
        Object never = new Object();
        synchronized (never) {
            while (true) {
                try { never.wait(); } catch (InterruptedException e) { /* shutdown interrupts: keep blocking */ }
            }
        }
    }

    static AllocateMessageQueueStrategy strategy(String s, String topic) {
        if (s.equals("avg")) return new AllocateMessageQueueAveragely();
        if (s.equals("circle")) return new AllocateMessageQueueAveragelyByCircle();
        if (s.equals("hash")) return new AllocateMessageQueueConsistentHash();
        if (s.startsWith("hash=")) return new AllocateMessageQueueConsistentHash(Integer.parseInt(s.substring(5)));
        if (s.startsWith("config=")) {
            List<MessageQueue> list = new ArrayList<>();
            for (String q : s.substring(7).split("\\+")) {
                String[] p = q.split("/");
                list.add(new MessageQueue(topic, p[0], Integer.parseInt(p[1])));
            }
            AllocateMessageQueueByConfig c = new AllocateMessageQueueByConfig();
            c.setMessageQueueList(list);
            return c;
        }
        if (s.startsWith("room=")) {
            AllocateMessageQueueByMachineRoom r = new AllocateMessageQueueByMachineRoom();
            r.setConsumeridcs(new HashSet<>(Arrays.asList(s.substring(5).split("\\+"))));
            return r;
        }
        if (s.startsWith("nearby-")) {
            AllocateMachineRoomNearby.MachineRoomResolver res = new AllocateMachineRoomNearby.MachineRoomResolver() {
                public String brokerDeployIn(MessageQueue mq) { return mq.getBrokerName().split("-")[1]; }
                public String consumerDeployIn(String clientID) { return clientID.split("-")[1]; }
            };
            return new AllocateMachineRoomNearby(strategy(s.substring(7), topic), res);
        }
        throw new IllegalArgumentException("unknown strategy " + s);
    }

    static String line(SimpleDateFormat df, Member m) {
        Map<MessageQueue, ProcessQueue> pq = m.c.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable();
        TreeSet<String> held = new TreeSet<>();
        for (Map.Entry<MessageQueue, ProcessQueue> e : pq.entrySet()) {
            if (!e.getValue().isDropped()) held.add(e.getKey().getBrokerName() + "/" + e.getKey().getTopic() + "/" + e.getKey().getQueueId());
        }
        StringBuilder routes = new StringBuilder();
        Map<String, Set<MessageQueue>> known = new TreeMap<>(m.c.getDefaultMQPushConsumerImpl().getRebalanceImpl().getTopicSubscribeInfoTable());
        for (Map.Entry<String, Set<MessageQueue>> e : known.entrySet()) {
            if (routes.length() > 0) routes.append(',');
            routes.append(e.getKey()).append(':').append(e.getValue().size());
        }
        return df.format(new Date()) + ' ' + m.c.getDefaultMQPushConsumerImpl().getmQClientFactory().getClientId()
            + " inst=" + m.c.getInstanceName() + " strategy=" + m.c.getAllocateMessageQueueStrategy().getName()
            + " consumed=" + m.consumed.get() + " routes=" + routes + " held=" + held.size() + ' ' + held;
    }
}

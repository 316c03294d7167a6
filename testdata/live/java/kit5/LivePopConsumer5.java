/*
 * rmqalloc live-test driver for RocketMQ 5.3.3 consumers whose queues the broker assigns: classic
 * DefaultMQPushConsumers with clientRebalance=false (QUERY_ASSIGNMENT), several groups in one JVM.
 * Compiled against kit5/lib (the 5.3.3 client and tools), apart from the 4.9.3 drivers.
 *
 * usage: java LivePopConsumer5 -n NS SECTION...
 *   SECTION = -g GROUP -t TOPIC -hold FILE [-mode PULL|POP -share N] [-strategy avg|circle] INST...
 *   -mode/-share: before its consumers start, the section sets the broker's message request mode for
 *   (TOPIC, GROUP) on every broker of TOPIC's route, as `mqadmin setConsumeMode -m MODE -q N` does;
 *   without -mode the brokers keep their default (PULL).
 *   INST: one consumer per instance name (client ID 127.0.0.1@INST, one MQClientInstance each).
 * Every second each consumer's line is written to the section's FILE:
 *   HH:mm:ss.SSS CLIENTID inst=I strategy=S consumed=N answer=MODE:Q+Q... table=pop|pull|both|none held=K [Q, ...]
 * answer = what the broker answers this client's QUERY_ASSIGNMENT for TOPIC right now (the client's own
 * MQClientInstance.queryAssignment; "none" = a null answer, "error:..." = it failed), Q = broker/topic/qid
 * (qid -1: every queue of that broker); held = the queues the client's rebalance applied (its pull and
 * pop process queue tables, dropped ones left out, retry topic included); table = which table holds them.
 */
import java.io.FileWriter;
import java.io.PrintWriter;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle;
import org.apache.rocketmq.client.impl.consumer.PopProcessQueue;
import org.apache.rocketmq.client.impl.consumer.ProcessQueue;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.message.MessageQueueAssignment;
import org.apache.rocketmq.common.message.MessageRequestMode;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

public class LivePopConsumer5 {
    static final class Member {
        DefaultMQPushConsumer c;
        String group, topic, holdFile;
        AtomicLong consumed = new AtomicLong();
    }

    static final class Section {
        String group, topic, hold, mode, strategy = "avg";
        int share;
        List<String> insts = new ArrayList<>();
    }

    public static void main(String[] args) throws Exception {
        String ns = "127.0.0.1:9886";
        List<Section> sections = new ArrayList<>();
        Section s = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-n": ns = args[++i]; break;
                case "-g": s = new Section(); s.group = args[++i]; sections.add(s); break;
                case "-t": s.topic = args[++i]; break;
                case "-hold": s.hold = args[++i]; break;
                case "-mode": s.mode = args[++i]; break;
                case "-share": s.share = Integer.parseInt(args[++i]); break;
                case "-strategy": s.strategy = args[++i]; break;
                default:
                    if (s == null) usage();
                    s.insts.add(args[i]);
            }
        }
        if (sections.isEmpty()) usage();
        for (Section sec : sections) {
            if (sec.topic == null || sec.hold == null || sec.insts.isEmpty()) usage();
            if (sec.mode != null) setMode(ns, sec);
        }
        final List<Member> members = new ArrayList<>();
        for (Section sec : sections) {
            for (String inst : sec.insts) {
                Member m = new Member();
                m.group = sec.group;
                m.topic = sec.topic;
                m.holdFile = sec.hold;
                AllocateMessageQueueStrategy st = "circle".equals(sec.strategy)
                    ? new AllocateMessageQueueAveragelyByCircle() : new AllocateMessageQueueAveragely();
                DefaultMQPushConsumer c = new DefaultMQPushConsumer(sec.group);
                c.setNamesrvAddr(ns);
                c.setClientIP("127.0.0.1");
                c.setInstanceName(inst);
                c.setAllocateMessageQueueStrategy(st);
                c.setClientRebalance(false);
                c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
                c.subscribe(sec.topic, "*");
                final AtomicLong n = m.consumed;
                c.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                    n.addAndGet(msgs.size());
                    return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                });
                c.start();
                m.c = c;
                members.add(m);
                System.out.println("STARTED " + inst + " group=" + sec.group + " strategy=" + st.getName() + " clientId="
                    + c.getDefaultMQPushConsumerImpl().getmQClientFactory().getClientId());
            }
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> { for (Member m : members) m.c.shutdown(); }));
        SimpleDateFormat df = new SimpleDateFormat("HH:mm:ss.SSS");
        while (true) {
            Thread.sleep(1000);
            Map<String, StringBuilder> files = new java.util.LinkedHashMap<>();
            for (Member m : members) {
                String line = df.format(new Date()) + " " + describe(m) + "\n";
                files.computeIfAbsent(m.holdFile, k -> new StringBuilder()).append(line);
            }
            for (Map.Entry<String, StringBuilder> e : files.entrySet()) {
                try (PrintWriter w = new PrintWriter(new FileWriter(e.getKey(), false))) { w.print(e.getValue()); }
            }
        }
    }

    static void usage() {
        System.err.println("usage: LivePopConsumer5 -n NS -g GROUP -t TOPIC -hold FILE [-mode PULL|POP -share N] [-strategy avg|circle] INST...");
        System.exit(2);
    }

    // setMode is `mqadmin setConsumeMode` on every broker of the topic's route.
    static void setMode(String ns, Section sec) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(8000);
        admin.setNamesrvAddr(ns);
        admin.setInstanceName("admin-" + sec.group);
        admin.start();
        try {
            for (BrokerData b : admin.examineTopicRouteInfo(sec.topic).getBrokerDatas()) {
                // Idempotent: on a loaded machine a call can time out; try it again (three times at most).
                for (int attempt = 1; ; attempt++) {
                    try {
                        admin.setMessageRequestMode(b.selectBrokerAddr(), sec.topic, sec.group,
                            MessageRequestMode.valueOf(sec.mode), sec.share, 8000);
                        break;
                    } catch (Exception e) {
                        if (attempt == 3) throw e;
                        System.out.println("MODE " + b.getBrokerName() + ": " + e + ", trying again");
                    }
                }
                System.out.println("MODE " + b.getBrokerName() + " " + sec.topic + " " + sec.group + " " + sec.mode + " share=" + sec.share);
            }
        } finally {
            admin.shutdown();
        }
    }

    static String q(MessageQueue mq) {
        return mq.getBrokerName() + "/" + mq.getTopic() + "/" + mq.getQueueId();
    }

    static String describe(Member m) {
        DefaultMQPushConsumer c = m.c;
        String answer;
        try {
            Set<MessageQueueAssignment> as = c.getDefaultMQPushConsumerImpl().getmQClientFactory()
                .queryAssignment(m.topic, m.group, c.getAllocateMessageQueueStrategy().getName(), MessageModel.CLUSTERING, 3000);
            if (as == null) {
                answer = "none";
            } else {
                TreeSet<String> qs = new TreeSet<>();
                TreeSet<String> modes = new TreeSet<>();
                for (MessageQueueAssignment a : as) {
                    qs.add(q(a.getMessageQueue()));
                    modes.add(String.valueOf(a.getMode()));
                }
                answer = (modes.isEmpty() ? "EMPTY" : String.join(",", modes)) + ":" + String.join("+", qs);
            }
        } catch (Exception e) {
            answer = "error:" + e.getClass().getSimpleName();
        }
        TreeSet<String> held = new TreeSet<>();
        boolean pull = false, pop = false;
        for (Map.Entry<MessageQueue, ProcessQueue> e : c.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().entrySet()) {
            if (!e.getValue().isDropped()) { held.add(q(e.getKey())); pull = true; }
        }
        for (Map.Entry<MessageQueue, PopProcessQueue> e : c.getDefaultMQPushConsumerImpl().getRebalanceImpl().getPopProcessQueueTable().entrySet()) {
            if (!e.getValue().isDropped()) { held.add(q(e.getKey())); pop = true; }
        }
        String table = pull && pop ? "both" : pull ? "pull" : pop ? "pop" : "none";
        return c.getDefaultMQPushConsumerImpl().getmQClientFactory().getClientId()
            + " inst=" + c.getInstanceName()
            + " strategy=" + c.getAllocateMessageQueueStrategy().getName()
            + " consumed=" + m.consumed.get()
            + " answer=" + answer + " table=" + table
            + " held=" + held.size() + " " + held;
    }
}

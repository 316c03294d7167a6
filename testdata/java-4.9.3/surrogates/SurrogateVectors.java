// Generates ../surrogates.{cases,results}.jsonl: selectHash and allocate of
// the real RocketMQ 4.9.3 client on strings holding lone surrogates, which
// must stay distinct from U+FFFD ("x\ud800" vs "x\ufffd"). Run from this
// folder (JDK 17):
//   CP="$(ls /work/shared/rocketmq-kit/lib/*.jar | tr '\n' :):/usr/share/java/commons-lang3.jar"
//   javac -cp "$CP" -d /tmp/surrgen SurrogateVectors.java && java -cp "/tmp/surrgen:$CP" SurrogateVectors
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy;
import org.apache.rocketmq.client.consumer.rebalance.*;
import org.apache.rocketmq.client.producer.selector.SelectMessageQueueByHash;
import org.apache.rocketmq.common.message.MessageQueue;

public class SurrogateVectors {
    static final String[] KEYS = {"\ud800", "x\ud800", "x\ufffd", "\udfff", "\ud83d", "\ude00", "\ud83d\ude00", "a\udc00b", "\ufffd", "\ud800\ud800"};

    public static void main(String[] args) throws Exception {
        try (Writer cw = out("../surrogates.cases.jsonl"); Writer rw = out("../surrogates.results.jsonl")) {
            List<MessageQueue> mqs = new ArrayList<>();
            for (int i = 0; i < 7; i++) mqs.add(new MessageQueue("T\ud800", i < 4 ? "broker-a" : "broker-\udc01", i));
            int n = 0;
            for (String k : KEYS) {
                String id = String.format("surrogate-hash-%02d", ++n);
                cw.write("{\"id\":" + q(id) + ",\"op\":\"selectHash\",\"mqs\":" + mqs(mqs) + ",\"arg\":{\"type\":\"string\",\"value\":" + q(k) + "}}\n");
                MessageQueue got = new SelectMessageQueueByHash().select(mqs, null, k);
                rw.write("{\"id\":" + q(id) + ",\"queue\":" + mq(got) + "}\n");
            }
            List<String> cids = Arrays.asList("x\ud800", "x\ufffd", "\ud83d\ude00", "\ud83d", "\ude00", "c\udbff", "c");
            String[][] strategies = {{"AVG", "{\"name\":\"AVG\"}"}, {"AVG_BY_CIRCLE", "{\"name\":\"AVG_BY_CIRCLE\"}"}, {"CONSISTENT_HASH", "{\"name\":\"CONSISTENT_HASH\",\"virtualNodeCnt\":10}"}};
            for (String[] st : strategies) {
                for (boolean sort : new boolean[] {false, true}) {
                    String id = String.format("surrogate-alloc-%02d-%s%s", ++n, st[0], sort ? "-sort" : "");
                    cw.write("{\"id\":" + q(id) + ",\"op\":\"allocate\",\"strategy\":" + st[1] + ",\"group\":\"g\",\"mqAll\":" + mqs(mqs)
                        + ",\"cidAll\":" + arr(cids) + ",\"currentCIDs\":" + arr(cids) + ",\"sortFirst\":" + sort + "}\n");
                    AllocateMessageQueueStrategy s = st[0].equals("AVG") ? new AllocateMessageQueueAveragely()
                        : st[0].equals("AVG_BY_CIRCLE") ? new AllocateMessageQueueAveragelyByCircle() : new AllocateMessageQueueConsistentHash(10);
                    List<MessageQueue> all = new ArrayList<>(mqs);
                    List<String> members = new ArrayList<>(cids);
                    if (sort) { Collections.sort(all); Collections.sort(members); }
                    StringBuilder r = new StringBuilder("{\"id\":" + q(id) + ",\"name\":" + q(s.getName()) + ",\"results\":{");
                    for (int i = 0; i < cids.size(); i++) {
                        r.append(i > 0 ? "," : "").append(q(cids.get(i))).append(":{\"queues\":").append(mqs(s.allocate("g", cids.get(i), all, members))).append('}');
                    }
                    rw.write(r.append("}}\n").toString());
                }
            }
        }
    }

    static Writer out(String name) throws IOException {
        return new OutputStreamWriter(new FileOutputStream(name), StandardCharsets.UTF_8);
    }

    static String mq(MessageQueue m) {
        return "[" + q(m.getTopic()) + "," + q(m.getBrokerName()) + "," + m.getQueueId() + "]";
    }

    static String mqs(List<MessageQueue> l) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < l.size(); i++) b.append(i > 0 ? "," : "").append(mq(l.get(i)));
        return b.append(']').toString();
    }

    static String arr(List<String> a) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < a.size(); i++) b.append(i > 0 ? "," : "").append(q(a.get(i)));
        return b.append(']').toString();
    }

    // q quotes s as JSON, every non-ASCII unit as \\uXXXX (lone surrogates survive).
    static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') b.append('\\').append(ch);
            else if (ch < 0x20 || ch > 0x7e) b.append(String.format("\\u%04x", (int) ch));
            else b.append(ch);
        }
        return b.append('"').toString();
    }
}

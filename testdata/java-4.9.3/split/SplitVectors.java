// Generates split.jsonl: what JDK's String.split(regex) answers for many
// (separator, input) pairs, and ../alloc-regexsep.{cases,results}.jsonl:
// MACHINE_ROOM_NEARBY of the real RocketMQ 4.9.3 client with resolvers that
// split on such separators. Run from this folder (JDK 17):
//   CP="$(ls /work/shared/rocketmq-kit/lib/*.jar | tr '\n' :):/usr/share/java/commons-lang3.jar"
//   javac -cp "$CP" -d /tmp/splitgen SplitVectors.java && java -cp "/tmp/splitgen:$CP" SplitVectors
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy;
import org.apache.rocketmq.client.consumer.rebalance.*;
import org.apache.rocketmq.common.message.MessageQueue;

public class SplitVectors {
    static final String[] SEPS = {
        // single characters, literal fast path and regex metacharacters
        "-", "@", "#", ":", "_", "/", ",", ";", " ", "\u4e2d", "\ud83d\ude00",
        ".", "$", "|", "^", "?", "*", "+", "(", ")", "[", "{", "}", "]", "\\",
        // escaped characters
        "\\.", "\\$", "\\|", "\\-", "\\\\", "\\^", "\\*", "\\+", "\\?", "\\(", "\\[", "\\{", "\\}", "\\@",
        "\\t", "\\n", "\\x2d", "\\x{2D}", "\\u002d", "\\055", "\\0", "\\01", "\\0101", "\\0777", "\\cM", "\\e", "\\a", "\\f",
        "\\uD83D\\uDE00", "\\x{1F600}", "\\uD83D", "\ud800", "\udc00",
        // multi-character literals and alternations
        "::", "->", "--", "-@", "ab", "a|b", "-|@", "|", "||", "a||b", "|-", "-|",
        // predefined and custom classes
        "\\d", "\\D", "\\s", "\\S", "\\w", "\\W", "\\h", "\\v", "\\H", "\\V", "\\d+", "\\s*", "\\W+",
        "[-_]", "[.]", "[$]", "[^a-z]", "[^-]", "[a-c]", "[]a]", "[]", "[^]a]", "[a-]", "[-a]", "[a-z&&[^b]]", "[a-z&&b-c]",
        "[ab&&bc]", "[a&&b]", "[&&a]", "[a&&]", "[[a][b]]", "[a[b-c]]", "[^a[b]]", "[\\d-]", "[a-\\d]", "[z-a]", "[\\Q-\\E]",
        "[\\w&&[^\\d]]", "[\\s\\-]", "[\\x00-\\x2f]", "[^\\x00-\\x7f]", "[\\ud800-\\udfff]", "[\\x{10000}-\\x{10ffff}]", "[&]", "[a&b]",
        // dots, anchors, line terminators
        "..", ".*", ".+", ".?", "a.", ".-", "$", "^", "^-", "-$", "\\z", "\\Z", "\\A", "\\A-", "\\G-", "\\G", "\\R", "$^", "a$", "\\n$",
        // quantifiers
        "-*", "-+", "-?", "-{2}", "-{1,2}", "-{2,}", "-*?", "-+?", "-++", "-*+", "-{0}", "-{0,1}", "-{,2}", "-{2,1}", "-{", "-{a}",
        "a*", "a+b", "x*", "", "(?:)", "()", "(-)", "(-)+", "(-|@)+", "(a|ab)(c|bcd)", "(?:-|@)", "(-)\\1", "(.)\\1", "\\1",
        "(a)\\2", "(?<n>-)\\k<n>", "(?<n>-)", "\\k<n>", "(?<1>-)",
        // lookaround, atomic, possessive
        "(?=-)", "(?!-)", "(?<=-)", "(?<!-)", "(?<=a)-", "(?<=-)b", "-(?=b)", "(?<=a|bc)-", "(?<=a*)x", "(?<=a+)-", "(?<=ba*)-",
        "(?<=(ab)*)-", "(?<=a{1,3})-", "(?>-|--)-", "(?>a*)", "(?=a)*", "(a?){3}", "(a*)*", "(a*)+b",
        // quoting
        "\\Q.\\E", "\\Q::\\E", "\\Q$\\E", "\\Q-", "\\Q\\E", "\\Qa\\Eb", "\\Q1\\E", "\\Q\\\\E", "\\E", "a\\Q|\\E|b",
        // refused or invalid
        "(", ")", "(?", "(?i)a", "(?i:a)", "(?x)a", "\\p{L}", "\\pL", "\\P{L}", "\\b", "\\B", "\\X", "\\N{HYPHEN-MINUS}",
        "\\y", "\\i", "\\x", "\\x{110000}", "\\u12", "\\c", "(?<=a", "(?$)", "(?q)", "(?)", "*", "+a", "?", "a**", "{2}", "{",
        "\\", "a\\", "[\\b]", "[\\A]", "\\k<z>", "\\k", "(?<n>a)(?<n>b)", "(?<=\\ud83d\\ude00)-", "(?<=(?:a|b)+)-",
    };
    static final String[] INPUTS = {
        "", "broker-A", "broker-A-", "-broker", "--", "-", "a", "ab", "aab-x-ab-xx", "broker.A", "broker$A", "$broker$",
        "broker|A", "a::b::c", "a->b->", "::a", "broker@A@B", "10.0.0.1@cid-00001-R1", "DEFAULT@broker-a", "a1b22c333",
        "a b\tc\nd", "line\n", "line\r\n", "a\r\n\rb\u0085c\u2028d\u2029", "\n", "\r\n", "x\n\n",
        "\u4e2d-\u6587", "\ud83d\ude00-\ud83d\ude00x", "a\ud800b", "\ud800", "x\udc00-\ud800\udc00", "\ud83d\ude00",
        "bcabc", "ab-b--", "-a-@-@@", "a_b_c", "abcabc", "xx", "aaa", "(a)[b]{c}", "a\\b", "\u00e9-\u00c9", "\u0000-\u0000",
    };

    public static void main(String[] args) throws Exception {
        try (Writer w = out("split.jsonl")) {
            for (String sep : SEPS) {
                StringBuilder line = new StringBuilder("{\"sep\":").append(q(sep)).append(",\"splits\":[");
                for (int i = 0; i < INPUTS.length; i++) {
                    String in = INPUTS[i];
                    if (i > 0) line.append(',');
                    line.append("{\"in\":").append(q(in)).append(',');
                    try {
                        String[] pieces = in.split(sep);
                        line.append("\"out\":").append(arr(pieces)).append('}');
                    } catch (RuntimeException e) {
                        line.append("\"error\":").append(q(e.getClass().getSimpleName())).append('}');
                    }
                }
                w.write(line.append("]}\n").toString());
            }
        }
        nearby();
    }

    static final String[][] NEARBY = { // sep, broker names' rooms joined by sep, consumer rooms
        {"$", "broker$A", "c$A"}, {"\\$", "broker$A", "c$A"}, {".", "broker.A", "c.A"}, {"\\.", "broker.A", "10.0.0.1@c.A"},
        {"|", "broker|A", "c|A"}, {"\\|", "broker|A", "c|A"}, {"::", "broker::A", "c::A"}, {"->", "broker->A", "c->A"},
        {"[-_]", "broker_A", "c-A"}, {"\\s+", "broker  A", "c A"}, {"-+", "broker--A", "c-A"}, {"(", "broker(A", "c(A"},
        {"\\d", "broker1A", "c2A"}, {"", "xA", "yA"}, {"(?<=-)", "b-A", "c-A"}, {"a|b", "xbA", "yaA"},
    };

    static void nearby() throws Exception {
        try (Writer cw = out("../alloc-regexsep.cases.jsonl"); Writer rw = out("../alloc-regexsep.results.jsonl")) {
            int n = 0;
            for (String[] t : NEARBY) {
                for (String inner : new String[] {"AVG", "AVG_BY_CIRCLE"}) {
                    n++;
                    String sep = t[0];
                    String id = String.format("regexsep-%03d-%s", n, inner);
                    List<MessageQueue> mqs = new ArrayList<>();
                    List<String> cids = new ArrayList<>();
                    for (String room : new String[] {"A", "B"}) {
                        String broker = t[1].replace("A", room);
                        for (int q = 0; q < 2; q++) mqs.add(new MessageQueue("T", broker, q + (room.equals("A") ? 0 : 2)));
                        cids.add(t[2].replace("A", room) + "1");
                        cids.add(t[2].replace("A", room));
                    }
                    cids.add("nosep");
                    List<String> current = new ArrayList<>(cids);
                    StringBuilder c = new StringBuilder("{\"id\":").append(q(id)).append(",\"op\":\"allocate\",\"strategy\":{\"name\":\"MACHINE_ROOM_NEARBY\",\"inner\":{\"name\":").append(q(inner))
                        .append("},\"resolver\":{\"sep\":").append(q(sep)).append(",\"brokerField\":1,\"consumerField\":1}},\"group\":\"g\",\"mqAll\":[");
                    for (int i = 0; i < mqs.size(); i++) c.append(i > 0 ? "," : "").append(mq(mqs.get(i)));
                    c.append("],\"cidAll\":").append(arr(cids.toArray(new String[0]))).append(",\"currentCIDs\":").append(arr(current.toArray(new String[0]))).append(",\"sortFirst\":false}\n");
                    cw.write(c.toString());
                    AllocateMessageQueueStrategy in = inner.equals("AVG") ? new AllocateMessageQueueAveragely() : new AllocateMessageQueueAveragelyByCircle();
                    AllocateMachineRoomNearby s = new AllocateMachineRoomNearby(in, new AllocateMachineRoomNearby.MachineRoomResolver() {
                        public String brokerDeployIn(MessageQueue messageQueue) { return messageQueue.getBrokerName().split(sep)[1]; }
                        public String consumerDeployIn(String clientID) { return clientID.split(sep)[1]; }
                    });
                    StringBuilder r = new StringBuilder("{\"id\":").append(q(id)).append(",\"name\":").append(q(s.getName())).append(",\"results\":{");
                    for (int i = 0; i < current.size(); i++) {
                        r.append(i > 0 ? "," : "").append(q(current.get(i))).append(':');
                        try {
                            List<MessageQueue> got = s.allocate("g", current.get(i), mqs, cids);
                            r.append("{\"queues\":[");
                            for (int j = 0; j < got.size(); j++) r.append(j > 0 ? "," : "").append(mq(got.get(j)));
                            r.append("]}");
                        } catch (RuntimeException e) {
                            String msg = String.valueOf(e.getMessage());
                            r.append("{\"error\":").append(q(e.getClass().getSimpleName())).append(",\"message\":").append(q(msg)).append('}');
                        }
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

    static String arr(String[] a) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < a.length; i++) b.append(i > 0 ? "," : "").append(q(a[i]));
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

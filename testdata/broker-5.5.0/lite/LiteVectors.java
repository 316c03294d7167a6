// Generates ../lite.{cases,results}.jsonl with the real Guava (Debian
// libguava-java, /usr/share/java/guava.jar; RocketMQ 5.5.0's broker calls
// Hashing.consistentHash(liteTopic.hashCode(), writeQueues.size()) in
// LiteShardingImpl). Run from this folder (JDK 17):
//   javac -cp /usr/share/java/guava.jar -d /tmp/litegen LiteVectors.java
//   java -cp /tmp/litegen:/usr/share/java/guava.jar LiteVectors
import com.google.common.hash.Hashing;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class LiteVectors {
    public static void main(String[] args) throws Exception {
        List<String> names = new ArrayList<>(Arrays.asList(
            "lite_topic", "a", "b", "order-1", "order-2", "user:42", "user:43", "polygenelubricants", "\u4e2d\u6587\u4e3b\u9898",
            "\ud83d\ude00", "x\ud800", "x\ufffd", "session/2026-12-01/alice", "device#9f8e", "\u00e9t\u00e9", "Aa", "BB", " "));
        for (int i = 0; i < 40; i++) names.add("lite-" + i);
        Random rnd = new Random(83);
        for (int i = 0; i < 40; i++) {
            StringBuilder b = new StringBuilder();
            int len = 1 + rnd.nextInt(24);
            for (int j = 0; j < len; j++) b.append((char) (rnd.nextBoolean() ? 0x21 + rnd.nextInt(94) : 0xA0 + rnd.nextInt(0xD000)));
            names.add(b.toString());
        }
        long[] longs = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, 2862933555777941757L, 0xFFFFFFFFL, -2147483649L};
        try (Writer cw = out("../lite.cases.jsonl"); Writer rw = out("../lite.results.jsonl")) {
            int n = 0;
            // how one input's bucket moves as the count grows 1..1024
            for (String name : names) {
                String id = String.format("lite-hash-%03d", ++n);
                long input = name.hashCode();
                cw.write("{\"id\":" + q(id) + ",\"op\":\"consistentHash\",\"input\":\"" + input + "\",\"name\":" + q(name) + ",\"maxBuckets\":1024}\n");
                rw.write("{\"id\":" + q(id) + ",\"buckets\":" + buckets(input, 1024) + "}\n");
            }
            for (long input : longs) {
                String id = String.format("lite-long-%03d", ++n);
                cw.write("{\"id\":" + q(id) + ",\"op\":\"consistentHash\",\"input\":\"" + input + "\",\"maxBuckets\":1024}\n");
                rw.write("{\"id\":" + q(id) + ",\"buckets\":" + buckets(input, 1024) + "}\n");
            }
            for (long i = 0; i < 64; i++) { // a spread of longs, large counts
                long input = rnd.nextLong();
                String id = String.format("lite-long-%03d", ++n);
                cw.write("{\"id\":" + q(id) + ",\"op\":\"consistentHash\",\"input\":\"" + input + "\",\"maxBuckets\":64,\"also\":[1000000,2147483647]}\n");
                rw.write("{\"id\":" + q(id) + ",\"buckets\":" + buckets(input, 64) + ",\"also\":[" + Hashing.consistentHash(input, 1000000) + "," + Hashing.consistentHash(input, Integer.MAX_VALUE) + "]}\n");
            }
            // the lite topic's queue in a parent topic's write queues (two brokers, 8 queues each, then other shapes)
            int[][] shapes = {{8, 8}, {4}, {1}, {16, 16, 16}, {3, 5}};
            for (int[] shape : shapes) {
                List<String[]> queues = new ArrayList<>();
                for (int b = 0; b < shape.length; b++) for (int qid = 0; qid < shape[b]; qid++) queues.add(new String[] {"broker-" + (char) ('a' + b), String.valueOf(qid)});
                for (String name : names.subList(0, 30)) {
                    String id = String.format("lite-queue-%03d", ++n);
                    StringBuilder mqs = new StringBuilder("[");
                    for (int i = 0; i < queues.size(); i++) mqs.append(i > 0 ? "," : "").append("[\"Parent\",").append(q(queues.get(i)[0])).append(',').append(queues.get(i)[1]).append(']');
                    mqs.append(']');
                    cw.write("{\"id\":" + q(id) + ",\"op\":\"liteTopicQueue\",\"writeQueues\":" + mqs + ",\"liteTopic\":" + q(name) + "}\n");
                    String[] got = queues.get(Hashing.consistentHash(name.hashCode(), queues.size()));
                    rw.write("{\"id\":" + q(id) + ",\"queue\":[\"Parent\"," + q(got[0]) + "," + got[1] + "]}\n");
                }
            }
            String[] bad = {"0", "-1"};
            for (String b : bad) {
                String id = String.format("lite-bad-%03d", ++n);
                cw.write("{\"id\":" + q(id) + ",\"op\":\"consistentHash\",\"input\":\"5\",\"maxBuckets\":1,\"also\":[" + b + "]}\n");
                try {
                    Hashing.consistentHash(5, Integer.parseInt(b));
                } catch (IllegalArgumentException e) {
                    rw.write("{\"id\":" + q(id) + ",\"error\":\"IllegalArgumentException\",\"message\":" + q(e.getMessage()) + "}\n");
                }
            }
        }
    }

    static String buckets(long input, int max) {
        StringBuilder b = new StringBuilder("[");
        for (int n = 1; n <= max; n++) b.append(n > 1 ? "," : "").append(Hashing.consistentHash(input, n));
        return b.append(']').toString();
    }

    static Writer out(String name) throws IOException {
        return new OutputStreamWriter(new FileOutputStream(name), StandardCharsets.UTF_8);
    }

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

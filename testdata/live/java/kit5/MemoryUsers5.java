/*
 * rmqalloc live test: the users of a 5.3.3 broker with authentication on, from a file, in memory. RocketMQ's own
 * LocalAuthenticationMetadataProvider keeps them in RocksDB, which kit5 stubs out (kit5/README.md), so the live
 * layer's broker names this class as authenticationMetadataProvider instead; authentication itself (the signature
 * check, DefaultAuthenticationProvider) is RocketMQ's.
 *
 * The file is -Drmqalloc.auth.file=PATH; its lines "user NAME PASSWORD SUPER|NORMAL" (others: MemoryAcls5).
 */
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.rocketmq.auth.authentication.enums.UserType;
import org.apache.rocketmq.auth.authentication.model.User;
import org.apache.rocketmq.auth.authentication.provider.AuthenticationMetadataProvider;
import org.apache.rocketmq.auth.config.AuthConfig;

public class MemoryUsers5 implements AuthenticationMetadataProvider {
    private final Map<String, User> users = new ConcurrentHashMap<>();

    static List<String[]> lines(String kind) {
        List<String[]> out = new ArrayList<>();
        try {
            for (String l : Files.readAllLines(Paths.get(System.getProperty("rmqalloc.auth.file")))) {
                String[] f = l.trim().split("\\s+");
                if (f.length > 1 && f[0].equals(kind)) out.add(f);
            }
        } catch (Exception e) {
            throw new IllegalStateException("rmqalloc.auth.file: " + e, e);
        }
        return out;
    }

    @Override public void initialize(AuthConfig config, Supplier<?> metadataService) {
        for (String[] f : lines("user")) users.put(f[1], User.of(f[1], f[2], UserType.getByName(f[3])));
    }
    @Override public void shutdown() { }
    @Override public CompletableFuture<Void> createUser(User u) { users.put(u.getUsername(), u); return CompletableFuture.completedFuture(null); }
    @Override public CompletableFuture<Void> deleteUser(String name) { users.remove(name); return CompletableFuture.completedFuture(null); }
    @Override public CompletableFuture<Void> updateUser(User u) { users.put(u.getUsername(), u); return CompletableFuture.completedFuture(null); }
    @Override public CompletableFuture<User> getUser(String name) { return CompletableFuture.completedFuture(users.get(name)); }
    @Override public CompletableFuture<List<User>> listUser(String filter) { return CompletableFuture.completedFuture(new ArrayList<>(users.values())); }
}

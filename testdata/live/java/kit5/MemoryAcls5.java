/*
 * rmqalloc live test: the ACLs of a 5.3.3 broker with authorization on, from a file, in memory (why: MemoryUsers5).
 * Authorization itself (DefaultAuthorizationProvider: which request needs which action on which resource, the
 * policy match) is RocketMQ's.
 *
 * Lines of -Drmqalloc.auth.file: "acl NAME RESOURCE ACTION[,ACTION...] Allow|Deny", RESOURCE as RocketMQ writes it
 * (Topic:T1, Group:G1, Topic:*), ACTION one of Action's names (PUB, SUB, GET, ...).
 */
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.rocketmq.auth.authentication.model.Subject;
import org.apache.rocketmq.auth.authentication.model.User;
import org.apache.rocketmq.auth.authorization.enums.Decision;
import org.apache.rocketmq.auth.authorization.model.Acl;
import org.apache.rocketmq.auth.authorization.model.Resource;
import org.apache.rocketmq.auth.config.AuthConfig;
import org.apache.rocketmq.auth.authorization.provider.AuthorizationMetadataProvider;
import org.apache.rocketmq.common.action.Action;

public class MemoryAcls5 implements AuthorizationMetadataProvider {
    private final Map<String, Acl> acls = new ConcurrentHashMap<>();

    @Override public void initialize(AuthConfig config, Supplier<?> metadataService) {
        for (String[] f : MemoryUsers5.lines("acl")) {
            List<Action> actions = new ArrayList<>();
            for (String a : f[3].split(",")) actions.add(Action.valueOf(a));
            Acl acl = Acl.of(User.of(f[1]), Arrays.asList(Resource.of(f[2])), actions, null, Decision.valueOf(f[4].toUpperCase()));
            String key = acl.getSubject().getSubjectKey();
            Acl had = acls.get(key);
            if (had == null) acls.put(key, acl);
            else had.updatePolicy(acl.getPolicies());
        }
    }
    @Override public void shutdown() { }
    @Override public CompletableFuture<Void> createAcl(Acl acl) { acls.put(acl.getSubject().getSubjectKey(), acl); return CompletableFuture.completedFuture(null); }
    @Override public CompletableFuture<Void> deleteAcl(Subject s) { acls.remove(s.getSubjectKey()); return CompletableFuture.completedFuture(null); }
    @Override public CompletableFuture<Void> updateAcl(Acl acl) { acls.put(acl.getSubject().getSubjectKey(), acl); return CompletableFuture.completedFuture(null); }
    @Override public CompletableFuture<Acl> getAcl(Subject s) { return CompletableFuture.completedFuture(acls.get(s.getSubjectKey())); }
    @Override public CompletableFuture<List<Acl>> listAcl(String subjectFilter, String resourceFilter) { return CompletableFuture.completedFuture(new ArrayList<>(acls.values())); }
}

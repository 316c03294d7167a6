package live

import (
	"strconv"
	"strings"
)

// What each request of a read is called in RocketMQ (RequestCode) and what
// a 5.x cluster with authorization on checks before answering it (the
// @RocketMQAction of its request header: GET on the CLUSTER for a route,
// GET on the GROUP for the rest). A 4.x plain ACL broker checks no
// resource for these reads: any account with a valid signature may make
// them (they are not among Permission's admin codes).
var requestNames = map[int]string{
	codeGetRouteInfoByTopic:       "GET_ROUTEINFO_BY_TOPIC",
	codeGetConsumerConnectionList: "GET_CONSUMER_CONNECTION_LIST",
	codeGetConsumeStats:           "GET_CONSUME_STATS",
	codeGetConsumerRunningInfo:    "GET_CONSUMER_RUNNING_INFO",
}

// isACLRefusal: the answer is ACL's. 5.x answers NO_PERMISSION (16) for a
// failed authentication or authorization; a 4.x broker's plain ACL throws
// AclException from its RPC hook, which 4.x remoting answers as
// SYSTEM_ERROR (1) with the exception in the remark.
func isACLRefusal(resp *Command) bool {
	if resp.Code == respNoPermission {
		return true
	}
	return resp.Code == respSystemError && strings.Contains(resp.Remark, "AclException")
}

// refusal is one line for an ACL refusal: who refused which request (its
// name and code), the server's reason, and what the read needs.
func refusal(addr, role, what string, code int, group string, resp *Command, cred *Credentials) *Error {
	name := strings.TrimPrefix(role, "the ")
	req := requestNames[code]
	if req == "" {
		req = "request"
	}
	// The refusing server's version says which ACL it runs.
	need := "valid key (4.x plain ACL: any account, no topic or group permission)"
	switch {
	case resp.Version < versionV5_0_0:
	case code == codeGetRouteInfoByTopic:
		need = "valid key with GET on the cluster's topics"
	default:
		need = "valid key with GET on Group:" + group
	}
	who := "no access key was given (RMQALLOC_ACCESS_KEY/RMQALLOC_SECRET_KEY or --credentials FILE)"
	if cred != nil {
		who = "access key " + strconv.Quote(cred.AccessKey) + " is refused (wrong secret key, unknown key, or no permission)"
	}
	msg := name + " " + addr + " refused " + req + " (" + what + ", code " + strconv.Itoa(code) + "): ACL: " + who +
		"; it needs a " + need + " (server: CODE: " + strconv.Itoa(resp.Code) + " " + aclReason(resp.Remark) + ")"
	return &Error{Kind: ErrRefused, Addr: addr, Code: resp.Code, Msg: cred.scrub(msg)}
}

// aclReason is the useful part of a refusal's remark: its first line, with
// 4.x's "org.apache.rocketmq.acl.common.AclException: " and the stack
// frame remoting appends (", at Class.method(File.java:N)") cut off.
func aclReason(remark string) string {
	r := firstLine(remark)
	if i := strings.Index(r, "Exception: "); i >= 0 {
		r = r[i+len("Exception: "):]
	}
	if i := strings.Index(r, ", org.apache."); i >= 0 {
		r = r[:i]
	}
	return strings.TrimSpace(r)
}

package live

import (
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"sort"
	"strings"

	"github.com/rmqalloc/rmqalloc/internal/javalang"
)

// Credentials are an access key pair for a cluster with ACL on: RocketMQ
// 4.x plain ACL (ACL 1.0) and 5.x authentication (ACL 2.0) both check the
// same request signature (see Sign). The secret never leaves this value:
// it is not formatted by fmt, not marshalled, and Session scrubs it from
// every message a server could echo it into.
type Credentials struct {
	AccessKey string
	SecretKey string `json:"-"`
}

// String keeps the secret out of %v, %s and %+v.
func (c Credentials) String() string { return "access key " + c.AccessKey }

// GoString keeps the secret out of %#v.
func (c Credentials) GoString() string { return "live.Credentials{AccessKey: " + c.AccessKey + "}" }

// Ext fields the signing adds, and the one both servers leave out of the
// signed content besides the signature itself (MixAll.UNIQUE_MSG_QUERY_FLAG).
const (
	extAccessKey      = "AccessKey"
	extSignature      = "Signature"
	extUniqueKeyQuery = "_UNIQUE_KEY_QUERY"
)

// Sign adds AccessKey and Signature to c's ext fields, as the Java
// client's AclClientRPCHook does: the signature is base64(HmacSHA1(secret,
// content)), the content being the values of every ext field (AccessKey
// included; Signature and _UNIQUE_KEY_QUERY not) in the order of their
// names as Java sorts strings (a TreeMap), concatenated as UTF-8, then the
// body. The 4.x broker (PlainAccessValidator) and the 5.x one
// (DefaultAuthenticationContextBuilder) rebuild that content from the ext
// fields they receive, so it is computed from what goes on the wire.
func (c Credentials) Sign(cmd *Command) {
	ext := make(map[string]string, len(cmd.ExtFields)+2)
	for k, v := range cmd.ExtFields {
		ext[k] = v
	}
	ext[extAccessKey] = c.AccessKey
	delete(ext, extSignature)
	ext[extSignature] = Signature(c.SecretKey, SignedContent(ext, cmd.Body))
	cmd.ExtFields = ext
}

// SignedContent is the content a request's signature covers (see Sign).
func SignedContent(ext map[string]string, body []byte) []byte {
	keys := make([]string, 0, len(ext))
	for k := range ext {
		if k != extSignature && k != extUniqueKeyQuery {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool { return javalang.CompareStrings(keys[i], keys[j]) < 0 })
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(ext[k])
	}
	return append([]byte(b.String()), body...)
}

// Signature is base64(HmacSHA1(secret, content)), AclSigner.calSignature.
func Signature(secret string, content []byte) string {
	m := hmac.New(sha1.New, []byte(secret))
	m.Write(content)
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// scrub takes the secret out of a message (a server's remark could carry
// anything the request did); messages with none are returned as they are.
func (c *Credentials) scrub(msg string) string {
	if c == nil || len(c.SecretKey) < 1 {
		return msg
	}
	return strings.ReplaceAll(msg, c.SecretKey, "<secret key>")
}

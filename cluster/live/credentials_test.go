package live

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// HmacSHA1 + base64 against the published HMAC-SHA1 example (RFC 2104's
// construction; key "key", the pangram: de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9
// in hex, whose base64 is the string below).
func TestSignatureHmacSHA1(t *testing.T) {
	assert.Equal(t, "3nybhbi3iqa8ino29wqQcBydtNk=", Signature("key", []byte("The quick brown fox jumps over the lazy dog")))
	assert.Equal(t, "+9sdGxiqbAgyS31ktx+3Y3BpDh0=", Signature("", nil), "HMAC-SHA1 of nothing under an empty key")
}

// The signed content: the ext field values in Java's order of their names
// (upper case before lower case, as String.compareTo sorts UTF-16 units),
// Signature and _UNIQUE_KEY_QUERY left out, then the body.
func TestSignedContent(t *testing.T) {
	ext := map[string]string{"topic": "T1", "AccessKey": "ak", "consumerGroup": "G", "Signature": "old",
		"_UNIQUE_KEY_QUERY": "true", "Zeta": "z"}
	assert.Equal(t, "akzGT1{}", string(SignedContent(ext, []byte("{}"))))
	assert.Equal(t, "", string(SignedContent(nil, nil)))
}

// Vectors from the real Java clients: the kits' AclClientRPCHook (4.9.3's
// rocketmq-acl and 5.3.3's rocketmq-client jar gave the same) signing a
// GetConsumeStatsRequestHeader and a GetConsumerRunningInfoRequestHeader
// with a body and a non-ASCII group, keys "rmqalloc-reader" /
// "s3cr3t-Key/+=". The wire's ext fields are what Sign must produce.
func TestSignJavaVectors(t *testing.T) {
	cred := Credentials{AccessKey: "rmqalloc-reader", SecretKey: "s3cr3t-Key/+="}
	for _, tc := range []struct {
		code int
		ext  map[string]string
		body string
		want string
	}{
		{codeGetConsumeStats, map[string]string{"consumerGroup": "G_ACL"}, "", javaSigStats},
		{codeGetConsumerRunningInfo, map[string]string{"consumerGroup": "组-ü", "clientId": "127.0.0.1@c1", "jstackEnable": "false"}, `{"x":1}`, javaSigRunning},
	} {
		c := newRequest(tc.code, 1, tc.ext)
		c.Body = []byte(tc.body)
		cred.Sign(c)
		assert.Equal(t, tc.want, c.ExtFields["Signature"], "request %d", tc.code)
		assert.Equal(t, "rmqalloc-reader", c.ExtFields["AccessKey"])
		assert.Len(t, c.ExtFields, len(tc.ext)+2, "only AccessKey and Signature are added")
		_, had := tc.ext["AccessKey"]
		assert.False(t, had, "the caller's map is not changed")
	}
}

// Signing twice (a request re-sent) replaces the signature, not signs it.
func TestSignIsIdempotent(t *testing.T) {
	cred := Credentials{AccessKey: "a", SecretKey: "b"}
	c := newRequest(codeGetConsumeStats, 1, map[string]string{"consumerGroup": "G"})
	cred.Sign(c)
	first := c.ExtFields["Signature"]
	cred.Sign(c)
	assert.Equal(t, first, c.ExtFields["Signature"])
	assert.Equal(t, Signature("b", []byte("aG")), first)
}

// The secret is in no formatting and no JSON of the credentials.
func TestCredentialsNeverShowTheSecret(t *testing.T) {
	const secret = "Sup3r-Secret-Value"
	c := Credentials{AccessKey: "reader", SecretKey: secret}
	for _, f := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		assert.NotContains(t, fmt.Sprintf(f, c), secret, f)
		assert.NotContains(t, fmt.Sprintf(f, &c), secret, f)
		assert.NotContains(t, fmt.Sprintf(f, Options{Credentials: &c}), secret, f)
	}
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.NotContains(t, string(b), secret)
	assert.Equal(t, "a <secret key> b", c.scrub("a "+secret+" b"))
	var none *Credentials
	assert.Equal(t, "x", none.scrub("x"))
}

// What AclClientRPCHook.doBeforeRequest put in the Signature ext field for
// the two requests of TestSignJavaVectors (run on the kits' jars, JDK 17).
const (
	javaSigStats   = "YSA3RLDmrWIbDJByficLcT1dsrg="
	javaSigRunning = "69mMbA8tLYgIL+MWPJUbu39PwLw="
)

// A half key pair is refused before any request.
func TestSessionHalfCredentials(t *testing.T) {
	for _, c := range []*Credentials{{AccessKey: "a"}, {SecretKey: "s"}, {AccessKey: " ", SecretKey: "s"}} {
		_, err := NewSession(Options{NameServer: "h:1", Group: "G", Credentials: c})
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.ErrorIs(t, e, ErrUsage)
	}
}

package live

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// aclServer is a fake cluster with ACL on: it checks every request's
// signature as the servers do (rebuilding the content from the ext fields
// it received) against its accounts, and answers as the recorded kit when
// it holds, else with the refusal of a 4.x broker (SYSTEM_ERROR with the
// AclException, style "4") or a 5.x one (NO_PERMISSION, style "5"), each
// with its server's version.
// The NameServer checks nothing unless routes is set.
type aclServer struct {
	t        *testing.T
	accounts map[string]string // access key → secret key
	style    string
	echo     bool         // the refusal's remark echoes every ext field (a worst case for leaks)
	routes   bool         // the NameServer checks too (a 4.x or 5.x one with ACL off does not)
	checked  atomic.Int64 // calls run concurrently
}

func (a *aclServer) caller() caller {
	kit := kitCaller(a.t, nil)
	return func(ctx context.Context, addr string, frame []byte) ([]byte, error) {
		c, err := DecodeFrame(frame)
		if err != nil {
			return nil, err
		}
		if c.Code == codeGetRouteInfoByTopic && !a.routes {
			return kit(ctx, addr, frame)
		}
		a.checked.Add(1)
		if why := a.check(c); why != "" {
			if a.echo {
				why += " " + strings.Join(values(c.ExtFields), ",")
			}
			code, remark, version := respNoPermission, why, versionV5_0_0
			if a.style == "4" {
				code, remark, version = respSystemError, "org.apache.rocketmq.acl.common.AclException: "+why+", org.apache.rocketmq.acl.plain.PlainPermissionManager.validate(PlainPermissionManager.java:612)", versionV4_9_3
			}
			resp := &Command{Code: code, Flag: flagResponse, Opaque: c.Opaque, Remark: remark, Language: languageJava, Version: version}
			return resp.Encode(), nil
		}
		return kit(ctx, addr, frame)
	}
}

func values(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// check is the server's verdict: "" when the signature holds.
func (a *aclServer) check(c *Command) string {
	ak := c.ExtFields["AccessKey"]
	if ak == "" {
		return "No accessKey is configured"
	}
	secret, ok := a.accounts[ak]
	if !ok {
		return "No acl config for " + ak
	}
	if Signature(secret, SignedContent(c.ExtFields, c.Body)) != c.ExtFields["Signature"] {
		return "Check signature failed for accessKey=" + ak
	}
	return ""
}

// With the right keys the read through a cluster with ACL on is the read
// of the same cluster with ACL off, every request signed; with no key or
// a wrong one it fails with one line naming the request and what it
// needs, and never with the secret, even when the server echoes it.
func TestReadThroughACL(t *testing.T) {
	const secret = "S3cret-Of-The-Reader"
	o := Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE", Location: time.UTC, Now: func() time.Time { return time.UnixMilli(1796161323080) }}
	plain, err := readWith(context.Background(), o, kitCaller(t, nil), time.Minute)
	require.NoError(t, err)

	for _, style := range []string{"4", "5"} {
		srv := &aclServer{t: t, accounts: map[string]string{"reader": secret}, style: style, echo: true}
		o.Credentials = &Credentials{AccessKey: "reader", SecretKey: secret}
		got, err := readWith(context.Background(), o, srv.caller(), time.Minute)
		require.NoError(t, err, style)
		assert.Equal(t, plain.Files(), got.Files(), "ACL %s.0: the same read as with ACL off", style)
		assert.GreaterOrEqual(t, srv.checked.Load(), int64(4), "the broker requests were all checked")

		for _, tc := range []struct {
			name string
			cred *Credentials
			want []string
		}{
			{"none", nil, []string{"no access key was given", "RMQALLOC_ACCESS_KEY", "No accessKey is configured"}},
			{"wrong secret", &Credentials{AccessKey: "reader", SecretKey: "not-" + secret}, []string{`access key "reader" is refused`, "Check signature failed"}},
			{"unknown key", &Credentials{AccessKey: "nobody", SecretKey: secret}, []string{`access key "nobody" is refused`, "No acl config for nobody"}},
		} {
			o.Credentials = tc.cred
			_, err := readWith(context.Background(), o, srv.caller(), time.Minute)
			var e *Error
			require.ErrorAs(t, err, &e, tc.name)
			assert.ErrorIs(t, e, ErrRefused, tc.name)
			msg := e.Error()
			assert.NotContains(t, msg, "\n", "one line")
			need := map[string]string{"4": "it needs a valid key (4.x plain ACL: any account, no topic or group permission)",
				"5": "it needs a valid key with GET on Group:G_LIVE"}[style]
			for _, w := range append(tc.want, "refused GET_", need) {
				assert.Contains(t, msg, w, "%s (ACL %s.0): %s", tc.name, style, msg)
			}
			assert.NotContains(t, msg, secret, tc.name)
			assert.NotContains(t, msg, "PlainPermissionManager.java", "the stack frame is cut")
		}
	}
}

// A 5.x NameServer that refuses the route names GET_ROUTEINFO_BY_TOPIC
// and what 5.x checks for it.
func TestRefusedRoute(t *testing.T) {
	srv := &aclServer{t: t, accounts: map[string]string{}, style: "5", routes: true}
	_, err := readWith(context.Background(), Options{NameServer: "127.0.0.1:9876", Group: "G_LIVE"}, srv.caller(), time.Minute)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Msg, "NameServer 127.0.0.1:9876 refused GET_ROUTEINFO_BY_TOPIC (route of %RETRY%G_LIVE, code 105)")
	assert.Contains(t, e.Msg, "it needs a valid key with GET on the cluster's topics")
}

// Another error code is not taken for ACL.
func TestNonACLRefusal(t *testing.T) {
	for _, c := range []*Command{{Code: respSystemError, Remark: "java.lang.NullPointerException"}, {Code: 25, Remark: "x"}} {
		assert.False(t, isACLRefusal(c), c.Remark)
	}
	assert.True(t, isACLRefusal(&Command{Code: respSystemError, Remark: "org.apache.rocketmq.acl.common.AclException: x"}))
	assert.True(t, isACLRefusal(&Command{Code: respNoPermission}))
}

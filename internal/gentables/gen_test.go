package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rmqalloc/rmqalloc/internal/wireschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const root = "../.."

// TestGeneratedFilesAreFresh regenerates the tables in memory: a wire
// constant changed in wasm/ without `make generate` fails here.
func TestGeneratedFilesAreFresh(t *testing.T) {
	out, err := generate(root)
	require.NoError(t, err)
	for _, f := range out {
		onDisk, err := os.ReadFile(filepath.Join(root, f.path))
		require.NoError(t, err)
		assert.Equal(t, string(f.data), string(onDisk), "%s is stale: run `make generate`", f.path)
	}
}

// TestPackageVersionsMatchTheModule: the npm package says the version the
// module reports (wasm/meta.go).
func TestPackageVersionsMatchTheModule(t *testing.T) {
	c, err := parseConsts(filepath.Join(root, "wasm"))
	require.NoError(t, err)
	version, err := c.str("version")
	require.NoError(t, err)
	for _, p := range []string{"js/package.json", "js/package-lock.json"} {
		b, err := os.ReadFile(filepath.Join(root, p))
		require.NoError(t, err)
		var pkg struct {
			Version  string `json:"version"`
			Packages map[string]struct {
				Version string `json:"version"`
			} `json:"packages"`
		}
		require.NoError(t, json.Unmarshal(b, &pkg), p)
		assert.Equal(t, version, pkg.Version, "%s version", p)
		if self, ok := pkg.Packages[""]; ok {
			assert.Equal(t, version, self.Version, "%s packages[\"\"].version", p)
		}
	}
}

func TestUpperSnake(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Meta":             "META",
		"AnalysisPlan":     "ANALYSIS_PLAN",
		"NodeJS108":        "NODE_JS108",
		"Java493":          "JAVA493",
		"OK":               "OK",
		"TypeError":        "TYPE_ERROR",
		"MessageQueueList": "MESSAGE_QUEUE_LIST",
	} {
		assert.Equal(t, want, upperSnake(in), in)
	}
}

// TestVersionIsTiedToTheSchema: a released version (wireschema.Released)
// names one wire schema; an unreleased one is work in progress, newer
// than the last release, whose schema may change without a record.
func TestVersionIsTiedToTheSchema(t *testing.T) {
	c, err := parseConsts(filepath.Join(root, "wasm"))
	require.NoError(t, err)
	version, err := c.str("version")
	require.NoError(t, err)
	out, err := generate(root)
	require.NoError(t, err)
	hash := regexp.MustCompile(`TABLES_HASH = '([0-9a-f]+)'`).FindStringSubmatch(string(out[0].data))
	require.Len(t, hash, 2, "TABLES_HASH in %s", jsPath)
	require.NoError(t, checkRelease(version, hash[1], wireschema.Released))
}

// The rule itself, on made-up release lists: only the last released
// version's schema is fixed.
func TestCheckRelease(t *testing.T) {
	t.Parallel()
	rel := []wireschema.Release{{Version: "0.2.0", Hash: "aaaa"}, {Version: "0.3.0", Hash: "bbbb"}}
	for _, ok := range []struct{ version, hash string }{
		{"0.3.0", "bbbb"}, // the last release as released
		{"0.3.1", "cccc"}, // work in progress after it: any schema
		{"1.0.0", "bbbb"},
	} {
		assert.NoError(t, checkRelease(ok.version, ok.hash, rel), ok.version)
	}
	assert.NoError(t, checkRelease("0.2.0", "anything", nil), "nothing released yet")
	for name, tc := range map[string]struct {
		version, hash string
		rel           []wireschema.Release
		want          string
	}{
		"schema changed under the last release": {"0.3.0", "cccc", rel, "changed since 0.3.0 was released (bbbb, now cccc): bump the version"},
		"an older version":                      {"0.2.0", "aaaa", rel, "older than 0.3.0"},
		"a version that is not semver":          {"0.3", "bbbb", rel, `"0.3" is not MAJOR.MINOR.PATCH`},
		"releases out of order":                 {"0.4.0", "x", []wireschema.Release{{Version: "0.3.0", Hash: "a"}, {Version: "0.2.0", Hash: "b"}}, "0.2.0 does not follow 0.3.0"},
		"a release without its hash":            {"0.4.0", "x", []wireschema.Release{{Version: "0.3.0"}}, "no hash"},
	} {
		err := checkRelease(tc.version, tc.hash, tc.rel)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), tc.want, name)
	}
}

// TestOpsDeclarationsAreChecked: declarations the generated code could not
// serve fail with the op's name.
func TestOpsDeclarationsAreChecked(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		op   wireschema.Op
		want string
	}{
		"no refusal for a full op":  {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Full}, "refusal"},
		"refusal for a both op":     {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Refusal: "no"}, "refusal"},
		"unknown type":              {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Request: []wireschema.Field{{Name: "a", Type: "u128"}}}, "unknown type"},
		"two fields of one name":    {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Response: []wireschema.Field{{Name: "a", Type: wireschema.I32}, {Name: "a", Type: wireschema.I32}}}, "unique"},
		"int64f in a response":      {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Response: []wireschema.Field{{Name: "a", Type: wireschema.Int64F}}}, "request type"},
		"bad name":                  {wireschema.Op{Name: "X-y", Num: 1, JS: "x", Build: wireschema.Both}, "lowerCamel"},
		"raw not last":              {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Request: []wireschema.Field{{Name: "a", Type: wireschema.Raw}, {Name: "b", Type: wireschema.U8}}}, "last field"},
		"raw in a list":             {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Request: []wireschema.Field{{Name: "a", Type: wireschema.List(wireschema.Raw)}}}, "last field"},
		"unknown record":            {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Request: []wireschema.Field{{Name: "a", Type: wireschema.Rec("nope")}}}, "unknown (or not yet declared) record"},
		"int64f in a response list": {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Response: []wireschema.Field{{Name: "a", Type: wireschema.Opt(wireschema.List(wireschema.Int64F))}}}, "request type"},
		"a request custom answered": {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Response: []wireschema.Field{{Name: "a", Type: wireschema.Custom("strategySpec")}}}, "no GoWrite"},
		"unknown custom":            {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Request: []wireschema.Field{{Name: "a", Type: wireschema.Custom("nope")}}}, "unknown custom"},
		"raw in a hot op":           {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Hot: true, Response: []wireschema.Field{{Name: "a", Type: wireschema.Raw}}}, "straight-line"},
		"a closure custom in a hot op's list of records": {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Hot: true,
			Request: []wireschema.Field{{Name: "a", Type: wireschema.List(wireschema.Rec("clientStrategy"))}}}, "no JSEncode"},
		"a hot op's closure custom": {wireschema.Op{Name: "x", Num: 1, JS: "x", Build: wireschema.Both, Hot: true, Request: []wireschema.Field{{Name: "a", Type: wireschema.Custom("strategySpec")}}}, "no JSEncode"},
	} {
		err := checkOps([]wireschema.Op{tc.op})
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), tc.want, name)
	}
	err := checkOps([]wireschema.Op{{Name: "x", Num: 7, JS: "x", Build: wireschema.Both}, {Name: "y", Num: 7, JS: "y", Build: wireschema.Both}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "number 7 is x's")
}

// Not parallel: checkCustom reads the customs index checkOps rebuilds.
func TestCustomDeclarationsAreChecked(t *testing.T) {
	ok := wireschema.CustomType{Name: "v", GoType: "int", GoRead: "readV", GoWrite: "writeV", JSDecode: "decV", JSFrom: "./wire.js", JSType: "number", SampleHex: "02", SampleGo: "1", SampleJS: "1"}
	require.NoError(t, checkCustom(ok))
	for name, tc := range map[string]struct {
		edit func(*wireschema.CustomType)
		want string
	}{
		"bad name":                   {func(c *wireschema.CustomType) { c.Name = "V" }, "lowerCamel"},
		"no Go type":                 {func(c *wireschema.CustomType) { c.GoType = "" }, "Go type"},
		"neither reader nor writer":  {func(c *wireschema.CustomType) { c.GoRead, c.GoWrite, c.JSDecode = "", "", "" }, "GoRead"},
		"a response JS cannot read":  {func(c *wireschema.CustomType) { c.JSDecode = "" }, "JSDecode"},
		"a JS reader with no writer": {func(c *wireschema.CustomType) { c.GoWrite = "" }, "needs GoWrite"},
		"a JS writer with no reader": {func(c *wireschema.CustomType) { c.GoRead, c.JSEncode = "", "encV" }, "needs GoRead"},
		"no module":                  {func(c *wireschema.CustomType) { c.JSFrom = "" }, "JSFrom"},
		"no JS sample":               {func(c *wireschema.CustomType) { c.SampleJS = "" }, "SampleJS"},
		"a JS sample not JSON":       {func(c *wireschema.CustomType) { c.SampleJS = "{" }, "JSON"},
		"a sample not hex":           {func(c *wireschema.CustomType) { c.SampleHex = "zz" }, "hex"},
	} {
		c := ok
		tc.edit(&c)
		err := checkCustom(c)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), tc.want, name)
	}
}

// TestFullOnlyDeclarationsStayOutOfTheCoreFile: what only full-build ops
// use (their types, the records and lists they alone reach) is generated
// under -tags rmqfull, so the core module never links it.
func TestFullOnlyDeclarationsStayOutOfTheCoreFile(t *testing.T) {
	require.NoError(t, checkOps(wireschema.Ops))
	core, full := string(renderOpsGo(wireschema.Ops)), string(renderOpsFullGo(wireschema.Ops))
	for _, o := range wireschema.Ops {
		decl := "type " + o.Name + "Request struct"
		if o.Build == wireschema.Full {
			assert.NotContains(t, core, decl, "the core file declares %s", o.Name)
			assert.Contains(t, full, decl, "the full file declares %s", o.Name)
		} else {
			assert.Contains(t, core, decl, "the core file declares %s", o.Name)
		}
	}
	// liveRequest is only the live read's (full); queue is in one file (the
	// core one as soon as a core op uses it).
	assert.Contains(t, full, "type wireLiveRequest struct")
	assert.NotContains(t, core, "type wireLiveRequest struct")
	assert.NotEqual(t, strings.Contains(core, "type wireQueue struct"), strings.Contains(full, "type wireQueue struct"), "wireQueue in exactly one file")
}

// TestHotOpsAreStraightLine: a Hot op is read and written by code of its
// own, not by the descriptor walk, and its JS encoder takes its fields as
// arguments (no request object, no closure per call).
func TestHotOpsAreStraightLine(t *testing.T) {
	require.NoError(t, checkOps(wireschema.Ops))
	core, js := string(renderOpsGo(wireschema.Ops)), string(renderOpsJS(wireschema.Ops))
	hot := 0
	for _, o := range wireschema.Ops {
		if !o.Hot {
			continue
		}
		hot++
		N := upper(o.Name)
		assert.Contains(t, core, "func read"+N+"Request(r *reader)", o.Name)
		assert.NotContains(t, core, "wt"+N+"Request", "%s has no descriptor", o.Name)
		args := []string{"enc", "ctx"}
		for _, f := range o.Request {
			args = append(args, f.Name)
		}
		assert.Contains(t, js, "export function enc"+upper(o.JS)+"("+strings.Join(args, ", ")+") {", o.Name)
	}
	assert.Positive(t, hot, "the selection ops are hot")
	// Customs only Hot ops use get no descriptor and no case in the
	// walker's switch: the Hot ops call them directly.
	assert.NotContains(t, core, "wtCustomHashArg")
	assert.NotContains(t, core, "= readHashArg(r)\n\tcase")
	// Lists, optional values and records of Hot ops are generated loops:
	// producerNew's optional list of queueData records, producerState's
	// list of fault items; records only Hot ops use get no descriptor.
	assert.Contains(t, core, "\tif r.bool() {\n\t\tvar v0 []wireQueueData\n\t\tv0 = make([]wireQueueData, r.count(4))\n\t\tfor i1 := range v0 {\n\t\t\te1 := &v0[i1]\n\t\t\te1.BrokerName = r.str()\n")
	assert.Contains(t, core, "\tw.uvarint(uint64(len(p.Faults)))\n\tfor i0 := range p.Faults {\n\t\te0 := &p.Faults[i0]\n\t\tw.str(e0.BrokerName)\n")
	assert.NotContains(t, core, "wtRecQueueData")
	assert.NotContains(t, core, "wtListRecFaultItem")
}

// TestSchemaHashFollowsBytesNotNames: a custom layout enters the schema
// hash by its golden bytes and directions, so renaming the Go function
// that reads it keeps the hash and changing its bytes does not.
func TestSchemaHashFollowsBytesNotNames(t *testing.T) {
	t.Parallel()
	base := schemaText(wireschema.Customs, wireschema.Ops)
	changed := func(edit func(*wireschema.CustomType)) string {
		cs := append([]wireschema.CustomType(nil), wireschema.Customs...)
		edit(&cs[0])
		return schemaText(cs, wireschema.Ops)
	}
	assert.Equal(t, base, changed(func(c *wireschema.CustomType) { c.GoRead += "Renamed"; c.Doc += " more" }), "a renamed reader")
	assert.NotEqual(t, base, changed(func(c *wireschema.CustomType) { c.SampleHex += "00" }), "other golden bytes")
	assert.NotEqual(t, base, changed(func(c *wireschema.CustomType) {
		if c.GoRead == "" {
			c.GoRead = "readIt"
		} else {
			c.GoRead = ""
		}
	}), "read in requests or not")
}

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/internal/wireschema"
)

// wasmConsts parses a wasm/ of one file holding src.
func wasmConsts(t *testing.T, src string) consts {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "wasm")
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.go"), []byte("package main\n"+src), 0o644))
	c, err := parseConsts(dir)
	require.NoError(t, err)
	return c
}

var pathEnum = wireschema.Enum{Name: "PATH", Go: "path", Doc: "Where.", Values: []wireschema.Value{
	{Name: "Client", Int: 0}, {Name: "Broker", Int: 1}, {Name: "Proxy", Int: 2},
}}

// Only declared values are public: a wasm/ constant that happens to start
// like a table's prefix (pathMax) stays out of PATH and out of the hash.
func TestEnumsAreDeclaredNotGathered(t *testing.T) {
	t.Parallel()
	c := wasmConsts(t, "const pathMax = 4096\nconst opDoctorCheck = 90\n")
	body, err := renderTables(c, []wireschema.Op{{Name: "topicFree", Num: 3}}, []wireschema.Enum{pathEnum})
	require.NoError(t, err)
	assert.Equal(t, "/** Operation numbers (internal/wireschema, wasm/ops_generated.go). */\nexport const OP = Object.freeze({\n  TOPIC_FREE: 3,\n});\n\n"+
		"/** Where. */\nexport const PATH = Object.freeze({\n  CLIENT: 0,\n  BROKER: 1,\n  PROXY: 2,\n});\n\n", body)
	goSrc := string(renderEnumsGo([]wireschema.Enum{pathEnum}))
	assert.Contains(t, goSrc, "\tpathProxy = 2\n")
	assert.NotContains(t, goSrc, "Max")
}

// A declaration the generator cannot make both sides agree on fails with
// the table and value it is about.
func TestEnumDeclarationsAreChecked(t *testing.T) {
	t.Parallel()
	real, err := parseConsts(filepath.Join(root, "wasm"))
	require.NoError(t, err)
	broker := []string{"github.com/rmqalloc/rmqalloc/alloc/broker"}
	for name, tc := range map[string]struct {
		e    wireschema.Enum
		want string
	}{
		"lower-case table": {wireschema.Enum{Name: "path", Go: "path", Values: pathEnum.Values}, "UPPER_SNAKE"},
		"OP declared":      {wireschema.Enum{Name: "OP", Go: "op", Values: pathEnum.Values}, "UPPER_SNAKE"},
		"bad Go prefix":    {wireschema.Enum{Name: "PATH", Go: "Path", Values: pathEnum.Values}, "lowerCamel"},
		"no values":        {wireschema.Enum{Name: "PATH", Go: "path"}, "no values"},
		"bad value name":   {wireschema.Enum{Name: "PATH", Go: "path", Values: []wireschema.Value{{Name: "client"}}}, `value "client": name must be a unique UpperCamel`},
		"a name twice":     {wireschema.Enum{Name: "PATH", Go: "path", Values: []wireschema.Value{{Name: "A", Int: 1}, {Name: "A", Int: 2}}}, "unique UpperCamel"},
		"a value twice":    {wireschema.Enum{Name: "PATH", Go: "path", Values: []wireschema.Value{{Name: "Proxy", Int: 2}, {Name: "Broker", Int: 2}}}, "table PATH: BROKER and PROXY are both 2"},
		"mixed kinds":      {wireschema.Enum{Name: "PATH", Go: "path", Values: []wireschema.Value{{Name: "A", Str: "a"}, {Name: "B", Int: 2}}}, "strings or integers"},
		"a Go value that differs": {wireschema.Enum{Name: "PATH", Go: "path", GoImports: broker,
			Values: []wireschema.Value{{Name: "Proxy", Int: 1, Go: "byte(broker.PathProxy)"}}}, "PATH: value \"Proxy\": declared 1, but byte(broker.PathProxy) is 2"},
		"a Go value of an unknown package": {wireschema.Enum{Name: "PATH", Go: "path",
			Values: []wireschema.Value{{Name: "Proxy", Int: 2, Go: "y.Proxy"}}}, `its Go expression "y.Proxy"`},
	} {
		_, err := renderTables(real, nil, []wireschema.Enum{tc.e})
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), tc.want, name)
	}
}

// A declared op or enum value also written by hand in wasm/ is refused,
// not generated twice.
func TestDeclaredNamesCannotReuseAConstant(t *testing.T) {
	t.Parallel()
	_, err := renderTables(wasmConsts(t, "const pathClient = 0\n"), nil, []wireschema.Enum{pathEnum})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "pathClient is declared in internal/wireschema")
	_, err = renderTables(wasmConsts(t, "const opTopicFree = 3\n"), []wireschema.Op{{Name: "topicFree", Num: 3}}, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "opTopicFree is declared in internal/wireschema")
}

// The schema hash follows names and values, not docs: a table's doc or a
// value's doc can be edited under a released version.
func TestTableDocsAreNotHashed(t *testing.T) {
	t.Parallel()
	c := wasmConsts(t, "")
	_, h1, err := tables(c, nil, []wireschema.Enum{pathEnum})
	require.NoError(t, err)
	redoc := pathEnum
	redoc.Doc, redoc.TSDoc = "Other words.", "More."
	redoc.Values = append([]wireschema.Value(nil), pathEnum.Values...)
	redoc.Values[0].Doc = "a new doc"
	_, h2, err := tables(c, nil, []wireschema.Enum{redoc})
	require.NoError(t, err)
	assert.Equal(t, h1, h2)
	renum := redoc
	renum.Values = append([]wireschema.Value(nil), redoc.Values...)
	renum.Values[2].Int = 3
	_, h3, err := tables(c, nil, []wireschema.Enum{renum})
	require.NoError(t, err)
	assert.NotEqual(t, h1, h3)
}

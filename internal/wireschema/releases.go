package wireschema

// Releases maps each rmqalloc version (wasm/meta.go) to the hash of its
// wire schema (TABLES_HASH: the tables and the declared layouts). A version
// has one schema: change a layout, an op number or a table, and the
// generator's test asks for a new version here and in wasm/meta.go, so a
// JS package and a module that both say 0.2.0 always speak the same wire.
var Releases = map[string]string{
	"0.2.0": "737d226dd38d1178",
}

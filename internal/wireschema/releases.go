package wireschema

// Release is a published rmqalloc version (wasm/meta.go, js/package.json)
// and the hash of the wire schema it shipped (TABLES_HASH).
type Release struct {
	Version string
	Hash    string
}

// Released lists the published versions, oldest first. A version is added
// here when it is published, with the TABLES_HASH of
// js/lib/tables.generated.js at that commit, and never before: until then
// the schema changes freely under the unreleased version (the handshake,
// meta, already refuses a module and a package built from different
// schemas). Once a version is listed, internal/gentables's test requires a
// new version as soon as the schema differs from the last one released.
//
// None is published yet: 0.2.0 is work in progress.
var Released = []Release{}

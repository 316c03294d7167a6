// Package conformance runs the conformance vectors' cases (JSON Lines, one
// case a line, format in testdata/FORMAT.md) through this module and writes
// one result line per case, in the shape the real clients' results have.
// It backs `make -s conformance PROFILE=p` and the vector tests.
//
// Each op lives in its own file and registers a handler per profile.
package conformance

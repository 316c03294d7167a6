package doctor_test

import (
	"os"
	"testing"

	"github.com/rmqalloc/rmqalloc/alloc/doctor"
)

// TestDump prints the text report of the folder DOCTOR_DUMP (a debugging
// aid; skipped otherwise).
func TestDump(t *testing.T) {
	dir := os.Getenv("DOCTOR_DUMP")
	if dir == "" {
		t.Skip("set DOCTOR_DUMP to a folder of testdata/cluster")
	}
	rep, err := doctor.Diagnose(sampleInput(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + rep.Text())
}

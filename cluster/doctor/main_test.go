package doctor_test

import (
	"testing"

	"github.com/rmqalloc/rmqalloc/internal/fuzzlimit"
)

// TestMain bounds the fuzzing engine's minimization: the fuzz targets'
// seeds are whole samples, whose minimization would take the whole run.
func TestMain(m *testing.M) { fuzzlimit.Main(m) }

//go:build !unix

package doctor_test

// cpuTime is not measured here (no getrusage): the metric reads 0.
func cpuTime() int64 { return 0 }

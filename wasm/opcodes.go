package main

// The JS side's copy of these tables, and of every other wire constant, is
// generated from the Go source: change a constant here, then `make generate`.
// Operations being converted to declarations live in internal/wireschema
// instead (their numbers are generated into ops_generated.go); the
// generator refuses a number used twice.
//go:generate go run ../internal/gentables -root ..

// Operation numbers (OP in js/lib/tables.generated.js).
const (
	opMeta           = 1
	opTopicNew       = 2
	opAllocate       = 4
	opAllocateAll    = 5
	opSelectHash     = 6
	opSelectGroup    = 7
	opRoute          = 8
	opProducerNew    = 9
	opProducerSelect = 10
	opProducerState  = 13
	opCidsNew        = 16
	opSelectLite     = 19 // a lite topic's queue (RIP-83, broker 5.5.0)
	opAnalysis       = 20 // 20.. : analysis calls (analysis.go)
	opDoctor         = 30 // 30.. : the doctor (doctor.go, route_text.go)
)

// Analysis operations (alloc/analysis). Only the full build (-tags rmqfull,
// analysis.go) serves them; the core build answers each with
// ERR_UNSUPPORTED (analysis_core.go).
const (
	opAnalysisPlan         = opAnalysis + 0
	opAnalysisDiff         = opAnalysis + 1
	opAnalysisScenario     = opAnalysis + 2
	opAnalysisViews        = opAnalysis + 3
	opAnalysisSubscription = opAnalysis + 4
	opAnalysisMixed        = opAnalysis + 5
	opAnalysisCompare      = opAnalysis + 6
)

// analysisOps lists the analysis operations, in order.
var analysisOps = []int{opAnalysisPlan, opAnalysisDiff, opAnalysisScenario, opAnalysisViews, opAnalysisSubscription, opAnalysisMixed, opAnalysisCompare}

// Doctor operations: reading what mqadmin prints and diagnosing a group.
// Only the full build serves them (doctor.go, route_text.go): the doctor
// and the mqadmin parsers need encoding/json, and route.Parse would take
// the core module over its size budget; the core build answers each with
// ERR_UNSUPPORTED (doctor_core.go).
const (
	opDoctorRun  = opDoctor + 0 // texts → report JSON + text
	opParseRoute = opDoctor + 2 // str text → route (binary, route.go layout)
	opRouteText  = opDoctor + 3 // str topic, str text → publish, subscribe
)

// The live read operations (alloc/live's Session; live.go) are declared in
// internal/wireschema: liveStart (34), liveHandle (35), liveResult (36),
// liveFree (37).

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

// The live read operations (alloc/live's Session; live.go) are declared in
// internal/wireschema: liveStart (34), liveHandle (35), liveResult (36),
// liveFree (37).

//go:build rmqfull

package main

import "github.com/rmqalloc/rmqalloc/alloc/analysis"

// handleAnalysisCompare: analysis.Compare over analysis.CompareStrategies()
// as JSON, with the Markdown table as "markdown" (what the README
// publishes).
func handleAnalysisCompare(q analysisCompareRequest) (analysisCompareResponse, error) {
	g := analysis.CompareGroup{Queues: int(q.Queues), Brokers: int(q.Brokers), Members: int(q.Members)}
	res, err := analysis.Compare(g, nil)
	if err != nil {
		return analysisCompareResponse{}, err
	}
	return analysisCompareResponse{Answer: jsonAnswer(func(j jsonw) { writeCompareJSON(j, res) })}, nil
}

var (
	compareGroupKeys = []string{"brokers", "members"}
	compareRowKeys   = []string{"min", "max"}
	compareMoveKeys  = []string{"moved", "minMoves", "overlap", "dupQueueSeconds"}
	compareTailKeys  = []string{"dupQueueSeconds", "errors"}
)

func writeCompareJSON(j jsonw, res *analysis.CompareResult) {
	j.raw(`{"group":{"queues":`)
	j.int(res.Group.Queues)
	j.intFields(compareGroupKeys, res.Group.Brokers, res.Group.Members)
	j.raw("}")
	j.key("changes", false)
	j.strs(analysis.CompareChanges)
	j.key("least", false)
	j.ints(res.Least)
	j.key("rows", false)
	j.list(len(res.Rows), func(k int) {
		row := res.Rows[k]
		j.raw(`{"label":`)
		j.str(row.Label)
		j.key("strategy", false)
		j.str(row.Strategy)
		j.intFields(compareRowKeys, row.Min, row.Max)
		j.key("mean", false)
		j.float(row.Mean)
		j.key("changes", false)
		j.list(len(row.Changes), func(i int) {
			mv := row.Changes[i]
			j.named("change", mv.Change, compareMoveKeys, mv.Moved, mv.MinMoves, mv.Overlap, mv.DupQueueSeconds)
		})
		j.intFields(compareTailKeys, row.DupQueueSeconds, row.Errors)
		j.raw("}")
	})
	j.key("markdown", false)
	j.str(res.Markdown())
	j.raw("}")
}

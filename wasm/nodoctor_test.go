//go:build rmqfull && rmqnodoctor

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rmqalloc/rmqalloc/internal/testkit"
)

// The analysis build (js/rmqalloc-analysis.wasm): analysis and routes as
// text answer as in the full build (the shared tests run here too); the
// doctor, mqadmin's texts and the live read answer ERR_UNSUPPORTED naming
// the full module, and the module stays usable.

func TestAnalysisBuildNamesItselfInMeta(t *testing.T) {
	resp := call(t, opMeta, nil)
	assert.Equal(t, "analysis", metaBuild(t, resp), "build")
}

func TestAnalysisBuildRefusesTheDoctorOverTheWire(t *testing.T) {
	code, class, field, msg := responseError(t, call(t, opParse, textRequestWithFormat(2, testProgressHeaderLine)))
	assert.Equal(t, "ERR_UNSUPPORTED", code, "code")
	assert.Equal(t, "", class, "no Java class")
	assert.Equal(t, "", field, "no field")
	assert.Equal(t, "rmq.parse needs the full module (js/rmqalloc-full.wasm): load({ analysis: true })", msg)

	// The module still answers: an analysis, then a route as text.
	p, err := handleAnalysisDiff(analysisDiffRequest{From: planIn(testkit.Queues("b", 4), []string{"c0"}, false), To: planIn(testkit.Queues("b", 4), []string{"c0", "c1"}, false)})
	require.NoError(t, err)
	assert.NotEmpty(t, answerOf(t, p.Answer, err))
	resp := call(t, opRouteText, textRequest("T", fastjsonRoute))
	assert.Equal(t, byte(statusOK), resp[0], "usable afterwards")
}

func TestAnalysisBuildRefusesEveryDoctorAndLiveOp(t *testing.T) {
	refusals := map[string]error{}
	_, refusals["doctor"] = handleDoctorRun(doctorRunRequest{})
	_, refusals["parse"] = handleParse(parseRequest{})
	_, refusals["liveStart"] = handleLiveStart(liveStartRequest{})
	_, refusals["liveHandle"] = handleLiveHandle(liveHandleRequest{})
	_, refusals["liveResult"] = handleLiveResult(liveResultRequest{})
	refusals["liveFree"] = handleLiveFree(liveFreeRequest{})
	for op, err := range refusals {
		require.Error(t, err, op)
		be, ok := as[*boundaryError](err)
		require.True(t, ok, "%s: a boundary error: %v", op, err)
		assert.Equal(t, codeUnsupported, be.code, "%s: code", op)
		assert.Contains(t, err.Error(), "js/rmqalloc-full.wasm", "%s: names the module that has it", op)
		assert.Contains(t, err.Error(), "load({ analysis: true })", "%s: says how to load it", op)
	}
}

// testProgressHeaderLine is a consumerProgress header: readable text, so a
// refusal is the build's and not the input's.
const testProgressHeaderLine = "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Client IP  #Diff  #LastTime\n"

func textRequestWithFormat(format byte, text string) []byte {
	return append([]byte{format}, textRequest(text)...)
}

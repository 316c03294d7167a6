//go:build rmqfull && rmqnodoctor

package main

// The analysis build (js/rmqalloc-analysis.wasm, -tags rmqfull,rmqnodoctor):
// the full build without the doctor, the live read and mqadmin's consumer
// texts, whose packages are most of the full module (routes as text stay:
// the playground's route box needs them, and they are small). The playground's
// first result needs only rmq.analysis, and this module compiles and
// starts in about half the full one's time; the calls below answer
// ERR_UNSUPPORTED, and the page loads the full module for them.

const build = "analysis"

const needFull = " needs the full module (js/rmqalloc-full.wasm): load({ analysis: true })"

func handleParse(parseRequest) (parseResponse, error) {
	return parseResponse{}, unsupported("rmq.parse" + needFull)
}

func handleDoctorRun(doctorRunRequest) (doctorRunResponse, error) {
	return doctorRunResponse{}, unsupported("rmq.doctor" + needFull)
}

func handleLiveStart(liveStartRequest) (liveStartResponse, error) {
	return liveStartResponse{}, unsupported("the live read" + needFull)
}

func handleLiveHandle(liveHandleRequest) (liveHandleResponse, error) {
	return liveHandleResponse{}, unsupported("the live read" + needFull)
}

func handleLiveResult(liveResultRequest) (liveResultResponse, error) {
	return liveResultResponse{}, unsupported("the live read" + needFull)
}

func handleLiveFree(liveFreeRequest) error { return unsupported("the live read" + needFull) }

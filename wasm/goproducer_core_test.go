//go:build !rmqfull

package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGoProducerOpsNeedTheFullBuild(t *testing.T) {
	for _, op := range goProducerOps {
		code, _, _, msg := responseError(t, call(t, op, nil))
		assert.Equal(t, "ERR_UNSUPPORTED", code, "op %d", op)
		assert.Contains(t, msg, "load({ analysis: true })")
	}
}

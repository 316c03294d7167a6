package alloc_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/rmqalloc/rmqalloc/alloc"
)

func TestTextErrorLeavesOutUnknownPlaces(t *testing.T) {
	for _, tt := range []struct {
		err  alloc.TextError
		want string
	}{
		{alloc.TextError{Source: "progress", Line: 7, Column: 3, Msg: "expected a queue ID"}, "progress: line 7, column 3: expected a queue ID"},
		{alloc.TextError{Source: "status[1]", Line: 4, Msg: "cut line?"}, "status[1]: line 4: cut line?"},
		{alloc.TextError{Source: "strategy", Msg: "unknown strategy"}, "strategy: unknown strategy"},
		{alloc.TextError{Source: "route", Column: 5, Msg: "no line, no column"}, "route: no line, no column"},
	} {
		assert.Equal(t, tt.err.Error(), tt.want)
	}
}

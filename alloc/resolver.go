package alloc

import (
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc/internal/javalang"
)

// MachineRoomResolver is Java's AllocateMachineRoomNearby.MachineRoomResolver:
// it tells in which machine room a broker (of a queue) and a consumer are
// deployed. An empty room is an error of MACHINE_ROOM_NEARBY
// ("Machine room is null for ..."); an error returned here propagates as
// is, so return an *Error carrying the Java class the Java resolver would
// throw.
type MachineRoomResolver interface {
	BrokerDeployIn(mq MessageQueue) (string, error)
	ConsumerDeployIn(clientID string) (string, error)
}

// SplitResolver is the resolver the conformance vectors use: the room of a
// queue is field brokerField of its broker name split on sep, the room of a
// consumer is field consumerField of its client ID split on sep (Java
// split: leading empty pieces kept, trailing empty pieces dropped).
//
// Worked example with sep "-", fields 1 and 1: broker "broker-A" is in room
// "A", consumer "Consumer1-A" in room "A"; "broker" has no field 1, an
// ArrayIndexOutOfBoundsException-class error (as is a negative field).
//
// sep must be one character that Java's String.split takes literally (not
// one of `.$|()[{^?*+\`): anything else would be a regular expression in
// Java, which this package does not reproduce, and is refused here with an
// IllegalArgumentException-class error naming "sep".
func SplitResolver(sep string, brokerField, consumerField int) (MachineRoomResolver, error) {
	if !javalang.IsLiteralSeparator(sep) {
		return nil, &Error{Kind: ErrUnsupported, Field: "sep", Msg: "separator " + quote(sep) + " is not a single character that Java's split takes literally (regex metacharacters .$|()[{^?*+\\ and longer separators are not supported)"}
	}
	return splitResolver{sep: sep, broker: brokerField, consumer: consumerField}, nil
}

type splitResolver struct {
	sep              string
	broker, consumer int
}

func (r splitResolver) BrokerDeployIn(mq MessageQueue) (string, error) {
	return splitField(mq.BrokerName, r.sep, r.broker, "brokerName")
}

func (r splitResolver) ConsumerDeployIn(clientID string) (string, error) {
	return splitField(clientID, r.sep, r.consumer, "clientID")
}

func splitField(s, sep string, field int, what string) (string, error) {
	if p, ok := splitPiece(s, sep, field); ok {
		return p, nil
	}
	n := len(javalang.Split(s, sep))
	return "", indexOutOfBounds(what, "Index "+itoa(field)+" out of bounds for length "+itoa(n)+" (splitting "+quote(s)+" on "+quote(sep)+")")
}

// splitPiece is javalang.Split(s, sep)[k] without building the pieces; ok
// is false when Java would index past the end. sep must be one character
// (see javalang.IsLiteralSeparator).
func splitPiece(s, sep string, k int) (string, bool) {
	if k < 0 {
		return "", false
	}
	if len(sep) == 1 {
		return splitPieceByte(s, sep[0], k)
	}
	if !strings.Contains(s, sep) {
		return s, k == 0
	}
	rest := s
	for i := 0; ; i++ {
		j := strings.Index(rest, sep)
		if i == k {
			if j < 0 {
				return rest, rest != ""
			}
			piece := rest[:j]
			// Piece k survives the trailing-empty trim when it or some later
			// piece is non-empty.
			return piece, piece != "" || strings.TrimLeft(rest[j:], sep) != ""
		}
		if j < 0 {
			return "", false
		}
		rest = rest[j+len(sep):]
	}
}

// splitPieceByte is splitPiece for a one-byte separator c, in one pass
// over the bytes (MACHINE_ROOM_NEARBY splits every distinct name).
func splitPieceByte(s string, c byte, k int) (string, bool) {
	if strings.IndexByte(s, c) < 0 {
		return s, k == 0 // Java: no match gives [s]
	}
	start, i := 0, 0 // piece i starts at start
	for p := 0; i < k; p++ {
		if p == len(s) {
			return "", false
		}
		if s[p] == c {
			i++
			start = p + 1
		}
	}
	end := start
	for end < len(s) && s[end] != c {
		end++
	}
	piece := s[start:end]
	if piece != "" {
		return piece, true
	}
	// An empty piece survives the trailing-empty trim when a later piece
	// is non-empty.
	for p := end; p < len(s); p++ {
		if s[p] != c {
			return piece, true
		}
	}
	return piece, false
}

package alloc

import (
	"strings"
	"unicode/utf8"

	"github.com/rmqalloc/rmqalloc/alloc/internal/javaregex"
	"github.com/rmqalloc/rmqalloc/internal/javalang"
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
// consumer is field consumerField of its client ID split on sep, split as
// Java's String.split(sep) does: sep is a regular expression, leading empty
// pieces kept, trailing empty pieces dropped, no leading empty piece from a
// zero-width match at the start.
//
// Worked example with sep "-", fields 1 and 1: broker "broker-A" is in room
// "A", consumer "Consumer1-A" in room "A"; "broker" has no field 1, an
// ArrayIndexOutOfBoundsException-class error (as is a negative field).
// With sep "$" (the end of input) "broker$A" splits into itself only, so
// field 1 is out of bounds too; with "::" "broker::A" is in room "A".
//
// A sep Java cannot compile gives a resolver that fails every call with a
// PatternSyntaxException-class error, as Java's split would. A sep whose
// Java meaning this package does not reproduce (inline flags such as (?i),
// \p{...} classes, \b, \B, \X, \N{...}) is refused here with an
// ErrUnsupported error naming the construct.
func SplitResolver(sep string, brokerField, consumerField int) (MachineRoomResolver, error) {
	r := splitResolver{sep: sep, broker: brokerField, consumer: consumerField}
	if literal, ok := literalSeparator(sep); ok {
		r.literal = literal
		return r, nil
	}
	re, err := javaregex.Compile(sep)
	// A type switch, not errors.As: Compile returns its errors as they are,
	// and As would link reflectlite into the module.
	switch e := err.(type) {
	case *javaregex.UnsupportedError:
		return nil, &Error{Kind: ErrUnsupported, Field: "sep", Msg: "separator " + quote(sep) + ": " + e.Construct + " is not supported (its Java meaning is not reproduced)"}
	case *javaregex.SyntaxError:
		r.bad = &Error{Kind: ErrInvalidArgument, JavaClass: PatternSyntaxException, Field: "sep", Msg: "separator " + quote(sep) + " is not a Java regular expression: " + e.Desc}
		return r, nil
	}
	r.re = re
	return r, err
}

// literalSeparator is String.split's fast path: one character that is not
// a regex metacharacter, or a backslash and a character that is neither an
// ASCII letter nor digit, taken as that character (never a surrogate).
func literalSeparator(sep string) (string, bool) {
	if javalang.IsLiteralSeparator(sep) && utf8.ValidString(sep) && []rune(sep)[0] < 0x10000 {
		return sep, true
	}
	if len(sep) == 2 && sep[0] == '\\' && sep[1] < 0x80 && !isASCIIAlnum(sep[1]) {
		return sep[1:], true
	}
	return "", false
}

func isASCIIAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

type splitResolver struct {
	sep              string
	literal          string            // the fast path's separator, if taken
	re               *javaregex.Regexp // else the compiled separator
	bad              *Error            // else why Java cannot compile it
	broker, consumer int
}

func (r splitResolver) BrokerDeployIn(mq MessageQueue) (string, error) {
	return r.field(mq.BrokerName, r.broker, "brokerName")
}

func (r splitResolver) ConsumerDeployIn(clientID string) (string, error) {
	return r.field(clientID, r.consumer, "clientID")
}

func (r splitResolver) field(s string, field int, what string) (string, error) {
	if r.bad != nil {
		return "", r.bad
	}
	var n int
	if r.re == nil {
		if p, ok := splitPiece(s, r.literal, field); ok {
			return p, nil
		}
		n = len(javalang.Split(s, r.literal))
	} else {
		pieces, err := r.re.Split(s)
		if err != nil {
			return "", &Error{Kind: ErrLimit, Field: "sep", Msg: "splitting " + quote(s) + " on " + quote(r.sep) + ": " + err.Error()}
		}
		if field >= 0 && field < len(pieces) {
			return pieces[field], nil
		}
		n = len(pieces)
	}
	return "", indexOutOfBounds(what, "Index "+itoa(field)+" out of bounds for length "+itoa(n)+" (splitting "+quote(s)+" on "+quote(r.sep)+")")
}

// splitPiece is javalang.Split(s, sep)[k] without building the pieces; ok
// is false when Java would index past the end. sep is one literal
// character (see literalSeparator).
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

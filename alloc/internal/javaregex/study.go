package javaregex

import "math"

// Which node Java builds for a quantifier: look-behind lengths depend on it.
const (
	javaCurly      = iota // Curly, GroupCurly (a deterministic group)
	javaGroupCurly        // as javaCurly
	javaQues              // ?, {0,1}
	javaCharGreedy        // greedy *, +, {n,} on one character predicate
	javaLoop              // a group that is not deterministic: no maximum
)

// treeInfo is Java's TreeInfo, with its int arithmetic (which wraps: Java
// accepts (?<=a*) with a maximum of Integer.MAX_VALUE).
type treeInfo struct {
	minLength, maxLength    int32
	maxValid, deterministic bool
}

func newTreeInfo() *treeInfo { return &treeInfo{maxValid: true, deterministic: true} }

// study adds n to t as Java's Node.study does and returns deterministic.
func (t *treeInfo) study(n node) bool {
	switch n := n.(type) {
	case propNode:
		t.minLength++
		t.maxLength++
	case sliceNode:
		t.minLength += int32(len(n))
		t.maxLength += int32(len(n))
	case seqNode:
		for _, e := range n {
			t.study(e)
		}
	case altNode:
		minL, maxL, maxV := t.minLength, t.maxLength, t.maxValid
		minL2, maxL2 := int32(math.MaxInt32), int32(-1)
		for _, e := range n {
			*t = *newTreeInfo()
			t.study(e)
			minL2, maxL2 = min(minL2, t.minLength), max(maxL2, t.maxLength)
			maxV = maxV && t.maxValid
		}
		*t = treeInfo{minLength: minL + minL2, maxLength: maxL + maxL2, maxValid: maxV}
	case *groupNode:
		t.study(n.body)
	case *atomicNode:
		t.study(n.body)
	case *repeatNode:
		t.studyRepeat(n)
	case lineEndingNode:
		t.minLength++
		t.maxLength += 2
	case backrefNode:
		t.maxValid = false
	}
	return t.deterministic
}

func (t *treeInfo) studyRepeat(n *repeatNode) {
	switch n.java {
	case javaQues:
		minL := t.minLength
		t.study(n.body)
		t.minLength = minL
		t.deterministic = false
	case javaCharGreedy:
		t.minLength += int32(n.min)
		if t.maxValid {
			t.maxLength += math.MaxInt32
		}
		t.deterministic = false
	case javaLoop:
		t.maxValid = false
		t.deterministic = false
	default:
		minL, maxL, maxV, detm := t.minLength, t.maxLength, t.maxValid, t.deterministic
		*t = *newTreeInfo()
		t.study(n.body)
		m := t.minLength*int32(n.min) + minL
		if m < minL {
			m = 0xFFFFFFF
		}
		t.minLength = m
		if maxV && t.maxValid {
			m = t.maxLength*int32(n.max) + maxL
			t.maxLength = m
			if m < maxL {
				t.maxValid = false
			}
		} else {
			t.maxValid = false
		}
		if t.deterministic && n.min == n.max {
			t.deterministic = detm
		} else {
			t.deterministic = false
		}
	}
}

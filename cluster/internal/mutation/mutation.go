// Package mutation damages saved folders the way an operator's worst day
// does (a cut paste, a line lost or repeated, files of two captures mixed,
// status files renamed, other encodings, a terminal's wrap, `less -S`,
// colour codes) and compares the doctor's verdict on each damaged folder
// with its verdict on the intact one: REFUSED (an input error), SAME (the
// same exit status and error findings), UNJUDGED (exit 3: nothing could be
// judged) or DIFFERENT. A DIFFERENT verdict is a confident answer the
// damaged text may not support; the benchmark
// (cluster/internal/cmd/mutbench, make mutbench) counts them per class.
package mutation

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/rmqalloc/rmqalloc/cluster/doctor"
)

// Mutant is one damaged copy of a folder's input.
type Mutant struct {
	Class string // the kind of damage
	What  string // where: "progress.txt: line 7 deleted"
	Input doctor.Input
	Other int // mix-captures: the index in others of the capture mixed in; else -1
	// Valid says why the damaged text is another capture that can happen
	// (a Reason*), "" when it is damage: a changed verdict is then
	// VALID-OTHER, not DIFFERENT.
	Valid string
}

// Outcome of a diagnosis compared with the intact folder's.
const (
	Refused   = "REFUSED"
	Same      = "SAME"
	Different = "DIFFERENT" // another confident verdict (exit 0 or 1)
	Unjudged  = "UNJUDGED"  // exit 3 where the intact folder is judged: nothing confident said
	// ValidOther: another confident verdict, for damage that yields
	// another capture that can happen (Mutant.Valid says why).
	ValidOther = "VALID-OTHER"
)

// Verdict is what the CLI would say: its exit status and the error-level
// finding codes, sorted; "" with an error.
func Verdict(in doctor.Input) (string, error) {
	rep, err := doctor.Diagnose(in)
	if err != nil {
		return "", err
	}
	exit := 1
	switch {
	case rep.OK:
		exit = 0
	case !rep.Judged:
		exit = 3
	}
	var codes []string
	for _, f := range rep.Findings {
		if f.Level == doctor.LevelError && !slices.Contains(codes, string(f.Code)) {
			codes = append(codes, string(f.Code))
		}
	}
	slices.Sort(codes)
	return "exit " + strconv.Itoa(exit) + " " + strings.Join(codes, ","), nil
}

// Compare is the outcome of a mutant against the intact verdict.
func Compare(intact string, m Mutant) (string, string) {
	v, err := Verdict(m.Input)
	switch {
	case err != nil:
		return Refused, err.Error()
	case v == intact:
		return Same, v
	case strings.HasPrefix(v, "exit 3"):
		return Unjudged, v
	case m.Valid != "":
		return ValidOther, v
	}
	return Different, v
}

// box is one text of an input, to read and replace.
type box struct {
	name string
	get  func(*doctor.Input) string
	set  func(*doctor.Input, string)
}

// boxes are the texts of in: route(s), connection, progress, status files.
func boxes(in doctor.Input) []box {
	var out []box
	for i := range in.Routes {
		out = append(out, box{"route[" + strconv.Itoa(i) + "]",
			func(x *doctor.Input) string { return x.Routes[i].Text },
			func(x *doctor.Input, s string) { x.Routes[i].Text = s }})
	}
	out = append(out,
		box{"connection", func(x *doctor.Input) string { return x.Connection }, func(x *doctor.Input, s string) { x.Connection = s }},
		box{"progress", func(x *doctor.Input) string { return x.Progress }, func(x *doctor.Input, s string) { x.Progress = s }})
	for i := range in.Status {
		out = append(out, box{"status " + in.Status[i].Name,
			func(x *doctor.Input) string { return x.Status[i].Text },
			func(x *doctor.Input, s string) { x.Status[i].Text = s }})
	}
	return out
}

// clone copies in deeply enough to change one text.
func clone(in doctor.Input) doctor.Input {
	in.Routes = slices.Clone(in.Routes)
	in.Status = slices.Clone(in.Status)
	return in
}

func edit(in doctor.Input, b box, text string) doctor.Input {
	c := clone(in)
	b.set(&c, text)
	return c
}

// lines splits text after each "\n" (the last line may lack it).
func lines(text string) []string { return strings.SplitAfter(text, "\n") }

// Generate is every mutant of in. others are inputs of other captures,
// for the mixing class. Large texts are sampled: at most maxLines
// line positions a text for the per-line classes.
func Generate(in doctor.Input, others []doctor.Input, maxLines int) []Mutant {
	var out []Mutant
	add := func(class, what string, x doctor.Input) {
		out = append(out, Mutant{Class: class, What: what, Input: x, Other: -1})
	}
	for _, b := range boxes(in) {
		text := b.get(&in)
		if strings.TrimSpace(text) == "" {
			continue
		}
		ls := lines(text)
		step := max(1, len(ls)/maxLines)
		for i := 0; i < len(ls); i += step {
			at := b.name + ": line " + strconv.Itoa(i+1)
			add("cut", at+" and after cut", edit(in, b, strings.Join(ls[:i], "")))
			if l := strings.TrimRight(ls[i], "\n"); len(l) > 2 {
				add("cut-mid-line", at+" cut in the middle", edit(in, b, strings.Join(ls[:i], "")+l[:len(l)/2]))
			}
			add("delete-line", at+" deleted", edit(in, b, strings.Join(ls[:i], "")+strings.Join(ls[i+1:], "")))
			switch {
			case b.name == "connection" && connectionRow(ls, i):
				out[len(out)-1].Valid = ReasonMemberMissing
			case b.name == "progress" && onlyProgressRow(ls, i):
				out[len(out)-1].Valid = ReasonNoOffsetYet
			}
			add("duplicate-line", at+" repeated", edit(in, b, strings.Join(ls[:i+1], "")+ls[i]+strings.Join(ls[i+1:], "")))
			if i+1 < len(ls) && strings.HasPrefix(strings.TrimSpace(ls[i]), "#") {
				sw := slices.Clone(ls)
				sw[i], sw[i+1] = sw[i+1], sw[i]
				add("swap-across-header", at+" (a header) swapped with the next", edit(in, b, strings.Join(sw, "")))
			}
		}
		add("encoding-utf16-bom", b.name+" as UTF-16LE with BOM", edit(in, b, utf16le(text, true)))
		add("encoding-utf16-nobom", b.name+" as UTF-16LE without BOM", edit(in, b, utf16le(text, false)))
		add("encoding-crlf", b.name+" with CRLF", edit(in, b, strings.ReplaceAll(text, "\n", "\r\n")))
		add("encoding-utf8-bom", b.name+" with a UTF-8 BOM", edit(in, b, "\ufeff"+text))
		add("wrap-80", b.name+" wrapped at 80 columns", edit(in, b, mapLines(text, wrap80)))
		add("less-S", b.name+" cut at 80 columns (less -S)", edit(in, b, mapLines(text, cut80)))
		add("ansi", b.name+" with colour codes around headers", edit(in, b, mapLines(text, ansiHeader)))
		add("binary", b.name+" replaced by zeros", edit(in, b, strings.Repeat("\x00", len(text))))
	}
	// Two captures mixed: one box taken from another capture.
	for k, o := range others {
		for _, b := range boxes(in) {
			for _, ob := range boxes(o) {
				if kind(ob.name) != kind(b.name) {
					continue
				}
				if t := ob.get(&o); strings.TrimSpace(t) != "" && t != b.get(&in) {
					add("mix-captures", b.name+" from capture "+strconv.Itoa(k), edit(in, b, t))
					out[len(out)-1].Other = k
					switch {
					case sameGroupOtherMoment(in, b.name, t):
						out[len(out)-1].Valid = ReasonAnotherMoment
					case kind(b.name) == kind("route[0]") && routeOtherMoment(in, b.name, t):
						out[len(out)-1].Valid = ReasonRouteChanged
					case kind(b.name) == kind("status x") && statusOfLeftBrokers(in, b.name, t):
						out[len(out)-1].Valid = ReasonBrokersLeft
					}
					break
				}
			}
		}
	}
	// Status files under each other's names (shuffled).
	if n := len(in.Status); n > 1 {
		c := clone(in)
		for i := range c.Status {
			c.Status[i].Name = in.Status[(i+1)%n].Name
		}
		add("shuffle-status", "status files renamed in a cycle", c)
		if indistinct(in) {
			out[len(out)-1].Valid = ReasonNoIdentity
		}
	}
	return out
}

func kind(name string) string {
	k, _, _ := strings.Cut(name, "[")
	k, _, _ = strings.Cut(k, " ")
	return k
}

func mapLines(text string, f func(string) string) string {
	ls := lines(text)
	for i, l := range ls {
		body, nl := strings.CutSuffix(l, "\n")
		if nl {
			ls[i] = f(body) + "\n"
		} else {
			ls[i] = f(body)
		}
	}
	return strings.Join(ls, "")
}

// wrap80: a terminal's wrap, as copied from its screen.
func wrap80(l string) string {
	var b strings.Builder
	for len(l) > 80 {
		b.WriteString(l[:80] + "\n")
		l = l[80:]
	}
	b.WriteString(l)
	return b.String()
}

func cut80(l string) string { return l[:min(len(l), 80)] }

func ansiHeader(l string) string {
	if strings.HasPrefix(strings.TrimSpace(l), "#") {
		return "\x1b[1;32m" + l + "\x1b[0m"
	}
	return l
}

func utf16le(s string, bom bool) string {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 0, 2+2*len(u))
	if bom {
		b = append(b, 0xff, 0xfe)
	}
	for _, c := range u {
		b = append(b, byte(c), byte(c>>8))
	}
	return string(b)
}

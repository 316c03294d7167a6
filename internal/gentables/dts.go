package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
	"github.com/rmqalloc/rmqalloc/internal/wireschema"
)

const dtsPath = "js/index.d.ts"

// The generated region of index.d.ts: the strategy unions, from alloc's
// registry. The rest of the file is written by hand.
const (
	dtsBegin = "// BEGIN GENERATED strategies: internal/gentables from alloc's registry (make generate); do not edit.\n"
	dtsEnd   = "// END GENERATED strategies\n"
)

// optionTS is the TypeScript type of each option shape.
var optionTS = map[alloc.OptionType]string{
	alloc.OptionQueues:   "readonly MessageQueue[] | null",
	alloc.OptionStrings:  "readonly string[]",
	alloc.OptionInt:      "number",
	alloc.OptionStrategy: "StrategySpec",
	alloc.OptionResolver: "RoomResolver",
}

// The generated region of the boundary: the enum unions and the public
// interfaces (records' and answers' Shapes) declared in
// internal/wireschema.
const (
	dtsBoundaryBegin = "// BEGIN GENERATED boundary: internal/gentables from internal/wireschema (make generate); do not edit.\n"
	dtsBoundaryEnd   = "// END GENERATED boundary\n"
)

// renderDTS rewrites the generated regions of root's index.d.ts.
func renderDTS(root string, enums []wireschema.Enum, ops []wireschema.Op) (file, error) {
	b, err := os.ReadFile(filepath.Join(root, dtsPath))
	if err != nil {
		return file{}, err
	}
	src := string(b)
	region, err := strategyUnions(alloc.StrategyKinds())
	if err != nil {
		return file{}, err
	}
	if src, err = replaceRegion(src, dtsBegin, dtsEnd, region); err != nil {
		return file{}, err
	}
	if src, err = replaceRegion(src, dtsBoundaryBegin, dtsBoundaryEnd, boundaryTypes(enums, wireschema.Records, ops)); err != nil {
		return file{}, err
	}
	if err := handWrittenCopies(src, generatedNames(enums, wireschema.Records, ops)); err != nil {
		return file{}, err
	}
	return file{dtsPath, []byte(src)}, nil
}

// generatedNames are the TS names the boundary region declares.
func generatedNames(enums []wireschema.Enum, recs []wireschema.Record, ops []wireschema.Op) []string {
	var out []string
	for _, e := range enums {
		if e.TS != "" {
			out = append(out, e.TS)
		}
	}
	for _, r := range recs {
		if r.Shape != nil {
			out = append(out, r.Shape.TS)
		}
	}
	for _, o := range ops {
		if o.Answer != nil && !slices.Contains(out, o.Answer.TS) {
			out = append(out, o.Answer.TS)
		}
	}
	return out
}

// handWrittenCopies refuses a generated name declared again by hand
// outside the generated regions: TypeScript would merge two interface
// declarations silently, and the hand-written one would drift.
func handWrittenCopies(src string, names []string) error {
	var hand strings.Builder
	for rest := src; ; {
		i := strings.Index(rest, "// BEGIN GENERATED ")
		if i < 0 {
			hand.WriteString(rest)
			break
		}
		hand.WriteString(rest[:i])
		j := strings.Index(rest[i:], "// END GENERATED ")
		if j < 0 {
			return fmt.Errorf("%s: a BEGIN GENERATED region without its END", dtsPath)
		}
		rest = rest[i+j+len("// END GENERATED "):]
	}
	for _, n := range names {
		for _, kw := range []string{"interface", "type"} {
			if regexp.MustCompile(`(?m)^export ` + kw + ` ` + n + `\b`).MatchString(hand.String()) {
				return fmt.Errorf("%s: %s %s is generated from internal/wireschema: delete its hand-written copy", dtsPath, kw, n)
			}
		}
	}
	return nil
}

func replaceRegion(src, begin, end, region string) (string, error) {
	i, j := strings.Index(src, begin), strings.Index(src, end)
	if i < 0 || j < i {
		return "", fmt.Errorf("%s: no %q … %q region", dtsPath, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	return src[:i] + begin + region + src[j:], nil
}

// boundaryTypes: each enum's union that has a TS name, then each record's
// interface, then each op's answer interface (once for ops sharing one),
// fields in wire order. checkOps has checked the shapes.
func boundaryTypes(enums []wireschema.Enum, recs []wireschema.Record, ops []wireschema.Op) string {
	var b strings.Builder
	for _, e := range enums {
		if e.TS == "" {
			continue
		}
		fmt.Fprintf(&b, "/** %s */\nexport type %s =\n", e.TSDoc, e.TS)
		for i, v := range e.Values {
			if v.Doc != "" {
				fmt.Fprintf(&b, "  /** %s */\n", sentence(v.Doc))
			}
			fmt.Fprintf(&b, "  | %s%s\n", quoteJS(publicName(e, v)), map[bool]string{true: ";"}[i == len(e.Values)-1])
		}
		b.WriteString("\n")
	}
	for _, r := range recs {
		if r.Shape != nil {
			renderShape(&b, r.Shape, r.Fields)
		}
	}
	done := map[string]bool{}
	for _, o := range ops {
		if o.Answer == nil || done[o.Answer.TS] {
			continue
		}
		done[o.Answer.TS] = true
		renderShape(&b, o.Answer, o.Response)
	}
	return b.String()
}

// renderShape writes the interface sh declares over fs.
func renderShape(b *strings.Builder, sh *wireschema.Shape, fs []wireschema.Field) {
	fmt.Fprintf(b, "/** %s */\nexport interface %s {\n", sh.Doc, sh.TS)
	ro := map[bool]string{true: "readonly "}[sh.Frozen]
	for _, f := range fs {
		if slices.Contains(sh.Internal, f.Name) {
			continue
		}
		if d := sh.Fields[f.Name]; d != "" {
			fmt.Fprintf(b, "  /** %s */\n", d)
		}
		t, opt := f.Type, slices.Contains(sh.Optional, f.Name)
		if e, ok := elemOf(t, optPrefix); ok {
			t, opt = e, true
		}
		ts := tsTypeOf(t)
		if o, ok := sh.Types[f.Name]; ok {
			ts = o
		}
		fmt.Fprintf(b, "  %s%s%s: %s;\n", ro, f.Name, map[bool]string{true: "?"}[opt], ts)
	}
	b.WriteString("}\n\n")
}

// tsTypeOf is the TypeScript type of a decoded value of type t: a record
// with a Shape by its name, a union in a list parenthesized.
func tsTypeOf(t wireschema.Type) string {
	if e, ok := elemOf(t, listPrefix); ok {
		el := tsTypeOf(e)
		if strings.Contains(el, " ") {
			el = "(" + el + ")"
		}
		return el + "[]"
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return tsTypeOf(e) + " | undefined"
	}
	if e, ok := elemOf(t, recPrefix); ok {
		r := records[string(e)]
		if r.Shape != nil {
			return r.Shape.TS
		}
		parts := make([]string, len(r.Fields))
		for i, f := range r.Fields {
			parts[i] = f.Name + ": " + tsTypeOf(f.Type)
		}
		return "{ " + strings.Join(parts, "; ") + " }"
	}
	return jsTypeOf(t)
}

// sentence is a value's doc with a full stop.
func sentence(s string) string {
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
func strategyUnions(kinds []alloc.StrategyKind) (string, error) {
	var b strings.Builder
	b.WriteString("/** Names of the consumer allocation strategies (Java's getName()). */\nexport type StrategyName =\n")
	for i, k := range kinds {
		fmt.Fprintf(&b, "  | %s%s\n", quoteJS(k.Name), map[bool]string{true: ";"}[i == len(kinds)-1])
	}
	b.WriteString("\n/**\n * A consumer strategy, shaped as in the vectors' FORMAT.md.\n *\n")
	for _, k := range kinds {
		fmt.Fprintf(&b, " * - `%s`: %s.\n", k.Name, k.Doc)
		for _, o := range k.Options {
			fmt.Fprintf(&b, " *   - `%s`: %s.\n", o.Name, o.Doc)
		}
	}
	b.WriteString(" */\nexport type StrategySpec =\n")
	for i, k := range kinds {
		fields := []string{"name: " + quoteJS(k.Name)}
		for _, o := range k.Options {
			ts, ok := optionTS[o.Type]
			if !ok {
				return "", fmt.Errorf("strategy %s: option %s has type %q, which has no TypeScript type here", k.Name, o.Name, o.Type)
			}
			opt := "?"
			if o.Required {
				opt = ""
			}
			fields = append(fields, o.Name+opt+": "+ts)
		}
		fmt.Fprintf(&b, "  | { %s }%s\n", strings.Join(fields, "; "), map[bool]string{true: ";"}[i == len(kinds)-1])
	}
	return b.String(), nil
}

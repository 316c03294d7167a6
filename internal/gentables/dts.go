package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rmqalloc/rmqalloc/alloc"
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

// renderDTS rewrites the generated region of root's index.d.ts.
func renderDTS(root string) (file, error) {
	b, err := os.ReadFile(filepath.Join(root, dtsPath))
	if err != nil {
		return file{}, err
	}
	src := string(b)
	i, j := strings.Index(src, dtsBegin), strings.Index(src, dtsEnd)
	if i < 0 || j < i {
		return file{}, fmt.Errorf("%s: no %q … %q region", dtsPath, strings.TrimSpace(dtsBegin), strings.TrimSpace(dtsEnd))
	}
	region, err := strategyUnions(alloc.StrategyKinds())
	if err != nil {
		return file{}, err
	}
	return file{dtsPath, []byte(src[:i] + dtsBegin + region + src[j:])}, nil
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

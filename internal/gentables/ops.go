package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rmqalloc/rmqalloc/internal/wireschema"
)

// Files generated from the declared operations (internal/wireschema).
const (
	opsGoPath      = "wasm/ops_generated.go"
	opsFullGoPath  = "wasm/ops_full_generated.go"
	opsCoreGoPath  = "wasm/ops_core_generated.go"
	opsSamplesPath = "wasm/ops_samples_generated_test.go"
	// opsFullSamplesPath: the full-build ops' samples (-tags rmqfull).
	opsFullSamplesPath = "wasm/ops_samples_full_generated_test.go"
	opsJSPath          = "js/lib/ops.generated.js"
	requestsPath       = "wasm/testdata/wire/requests.json"
)

// goTypes and the codec method of each scalar wire type, on both sides.
var goTypes = map[wireschema.Type]struct{ goType, goRead, jsType string }{
	wireschema.Uvarint: {"uint64", "uvarint", "uv"},
	wireschema.I32:     {"int32", "i32", "i32"},
	wireschema.I64:     {"int64", "i64", "i64"},
	wireschema.F64:     {"float64", "f64", "f64"},
	wireschema.Int64F:  {"int64", "int64f", "f64"},
	wireschema.Bool:    {"bool", "bool", "bool"},
	wireschema.U8:      {"byte", "u8", "u8"},
	wireschema.Str:     {"string", "str", "str"},
	wireschema.Raw:     {"[]byte", "raw", "tail"},
	wireschema.Bytes:   {"[]byte", "bytes", "bytes"},
	wireschema.Text:    {"string", "str", "strOnce"},
}

// Composite types: List, Opt and Rec wrap another type in the type's text.
const (
	listPrefix = "[]"
	optPrefix  = "?"
	recPrefix  = "rec:"
	custPrefix = "custom:"
	enumPrefix = "enum:"
)

// customs indexes wireschema.Customs by name (set by checkOps).
var customs = map[string]wireschema.CustomType{}

// enums indexes wireschema.Enums by name (set by checkOps).
var enums = map[string]wireschema.Enum{}

// records indexes wireschema.Records by name (set by checkOps).
var records = map[string]wireschema.Record{}

func elemOf(t wireschema.Type, prefix string) (wireschema.Type, bool) {
	if strings.HasPrefix(string(t), prefix) {
		return t[len(prefix):], true
	}
	return "", false
}

// goTypeOf is the Go type of a field of type t.
func goTypeOf(t wireschema.Type) string {
	if e, ok := elemOf(t, listPrefix); ok {
		return "[]" + goTypeOf(e)
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return "*" + goTypeOf(e)
	}
	if e, ok := elemOf(t, recPrefix); ok {
		return "wire" + upper(string(e))
	}
	if e, ok := elemOf(t, custPrefix); ok {
		return customs[string(e)].GoType
	}
	return goTypes[t].goType
}

// wtName is the name of the Go type descriptor (wasm/declared.go) of t.
func wtName(t wireschema.Type) string {
	if e, ok := elemOf(t, listPrefix); ok {
		return "wtList" + strings.TrimPrefix(wtName(e), "wt")
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return "wtOpt" + strings.TrimPrefix(wtName(e), "wt")
	}
	if e, ok := elemOf(t, recPrefix); ok {
		return "wtRec" + upper(string(e))
	}
	if e, ok := elemOf(t, custPrefix); ok {
		return "wtCustom" + upper(string(e))
	}
	return "wt" + upper(goTypes[t].goRead)
}

// minBytes is the fewest bytes a value of t takes on the wire (what a
// list's count is checked against).
func minBytes(t wireschema.Type) int {
	if _, ok := elemOf(t, listPrefix); ok {
		return 1
	}
	if _, ok := elemOf(t, optPrefix); ok {
		return 1
	}
	if _, ok := elemOf(t, custPrefix); ok {
		return 1
	}
	if e, ok := elemOf(t, recPrefix); ok {
		n := 0
		for _, f := range records[string(e)].Fields {
			n += minBytes(f.Type)
		}
		return max(n, 1)
	}
	switch t {
	case wireschema.I64, wireschema.F64, wireschema.Int64F:
		return 8
	case wireschema.Raw:
		return 0
	}
	return 1
}

// direction is where a type is checked: in a request, in a response, or
// in a record's declaration (either: the ops using the record check it
// again in their direction).
type direction int

const (
	inRequest direction = iota
	inResponse
	inRecord
)

// checkType refuses an unknown type, a record not declared before the one
// using it (no recursion), a raw anywhere but last at the top, an int64f
// in a response and a custom used in a direction it has no side for.
func checkType(t wireschema.Type, top, last bool, dir direction) error {
	response := dir == inResponse
	if e, ok := elemOf(t, listPrefix); ok {
		return checkType(e, false, false, dir)
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return checkType(e, false, false, dir)
	}
	if e, ok := elemOf(t, recPrefix); ok {
		r, ok := records[string(e)]
		if !ok {
			return fmt.Errorf("unknown (or not yet declared) record %q", e)
		}
		for _, f := range r.Fields {
			if err := checkType(f.Type, false, false, dir); err != nil {
				return fmt.Errorf("record %s field %s: %w", r.Name, f.Name, err)
			}
		}
		return nil
	}
	if e, ok := elemOf(t, enumPrefix); ok {
		if _, ok := enums[string(e)]; !ok {
			return fmt.Errorf("unknown enum %q", e)
		}
		if !response {
			return fmt.Errorf("enum %s: an enum type is for a response's fields only (a request sends the byte, checked by its caller)", e)
		}
		return nil
	}
	if e, ok := elemOf(t, custPrefix); ok {
		c, ok := customs[string(e)]
		if !ok {
			return fmt.Errorf("unknown custom type %q", e)
		}
		if response && c.GoWrite == "" {
			return fmt.Errorf("custom %s has no GoWrite: it is for requests only", c.Name)
		}
		if dir == inRequest && c.GoRead == "" {
			return fmt.Errorf("custom %s has no GoRead: it is for responses only", c.Name)
		}
		return nil
	}
	if _, ok := goTypes[t]; !ok {
		return fmt.Errorf("unknown type %q", t)
	}
	if t == wireschema.Raw && !(top && last) {
		return fmt.Errorf("raw is the rest of the message: only the last field of a request or response")
	}
	if t == wireschema.Int64F && response {
		return fmt.Errorf("int64f is a request type (answer an i64 or an f64)")
	}
	return nil
}

func checkFields(what string, fs []wireschema.Field, dir direction) error {
	names := map[string]bool{}
	for i, f := range fs {
		if !isLowerCamel(f.Name) || names[f.Name] {
			return fmt.Errorf("wireschema: %s: field %q must be a unique lowerCamel identifier", what, f.Name)
		}
		names[f.Name] = true
		if err := checkType(f.Type, true, i == len(fs)-1, dir); err != nil {
			kind := "request"
			if dir == inResponse {
				kind = "response"
			}
			return fmt.Errorf("wireschema: %s %s field %s: %w", what, kind, f.Name, err)
		}
	}
	return nil
}

// checkOps refuses declarations the generated code could not serve.
func checkOps(ops []wireschema.Op) error {
	clear(records)
	clear(customs)
	clear(enums)
	for _, e := range wireschema.Enums {
		enums[e.Name] = e
	}
	for _, c := range wireschema.Customs {
		if err := checkCustom(c); err != nil {
			return fmt.Errorf("wireschema: custom %q: %w", c.Name, err)
		}
		customs[c.Name] = c
	}
	for _, r := range wireschema.Records {
		if !isLowerCamel(r.Name) || records[r.Name].Name != "" {
			return fmt.Errorf("wireschema: record %q: name must be a unique lowerCamel identifier", r.Name)
		}
		if len(r.Fields) == 0 {
			return fmt.Errorf("wireschema: record %s has no fields", r.Name)
		}
		for _, f := range r.Fields {
			if f.Type == wireschema.Raw {
				return fmt.Errorf("wireschema: record %s field %s: raw is only the last field of a request or response", r.Name, f.Name)
			}
		}
		// Checked before being added: a record may only use earlier ones.
		if err := checkFields("record "+r.Name, r.Fields, inRecord); err != nil {
			return err
		}
		if r.Shape != nil {
			if err := checkShape("record "+r.Name, r.Shape, r.Fields); err != nil {
				return err
			}
		}
		records[r.Name] = r
	}
	seen := map[string]bool{}
	nums := map[int]string{}
	for _, o := range ops {
		if o.Name == "" || !isLowerCamel(o.Name) || seen[o.Name] {
			return fmt.Errorf("wireschema: op %q: name must be a unique lowerCamel identifier", o.Name)
		}
		seen[o.Name] = true
		if o.JS == "" || o.Num <= 0 {
			return fmt.Errorf("wireschema: op %s: JS name and a positive number are required", o.Name)
		}
		if other, dup := nums[o.Num]; dup {
			return fmt.Errorf("wireschema: op %s: number %d is %s's", o.Name, o.Num, other)
		}
		nums[o.Num] = o.Name
		switch o.Build {
		case wireschema.Both:
			if o.Refusal != "" {
				return fmt.Errorf("wireschema: op %s: a refusal only makes sense for a full-build op", o.Name)
			}
		case wireschema.Full:
			if o.Refusal == "" {
				return fmt.Errorf("wireschema: op %s: a full-build op needs the core build's refusal message", o.Name)
			}
		default:
			return fmt.Errorf("wireschema: op %s: unknown build %q", o.Name, o.Build)
		}
		if err := checkFields("op "+o.Name, o.Request, inRequest); err != nil {
			return err
		}
		if err := checkFields("op "+o.Name, o.Response, inResponse); err != nil {
			return err
		}
		if o.Answer != nil {
			if err := checkShape("op "+o.Name+" answer", o.Answer, o.Response); err != nil {
				return err
			}
			if o.Hot && o.Answer.Frozen {
				return fmt.Errorf("wireschema: hot op %s: a frozen answer is not generated for hot ops", o.Name)
			}
		}
		if o.Hot {
			if err := checkHot(o); err != nil {
				return fmt.Errorf("wireschema: hot op %s: %w", o.Name, err)
			}
		}
	}
	return checkShapeNames(ops)
}

// checkHot refuses in a Hot op what its straight-line code does not do:
// raw, and request customs JS cannot write from a value (a closure per
// call is what Hot avoids). Lists, optional values and records are read
// and written by generated loops.
func checkHot(o wireschema.Op) error {
	for i, f := range slices.Concat(o.Request, o.Response) {
		if err := checkHotType(f.Type, i < len(o.Request)); err != nil {
			return fmt.Errorf("field %s: %w", f.Name, err)
		}
	}
	return nil
}

func checkHotType(t wireschema.Type, request bool) error {
	if e, ok := elemOf(t, custPrefix); ok {
		if c := customs[string(e)]; request && c.GoRead != "" && c.JSEncode == "" {
			return fmt.Errorf("custom %s has no JSEncode", c.Name)
		}
		return nil
	}
	if e, ok := elemOf(t, recPrefix); ok {
		for _, f := range records[string(e)].Fields {
			if err := checkHotType(f.Type, request); err != nil {
				return fmt.Errorf("record %s field %s: %w", e, f.Name, err)
			}
		}
		return nil
	}
	if e, ok := elemOf(t, listPrefix); ok {
		return checkHotType(e, request)
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return checkHotType(e, request)
	}
	if t == wireschema.Raw {
		return fmt.Errorf("raw is not read by straight-line code")
	}
	return nil
}

// checkCustom refuses a custom the generated code and tests could not use.
func checkCustom(c wireschema.CustomType) error {
	switch {
	case !isLowerCamel(c.Name) || customs[c.Name].Name != "":
		return fmt.Errorf("a unique lowerCamel name is required")
	case c.GoType == "" || c.SampleGo == "":
		return fmt.Errorf("a Go type and a Go sample are required")
	case c.GoRead == "" && c.GoWrite == "":
		return fmt.Errorf("a GoRead (requests), a GoWrite (responses) or both are required")
	case c.GoWrite != "" && c.JSDecode == "":
		return fmt.Errorf("a response custom (GoWrite) needs its JS reader JSDecode")
	case c.JSDecode != "" && c.GoWrite == "":
		return fmt.Errorf("JSDecode is for responses: it needs GoWrite")
	case c.JSEncode != "" && c.GoRead == "":
		return fmt.Errorf("JSEncode is for requests: it needs GoRead")
	case (c.JSEncode != "" || c.JSDecode != "") && (c.JSFrom == "" || c.JSType == "" || c.SampleJS == ""):
		return fmt.Errorf("JSEncode and JSDecode need JSFrom (their module), JSType and SampleJS")
	}
	if _, err := hex.DecodeString(c.SampleHex); err != nil || c.SampleHex == "" {
		return fmt.Errorf("the sample must be hex bytes")
	}
	if c.SampleJS != "" && !json.Valid([]byte(c.SampleJS)) {
		return fmt.Errorf("SampleJS must be JSON")
	}
	return nil
}

func isLowerCamel(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func upper(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// schemaText is the canonical text of the declarations: what the schema
// hash covers besides the tables (a layout change changes the hash).
func schemaText(customs []wireschema.CustomType, ops []wireschema.Op) string {
	ops = wireOps(ops)
	var b strings.Builder
	fields := func(fs []wireschema.Field) {
		for i, f := range fs {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%s:%s", f.Name, f.Type)
		}
	}
	// A custom layout is hand-written: the hash takes its golden bytes
	// (which its readers and writers must match, ops_golden_test.go and
	// js/test/wire-golden.test.mjs) and the directions it goes, not the
	// names of the functions that read and write it, so renaming one
	// leaves the schema as it is while changing its bytes does not.
	for _, c := range customs {
		fmt.Fprintf(&b, "custom %s(request=%t,response=%t,sample=%s)\n", c.Name, c.GoRead != "", c.GoWrite != "", c.SampleHex)
	}
	for _, r := range wireschema.Records {
		fmt.Fprintf(&b, "record %s(", r.Name)
		fields(r.Fields)
		b.WriteString(")\n")
	}
	for _, o := range ops {
		fmt.Fprintf(&b, "%s=%d js=%s build=%s req(", o.Name, o.Num, o.JS, o.Build)
		fields(o.Request)
		b.WriteString(") resp(")
		fields(o.Response)
		b.WriteString(")\n")
	}
	return b.String()
}

const goHeader = "// Code generated by internal/gentables from internal/wireschema; DO NOT EDIT.\n\n"

// usage is what a set of ops reaches through its fields' types: the
// customs and records by name and the list and optional types, each once,
// elements first (their descriptors are generated in that order).
type usage struct {
	customs, records map[string]bool
	composites       []wireschema.Type
	seen             map[wireschema.Type]bool
}

func usedBy(ops []wireschema.Op) *usage {
	u := &usage{customs: map[string]bool{}, records: map[string]bool{}, seen: map[wireschema.Type]bool{}}
	for _, o := range ops {
		for _, f := range append(append([]wireschema.Field(nil), o.Request...), o.Response...) {
			u.walk(f.Type)
		}
	}
	return u
}

func (u *usage) walk(t wireschema.Type) {
	if e, ok := elemOf(t, custPrefix); ok {
		u.customs[string(e)] = true
		return
	}
	if e, ok := elemOf(t, recPrefix); ok {
		if !u.records[string(e)] {
			u.records[string(e)] = true
			for _, f := range records[string(e)].Fields {
				u.walk(f.Type)
			}
		}
		return
	}
	e, isList := elemOf(t, listPrefix)
	if !isList {
		var isOpt bool
		if e, isOpt = elemOf(t, optPrefix); !isOpt {
			return
		}
	}
	u.walk(e)
	if !u.seen[t] {
		u.seen[t] = true
		u.composites = append(u.composites, t)
	}
}

// split is what each generated Go file declares: the core file
// (ops_generated.go, both builds) what any op both builds serve uses, and
// what no op uses; the full file (-tags rmqfull) what only full-build ops
// use, so a type or package only the full module needs stays out of the
// core one.
type split struct {
	coreOps, fullOps             []wireschema.Op
	coreCustoms, fullCustoms     []int // indexes in wireschema.Customs
	coreRecords, fullRecords     []wireschema.Record
	coreComposite, fullComposite []wireschema.Type
}

func splitOps(ops []wireschema.Op) split {
	var sp split
	for _, o := range ops {
		if o.Build == wireschema.Both {
			sp.coreOps = append(sp.coreOps, o)
		} else {
			sp.fullOps = append(sp.fullOps, o)
		}
	}
	core, full := usedBy(sp.coreOps), usedBy(sp.fullOps)
	for i, c := range wireschema.Customs {
		if full.customs[c.Name] && !core.customs[c.Name] {
			sp.fullCustoms = append(sp.fullCustoms, i)
		} else {
			sp.coreCustoms = append(sp.coreCustoms, i)
		}
	}
	for _, r := range wireschema.Records {
		if full.records[r.Name] && !core.records[r.Name] {
			sp.fullRecords = append(sp.fullRecords, r)
		} else {
			sp.coreRecords = append(sp.coreRecords, r)
		}
	}
	// Unused records' lists are not needed; a core record's fields are.
	for _, r := range sp.coreRecords {
		if !core.records[r.Name] {
			for _, f := range r.Fields {
				core.walk(f.Type)
			}
		}
	}
	sp.coreComposite = core.composites
	for _, t := range full.composites {
		if !core.seen[t] {
			sp.fullComposite = append(sp.fullComposite, t)
		}
	}
	return sp
}

// renderStruct writes a Go struct of fs and its descriptor var; a record
// (which lists and optional values may hold) also gets its size and
// allocator, a request or response is a local of its op's handler.
func renderStruct(b *bytes.Buffer, doc, goName, wt string, fs []wireschema.Field, record bool) {
	fmt.Fprintf(b, "\n// %s\ntype %s struct {\n", doc, goName)
	for _, f := range fs {
		fmt.Fprintf(b, "\t%s %s\n", upper(f.Name), goTypeOf(f.Type))
	}
	b.WriteString("}\n")
	if wt == "" {
		return // a hot op's: read and written by straight-line code
	}
	fmt.Fprintf(b, "\nvar %s = wtype{kind: wkRec, ", wt)
	if record {
		fmt.Fprintf(b, "size: unsafe.Sizeof(%s{}), mk: func(n int) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(make([]%s, n))) }, ", goName, goName)
	}
	b.WriteString("fields: []wfield{\n")
	for _, f := range fs {
		fmt.Fprintf(b, "\t{unsafe.Offsetof(%s{}.%s), &%s},\n", goName, upper(f.Name), wtName(f.Type))
	}
	b.WriteString("}}\n")
}

// renderImports writes the import block: unsafe and the packages of the
// customs listed.
func renderImports(b *bytes.Buffer, cs []int) {
	b.WriteString("import (\n\t\"unsafe\"\n")
	imported := map[string]bool{}
	for _, i := range cs {
		c := wireschema.Customs[i]
		if c.GoImport != "" && !imported[c.GoImport] {
			imported[c.GoImport] = true
			fmt.Fprintf(b, "\t%q\n", c.GoImport)
		}
	}
	b.WriteString(")\n")
}

// renderCustomCalls writes reader.<fn> and writer.<fn>: the direct calls
// (not func fields, so p stays on its op's stack) of the customs listed;
// any other id goes to reader.<next> / writer.<next> ("" for none).
func renderCustomCalls(b *bytes.Buffer, cs []int, fn, next string) {
	cs = walked(cs)
	for _, side := range []struct{ recv, arg, what string }{{"r *reader", "r", "reads"}, {"w *writer", "w", "writes"}} {
		fmt.Fprintf(b, "\n// %s %s the custom value number id (wireschema.Customs) at p.\nfunc (%s) %s(id uint8, p unsafe.Pointer) {\n\tswitch id {\n", fn, side.what, side.recv, fn)
		for _, i := range cs {
			c := wireschema.Customs[i]
			if side.arg == "r" && c.GoRead != "" {
				fmt.Fprintf(b, "\tcase %d:\n\t\t*(*%s)(p) = %s(r)\n", i, c.GoType, c.GoRead)
			}
			if side.arg == "w" && c.GoWrite != "" {
				fmt.Fprintf(b, "\tcase %d:\n\t\t%s(w, *(*%s)(p))\n", i, c.GoWrite, c.GoType)
			}
		}
		if next != "" {
			fmt.Fprintf(b, "\tdefault:\n\t\t%s.%s(id, p)\n", side.arg, next)
		}
		b.WriteString("\t}\n}\n")
	}
}

// walked is the customs of cs the descriptor walk reaches: those a
// record or an op that is not Hot uses (a Hot op calls its customs'
// functions directly), so that the others take no switch case and no
// descriptor in the module.
func walked(cs []int) []int {
	var cold []wireschema.Op
	for _, o := range wireschema.Ops {
		if !o.Hot {
			cold = append(cold, o)
		}
	}
	u := usedBy(cold)
	var out []int
	for _, i := range cs {
		if c := wireschema.Customs[i]; u.customs[c.Name] {
			out = append(out, i)
		}
	}
	return out
}

// hotOnly is what only Hot ops reach (their records and lists need no
// descriptor).
func hotOnly() *usage {
	var hot, cold []wireschema.Op
	for _, o := range wireschema.Ops {
		if o.Hot {
			hot = append(hot, o)
		} else {
			cold = append(cold, o)
		}
	}
	h, c := usedBy(hot), usedBy(cold)
	for name := range h.records {
		if c.records[name] {
			delete(h.records, name)
		}
	}
	for t := range h.seen {
		if c.seen[t] {
			delete(h.seen, t)
		}
	}
	return h
}

// renderDecls writes the descriptors of customs, records and composites,
// and the request and response types of ops.
func renderDecls(b *bytes.Buffer, cs []int, rs []wireschema.Record, comps []wireschema.Type, ops []wireschema.Op) {
	for _, i := range walked(cs) {
		c := wireschema.Customs[i]
		t := wireschema.Custom(c.Name)
		fmt.Fprintf(b, "\n// %s: %s.\nvar %s = wtype{kind: wkCustom, custom: %d, size: unsafe.Sizeof(*new(%s))}\n", wtName(t), c.Doc, wtName(t), i, c.GoType)
	}
	hot := hotOnly()
	for _, r := range rs {
		t := wireschema.Rec(r.Name)
		wt := wtName(t)
		if hot.records[r.Name] {
			wt = "" // read and written by its hot ops' straight-line code
		}
		renderStruct(b, goTypeOf(t)+" is the record "+r.Name+": "+r.Doc+".", goTypeOf(t), wt, r.Fields, true)
	}
	comps = slices.DeleteFunc(slices.Clone(comps), func(t wireschema.Type) bool { return hot.seen[t] })
	if len(comps) > 0 {
		b.WriteString("\n// Descriptors of the lists and optional values the declarations use.\nvar (\n")
		for _, t := range comps {
			kind, e := "wkList", wireschema.Type("")
			if el, ok := elemOf(t, listPrefix); ok {
				e = el
			} else {
				kind, e = "wkOpt", t[len(optPrefix):]
			}
			fmt.Fprintf(b, "\t%s = wtype{kind: %s, min: %d, size: unsafe.Sizeof(*new(%s)), elem: &%s, mk: func(n int) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(make([]%s, n))) }}\n",
				wtName(t), kind, minBytes(e), goTypeOf(t), wtName(e), goTypeOf(e))
		}
		b.WriteString(")\n")
	}
	for _, o := range ops {
		n := o.Name
		if o.Hot {
			renderHot(b, o)
			continue
		}
		renderStruct(b, n+"Request is what "+n+" reads.", n+"Request", "wt"+upper(n)+"Request", o.Request, false)
		if len(o.Response) > 0 {
			renderStruct(b, n+"Response is what "+n+" answers.", n+"Response", "wt"+upper(n)+"Response", o.Response, false)
		}
	}
}

// renderHot writes a hot op's request and response types with their
// straight-line reader and writer (no descriptor walk: a call of a hot op
// costs what a hand-written reader costs).
func renderHot(b *bytes.Buffer, o wireschema.Op) {
	n, N := o.Name, upper(o.Name)
	renderStruct(b, n+"Request is what "+n+" reads (a hot op: read"+N+"Request).", n+"Request", "", o.Request, false)
	fmt.Fprintf(b, "\n// read%sRequest reads %s's request; failures are in r.err.\nfunc read%sRequest(r *reader) (q %sRequest) {\n", N, n, N, n)
	for _, f := range o.Request {
		hotRead(b, f.Type, "q."+upper(f.Name), "\t", 0)
	}
	b.WriteString("\treturn q\n}\n")
	if len(o.Response) == 0 {
		return
	}
	renderStruct(b, n+"Response is what "+n+" answers (a hot op: write"+N+"Response).", n+"Response", "", o.Response, false)
	fmt.Fprintf(b, "\n// write%sResponse writes %s's answer.\nfunc write%sResponse(w *writer, p *%sResponse) {\n", N, n, N, n)
	for _, f := range o.Response {
		hotWrite(b, f.Type, "p."+upper(f.Name), "\t", 0)
	}
	b.WriteString("}\n")
}

// hotRead writes the statements reading a value of t into dst, as the
// descriptor walk (wasm/declared.go) reads it: a list always gets a
// slice (empty for none), its count checked against the bytes left.
// Elements are reached through a pointer and optional values through a
// local: the fewest index and bounds checks, which is what keeps the
// module small.
func hotRead(b *bytes.Buffer, t wireschema.Type, dst, ind string, depth int) {
	if e, ok := elemOf(t, custPrefix); ok {
		fmt.Fprintf(b, "%s%s = %s(r)\n", ind, dst, customs[string(e)].GoRead)
		return
	}
	if e, ok := elemOf(t, recPrefix); ok {
		for _, f := range records[string(e)].Fields {
			hotRead(b, f.Type, dst+"."+upper(f.Name), ind, depth)
		}
		return
	}
	if e, ok := elemOf(t, listPrefix); ok {
		i := fmt.Sprintf("i%d", depth)
		fmt.Fprintf(b, "%s%s = make(%s, r.count(%d))\n%sfor %s := range %s {\n", ind, dst, goTypeOf(t), minBytes(e), ind, i, dst)
		if _, isRec := elemOf(e, recPrefix); isRec {
			el := fmt.Sprintf("e%d", depth)
			fmt.Fprintf(b, "%s\t%s := &%s[%s]\n", ind, el, dst, i)
			hotRead(b, e, el, ind+"\t", depth+1)
		} else {
			hotRead(b, e, dst+"["+i+"]", ind+"\t", depth+1)
		}
		fmt.Fprintf(b, "%s}\n", ind)
		return
	}
	if e, ok := elemOf(t, optPrefix); ok {
		v := fmt.Sprintf("v%d", depth)
		fmt.Fprintf(b, "%sif r.bool() {\n%s\tvar %s %s\n", ind, ind, v, goTypeOf(e))
		hotRead(b, e, v, ind+"\t", depth+1)
		fmt.Fprintf(b, "%s\t%s = &%s\n%s}\n", ind, dst, v, ind)
		return
	}
	fmt.Fprintf(b, "%s%s = r.%s()\n", ind, dst, goTypes[t].goRead)
}

// hotWrite writes the statements writing src, a value of t.
func hotWrite(b *bytes.Buffer, t wireschema.Type, src, ind string, depth int) {
	if e, ok := elemOf(t, custPrefix); ok {
		fmt.Fprintf(b, "%s%s(w, %s)\n", ind, customs[string(e)].GoWrite, src)
		return
	}
	if e, ok := elemOf(t, recPrefix); ok {
		for _, f := range records[string(e)].Fields {
			hotWrite(b, f.Type, src+"."+upper(f.Name), ind, depth)
		}
		return
	}
	if e, ok := elemOf(t, listPrefix); ok {
		el := fmt.Sprintf("e%d", depth)
		fmt.Fprintf(b, "%sw.uvarint(uint64(len(%s)))\n", ind, src)
		if _, isRec := elemOf(e, recPrefix); isRec {
			i := fmt.Sprintf("i%d", depth)
			fmt.Fprintf(b, "%sfor %s := range %s {\n%s\t%s := &%s[%s]\n", ind, i, src, ind, el, src, i)
		} else {
			fmt.Fprintf(b, "%sfor _, %s := range %s {\n", ind, el, src)
		}
		hotWrite(b, e, el, ind+"\t", depth+1)
		fmt.Fprintf(b, "%s}\n", ind)
		return
	}
	if e, ok := elemOf(t, optPrefix); ok {
		fmt.Fprintf(b, "%sif %s == nil {\n%s\tw.u8(0)\n%s} else {\n%s\tw.u8(1)\n", ind, src, ind, ind, ind)
		hotWrite(b, e, "(*"+src+")", ind+"\t", depth+1)
		fmt.Fprintf(b, "%s}\n", ind)
		return
	}
	fmt.Fprintf(b, "%sw.%s(%s)\n", ind, goTypes[t].goRead, src)
}

// renderOpsGo: the op numbers, and what both builds serve: the customs,
// records, request and response types with their descriptors (read and
// written by wasm/declared.go's one walker) and the table of their ops.
func renderOpsGo(ops []wireschema.Op) []byte {
	ops = wireOps(ops)
	sp := splitOps(ops)
	var b bytes.Buffer
	b.WriteString(goHeader + "package main\n\n")
	renderImports(&b, sp.coreCustoms)
	b.WriteString("\n// Declared operations (internal/wireschema).\nconst (\n")
	for _, o := range ops {
		fmt.Fprintf(&b, "\top%s = %d // %s\n", upper(o.Name), o.Num, o.Doc)
	}
	b.WriteString(")\n")
	renderCustomCalls(&b, sp.coreCustoms, "custom", "customFull")
	renderDecls(&b, sp.coreCustoms, sp.coreRecords, sp.coreComposite, sp.coreOps)
	renderServe(&b, ops, wireschema.Both)
	return b.Bytes()
}

// renderServe writes the table of the ops of build: each one's number,
// request and response descriptors and the call of its handler.
func renderServe(b *bytes.Buffer, ops []wireschema.Op, build wireschema.Build) {
	var sel []wireschema.Op
	for _, o := range ops {
		if o.Build == build {
			sel = append(sel, o)
		}
	}
	if len(sel) == 0 {
		return
	}
	fmt.Fprintf(b, "\n// declared%s: the declared ops this build serves (%s build).\nvar declared%s = [...]declOp{\n", upper(string(build)), build, upper(string(build)))
	for _, o := range sel {
		N := upper(o.Name)
		if o.Hot {
			fmt.Fprintf(b, "\t{op%s, func(r *reader, w *writer) error {\n\t\tq := read%sRequest(r)\n\t\tif r.err != nil {\n\t\t\treturn r.err\n\t\t}\n", N, N)
			if len(o.Response) == 0 {
				fmt.Fprintf(b, "\t\treturn handle%s(q)\n\t}},\n", N)
				continue
			}
			fmt.Fprintf(b, "\t\tp, err := handle%s(q)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\twrite%sResponse(w, &p)\n\t\treturn nil\n\t}},\n", N, N)
			continue
		}
		fmt.Fprintf(b, "\t{op%s, func(r *reader, w *writer) error {\n\t\tvar q %sRequest\n\t\tif r.request(unsafe.Pointer(&q), &wt%sRequest) != nil {\n\t\t\treturn r.err\n\t\t}\n", N, o.Name, N)
		if len(o.Response) == 0 {
			fmt.Fprintf(b, "\t\treturn handle%s(q)\n\t}},\n", N)
			continue
		}
		fmt.Fprintf(b, "\t\tp, err := handle%s(q)\n\t\treturn w.answer(unsafe.Pointer(&p), &wt%sResponse, err)\n\t}},\n", N, N)
	}
	fmt.Fprintf(b, "}\n\nfunc init() { registerDeclared(declared%s[:]) }\n", upper(string(build)))
}

// renderOpsFullGo: what only the full build serves: its ops' types and
// table, and the customs and records only they use.
func renderOpsFullGo(ops []wireschema.Op) []byte {
	ops = wireOps(ops)
	sp := splitOps(ops)
	var b bytes.Buffer
	b.WriteString("//go:build rmqfull\n\n" + goHeader + "package main\n\n")
	renderImports(&b, sp.fullCustoms)
	renderCustomCalls(&b, sp.fullCustoms, "customFull", "")
	renderDecls(&b, sp.fullCustoms, sp.fullRecords, sp.fullComposite, sp.fullOps)
	renderServe(&b, ops, wireschema.Full)
	return b.Bytes()
}

// renderOpsCoreGo: the core build's ERR_UNSUPPORTED answer to each
// full-build op, with the declared message saying how to get it.
func renderOpsCoreGo(ops []wireschema.Op) []byte {
	ops = wireOps(ops)
	var b bytes.Buffer
	b.WriteString("//go:build !rmqfull\n\n" + goHeader + "package main\n\nimport \"unsafe\"\n\n// refusals: each full-build op and the core build's answer to it.\nvar refusals = [...]struct {\n\tnum int\n\tmsg string\n}{\n")
	for _, o := range ops {
		if o.Build == wireschema.Full {
			fmt.Fprintf(&b, "\t{op%s, %q},\n", upper(o.Name), o.Refusal)
		}
	}
	b.WriteString("}\n\nfunc init() {\n\tfor _, r := range refusals {\n\t\tregisterUnsupported(r.msg, r.num)\n\t}\n}\n")
	b.WriteString("\n// The core build has no full-only custom value (none of its ops reads or\n// writes one).\nfunc (r *reader) customFull(uint8, unsafe.Pointer) {}\nfunc (w *writer) customFull(uint8, unsafe.Pointer) {}\n")
	return b.Bytes()
}

// sample is the deterministic value number i of a golden request: values
// that take several bytes (negative i32s, i64s beyond 2^53, non-ASCII
// text), lists of two and optional values present; jsonVal is what
// requests.json carries (i64 as decimal strings, raw as text).
func sample(op wireschema.Op, i int, t wireschema.Type) (goLit string, jsonVal any) {
	if e, ok := elemOf(t, listPrefix); ok {
		var lits []string
		vals := []any{}
		for j := 0; j < 2; j++ {
			l, v := sample(op, 10*(i+1)+j, e)
			lits = append(lits, l)
			vals = append(vals, v)
		}
		return goTypeOf(t) + "{" + strings.Join(lits, ", ") + "}", vals
	}
	if e, ok := elemOf(t, optPrefix); ok {
		l, v := sample(op, i+1, e)
		return "ptrTo[" + goTypeOf(e) + "](" + l + ")", v
	}
	if e, ok := elemOf(t, custPrefix); ok {
		c := customs[string(e)]
		if c.JSEncode != "" {
			return c.SampleGo, json.RawMessage(c.SampleJS)
		}
		return c.SampleGo, c.SampleHex
	}
	if e, ok := elemOf(t, recPrefix); ok {
		var lits []string
		vals := map[string]any{}
		for k, f := range records[string(e)].Fields {
			l, v := sample(op, i+k, f.Type)
			lits = append(lits, upper(f.Name)+": "+l)
			vals[f.Name] = v
		}
		return goTypeOf(t) + "{" + strings.Join(lits, ", ") + "}", vals
	}
	switch t {
	case wireschema.Uvarint:
		v := 300 + 1_000_003*int64(i+1)
		return strconv.FormatInt(v, 10), v
	case wireschema.I32:
		v := int64(-1_000_003 * (i + 1))
		if i%2 == 1 {
			v = 2147483647 - int64(i)
		}
		return strconv.FormatInt(v, 10), v
	case wireschema.I64:
		v := int64(-1234567890123456789) + int64(i)
		return strconv.FormatInt(v, 10), strconv.FormatInt(v, 10)
	case wireschema.F64:
		v := -0.5 - float64(i)
		return strconv.FormatFloat(v, 'g', -1, 64), v
	case wireschema.Int64F:
		v := int64(1700015855038) + int64(i)
		if i%2 == 1 {
			v = -v
		}
		return strconv.FormatInt(v, 10), v
	case wireschema.Bool:
		return strconv.FormatBool(i%2 == 0), i%2 == 0
	case wireschema.U8:
		v := 200 + i%56 // a byte however deep the sample
		return strconv.Itoa(v), v
	case wireschema.Raw, wireschema.Bytes:
		v := fmt.Sprintf(`{"%s":%d,"é":"😀"}`, op.Name, i)
		return "[]byte(" + strconv.Quote(v) + ")", v
	}
	v := fmt.Sprintf("%s-%d-é😀", op.Name, i)
	return strconv.Quote(v), v
}

// renderSamplesGo: the expected decoding of each golden request and each
// custom's golden value, of the ops both builds serve (full false) or of
// the full build's (full true, added to the same lists under -tags
// rmqfull).
func renderSamplesGo(ops []wireschema.Op, full bool) []byte {
	ops = wireOps(ops)
	sp := splitOps(ops)
	sel, cs := sp.coreOps, sp.coreCustoms
	if full {
		sel, cs = sp.fullOps, sp.fullCustoms
	}
	var b bytes.Buffer
	if full {
		b.WriteString("//go:build rmqfull\n\n")
	}
	b.WriteString(goHeader + "package main\n\n")
	imported := map[string]bool{}
	var imports []string
	for _, i := range cs {
		if c := wireschema.Customs[i]; c.GoImport != "" && !imported[c.GoImport] {
			imported[c.GoImport] = true
			imports = append(imports, c.GoImport)
		}
	}
	if len(imports) > 0 {
		b.WriteString("import (\n")
		for _, p := range imports {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
		b.WriteString(")\n\n")
	}
	samples, customSamples := "var wireSamples = []wireSample{\n", "var customSamples = []customSample{\n"
	if full {
		samples, customSamples = "func init() {\n\twireSamples = append(wireSamples, []wireSample{\n", "\tcustomSamples = append(customSamples, []customSample{\n"
	}
	b.WriteString("// wireSamples: what each golden request (testdata/wire/golden.json) decodes to.\n")
	if full {
		b.WriteString("// The full build's ops, added to the lists of ops_samples_generated_test.go.\n")
	}
	b.WriteString(samples)
	for _, o := range sel {
		if o.Hot {
			fmt.Fprintf(&b, "\t{%q, op%s, func(r *reader) any { return read%sRequest(r) }, %sRequest{", o.Name, upper(o.Name), upper(o.Name), o.Name)
		} else {
			fmt.Fprintf(&b, "\t{%q, op%s, decodeDeclared[%sRequest](&wt%sRequest), %sRequest{", o.Name, upper(o.Name), o.Name, upper(o.Name), o.Name)
		}
		for i, f := range o.Request {
			lit, _ := sample(o, i, f.Type)
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s: %s", upper(f.Name), lit)
		}
		b.WriteString("}},\n")
	}
	if full {
		b.WriteString("\t}...)\n")
	} else {
		b.WriteString("}\n\n// customSamples: each custom's golden bytes and the Go value they are.\n")
	}
	if full && len(cs) == 0 {
		b.WriteString("}\n")
		return b.Bytes()
	}
	b.WriteString(customSamples)
	for _, i := range cs {
		c := wireschema.Customs[i]
		fmt.Fprintf(&b, "\t{name: %q, hex: %q, strs: %d, want: %s", c.Name, c.SampleHex, c.SampleStrs, c.SampleGo)
		if c.GoRead != "" {
			fmt.Fprintf(&b, ", read: func(r *reader) any { return %s(r) }", c.GoRead)
		}
		if c.GoWrite != "" {
			fmt.Fprintf(&b, ", write: func(w *writer) { %s(w, %s) }", c.GoWrite, c.SampleGo)
		}
		b.WriteString("},\n")
	}
	if full {
		b.WriteString("\t}...)\n}\n")
	} else {
		b.WriteString("}\n")
	}
	if !full {
		b.WriteString("\n// fullOps: the full build's declared ops (the core build refuses them), by name.\nvar fullOps = map[string]int{")
		for i, o := range sp.fullOps {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q: op%s", o.Name, upper(o.Name))
		}
		b.WriteString("}\n")
	}
	return b.Bytes()
}

// renderRequestsJSON: the golden requests' values, for the JS encoders
// (scripts/wire-golden.mjs); i64 values are decimal strings, raw ones text
// (the records' field types say which).
func renderRequestsJSON(ops []wireschema.Op, hash string) ([]byte, error) {
	ops = wireOps(ops)
	type field struct {
		Name  string `json:"name"`
		Type  string `json:"type"`
		Value any    `json:"value"`
	}
	type recField struct {
		Name string `json:"name"`
		Type string `json:"type"`
	}
	type req struct {
		Name   string  `json:"name"`
		JS     string  `json:"js"`
		Op     int     `json:"op"`
		Fields []field `json:"fields"`
	}
	type custom struct {
		Hex    string          `json:"hex"`
		JS     json.RawMessage `json:"js,omitempty"`
		Encode bool            `json:"encode"`         // JS writes it from the value js (else a function the caller passes)
		Decode bool            `json:"decode"`         // JS reads it into the value js
		Strs   int             `json:"strs,omitempty"` // new strings in hex (wireschema.CustomType.SampleStrs)
	}
	out := struct {
		Schema   string                `json:"schema"`
		Customs  map[string]custom     `json:"customs"`
		Records  map[string][]recField `json:"records"`
		Requests []req                 `json:"requests"`
	}{Schema: hash, Customs: map[string]custom{}, Records: map[string][]recField{}, Requests: []req{}}
	for _, c := range wireschema.Customs {
		k := custom{Hex: c.SampleHex, Encode: c.JSEncode != "", Decode: c.JSDecode != "", Strs: c.SampleStrs}
		if c.SampleJS != "" {
			k.JS = json.RawMessage(c.SampleJS)
		}
		out.Customs[c.Name] = k
	}
	for _, r := range wireschema.Records {
		fs := []recField{}
		for _, f := range r.Fields {
			fs = append(fs, recField{f.Name, string(f.Type)})
		}
		out.Records[r.Name] = fs
	}
	for _, o := range ops {
		r := req{Name: o.Name, JS: o.JS, Op: o.Num, Fields: []field{}}
		for i, f := range o.Request {
			_, v := sample(o, i, f.Type)
			r.Fields = append(r.Fields, field{f.Name, string(f.Type), v})
		}
		out.Requests = append(out.Requests, r)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	return append(b, '\n'), err
}

// sides reports whether a value of t can be in a request (request true:
// every custom in it has a GoRead) or in a response (GoWrite).
func sides(t wireschema.Type, request bool) bool {
	if e, ok := elemOf(t, listPrefix); ok {
		return sides(e, request)
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return sides(e, request)
	}
	if e, ok := elemOf(t, recPrefix); ok {
		for _, f := range records[string(e)].Fields {
			if !sides(f.Type, request) {
				return false
			}
		}
		return true
	}
	if e, ok := elemOf(t, custPrefix); ok {
		if request {
			return customs[string(e)].GoRead != ""
		}
		return customs[string(e)].GoWrite != ""
	}
	return true
}

// jsTypeOf is the JSDoc type of t.
func jsTypeOf(t wireschema.Type) string {
	if e, ok := elemOf(t, enumPrefix); ok {
		return tsUnion(enums[string(e)])
	}
	if e, ok := elemOf(t, listPrefix); ok {
		return jsTypeOf(e) + "[]"
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return "(" + jsTypeOf(e) + " | undefined)"
	}
	if e, ok := elemOf(t, recPrefix); ok {
		return jsDoc(records[string(e)].Fields)
	}
	if e, ok := elemOf(t, custPrefix); ok {
		if c := customs[string(e)]; c.JSType != "" {
			return c.JSType
		}
		return "(enc: Encoder) => void"
	}
	switch t {
	case wireschema.I64:
		return "bigint"
	case wireschema.Bool:
		return "boolean"
	case wireschema.Str, wireschema.Text:
		return "string"
	case wireschema.Raw, wireschema.Bytes:
		return "Uint8Array"
	}
	return "number"
}

func jsDoc(fs []wireschema.Field) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.Name + ": " + jsTypeOf(f.Type)
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// jsEnc is the JS statement encoding the value v of type t into enc.
func jsEnc(t wireschema.Type, v string) string {
	if e, ok := elemOf(t, listPrefix); ok {
		return "enc.list(" + v + ", (enc, v) => " + jsEnc(e, "v") + ")"
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return "enc.opt(" + v + ", (enc, v) => " + jsEnc(e, "v") + ")"
	}
	if e, ok := elemOf(t, recPrefix); ok {
		return "encRec" + upper(string(e)) + "(enc, " + v + ")"
	}
	if e, ok := elemOf(t, custPrefix); ok {
		if c := customs[string(e)]; c.JSEncode != "" {
			return c.JSEncode + "(enc, " + v + ")"
		}
		return v + "(enc)"
	}
	return "enc." + goTypes[t].jsType + "(" + v + ")"
}

// jsDec is the JS expression decoding a value of type t from dec.
func jsDec(t wireschema.Type) string {
	if e, ok := elemOf(t, enumPrefix); ok {
		return enumNamesJS(enums[string(e)]) + "[dec.u8()]"
	}
	if e, ok := elemOf(t, listPrefix); ok {
		return "dec.list((dec) => " + jsDec(e) + ")"
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return "(dec.u8() === 0 ? undefined : " + jsDec(e) + ")"
	}
	if e, ok := elemOf(t, recPrefix); ok {
		return "decRec" + upper(string(e)) + "(dec, ctx)"
	}
	if e, ok := elemOf(t, custPrefix); ok {
		return customs[string(e)].JSDecode + "(dec, ctx)"
	}
	if t == wireschema.Int64F {
		return "dec.f64()"
	}
	if t == wireschema.Text {
		return "dec.str()"
	}
	return "dec." + goTypes[t].jsType + "()"
}

// renderOpsJS: for each record its encoder and decoder, for each op an
// encoder of its request, a decoder of its response and the call that
// runs both.
func renderOpsJS(ops []wireschema.Op) []byte {
	var b bytes.Buffer
	b.WriteString("// Code generated by internal/gentables from internal/wireschema; DO NOT EDIT.\n")
	b.WriteString("// Declare an operation there, then run `make generate`.\n\nimport { OP } from './tables.generated.js';\n")
	var mods []string
	fns := map[string][]string{}
	for _, c := range wireschema.Customs {
		for _, fn := range []string{c.JSEncode, c.JSDecode} {
			if fn == "" || slices.Contains(fns[c.JSFrom], fn) {
				continue // none, or imported for another custom already
			}
			if fns[c.JSFrom] == nil {
				mods = append(mods, c.JSFrom)
			}
			fns[c.JSFrom] = append(fns[c.JSFrom], fn)
		}
	}
	for _, m := range mods {
		fmt.Fprintf(&b, "import { %s } from %s;\n", strings.Join(fns[m], ", "), quoteJS(m))
	}
	renderEnumNamesJS(&b, ops)
	// A frozen shape's object and lists are frozen as decoded: the
	// public value is the decoder's.
	decObject := func(fs []wireschema.Field, sh *wireschema.Shape) {
		frozen := sh != nil && sh.Frozen
		if frozen {
			b.WriteString("  return Object.freeze({\n")
		} else {
			b.WriteString("  return {\n")
		}
		for _, f := range fs {
			v := jsDec(f.Type)
			if _, list := elemOf(f.Type, listPrefix); list && frozen {
				v = "Object.freeze(" + v + ")"
			}
			fmt.Fprintf(&b, "    %s: %s,\n", f.Name, v)
		}
		b.WriteString(map[bool]string{false: "  };\n}\n", true: "  });\n}\n"}[frozen])
	}
	for _, r := range wireschema.Records {
		N := upper(r.Name)
		// A record holding a custom of one direction gets only that side.
		if sides(wireschema.Rec(r.Name), true) {
			fmt.Fprintf(&b, "\n/** Encodes the record %s %s. */\nexport function encRec%s(enc, v) {\n", r.Name, jsDoc(r.Fields), N)
			for _, f := range r.Fields {
				fmt.Fprintf(&b, "  %s;\n", jsEnc(f.Type, "v."+f.Name))
			}
			b.WriteString("}\n")
		}
		if sides(wireschema.Rec(r.Name), false) {
			fmt.Fprintf(&b, "\n/** Decodes the record %s (ctx: what its custom values' decoders need). */\nexport function decRec%s(dec, ctx) {\n", r.Name, N)
			decObject(r.Fields, r.Shape)
		}
	}
	for _, o := range ops {
		N := upper(o.JS)
		opName := upperSnake(upper(o.Name))
		if o.Hot {
			renderHotJS(&b, o)
			continue
		}
		fmt.Fprintf(&b, "\n/** Encodes a %s request %s (values validated by the caller). */\nexport function enc%s(enc, req) {\n", o.Name, jsDoc(o.Request), N)
		for _, f := range o.Request {
			fmt.Fprintf(&b, "  %s;\n", jsEnc(f.Type, "req."+f.Name))
		}
		b.WriteString("  return enc;\n}\n")
		if len(o.Response) > 0 {
			fmt.Fprintf(&b, "\n/** Decodes a %s response %s (ctx: what its custom values' decoders need). */\nexport function dec%s(dec, ctx) {\n", o.Name, jsDoc(o.Response), N)
			decObject(o.Response, o.Answer)
			fmt.Fprintf(&b, "\n/** %s (%s build). ctx goes to the response's custom decoders. */\nexport function %s(rt, req, ctx) {\n  return dec%s(rt.call(OP.%s, enc%s(rt.request(), req)), ctx);\n}\n", upper(o.Doc), o.Build, o.JS, N, opName, N)
			continue
		}
		fmt.Fprintf(&b, "\n/** %s (%s build). */\nexport function %s(rt, req) {\n  rt.call(OP.%s, enc%s(rt.request(), req));\n}\n", upper(o.Doc), o.Build, o.JS, opName, N)
	}
	b.WriteString("\n/** The JS side of each custom value with one, by name (golden values). */\nexport const CUSTOMS = Object.freeze({\n")
	for _, c := range wireschema.Customs {
		if c.JSEncode == "" && c.JSDecode == "" {
			continue
		}
		fmt.Fprintf(&b, "  %s: { encode: %s, decode: %s },\n", c.Name, orUndefined(c.JSEncode), orUndefined(c.JSDecode))
	}
	b.WriteString("});\n")
	b.WriteString("\n/** The request encoder of each declared operation, by name (golden requests). */\nexport const REQUEST_ENCODERS = Object.freeze({\n")
	for _, o := range ops {
		if o.Hot {
			// The golden values go through a ctx of their own (no Topic).
			args := []string{"enc", "{}"}
			for _, f := range o.Request {
				args = append(args, "req."+f.Name)
			}
			fmt.Fprintf(&b, "  %s: (enc, req) => enc%s(%s),\n", o.Name, upper(o.JS), strings.Join(args, ", "))
			continue
		}
		fmt.Fprintf(&b, "  %s: enc%s,\n", o.Name, upper(o.JS))
	}
	b.WriteString("});\n")
	return b.Bytes()
}

func orUndefined(fn string) string {
	if fn == "" {
		return "undefined"
	}
	return fn
}

// renderHotJS writes a hot op's encoder, taking its fields as arguments
// after ctx, its decoder (one field: its value, no object) and the call.
func renderHotJS(b *bytes.Buffer, o wireschema.Op) {
	N := upper(o.JS)
	opName := upperSnake(upper(o.Name))
	params := []string{"ctx"}
	for _, f := range o.Request {
		params = append(params, f.Name)
	}
	ps := strings.Join(params, ", ")
	fmt.Fprintf(b, "\n/** Encodes a %s request from its fields %s (values validated by the caller; a hot op: no object per call); ctx goes to its custom encoders. */\nexport function enc%s(enc, %s) {\n", o.Name, jsDoc(o.Request), N, ps)
	for _, f := range o.Request {
		if e, ok := elemOf(f.Type, custPrefix); ok {
			fmt.Fprintf(b, "  %s(enc, %s, ctx, %s);\n", customs[string(e)].JSEncode, f.Name, quoteJS(f.Name))
			continue
		}
		fmt.Fprintf(b, "  %s;\n", jsEnc(f.Type, f.Name))
	}
	b.WriteString("  return enc;\n}\n")
	if len(o.Response) == 0 {
		fmt.Fprintf(b, "\n/** %s (%s build; hot). */\nexport function %s(rt, %s) {\n  rt.call(OP.%s, enc%s(rt.request(), %s));\n}\n", upper(o.Doc), o.Build, o.JS, ps, opName, N, ps)
		return
	}
	if len(o.Response) == 1 {
		f := o.Response[0]
		fmt.Fprintf(b, "\n/** Decodes a %s response: its %s, %s (ctx: what its custom decoders need). */\nexport function dec%s(dec, ctx) {\n  return %s;\n}\n", o.Name, f.Name, jsTypeOf(f.Type), N, jsDec(f.Type))
	} else {
		fmt.Fprintf(b, "\n/** Decodes a %s response %s (ctx: what its custom values' decoders need). */\nexport function dec%s(dec, ctx) {\n  return {\n", o.Name, jsDoc(o.Response), N)
		for _, f := range o.Response {
			fmt.Fprintf(b, "    %s: %s,\n", f.Name, jsDec(f.Type))
		}
		b.WriteString("  };\n}\n")
	}
	fmt.Fprintf(b, "\n/** %s (%s build; hot). ctx goes to the custom encoders and decoders. */\nexport function %s(rt, %s) {\n  return dec%s(rt.call(OP.%s, enc%s(rt.request(), %s)), ctx);\n}\n", upper(o.Doc), o.Build, o.JS, ps, N, opName, N, ps)
}

// wireOps are ops as the wire sees them: an enum field is its u8. The Go
// code, the samples and the schema hash are written from these; only the
// JS decoders and index.d.ts see the enum (its public names).
func wireOps(ops []wireschema.Op) []wireschema.Op {
	out := make([]wireschema.Op, len(ops))
	for i, o := range ops {
		o.Request, o.Response = wireFields(o.Request), wireFields(o.Response)
		out[i] = o
	}
	return out
}

func wireFields(fs []wireschema.Field) []wireschema.Field {
	var out []wireschema.Field
	for i, f := range fs {
		if j := strings.Index(string(f.Type), enumPrefix); j >= 0 {
			if out == nil {
				out = slices.Clone(fs)
			}
			out[i].Type = f.Type[:j] + wireschema.U8
		}
	}
	if out == nil {
		return fs
	}
	return out
}

// checkShape: a public shape documents exactly its fields (or keeps
// them internal), and its types, optional and internal lists name public
// fields of its own. what names the declaration in errors.
func checkShape(what string, sh *wireschema.Shape, fs []wireschema.Field) error {
	if sh.TS == "" || len(fs) == 0 {
		return fmt.Errorf("wireschema: %s: a public shape needs a TS name and fields", what)
	}
	has := map[string]bool{}
	for _, f := range fs {
		has[f.Name] = true
		_, doc := sh.Fields[f.Name]
		if internal := slices.Contains(sh.Internal, f.Name); doc == internal {
			if doc {
				return fmt.Errorf("wireschema: %s: %s field %s is documented and internal", what, sh.TS, f.Name)
			}
			return fmt.Errorf("wireschema: %s: %s has no doc for field %s (\"\" for none)", what, sh.TS, f.Name)
		}
	}
	for name := range sh.Fields {
		if !has[name] {
			return fmt.Errorf("wireschema: %s: %s documents a field %s that it does not have", what, sh.TS, name)
		}
	}
	for name := range sh.Types {
		if _, ok := sh.Fields[name]; !ok {
			return fmt.Errorf("wireschema: %s: %s types %s, not a public field of it", what, sh.TS, name)
		}
	}
	for _, name := range sh.Optional {
		if _, ok := sh.Fields[name]; !ok {
			return fmt.Errorf("wireschema: %s: %s makes %s optional, not a public field of it", what, sh.TS, name)
		}
	}
	for _, name := range sh.Internal {
		if !has[name] {
			return fmt.Errorf("wireschema: %s: %s keeps %s internal, which it does not have", what, sh.TS, name)
		}
	}
	return nil
}

// checkShapeNames: one TS name per shape (ops may share one Shape over
// the same fields, as both routeToQueues ops do).
func checkShapeNames(ops []wireschema.Op) error {
	type decl struct {
		sh *wireschema.Shape
		fs string
	}
	seen := map[string]decl{}
	add := func(what string, sh *wireschema.Shape, fs []wireschema.Field) error {
		d := decl{sh, fmt.Sprint(fs)}
		if prev, ok := seen[sh.TS]; ok && prev != d {
			return fmt.Errorf("wireschema: %s: TS name %s is another declaration's", what, sh.TS)
		}
		seen[sh.TS] = d
		return nil
	}
	for _, r := range wireschema.Records {
		if r.Shape != nil {
			if err := add("record "+r.Name, r.Shape, r.Fields); err != nil {
				return err
			}
		}
	}
	for _, o := range ops {
		if o.Answer != nil {
			if err := add("op "+o.Name, o.Answer, o.Response); err != nil {
				return err
			}
		}
	}
	return nil
}

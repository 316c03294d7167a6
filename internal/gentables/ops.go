package main

import (
	"bytes"
	"encoding/json"
	"fmt"
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
	opsJSPath      = "js/lib/ops.generated.js"
	requestsPath   = "wasm/testdata/wire/requests.json"
	// goldenPath is written by js/test/wire/golden.mjs (make generate) with
	// the real JS encoders; wasm/ops_golden_test.go reads it natively.
	goldenPath = "wasm/testdata/wire/golden.json"
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
}

// Composite types: List, Opt and Rec wrap another type in the type's text.
const (
	listPrefix = "[]"
	optPrefix  = "?"
	recPrefix  = "rec:"
)

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

// checkType refuses an unknown type, a record not declared before the one
// using it (no recursion), a raw anywhere but last at the top and an int64f
// in a response.
func checkType(t wireschema.Type, top, last, response bool) error {
	if e, ok := elemOf(t, listPrefix); ok {
		return checkType(e, false, false, response)
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return checkType(e, false, false, response)
	}
	if e, ok := elemOf(t, recPrefix); ok {
		r, ok := records[string(e)]
		if !ok {
			return fmt.Errorf("unknown (or not yet declared) record %q", e)
		}
		for _, f := range r.Fields {
			if err := checkType(f.Type, false, false, response); err != nil {
				return fmt.Errorf("record %s field %s: %w", r.Name, f.Name, err)
			}
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

func checkFields(what string, fs []wireschema.Field, response bool) error {
	names := map[string]bool{}
	for i, f := range fs {
		if !isLowerCamel(f.Name) || names[f.Name] {
			return fmt.Errorf("wireschema: %s: field %q must be a unique lowerCamel identifier", what, f.Name)
		}
		names[f.Name] = true
		if err := checkType(f.Type, true, i == len(fs)-1, response); err != nil {
			kind := "request"
			if response {
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
		if err := checkFields("record "+r.Name, r.Fields, false); err != nil {
			return err
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
		if err := checkFields("op "+o.Name, o.Request, false); err != nil {
			return err
		}
		if err := checkFields("op "+o.Name, o.Response, true); err != nil {
			return err
		}
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
func schemaText(ops []wireschema.Op) string {
	var b strings.Builder
	fields := func(fs []wireschema.Field) {
		for i, f := range fs {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%s:%s", f.Name, f.Type)
		}
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

// composites lists the list and optional types the declarations use, each
// once, elements first (their descriptors are generated in that order).
func composites(ops []wireschema.Op) []wireschema.Type {
	var out []wireschema.Type
	seen := map[wireschema.Type]bool{}
	var walk func(t wireschema.Type)
	walk = func(t wireschema.Type) {
		e, isList := elemOf(t, listPrefix)
		if !isList {
			var isOpt bool
			if e, isOpt = elemOf(t, optPrefix); !isOpt {
				return
			}
		}
		walk(e)
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, r := range wireschema.Records {
		for _, f := range r.Fields {
			walk(f.Type)
		}
	}
	for _, o := range ops {
		for _, f := range append(append([]wireschema.Field(nil), o.Request...), o.Response...) {
			walk(f.Type)
		}
	}
	return out
}

// renderStruct writes a Go struct of fs and its descriptor var; a record
// (which lists and optional values may hold) also gets its size and
// allocator, a request or response is a local of its op's handler.
func renderStruct(b *bytes.Buffer, doc, goName, wt string, fs []wireschema.Field, record bool) {
	fmt.Fprintf(b, "\n// %s\ntype %s struct {\n", doc, goName)
	for _, f := range fs {
		fmt.Fprintf(b, "\t%s %s\n", upper(f.Name), goTypeOf(f.Type))
	}
	fmt.Fprintf(b, "}\n\nvar %s = wtype{kind: wkRec, ", wt)
	if record {
		fmt.Fprintf(b, "size: unsafe.Sizeof(%s{}), mk: func(n int) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(make([]%s, n))) }, ", goName, goName)
	}
	b.WriteString("fields: []wfield{\n")
	for _, f := range fs {
		fmt.Fprintf(b, "\t{unsafe.Offsetof(%s{}.%s), &%s},\n", goName, upper(f.Name), wtName(f.Type))
	}
	b.WriteString("}}\n")
}

// renderOpsGo: the op numbers, the records, request and response types
// with their descriptors (read and written by wasm/declared.go's one
// walker) and the table of the ops both builds serve.
func renderOpsGo(ops []wireschema.Op) []byte {
	var b bytes.Buffer
	b.WriteString(goHeader + "package main\n\nimport \"unsafe\"\n\n// Declared operations (internal/wireschema).\nconst (\n")
	for _, o := range ops {
		fmt.Fprintf(&b, "\top%s = %d // %s\n", upper(o.Name), o.Num, o.Doc)
	}
	b.WriteString(")\n")
	for _, r := range wireschema.Records {
		t := wireschema.Rec(r.Name)
		renderStruct(&b, goTypeOf(t)+" is the record "+r.Name+": "+r.Doc+".", goTypeOf(t), wtName(t), r.Fields, true)
	}
	if cs := composites(ops); len(cs) > 0 {
		b.WriteString("\n// Descriptors of the lists and optional values the declarations use.\nvar (\n")
		for _, t := range cs {
			kind, e := "wkList", wireschema.Type("")
			if el, ok := elemOf(t, listPrefix); ok {
				e = el
			} else {
				kind, e, _ = "wkOpt", t[len(optPrefix):], true
			}
			fmt.Fprintf(&b, "\t%s = wtype{kind: %s, min: %d, size: unsafe.Sizeof(*new(%s)), elem: &%s, mk: func(n int) unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(make([]%s, n))) }}\n",
				wtName(t), kind, minBytes(e), goTypeOf(t), wtName(e), goTypeOf(e))
		}
		b.WriteString(")\n")
	}
	for _, o := range ops {
		n := o.Name
		renderStruct(&b, n+"Request is what "+n+" reads.", n+"Request", "wt"+upper(n)+"Request", o.Request, false)
		if len(o.Response) > 0 {
			renderStruct(&b, n+"Response is what "+n+" answers.", n+"Response", "wt"+upper(n)+"Response", o.Response, false)
		}
	}
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
		fmt.Fprintf(b, "\t{op%s, func(r *reader, w *writer) error {\n\t\tvar q %sRequest\n\t\tif r.request(unsafe.Pointer(&q), &wt%sRequest) != nil {\n\t\t\treturn r.err\n\t\t}\n", N, o.Name, N)
		if len(o.Response) == 0 {
			fmt.Fprintf(b, "\t\treturn handle%s(q)\n\t}},\n", N)
			continue
		}
		fmt.Fprintf(b, "\t\tp, err := handle%s(q)\n\t\treturn w.answer(unsafe.Pointer(&p), &wt%sResponse, err)\n\t}},\n", N, N)
	}
	fmt.Fprintf(b, "}\n\nfunc init() { registerDeclared(declared%s[:]) }\n", upper(string(build)))
}

func renderOpsFullGo(ops []wireschema.Op) []byte {
	var b bytes.Buffer
	b.WriteString("//go:build rmqfull\n\n" + goHeader + "package main\n\nimport \"unsafe\"\n")
	renderServe(&b, ops, wireschema.Full)
	return b.Bytes()
}

// renderOpsCoreGo: the core build's ERR_UNSUPPORTED answer to each
// full-build op, with the declared message saying how to get it.
func renderOpsCoreGo(ops []wireschema.Op) []byte {
	var b bytes.Buffer
	b.WriteString("//go:build !rmqfull\n\n" + goHeader + "package main\n\n// refusals: each full-build op and the core build's answer to it.\nvar refusals = [...]struct {\n\tnum int\n\tmsg string\n}{\n")
	for _, o := range ops {
		if o.Build == wireschema.Full {
			fmt.Fprintf(&b, "\t{op%s, %q},\n", upper(o.Name), o.Refusal)
		}
	}
	b.WriteString("}\n\nfunc init() {\n\tfor _, r := range refusals {\n\t\tregisterUnsupported(r.msg, r.num)\n\t}\n}\n")
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
		v := 200 + i
		return strconv.Itoa(v), v
	case wireschema.Raw:
		v := fmt.Sprintf(`{"%s":%d,"é":"😀"}`, op.Name, i)
		return "[]byte(" + strconv.Quote(v) + ")", v
	}
	v := fmt.Sprintf("%s-%d-é😀", op.Name, i)
	return strconv.Quote(v), v
}

// renderSamplesGo: the expected decoding of each golden request.
func renderSamplesGo(ops []wireschema.Op) []byte {
	var b bytes.Buffer
	b.WriteString(goHeader + "package main\n\n// wireSamples: what each golden request (testdata/wire/golden.json) decodes to.\nvar wireSamples = []wireSample{\n")
	for _, o := range ops {
		fmt.Fprintf(&b, "\t{%q, op%s, decodeDeclared[%sRequest](&wt%sRequest), %sRequest{", o.Name, upper(o.Name), o.Name, upper(o.Name), o.Name)
		for i, f := range o.Request {
			lit, _ := sample(o, i, f.Type)
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s: %s", upper(f.Name), lit)
		}
		b.WriteString("}},\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// renderRequestsJSON: the golden requests' values, for the JS encoders
// (scripts/wire-golden.mjs); i64 values are decimal strings, raw ones text
// (the records' field types say which).
func renderRequestsJSON(ops []wireschema.Op, hash string) ([]byte, error) {
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
	out := struct {
		Schema   string                `json:"schema"`
		Records  map[string][]recField `json:"records"`
		Requests []req                 `json:"requests"`
	}{Schema: hash, Records: map[string][]recField{}, Requests: []req{}}
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

// jsTypeOf is the JSDoc type of t.
func jsTypeOf(t wireschema.Type) string {
	if e, ok := elemOf(t, listPrefix); ok {
		return jsTypeOf(e) + "[]"
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return "(" + jsTypeOf(e) + " | undefined)"
	}
	if e, ok := elemOf(t, recPrefix); ok {
		return jsDoc(records[string(e)].Fields)
	}
	switch t {
	case wireschema.I64:
		return "bigint"
	case wireschema.Bool:
		return "boolean"
	case wireschema.Str:
		return "string"
	case wireschema.Raw:
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
	return "enc." + goTypes[t].jsType + "(" + v + ")"
}

// jsDec is the JS expression decoding a value of type t from dec.
func jsDec(t wireschema.Type) string {
	if e, ok := elemOf(t, listPrefix); ok {
		return "dec.list((dec) => " + jsDec(e) + ")"
	}
	if e, ok := elemOf(t, optPrefix); ok {
		return "(dec.u8() === 0 ? undefined : " + jsDec(e) + ")"
	}
	if e, ok := elemOf(t, recPrefix); ok {
		return "decRec" + upper(string(e)) + "(dec)"
	}
	if t == wireschema.Int64F {
		return "dec.f64()"
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
	decObject := func(fs []wireschema.Field) {
		b.WriteString("  return {\n")
		for _, f := range fs {
			fmt.Fprintf(&b, "    %s: %s,\n", f.Name, jsDec(f.Type))
		}
		b.WriteString("  };\n}\n")
	}
	for _, r := range wireschema.Records {
		N := upper(r.Name)
		fmt.Fprintf(&b, "\n/** Encodes the record %s %s. */\nexport function encRec%s(enc, v) {\n", r.Name, jsDoc(r.Fields), N)
		for _, f := range r.Fields {
			fmt.Fprintf(&b, "  %s;\n", jsEnc(f.Type, "v."+f.Name))
		}
		fmt.Fprintf(&b, "}\n\n/** Decodes the record %s. */\nexport function decRec%s(dec) {\n", r.Name, N)
		decObject(r.Fields)
	}
	for _, o := range ops {
		N := upper(o.JS)
		opName := upperSnake(upper(o.Name))
		fmt.Fprintf(&b, "\n/** Encodes a %s request %s (values validated by the caller). */\nexport function enc%s(enc, req) {\n", o.Name, jsDoc(o.Request), N)
		for _, f := range o.Request {
			fmt.Fprintf(&b, "  %s;\n", jsEnc(f.Type, "req."+f.Name))
		}
		b.WriteString("  return enc;\n}\n")
		if len(o.Response) > 0 {
			fmt.Fprintf(&b, "\n/** Decodes a %s response %s. */\nexport function dec%s(dec) {\n", o.Name, jsDoc(o.Response), N)
			decObject(o.Response)
			fmt.Fprintf(&b, "\n/** %s (%s build). */\nexport function %s(rt, req) {\n  return dec%s(rt.call(OP.%s, enc%s(rt.request(), req)));\n}\n", upper(o.Doc), o.Build, o.JS, N, opName, N)
			continue
		}
		fmt.Fprintf(&b, "\n/** %s (%s build). */\nexport function %s(rt, req) {\n  rt.call(OP.%s, enc%s(rt.request(), req));\n}\n", upper(o.Doc), o.Build, o.JS, opName, N)
	}
	b.WriteString("\n/** The request encoder of each declared operation, by name (golden requests). */\nexport const REQUEST_ENCODERS = Object.freeze({\n")
	for _, o := range ops {
		fmt.Fprintf(&b, "  %s: enc%s,\n", o.Name, upper(o.JS))
	}
	b.WriteString("});\n")
	return b.Bytes()
}

package adjudicator_test

import (
	"bytes"
	"encoding"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	invopop "github.com/invopop/jsonschema"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
)

var updateSchemas = flag.Bool("update-schemas", false, "rewrite docs/schema from the report and view types")

// schemaDir holds the JSON Schemas of the JSON report, kept in the project
// for the players who build tools on it.
var schemaDir = filepath.Join("..", "docs", "schema")

// reflectSchema is the JSON Schema of a Go type, described by its doc
// comments. Arrays may be null where Go leaves a list nil, so every array
// also admits null.
func reflectSchema(t *testing.T, typ reflect.Type, id string) []byte {
	t.Helper()
	r := &invopop.Reflector{Mapper: func(typ reflect.Type) *invopop.Schema {
		implements := func(i reflect.Type) bool { return typ.Implements(i) || reflect.PointerTo(typ).Implements(i) }
		if !implements(marshaler) {
			if implements(textMarshaler) {
				return &invopop.Schema{Type: "string"}
			}
			return nil
		}
		s, ok := ownEncodings[typ.String()]
		if !ok {
			t.Errorf("%s has its own JSON encoding: say in ownEncodings what it writes", typ)
		}
		return s
	}}
	if err := r.AddGoComments("taipan/adjudicator", "."); err != nil {
		t.Fatal(err)
	}
	s := r.ReflectFromType(typ)
	s.ID = invopop.ID(id)
	for _, d := range s.Definitions {
		nullableArrays(d)
	}
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

var (
	marshaler     = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// ownEncodings are the schemas of the view types with a JSON encoding of
// their own, by type; nil for those that write what encoding/json would
// (they encode themselves for speed).
var ownEncodings = map[string]*invopop.Schema{
	"trader.Columns": {
		Type:                 "object",
		Description:          "Each capital's stocks, available (bottom) one first, in capital order.",
		AdditionalProperties: &invopop.Schema{Type: "array", Items: &invopop.Schema{Type: "string"}},
	},
	"trader.Stock":          {Type: "string", Description: `A stock card: colour and value, e.g. "red 4".`},
	"shanghaitrader.estabs": nil,
	"time.Time":             {Type: "string", Format: "date-time"},
	"json.RawMessage": {
		Type:        "object",
		Description: "The game's view for the reader, as the game's view schema (view_schema) describes it.",
	},
}

// nullableArrays lets every array of s, and of its properties and items,
// be null too: Go encodes a nil list as null.
func nullableArrays(s *invopop.Schema) {
	if s == nil {
		return
	}
	if s.Type == "array" {
		items := &invopop.Schema{Type: "array", Items: s.Items}
		s.Type, s.Items = "", nil
		s.OneOf = []*invopop.Schema{items, {Type: "null"}}
		nullableArrays(items.Items)
	}
	nullableArrays(s.Items)
	nullableArrays(s.AdditionalProperties)
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			nullableArrays(p.Value)
		}
	}
}

// schemaFile compares got with docs/schema/name, rewriting it under
// -update-schemas.
func schemaFile(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(schemaDir, name)
	if *updateSchemas {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: write it with go test ./adjudicator -run TestReportSchemas -update-schemas", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/schema/%s no longer describes the type it documents: %s\nrewrite it with go test ./adjudicator -run TestReportSchemas -update-schemas and say in the change what a client tool sees differently", name, firstDiff(got, want))
	}
}

// compile reads a schema of docs/schema for validation.
func compile(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	path, err := filepath.Abs(filepath.Join(schemaDir, name))
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(path)
	if err != nil {
		t.Fatalf("compile %s: %v", name, err)
	}
	return s
}

// TestReportSchemas holds the JSON report to its documentation: the
// schemas of docs/schema are the ones the report's and each game's view
// types give, and every report of every step of every golden game, for
// every player, the GM and the observers, is valid against them, its view
// against its game's.
func TestReportSchemas(t *testing.T) {
	reg := goldenRegistry()
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	schemaFile(t, "report.schema.json", reflectSchema(t, reflect.TypeFor[adjudicator.JSONReport](), "report.schema.json"))
	views := map[string]bool{}
	for _, gg := range goldenGames {
		evs := goldenLog(t, gg.name)
		full, err := adjudicator.Replay(reg, evs)
		if err != nil {
			t.Fatal(err)
		}
		name := full.Engine.Name()
		file := adjudicator.ViewSchemaFile(name)
		if !views[name] {
			views[name] = true
			typ := reflect.TypeOf(full.Engine.View(full.State, ""))
			schemaFile(t, file, reflectSchema(t, typ, file))
		}
		if *updateSchemas {
			continue
		}
		envelope, view := compile(t, "report.schema.json"), compile(t, file)
		checked := 0
		for step := 0; step <= full.Last.Step; step++ {
			g, err := adjudicator.ReplayUntil(reg, evs, step)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range append(g.Names(), "", engine.Observer) {
				rep, err := r.JSON(g, p)
				if err != nil {
					t.Fatal(err)
				}
				b, err := rep.Bytes()
				if err != nil {
					t.Fatal(err)
				}
				doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if err := envelope.Validate(doc); err != nil {
					t.Fatalf("%s step %d, report for %q: %v", gg.name, step, p, err)
				}
				v, err := jsonschema.UnmarshalJSON(bytes.NewReader(rep.View))
				if err != nil {
					t.Fatal(err)
				}
				if err := view.Validate(v); err != nil {
					t.Fatalf("%s step %d, view for %q: %v\n%s", gg.name, step, p, err, rep.View)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Errorf("%s: no report checked", gg.name)
		}
	}
	if len(views) != len(reg.Names()) {
		t.Errorf("the golden games show %d of the %d games' views", len(views), len(reg.Names()))
	}
}

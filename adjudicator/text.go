package adjudicator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// DecodeStrict decodes a campaign's options or setup (Config.Options,
// Config.Setup) into v, refusing keys v does not have, so that a typo in a
// campaign file is an error rather than a silently ignored setting. Empty
// input and JSON null leave v as it is.
func DecodeStrict(raw json.RawMessage, v any) error {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// AndList joins words as reports write them: "a, b and c".
func AndList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// MustLoadData decodes a game's embedded YAML data file into v, refusing
// unknown keys. Data files are compiled in, so a bad one is a programming
// error and panics at start-up, naming the game.
func MustLoadData(game string, data []byte, v any) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		panic(fmt.Sprintf("%s: data.yaml: %v", game, err))
	}
}

package orders

import (
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Echo writes orders in their log form (as Generic returns them) as the
// readable YAML of an order file's orders list, one line per line of the
// result, so that a player sees exactly what was stored: "orders:", then
// "  - bid: 70" and so on. Keys come in the order the log stores them.
func Echo(generic []any) []string {
	if len(generic) == 0 {
		return []string{"orders: []"}
	}
	var w echoWriter
	w.b = append(w.b, "orders:"...)
	if w.list(generic, 2, false) {
		return strings.Split(string(w.b), "\n")
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	var sc scalars
	root := sc.node(map[string]any{"orders": generic})
	sc.encode()
	if err := enc.Encode(root); err != nil {
		return []string{"orders: (cannot be shown: " + err.Error() + ")"}
	}
	enc.Close()
	return strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
}

// echoWriter writes what yaml.v3's encoder writes of orders whose values
// are all mappings and lists with something in them, and scalars that it
// writes as they are (plainText): nearly every order file. The
// acknowledgement of every order mail echoes its orders, and writing them
// directly took a fifth off taking in a mail (BenchmarkIMAP1000); anything
// else is left to the encoder. TestEchoWriterAsEachAlone,
// TestEchoAsEachAlone and FuzzEchoAsEachAlone hold the two to one text.
type echoWriter struct{ b []byte }

// list writes l's items at column col, the first on the line as it stands
// when inline (an item of a list), else each on a line of its own.
func (w *echoWriter) list(l []any, col int, inline bool) bool {
	if len(l) == 0 {
		return false
	}
	for i, v := range l {
		if i > 0 || !inline {
			w.newline(col)
		}
		w.b = append(w.b, "- "...)
		if !w.value(v, col+2, true) {
			return false
		}
	}
	return true
}

// mapping writes m's entries, keys in byte order, at column col, the
// first on the line as it stands when inline.
func (w *echoWriter) mapping(m map[string]any, col int, inline bool) bool {
	if len(m) == 0 {
		return false
	}
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if !plainText(k) {
			return false
		}
		if i > 0 || !inline {
			w.newline(col)
		}
		w.b = append(w.b, k...)
		w.b = append(w.b, ':')
		if !w.value(m[k], col+2, false) {
			return false
		}
	}
	return true
}

// value writes v: a scalar after a space (a mapping's value) or where
// the line stands (inline: a list's item); a mapping or list inline or
// on the next lines at column col.
func (w *echoWriter) value(v any, col int, inline bool) bool {
	switch x := v.(type) {
	case map[string]any:
		return w.mapping(x, col, inline)
	case []any:
		return w.list(x, col, inline)
	}
	if !inline {
		w.b = append(w.b, ' ')
	}
	switch x := v.(type) {
	case string:
		if !plainText(x) {
			return false
		}
		w.b = append(w.b, x...)
	case int:
		w.b = strconv.AppendInt(w.b, int64(x), 10)
	case int64:
		w.b = strconv.AppendInt(w.b, x, 10)
	case bool:
		w.b = strconv.AppendBool(w.b, x)
	case nil:
		w.b = append(w.b, "null"...)
	default:
		return false
	}
	return true
}

func (w *echoWriter) newline(col int) {
	w.b = append(w.b, '\n')
	for range col {
		w.b = append(w.b, ' ')
	}
}

// plainText is whether YAML writes s as it is, unquoted: a letter, then
// letters, digits, '-', '_', '.' and single spaces inside, and not a word
// YAML 1.1 reads as a boolean or null (in any case, to be safe).
func plainText(s string) bool {
	if s == "" || len(s) > 80 || !isLetter(s[0]) || s[len(s)-1] == ' ' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case isLetter(c), c >= '0' && c <= '9', c == '-', c == '_', c == '.':
		case c == ' ' && s[i-1] != ' ':
		default:
			return false
		}
	}
	if len(s) <= 5 {
		for _, w := range [...]string{"y", "n", "yes", "no", "on", "off", "true", "false", "null"} {
			if strings.EqualFold(s, w) {
				return false
			}
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// scalars are the scalar values of a log-form value being built into
// YAML, and the nodes that stand for them. They are encoded all at once
// (encode), as the items of one list: yaml.Node.Encode writes the text
// of what it is given and parses it back, and doing that for each value
// was most of the cost of echoing an order file; an item of a list is
// written as the value alone is.
type scalars struct {
	values []any
	nodes  []*yaml.Node
}

// node builds the YAML of a log-form value with mapping keys in the order
// the log's JSON has them (byte order), not YAML's natural order; its
// scalars are left to encode.
func (sc *scalars) node(v any) *yaml.Node {
	switch x := v.(type) {
	case map[string]any:
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		for _, k := range slices.Sorted(maps.Keys(x)) {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, sc.node(x[k]))
		}
		return n
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, e := range x {
			n.Content = append(n.Content, sc.node(e))
		}
		return n
	}
	n := new(yaml.Node)
	sc.values, sc.nodes = append(sc.values, v), append(sc.nodes, n)
	return n
}

// encode fills the scalars' nodes: all in one, or each alone where the
// list cannot be encoded (a value of a type YAML cannot write is shown
// as fmt prints it).
func (sc *scalars) encode() {
	if len(sc.values) == 0 {
		return
	}
	var list yaml.Node
	if err := list.Encode(sc.values); err == nil && list.Kind == yaml.SequenceNode && len(list.Content) == len(sc.nodes) {
		for i, n := range list.Content {
			*sc.nodes[i] = *n
		}
		return
	}
	for i, v := range sc.values {
		if err := sc.nodes[i].Encode(v); err != nil {
			*sc.nodes[i] = yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: fmt.Sprint(v)}
		}
	}
}

// tokenKey finds a token key in a line of an order file: at the start of
// the line (possibly after "- "), or inside a flow mapping.
var tokenKey = regexp.MustCompile(`(?i)(^|[{,]|-\s)\s*["']?token["']?\s*:`)

// lineBreak is every line break of YAML (\r\n, \r, \n, NEL, LS, PS), so
// that the lines are the ones Parse numbers.
var lineBreak = regexp.MustCompile("\r\n|[\r\n\u0085\u2028\u2029]")

// hexRun is a word that looks like a secret: a token, or a code Taipan
// mailed, is 32 hex digits.
var hexRun = regexp.MustCompile(`(?i)[0-9a-f]{32,}`)

// Hidden is what stands for a secret in a file shown back.
const Hidden = "(hidden)"

// HideSecrets returns the lines of an order file with what may be secret
// replaced, so that the file can be shown back to its sender (or anyone)
// safely: the token's value, every comment (a token or a note may sit in
// one; "# (comment hidden)" stands for it) and every word of 32 or more
// hex digits (a token or a code, wherever it was written) become
// "(hidden)". It works on the text, so it also hides the token of a file
// that is not valid YAML: the rest of the line after "token:", and every
// following line indented deeper than that key (a block scalar, or a value
// continued on the next lines) or blank, or up to the closing quote of a
// quoted value. In a file that is valid YAML it also hides every line
// from a key Parse reads as the token (however it is written: "? token",
// "tok\x65n") to the next key. Lines are split at every YAML line break,
// so that they are the ones Parse numbers.
func HideSecrets(file []byte) []string {
	lines := lineBreak.Split(strings.TrimRight(string(file), "\r\n\u0085\u2028\u2029"), -1)
	text := slices.Clone(lines)
	hidden := make([]bool, len(lines)) // already replaced whole
	for i := 0; i < len(lines); i++ {
		loc := tokenKey.FindStringIndex(lines[i])
		if loc == nil {
			continue
		}
		indent := len(lines[i]) - len(strings.TrimLeft(lines[i], " \t"))
		value := strings.TrimSpace(lines[i][loc[1]:])
		lines[i] = hideComment(lines[i][:loc[1]]) + " " + Hidden
		hidden[i] = true
		if q := value; q != "" && (q[0] == '"' || q[0] == '\'') && !strings.Contains(q[1:], q[:1]) {
			// A quoted value that goes on over the next lines, to its
			// closing quote, whatever their indentation.
			for i+1 < len(lines) {
				i++
				closed := strings.Contains(lines[i], q[:1])
				lines[i], hidden[i] = Hidden, true
				if closed {
					break
				}
			}
			continue
		}
		for i+1 < len(lines) {
			next := lines[i+1]
			rest := strings.TrimLeft(next, " \t")
			if rest != "" && len(next)-len(rest) <= indent {
				break
			}
			i++
			hidden[i] = true
			if rest != "" {
				lines[i] = next[:len(next)-len(rest)] + Hidden
			}
		}
	}
	for _, span := range tokenLines(file, text) {
		first, at, last := span[0], span[1], span[2]
		// The key's line from the key on, unless a "token:" the text
		// shows at or before it hid it above.
		if loc := tokenKey.FindStringIndex(text[first]); loc == nil || loc[0] > at {
			lines[first], hidden[first] = hideComment(text[first][:at])+Hidden, true
		}
		for i := first + 1; i <= last; i++ {
			rest := strings.TrimLeft(lines[i], " \t")
			if rest != "" && !hidden[i] {
				lines[i] = lines[i][:len(lines[i])-len(rest)] + Hidden
			}
			hidden[i] = true
		}
	}
	for i := range lines {
		if !hidden[i] {
			lines[i] = hexRun.ReplaceAllString(hideComment(lines[i]), Hidden)
		}
	}
	return lines
}

// tokenLines are where the token of a file that is valid YAML stands:
// for each top-level key Parse reads as "token", its line (0-based), the
// byte at which the key starts in that line, and the last line before the
// next key (or the last of lines).
func tokenLines(file []byte, lines []string) [][3]int {
	var doc yaml.Node
	if yaml.Unmarshal(file, &doc) != nil || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	var out [][3]int
	keys := doc.Content[0].Content
	for i := 0; i+1 < len(keys); i += 2 {
		k := keys[i]
		if strings.ToLower(k.Value) != "token" || k.Line > len(lines) {
			continue
		}
		// The column counts characters (and stands at a quoted key's
		// quote); where it cannot be found, the whole line is hidden.
		line := lines[k.Line-1]
		at := 0
		for b := range line {
			if k.Column-1 == utf8.RuneCountInString(line[:b]) {
				at = b
				break
			}
		}
		last := len(lines) - 1
		if i+2 < len(keys) {
			last = min(last, max(keys[i+2].Line-2, keys[i+1].Line-1))
		}
		out = append(out, [3]int{k.Line - 1, at, last})
	}
	return out
}

// hideComment replaces the comment of a line, if it has one: from a # at
// the line's start or after a blank, outside quotes.
func hideComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote == '"' && c == '\\':
			i++ // an escaped character
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i] + "# (comment hidden)"
		}
	}
	return line
}

// Secrets are the words of an order file that no answer may repeat: the
// values of its token: lines and every word of 32 or more hex digits
// (comments included), longest first, so that hiding one never leaves
// part of another.
func Secrets(file []byte) []string {
	var out []string
	for _, m := range tokenValue.FindAllSubmatch(file, -1) {
		if v := strings.Trim(string(m[1]), `"'`); len(v) >= minSecret {
			out = append(out, v)
		}
	}
	for _, m := range hexRun.FindAll(file, -1) {
		out = append(out, string(m))
	}
	slices.SortFunc(out, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	return slices.Compact(out)
}

// minSecret is the shortest token value hidden from answers and log lines:
// shorter ones are no token (one is 32 characters), and hiding them would
// garble the line ("wrong token" with token: wrong).
const minSecret = 8

var tokenValue = regexp.MustCompile(`(?mi)^\s*["']?token["']?\s*:\s*(\S+)`)

// HideIn replaces every secret in text with "(hidden)".
func HideIn(text string, secrets []string) string {
	for _, s := range secrets {
		if s != "" {
			text = strings.ReplaceAll(text, s, Hidden)
		}
	}
	return text
}

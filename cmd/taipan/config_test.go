package main

import (
	"strings"
	"testing"
)

// The serve config keeps the mail gateway's keys at its top level, as every
// config file has them, and the site's under web:: a web: key, even with
// nothing under it, runs the site; a key no section knows is refused with
// its line and name, whichever section it is in.
func TestServeConfigSections(t *testing.T) {
	c, err := parseConfig([]byte("address: Taipan@Example.test\ntick: 1m\nsigning_key: gm.key\nweb:\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Mail.Address != "taipan@example.test" || c.Mail.Tick == 0 || c.SigningKey != "gm.key" || c.Web == nil {
		t.Errorf("read %+v, web %v", c, c.Web)
	}
	for text, site := range map[string]bool{"address: a@example.test\n": false, "web: {}\n": true, "web: {listen: 127.0.0.1:0, link_ttl: 1h}\n": true, "": false} {
		c, err := parseConfig([]byte(text))
		if err != nil || (c.Web != nil) != site {
			t.Errorf("%q: site %v, %v", text, c != nil && c.Web != nil, err)
		}
	}
	_, err = parseConfig([]byte("address: a@example.test\nadress: b@example.test\nweb:\n  listen: 127.0.0.1:0\n  base_ulr: http://x\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "config: ") || !strings.Contains(err.Error(), "line 2: field adress not found") || !strings.Contains(err.Error(), "line 5: field base_ulr not found in type web.Config") {
		t.Errorf("unknown keys: %v", err)
	}
	if _, err := parseConfig([]byte("database: a.db\ndatabase_env: TAIPAN_DB\n")); err == nil || err.Error() != "config: give database or database_env, not both" {
		t.Errorf("two databases: %v", err)
	}
}

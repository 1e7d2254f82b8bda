package main_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The GM signs chain heads (issue 10's option): a key made by keygen signs
// the heads of reports (from $TAIPAN_SIGNING_KEY) and the head `taipan
// head` prints for an export; audit and import check such a signature.
// A log made again from scratch under the same game id audits clean on its
// own, and only the signature tells it is not the GM's.
func TestSignedHeads(t *testing.T) {
	c := newCLI(t)
	key := filepath.Join(t.TempDir(), "gm.key")
	out := c.ok("", "keygen", key)
	pub := regexp.MustCompile(`Public key: ([0-9a-f]{64})`).FindStringSubmatch(out)
	if pub == nil {
		t.Fatalf("keygen printed no public key:\n%s", out)
	}
	if info, err := os.Stat(key); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, %v; want mode 0600", info, err)
	}
	c.fail("a key is never overwritten", "", "keygen", key)

	// Two games under one id, played apart: the GM's and a forgery.
	c.ok(campaign, "new", "-")
	forger := newCLI(t)
	forger.ok(strings.Replace(campaign, `seed: "cli test"`, `seed: "another deal"`, 1), "new", "-")
	for _, x := range []*cli{c, forger} {
		x.ok("", "adjudicate", "bourse-1")
	}

	// Reports carry the head signed when the key is given.
	cmd := exec.Command(binary, "--db", c.db, "report", "bourse-1", "--player", "alice")
	cmd.Env = append(os.Environ(), "TAIPAN_SIGNING_KEY="+key)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("report with a signing key: %v: %s", err, stderr.String())
	}
	report := stdout.String()
	head := regexp.MustCompile(`--expect-head (\d+:[0-9a-f]{64})`).FindStringSubmatch(report)
	sig := regexp.MustCompile(`Signed by the GM: ([0-9a-f]{128})`).FindStringSubmatch(report)
	if head == nil || sig == nil || !strings.Contains(report, pub[1]) {
		t.Fatalf("the report does not carry its head signed with key %s:\n%s", pub[1], report)
	}
	if unsigned := c.ok("", "report", "bourse-1", "--player", "alice"); strings.Contains(unsigned, "Signed by the GM") {
		t.Errorf("a report without the key is signed:\n%s", unsigned)
	}
	out = c.ok("", "audit", "bourse-1", "--expect-head", head[1], "--signature", sig[1], "--public-key", pub[1])
	if !strings.Contains(out, "as the GM signed it") {
		t.Errorf("audit of the report's signed head:\n%s", out)
	}

	// The GM publishes an export with its head signed.
	out = c.ok("", "head", "bourse-1", "--key", key)
	exportSig := regexp.MustCompile(`Signature: ([0-9a-f]{128})`).FindStringSubmatch(out)
	if exportSig == nil {
		t.Fatalf("head --key printed no signature:\n%s", out)
	}
	dir := t.TempDir()
	genuine, forged := filepath.Join(dir, "genuine.jsonl"), filepath.Join(dir, "forged.jsonl")
	for file, x := range map[string]*cli{genuine: c, forged: forger} {
		if err := os.WriteFile(file, []byte(x.ok("", "export", "bourse-1")), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out = c.ok("", "audit", "--file", genuine, "--signature", exportSig[1], "--public-key", pub[1])
	if !strings.Contains(out, "as the GM signed it") {
		t.Errorf("audit of the signed export:\n%s", out)
	}
	// The forgery audits clean by itself, but not as the GM's log.
	c.ok("", "audit", "--file", forged)
	c.fail("is not the GM's", "", "audit", "--file", forged, "--signature", exportSig[1], "--public-key", pub[1])
	other := filepath.Join(t.TempDir(), "other.key")
	otherPub := regexp.MustCompile(`Public key: ([0-9a-f]{64})`).FindStringSubmatch(c.ok("", "keygen", other))
	c.fail("is not the GM's", "", "audit", "--file", genuine, "--signature", exportSig[1], "--public-key", otherPub[1])
	c.fail("--signature and --public-key go together", "", "audit", "--file", genuine, "--signature", exportSig[1])

	// import checks the signature before it loads anything.
	fresh := newCLI(t)
	fresh.fail("import refused", "", "import", forged, "--signature", exportSig[1], "--public-key", pub[1])
	fresh.fail("no game", "", "status", "bourse-1")
	out = fresh.ok("", "import", genuine, "--signature", exportSig[1], "--public-key", pub[1])
	if !strings.Contains(out, "The GM's signature of head") {
		t.Errorf("import of the signed export:\n%s", out)
	}
}

// serve's signing_key: the reports it mails carry their head signed.
func TestServeSignsReports(t *testing.T) {
	c := newCLI(t)
	key := filepath.Join(t.TempDir(), "gm.key")
	c.ok("", "keygen", key)
	c.ok(campaign, "new", "-")
	dir := t.TempDir()
	_, stop := c.serve(fmt.Sprintf("address: taipan@example.test\nembedded: {listen: 127.0.0.1:0, maildir: %q}\nsigning_key: %q\n", dir, key))
	defer stop()
	waitMaildir(t, filepath.Join(dir, "alice@example.test"), "a report with a signed head", func(raw []byte) bool {
		return strings.Contains(string(raw), "Signed by the GM: ")
	})
}

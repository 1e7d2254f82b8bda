package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"

	"taipan/adjudicator"
	"taipan/events"
)

// signingKeyEnv names the environment variable that holds the path of the
// GM's signing key: with it, reports carry their head signed, and `taipan
// head` signs the head it prints.
const signingKeyEnv = "TAIPAN_SIGNING_KEY"

// useSigningKey reads the GM's signing key from path, or from the file
// $TAIPAN_SIGNING_KEY names when path is "", into the renderer. Neither:
// reports go unsigned.
func (m *Main) useSigningKey(path string) error {
	if path == "" {
		path = os.Getenv(signingKeyEnv)
	}
	if path == "" {
		return nil
	}
	key, err := adjudicator.ReadSigningKey(path)
	if err != nil {
		return err
	}
	m.renderer.SigningKey = key
	return nil
}

// runKeygen makes a GM's signing key in a new file (readable by its owner
// only) and prints its public half, to hand to players and auditors.
func (m *Main) runKeygen(_ context.Context, args []string) error {
	fset := flag.NewFlagSet("keygen", flag.ContinueOnError)
	pos, err := parseArgs(fset, args, 1, 1, "keygen FILE")
	if err != nil {
		return err
	}
	pemFile, pub, err := adjudicator.NewSigningKey(rand.Reader)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(pos[0], os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return adjudicator.Errorf(adjudicator.ECONFLICT, "keygen: %s exists; a key is never overwritten (its signatures would no longer check)", pos[0])
	}
	if err != nil {
		return err
	}
	if _, err := f.Write(pemFile); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "Signing key written to %s (keep it secret; give serve `signing_key: %s` or set %s).\n", pos[0], pos[0], signingKeyEnv)
	fmt.Fprintf(m.Stdout, "Public key: %s\n", adjudicator.PublicKeyText(pub))
	return nil
}

// runHead prints a game's chain head, signed with the GM's key when there
// is one (--key, or $TAIPAN_SIGNING_KEY): what a GM publishes beside an
// export, so that anyone can check the export is the GM's log.
func (m *Main) runHead(ctx context.Context, args []string) error {
	fset := flag.NewFlagSet("head", flag.ContinueOnError)
	keyFile := fset.String("key", "", "the GM's signing key (default $"+signingKeyEnv+")")
	pos, err := parseArgs(fset, args, 1, 1, "head GAME [--key FILE]")
	if err != nil {
		return err
	}
	if err := m.useSigningKey(*keyFile); err != nil {
		return err
	}
	evs, err := m.store.Events(ctx, pos[0])
	if err != nil {
		return err
	}
	if len(evs) == 0 {
		return adjudicator.Errorf(adjudicator.ENOTFOUND, "no game %q", pos[0])
	}
	h := adjudicator.LogHead(evs)
	fmt.Fprintf(m.Stdout, "Head of %s: %s\n", pos[0], h)
	if key := m.renderer.SigningKey; key != nil {
		pub := key.Public().(ed25519.PublicKey)
		fmt.Fprintf(m.Stdout, "Signature: %s\nPublic key: %s\n", adjudicator.SignHead(key, pos[0], h), adjudicator.PublicKeyText(pub))
		fmt.Fprintf(m.Stdout, "Check an export with: taipan audit --file LOG --expect-head %s --signature SIGNATURE --public-key KEY\n", h)
	}
	return nil
}

// signedHeadFlags are the flags of audit and import that check a head:
// --expect-head from a report, and the GM's signature of it.
type signedHeadFlags struct {
	expect, signature, publicKey *string
}

func newSignedHeadFlags(fset *flag.FlagSet) signedHeadFlags {
	return signedHeadFlags{
		expect:    fset.String("expect-head", "", "SEQ:HASH from a report you hold: fail if the log dropped or rewrote that event"),
		signature: fset.String("signature", "", "the GM's signature of that head (of the log's last event without --expect-head)"),
		publicKey: fset.String("public-key", "", "the GM's public key, to check --signature with"),
	}
}

// head is the head to check in evs, and whether one was asked for: the
// one --expect-head names, or with only --signature the log's last event.
// A signature is checked here.
func (f signedHeadFlags) head(evs []events.Event) (*adjudicator.Head, error) {
	if (*f.signature == "") != (*f.publicKey == "") {
		return nil, usagef("--signature and --public-key go together")
	}
	var h adjudicator.Head
	switch {
	case *f.expect != "":
		var err error
		if h, err = adjudicator.ParseHead(*f.expect); err != nil {
			return nil, err
		}
	case *f.signature != "":
		h = adjudicator.LogHead(evs)
	default:
		return nil, nil
	}
	if *f.signature != "" {
		pub, err := adjudicator.ParsePublicKey(*f.publicKey)
		if err != nil {
			return nil, err
		}
		if err := adjudicator.VerifyHead(pub, evs[0].Game, h, *f.signature); err != nil {
			return nil, err
		}
	}
	return &h, nil
}

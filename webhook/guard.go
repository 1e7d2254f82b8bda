package webhook

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"syscall"
)

// errPrivate is a post refused because its address is not public.
var errPrivate = errors.New("the address is not a public one (loopback, private, link-local or reserved); the host allows those only with webhooks: {allow_private: true}")

// Public reports whether a post may go to addr: a public unicast
// address, not loopback, private, link-local, shared (RFC 6598),
// multicast or unspecified.
func Public(addr netip.Addr) bool {
	addr = addr.Unmap()
	return addr.IsGlobalUnicast() && !addr.IsPrivate() && !addr.IsLoopback() && !addr.IsLinkLocalUnicast() &&
		!cgnat.Contains(addr) && !addr.IsMulticast() && !addr.IsUnspecified()
}

// cgnat is the shared address space of carrier-grade NAT (RFC 6598),
// private in all but name.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// dialControl refuses, at the moment of connecting, an address that is
// not public: checked on the address the name resolved to, so a name
// that points inside the host's network is refused too.
func dialControl(allowPrivate bool) func(network, address string, _ syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		if allowPrivate {
			return nil
		}
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("webhook: %s: %w", address, err)
		}
		if !Public(ap.Addr()) {
			return errPrivate
		}
		return nil
	}
}

// dialer is the dialer of the sender's posts.
func dialer(allowPrivate bool) *net.Dialer {
	return &net.Dialer{Control: dialControl(allowPrivate)}
}

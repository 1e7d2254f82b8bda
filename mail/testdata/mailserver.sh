#!/usr/bin/env bash
# A real mail server for Taipan's end-to-end test: Dovecot (IMAP, submission,
# LMTP) and Postfix (SMTP relay) from Debian's packages, configured and run
# entirely under one scratch folder, on the ports given, as root.
#
#   mailserver.sh start DIR IMAP_PORT SUBMISSION_PORT SMTP_PORT LMTP_PORT
#   mailserver.sh stop DIR
#
# Chain: client → Dovecot submission (AUTH PLAIN, STARTTLS) → Postfix smtpd
# (relay for 127.0.0.0/8) → Dovecot LMTP → Maildir, read over IMAP
# (STARTTLS). Users (password "pw-NAME"): taipan, alice, bob, gm, carol
# @example.test. The self-signed certificate is DIR/cert.pem.
# Install: apt-get install dovecot-imapd dovecot-lmtpd dovecot-submissiond postfix
set -euo pipefail

cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR [PORTS]" >&2; exit 2; }

stop() {
    if [ -f "$dir/dovecot.pid" ]; then
        kill "$(cat "$dir/dovecot.pid")" 2>/dev/null || true
        rm -f "$dir/dovecot.pid"
    fi
    if [ -f "$dir/postfix/main.cf" ]; then
        postfix -c "$dir/postfix" stop >/dev/null 2>&1 || true
    fi
}

if [ "$cmd" = stop ]; then
    stop
    exit 0
fi
[ "$cmd" = start ] || { echo "$0: unknown command $cmd" >&2; exit 2; }
imap=$3 submission=$4 smtp=$5 lmtp=$6
PATH="$PATH:/usr/sbin:/sbin"
for bin in dovecot postfix openssl; do
    command -v "$bin" >/dev/null || { echo "$0: $bin is not installed" >&2; exit 3; }
done

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
mkdir -p "$dir/mail" "$dir/run" "$dir/postfix" "$dir/spool" "$dir/data"

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$dir/key.pem" -out "$dir/cert.pem" >/dev/null 2>&1
chmod 644 "$dir/key.pem"

: > "$dir/users"
for u in taipan alice bob gm carol; do
    echo "$u@example.test:{PLAIN}pw-$u::::::" >> "$dir/users"
done

chown -R mail:mail "$dir/mail"
cat > "$dir/dovecot.conf" <<CONF
base_dir = $dir/run
state_dir = $dir/run
instance_name = taipan-test-$imap
log_path = $dir/dovecot.log
protocols = imap lmtp submission
listen = 127.0.0.1
ssl = yes
ssl_cert = <$dir/cert.pem
ssl_key = <$dir/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
mail_location = maildir:$dir/mail/%u
mail_uid = mail
mail_gid = mail
first_valid_uid = 8
default_internal_user = mail
default_login_user = mail
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/users
}
userdb {
  driver = static
  args = uid=mail gid=mail home=$dir/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $imap
  }
  inet_listener imaps {
    port = 0
  }
}
service submission-login {
  inet_listener submission {
    address = 127.0.0.1
    port = $submission
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $lmtp
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
service submission-login {
  chroot =
}
submission_relay_host = 127.0.0.1
submission_relay_port = $smtp
submission_relay_trusted = yes
hostname = localhost
protocol lmtp {
  auth_username_format = %u
}
namespace inbox {
  inbox = yes
  separator = /
}
CONF

chown postfix "$dir/data"
# Debian's master.cf with chroot off and smtpd on 127.0.0.1:$smtp.
awk -v port="$smtp" '
    /^[^#[:space:]]/ { $5 = "n" }
    /^smtp[[:space:]]+inet/ { $1 = "127.0.0.1:" port }
    { print }' /etc/postfix/master.cf > "$dir/postfix/master.cf"
cat > "$dir/postfix/main.cf" <<CONF
compatibility_level = 3.6
queue_directory = $dir/spool
data_directory = $dir/data
maillog_file = $dir/postfix.log
maillog_file_prefixes = $dir
myhostname = localhost
mydomain = localhost
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
mydestination =
local_recipient_maps =
alias_maps =
alias_database =
smtpd_relay_restrictions = permit_mynetworks, reject
virtual_mailbox_domains = example.test
virtual_transport = lmtp:inet:127.0.0.1:$lmtp
relayhost =
smtputf8_enable = no
CONF

dovecot -F -c "$dir/dovecot.conf" >>"$dir/dovecot.out" 2>&1 &
echo $! > "$dir/dovecot.pid"
postfix -c "$dir/postfix" start >>"$dir/postfix.out" 2>&1 || {
    echo "$0: postfix did not start; see $dir/postfix.log:" >&2
    tail -20 "$dir/postfix.log" >&2 2>/dev/null || true
    stop
    exit 1
}

# Wait for every port (up to 300 s: a busy machine is slow, a stuck one is named).
for port in $imap $submission $smtp $lmtp; do
    for _ in $(seq 3000); do
        (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break
        sleep 0.1
    done
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null || {
        echo "$0: nothing listens on port $port; logs:" >&2
        tail -20 "$dir/dovecot.log" "$dir/dovecot.out" "$dir/postfix.log" >&2 2>/dev/null || true
        stop
        exit 1
    }
done
echo "mail server up in $dir: imap $imap, submission $submission, smtp $smtp, lmtp $lmtp"

#!/usr/bin/env bash
# Khelaghor's reference SMS forwarder for a receiving phone (docs/sms-forwarder.md).
#
# Runs in Termux on the Android phone that holds the shop's bKash / Nagad / Rocket SIM. Every few
# seconds it reads the phone's SMS inbox (termux-sms-list, from the Termux:API app), and posts
# each SMS it has not sent yet to the shop's intake, signed with the phone's device key:
#   X-Key-Id, X-Timestamp, X-Nonce, X-Signature = hex HMAC-SHA256(secret,
#     "POST\n/api/payments/sms\n<timestamp>\n<nonce>\n<hex SHA-256 of the body>")
# It remembers what the shop took (the message ids in $KG_STATE), so an SMS is sent once, and an
# SMS the shop did not take (no network, 429, 5xx) is sent again on the next round.
#
# Setup (once): pkg install termux-api jq openssl-tool curl
#   ~/.khelaghor-forwarder.env:  KG_URL=https://shop.example.com  KG_KEY_ID=sd_...  KG_SECRET=...
# Run:   bash sms-forwarder.sh --skip-existing   (first time: the inbox's old SMS are not sent)
#        bash sms-forwarder.sh                   (then; `--once` for a single round)
set -euo pipefail

ENV_FILE="${KG_ENV_FILE:-$HOME/.khelaghor-forwarder.env}"
# shellcheck disable=SC1090
[ -f "$ENV_FILE" ] && . "$ENV_FILE"
: "${KG_URL:?set KG_URL (the shop, e.g. https://shop.example.com) in $ENV_FILE}"
: "${KG_KEY_ID:?set KG_KEY_ID (the device key id, sd_...) in $ENV_FILE}"
: "${KG_SECRET:?set KG_SECRET (the device key secret) in $ENV_FILE}"
KG_STATE="${KG_STATE:-$HOME/.khelaghor-forwarder.sent}"
KG_INTERVAL="${KG_INTERVAL:-10}"
KG_LIMIT="${KG_LIMIT:-30}"
INTAKE_PATH=/api/payments/sms
touch "$KG_STATE"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

sha256_hex() { sha256sum | cut -d' ' -f1; }

# The newest SMS of the inbox, oldest first (a balance chain arrives in order), one compact JSON
# body per line: message_id, sender, text. termux-sms-list gives each message's _id (its row in
# the phone's SMS store: unique per phone); an older Termux:API without it gets a hash of the
# sender, the time and the text instead.
inbox() {
  local raw id
  termux-sms-list -t inbox -l "$KG_LIMIT" | jq -c 'reverse | .[] | {id: ._id, sender: .number, received, text: .body}' |
    while IFS= read -r raw; do
      id="$(jq -r '.id // empty' <<<"$raw")"
      if [ -n "$id" ]; then id="sms-$id"; else id="h-$(jq -r '[.sender, .received, .text] | tostring' <<<"$raw" | sha256_hex | cut -c1-40)"; fi
      jq -c --arg id "$id" '{message_id: $id, sender, text}' <<<"$raw"
    done
}

# POSTs one body, signed; prints the HTTP status (000: no answer).
send() {
  local body="$1" timestamp nonce signature
  timestamp="$(date +%s)"
  nonce="$(openssl rand -hex 16)"
  signature="$(printf 'POST\n%s\n%s\n%s\n%s' "$INTAKE_PATH" "$timestamp" "$nonce" \
    "$(printf '%s' "$body" | sha256_hex)" | openssl dgst -sha256 -hmac "$KG_SECRET" -r | cut -d' ' -f1)"
  curl -sS -o /dev/null -w '%{http_code}' --max-time 20 -X POST "$KG_URL$INTAKE_PATH" \
    -H 'Content-Type: application/json' -H "X-Key-Id: $KG_KEY_ID" -H "X-Timestamp: $timestamp" \
    -H "X-Nonce: $nonce" -H "X-Signature: $signature" --data-binary "$body" || true
}

round() {
  local line id status
  while IFS= read -r line; do
    id="$(jq -r .message_id <<<"$line")"
    grep -qxF "$id" "$KG_STATE" && continue
    status="$(send "$line")"
    case "$status" in
      2??) echo "$id" >>"$KG_STATE"; log "sent $id ($status)" ;;
      400) echo "$id" >>"$KG_STATE"; log "the shop refused $id as malformed (400): skipped" ;;
      401) log "401 Invalid signature: check KG_KEY_ID, KG_SECRET (revoked?) and the phone's clock"; return 1 ;;
      429) log "429: too many for this key, the rest next round"; return 0 ;;
      *) log "no answer for $id ($status): tried again next round"; return 0 ;;
    esac
  done < <(inbox)
}

if [ "${1:-}" = "--skip-existing" ]; then
  inbox | jq -r .message_id >>"$KG_STATE"
  log "marked $(wc -l <"$KG_STATE") SMS already in the inbox as sent"
  shift
fi
if [ "${1:-}" = "--once" ]; then
  round
  exit $?
fi
command -v termux-wake-lock >/dev/null && termux-wake-lock
while true; do
  round || sleep 60
  sleep "$KG_INTERVAL"
done

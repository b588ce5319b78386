#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring (Secret Service),
# so keytar talks to a real keychain in CI and containers.
#   scripts/with-keyring.sh npx vitest run test/main/platform/secrets/keytar-vault.test.ts
set -euo pipefail
if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi
if [ -z "${FIRMSCOPE_IN_KEYRING_SESSION:-}" ]; then
  export FIRMSCOPE_IN_KEYRING_SESSION=1
  exec dbus-run-session -- "$0" "$@"
fi
# Inside the private bus: a throwaway HOME keeps the test keyring away from the user's own.
KEYRING_HOME="$(mktemp -d)"
trap 'rm -rf "$KEYRING_HOME"' EXIT
export XDG_DATA_HOME="$KEYRING_HOME/data" XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$KEYRING_HOME/run}"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
# --unlock reads the login password from stdin and creates/unlocks the "login" keyring.
eval "$(printf 'firmscope-test\n' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
"$@"

#!/usr/bin/env bash
# Installs everything the tests need (Debian packages, npm dependencies) and runs every test:
# build, lint, type-check, Vitest (unit + integration against the sandbox), the keychain test inside a
# private unlocked gnome-keyring, the GitHub workflow schema check, and the Playwright E2E suite in
# Debian Chromium.
# Exits non-zero if anything fails; prints each runner's summary lines at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

# libreoffice-calc-nogui and locales: the CSV presets are read back by LibreOffice under de_DE and en_US.
# squid: the real company proxy (Basic auth) the refused-password tests start on 127.0.0.1 (test/helpers/squid.ts).
# postgresql: the team server's store; tests start their own temporary cluster on 127.0.0.1 as the user postgres (test/helpers/postgres.ts).
# systemd: systemd-analyze verifies the team server's unit file (deploy/firmscope-server.service); nothing is started.
APT_PACKAGES=(chromium libsecret-1-dev gnome-keyring dbus dbus-x11 xvfb xauth build-essential python3 pkg-config openssl libreoffice-calc-nogui locales squid curl postgresql systemd)

# Each heading carries the run's elapsed time, so a slow phase shows in the log without a profiler.
log() { printf '\n==> [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

install_system_packages() {
  local missing=() p
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    echo "System packages already installed."
    return
  fi
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  echo "Installing: ${missing[*]}"
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The LibreOffice read-back test (test/main/platform/tabular/libreoffice-readback.test.ts) opens CSVs
# under a decimal-comma locale and a decimal-point one; Debian generates neither by default.
ensure_locales() {
  local l sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  for l in de_DE en_US; do
    if ! locale -a 2>/dev/null | grep -qix "$l.utf-\?8"; then
      echo "Generating locale $l.UTF-8"
      "${sudo[@]}" localedef -i "$l" -f UTF-8 "$l.UTF-8"
    fi
  done
}

LOG_DIR="$(mktemp -d)"
trap 'rm -rf "$LOG_DIR"' EXIT
declare -a RESULTS=()
FAILED=0

# Runs one suite, streaming its output and keeping a copy for the summary; never stops the script.
suite() {
  local name="$1"
  shift
  log "$name"
  local out="$LOG_DIR/${#RESULTS[@]}.log" started=$SECONDS
  local rc=0
  "$@" 2>&1 | tee "$out" || rc=${PIPESTATUS[0]}
  if [ "$rc" -eq 0 ]; then
    RESULTS+=("PASS  $name ($((SECONDS - started)) s)|$out")
  else
    # The exit code says what kind of failure it was when every test passed (an unhandled error: 1; a signal: 128+N).
    RESULTS+=("FAIL  $name ($((SECONDS - started)) s, exit $rc)|$out")
    FAILED=1
  fi
}

# Starts a suite without waiting; its output is shown, in start order, by wait_for_background_suites.
declare -a BG_NAMES=() BG_PIDS=() BG_OUTS=()
suite_in_background() {
  local name="$1"
  shift
  local out="$LOG_DIR/bg-${#BG_PIDS[@]}.log"
  (
    started=$SECONDS
    rc=0
    "$@" >"$out" 2>&1 || rc=$?
    echo $((SECONDS - started)) >"$out.seconds"
    exit "$rc"
  ) &
  BG_PIDS+=($!)
  BG_NAMES+=("$name")
  BG_OUTS+=("$out")
}

wait_for_background_suites() {
  local i status
  for i in "${!BG_PIDS[@]}"; do
    status=PASS
    wait "${BG_PIDS[$i]}" || { status=FAIL; FAILED=1; }
    log "${BG_NAMES[$i]}"
    cat "${BG_OUTS[$i]}"
    RESULTS+=("$status  ${BG_NAMES[$i]} ($(cat "${BG_OUTS[$i]}.seconds") s, alongside the others)|${BG_OUTS[$i]}")
  done
  BG_NAMES=() BG_PIDS=() BG_OUTS=()
}

log "System packages"
install_system_packages
ensure_locales

log "npm ci"
# Under `npm test`, npm exports its config as npm_config_* variables; a nested install must not inherit them.
unset npm_config_allow_scripts
# Native modules (keytar, better-sqlite3) compile from source when no prebuilt binary can be
# downloaded; node-gyp then needs Node's headers, which Debian's nodejs has under /usr/include/node.
if [ -z "${npm_config_nodedir:-}" ] && [ "$(command -v node)" = /usr/bin/node ] && [ -f /usr/include/node/node.h ]; then
  export npm_config_nodedir=/usr
fi
npm ci --no-audit --no-fund

log "Build (electron-vite: main, preload, renderer; the browser-mode host)"
npm run build
# Built once here rather than by whichever parallel test file needs it first.
node scripts/build-outputs.mjs webHost

# Lint and the type-check each use one core; they run beside Vitest, whose files leave the cores
# idle while they wait on HTTP, disk or a child process (docs/testing.md: 296 s for the three
# together on 2 cores, against 90 s + 316 s one after the other). Their output follows Vitest's.
suite_in_background "Lint (ESLint: layers, import cycles, correctness, typed rules)" npm run lint:typed
suite_in_background "Type-check (tsc -b: shared, node, web, preload, test projects)" npm run typecheck
suite_in_background "GitHub workflows (action-validator schema check)" node scripts/check-workflows.mjs
KEYRING_TESTS=(test/main/platform/secrets/keytar-vault.test.ts test/main/platform/secrets/keychain-bundle.test.ts)
suite "Vitest: unit and integration" npx vitest run "${KEYRING_TESTS[@]/#/--exclude=}"
wait_for_background_suites
# The keychain through what users run: the built web-host bundle and the Electron main bundle's loader.
suite "Vitest: OS keychain (keytar in a private gnome-keyring, built bundles)" \
  env FIRMSCOPE_REQUIRE_KEYRING=1 bash scripts/with-keyring.sh npx vitest run "${KEYRING_TESTS[@]}"


# Electron specs need a display; a virtual one costs nothing for headless Chromium.
E2E=(npx playwright test)
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then E2E=(xvfb-run -a "${E2E[@]}"); fi
suite "Playwright E2E (Debian Chromium, browser mode)" "${E2E[@]}"

log "Summary"
for r in "${RESULTS[@]}"; do
  name="${r%%|*}"
  out="${r#*|}"
  echo "$name"
  # Vitest and Playwright summary lines (colour codes stripped), plus the Electron E2E notice.
  sed -e 's/\x1b\[[0-9;]*m//g' "$out" |
    grep -E '^\s*(Test Files|Tests|Errors)\s|^Workflows: |^\s*[0-9]+ (passed|failed|flaky|skipped|did not run|interrupted)|ELECTRON E2E NOT RUN|error TS[0-9]+|✖ [0-9]+ problems?' |
    sed 's/^/      /' | tail -n 12 || true
  # Name what failed, so the summary alone (the tail of a long log) says where to look: failed
  # tests and their first assertion lines, ESLint's files and errors, TypeScript's errors, and
  # what a page logged when an E2E test failed on "the page logged errors" (the diff's + lines).
  if [[ "$name" == FAIL* ]]; then
    sed -e 's/\x1b\[[0-9;]*m//g' "$out" |
      grep -E '^\s*(FAIL|×|✘) .*(\.test\.tsx?|\.spec\.ts)|^\s*(AssertionError|[A-Za-z]*Error): |Unhandled (Error|Rejection)|originated in |^\s*\+\s+"(console error|uncaught): |^/.*\.(m?[jt]sx?|cjs)$|^\s+[0-9]+:[0-9]+\s+error\s|error TS[0-9]+' |
      sed 's/^\s*/      ! /' | cut -c1-220 | awk '!seen[$0]++' | head -n 16 || true
  fi
done
# One plain closing line over every runner (Vitest "Tests N passed | M failed", Playwright "N passed").
totals=$(cat "$LOG_DIR"/*.log | sed -e 's/\x1b\[[0-9;]*m//g' | awk '
  /^[[:space:]]*Tests[[:space:]]/ { for (i = 1; i <= NF; i++) { if ($i ~ /^passed/) p += $(i-1); if ($i ~ /^failed/) f += $(i-1) } next }
  /^[[:space:]]*[0-9]+ passed/ { p += $1 }
  /^[[:space:]]*[0-9]+ (failed|flaky)/ { f += $1 }
  END { printf "%d passed, %d failed", p, f }')
echo "Total: $totals in $((SECONDS / 60)) min $((SECONDS % 60)) s"
if [ "$FAILED" -ne 0 ]; then
  echo "SOME TESTS FAILED"
  exit 1
fi
echo "ALL TESTS PASSED"

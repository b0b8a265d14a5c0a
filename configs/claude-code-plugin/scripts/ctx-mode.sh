#!/bin/sh
# The ctx-mode plugin's hooks, server and commands run ctx-mode through this file.
# CTX_MODE_COMMAND, when set, is the command to run instead (split on spaces),
# for example "deno run -A --config /src/ctx-mode/deno.json /src/ctx-mode/main.ts".
if [ -n "${CTX_MODE_COMMAND:-}" ]; then
  exec $CTX_MODE_COMMAND "$@"
fi
# The plugin's folder: <clone>/configs/claude-code-plugin when run in place, else Claude
# Code's copy, <config>/plugins/cache/<marketplace>/<plugin>/<version>.
case "$0" in */*) here=${0%/*} ;; *) here=. ;; esac
root=$(CDPATH='' cd -- "$here/.." && pwd)
is_clone() {
  [ -f "$1/main.ts" ] && grep -q '"name": "@ctx/mode"' "$1/deno.json" 2>/dev/null
}
clone=""
if is_clone "$root/../.."; then
  clone=$(CDPATH='' cd -- "$root/../.." && pwd)
else
  market=${root%/*}
  market=${market%/*}
  market=${market##*/}
  known="$root/../../../../known_marketplaces.json"
  if [ -f "$known" ]; then
    place=$(sed -n "/^  \"$market\": {/,/^  }/s/^ *\"installLocation\": \"\(.*\)\",\{0,1\}$/\1/p" "$known" 2>/dev/null)
    if [ -n "$place" ] && is_clone "$place"; then clone=$place; fi
  fi
fi
if [ -n "$clone" ] && command -v deno >/dev/null 2>&1; then
  exec deno run -q -A --config "$clone/deno.json" "$clone/main.ts" "$@"
fi
if command -v ctx-mode >/dev/null 2>&1; then
  exec ctx-mode "$@"
fi
if command -v deno >/dev/null 2>&1; then
  exec deno run -q -A jsr:@ctx/mode@0.1.0 "$@"
fi
echo "ctx-mode: neither the ctx-mode binary nor deno is on PATH; install one (see the ctx-mode README)" >&2
exit 127

#!/bin/sh
# The ctx-mode plugin's hooks, server and commands run ctx-mode through this file.
# CTX_MODE_COMMAND, when set, is the command to run instead (split on spaces),
# for example "deno run -A --config /src/ctx-mode/deno.json /src/ctx-mode/main.ts".
if [ -n "${CTX_MODE_COMMAND:-}" ]; then
  exec $CTX_MODE_COMMAND "$@"
fi
if command -v ctx-mode >/dev/null 2>&1; then
  exec ctx-mode "$@"
fi
if command -v deno >/dev/null 2>&1; then
  exec deno run -A jsr:@ctx/mode@0.1.0 "$@"
fi
echo "ctx-mode: neither the ctx-mode binary nor deno is on PATH; install one (see the ctx-mode README)" >&2
exit 127

import assert from "node:assert/strict";
import {
  type Decision,
  LARGE_FILE_BYTES,
  type NoteKind,
  routeToolCall,
  ROUTING_BLOCK,
  ROUTING_BLOCK_MARKER,
  type ToolCallEvent,
  type ToolKind,
} from "../../src/routing/mod.ts";

/** What a case expects: a decision kind, plus the note kind or a tool the reason must name. */
type Expected =
  | { kind: "allow" }
  | { kind: "deny"; names: string }
  | { kind: "context"; noteKind: NoteKind }
  | { kind: "modify" };

interface Case {
  /** Reads as the end of "routeToolCall() …". */
  says: string;
  toolKind: ToolKind;
  input: Record<string, unknown>;
  toolName?: string;
  /** @default {true} */
  toolsAvailable?: boolean;
  expected: Expected;
}

const PROJECT = "/home/dev/acme";
const BIG = `${PROJECT}/logs/big.log`;

function event(
  toolKind: ToolKind,
  input: Record<string, unknown>,
  toolName = "tool",
): ToolCallEvent {
  return {
    platform: "test",
    sessionId: "s1",
    projectDir: PROJECT,
    toolName,
    toolKind,
    input,
  };
}

function fileSize(path: string): number | undefined {
  return path === BIG ? LARGE_FILE_BYTES * 10 : 1_000;
}

function shell(
  command: string,
  expected: Expected,
  says: string,
  toolsAvailable = true,
): Case {
  return {
    says,
    toolKind: "shell",
    input: { command },
    toolsAvailable,
    expected,
  };
}

const ALLOW: Expected = { kind: "allow" };
const FETCH_REDIRECT: Expected = { kind: "deny", names: "ctx_fetch_and_index" };
const EXECUTE_REDIRECT: Expected = { kind: "deny", names: "ctx_execute" };
function note(noteKind: NoteKind): Expected {
  return { kind: "context", noteKind };
}

const CASES: Case[] = [
  // curl and wget
  shell(
    "curl https://api.github.com/repos/denoland/deno/releases",
    FETCH_REDIRECT,
    "redirects a curl that prints an API body",
  ),
  shell(
    "curl https://api.github.com/repos/denoland/deno/releases",
    note("http"),
    "passes a curl with a note when ctx-mode's tools are not available",
    false,
  ),
  shell(
    "curl -s https://api.github.com/repos/denoland/deno/releases?per_page=20",
    FETCH_REDIRECT,
    "redirects a silent-flag curl that still prints the body",
  ),
  shell(
    "curl -sSL -o out.tgz https://example.com/x.tgz",
    ALLOW,
    "passes a download to a file with -o",
  ),
  shell(
    "curl -sSLo out.tgz https://example.com/x.tgz",
    ALLOW,
    "passes a download with -o inside a flag cluster",
  ),
  shell(
    "curl -O https://example.com/x.tgz",
    ALLOW,
    "passes a download with -O",
  ),
  shell(
    "curl -s -o /dev/null -w '%{http_code}' https://example.com",
    ALLOW,
    "passes a status check that discards the body",
  ),
  shell(
    "curl --output=page.html https://example.com",
    ALLOW,
    "passes a download with --output=FILE",
  ),
  shell(
    "curl -o - https://example.com",
    FETCH_REDIRECT,
    "redirects a curl whose -o is stdout",
  ),
  shell(
    "curl -sI https://example.com",
    ALLOW,
    "passes a headers-only curl",
  ),
  shell(
    "curl -s https://example.com/data.json > data.json",
    ALLOW,
    "passes a curl whose stdout is redirected to a file",
  ),
  shell(
    "curl -s https://api.example.com/items | jq '.[0]'",
    FETCH_REDIRECT,
    "redirects a curl piped into jq",
  ),
  shell(
    "curl -fsSL https://example.com/x.tgz | tar xz",
    ALLOW,
    "passes a curl piped into tar",
  ),
  shell(
    "cd /tmp && curl https://example.com",
    FETCH_REDIRECT,
    "redirects a curl after &&",
  ),
  shell(
    "FOO=1 sudo curl https://example.com",
    FETCH_REDIRECT,
    "redirects a curl behind an assignment and sudo",
  ),
  shell(
    "bash -c 'curl https://example.com'",
    FETCH_REDIRECT,
    "redirects a curl inside bash -c",
  ),
  shell(
    "curl -XPOST -H 'Content-Type: application/json' -d '{}' https://api.example.com/items",
    FETCH_REDIRECT,
    "redirects a POST whose -XPOST cluster holds a capital O",
  ),
  shell(
    "curl -H -o https://api.example.com",
    FETCH_REDIRECT,
    "reads a header value that looks like -o as a value, not a flag",
  ),
  shell(
    "curl https://example.com/x.tgz -o-",
    FETCH_REDIRECT,
    "redirects a curl whose attached -o value is stdout",
  ),
  shell(
    "timeout 30 curl https://example.com",
    FETCH_REDIRECT,
    "redirects a curl behind timeout",
  ),
  shell(
    "curl -fsSL https://deno.land/install.sh | sh",
    ALLOW,
    "passes an install script piped into sh",
  ),
  shell(
    "wget --output-document=- https://example.com",
    FETCH_REDIRECT,
    "redirects wget --output-document=-",
  ),
  shell(
    "wget -P downloads https://example.com/x.tgz",
    ALLOW,
    "passes wget into a directory",
  ),
  shell(
    "wget -q -O file.tgz https://example.com/x.tgz",
    ALLOW,
    "passes wget -q -O FILE",
  ),
  shell(
    "wget https://example.com/x.tgz",
    ALLOW,
    "passes a plain wget, which saves to a file",
  ),
  shell(
    "wget -qO- https://example.com",
    FETCH_REDIRECT,
    "redirects wget -qO- which prints the body",
  ),
  shell(
    "wget -O - https://example.com",
    FETCH_REDIRECT,
    "redirects wget -O - which prints the body",
  ),
  shell(
    "wget -O - https://example.com",
    note("http"),
    "passes wget -O - with a note when the tools are not available",
    false,
  ),
  // quoted strings
  shell(
    'echo "curl is great"',
    ALLOW,
    "passes curl inside a quoted echo argument",
  ),
  shell("echo curl", ALLOW, "passes curl as an echo argument"),
  shell(
    'gh issue edit 1 --body "see the curl docs"',
    ALLOW,
    "passes curl inside a quoted --body",
  ),
  shell(
    "git commit -m 'use wget -O - and curl'",
    ALLOW,
    "passes curl and wget inside a commit message",
  ),
  shell(
    'grep -rn "curl https" src',
    ALLOW,
    "passes a grep for the word curl",
  ),
  // inline HTTP
  shell(
    `node -e "fetch('https://example.com').then(r => r.text()).then(console.log)"`,
    EXECUTE_REDIRECT,
    "redirects node -e with fetch",
  ),
  shell(
    `python -c "import requests; requests.get('x')"`,
    EXECUTE_REDIRECT,
    "redirects python -c with requests.get",
  ),
  shell(
    `python3 -c "import urllib.request as u; print(u.urlopen('https://x').read())"`,
    EXECUTE_REDIRECT,
    "redirects python3 -c with urllib",
  ),
  shell(
    `ruby -e "require 'net/http'; puts Net::HTTP.get(URI('https://x'))"`,
    EXECUTE_REDIRECT,
    "redirects ruby -e with Net::HTTP",
  ),
  shell(
    `deno eval "console.log(await (await fetch('https://x')).text())"`,
    EXECUTE_REDIRECT,
    "redirects deno eval with fetch",
  ),
  shell(
    `python -c "import requests; requests.get('x')"`,
    note("http"),
    "passes inline HTTP with a note when the tools are not available",
    false,
  ),
  shell(
    `node -e "console.log(1 + 1)"`,
    ALLOW,
    "passes node -e without HTTP",
  ),
  shell(
    "python script_that_fetches.py",
    ALLOW,
    "passes a python script file",
  ),
  // build tools
  shell("gradle build", EXECUTE_REDIRECT, "redirects gradle build"),
  shell("./gradlew test", EXECUTE_REDIRECT, "redirects ./gradlew"),
  shell("mvn package", EXECUTE_REDIRECT, "redirects mvn package"),
  shell("./mvnw verify", EXECUTE_REDIRECT, "redirects ./mvnw"),
  shell("sbt compile", EXECUTE_REDIRECT, "redirects sbt compile"),
  shell(
    "gradle build",
    note("build-output"),
    "passes gradle build with a note when the tools are not available",
    false,
  ),
  shell(
    "mvn package 2>&1 | tail -n 60",
    ALLOW,
    "passes a build already piped into tail",
  ),
  shell("mvn -q package", ALLOW, "passes a quiet mvn"),
  shell("gradle --version", ALLOW, "passes gradle --version"),
  // chatty commands
  shell("git log", note("chatty-shell"), "notes git log without a limit"),
  shell("git log -5", ALLOW, "passes git log -5 silently"),
  shell("git log -n 20 --oneline", ALLOW, "passes git log -n 20 silently"),
  shell(
    "git log --oneline | head -20",
    ALLOW,
    "passes git log piped into head",
  ),
  shell("find / -name '*.conf'", note("chatty-shell"), "notes find /"),
  shell("find . -name '*.ts'", ALLOW, "passes find in the project"),
  shell(`cat ${BIG}`, note("large-read"), "notes cat of a big file"),
  shell(
    "cat logs/big.log",
    note("large-read"),
    "resolves cat paths against the project",
  ),
  shell("cat README.md", ALLOW, "passes cat of a small file"),
  shell("npm test", note("test-runner"), "notes npm test"),
  shell("npm run test:unit", note("test-runner"), "notes npm run test:unit"),
  shell("pytest -x", note("test-runner"), "notes pytest"),
  shell("deno test -A", note("test-runner"), "notes deno test"),
  shell("go test ./...", note("test-runner"), "notes go test"),
  shell("cargo test", note("test-runner"), "notes cargo test"),
  shell("npx jest", note("test-runner"), "notes npx jest"),
  shell(
    "npm test 2>&1 | tail -n 40",
    ALLOW,
    "passes a test run piped into tail",
  ),
  shell("git -C ../other log", note("chatty-shell"), "notes git -C DIR log"),
  shell("yarn test:unit", note("test-runner"), "notes yarn test:unit"),
  shell(
    "python -m pytest tests",
    note("test-runner"),
    "notes python -m pytest",
  ),
  shell("make test", note("test-runner"), "notes make test"),
  shell("npm run build", ALLOW, "passes npm run build silently"),
  shell(
    "git status && git log",
    note("chatty-shell"),
    "notes the chatty command in a list",
  ),
  shell(
    "git log && curl https://example.com",
    FETCH_REDIRECT,
    "prefers a redirect over a note in the same line",
  ),
  shell(
    "echo $(curl https://example.com)",
    ALLOW,
    "passes a curl inside command substitution (not looked into yet)",
  ),
  shell("grep -r a /", note("broad-grep"), "notes a grep over /"),
  // short fixed output
  shell("git status", ALLOW, "passes git status silently"),
  shell("ls -la", ALLOW, "passes ls silently"),
  shell("pwd", ALLOW, "passes pwd silently"),
  shell("mkdir -p build/out", ALLOW, "passes mkdir silently"),
  shell("git commit -m 'fix: x'", ALLOW, "passes git commit silently"),
  shell("npm install", ALLOW, "passes npm install silently"),
  shell(
    "echo 'unterminated",
    ALLOW,
    "passes a command line it cannot split",
  ),
  // other tool kinds
  {
    says: "redirects a web fetch tool to ctx_fetch_and_index",
    toolKind: "fetch",
    input: { url: "https://docs.deno.com", prompt: "summarise" },
    expected: FETCH_REDIRECT,
  },
  {
    says: "passes a web fetch with a note when the tools are not available",
    toolKind: "fetch",
    input: { url: "https://docs.deno.com" },
    toolsAvailable: false,
    expected: note("web-fetch"),
  },
  {
    says: "notes a read of a large file",
    toolKind: "read",
    input: { path: BIG },
    expected: note("large-read"),
  },
  {
    says: "passes a read of a large file with a limit",
    toolKind: "read",
    input: { path: BIG, limit: 100 },
    expected: ALLOW,
  },
  {
    says: "passes a read of a small file",
    toolKind: "read",
    input: { path: "src/main.ts" },
    expected: ALLOW,
  },
  {
    says: "notes a grep with a one-letter pattern",
    toolKind: "grep",
    input: { pattern: "a" },
    expected: note("broad-grep"),
  },
  {
    says: "notes a grep over the filesystem root",
    toolKind: "grep",
    input: { pattern: "TODO", path: "/" },
    expected: note("broad-grep"),
  },
  {
    says: "passes a specific grep",
    toolKind: "grep",
    input: { pattern: "routeToolCall", path: "src" },
    expected: ALLOW,
  },
  {
    says: "appends the routing block to a subagent prompt",
    toolKind: "task",
    input: { description: "explore", prompt: "Find the config loader" },
    expected: { kind: "modify" },
  },
  {
    says: "passes a subagent prompt that already holds the block",
    toolKind: "task",
    input: { prompt: `Find it\n\n${ROUTING_BLOCK}` },
    expected: ALLOW,
  },
  {
    says: "passes a subagent prompt unchanged when the tools are not available",
    toolKind: "task",
    input: { prompt: "Find the config loader" },
    toolsAvailable: false,
    expected: ALLOW,
  },
  {
    says: "notes an issue tracker's list tool",
    toolKind: "mcp",
    toolName: "mcp__github__list_issues",
    input: { owner: "denoland", repo: "deno" },
    expected: note("mcp-bulk"),
  },
  {
    says: "notes a chat history tool",
    toolKind: "mcp",
    toolName: "slack_get_channel_history",
    input: {},
    expected: note("mcp-bulk"),
  },
  {
    says: "notes a drive search tool",
    toolKind: "mcp",
    toolName: "gdrive_search_files",
    input: {},
    expected: note("mcp-bulk"),
  },
  {
    says: "passes ctx-mode's own MCP tools",
    toolKind: "mcp",
    toolName: "mcp__ctx-mode__ctx_search",
    input: { queries: ["x"] },
    expected: ALLOW,
  },
  {
    says: "passes an MCP tool that writes",
    toolKind: "mcp",
    toolName: "mcp__github__create_issue",
    input: {},
    expected: ALLOW,
  },
  {
    says: "passes edits",
    toolKind: "edit",
    input: { path: BIG },
    expected: ALLOW,
  },
  {
    says: "passes other tools",
    toolKind: "other",
    input: {},
    expected: ALLOW,
  },
];

function check(decision: Decision, expected: Expected): void {
  assert.equal(decision.kind, expected.kind);
  if (decision.kind === "deny" && expected.kind === "deny") {
    assert.ok(
      decision.reason.includes(expected.names),
      `reason should name ${expected.names}: ${decision.reason}`,
    );
  }
  if (decision.kind === "context" && expected.kind === "context") {
    assert.equal(decision.noteKind, expected.noteKind);
  }
}

Deno.test("routeToolCall() decides each call in the routing table", async (t) => {
  for (const c of CASES) {
    await t.step(`routeToolCall() ${c.says}`, () => {
      const decision = routeToolCall(
        event(c.toolKind, c.input, c.toolName),
        { toolsAvailable: c.toolsAvailable ?? true, fileSize },
      );
      check(decision, c.expected);
    });
  }
});

Deno.test("the routing table holds at least 60 cases", () => {
  assert.ok(CASES.length >= 60, `${CASES.length} cases`);
});

Deno.test("routeToolCall() shows a note kind once, then stays silent", () => {
  const shown = new Set<NoteKind>();
  const options = {
    toolsAvailable: true,
    alreadyNoted: (kind: NoteKind) => shown.has(kind),
  };
  const first = routeToolCall(event("shell", { command: "git log" }), options);
  assert.equal(first.kind, "context");
  if (first.kind === "context" && first.noteKind) shown.add(first.noteKind);
  assert.deepEqual(
    routeToolCall(event("shell", { command: "git log" }), options),
    { kind: "allow" },
  );
  assert.equal(
    routeToolCall(event("shell", { command: "npm test" }), options).kind,
    "context",
  );
});

Deno.test("routeToolCall() denies every time, whatever was noted", () => {
  const options = { toolsAvailable: true, alreadyNoted: () => true };
  const call = event("shell", { command: "curl https://example.com" });
  assert.equal(routeToolCall(call, options).kind, "deny");
  assert.equal(routeToolCall(call, options).kind, "deny");
});

Deno.test("routeToolCall() suppresses the fallback note when it was shown", () => {
  const decision = routeToolCall(
    event("shell", { command: "curl https://example.com" }),
    { toolsAvailable: false, alreadyNoted: (kind) => kind === "http" },
  );
  assert.deepEqual(decision, { kind: "allow" });
});

Deno.test("routeToolCall() names no ctx-mode tool in notes when the tools are not available", () => {
  const commands = ["curl https://x", "git log", "npm test", "gradle build"];
  for (const command of commands) {
    const decision = routeToolCall(event("shell", { command }), {
      toolsAvailable: false,
    });
    assert.equal(decision.kind, "context", command);
    if (decision.kind === "context") {
      assert.doesNotMatch(decision.text, /ctx_/, command);
    }
  }
});

Deno.test("routeToolCall() keeps the subagent's other fields when it appends the block", () => {
  const input = { description: "explore", prompt: "Go", type: "general" };
  const decision = routeToolCall(event("task", input), {
    toolsAvailable: true,
  });
  assert.equal(decision.kind, "modify");
  if (decision.kind !== "modify") return;
  assert.equal(decision.input["description"], "explore");
  assert.equal(decision.input["type"], "general");
  assert.equal(decision.input["prompt"], `Go\n\n${ROUTING_BLOCK}`);
  assert.ok(String(decision.input["prompt"]).includes(ROUTING_BLOCK_MARKER));
});

Deno.test("routeToolCall() tells a build how to keep only the tail", () => {
  const decision = routeToolCall(event("shell", { command: "gradle build" }), {
    toolsAvailable: true,
  });
  assert.equal(decision.kind, "deny");
  if (decision.kind === "deny") {
    assert.match(decision.reason, /gradle build 2>&1 \| tail -n 60/);
  }
});

Deno.test("routeToolCall() asks for a file size only with an absolute path", () => {
  const asked: string[] = [];
  routeToolCall(event("read", { path: "a/b.txt" }), {
    toolsAvailable: true,
    fileSize: (path) => {
      asked.push(path);
      return undefined;
    },
  });
  assert.deepEqual(asked, [`${PROJECT}/a/b.txt`]);
});

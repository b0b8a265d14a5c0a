import assert from "node:assert/strict";
import { captureToolCall } from "../../src/session/capture_tool.ts";
import type { CapturedCall, EventDraft } from "../../src/session/types.ts";

const PROJECT = "/srv/app";

function call(
  toolName: string,
  toolKind: string,
  input: Record<string, unknown>,
  extra: Partial<CapturedCall> = {},
): CapturedCall {
  return { toolName, toolKind, input, projectDir: PROJECT, ...extra };
}

function summary(events: readonly EventDraft[]): string[] {
  return events.map((e) => `${e.category}/${e.type} ${e.subject}`);
}

Deno.test("captureToolCall() records files read, edited, written and searched", async (t) => {
  const cases: Array<[string, CapturedCall, string[]]> = [
    [
      "a read",
      call("Read", "read", {
        "file_path": "/srv/app/a.ts",
        path: "/srv/app/a.ts",
      }),
      ["file/read /srv/app/a.ts"],
    ],
    [
      "an edit",
      call("Edit", "edit", {
        "file_path": "/srv/app/a.ts",
        "old_string": "x",
        "new_string": "y",
      }),
      ["file/edit /srv/app/a.ts"],
    ],
    [
      "a write (content, no old text)",
      call("Write", "edit", { "file_path": "/srv/app/b.ts", content: "z" }),
      ["file/write /srv/app/b.ts"],
    ],
    [
      "a multi-edit",
      call("MultiEdit", "edit", { "file_path": "/srv/app/c.ts", edits: [] }),
      ["file/edit /srv/app/c.ts"],
    ],
    [
      "a patch naming its files",
      call("apply_patch", "edit", {
        input:
          "*** Begin Patch\n*** Update File: src/x.ts\n@@\n-a\n+b\n*** Add File: src/y.ts\n+c\n*** End Patch",
      }),
      ["file/edit src/x.ts", "file/edit src/y.ts"],
    ],
    [
      "a grep",
      call("Grep", "grep", { pattern: "TODO", path: "/srv/app/src" }),
      ["file/grep grep:TODO in /srv/app/src"],
    ],
    [
      "a glob",
      call("Glob", "grep", { pattern: "**/*.ts" }),
      ["file/glob glob:**/*.ts"],
    ],
  ];
  for (const [name, input, expected] of cases) {
    await t.step(name, () => {
      const capture = captureToolCall(input);
      assert.deepEqual(summary(capture.events), expected);
      assert.equal(capture.resolves.length, 1);
    });
  }
});

Deno.test("captureToolCall() records task lists, task creation and task updates by shape", () => {
  const list = captureToolCall(call("TodoWrite", "other", {
    todos: [
      { content: "Write parser", status: "completed", activeForm: "Writing" },
      { content: "Test parser", status: "in_progress" },
      { content: "Ship", status: "weird" },
      { nothing: true },
    ],
  }));
  assert.deepEqual(list.events, [{
    category: "task",
    type: "list",
    subject: "tasks",
    data: {
      items: [
        { title: "Write parser", status: "completed" },
        { title: "Test parser", status: "in_progress" },
        { title: "Ship", status: "pending" },
      ],
    },
  }]);
  const created = captureToolCall(call("TaskCreate", "other", {
    subject: "Add caching",
    description: "Cache the lookups",
  }, { output: { task: { id: "7", subject: "Add caching" } } }));
  assert.deepEqual(created.events, [{
    category: "task",
    type: "create",
    subject: "task:7",
    data: { id: "7", title: "Add caching", status: "pending" },
  }]);
  const updated = captureToolCall(call("TaskUpdate", "other", {
    taskId: "7",
    status: "completed",
  }));
  assert.deepEqual(updated.events, [{
    category: "task",
    type: "update",
    subject: "task:7",
    data: { id: "7", status: "completed" },
  }]);
});

Deno.test("captureToolCall() reads git operations with branch names and messages", async (t) => {
  const cases: Array<[string, string, Record<string, unknown>]> = [
    ["git checkout -b feature/login", "", {
      op: "checkout",
      branch: "feature/login",
      created: true,
    }],
    ["git switch main", "", { op: "switch", branch: "main" }],
    ["git -C repo checkout -- src/a.ts", "", { op: "checkout" }],
    ['git commit -m "fix: close the db"', "[main 1a2b3c4] fix: close the db", {
      op: "commit",
      message: "fix: close the db",
      branch: "main",
      sha: "1a2b3c4",
    }],
    ["git commit -am 'wip'", "", { op: "commit", message: "wip" }],
    ["git merge --no-ff feature/login", "", {
      op: "merge",
      args: "feature/login",
    }],
    ["git rebase -i main", "", { op: "rebase", args: "main" }],
    ["git stash pop", "", { op: "stash", action: "pop" }],
    ["git stash", "", { op: "stash", action: "push" }],
    ["git push -u origin feature/login", "", {
      op: "push",
      args: "origin feature/login",
    }],
    ["git pull --rebase", "", { op: "pull" }],
    ["git diff --stat", "", { op: "diff" }],
    ["git status", "On branch develop\nnothing to commit", {
      op: "status",
      branch: "develop",
    }],
  ];
  for (const [command, stdout, data] of cases) {
    await t.step(command, () => {
      const { events } = captureToolCall(
        call("Bash", "shell", { command }, { output: { stdout, stderr: "" } }),
      );
      assert.equal(events.length, 1, JSON.stringify(events));
      assert.equal(events[0]?.category, "git");
      assert.deepEqual(events[0]?.data, data);
    });
  }
  await t.step(
    "a command that is not git nor an environment change is a generic shell event",
    () => {
      const { events } = captureToolCall(
        call("Bash", "shell", { command: "ls -la" }),
      );
      assert.deepEqual(summary(events), ["tool/shell shell:ls"]);
    },
  );
});

Deno.test("captureToolCall() reads environment changes", async (t) => {
  const cases: Array<[string, string[]]> = [
    ["cd packages/web && npm install zod react", [
      "env/cd packages/web",
      "env/install npm zod,react",
    ]],
    ["source .venv/bin/activate", ["env/virtualenv .venv"]],
    ["python3 -m venv .venv", ["env/virtualenv .venv"]],
    ["nvm use 20", ["env/nvm 20"]],
    ["conda activate -n ml", ["env/conda ml"]],
    ["conda activate ml", ["env/conda ml"]],
    ["pip install -U requests", ["env/install pip requests"]],
    ["python -m pip install httpx", ["env/install pip httpx"]],
    ["uv pip install ruff", ["env/install uv ruff"]],
    ["uv add polars", ["env/install uv polars"]],
    ["cargo add serde", ["env/install cargo serde"]],
    ["deno add npm:zod", ["env/install deno npm:zod"]],
    ["sudo apt-get install -y jq", ["env/install apt-get jq"]],
  ];
  for (const [command, expected] of cases) {
    await t.step(command, () => {
      const { events } = captureToolCall(call("Bash", "shell", { command }));
      assert.deepEqual(
        events.map((e) =>
          `${e.category}/${e.type} ${
            e.data.dir ?? e.data.path ?? e.data.version ?? e.data.target ??
              `${e.data.manager} ${(e.data.packages as string[]).join(",")}`
          }`
        ),
        expected,
      );
    });
  }
});

Deno.test("captureToolCall() records failures, and a later success of the same kind resolves them", () => {
  const failed = captureToolCall(call("Bash", "shell", {
    command: "deno test -A tests/a_test.ts",
  }, { error: "Exit code 1\nerror: AssertionError\n    at a_test.ts:3" }));
  assert.equal(failed.events.length, 1);
  assert.deepEqual(failed.events[0]?.data, {
    tool: "Bash",
    command: "deno test -A tests/a_test.ts",
    exitCode: 1,
    message: "Exit code 1\nerror: AssertionError\n    at a_test.ts:3",
  });
  assert.deepEqual(failed.resolves, []);
  const passed = captureToolCall(call("Bash", "shell", {
    command: "deno test -A tests/",
  }));
  assert.deepEqual(passed.resolves, [failed.events[0]?.subject]);

  const nonZero = captureToolCall(call("Bash", "shell", { command: "make" }, {
    output: { exitCode: 2, stderr: "make: *** No rule" },
  }));
  assert.equal(nonZero.events[0]?.category, "error");
  assert.equal(nonZero.events[0]?.data.exitCode, 2);

  const readFailed = captureToolCall(call("Read", "read", {
    "file_path": "/srv/app/missing.ts",
  }, { error: "File does not exist." }));
  assert.equal(readFailed.events[0]?.subject, "Read:/srv/app/missing.ts");
  assert.deepEqual(
    captureToolCall(
      call("Read", "read", { "file_path": "/srv/app/missing.ts" }),
    )
      .resolves,
    ["Read:/srv/app/missing.ts"],
  );
});

Deno.test("captureToolCall() records MCP tools, subagents, skills, fetches and unknown tools", () => {
  assert.deepEqual(
    summary(
      captureToolCall(call("mcp__db__query", "mcp", { sql: "select 1" }))
        .events,
    ),
    ["mcp/call mcp__db__query"],
  );
  const agent = captureToolCall(call("Agent", "task", {
    description: "Find the parser",
    prompt: "Find where the parser lives.\nThen list its callers.",
    "subagent_type": "Explore",
  })).events[0];
  assert.deepEqual(agent?.data, {
    agent: "Explore",
    description: "Find the parser",
    prompt: "Find where the parser lives.",
  });
  assert.deepEqual(
    summary(captureToolCall(call("Skill", "other", { skill: "pdf" })).events),
    ["skill/skill skill:pdf"],
  );
  assert.deepEqual(
    summary(
      captureToolCall(call("SlashCommand", "other", { command: "/review 12" }))
        .events,
    ),
    ["skill/command command:/review"],
  );
  assert.deepEqual(
    summary(
      captureToolCall(call("WebFetch", "fetch", {
        url: "https://user:hunter22@example.com/x",
      })).events,
    ),
    ["tool/fetch fetch:https://user:[REDACTED]@example.com/x"],
  );
  const unknown = captureToolCall(call("FancyTool", "other", {
    nested: { apiKey: "k-123456", blob: "x".repeat(5000) },
  })).events[0];
  assert.equal(unknown?.category, "tool");
  assert.equal(unknown?.subject, "FancyTool");
  const stored = String(unknown?.data.input);
  assert.ok(stored.length <= 300, `${stored.length} characters`);
  assert.doesNotMatch(stored, /k-123456/);
  assert.match(stored, /\[REDACTED\]/);
  assert.deepEqual(
    summary(captureToolCall(call("Read", "read", { weird: 1 })).events),
    ["tool/call Read"],
    "a known kind with an unknown shape is a generic tool event",
  );
});

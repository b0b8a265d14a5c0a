import assert from "node:assert/strict";
import { sessionState } from "../../src/session/session_state.ts";
import { decision, edit, prompt, recorded } from "./_events.ts";

Deno.test("sessionState() folds task lists, creations, updates and deletions in order", () => {
  const state = sessionState(recorded([
    {
      category: "task",
      type: "list",
      subject: "tasks",
      data: { items: [{ title: "Old plan", status: "pending" }] },
    },
    {
      category: "task",
      type: "list",
      subject: "tasks",
      data: {
        items: [
          { title: "Parse", status: "completed" },
          { title: "Test", status: "pending" },
        ],
      },
    },
    {
      category: "task",
      type: "create",
      subject: "task:1",
      data: { id: "1", title: "Ship", status: "pending" },
    },
    {
      category: "task",
      type: "create",
      subject: "task:2",
      data: { id: "2", title: "Drop me", status: "pending" },
    },
    {
      category: "task",
      type: "update",
      subject: "task:1",
      data: { id: "1", status: "in_progress" },
    },
    {
      category: "task",
      type: "update",
      subject: "task:2",
      data: { id: "2", status: "deleted" },
    },
  ]));
  assert.deepEqual(state.tasks, [
    { title: "Ship", status: "in_progress" },
    { title: "Test", status: "pending" },
    { title: "Parse", status: "completed" },
  ]);
});

Deno.test("sessionState() keeps the newest prompt, unresolved errors and project-relative files", () => {
  const state = sessionState(
    recorded([
      prompt("first"),
      edit("/p/src/a.ts"),
      edit("/elsewhere/b.ts"),
      { ...edit("/p/src/a.ts"), count: 2 },
      decision("Use tabs."),
      {
        category: "error",
        type: "shell",
        subject: "shell:npm test",
        data: { tool: "Bash", command: "npm test", message: "Exit code 1" },
        resolved: true,
      },
      {
        category: "error",
        type: "read",
        subject: "Read:/p/x.ts",
        data: {
          tool: "Read",
          path: "/p/x.ts",
          message: "File does not exist.",
        },
      },
      prompt("second"),
    ]),
    { projectDir: "/p" },
  );
  assert.equal(state.lastRequest, "second");
  assert.deepEqual(state.filesModified, [
    { path: "src/a.ts", times: 3 },
    { path: "/elsewhere/b.ts", times: 1 },
  ]);
  assert.deepEqual(state.errors, [
    { what: "Read x.ts", message: "File does not exist.", times: 1 },
  ]);
  assert.deepEqual(state.decisions, ["Use tabs."]);
});

Deno.test("sessionState() describes git operations and the branch last seen", () => {
  const state = sessionState(recorded([
    {
      category: "git",
      type: "checkout",
      subject: "git:checkout",
      data: { op: "checkout", branch: "feature/x", created: true },
    },
    {
      category: "git",
      type: "status",
      subject: "git:status",
      data: { op: "status", branch: "feature/x" },
    },
    {
      category: "git",
      type: "commit",
      subject: "git:commit",
      data: {
        op: "commit",
        message: "add x",
        sha: "abc1234",
        branch: "feature/x",
      },
    },
    {
      category: "git",
      type: "push",
      subject: "git:push",
      data: { op: "push", args: "origin feature/x" },
    },
  ]));
  assert.equal(state.branch, "feature/x");
  assert.deepEqual(state.git, [
    "push origin feature/x",
    'commit "add x" abc1234 on feature/x',
    "created branch feature/x",
  ]);
});

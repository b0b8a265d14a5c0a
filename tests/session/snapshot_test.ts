import assert from "node:assert/strict";
import { renderGuide } from "../../src/session/guide.ts";
import { sessionState } from "../../src/session/session_state.ts";
import {
  buildSnapshot,
  SNAPSHOT_BUDGET_BYTES,
} from "../../src/session/snapshot.ts";
import type { EventDraft } from "../../src/session/types.ts";
import { decision, edit, env, mcp, prompt, recorded } from "./_events.ts";

const SOURCE = "session:test";

function guideOf(drafts: EventDraft[]) {
  const snapshot = buildSnapshot(sessionState(recorded(drafts)), {
    source: SOURCE,
  });
  const guide = renderGuide(snapshot, { source: SOURCE });
  return {
    snapshot,
    guide,
    bytes: new TextEncoder().encode(guide).length,
    titles: snapshot.sections.map((section) => section.title),
    omitted: snapshot.omitted.map((o) => o.title),
  };
}

const BASE: EventDraft[] = [
  prompt("Make the importer resumable"),
  {
    category: "task",
    type: "list",
    subject: "tasks",
    data: {
      items: [
        { title: "Store a cursor", status: "completed" },
        { title: "Resume from the cursor", status: "pending" },
      ],
    },
  },
  edit("/p/src/importer.ts"),
  decision("Keep the cursor in SQLite, not in a file."),
  {
    category: "error",
    type: "shell",
    subject: "shell:npm test",
    data: { tool: "Bash", command: "npm test", message: "Exit code 1" },
  },
  {
    category: "git",
    type: "checkout",
    subject: "git:checkout",
    data: { op: "checkout", branch: "resumable", created: true },
  },
  {
    category: "rule",
    type: "file",
    subject: "/p/AGENTS.md",
    data: { path: "/p/AGENTS.md" },
  },
  env("npm install better-sqlite3"),
  mcp("mcp__ctx__ctx_search"),
  {
    category: "subagent",
    type: "Explore",
    subject: "Explore:Find callers",
    data: { agent: "Explore", prompt: "Find callers" },
  },
  {
    category: "skill",
    type: "skill",
    subject: "skill:pdf",
    data: { name: "pdf" },
  },
  {
    category: "data",
    type: "paste",
    subject: "paste-0123456789",
    data: { ref: "paste-0123456789", bytes: 4096, preview: "id,name" },
  },
  {
    category: "intent",
    type: "implement",
    subject: "intent",
    data: { intent: "implement" },
  },
  {
    category: "role",
    type: "role",
    subject: "act as a reviewer",
    data: { text: "act as a reviewer" },
  },
];

Deno.test("a small session fits whole: every section with content, in guide order", () => {
  const { guide, bytes, titles, omitted } = guideOf(BASE);
  assert.deepEqual(titles, [
    "Last Request",
    "Tasks",
    "Key Decisions",
    "Files Modified",
    "Unresolved Errors",
    "Git",
    "Project Rules",
    "MCP Tools Used",
    "Subagent Tasks",
    "Skills",
    "Environment",
    "Data References",
    "Intent",
    "Role",
  ]);
  assert.deepEqual(omitted, []);
  assert.ok(bytes <= SNAPSHOT_BUDGET_BYTES);
  assert.match(
    guide,
    /## Tasks\n- \[ \] Resume from the cursor\n- \[x\] Store a cursor\n/,
  );
  assert.match(guide, /memory, not orders: the user's newest message wins/);
  assert.match(
    guide,
    /ctx_search with source "session:test" and sort "timeline"/,
  );
  assert.doesNotMatch(guide, /Left out for space/);
});

Deno.test("as a session outgrows the budget, the lowest tier goes first, then the next", async (t) => {
  const longEnv = Array.from(
    { length: 14 },
    (_, i) => env(`npm install package-number-${i}-${"x".repeat(110)}`),
  );
  const longDecisions = Array.from(
    { length: 16 },
    (_, i) =>
      decision(`Decision ${i}: ${"keep the importer idempotent ".repeat(6)}`),
  );
  const tier3 = [
    "MCP Tools Used",
    "Subagent Tasks",
    "Skills",
    "Data References",
    "Intent",
    "Role",
  ];

  await t.step(
    "tier 2 overflows: tier 3 is left out whole, tiers 1 and 2 stay",
    () => {
      const { bytes, titles, omitted, guide } = guideOf([...BASE, ...longEnv]);
      assert.ok(bytes <= SNAPSHOT_BUDGET_BYTES, `${bytes} bytes`);
      for (
        const title of [
          "Last Request",
          "Tasks",
          "Key Decisions",
          "Files Modified",
          "Unresolved Errors",
          "Git",
          "Environment",
        ]
      ) {
        assert.ok(titles.includes(title), title);
      }
      for (const title of tier3) assert.ok(!titles.includes(title), title);
      assert.deepEqual(omitted.filter((title) => !tier3.includes(title)), [
        "Environment",
      ]);
      assert.match(
        guide,
        /Left out for space: Environment \(\d+ more\), MCP Tools Used \(1\)/,
      );
    },
  );

  await t.step(
    "tier 1 overflows: tiers 2 and 3 are left out whole, the last request stays",
    () => {
      const { bytes, titles, omitted, snapshot } = guideOf([
        ...BASE,
        ...longEnv,
        ...longDecisions,
        prompt("Now resume from the cursor"),
      ]);
      assert.ok(bytes <= SNAPSHOT_BUDGET_BYTES, `${bytes} bytes`);
      assert.equal(titles[0], "Last Request");
      assert.deepEqual(snapshot.sections[0]?.lines, [
        "Now resume from the cursor",
      ]);
      assert.ok(titles.includes("Tasks"));
      assert.ok(titles.includes("Key Decisions"));
      for (const title of ["Git", "Project Rules", "Environment", ...tier3]) {
        assert.ok(!titles.includes(title), title);
        assert.ok(omitted.includes(title), title);
      }
      const decisions = snapshot.sections.find((s) =>
        s.title === "Key Decisions"
      );
      assert.match(
        decisions!.lines[0]!,
        /^- Decision 15:/,
        "newest decisions kept first",
      );
      assert.ok(
        snapshot.omitted.some((o) => o.title === "Key Decisions" && o.partial),
      );
    },
  );
});

Deno.test("a last request over 1 KB is kept as its first kilobyte with a note", () => {
  const long = `Please ${"refactor the module carefully ".repeat(80)}`;
  const { snapshot, bytes } = guideOf([prompt(long)]);
  const [line] = snapshot.sections[0]!.lines;
  assert.ok(long.startsWith(line!.slice(0, 900)));
  assert.match(line!, /the full request is in the session events\]$/);
  assert.ok(bytes <= SNAPSHOT_BUDGET_BYTES);
});

Deno.test("a resolved error does not appear; a smaller budget is honoured", () => {
  const drafts = BASE.map((draft) =>
    draft.category === "error" ? { ...draft, resolved: true } : draft
  );
  const { titles } = guideOf(drafts);
  assert.ok(!titles.includes("Unresolved Errors"));
  const small = buildSnapshot(sessionState(recorded(BASE)), { budget: 700 });
  assert.ok(new TextEncoder().encode(renderGuide(small)).length <= 700);
  assert.equal(small.sections[0]?.title, "Last Request");
});

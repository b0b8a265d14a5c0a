/**
 * What a user prompt leaves behind in the session: the prompt itself (kept
 * word for word, secrets masked), the decisions and corrections it states,
 * a role it asks for, the session's intent, slash commands, and references
 * to large pasted data (over 1 KB), which are kept out of the prompt event.
 *
 * Pure; heuristics over the text, no model calls.
 *
 * @module
 */

import { textHash } from "./dedup_hash.ts";
import { formatBytes } from "../store/format_bytes.ts";
import { utf8ByteLength as utf8Length } from "../store/split_oversize.ts";
import { clip, redactText } from "./redact.ts";
import type { EventDraft, PastedData, PromptCapture } from "./types.ts";

/** Pasted blocks larger than this many bytes are stored by reference. */
export const PASTE_THRESHOLD_BYTES = 1024;

/** The most characters a prompt event keeps. */
const MAX_PROMPT_CHARS = 10_000;

/** The most characters of pasted data kept for indexing. */
const MAX_PASTE_CHARS = 1_000_000;

const DECISION_RULES: readonly RegExp[] = [
  /\b(?:use|using|switch to|go with|stick (?:to|with)|prefer|pick|choose)\b.*\b(?:instead|rather than)\b/i,
  /\binstead of\b/i,
  /^(?:please\s+)?(?:don'?t|do not|never|stop|avoid|no more)\b/i,
  /\b(?:don'?t|do not|never|shouldn'?t|must not|let'?s not)\s+(?:use|add|change|touch|modify|remove|delete|commit|push|run|call|create|rename|edit|import|write|mock|skip|rewrite|install)\b/i,
  /^(?:please\s+)?always\b/i,
  /\balways\s+(?:use|run|add|write|keep|check|prefer|commit|test|format|call|put|ask|include|read)\b/i,
  /\b(?:from now on|going forward|make sure (?:to|you))\b/i,
  /^(?:no|nope|actually|wait|not quite|that'?s wrong|wrong)\b[,.!:;]/i,
  /\b(?:let'?s go with|we'?ll go with|we will go with|(?:i|we) decided|decided to|the decision is)\b/i,
];

const ROLE_NOUNS = String
  .raw`(?:reviewer|engineer|developer|architect|expert|tester|auditor|writer|editor|designer|mentor|teacher|consultant|analyst|specialist|programmer|administrator|admin|manager|scientist|researcher|critic|maintainer|coach|hacker|pentester|dba)`;

const ROLE_RULES: readonly RegExp[] = [
  /\b(?:act|behave|respond|answer|work) as (?:an?|the|my) [^.,;:!?\n]{3,60}/i,
  /\b(?:take|play|assume) the role of (?:an?|the)? ?[^.,;:!?\n]{3,60}/i,
  new RegExp(
    String
      .raw`\b(?:you are|you're) (?:now )?(?:an?|the|my) (?:[\w-]+ ){0,4}${ROLE_NOUNS}\b`,
    "i",
  ),
  new RegExp(
    String
      .raw`\b(?:pretend|imagine) (?:to be|you(?:'re| are)) (?:an?|the) (?:[\w-]+ ){0,4}${ROLE_NOUNS}\b`,
    "i",
  ),
];

const INTENT_RULES: ReadonlyArray<[string, RegExp]> = [
  [
    "debug",
    /\b(?:fix|bug|bugs|error|errors|fails?|failed|failing|failure|broken|crash(?:es|ed)?|exception|debug|stack ?trace|regression|not working|doesn'?t work|traceback)\b/gi,
  ],
  [
    "review",
    /\b(?:review|audit|critique|look over|feedback on|sanity check)\b/gi,
  ],
  [
    "implement",
    /\b(?:add|implement|create|build|write|make|refactor|introduce|migrate|rename|support|port|scaffold|generate)\b/gi,
  ],
  [
    "investigate",
    /\b(?:why|how does|how do|where (?:is|are|does)|find|look into|investigate|explain|understand|what does|trace|figure out)\b/gi,
  ],
  [
    "discuss",
    /\b(?:what do you think|should we|thoughts|pros and cons|compare|opinion|trade-?offs?|brainstorm|ideas?|discuss|which is better)\b/gi,
  ],
];

/**
 * The events of one prompt.
 *
 * @param prompt The user's prompt as sent.
 * @returns The events, and the pasted blocks replaced by references.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { capturePrompt } from "./capture_prompt.ts";
 * const { events } = capturePrompt("Use pnpm instead of npm. Why is the build slow?");
 * assert.deepEqual(
 *   events.map((e) => e.category),
 *   ["prompt", "decision", "intent"],
 * );
 * ```
 */
export function capturePrompt(prompt: string): PromptCapture {
  const { text, pastes } = extractPastes(prompt);
  const kept = redactText(text, MAX_PROMPT_CHARS);
  const events: EventDraft[] = [{
    category: "prompt",
    type: "prompt",
    subject: "prompt",
    data: { text: kept },
  }];
  const slash = kept.match(/^\/([A-Za-z][\w:-]*)/)?.[0];
  if (slash) {
    events.push({
      category: "skill",
      type: "command",
      subject: `command:${slash}`,
      data: { name: slash },
    });
  }
  for (const sentence of sentences(kept)) {
    if (DECISION_RULES.some((rule) => rule.test(sentence))) {
      const decision = clip(sentence, 300);
      events.push({
        category: "decision",
        type: "decision",
        subject: decision,
        data: { text: decision },
      });
    }
  }
  const role = roleOf(kept);
  if (role) {
    events.push({
      category: "role",
      type: "role",
      subject: role,
      data: { text: role },
    });
  }
  const intent = intentOf(kept);
  if (intent) {
    events.push({
      category: "intent",
      type: intent,
      subject: "intent",
      data: { intent },
    });
  }
  for (const paste of pastes) {
    events.push({
      category: "data",
      type: "paste",
      subject: paste.ref,
      data: { ref: paste.ref, bytes: paste.bytes, preview: paste.preview },
    });
  }
  return { events, pastes };
}

/**
 * The role a prompt asks the agent to take, if any.
 *
 * @param text The prompt.
 * @returns The phrase (`act as a senior reviewer`), or undefined.
 */
export function roleOf(text: string): string | undefined {
  for (const rule of ROLE_RULES) {
    const found = text.match(rule)?.[0];
    if (found) return clip(found.trim(), 100);
  }
  return undefined;
}

/**
 * The intent of a prompt: investigate, implement, debug, review or discuss,
 * by the words it uses; undefined when none stands out.
 *
 * @param text The prompt.
 * @returns The intent, or undefined.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intentOf } from "./capture_prompt.ts";
 * assert.equal(intentOf("The login test fails with a TypeError, fix it"), "debug");
 * assert.equal(intentOf("Add a --json flag to the list command"), "implement");
 * ```
 */
export function intentOf(text: string): string | undefined {
  const head = text.slice(0, 2000);
  let best: string | undefined;
  let bestScore = 0;
  for (const [intent, rule] of INTENT_RULES) {
    const score = head.match(rule)?.length ?? 0;
    if (score > bestScore) {
      best = intent;
      bestScore = score;
    }
  }
  return best;
}

/** Declarative sentences and lines of a prompt (questions are not decisions). */
function sentences(text: string): string[] {
  return text.split("\n").flatMap((line) =>
    line.split(/(?<=[.!;])\s+(?=[A-Z"'`(])/)
  ).map((sentence) => sentence.trim().replace(/^[-*>\d.)\s]+/, "")).filter((
    sentence,
  ) =>
    sentence.length >= 8 && !sentence.endsWith("?") &&
    !sentence.startsWith("[pasted data")
  );
}

/**
 * Fenced blocks, then paragraphs of data, over the threshold become references.
 * The rest of the prompt stays as it was typed.
 */
function extractPastes(prompt: string): { text: string; pastes: PastedData[] } {
  if (utf8Length(prompt) <= PASTE_THRESHOLD_BYTES) {
    return { text: prompt, pastes: [] };
  }
  const pastes: PastedData[] = [];
  const replace = (block: string): string => {
    const content = redactText(block, MAX_PASTE_CHARS);
    const bytes = utf8Length(block);
    const ref = `paste-${textHash(content).slice(0, 10)}`;
    const preview = clip(
      content.split("\n").find((line) => line.trim() && !line.startsWith("```"))
        ?.trim() ?? "",
      80,
    );
    if (!pastes.some((paste) => paste.ref === ref)) {
      pastes.push({ ref, bytes, preview, content });
    }
    return `[pasted data: ${formatBytes(bytes)}, ref ${ref}]`;
  };
  let text = prompt.replace(
    /^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm,
    (block) =>
      utf8Length(block) > PASTE_THRESHOLD_BYTES ? replace(block) : block,
  );
  if (utf8Length(text) > PASTE_THRESHOLD_BYTES) {
    text = text.split(/(\n[ \t]*\n)/).map((part) =>
      utf8Length(part) > PASTE_THRESHOLD_BYTES && looksLikeData(part)
        ? replace(part)
        : part
    ).join("");
  }
  return { text, pastes };
}

/**
 * Whether an unfenced paragraph is data rather than something typed: JSON or
 * markup, or text where letters and spaces are under 85% (logs, tables, code).
 * Long prose stays in the prompt, where its decisions are found.
 */
function looksLikeData(block: string): boolean {
  if (/^\s*[[{<]/.test(block)) return true;
  const prose = block.match(/[\p{L}\s]/gu)?.length ?? 0;
  return prose / block.length < 0.85;
}

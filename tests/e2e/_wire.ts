/**
 * The four model wire formats the scripted endpoint speaks, reduced to what
 * a scenario needs: read a request into neutral terms (the tools offered, the
 * tool calls already made, the tool results sent back, all text). Replies
 * are written by `_wire_write.ts`.
 *
 * @module
 */

/** Which provider API a request came through. */
export type Wire = "anthropic" | "responses" | "chat" | "gemini";

/** One tool result the agent sent back to the model. */
export interface ToolResult {
  /** The call id the model gave (Gemini: the function name when no id). */
  id: string;
  /** The result as text (JSON for structured results). */
  text: string;
  /** The wire's error flag, where it has one. */
  isError?: boolean;
}

/** A request in neutral terms. */
export interface ModelRequest {
  wire: Wire;
  /** The names of the tools offered to the model. */
  tools: string[];
  /** The ids of the tool calls the model made earlier in this conversation. */
  callIds: string[];
  /** The tool results in the conversation, oldest first. */
  results: ToolResult[];
  /** Whether the request asks for a streamed answer. */
  stream: boolean;
  /** Every text the request carries (system, messages, results), joined. */
  text: string;
  /** The text of the latest user turn that is not a tool result. */
  lastUserText: string;
}

/** What the scripted model answers, and the prompt size it reports (10 tokens by default). */
export type Reply =
  & (
    | { kind: "call"; id: string; name: string; args: Record<string, unknown> }
    | { kind: "text"; text: string }
  )
  & { promptTokens?: number };

/** An HTTP answer: body and content type. */
export interface WireAnswer {
  body: string;
  contentType: string;
}

type Json = Record<string, unknown>;

/** Joins a Responses tool namespace and a tool name in {@linkcode ModelRequest.tools}. */
export const NAMESPACE_SEPARATOR = "/";

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asObject(value: unknown): Json {
  return value && typeof value === "object" && !Array.isArray(value)
    ? value as Json
    : {};
}

/** The text inside a content value: a string, or blocks with `text`. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((block) => {
      const item = asObject(block);
      if (typeof item.text === "string") return item.text;
      if ("content" in item) return textOf(item.content);
      return "";
    }).join("\n");
  }
  return content === undefined ? "" : JSON.stringify(content);
}

/**
 * Reads a request body of the given wire.
 *
 * @param wire The API the path belongs to.
 * @param body The parsed JSON body.
 * @returns The request in neutral terms.
 */
export function readRequest(wire: Wire, body: Json): ModelRequest {
  switch (wire) {
    case "anthropic":
      return readAnthropic(body);
    case "responses":
      return readResponses(body);
    case "chat":
      return readChat(body);
    case "gemini":
      return readGemini(body);
  }
}

/** A text block Claude Code adds for a hook's additionalContext on a tool call. */
const HOOK_CONTEXT =
  /^<system-reminder>\n(?:PreToolUse|PostToolUse|PostToolUseFailure):\S+ hook additional context: /;

function readAnthropic(body: Json): ModelRequest {
  const callIds: string[] = [];
  const results: ToolResult[] = [];
  const texts = [textOf(body.system)];
  let lastUserText = "";
  for (const message of asArray(body.messages).map(asObject)) {
    const blocks = typeof message.content === "string"
      ? [{ type: "text", text: message.content }]
      : asArray(message.content).map(asObject);
    const userTexts: string[] = [];
    for (const block of blocks) {
      if (block.type === "tool_use") callIds.push(String(block.id));
      if (block.type === "tool_result") {
        const text = textOf(block.content);
        results.push({
          id: String(block.tool_use_id),
          text,
          isError: block.is_error === true,
        });
        texts.push(text);
      }
      if (block.type === "text") {
        texts.push(String(block.text));
        if (message.role === "user") userTexts.push(String(block.text));
        // Claude Code puts a hook's additionalContext for a tool call beside
        // its result: the model received it with the result.
        const last = results.at(-1);
        if (
          last && message.role === "user" &&
          HOOK_CONTEXT.test(String(block.text))
        ) {
          last.text = `${last.text}\n${String(block.text)}`;
        }
      }
    }
    if (userTexts.length > 0) lastUserText = userTexts.join("\n");
  }
  return {
    wire: "anthropic",
    tools: asArray(body.tools).map((tool) => String(asObject(tool).name)),
    callIds,
    results,
    stream: body.stream === true,
    text: texts.join("\n"),
    lastUserText,
  };
}

function readResponses(body: Json): ModelRequest {
  const callIds: string[] = [];
  const results: ToolResult[] = [];
  const texts = [textOf(body.instructions)];
  let lastUserText = "";
  const input = typeof body.input === "string"
    ? [{ role: "user", content: body.input }]
    : asArray(body.input).map(asObject);
  for (const item of input) {
    if (item.type === "function_call" || item.type === "custom_tool_call") {
      callIds.push(String(item.call_id));
    } else if (
      item.type === "function_call_output" ||
      item.type === "custom_tool_call_output"
    ) {
      const text = textOf(item.output);
      results.push({ id: String(item.call_id), text });
      texts.push(text);
    } else if ("content" in item) {
      const text = textOf(item.content);
      texts.push(text);
      if (item.role === "user") lastUserText = text;
    }
  }
  const tools = asArray(body.tools).map(asObject).flatMap((tool) =>
    tool.type === "namespace"
      ? asArray(tool.tools).map((inner) =>
        `${tool.name}${NAMESPACE_SEPARATOR}${String(asObject(inner).name)}`
      )
      : [String(tool.name ?? asObject(tool.function).name ?? tool.type)]
  );
  return {
    wire: "responses",
    tools,
    callIds,
    results,
    stream: body.stream === true,
    text: texts.join("\n"),
    lastUserText,
  };
}

function readChat(body: Json): ModelRequest {
  const callIds: string[] = [];
  const results: ToolResult[] = [];
  const texts: string[] = [];
  let lastUserText = "";
  for (const message of asArray(body.messages).map(asObject)) {
    for (const call of asArray(message.tool_calls).map(asObject)) {
      callIds.push(String(call.id));
    }
    const text = textOf(message.content);
    texts.push(text);
    if (message.role === "tool") {
      results.push({ id: String(message.tool_call_id), text });
    } else if (message.role === "user") lastUserText = text;
  }
  return {
    wire: "chat",
    tools: asArray(body.tools).map((tool) =>
      String(asObject(asObject(tool).function).name)
    ),
    callIds,
    results,
    stream: body.stream === true,
    text: texts.join("\n"),
    lastUserText,
  };
}

function readGemini(body: Json): ModelRequest {
  const callIds: string[] = [];
  const results: ToolResult[] = [];
  const texts = [textOf(asObject(body.systemInstruction).parts)];
  let lastUserText = "";
  for (const content of asArray(body.contents).map(asObject)) {
    const userTexts: string[] = [];
    for (const part of asArray(content.parts).map(asObject)) {
      const call = asObject(part.functionCall);
      if (part.functionCall) callIds.push(String(call.id ?? call.name));
      const response = asObject(part.functionResponse);
      if (part.functionResponse) {
        const text = JSON.stringify(response.response ?? {});
        results.push({
          id: String(response.id ?? response.name),
          text,
          isError: "error" in asObject(response.response),
        });
        texts.push(text);
      }
      if (typeof part.text === "string") {
        texts.push(part.text);
        if (content.role === "user") userTexts.push(part.text);
      }
    }
    if (userTexts.length > 0) lastUserText = userTexts.join("\n");
  }
  const tools = asArray(body.tools).flatMap((tool) =>
    asArray(asObject(tool).functionDeclarations).map((declaration) =>
      String(asObject(declaration).name)
    )
  );
  return {
    wire: "gemini",
    tools,
    callIds,
    results,
    stream: true,
    text: texts.join("\n"),
    lastUserText,
  };
}

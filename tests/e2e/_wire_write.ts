/**
 * Writes the scripted model's reply in each wire's streaming (or plain)
 * format: a tool call or a text answer, with the closing events agents wait
 * for.
 *
 * @module
 */

import {
  type ModelRequest,
  NAMESPACE_SEPARATOR,
  type Reply,
  type WireAnswer,
} from "./_wire.ts";

function sse(events: [string | undefined, unknown][]): string {
  return events.map(([event, data]) =>
    `${event ? `event: ${event}\n` : ""}data: ${
      typeof data === "string" ? data : JSON.stringify(data)
    }\n\n`
  ).join("");
}

const SSE = "text/event-stream";

/** The prompt size a reply reports: agents compact on what the model reports. */
function prompt(reply: Reply): number {
  return reply.promptTokens ?? 10;
}
const JSON_TYPE = "application/json";

/**
 * Writes a reply as the wire answers it.
 *
 * @param request The request being answered (wire, streaming or not).
 * @param reply The scripted reply.
 * @returns The HTTP body and content type.
 */
export function writeReply(request: ModelRequest, reply: Reply): WireAnswer {
  switch (request.wire) {
    case "anthropic":
      return writeAnthropic(request.stream, reply);
    case "responses":
      return writeResponses(reply);
    case "chat":
      return writeChat(request.stream, reply);
    case "gemini":
      return writeGemini(request.stream, reply);
  }
}

function writeAnthropic(stream: boolean, reply: Reply): WireAnswer {
  const block = reply.kind === "call"
    ? { type: "tool_use", id: reply.id, name: reply.name, input: reply.args }
    : { type: "text", text: reply.text };
  const stopReason = reply.kind === "call" ? "tool_use" : "end_turn";
  const message = {
    id: `msg_e2e_${crypto.randomUUID().slice(0, 8)}`,
    type: "message",
    role: "assistant",
    model: "e2e-model",
    content: [block],
    "stop_reason": stopReason,
    "stop_sequence": null,
    usage: { "input_tokens": prompt(reply), "output_tokens": 5 },
  };
  if (!stream) return { body: JSON.stringify(message), contentType: JSON_TYPE };
  const start = reply.kind === "call"
    ? { ...block, input: {} }
    : { type: "text", text: "" };
  const delta = reply.kind === "call"
    ? { type: "input_json_delta", partial_json: JSON.stringify(reply.args) }
    : { type: "text_delta", text: reply.text };
  return {
    contentType: SSE,
    body: sse([
      ["message_start", {
        type: "message_start",
        message: { ...message, content: [], "stop_reason": null },
      }],
      ["content_block_start", {
        type: "content_block_start",
        index: 0,
        content_block: start,
      }],
      ["content_block_delta", { type: "content_block_delta", index: 0, delta }],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      ["message_delta", {
        type: "message_delta",
        delta: { "stop_reason": stopReason, "stop_sequence": null },
        usage: { "output_tokens": 5 },
      }],
      ["message_stop", { type: "message_stop" }],
    ]),
  };
}

function writeResponses(reply: Reply): WireAnswer {
  const id = `resp_e2e_${crypto.randomUUID().slice(0, 8)}`;
  const item = reply.kind === "call"
    ? {
      type: "function_call",
      id: `fc_${reply.id}`,
      call_id: reply.id,
      ...namespaced(reply.name),
      arguments: JSON.stringify(reply.args),
      status: "completed",
    }
    : {
      type: "message",
      id: `msg_${id}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: reply.text, annotations: [] }],
    };
  const usage = {
    "input_tokens": prompt(reply),
    "input_tokens_details": { "cached_tokens": 0 },
    "output_tokens": 5,
    "output_tokens_details": { "reasoning_tokens": 0 },
    "total_tokens": prompt(reply) + 5,
  };
  const response = {
    id,
    object: "response",
    status: "completed",
    model: "e2e",
  };
  return {
    contentType: SSE,
    body: sse([
      ["response.created", {
        type: "response.created",
        response: { ...response, status: "in_progress", output: [] },
      }],
      ["response.output_item.added", {
        type: "response.output_item.added",
        output_index: 0,
        item,
      }],
      ...(reply.kind === "text"
        ? [["response.output_text.delta", {
          type: "response.output_text.delta",
          item_id: item.id,
          output_index: 0,
          content_index: 0,
          delta: reply.text,
        }] as [string, unknown]]
        : []),
      ["response.output_item.done", {
        type: "response.output_item.done",
        output_index: 0,
        item,
      }],
      ["response.completed", {
        type: "response.completed",
        response: { ...response, output: [item], usage },
      }],
    ]),
  };
}

function namespaced(name: string): { name: string; namespace?: string } {
  const at = name.lastIndexOf(NAMESPACE_SEPARATOR);
  return at < 0
    ? { name }
    : { namespace: name.slice(0, at), name: name.slice(at + 1) };
}

function writeChat(stream: boolean, reply: Reply): WireAnswer {
  const id = `chatcmpl-e2e${crypto.randomUUID().slice(0, 8)}`;
  const created = Math.floor(Date.now() / 1000);
  const toolCall = reply.kind === "call"
    ? {
      id: reply.id,
      type: "function",
      function: { name: reply.name, arguments: JSON.stringify(reply.args) },
    }
    : undefined;
  const finish = reply.kind === "call" ? "tool_calls" : "stop";
  const usage = {
    "prompt_tokens": prompt(reply),
    "completion_tokens": 5,
    "total_tokens": prompt(reply) + 5,
  };
  if (!stream) {
    return {
      contentType: JSON_TYPE,
      body: JSON.stringify({
        id,
        object: "chat.completion",
        created,
        model: "e2e",
        choices: [{
          index: 0,
          message: toolCall
            ? { role: "assistant", content: null, tool_calls: [toolCall] }
            : {
              role: "assistant",
              content: reply.kind === "text" ? reply.text : "",
            },
          finish_reason: finish,
        }],
        usage,
      }),
    };
  }
  const chunk = (delta: unknown, finishReason: string | null, extra = {}) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model: "e2e",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  });
  const delta = toolCall
    ? { role: "assistant", tool_calls: [{ index: 0, ...toolCall }] }
    : { role: "assistant", content: reply.kind === "text" ? reply.text : "" };
  return {
    contentType: SSE,
    body: sse([
      [undefined, chunk(delta, null)],
      [undefined, chunk({}, finish, { usage })],
      [undefined, "[DONE]"],
    ]),
  };
}

function writeGemini(stream: boolean, reply: Reply): WireAnswer {
  const part = reply.kind === "call"
    ? { functionCall: { id: reply.id, name: reply.name, args: reply.args } }
    : { text: reply.text };
  const answer = {
    candidates: [{
      content: { role: "model", parts: [part] },
      finishReason: "STOP",
      index: 0,
    }],
    usageMetadata: {
      promptTokenCount: prompt(reply),
      candidatesTokenCount: 5,
      totalTokenCount: prompt(reply) + 5,
    },
    modelVersion: "e2e",
  };
  return stream
    ? { contentType: SSE, body: sse([[undefined, answer]]) }
    : { contentType: JSON_TYPE, body: JSON.stringify(answer) };
}

/**
 * Zod wrappers that forgive how some clients send arguments: an array as its
 * JSON text, `"true"` for a boolean, `"5"` for a number. The JSON Schema the
 * client sees is still the plain array, boolean or number.
 *
 * @module
 */

import { z } from "zod";

/** An array or object schema that also takes the value as JSON text. */
export function fromJsonText<T extends z.ZodType>(
  schema: T,
): z.ZodPreprocess<T, unknown> {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (!text.startsWith("[") && !text.startsWith("{")) return value;
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }, schema);
}

/** A boolean schema that also takes `"true"` and `"false"`. */
export function fromBooleanText<T extends z.ZodType>(
  schema: T,
): z.ZodPreprocess<T, unknown> {
  return z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    schema,
  );
}

/** A number schema that also takes the number as decimal text. */
export function fromNumberText<T extends z.ZodType>(
  schema: T,
): z.ZodPreprocess<T, unknown> {
  return z.preprocess(
    (value) =>
      typeof value === "string" && value.trim() !== "" &&
        Number.isFinite(Number(value))
        ? Number(value)
        : value,
    schema,
  );
}

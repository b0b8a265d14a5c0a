/**
 * What a data generator hands to a scenario: the data, and the answer to the
 * scenario's question as computed from that data.
 *
 * @module
 */

/** Generated data with its known answer. */
export interface Dataset {
  /** The data as an agent would otherwise read it. */
  text: string;
  /** Strings that must all appear in what the tools returned. */
  answer: string[];
  /** The answer in words, for the report. */
  summary: string;
}

const encoder = new TextEncoder();

/** The UTF-8 size of a text. */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Zero-pads a number to two digits. */
export function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

/** English month abbreviations, as logs and `git log` print them. */
export const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** English weekday abbreviations, Sunday first. */
export const WEEKDAYS = [
  "Sun",
  "Mon",
  "Tue",
  "Wed",
  "Thu",
  "Fri",
  "Sat",
] as const;

/**
 * A 7 MB JSON export of user records, one of which the question is about.
 *
 * @module
 */

import { byteLength, type Dataset } from "./dataset.ts";
import { createRandom } from "./random.ts";

const FIRST = [
  "Ana",
  "Ben",
  "Chloé",
  "Dmitri",
  "Elif",
  "Farah",
  "Gustavo",
  "Hana",
  "Idris",
  "Julia",
  "Kwame",
  "Lena",
  "Mateo",
  "Nora",
  "Omar",
  "Pia",
  "Quinn",
  "Rafael",
  "Sofia",
  "Tariq",
];
const LAST = [
  "Almeida",
  "Bauer",
  "Chen",
  "Dubois",
  "Eriksen",
  "Fischer",
  "García",
  "Haddad",
  "Ivanova",
  "Jensen",
  "Kowalczyk",
  "Larsen",
  "Moreau",
  "Nakamura",
  "Okafor",
  "Petrov",
];
const CITIES = [
  ["Lisbon", "PT"],
  ["Berlin", "DE"],
  ["Osaka", "JP"],
  ["Lagos", "NG"],
  ["Toronto", "CA"],
  ["Austin", "US"],
  ["Lyon", "FR"],
  ["Bergen", "NO"],
] as const;
const DOMAINS = ["example.com", "example.org", "mail.example.net"];
const MIN_BYTES = 7 * 1024 * 1024;

/**
 * The export, as one JSON array of at least 7 MiB, and the email of
 * user 4242.
 *
 * @param seed The random seed.
 * @returns The JSON text and the answer: that user's email.
 */
export function usersJson(seed = 7): Dataset {
  const random = createRandom(seed);
  const parts: string[] = [];
  let bytes = 2;
  let answer = "";
  for (let id = 1; bytes < MIN_BYTES; id++) {
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const [city, country] = random.pick(CITIES);
    const handle = `${first}.${last}`.toLowerCase().normalize("NFD")
      .replace(/[^\w.]/g, "");
    const email = `${handle}${random.int(1, 999)}@${random.pick(DOMAINS)}`;
    if (id === 4242) answer = email;
    const record = JSON.stringify({
      id,
      name: `${first} ${last}`,
      username: `${handle.replace(".", "_")}${random.int(10, 99)}`,
      email,
      phone: `+${random.int(1, 99)} ${random.int(100, 999)} ${
        random.int(100, 999)
      } ${random.int(1000, 9999)}`,
      address: {
        street: `${random.int(1, 240)} ${random.pick(LAST)} Street`,
        city,
        postcode: String(random.int(10000, 99999)),
        country,
      },
      company: `${random.pick(LAST)} & ${random.pick(LAST)}`,
      roles: random.chance(0.1) ? ["admin", "member"] : ["member"],
      active: random.chance(0.92),
      "created_at": new Date(Date.UTC(2019, 0, 1) + id * 3_600_000)
        .toISOString(),
    });
    parts.push(record);
    bytes += byteLength(record) + 1;
  }
  const text = `[${parts.join(",")}]`;
  return {
    text,
    answer: [answer],
    summary: `${answer} (${parts.length} records)`,
  };
}

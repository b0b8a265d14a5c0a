/**
 * A 500-row CSV export of orders: date, customer, region, product, quantity,
 * unit price and status.
 *
 * @module
 */

import { type Dataset, pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";

const CUSTOMERS = [
  "Northwind Traders",
  "Contoso Ltd",
  "Fabrikam Inc",
  "Tailspin Toys",
  "Wide World Importers",
  "Adventure Works",
  "Litware Inc",
  "Proseware Inc",
  "Coho Winery",
  "Alpine Ski House",
  "Blue Yonder Airlines",
  "Fourth Coffee",
  "Graphic Design Institute",
  "Humongous Insurance",
  "Lucerne Publishing",
  "Margie's Travel",
  "Southridge Video",
  "Trey Research",
  "Wingtip Toys",
  "Woodgrove Bank",
  "VanArsdel Ltd",
  "Relecloud",
  "First Up Consultants",
  "Bellows College",
];

const PRODUCTS: ReadonlyArray<[string, number]> = [
  ["USB-C Dock", 189.0],
  ["27in Monitor", 329.99],
  ["Mechanical Keyboard", 119.5],
  ["Wireless Mouse", 39.99],
  ["Noise-Cancelling Headset", 249.0],
  ["Webcam 4K", 159.95],
  ["Laptop Stand", 54.25],
  ["Thunderbolt Cable 2m", 29.9],
  ["Portable SSD 1TB", 134.0],
  ["Conference Speaker", 279.0],
];

const REGIONS = ["NA", "EMEA", "APAC", "LATAM"];

/**
 * The CSV and the customer with the highest revenue from completed orders
 * (quantity × unit price, summed in row order as the agent's code does).
 *
 * @param seed The random seed.
 * @returns The CSV text and the answer: the customer and the revenue to the cent.
 */
export function ordersCsv(seed = 3): Dataset {
  const random = createRandom(seed);
  const rows = [
    "order_id,order_date,customer,region,product,quantity,unit_price,status",
  ];
  const regionOf = new Map(
    CUSTOMERS.map((customer) => [customer, random.pick(REGIONS)]),
  );
  for (let i = 0; i < 500; i++) {
    const customer = random.pick(CUSTOMERS);
    const [product, price] = random.pick(PRODUCTS);
    const status = random.chance(0.86)
      ? "completed"
      : random.pick(["refunded", "cancelled", "pending"]);
    const month = random.int(1, 6);
    const day = random.int(1, 28);
    const name = /[,"]/.test(customer) ? `"${customer}"` : customer;
    rows.push(
      [
        100_001 + i,
        `2025-${pad2(month)}-${pad2(day)}`,
        name,
        regionOf.get(customer),
        product,
        random.int(1, 24),
        price.toFixed(2),
        status,
      ].join(","),
    );
  }
  const text = rows.join("\n") + "\n";
  const revenue = new Map<string, number>();
  for (const line of rows.slice(1)) {
    const fields = splitCsvLine(line);
    if (fields[7] !== "completed") continue;
    const customer = fields[2]!;
    revenue.set(
      customer,
      (revenue.get(customer) ?? 0) + Number(fields[5]) * Number(fields[6]),
    );
  }
  const [top, second] = [...revenue].sort((a, b) => b[1] - a[1]);
  if (!top || (second && second[1].toFixed(2) === top[1].toFixed(2))) {
    throw new RangeError(
      "Cannot generate the orders CSV: no single top customer",
    );
  }
  return {
    text,
    answer: [top[0], top[1].toFixed(2)],
    summary: `${top[0]}, ${top[1].toFixed(2)}`,
  };
}

/** Splits one CSV line with optional double-quoted fields. */
function splitCsvLine(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .map((m) => m[1]!.replace(/^"|"$/g, "").replace(/""/g, '"'))
    .slice(0, 8);
}

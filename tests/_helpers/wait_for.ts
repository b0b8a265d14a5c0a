/**
 * Waits for a condition to hold (a throw counts as not yet), polling, with a
 * generous deadline for a busy machine.
 *
 * @param condition What must come true.
 * @param deadlineMs How long to wait at most.
 */
export async function waitFor(
  condition: () => boolean | null | undefined,
  deadlineMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (true) {
    try {
      if (condition()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error("the condition never held");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

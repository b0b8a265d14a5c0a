/**
 * The second line behind the read-only mounts: a baseline of the project's
 * control files (see `_control_spec.ts`) taken before a run, and a clean-up
 * after it that puts back whatever the run changed, created or deleted
 * there, under Landlock and without confinement, and where a mount could not
 * cover a path (one that did not exist when the host started); then the
 * repositories the run made lose their settings and programs
 * (`_new_repos.ts`).
 *
 * Safe on its own, since it runs with the server's rights on a tree the run
 * may have rearranged: the baseline (`_control_baseline.ts`) and the
 * clean-up (`_control_restore.ts`) walk from the project root through
 * folders held open, never following a link; overlapping runs of one project
 * share one baseline here, so none puts back a state another run made; there
 * is no entry cap a run can exhaust (whatever it adds to a guarded folder is
 * removed, however many); and what could not be put back is reported as such.
 *
 * This module never starts a process or touches a file itself.
 *
 * @module
 */

import {
  type ControlBaseline,
  type ControlReport,
  snapshotControlFiles,
} from "./_control_baseline.ts";
import { restoreControlFiles } from "./_control_restore.ts";
import { cleanNewRepos } from "./_new_repos.ts";
import type { Spec } from "./_control_spec.ts";

export type { ControlReport } from "./_control_baseline.ts";

const shared = new Map<string, { baseline: ControlBaseline; runs: number }>();

/**
 * Starts guarding a run's project: the baseline is taken now, or shared with
 * the runs of the same project still going (their changes are not a state to
 * put back).
 *
 * @param project The project (real path).
 * @param spec The project's control spec, found just now (for the host's mounts); else it is searched.
 * @returns A function to call once the run is over, which cleans up and reports.
 * @throws {Error} When the baseline cannot be taken (too many entries).
 */
export function guardControlFiles(
  project: string,
  spec?: Spec,
): () => ControlReport {
  let entry = shared.get(project);
  if (!entry) {
    entry = { baseline: snapshotControlFiles(project, spec), runs: 0 };
    shared.set(project, entry);
  }
  entry.runs++;
  const held = entry;
  let done = false;
  return () => {
    if (done) return { restored: [], failed: [] };
    done = true;
    try {
      const report = restoreControlFiles(held.baseline);
      const repos = cleanNewRepos(project, held.baseline.root.spec!);
      report.restored.push(...repos.restored);
      report.failed.push(...repos.failed);
      return report;
    } finally {
      if (--held.runs === 0 && shared.get(project) === held) {
        shared.delete(project);
      }
    }
  };
}

/**
 * Splice release numbers and what changed in Scan at each: which endpoints exist and how errors read.
 * Dates come from the Splice release history (removal commits and release notes).
 */

export interface ScanVersion {
  major: number;
  minor: number;
  patch: number;
  text: string;
}

const VERSION_PATTERN = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

export function parseScanVersion(text: string): ScanVersion {
  const match = VERSION_PATTERN.exec(text.trim());
  if (!match) {
    throw new Error(
      `Invalid scan version "${text}": expected a Splice release number like "0.7.5" ` + '(set features.scanVersion in the target config).',
    );
  }
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), text };
}

/** True when `version` is `release` or later. */
export function isAtLeast(version: ScanVersion, release: string): boolean {
  const other = parseScanVersion(release);
  const mine = [version.major, version.minor, version.patch];
  const theirs = [other.major, other.minor, other.patch];
  for (let index = 0; index < 3; index += 1) {
    const difference = (mine[index] ?? 0) - (theirs[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

export const ScanReleases = {
  /**
   * First release built on Canton 3.5, whose topology read of an unknown synchronizer fails with
   * TOPOLOGY_STORE_NOT_FOUND instead of returning no mapping.
   */
  builtOnCanton35: '0.6.0',
  /** `/v1/domains/{domain_id}/parties/{party_id}/participant-id` added. */
  participantIdV1Added: '0.5.17',
  /** Leaderboard endpoints retired, `top-validators-by-validator-faucets` among them. */
  leaderboardsRemoved: '0.6.6',
  /** Round aggregates retired: `rewards-collected`, `round-of-latest-data`. */
  roundAggregatesRemoved: '0.6.7',
  /** The v0 multi-hosted party error points to the v1 endpoint. */
  multiHostedMessagePointsToV1: '0.6.11',
} as const;

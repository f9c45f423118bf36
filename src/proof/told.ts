/** What the proof of freshness found, in every voice: its failures, section, line, JSON and outputs. */
import { SILENT, type Told } from '../plan/stage.ts';
import { count, FAILURES_NAMED, firstOf, plural } from '../shown/format.ts';
import { markdownRef, markdownText } from '../shown/shown.ts';
import { acceptWords, proofWords, type ProofFacts, type ProofFinding, type ProofReport } from './facts.ts';

export function tellProof(proof: ProofReport): Told {
  const { facts } = proof;
  return {
    ...SILENT,
    failures: facts.failed.map((failure) => `The proof of freshness failed: ${failure.sentence}.`),
    summary: () => proofSection(proof),
    json: () => ({ proof: proofJson(proof) }),
    text: () => [`Verify: ${proofWords(facts)}.`],
    outputs: {
      'verified-count': String(facts.verified),
      // Each image that failed the proof, once.
      unverified: [...new Set(facts.failed.map((failure) => failure.ref))],
    },
  };
}

/** The proof's counts, each variant that failed or could not be told, and every image with its variants. */
function proofJson(proof: ProofReport): object {
  const { facts } = proof;
  const strip = (finding: ProofFinding): object => ({
    ref: finding.ref,
    path: finding.path,
    url: finding.url,
    accept: finding.accept,
    shows: finding.shows,
    seen: finding.seen,
  });
  return {
    images: facts.images,
    verified: facts.verified,
    notChecked: facts.notChecked,
    failed: facts.failed.map(strip),
    cannotTell: facts.cannotTell.map(strip),
    byAccept: facts.byAccept,
    invalidatedAgain: {
      confirmed: facts.again.confirmed,
      failed: facts.again.failed.map(({ ref, path, error }) => ({ ref, path, error })),
    },
    checked: proof.images,
  };
}

/** The proof of freshness: how many images were proven fresh, and each variant that failed or could not be told. */
function proofSection(proof: ProofReport): string[] {
  const { facts } = proof;
  const words = proofWords(facts);
  const lines = ['### Proof of freshness', '', `${words.charAt(0).toUpperCase()}${words.slice(1)}.`];
  const byAccept = acceptWords(facts, markdownText);
  if (byAccept !== undefined) lines.push('', `${byAccept.charAt(0).toUpperCase()}${byAccept.slice(1)}.`);
  const table = (title: string, findings: readonly ProofFinding[]): void => {
    if (findings.length === 0) return;
    const { shown, more } = firstOf(findings, FAILURES_NAMED);
    lines.push(
      '',
      title,
      '',
      '| Image | Variant | Accept | Showed | Status | Content type | Length | Age | Cache |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const finding of shown) {
      const seen = finding.seen;
      const cell = (value: string | number | undefined): string =>
        value === undefined ? '' : markdownText(String(value));
      lines.push(
        `| ${markdownRef(finding.ref)} | ${markdownText(finding.url)} | ${markdownText(finding.accept)} | ` +
          `${markdownText(finding.shows)} | ` +
          `${cell(seen?.status ?? seen?.error)} | ${cell(seen?.contentType)} | ${cell(seen?.length)} | ` +
          `${cell(seen?.age)} | ${cell(seen?.cacheStatus)} |`,
      );
    }
    if (more !== undefined) lines.push('', `… ${more}: the report (\`report-path\`) lists each one.`);
  };
  table('Not proven fresh: visitors do not get the new image.', facts.failed);
  table('Could not be told new from old (a notice, not a failure):', facts.cannotTell);
  lines.push(...againSection(facts.again));
  return lines;
}

/** The second invalidation of the images first seen stale: how many landed, and each that did not, with why. */
function againSection(again: ProofFacts['again']): string[] {
  const { confirmed, failed } = again;
  if (confirmed.length + failed.length === 0) return [];
  const total = confirmed.length + failed.length;
  const lines = [
    '',
    `Invalidated once more, having shown their previous version: ${count(confirmed.length)} of ` +
      `${plural(total, 'image')} confirmed by the service.${failed.length === 0 ? '' : ' Not invalidated once more:'}`,
  ];
  if (failed.length === 0) return lines;
  const { shown, more } = firstOf(failed, FAILURES_NAMED);
  lines.push('', '| Image | File | Why |', '|---|---|---|');
  for (const failure of shown)
    lines.push(
      `| ${markdownRef(failure.ref)} | ${markdownText(failure.path)} | ${markdownText(failure.error)} |`,
    );
  if (more !== undefined) lines.push('', `… ${more}: the report (\`report-path\`) lists each one.`);
  return lines;
}

export const id = 23;
export const ids = [23];
export const modules = {

/***/ 7023:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  changedFiles: () => (/* binding */ changedFiles)
});

// EXTERNAL MODULE: ./src/shown/redact.ts + 1 modules
var redact = __webpack_require__(6477);
// EXTERNAL MODULE: ./src/settings/record-name.ts
var record_name = __webpack_require__(6330);
// EXTERNAL MODULE: ./src/mechanics/input-error.ts
var input_error = __webpack_require__(532);
// EXTERNAL MODULE: ./src/mechanics/error-message.ts
var error_message = __webpack_require__(1411);
// EXTERNAL MODULE: ./src/shown/format.ts
var format = __webpack_require__(5462);
// EXTERNAL MODULE: ./src/shown/shown.ts
var shown = __webpack_require__(2392);
// EXTERNAL MODULE: ./src/mechanics/git.ts
var mechanics_git = __webpack_require__(8531);
// EXTERNAL MODULE: ./src/domain/range.ts
var domain_range = __webpack_require__(2337);
;// CONCATENATED MODULE: ./src/changes/git.ts


// The tree of no files, to compare a root commit with.
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
/**
 * The paths that differ between the range's two commits, from the checkout in the workspace. A commit that a
 * shallow checkout lacks is fetched alone (depth 1, by SHA or name): the difference of two trees needs no history.
 */
async function gitChangedFiles(range, git) {
    await git(['rev-parse', '--is-inside-work-tree']);
    const merged = range.mergeCommit === undefined ? undefined : await mergeOf(range.mergeCommit, range.head, git);
    const head = merged?.merge ?? (await (0,mechanics_git/* commitOf */.D3)(range.head, git));
    const base = merged?.firstParent ??
        (range.base === domain_range/* PARENT */.f7 ? await parentOf(head, git) : await (0,mechanics_git/* commitOf */.D3)(range.base, git));
    const output = await git([
        'diff',
        '--name-status',
        '-z',
        // Renames are found (a renamed file is its old path and its new path all the same), so that the preview can
        // say which file a new name came from.
        '-M',
        '--no-ext-diff',
        '--no-textconv',
        base,
        head,
        '--',
    ]);
    return {
        base,
        head,
        ...parseNameStatus(output),
        merge: merged === undefined ? undefined : true,
    };
}
/**
 * `git diff --name-status -z` output: a status (`A`, `M`, `D`, `T`, `R100`, `C75`…) then its path, or for a rename
 * or copy its old path and its new path, each NUL-terminated.
 */
function parseNameStatus(output) {
    const fields = output.split('\0');
    const files = [];
    const changes = [];
    for (let i = 0; i < fields.length; i++) {
        const status = fields[i] ?? '';
        if (status === '')
            continue;
        const path = fields[++i] ?? '';
        if (status.startsWith('R')) {
            const to = fields[++i] ?? '';
            files.push(path, to);
            changes.push({ status: 'renamed', to }, { status: 'renamed', from: path });
        }
        else {
            // A copy (C) leaves its source as it was: only the new path changed.
            const target = status.startsWith('C') ? (fields[++i] ?? '') : path;
            files.push(target);
            changes.push({ status: statusOf(status) });
        }
    }
    return { files, changes };
}
function statusOf(status) {
    switch (status[0]) {
        case 'A':
        case 'C':
            return 'added';
        case 'D':
            return 'deleted';
        default: // M, T (a type change), U, X
            return 'modified';
    }
}
/**
 * The pull request's test merge and its first parent, when the merge commit's second parent is the pull
 * request's head; otherwise (no such commit here or at origin, another shape) undefined, and base..head is used.
 */
async function mergeOf(mergeCommit, pullHead, git) {
    try {
        const merge = await (0,mechanics_git/* commitOf */.D3)(mergeCommit, git);
        let second = await (0,mechanics_git/* resolveCommit */.WL)(`${merge}^2`, git);
        if (second === undefined && (await (0,mechanics_git/* isShallow */.fE)(git))) {
            await git([...mechanics_git/* FETCH */.tH, '--depth=2', '--end-of-options', 'origin', merge]);
            second = await (0,mechanics_git/* resolveCommit */.WL)(`${merge}^2`, git);
        }
        const firstParent = await (0,mechanics_git/* resolveCommit */.WL)(`${merge}^1`, git);
        if (second === undefined || firstParent === undefined || second !== (await (0,mechanics_git/* resolveCommit */.WL)(pullHead, git)))
            return undefined;
        return { merge, firstParent };
    }
    catch {
        return undefined;
    }
}
async function parentOf(head, git) {
    const parent = await (0,mechanics_git/* resolveCommit */.WL)(`${head}^`, git);
    if (parent !== undefined)
        return parent;
    if (!(await (0,mechanics_git/* isShallow */.fE)(git)))
        return EMPTY_TREE; // a root commit: everything in it is new
    await git([...mechanics_git/* FETCH */.tH, '--depth=2', '--end-of-options', 'origin', head]);
    return (await (0,mechanics_git/* resolveCommit */.WL)(`${head}^`, git)) ?? EMPTY_TREE;
}
/**
 * `since` as a full SHA, where a shallow checkout (actions/checkout's depth 1) lacks it: `HEAD~N` and `X^` by
 * deepening X's history by as many commits; a short SHA by deepening the head's history up to `depth` commits; a
 * tag or branch by fetching it by name. Undefined when it is still not found.
 */
async function sinceCommit(since, head, depth, git) {
    const here = await (0,mechanics_git/* resolveCommit */.WL)(since, git);
    if (here !== undefined || !(await (0,mechanics_git/* isShallow */.fE)(git)))
        return here;
    const ancestry = ancestryOf(since);
    if (ancestry !== undefined) {
        const [start, suffix] = ancestry;
        const steps = [...suffix.matchAll(/([~^])(\d*)/g)].reduce((sum, [, kind, n]) => sum + (kind === '~' ? Number(n === '' ? 1 : n) : 1), 0);
        const from = await sinceCommit(start, head, depth, git);
        if (from === undefined || steps >= depth)
            return undefined;
        await git([...mechanics_git/* FETCH */.tH, `--depth=${steps + 1}`, '--end-of-options', 'origin', from]);
        return (0,mechanics_git/* resolveCommit */.WL)(`${from}${suffix}`, git);
    }
    if (/^[0-9a-f]{4,39}$/i.test(since)) {
        await git([...mechanics_git/* FETCH */.tH, `--depth=${depth}`, '--end-of-options', 'origin', await (0,mechanics_git/* commitOf */.D3)(head, git)]);
        return (0,mechanics_git/* resolveCommit */.WL)(since, git);
    }
    try {
        return await (0,mechanics_git/* commitOf */.D3)(since, git);
    }
    catch {
        return undefined;
    }
}
/**
 * `HEAD~2^` as its start (`HEAD`) and its steps (`~2^`): the longest tail of `~`, `^` and digits that starts with `~`
 * or `^` and leaves a start of one character or more. Read from the end, once: an expression would rescan the tail
 * from each of its characters.
 */
function ancestryOf(since) {
    let tail = since.length;
    while (tail > 1 && /[~^\d]/.test(since.charAt(tail - 1)))
        tail--;
    const first = since.slice(tail).search(/[~^]/);
    return first < 0 ? undefined : [since.slice(0, tail + first), since.slice(tail + first)];
}

// EXTERNAL MODULE: ./src/github/deployments.ts
var deployments = __webpack_require__(9268);
// EXTERNAL MODULE: ./src/github/record-words.ts
var record_words = __webpack_require__(8402);
// EXTERNAL MODULE: ./src/domain/memory.ts
var domain_memory = __webpack_require__(4661);
;// CONCATENATED MODULE: ./src/changes/catch-up.ts
/**
 * Catch-up: a run on a target compares with the commit that target's images were last made fresh for, and covers
 * what earlier runs owe (failed, cancelled or never-run deploys), read from the target's record in one or two
 * requests, whatever the branch history in between.
 */











/** How long reading the record may take in all (each request also within timeout-seconds). */
const RECORD_READ_MS = 60_000;
/**
 * The ranges to compare: the event's (or `since`'s) where no record is kept; else those the record owes and the one
 * from the last deployed commit to the head, with `since`'s too when given (a person asked for more, never less).
 */
async function comparedRanges(ci, options) {
    const place = ci.record;
    const event = place === undefined
        ? ci.changeRange(options.since)
        : place.branchRange(options.since, options.deployEnvironment);
    if (event.skip !== undefined)
        return { ranges: [], skip: event.skip, event };
    const compared = await withRecord(event, place, options);
    // After a deploy, the workspace's files must be the deployed commit's, record or not: the origin check and
    // rewrite read them.
    if (event.branch === 'from-head' && compared.ranges.length > 0)
        await checkCheckout(event, options.git);
    return compared;
}
/** What the run compares: from the target's record where it keeps one, else the event's range (or since's). */
async function withRecord(event, place, options) {
    if (place === undefined || event.branch === undefined || !options.enabled) {
        if (event.needsBase !== undefined && event.branch !== undefined)
            return (0,input_error/* throwInput */.j)(event.needsBase);
        return single(await withSinceResolved(event, options));
    }
    if (options.proof === undefined) {
        // Only a dry run goes without a key: it writes nothing, and reading what it cannot prove would tell it nothing.
        options.log.info(`Catch-up: no record is read without an api-key (a dry run); comparing with ${baseWords(event, options.since)}.`);
        return single(await withSinceResolved((0,domain_range/* withoutNeedsBase */.Pt)(event), options));
    }
    const store = {
        apiUrl: place.apiUrl,
        repository: place.repository,
        token: place.token,
        timeoutMs: options.timeoutMs,
        maxRetries: options.maxRetries,
        signal: options.signal,
    };
    let read;
    try {
        read = await readMemory(store, options);
    }
    catch (error) {
        const why = (0,record_words/* recordProblem */.h)(error, 'read');
        options.log.warning(`Catch-up is off for this run: the record of '${options.target}' could not be read (${why}). ` +
            `Comparing with ${baseWords(event, options.since)}; nothing is recorded, so nothing earlier is lost.`);
        const range = { ...(0,domain_range/* withoutNeedsBase */.Pt)(event), origin: `${event.origin}, the record unreadable` };
        return { ...single(await withSinceResolved(range, options)), record: { state: 'unreadable', why } };
    }
    const head = await fullSha(event.head, options.git);
    const record = { state: 'read', place, store, target: options.target, head, ...read };
    const ranges = await rangesOf(event, head, read, options);
    const given = read.memory.last !== undefined && options.since !== undefined ? 1 : 0;
    return { ranges, event, record, given };
}
function single(range) {
    return { ranges: [range], event: range };
}
/** The record's memory: the newest deployment on the target that proves itself with the key, and its state. */
async function readMemory(store, options) {
    const { proof } = options;
    if (proof === undefined)
        throw new Error('there is no api-key to prove the record with, so no record can be told from a made-up one');
    const bound = options.readDeadlineMs ?? RECORD_READ_MS;
    const deadline = AbortSignal.timeout(bound);
    const signal = options.signal === undefined ? deadline : AbortSignal.any([options.signal, deadline]);
    const reading = { ...store, signal };
    let entry;
    try {
        entry = await provenEntry(reading, proof, options);
    }
    catch (error) {
        if (deadline.aborted && options.signal?.aborted !== true)
            throw new Error(`the record was not read within ${bound / 1000} s, its bound`, {
                cause: error,
            });
        throw error;
    }
    if (entry === undefined)
        return { memory: domain_memory/* NO_MEMORY */.gR, proof, carried: false };
    const memory = (0,domain_memory/* memoryOf */.zE)(entry.entry);
    // A record this version cannot read may owe what no other run knows: read as none, it would be written over.
    if ('unreadable' in memory)
        throw new Error(memory.unreadable);
    return { memory, proof, carried: entry.carried };
}
/**
 * The newest record that proves itself; those passed over said in a notice, a changed key in a warning. None under
 * the target's name: the record an earlier version kept under its former name, carried over once.
 */
async function provenEntry(store, proof, options) {
    const { target, formerTarget, log } = options;
    const read = await (0,deployments/* readRecord */.aE)(store, target, proof);
    if (read.passedOver.length > 0) {
        const creators = [...new Set(read.passedOver)].map((login) => (0,shown/* quote */.hD)(login)).join(', ');
        log.notice(`Catch-up: passed over ${(0,format/* plural */.LS)(read.passedOver.length, 'deployment')} on '${target}' that ` +
            `${read.passedOver.length === 1 ? 'carries' : 'carry'} no proof of the service's key (created by ` +
            `${creators}): a record counts only when its writer held the Root key.`);
    }
    if (read.keyChanged) {
        log.warning(`Catch-up: no record on '${target}' is proved with this run's Root key, and some name another key (the key ` +
            'changed, or they were not written by this action), so none can be trusted; comparing as a first run ' +
            'would, which may miss images that runs before the change left stale: a run with since set to the last ' +
            'commit deployed before the change covers them.');
        return undefined;
    }
    if (read.entry !== undefined)
        return { entry: read.entry, carried: false };
    if (formerTarget === undefined)
        return undefined;
    const former = await (0,deployments/* readLegacyRecord */.Vl)(store, formerTarget);
    if (former !== undefined && formerTarget === target)
        log.notice(`Catch-up: the record an earlier version wrote on '${target}', which carries no proof, was carried over ` +
            'once: from this run on, only records proved with the Root key count.');
    else if (former !== undefined)
        log.notice(`Catch-up: the record of this target was carried over from '${formerTarget}', the name an earlier version ` +
            `gave it, to '${target}'; this run writes there. The old environment can be removed once this run has ` +
            'written (docs/catch-up.md says how).');
    return former === undefined ? undefined : { entry: former, carried: true };
}
/**
 * What the run compares, from the record read. A record carried over carries no proof that the Root key wrote it:
 * it adds what it owes to what a first run compares, and never takes anything away (a made-up one saying the head
 * is fresh already).
 */
async function rangesOf(event, head, { memory, carried }, options) {
    const { log, target } = options;
    const given = options.since === undefined
        ? undefined
        : await withSinceResolved((0,domain_range/* sinceRange */.o)(options.since, head), options);
    const firstRun = async () => given ?? (await withSinceResolved((0,domain_range/* withoutNeedsBase */.Pt)(event), options));
    if (memory.last === undefined) {
        log.notice(`Catch-up: nothing is recorded for '${target}' yet (a first run); comparing with ${baseWords(event, options.since)}.`);
        return [await firstRun()];
    }
    const spans = (0,domain_memory/* spansToCompare */._F)(memory, head, { base: head, head });
    const ranges = spans.map((span, index) => ({
        base: span.base,
        head: span.head,
        origin: index < memory.owed.length
            ? `owed by an earlier run on '${target}'`
            : `${event.origin}, from ${(0,domain_range/* short */.h0)(span.base)}, the last commit on '${target}'`,
    }));
    const forced = await forcedBase(event, head, memory, options.git);
    if (forced !== undefined) {
        ranges.push({ base: forced, head, origin: `push (forced), from its before ${(0,domain_range/* short */.h0)(forced)}` });
        log.info(`Catch-up: the push was forced: comparing its before, ${(0,domain_range/* short */.h0)(forced)}, with the head too, beside ` +
            `${(0,domain_range/* short */.h0)(memory.last)}, the last commit on '${target}': what the commits it dropped deployed is stale too.`);
    }
    if (carried)
        ranges.push(await firstRun());
    else if (given !== undefined)
        ranges.push(given);
    log.info(`Catch-up: ${memoryWords(memory, head, ranges.length)}`);
    return ranges;
}
/**
 * A push's `before` when the push rewrote history (GitHub says `forced`, or git knows `before` is no ancestor of the
 * head) and the record's last commit is another: the site may have served what the dropped commits deployed.
 */
async function forcedBase(event, head, memory, git) {
    const before = event.base;
    if (event.branch !== 'from-base' || typeof before !== 'string' || before === memory.last)
        return undefined;
    if (before === head || (memory.last !== undefined && (await (0,mechanics_git/* resolveCommit */.WL)(before, git)) === memory.last))
        return undefined;
    if (event.forced === true)
        return before;
    // Without the payload's word, only where git has both commits and says the before is no ancestor.
    if ((await (0,mechanics_git/* resolveCommit */.WL)(before, git)) === undefined || (await (0,mechanics_git/* resolveCommit */.WL)(head, git)) === undefined)
        return undefined;
    try {
        await git(['merge-base', '--is-ancestor', '--end-of-options', before, head]);
        return undefined;
    }
    catch {
        return before;
    }
}
/** What the record says, in one sentence: `catching up 3 deploys since a1b2c3d, 2 of them from failed runs`. */
function memoryWords(memory, head, ranges) {
    const fresh = memory.fresh === undefined ? undefined : (0,domain_range/* short */.h0)(memory.fresh);
    const since = fresh === undefined ? 'no commit was ever made fresh' : `last made fresh for ${fresh}`;
    if (ranges === 0)
        return `${(0,domain_range/* short */.h0)(head)} is recorded fresh already; nothing to invalidate.`;
    const owed = memory.owed.length;
    const failed = owed === 0 ? '' : `; ${owed} of them left by ${(0,format/* plural */.LS)(memory.failedRuns, 'run')} that did not end green`;
    return `comparing ${(0,format/* plural */.LS)(ranges, 'span')} of commits up to ${(0,domain_range/* short */.h0)(head)} (${since}${failed}).`;
}
function baseWords(event, since) {
    if (since !== undefined)
        return `since ${since}`;
    return event.base === domain_range/* PARENT */.f7 ? `${(0,domain_range/* short */.h0)(event.head)}'s parent` : `the event's base, ${(0,domain_range/* short */.h0)(event.base)}`;
}
async function fullSha(ref, git) {
    try {
        return await (0,mechanics_git/* commitOf */.D3)(ref, git);
    }
    catch {
        return ref; // no checkout: the event names full SHAs
    }
}
/** The checkout is at the deployed commit, or an error says which `ref:` to check out. */
async function checkCheckout(range, git) {
    let checkedOut;
    try {
        checkedOut = (await git(['rev-parse', '--verify', 'HEAD^{commit}'])).trim();
    }
    catch {
        return; // no checkout: the changed files come from the API, and nothing reads the workspace's files
    }
    const fix = `Check out the deployed commit first: actions/checkout with ${range.checkoutRef === undefined ? 'ref: <the deployed commit>' : `ref: \${{ ${range.checkoutRef} }}`}.`;
    let deployed;
    try {
        deployed = await (0,mechanics_git/* commitOf */.D3)(range.head, git);
    }
    catch (error) {
        // The same hint as when fetching works: the checkout is not at the deployed commit, whatever git could fetch.
        throw new Error(`The checkout is at ${(0,domain_range/* short */.h0)(checkedOut)}, but the ${range.origin} event deployed ${(0,domain_range/* short */.h0)(range.head)}, which ` +
            `git could not fetch (${(0,error_message/* errorMessage */.g)(error)}). ${fix}`, { cause: error });
    }
    if (checkedOut === deployed)
        return;
    throw new Error(`The checkout is at ${(0,domain_range/* short */.h0)(checkedOut)}, but the ${range.origin} event deployed ${(0,domain_range/* short */.h0)(deployed)}. ${fix}`);
}
/** How far a shallow checkout is deepened to find a short SHA in `since`. */
const SINCE_DEPTH = 1_000;
/**
 * `since` resolved in the checkout, deepened as needed: `HEAD~1` and a short SHA resolve on a depth-1 checkout. A
 * relative or short one that still cannot be found is refused, saying what to set; a name is left to the comparison,
 * which asks the API too.
 */
async function withSinceResolved(range, options) {
    const since = options.since;
    if (since === undefined || range.base !== since)
        return range;
    let base;
    try {
        base = await sinceCommit(since, range.head, SINCE_DEPTH, options.git);
    }
    catch {
        return range; // no checkout, or no origin to fetch from: the comparison says what it can
    }
    if (base !== undefined)
        return { ...range, base };
    if (!/[~^]|^[0-9a-f]{4,39}$/i.test(since))
        return range;
    return (0,input_error/* throwInput */.j)(`since: ${(0,shown/* quote */.hD)(since)} names no commit of the checkout (a shallow one is deepened by up to ` +
        `${(0,format/* count */.U9)(SINCE_DEPTH)} commits of ${(0,domain_range/* short */.h0)(range.head)}'s history to find it). Give a full commit SHA, a tag ` +
        'or a branch, or check out the whole history (actions/checkout with fetch-depth: 0).');
}

// EXTERNAL MODULE: ./src/domain/record-proof.ts
var record_proof = __webpack_require__(3008);
// EXTERNAL MODULE: ./src/github/request-failed.ts + 1 modules
var request_failed = __webpack_require__(3294);
// EXTERNAL MODULE: ./src/mechanics/causes.ts
var causes = __webpack_require__(8087);
;// CONCATENATED MODULE: ./src/changes/detect.ts









/** The files the triggering event changed: from git in the workspace, else as the CI allows (its API). */
async function detectChangedFiles(ci, since, git) {
    const range = ci.changeRange(since);
    if (range.skip !== undefined)
        return { files: [], source: range.origin, skipped: range.skip };
    if ((0,domain_range/* isDeletion */.zo)(range))
        return { files: [], source: `${range.origin}: a deleted branch changes no files` };
    const base = previousVersions(range);
    let gitProblem;
    try {
        const diff = await gitChangedFiles(range, git);
        const origin = diff.merge === true ? `${range.origin}, its test merge` : range.origin;
        return {
            files: diff.files,
            changes: diff.changes,
            source: `git diff ${(0,domain_range/* short */.h0)(diff.base)} ${(0,domain_range/* short */.h0)(diff.head)} (${origin})`,
            base,
            compared: { base: diff.base, head: diff.head },
        };
    }
    catch (error) {
        if (error instanceof mechanics_git/* NameNotUtf8 */.Ah)
            throw error;
        gitProblem = (0,error_message/* errorMessage */.g)(error);
    }
    const api = await withoutGit(ci, range, since, gitProblem);
    const compared = api.base ?? (range.base === domain_range/* PARENT */.f7 ? undefined : range.base);
    // A record keeps commits by SHA only: a name (a tag, `since`) may move, and the next run could not read it.
    const known = compared !== undefined && FULL_SHA.test(compared) && FULL_SHA.test(range.head);
    return {
        files: api.files,
        changes: api.changes,
        source: `${api.description} (${range.origin})`,
        fallbackReason: gitProblem,
        truncated: api.truncated,
        base,
        compared: known ? { base: compared, head: range.head } : undefined,
    };
}
const FULL_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/**
 * The files changed across several ranges, oldest first: every path any of them changed, with what happened to it
 * as the newest range that changed it tells (the state it has at the head, since no later range changed it).
 */
async function detectAcross(ci, ranges, since, git) {
    const each = [];
    for (const range of ranges)
        each.push(await detectChangedFiles({ ...ci, changeRange: () => range }, since, git));
    // At the same index as its range: undefined where the commits compared are not known by their SHAs.
    const compared = each.map((found) => found.compared);
    const [only] = each;
    if (each.length === 1 && only !== undefined)
        return { files: only, compared };
    const changes = new Map();
    for (const found of each)
        found.files.forEach((file, index) => {
            changes.delete(file); // kept in the order of the newest range that changed it
            changes.set(file, found.changes?.[index] ?? { status: 'modified' });
        });
    // The previous versions are those of the oldest state compared: an image changed only in an owed span has them.
    const first = each[0];
    const truncated = each.find((found) => found.truncated !== undefined)?.truncated;
    const fallbackReason = each.find((found) => found.fallbackReason !== undefined)?.fallbackReason;
    return {
        files: {
            files: [...changes.keys()],
            changes: [...changes.values()],
            source: each.map((found) => found.source).join('; '),
            truncated,
            fallbackReason,
            base: first?.base,
        },
        compared,
    };
}
/** The commit whose files are the previous versions of the changed files: the range's base. */
function previousVersions(range) {
    return range.base === domain_range/* PARENT */.f7 ? `${range.head}^` : range.base;
}
/** The CI's API in place of git; when neither knows `since`, the mistake is most likely its value. */
async function withoutGit(ci, range, since, gitProblem) {
    try {
        return await ci.withoutGit(range, gitProblem);
    }
    catch (error) {
        if (since === undefined &&
            range.origin.startsWith('push') &&
            typeof range.base === 'string' &&
            isNoSuchCommit(error))
            throw new input_error/* InputError */.d(`The push's before commit, ${(0,domain_range/* short */.h0)(range.base)}, is in neither the checkout (${gitProblem}) nor the ` +
                `repository as GitHub's API tells (${requestOf(error)}; a force-push drops the commits it replaced), so ` +
                'what the push changed is unknown. To compare with a commit of your choice, set since (e.g. since: ' +
                'HEAD~1, or the last commit whose images are fresh); if the repository is private, the job needs ' +
                '`permissions: { contents: read }` for GitHub to answer at all.', { cause: error });
        // Only a commit GitHub does not have is since's mistake: an outage or a refusal has its own fix, said there.
        if (since === undefined || (failedRequest(error) !== undefined && !isNoSuchCommit(error)))
            throw error;
        const apiProblem = requestOf(error).replace(/\.$/, '');
        // Where no API stands in, its error only repeats what git said, and how to give git a checkout: there is one.
        const git = `git could not find it, even after fetching it (${gitProblem})`;
        const why = apiProblem.includes(gitProblem) ? git : `${git}, and neither could the API (${apiProblem})`;
        throw new input_error/* InputError */.d(`since: ${(0,shown/* quote */.hD)(since)} could not be compared with ${(0,domain_range/* short */.h0)(range.head)}: ${why}. Give a commit SHA, tag ` +
            'or branch that exists in the repository, and check its spelling.', { cause: error });
    }
}
/** The failed request and what came back, as the API's error names it. */
function requestOf(error) {
    return failedRequest(error)?.message ?? (0,error_message/* errorMessage */.g)(error);
}
function failedRequest(error) {
    for (let cause = error; cause instanceof Error; cause = cause.cause)
        if (cause instanceof request_failed/* GithubRequestFailed */.ep)
            return cause;
    return undefined;
}
/** GitHub's answer for a commit it does not have: 404, or 422 "No commit found for SHA". */
function isNoSuchCommit(error) {
    return (0,causes/* causes */.p)(error).some((cause) => {
        const { status } = cause;
        return status === 404 || status === 422;
    });
}

;// CONCATENATED MODULE: ./src/changes/changed.ts








/** The files changed in what the run compares (the event's range, or what the record owes up to the head). */
async function changedFiles(settings, changes, options) {
    const { log, signal } = options;
    const context = await options.ci();
    const git = (0,mechanics_git/* gitIn */.uM)(context.workspace, signal);
    const { recordName, endpoint, deployEnvironment } = settings;
    if (recordName?.input === 'status-context')
        log.warning(record_name/* STATUS_CONTEXT_DEPRECATED */.rb);
    const { urlMap } = changes;
    const compared = await comparedRanges(context, {
        since: changes.since,
        enabled: settings.catchUp,
        target: recordName?.name ??
            (0,record_name/* defaultRecordName */.sL)({ endpoint, host: (0,record_name/* siteHost */.mI)(targetHosts(urlMap, settings.site)), deployEnvironment }),
        // The Root key stays in the proof, which derives its own key from it and shows only MACs.
        proof: settings.apiKey === '' ? undefined : (0,record_proof/* recordProof */.Or)(settings.apiKey),
        // The default name replaced a digest; a name given is the name the record always had, its old records unproved.
        formerTarget: recordName?.name ?? (0,record_name/* legacyRecordName */.Y1)(endpoint, urlMap, deployEnvironment),
        deployEnvironment: settings.deployEnvironment,
        git,
        log,
        timeoutMs: settings.timeoutMs,
        maxRetries: settings.maxRetries,
        signal,
    });
    // Said once, as the reason there is nothing to invalidate.
    if (compared.skip !== undefined)
        return { files: { files: [], source: compared.event.origin, skipped: compared.skip } };
    const found = await changedAcross(compared, context, changes.since, git, log);
    const record = pendingRecord(found.compared, found.spans, found.files.truncated);
    // Paths from git or the GitHub API are text from outside: the key is withheld from them before any is shown.
    return { files: { ...found.files, files: (0,redact/* redactEach */.jh)(found.files.files, options.redact) }, record };
}
/** The hosts the site's images are served from: those url-map points at, else the host of `site`, its map learned. */
function targetHosts(urlMap, site) {
    if (urlMap.length > 0 || site === undefined)
        return (0,record_name/* urlMapHosts */.ZD)(urlMap);
    return [new URL(site).host];
}
/**
 * The files changed across what the run compares. A span whose commits neither git nor GitHub has any more (collected
 * after a force-push, purged) would stop every later run: it alone is replaced by the widest span the repository can
 * still answer (from the oldest commit the record names that it has, else the event's base), with a warning naming
 * what could not be compared; the other spans are kept.
 */
async function changedAcross(compared, context, since, git, log) {
    if (compared.ranges.length === 0) {
        const files = { files: [], source: `${(0,domain_range/* short */.h0)(compared.event.head)}, recorded fresh already` };
        return { compared, files, spans: [] };
    }
    try {
        const found = await detectAcross(context, compared.ranges, since, git);
        return { compared, files: found.files, spans: found.compared };
    }
    catch (error) {
        const record = compared.record;
        if (record?.state !== 'read' || record.memory.last === undefined || !isNoSuchCommit(error))
            throw error;
        const ranges = await answerable(compared, context, since, git, log, (0,error_message/* errorMessage */.g)(error));
        const found = await detectAcross(context, ranges, since, git);
        return { compared: { ...compared, ranges }, files: found.files, spans: found.compared };
    }
}
/** The ranges the repository can answer: each lost one replaced by the widest it still can, said in a warning. */
async function answerable(compared, context, since, git, log, reason) {
    const answers = async (range) => {
        try {
            await detectAcross(context, [range], since, git);
            return true;
        }
        catch (error) {
            if (isNoSuchCommit(error))
                return false;
            throw error;
        }
    };
    const kept = [];
    const lost = [];
    // What `since` added comes last, never owed: the replacement goes before it.
    const chainLength = compared.ranges.length - (compared.given ?? 0);
    const given = compared.ranges.slice(chainLength);
    for (const range of compared.ranges.slice(0, chainLength))
        ((await answers(range)) ? kept : lost).push(range);
    if (lost.length === 0)
        return [...compared.ranges];
    const head = compared.event.head;
    // The oldest commit compared that the repository still has: from it to the head covers every lost span after it.
    const bases = compared.ranges.map((range) => range.base).filter((base) => typeof base === 'string');
    let widest;
    for (const base of bases) {
        const range = {
            base,
            head,
            origin: `from ${(0,domain_range/* short */.h0)(base)}, the oldest commit of the record the repository has`,
        };
        if (lost.some((gone) => gone.base === base) || !(await answers(range)))
            continue;
        widest = range;
        break;
    }
    const replacement = widest ?? (0,domain_range/* withoutNeedsBase */.Pt)(compared.event);
    const names = lost.map((range) => `${typeof range.base === 'string' ? (0,domain_range/* short */.h0)(range.base) : 'its parent'}...${(0,domain_range/* short */.h0)(range.head)}`);
    const record = compared.record;
    const target = record?.state === 'read' ? record.target : 'this target';
    log.warning(`Catch-up: ${lost.length === 1 ? 'a span' : `${String(lost.length)} spans`} of commits the record of ` +
        `'${target}' owes cannot be compared, since the repository no longer has ${lost.length === 1 ? 'its' : 'their'} ` +
        `commits (${names.join(', ')}; ${reason}); comparing from ` +
        `${typeof replacement.base === 'string' ? (0,domain_range/* short */.h0)(replacement.base) : "the head's parent"} to the head instead ` +
        `(${widest === undefined ? "the event's base" : 'the oldest commit of the record it has'}), the other spans as ` +
        'owed. An image changed only in the lost commits and changed back since is not covered.');
    return [...kept, replacement, ...given];
}
/** The record the run writes when it ends: only where it read the target's record, and so knows what it owes. */
function pendingRecord(compared, spans, truncated) {
    const known = compared.record;
    if (known === undefined)
        return undefined;
    if (known.state === 'unreadable')
        return { state: 'off', why: known.why };
    // What `since` added is no state the site was in: a failed run owes the record's chain, not it.
    const chain = spans.slice(0, spans.length - (compared.given ?? 0));
    const owed = chain.filter((span) => span !== undefined);
    return {
        state: 'write',
        store: known.store,
        target: known.target,
        proof: known.proof,
        memory: known.memory,
        head: known.head,
        freshAlready: compared.ranges.length === 0,
        spans: owed,
        runUrl: known.place.runUrl,
        // A list cut short, or a span the record cannot keep, cannot say every image is fresh: it records what it owes.
        unconfirmed: truncated !== undefined
            ? 'the list of changed files was cut short, so some images may be stale'
            : owed.length < chain.length
                ? 'a commit compared is not known by its SHA, so the record could not keep it'
                : undefined,
    };
}


/***/ }),

/***/ 4661:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EV: () => (/* binding */ recordBody),
/* harmony export */   _F: () => (/* binding */ spansToCompare),
/* harmony export */   gR: () => (/* binding */ NO_MEMORY),
/* harmony export */   sD: () => (/* binding */ RECORD_KEY),
/* harmony export */   zE: () => (/* binding */ memoryOf)
/* harmony export */ });
/* unused harmony exports MAX_OWED_SPANS, bounded */
/**
 * What a target's record says, and what a run owes from it: pure rules over commits, with no API and no git.
 *
 * The image host's state is a matter of time, not ancestry: which commit its images were last made fresh for on a
 * target (`fresh`), and which deployed states came after it without being made fresh (`owed`: the spans that failed,
 * cancelled or crashed runs left). A run compares every owed span and the span from the last deployed state to its
 * head, whatever the branch history between them: a rollback is a span from a newer commit to an older one.
 */
/** No record: a first run. */
const NO_MEMORY = { fresh: undefined, owed: [], last: undefined, failedRuns: 0 };
/** Owed spans kept at most: past it, the oldest two are joined (see `bounded`). */
const MAX_OWED_SPANS = 20;
/** The payload's key, so that a record is told apart from whatever else a deployment's payload may hold. */
const RECORD_KEY = 'image-cache-invalidate';
const KEY = RECORD_KEY;
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/**
 * The memory a record gives: a `success` made its commit fresh; any other state (a failure, a run still going or
 * killed before it ended) leaves what its payload says it owed.
 */
function memoryOf(entry) {
    if (entry.state === 'success')
        return { fresh: entry.sha, owed: [], last: entry.sha, failedRuns: 0 };
    const record = entry.payload?.[KEY];
    const { fresh, owed, failedRuns } = (record ?? {});
    const spans = Array.isArray(owed) ? owed.map(spanOf) : undefined;
    if ((fresh !== null && !(typeof fresh === 'string' && SHA.test(fresh))) ||
        spans === undefined ||
        spans.some((span) => span === undefined) ||
        spans.length > MAX_OWED_SPANS ||
        typeof failedRuns !== 'number')
        return { unreadable: `the record of ${entry.sha.slice(0, 7)} holds no payload this version reads` };
    return {
        fresh: fresh ?? undefined,
        owed: spans,
        last: entry.sha,
        failedRuns: Math.max(0, Math.min(failedRuns, 1_000_000)),
    };
}
function spanOf(value) {
    if (!Array.isArray(value) || value.length !== 2)
        return undefined;
    const [base, head] = value;
    return typeof base === 'string' && typeof head === 'string' && SHA.test(base) && SHA.test(head)
        ? { base, head }
        : undefined;
}
/**
 * The spans a run at `head` compares, oldest first: what is owed, then from the last deployed state to the head. A
 * first run (nothing recorded) compares `first`, the event's span. Empty: the head is recorded fresh already.
 */
function spansToCompare(memory, head, first) {
    if (memory.last === undefined)
        return [first];
    const spans = [...memory.owed];
    if (memory.last !== head)
        spans.push({ base: memory.last, head });
    return spans;
}
/**
 * The record's fields a run writes, under the record's key beside its proof: what the next run owes if this one did
 * not make `spans` fresh.
 */
function recordBody(memory, spans, failed) {
    return {
        fresh: memory.fresh ?? null,
        owed: failed ? bounded(spans).map((span) => [span.base, span.head]) : [],
        failedRuns: failed ? memory.failedRuns + 1 : 0,
    };
}
/**
 * At most MAX_OWED_SPANS spans: the oldest two joined into one, from the first's base to the second's head, until
 * they fit. The joined span misses only an image that changed in the first and changed back in the second.
 */
function bounded(spans) {
    const kept = [...spans];
    while (kept.length > MAX_OWED_SPANS) {
        const [first, second] = kept.splice(0, 2);
        kept.unshift({ base: first.base, head: second.head });
    }
    return kept;
}


/***/ }),

/***/ 3008:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MX: () => (/* binding */ verify),
/* harmony export */   Or: () => (/* binding */ recordProof),
/* harmony export */   vb: () => (/* binding */ provenBody)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/**
 * The proof a record carries that its writer held the service's Root key: an HMAC-SHA256 over the record's
 * environment, commit, state and payload, keyed by a key derived from the Root key (HKDF-SHA256 with a fixed label),
 * never the Root key itself. Anyone with `deployments: write` can create a deployment that looks like a record (every
 * workflow's GITHUB_TOKEN writes as the same github-actions[bot]); only a holder of the key can make one that counts.
 *
 * The derived key stays inside the proof: what leaves it is a MAC and a key id (the first 16 hex digits of an HMAC
 * of a fixed text), which give neither key back; but a guess of the Root key can be checked against them offline, so
 * a short key chosen by hand could be found (SECURITY.md). The key id tells a record written with another Root key (the
 * key changed) from one that was made up or altered.
 */

/** The label the record's key is derived with: another label, or another version of it, gives another key. */
const LABEL = 'image-cache-invalidate record MAC v1';
/** The proof of records written with `rootKey`. */
function recordProof(rootKey) {
    const key = Buffer.from((0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.hkdfSync)('sha256', rootKey, Buffer.alloc(0), LABEL, 32));
    const hmac = (text) => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHmac)('sha256', key).update(text).digest('hex');
    return {
        keyId: hmac('key id').slice(0, 16),
        mac: (record) => {
            const text = canonical([LABEL, record.environment, record.sha, record.state, record.body]);
            return text === undefined ? undefined : hmac(text);
        },
    };
}
/** The payload's key for the MAC and the key id, beside the record's fields. */
const MAC = 'mac';
const KEY_ID = 'key';
const STATE = 'state';
/** The record's fields with its state, key id and MAC, as the payload carries them under the record's key. */
function provenBody(proof, record) {
    const mac = proof.mac(record);
    if (mac === undefined)
        throw new Error('a record nests deeper than a record may');
    return { ...record.body, [STATE]: record.state, [KEY_ID]: proof.keyId, [MAC]: mac };
}
/** What the body a deployment's payload carries under the record's key proves, for that environment and commit. */
function verify(proof, environment, sha, carried) {
    if (typeof carried !== 'object' || carried === null || Array.isArray(carried))
        return { verdict: 'unproven' };
    const { [MAC]: mac, [KEY_ID]: keyId, [STATE]: state, ...body } = carried;
    if (typeof mac !== 'string' || typeof keyId !== 'string')
        return { verdict: 'unproven' };
    if (state !== 'success' && state !== 'failure')
        return { verdict: 'unproven' };
    const expected = proof.mac({ environment, sha, state, body });
    // A MAC is 64 hex digits: anything else (64 characters of several bytes each among them) proves nothing, and
    // never reaches the comparison, which throws on buffers of two lengths.
    const same = expected !== undefined &&
        /^[0-9a-f]{64}$/.test(mac) &&
        (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.timingSafeEqual)(Buffer.from(mac, 'hex'), Buffer.from(expected, 'hex'));
    if (same && keyId === proof.keyId)
        return { verdict: 'proven', state, body };
    return keyId !== proof.keyId && /^[0-9a-f]{16}$/.test(keyId)
        ? { verdict: 'other-key' }
        : { verdict: 'unproven' };
}
/** How deep a record's fields nest at most (owed: a list of pairs): anything deeper is no record of this version. */
const MAX_DEPTH = 4;
/**
 * JSON with each object's keys in order, so that a payload GitHub stored and gave back proves the same; undefined for
 * a value nested deeper than any record is (a payload made to exhaust the stack proves nothing).
 */
function canonical(value, depth = 0) {
    if (depth > MAX_DEPTH)
        return undefined;
    if (Array.isArray(value)) {
        const items = value.map((item) => canonical(item, depth + 1));
        return items.includes(undefined) ? undefined : `[${items.join(',')}]`;
    }
    if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value)
            .filter(([, item]) => item !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([key, item]) => [key, canonical(item, depth + 1)]);
        if (entries.some(([, item]) => item === undefined))
            return undefined;
        return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${item}`).join(',')}}`;
    }
    return JSON.stringify(value);
}


/***/ }),

/***/ 9268:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vl: () => (/* binding */ readLegacyRecord),
/* harmony export */   aE: () => (/* binding */ readRecord),
/* harmony export */   gG: () => (/* binding */ RecordApiError),
/* harmony export */   rh: () => (/* binding */ writeRecord)
/* harmony export */ });
/* unused harmony exports RECORD_TASK, RECORD_PAGES, DESCRIPTION_LIMIT */
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1411);
/* harmony import */ var _mechanics_causes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8087);
/* harmony import */ var _api_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3697);
/* harmony import */ var _request_failed_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3294);
/* harmony import */ var _domain_record_proof_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3008);
/* harmony import */ var _shown_shown_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2392);
/* harmony import */ var _domain_memory_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4661);
/**
 * The record of a target, kept in GitHub's Deployments API (GitHub Enterprise Server has it too): one deployment per
 * run that invalidated, on an environment named for the target, its newest status `success` when the run made the
 * images fresh, `failure` when it did not, with what it owed in its payload. GitHub lists an environment's
 * deployments newest first, whatever the branch history, so the last state of a target is one read away: a rollback,
 * a force-push or 1,000 commits of code change nothing of that.
 *
 * Anyone with `deployments: write` can create a deployment or add a status to one, and every workflow's GITHUB_TOKEN
 * writes as the same github-actions[bot]: a record counts only when its payload proves that its writer held the
 * service's Root key (src/domain/record-proof.ts), whoever created it. Its state is the one its proof covers; a
 * status someone adds to it changes nothing.
 */








/** The task every record's deployment carries, so that a host's own deployments are never read as records. */
const RECORD_TASK = 'image-cache-invalidate';
/** Deployments read per look: a target's newest run is in the first, unless other creators crowd it. */
const DEPLOYMENTS_PER_PAGE = 30;
/** Pages of deployments read at most to find the newest that proves itself. */
const RECORD_PAGES = 3;
/** GitHub limits a deployment status's description to 140 characters. */
const DESCRIPTION_LIMIT = 140;
/** Bytes of one answer about the record read at most: a page of 30 deployments is a few kilobytes. */
const MAX_RECORD_ANSWER_BYTES = 4 * 1024 * 1024;
/**
 * The Actions bot, as GitHub reports a deployment's creator: known by its login and its type (a bot's login ends in
 * `[bot]`, which no person's or app's other login can), whatever its id (it differs on GitHub Enterprise Server).
 */
const ACTIONS_BOT_LOGIN = 'github-actions[bot]';
/** An answer of the API that is not a success: its HTTP status and GitHub's message. */
class RecordApiError extends Error {
    status;
    /** When GitHub refused for its rate limit: the seconds until it takes requests again, as it said. */
    rateLimitWaitS;
    constructor(status, message, rateLimitWaitS) {
        super(message);
        this.status = status;
        this.rateLimitWaitS = rateLimitWaitS;
    }
}
/**
 * The newest deployment of `environment` whose payload proves it was written with the key (`proof`), whoever created
 * it: those newer than it are passed over and named by creator. A proof that names another key is passed over too:
 * its key id is not itself proved, so anyone could write one to hide the record; only when no record of this key is
 * found does it say the key may have changed. An error when RECORD_PAGES full pages hold none: the record may lie
 * past them, and "nothing recorded" would write over it. One request in the common case.
 */
async function readRecord(store, environment, proof) {
    const passedOver = [];
    let otherKey = false;
    for (let page = 1; page <= RECORD_PAGES; page++) {
        const list = await deploymentsPage(store, environment, page);
        for (const deployment of list) {
            const sha = field(deployment, 'sha');
            const carried = field(field(deployment, 'payload'), _domain_memory_js__WEBPACK_IMPORTED_MODULE_4__/* .RECORD_KEY */ .sD);
            const verdict = typeof sha === 'string' ? (0,_domain_record_proof_js__WEBPACK_IMPORTED_MODULE_3__/* .verify */ .MX)(proof, environment, sha, carried) : undefined;
            if (verdict?.verdict === 'other-key')
                otherKey = true;
            if (verdict?.verdict !== 'proven') {
                passedOver.push(creatorLogin(deployment));
                continue;
            }
            const entry = { ...entryOf(deployment), state: verdict.state };
            return { entry, passedOver, keyChanged: false };
        }
        if (list.length < DEPLOYMENTS_PER_PAGE)
            return { entry: undefined, passedOver, keyChanged: otherKey };
    }
    throw new RecordApiError(0, `the newest ${RECORD_PAGES * DEPLOYMENTS_PER_PAGE} deployments of '${environment}' all carry no proof of the ` +
        "service's key, so its record cannot be found among them");
}
/**
 * The record an earlier version of the action kept under `environment`, which carried no proof: the newest
 * deployment the Actions bot created, with the state its own newest status gives it. Read once, to carry it over.
 */
async function readLegacyRecord(store, environment) {
    const list = await deploymentsPage(store, environment, 1);
    const ours = list.find((entry) => isActionsBot(field(entry, 'creator')));
    if (ours === undefined)
        return undefined;
    const entry = entryOf(ours);
    const statuses = await request(store, 'GET', `${repoPath(store)}/deployments/${entry.id}/statuses?per_page=100`);
    if (!Array.isArray(statuses))
        throw new RecordApiError(200, 'the list of deployment statuses is not a list');
    const state = field(statuses.find((status) => isActionsBot(field(status, 'creator'))), 'state');
    return { ...entry, state: typeof state === 'string' ? state : undefined };
}
async function deploymentsPage(store, environment, page) {
    const query = `environment=${encodeURIComponent(environment)}&task=${RECORD_TASK}&per_page=${DEPLOYMENTS_PER_PAGE}`;
    const list = await request(store, 'GET', `${repoPath(store)}/deployments?${query}&page=${page}`);
    if (!Array.isArray(list))
        throw new RecordApiError(200, 'the list of deployments is not a list');
    return list;
}
function entryOf(deployment) {
    const id = field(deployment, 'id');
    const sha = field(deployment, 'sha');
    if (typeof id !== 'number' || typeof sha !== 'string' || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha))
        throw new RecordApiError(200, 'a deployment names no id or commit');
    return { id, sha, state: undefined, payload: field(deployment, 'payload') };
}
function creatorLogin(deployment) {
    const login = field(field(deployment, 'creator'), 'login');
    return typeof login === 'string' ? login : 'an unnamed creator';
}
/** Creates the run's deployment, its proof in its payload, and its status. */
async function writeRecord(store, record) {
    const { status, data: deployment } = await answerOf(store, 'POST', `${repoPath(store)}/deployments`, {
        ref: record.sha,
        task: RECORD_TASK,
        environment: record.environment,
        payload: record.payload,
        description: record.description.slice(0, DESCRIPTION_LIMIT),
        // A record is no deploy: no merge of the default branch into the ref, no wait for the commit's checks.
        auto_merge: false,
        required_contexts: [],
        production_environment: false,
        transient_environment: false,
    });
    const id = field(deployment, 'id');
    if (typeof id !== 'number') {
        // 202: GitHub merged the default branch into the ref, or refused to, instead of creating a deployment.
        const message = field(deployment, 'message');
        const said = typeof message === 'string' ? `: ${(0,_shown_shown_js__WEBPACK_IMPORTED_MODULE_5__/* .quote */ .hD)(message.slice(0, 200))}` : '';
        throw new RecordApiError(status, `POST /deployments answered ${status} with no deployment${said}`);
    }
    await request(store, 'POST', `${repoPath(store)}/deployments/${id}/statuses`, {
        state: record.state,
        description: record.description.slice(0, DESCRIPTION_LIMIT),
        log_url: record.logUrl,
        // Earlier records stay as they were: a success of this run must not turn the last one inactive.
        auto_inactive: false,
    });
}
function isActionsBot(creator) {
    return field(creator, 'login') === ACTIONS_BOT_LOGIN && field(creator, 'type') === 'Bot';
}
function field(value, key) {
    return typeof value === 'object' && value !== null ? value[key] : undefined;
}
function repoPath(store) {
    const [owner = '', repo = ''] = store.repository.split('/');
    return `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}
// One client per store: a run reads and writes through it a few times.
const clients = new WeakMap();
async function request(store, method, path, body) {
    return (await answerOf(store, method, path, body)).data;
}
async function answerOf(store, method, path, body) {
    let client = clients.get(store);
    if (client === undefined) {
        client = (0,_api_js__WEBPACK_IMPORTED_MODULE_1__/* .boundedOctokit */ .Xs)(store, store, MAX_RECORD_ANSWER_BYTES);
        clients.set(store, client);
    }
    const octokit = await client;
    try {
        // octokit drops an option set to undefined: a GET sends no body.
        const answer = await octokit.request({ method, url: path, data: body });
        return { status: answer.status, data: answer.data };
    }
    catch (error) {
        if (store.signal?.aborted === true)
            throw new RecordApiError(0, 'the run was cancelled');
        if ((0,_mechanics_causes_js__WEBPACK_IMPORTED_MODULE_0__/* .isTimeout */ .k)(error))
            throw new RecordApiError(0, `no answer within ${store.timeoutMs / 1000} s`);
        if (error instanceof _request_failed_js__WEBPACK_IMPORTED_MODULE_2__/* .GithubRequestFailed */ .ep)
            throw new RecordApiError(error.status ?? 0, error.message, error.rateLimitWaitS);
        throw new RecordApiError(0, (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_6__/* .errorMessage */ .g)(error));
    }
}


/***/ }),

/***/ 744:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ PERMISSION_LINES)
/* harmony export */ });
/* unused harmony export RECORD_PERMISSION */
/** The permission catch-up needs of the workflow's token: it reads and writes the record (deployments). */
const RECORD_PERMISSION = 'deployments: write';
/** The line a workflow adds (to the job, or the workflow) so that catch-up can read and write the record. */
const PERMISSION_LINES = `permissions: { contents: read, ${RECORD_PERMISSION} }`;


/***/ }),

/***/ 8402:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ recordProblem)
/* harmony export */ });
/* harmony import */ var _mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1411);
/* harmony import */ var _deployments_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9268);
/* harmony import */ var _record_permission_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(744);



/**
 * Why a request about the record failed: a rate limit as a rate limit, with the time to wait; a refusal naming the
 * permission to add.
 */
function recordProblem(error, what) {
    const reason = (0,_mechanics_error_message_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .g)(error);
    const status = error instanceof _deployments_js__WEBPACK_IMPORTED_MODULE_0__/* .RecordApiError */ .gG ? error.status : 0;
    const wait = error instanceof _deployments_js__WEBPACK_IMPORTED_MODULE_0__/* .RecordApiError */ .gG ? error.rateLimitWaitS : undefined;
    // A failed request names itself and what came back; the record's own checks (a list that is not one) do not.
    const said = status === 0 || reason.includes(` answered ${status}`) ? reason : `GitHub answered ${status}: ${reason}`;
    if (wait !== undefined)
        return (`${said}, a rate limit: it takes requests again in about ` +
            (wait < 90 ? `${wait} s` : `${Math.round(wait / 60)} min`));
    if (status === 403 || status === 404)
        return `${said}: the token may not ${what} deployments; add \`${_record_permission_js__WEBPACK_IMPORTED_MODULE_2__/* .PERMISSION_LINES */ .Q}\``;
    return said;
}


/***/ }),

/***/ 8531:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ah: () => (/* binding */ NameNotUtf8),
/* harmony export */   D3: () => (/* binding */ commitOf),
/* harmony export */   WL: () => (/* binding */ resolveCommit),
/* harmony export */   Z4: () => (/* binding */ gitBytesIn),
/* harmony export */   fE: () => (/* binding */ isShallow),
/* harmony export */   tH: () => (/* binding */ FETCH),
/* harmony export */   uM: () => (/* binding */ gitIn)
/* harmony export */ });
/* unused harmony exports GIT_SAFETY, GIT_TIMEOUT_MS */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9734);
/** Git, run safely (no shell, no program the checkout names, bounded in time), and the commits it resolves. */


/**
 * Before every command: git starts no program that the checkout names. Its .git/config may have been written by an
 * earlier step of the job, and git runs many settings as programs (git-config(1)): the file system monitor (on a
 * fetch into a shallow clone, too), hooks (a fetch runs reference-transaction), a pager, an external diff, the
 * command listing an alternate's refs, a proxy for git://, the ssh command, an askpass and credential helpers
 * (asked when an origin wants a password), transports that run a command (ext::, remote helpers), and a background
 * gc or maintenance after a fetch. Settings given with -c win over every config file: each is set to do nothing,
 * or to git's own program. A credential a fetch needs must come with the URL's configuration, as actions/checkout
 * gives its token (http.extraheader); an ssh origin is reached with the runner's own `ssh` and keys.
 *
 * Not set here, as no command the action runs reads them: diff drivers (`diff.<driver>.textconv`, `.command`) and
 * filters (`filter.<driver>.*`) named by .gitattributes, which only a diff of contents or a checkout run
 * (`--no-textconv` and `--no-ext-diff` are on the diff all the same); editors; gpg (no command verifies a
 * signature, and `log.showSignature` is off). Each is tested not to run.
 */
const GIT_SAFETY = [
    '--no-pager',
    ...[
        'core.fsmonitor=false',
        'core.hooksPath=/dev/null',
        'diff.external=',
        // The refs of an alternate are then listed by git itself.
        'core.alternateRefsCommand=',
        'core.askPass=',
        // An empty helper empties the list of helpers that the config files gave.
        'credential.helper=',
        'core.sshCommand=ssh -o BatchMode=yes',
        'log.showSignature=false',
        // Only the transports of git itself: not ext:: (a command), nor a remote helper (git-remote-<name>).
        'protocol.allow=never',
        ...['file', 'git', 'http', 'https', 'ssh'].map((scheme) => `protocol.${scheme}.allow=always`),
        'gc.auto=0',
        'maintenance.auto=false',
    ].flatMap((setting) => ['-c', setting]),
];
/**
 * A fetch from origin: no tags, no submodules, and the standard upload-pack, set here because for
 * remote.origin.uploadpack (the program a local or ssh fetch runs) the first setting found wins, not the last.
 */
const FETCH = [
    'fetch',
    '--quiet',
    '--no-tags',
    '--no-recurse-submodules',
    '--upload-pack=git-upload-pack',
];
/**
 * A git command is ended (SIGTERM) past this: a fetch of one commit's tree from a slow remote fits well within it,
 * and a remote that stopped answering does not hold the run.
 */
const GIT_TIMEOUT_MS = 5 * 60_000;
// Names are read from output only, as NUL-separated bytes; 100,000 paths fit well within this buffer.
const TEXT_OUTPUT_BYTES = 512 * 1024 * 1024;
function gitIn(workspace, signal) {
    const run = gitBytesIn(workspace, signal);
    return async (args) => {
        const stdout = await run(args, TEXT_OUTPUT_BYTES);
        if (!(0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .isUtf8 */ .c)(stdout))
            throw new NameNotUtf8(args, stdout);
        return stdout.toString('utf8');
    };
}
/**
 * A name in git's output that is not UTF-8 (`caf\xE9.png` committed from Latin-1). A URL names a file by its UTF-8
 * bytes, so decoding it would make up a name (`caf\uFFFD.png`) and invalidate an image that does not exist in place of
 * the real one: the run stops instead, naming it with its bytes shown. Not a reason to ask the GitHub API instead,
 * which would make up the same name.
 */
class NameNotUtf8 extends Error {
    constructor(args, output) {
        const name = fields(output).find((field) => !(0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .isUtf8 */ .c)(field)) ?? output;
        super(`git ${args[0] ?? ''}: the name ${(0,_shown_bytes_js__WEBPACK_IMPORTED_MODULE_1__/* .quoteBytes */ .K)(name)} is not UTF-8 (a byte that is not is shown as \\xHH); a ` +
            "name is requested by its UTF-8 bytes, so one in another encoding maps to no image's URL. Rename the file " +
            'in UTF-8, or list the changed images in files.');
        this.name = 'NameNotUtf8';
    }
}
/** The NUL- or line-separated fields of git's output. */
function fields(output) {
    const found = [];
    let start = 0;
    for (let i = 0; i <= output.length; i++) {
        if (i === output.length || output[i] === 0 || output[i] === 0x0a) {
            found.push(output.subarray(start, i));
            start = i + 1;
        }
    }
    return found;
}
function gitBytesIn(workspace, signal) {
    return (args, maxBytes) => new Promise((resolve, reject) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('git', [...GIT_SAFETY, ...args], {
            cwd: workspace,
            encoding: 'buffer',
            maxBuffer: maxBytes,
            env: gitEnvironment(),
            timeout: GIT_TIMEOUT_MS,
            signal,
        }, (error, stdout, stderr) => {
            if (error === null)
                resolve(stdout);
            else
                reject(new Error(`git ${args.join(' ')}: ${stderr.toString('utf8').trim() || error.message}`, {
                    cause: error,
                }));
        });
    });
}
async function resolveCommit(ref, git) {
    try {
        return (await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).trim();
    }
    catch {
        return undefined;
    }
}
/** The full SHA of a commit the checkout has, fetching it when it lacks it. */
async function commitOf(ref, git) {
    const present = await resolveCommit(ref, git);
    if (present !== undefined)
        return present;
    // Depth 1 only where the checkout is shallow already: a complete clone must stay complete for later steps.
    const depth = (await isShallow(git)) ? ['--depth=1'] : [];
    await git([...FETCH, ...depth, '--end-of-options', 'origin', ref]);
    // A name fetched this way is not stored under its ref: FETCH_HEAD holds it.
    return ((await resolveCommit(ref, git)) ?? (await git(['rev-parse', '--verify', 'FETCH_HEAD^{commit}'])).trim());
}
async function isShallow(git) {
    return (await git(['rev-parse', '--is-shallow-repository'])).trim() === 'true';
}
/**
 * Variables that name a program for git to run, or that ssh runs: removed, or set empty where an empty value is
 * what turns them off (an empty GIT_ASKPASS also hides core.askPass and SSH_ASKPASS; an empty GIT_PROXY_COMMAND
 * hides every core.gitProxy).
 */
const PROGRAM_VARIABLES = {
    GIT_ASKPASS: '',
    SSH_ASKPASS: undefined,
    SSH_ASKPASS_REQUIRE: 'never',
    GIT_PROXY_COMMAND: '',
    GIT_SSH: undefined,
    GIT_SSH_COMMAND: undefined,
    GIT_EXTERNAL_DIFF: undefined,
    GIT_PAGER: undefined,
    PAGER: undefined,
    GIT_EDITOR: undefined,
    GIT_SEQUENCE_EDITOR: undefined,
};
/**
 * The environment git and what it starts (the ssh client, the upload-pack of a local fetch) run in: without the
 * inputs and the command's variables, which hold the Root key and the GitHub token, and without PROGRAM_VARIABLES.
 */
function gitEnvironment() {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(?:INPUT_|IMAGE_CACHE_)/i.test(name) && !(name.toUpperCase() in PROGRAM_VARIABLES)));
    for (const [name, value] of Object.entries(PROGRAM_VARIABLES))
        if (value !== undefined)
            env[name] = value;
    return { ...env, GIT_TERMINAL_PROMPT: '0' };
}


/***/ }),

/***/ 9734:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ quoteBytes),
/* harmony export */   c: () => (/* reexport safe */ node_buffer__WEBPACK_IMPORTED_MODULE_0__.isUtf8)
/* harmony export */ });
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4573);
/* harmony import */ var node_buffer__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_buffer__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Names as bytes: a file name on Linux is any bytes but '/' and NUL, and a list file or git may hand over one that is
 * not UTF-8 (`caf\xE9.png` in Latin-1). Decoding such bytes as UTF-8 makes up a name (`caf\uFFFD.png`) that is
 * not the file; these show the bytes as they are instead. A leaf: it imports nothing of the run.
 */


// Each byte that is not part of a UTF-8 sequence is decoded to a lone surrogate U+DC80..U+DCFF (as Python's
// surrogateescape does): valid UTF-8 never decodes to a lone surrogate, so the mark is unambiguous.
const ESCAPE_BASE = 0xdc00;
/**
 * A name as it appears in a message, like `quote()`: double-quoted, JSON-escaped and cut short at 200 characters;
 * its UTF-8 text as it reads, and each byte that is not UTF-8 as `\xHH` (`"caf\xE9.png"`).
 */
function quoteBytes(bytes) {
    const text = decodeEscaped(bytes);
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    // JSON.stringify writes a lone surrogate as `\udcXX`; after an even run of backslashes it is that escape.
    return JSON.stringify(shown).replace(/(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])/g, (_, backslashes, hex) => `${backslashes}\\x${hex.toUpperCase()}`);
}
/** UTF-8 decoded strictly: every byte of an ill-formed sequence (RFC 3629) becomes U+DC80 + its value. */
function decodeEscaped(bytes) {
    let text = '';
    let i = 0;
    while (i < bytes.length) {
        const length = sequenceLength(bytes, i);
        if (length === 0) {
            text += String.fromCharCode(ESCAPE_BASE + (bytes[i] ?? 0));
            i++;
        }
        else {
            text += Buffer.from(bytes.subarray(i, i + length)).toString('utf8');
            i += length;
        }
    }
    return text;
}
/** The length of the well-formed UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceLength(bytes, i) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80)
        return 1;
    const shape = sequenceShape(lead);
    if (shape === undefined || i + shape.length > bytes.length)
        return 0;
    const second = bytes[i + 1] ?? 0;
    if (second < shape.low || second > shape.high)
        return 0;
    for (let k = 2; k < shape.length; k++) {
        const next = bytes[i + k] ?? 0;
        if (next < 0x80 || next > 0xbf)
            return 0;
    }
    return shape.length;
}
/**
 * What a lead byte starts: the sequence's length and the range of its second byte, which rules out overlong forms,
 * surrogates and code points past U+10FFFF (RFC 3629's table of well-formed sequences).
 */
function sequenceShape(lead) {
    if (lead >= 0xc2 && lead <= 0xdf)
        return { length: 2, low: 0x80, high: 0xbf };
    if (lead === 0xe0)
        return { length: 3, low: 0xa0, high: 0xbf };
    if (lead === 0xed)
        return { length: 3, low: 0x80, high: 0x9f };
    if (lead >= 0xe1 && lead <= 0xef)
        return { length: 3, low: 0x80, high: 0xbf };
    if (lead === 0xf0)
        return { length: 4, low: 0x90, high: 0xbf };
    if (lead >= 0xf1 && lead <= 0xf3)
        return { length: 4, low: 0x80, high: 0xbf };
    if (lead === 0xf4)
        return { length: 4, low: 0x80, high: 0x8f };
    return undefined;
}


/***/ })

};
